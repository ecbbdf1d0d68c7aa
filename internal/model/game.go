package model

import (
	"github.com/snakesladders/snakes/internal/budget"
	"github.com/snakesladders/snakes/internal/errs"
	"github.com/snakesladders/snakes/internal/grid"
)

// This file is the game: a board under a rule set, compiled once, and the
// one place that knows how a throw moves a token (step, land, overshoot).

// A Game is a board under a rule set. It is the one place that knows how a
// throw moves a token: step, land and overshoot; turn.go builds turns of
// throws from them. Hot loops call land for the throws that stay on the
// board and overshoot for the rest, and the word-wise search applies land's
// rule to 64 squares at once through starts.
type Game struct {
	Jumps  []int32  // landing square → where the throw ends; -1 when it ends there
	Starts []uint64 // bitset of the squares where jumps is not -1
	Last   int32    // the last square, n²
	Faces  int32    // the largest total a throw can show: the die's faces, for one die
	Over   Overshoot
	Start  int32 // 0 or 1

	Dice    Dice  // what a throw can show, with what chance
	Enter   int32 // the total that brings a token onto the board, or 0
	Again   int32 // the total that throws again, or 0
	Limit   int32 // the run of again throws that voids a turn, or 0
	ToStart bool  // a voided turn sends the token to the start rather than back
	// Rest is the weight of the totals other than Again: of the throws
	// that end a turn, summed rather than subtracted from dice.den.
	Rest float64

	// Simple is set when a turn is one throw of one fair die: every total
	// 1..faces once in faces. The fast paths serve those games.
	Simple bool
	// Wordwise is set when the totals are every one of 1..faces and every
	// throw can be chosen freely, as the bitset search needs.
	Wordwise bool

	// Board is set when the rules allow searching back from the last square
	// as well: one jump per roll, overshoots stay, a die under 64 faces.
	Board *grid.Squares

	Bump bool // Rules.Bump: only a joint chain of several tokens reads it

	Lim   *Limits       // the call's bounds and thresholds, never nil
	Meter *budget.Meter // the work of the call's solves, when it makes several; else nil
}

// Land returns where a turn ends when a roll puts the token on square t.
func (g *Game) Land(t int32) int32 {
	if d := g.Jumps[t]; d >= 0 {
		return d
	}
	return t
}

// Step returns where a roll of roll puts a token standing on from, before
// (landed) and after (to) any jump. Under Stay an overshooting roll leaves
// both equal to from.
func (g *Game) Step(from, roll int32) (landed, to int32) {
	if t := from + roll; t <= g.Last {
		return t, g.Land(t)
	}
	return g.Beyond(from, roll)
}

// Beyond is step for a roll past the last square.
func (g *Game) Beyond(from, roll int32) (landed, to int32) {
	switch g.Over {
	case Finish:
		return g.Last, g.Last
	case Bounce:
		t := g.bounce(from + roll)
		return t, g.Land(t)
	}
	return from, from
}

// bounce folds a position past the last square back onto the board, as a
// ball between square 1 and the last square would travel.
func (g *Game) bounce(t int32) int32 {
	if g.Last == 1 {
		return 1
	}
	period := 2 * (int64(g.Last) - 1)
	k := (int64(t) - 1) % period
	if k >= int64(g.Last) {
		k = period - k
	}
	return int32(k + 1)
}

// EveryTotal reports whether g's dice can show every total lo..hi.
func (g *Game) EveryTotal() bool {
	for _, n := range g.Dice.N {
		if n <= 0 {
			return false
		}
	}
	return true
}

// Compile validates r and compiles the board of squares sq under it, with
// r's bounds. A nil sq yields a game with no squares, on which no search
// reaches the end.
func Compile(r Rules, sq *grid.Squares) (Game, error) {
	t, err := NewDice(r)
	if err != nil {
		return Game{}, err
	}
	g := Game{Faces: t.Hi, Over: r.Overshoot, Start: 1, Dice: t, Lim: r.Lim, Meter: r.Meter,
		Enter: int32(r.Enter), Again: int32(r.Again), Limit: int32(r.AgainLimit), ToStart: r.OnLimit == BackToStart, Bump: r.Bump}
	if g.Lim == nil {
		g.Lim = &DefaultLimits
	}
	g.Rest = t.Den
	if g.Again != 0 {
		g.Rest = 0
		for s := t.Lo; s <= t.Hi; s++ {
			if s != g.Again {
				g.Rest += t.Weight(s)
			}
		}
	}
	g.Simple = t.N == nil && r.Enter == 0 && r.Again == 0
	g.Wordwise = t.Lo == 1 && r.Enter == 0 && r.AgainLimit == 0 && g.EveryTotal()
	if r.StartOffBoard || r.Enter > 0 {
		g.Start = 0
	}
	if sq == nil || sq.N == 0 {
		g.Last = -1
		return g, nil
	}
	g.Last = int32(sq.N * sq.N)
	g.Jumps, g.Starts = sq.Flat, sq.Starts
	if r.Chain {
		g.Jumps = sq.Chained()
	} else if g.Over == Stay && g.Faces < 64 && g.Wordwise {
		g.Board = sq
	}
	return g, nil
}

// Playable is Compile plus the check that there is a board to play on:
// an error wrapping errs.ErrInvalidBoard when sq has no squares.
func Playable(r Rules, sq *grid.Squares) (Game, error) {
	g, err := Compile(r, sq)
	if err == nil && g.Last < 1 {
		err = errs.Errorf(errs.ErrInvalidBoard, "the board has no squares")
	}
	return g, err
}
