package snakes

import (
	"context"

	"github.com/snakesladders/snakes/internal/joint"
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
// time. Once someone has finished the winner's chance is 1. Errors are those
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
	order := make([]int32, n) // states from the player to throw on
	for i := range order {
		p := (gm.player + i) % n
		order[i] = gm.odds.a.g.StateOf(gm.squares[p], gm.waiting[p])
	}
	var rel []float64                          // chances in that order
	gm.odds.a.mem.Reset(gm.odds.a.g.Lim.Bytes) // a call of its own, as an Analysis' figure is
	switch {
	case gm.r.Bump && n > 1:
		if gm.odds.j == nil {
			j, err := joint.NewJoint(ctx, &gm.odds.a.g, n, false)
			if err != nil {
				return nil, err
			}
			gm.odds.j = j
		}
		rel = gm.odds.j.At(gm.odds.j.Win, order, gm.mid, int(gm.run), gm.from)
	case !gm.mid:
		squares := make([]int, n)
		for i, s := range order {
			squares[i] = int(s)
		}
		var err error
		if rel, err = gm.odds.a.winsAt(ctx, squares); err != nil {
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
// of several throws and without Bump: the turn ends at random, or
// finishes (model.Game.RestOfTurn); from each state it can end on, the
// others move first and the player to throw last, independent of one
// another.
func (gm *Game) midTurn(ctx context.Context, order []int32) ([]float64, error) {
	g, n := &gm.odds.a.g, gm.players
	finish, ends := g.RestOfTurn(gm.from, order[0], gm.run, nil)
	rel := make([]float64, n)
	rel[0] = finish
	for _, e := range ends {
		s, p := int(e.To), e.N
		squares := make([]int, n)
		for i := 1; i < n; i++ {
			squares[i-1] = int(order[i])
		}
		squares[n-1] = s
		wins, err := gm.odds.a.winsAt(ctx, squares)
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
