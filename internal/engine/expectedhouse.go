package engine

import (
	"context"

	"github.com/snakesladders/snakes/internal/budget"
	"github.com/snakesladders/snakes/internal/errs"
	"github.com/snakesladders/snakes/internal/linalg"
	"github.com/snakesladders/snakes/internal/model"
)

// This file is ExpectedTurns' structured elimination for every game but
// one fair die. It reads the chain in throw form (chain.go) and a turn as
// run gives it: the links a turn throws from, each ending the turn with
// its totals other than Again. Writing
// every throw of every link into a square's row would cost a row a throw
// (15 under Enter 6, Again 6, AgainLimit 3) and make every square a run of
// Again throws snakes back past an unknown. Instead a square u that some
// run passes gets a second row, S(u): the expected turns left after a
// throw from u that ends the turn, the average over the totals other than
// Again of where it leaves the token. A turn from v then costs one row a
// link, and a link below v (a run that took a snake) is one more unknown,
// S of that square, whatever its throws reach.

// noteHouse numbers the unknowns, from the top of the board down so that a
// row holds only those numbered before its square's lowest move back: the
// squares a throw from some square goes back to, and the squares below the
// start of a turn that a run of Again throws reaches (their S rows, at row
// size+u).
func (x *structured) noteHouse(ctx context.Context, g *model.Game, rest float64) error {
	size := int32(g.Last) + 1
	x.unknownS = linalg.Grow(x.unknownS, int(size))
	for i := range x.unknownS {
		x.unknownS[i] = -1
	}
	for u := g.Last - 1; u >= g.Start; u-- {
		if u&1023 == 0 {
			if err := budget.Stopped(ctx); err != nil {
				return err
			}
		}
		if !x.c.Reached[u] && !x.c.Chained[u] {
			continue
		}
		for _, e := range x.c.Out(u) {
			x.note(u, e.To)
		}
		if !x.c.Reached[u] {
			continue
		}
		links, stop := g.Run(u, x.c.Ts, model.TurnTiny)
		for _, l := range links {
			if l.U < u && rest > 0 && x.unknownS[l.U] < 0 {
				x.unknownS[l.U] = int32(len(x.squares))
				x.squares = append(x.squares, size+l.U)
			}
		}
		if end, ok := g.RunEnd(u, stop); ok {
			x.note(u, end)
		}
	}
	return nil
}

// takeEnds adds to r, a row of square u, the throws ends from u at weight
// f each, and returns the weight of those that leave the token on u and
// of those that move it.
func (x *structured) takeEnds(r []float64, u int32, ends []model.Edge, f float64, width int) (stay, moved float64) {
	for _, e := range ends {
		if e.To == u {
			stay += f * e.N
		} else {
			moved += x.takeTrim(r, u, e.To, f*e.N, width)
		}
	}
	return stay, moved
}

// sweepHouse writes, from the last square down, every reached square's
// expected turns (row u) and every chained square's S (row size+u) in
// terms of the unknowns. rest is the weight of the totals other than
// Again.
func (x *structured) sweepHouse(ctx context.Context, g *model.Game, rest float64, width int) error {
	size := g.Last + 1
	a := g.Dice.Weight(g.Again) // 0 without Again
	last := x.row(g.Last, width)
	clear(last)
	last[1] = 1
	x.hi[g.Last] = 2
	// No look at the context in here, as in sweepFair.
	if err := budget.Stopped(ctx); err != nil {
		return err
	}
	for u := g.Last - 1; u >= g.Start; u-- {
		reached, chained := x.c.Reached[u], x.c.Chained[u] && rest > 0
		if !reached && !chained {
			continue
		}
		ends := x.c.Out(u)
		var s []float64
		var stay, moved float64
		if chained { // S(u), not yet divided by rest nor counting the stays
			s = x.row(size+u, width)
			clear(s)
			stay, moved = x.takeEnds(s, u, ends, 1, width)
			s = s[:lastNonzero(s)]
		}
		if reached {
			r := x.row(u, width)
			clear(r)
			leave := 0.0 // the weight of the turns that leave u, summed
			links, stop := g.Run(u, x.c.Ts, model.TurnTiny)
			for _, l := range links {
				switch {
				case l.U == u && chained:
					linalg.AddScaled(r, s, l.F)
					leave += l.F * moved
				case l.U == u:
					_, m := x.takeEnds(r, u, ends, l.F, width)
					leave += m
				case rest == 0: // every throw is Again: the links end nothing
				case l.U > u:
					sr := size + l.U
					linalg.AddScaled(r, x.row(sr, width)[:x.hi[sr]], l.F*rest)
					leave += l.F * rest
				default:
					r[2+x.unknownS[l.U]] += l.F * rest
					leave += l.F * rest
				}
			}
			if end, ok := g.RunEnd(u, stop); ok {
				leave += x.takeTrim(r, u, end, links[len(links)-1].F*a, width)
			}
			if leave == 0 {
				return errs.Errorf(errs.ErrNeverFinishes, "square %d can be reached, and no turn leaves it", u)
			}
			r[0] += g.Dice.Den // one turn, whatever it does
			scaleRow(r, 1/leave)
			x.hi[u] = lastNonzero(r)
			// A throw from u that leaves the token there ends the turn on
			// u: S(u) counts the expected turns from u for it.
			if chained && stay > 0 {
				s = x.row(size+u, width)[:max(len(s), int(x.hi[u]))]
				linalg.AddScaled(s, r[:x.hi[u]], stay)
			}
		}
		if chained {
			scaleRow(s, 1/rest)
			x.hi[size+u] = max(lastNonzero(s), 2)
		}
	}
	return nil
}

// lastNonzero returns one past the last nonzero column of row r, at least
// 2 (the columns past it are 0, and later rows add r only that far).
func lastNonzero(r []float64) int32 {
	hi := int32(len(r))
	for hi > 2 && r[hi-1] == 0 {
		hi--
	}
	return hi
}

// scaleRow multiplies r by f.
func scaleRow(r []float64, f float64) {
	for k := range r {
		r[k] *= f
	}
}
