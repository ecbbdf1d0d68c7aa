package snakes

import (
	"context"
	"slices"

	"github.com/snakesladders/snakes/internal/joint"
	"github.com/snakesladders/snakes/internal/model"
)

// This file is a Game's odds: each player's exact chance to win from where
// the game stands, from the race of independent tokens (race.go) or,
// under Bump, from the joint chain of every token (bump.go).

// oddsState is what a Game keeps to answer Odds again: its Analysis (the
// compiled turns, the races kept) and, under Bump, the joint chain.
type oddsState struct {
	a *Analysis
	j *joint.Joint
}

// Odds returns each player's chance to win from the game's state,
// mid-turn included (a player who has thrown Again and will throw again,
// with the run of Again throws so far), exact to within 1e-9 (without
// Bump, within the race's 1e-12). Without Bump, at the start of a turn, it
// is [Rules.WinChancesFrom] of the players' squares in turn order from the
// player to throw, turned back to player order; within a turn it is the
// same race from where the turn can end. Under Bump it reads the solved
// joint chain of every token, solved on the first call (see
// [Rules.WinChances] for its cost); after that each call takes constant
// time. After the game is over the winner's chance is 1. Errors are those
// of WinChancesFrom.
func (gm *Game) Odds() ([]float64, error) { return gm.OddsContext(context.Background()) }

// OddsContext is [Game.Odds] stopped when ctx is done, with an error
// wrapping ctx's: for a server that answers within a budget.
func (gm *Game) OddsContext(ctx context.Context) ([]float64, error) {
	n := gm.players
	out := make([]float64, n)
	if gm.winner >= 0 {
		out[gm.winner] = 1
		return out, nil
	}
	if gm.odds == nil {
		a, err := gm.r.analysis(gm.b)
		if err != nil {
			return nil, err
		}
		gm.odds = &oddsState{a: a}
	}
	order := make([]int32, n) // squares from the player to throw on
	for i := range order {
		order[i] = gm.squares[(gm.player+i)%n]
	}
	var rel []float64 // chances in that order
	switch {
	case gm.r.Bump && n > 1:
		if gm.odds.j == nil {
			j, err := joint.NewJoint(ctx, &gm.g, n, false)
			if err != nil {
				return nil, err
			}
			gm.odds.j = j
		}
		rel = gm.odds.j.At(gm.odds.j.Win, order, int(gm.run), gm.from)
	case gm.run == 0:
		squares := make([]int, n)
		for i, s := range order {
			squares[i] = int(s)
		}
		var err error
		if rel, err = gm.odds.a.WinChancesFrom(ctx, squares); err != nil {
			return nil, err
		}
	default:
		var err error
		if rel, err = gm.midTurn(ctx, order); err != nil {
			return nil, err
		}
	}
	for i, p := range rel {
		out[(gm.player+i)%n] = p
	}
	return out, nil
}

// midTurn is Odds, in turn order from the player to throw, within a turn
// of Again throws and without Bump: the turn ends on a square at random,
// or finishes; from each square it can end on, the others move first and
// the player to throw last, independent of one another.
func (gm *Game) midTurn(ctx context.Context, order []int32) ([]float64, error) {
	g, n := &gm.g, gm.players
	finish, ends := restOfTurn(g, order[0], gm.run, gm.from)
	rel := make([]float64, n)
	rel[0] = finish
	for s, p := range ends {
		if p == 0 {
			continue
		}
		squares := make([]int, n)
		for i := 1; i < n; i++ {
			squares[i-1] = int(order[i])
		}
		squares[n-1] = s
		wins, err := gm.odds.a.WinChancesFrom(ctx, squares)
		if err != nil {
			return nil, err
		}
		for i := 1; i < n; i++ {
			rel[i] += p * wins[i-1]
		}
		rel[0] += p * wins[n-1]
	}
	return rel, nil
}

// restOfTurn follows the rest of a turn that began on from and stands on
// u after run throws: the chance it reaches the last square, and the
// chance it ends on each square. The throws of Again all show one total,
// so the turn goes on along one chain of squares, each step with Again's
// chance; without a limit a chain that comes round again is followed
// until what is left of it is below turnTiny.
func restOfTurn(g *model.Game, u, run, from int32) (finish float64, ends []float64) {
	ends = make([]float64, g.Last+1)
	reach := 1.0
	for k := run; reach > model.TurnTiny || g.Limit > 0; { // a limited run to its limit, as turn.go follows it
		for t := g.Dice.Lo; t <= g.Dice.Hi; t++ {
			w := g.Dice.Weight(t) / g.Dice.Den
			if w == 0 || t == g.Again {
				continue
			}
			if _, to := g.ThrowFrom(u, t); to == g.Last {
				finish += reach * w
			} else {
				ends[to] += reach * w
			}
		}
		a := g.Dice.Weight(g.Again) / g.Dice.Den
		if a == 0 {
			break
		}
		if k++; g.Limit > 0 && k == g.Limit {
			ends[g.VoidTo(from)] += reach * a
			break
		}
		_, to := g.ThrowFrom(u, g.Again)
		if to == g.Last {
			finish += reach * a
			break
		}
		reach *= a
		u = to
	}
	return finish, slices.Clip(ends)
}
