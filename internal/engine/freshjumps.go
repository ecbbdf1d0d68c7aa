package engine

import (
	"context"
	"errors"
	"math"

	"github.com/snakesladders/snakes/internal/budget"
	"github.com/snakesladders/snakes/internal/errs"
	"github.com/snakesladders/snakes/internal/grid"
	"github.com/snakesladders/snakes/internal/model"
)

// This file gives the jumps' figures by fresh solves, where removing a jump
// is not a change of rank one (Chain, Again).

// freshJumps fills in the figures of each jump where removing one is not a
// change of rank one (under Chain, which reroutes the chains through it,
// or when a turn's throws may take it more than once), after f.solve(nil)
// on the board as it is and visits, the expected turns that start on each
// square: Taken from the throws of those turns, following each landing's
// chain; Effect from a solve of the board without the jump; Chance from a
// solve of the chance to take it, with every throw that takes it made to
// end the game.
func freshJumps(r model.Rules, b *grid.Squares, g *model.Game, f *Fundamental, visits []float64, stats []JumpStats) error {
	flat := b.Flat
	index := map[int32]int{} // jump start → its entry in stats
	for i, js := range stats {
		index[int32(js.From)] = i
	}
	// takes[ℓ]: the jumps a throw landing on ℓ takes, in order.
	takes := make([][]int32, g.Last+1)
	for l := int32(0); l <= g.Last; l++ {
		if flat[l] < 0 || flat[l] == l {
			continue
		}
		if !r.Chain {
			takes[l] = []int32{l}
			continue
		}
		passed := map[int32]bool{l: true}
		for v := l; flat[v] >= 0 && !passed[flat[v]]; v = flat[v] {
			takes[l] = append(takes[l], v)
			passed[flat[v]] = true
		}
	}
	// landed[ℓ]: the expected throws a game that land on ℓ. Sums run in
	// label order, so that every call adds in the same order.
	landed := make([]float64, g.Last+1)
	share := 1 / g.Dice.Den
	ts := new(model.TurnScratch).Fit(int(g.Last) + 1)
	for v := int32(0); v < g.Last; v++ {
		if visits[v] == 0 {
			continue
		}
		p := visits[v] * share
		for _, o := range g.Turn(v, ts, model.TurnTiny) {
			if g.Lands(&o) {
				landed[o.Landed] += p * o.P
			}
		}
	}
	for l, js := range takes {
		for _, v := range js {
			stats[index[v]].Taken += landed[l]
		}
	}
	e := f.Values[g.Start]
	u := make([]float64, g.Last+1)
	for i := range stats {
		js := &stats[i]
		if js.Taken == 0 {
			continue // never landed on: removing it changes nothing
		}
		if err := budget.Stopped(f.Ctx); err != nil {
			return err
		}
		effect, err := EffectWithout(f.Ctx, r, b, js.From, e)
		if err != nil {
			return err
		}
		js.Effect = effect
		// The chance to take it: a game whose throws that take it end on
		// the last square, worth 0, while a turn that does so is worth 1.
		g2 := *g
		g2.Board = nil
		g2.Jumps = make([]int32, len(g.Jumps))
		copy(g2.Jumps, g.Jumps)
		hits := make([]bool, g.Last+1)
		for l, js2 := range takes {
			for _, v := range js2 {
				if v == int32(js.From) {
					hits[l] = true
					g2.Jumps[l] = g.Last
				}
			}
		}
		clear(u)
		for v := int32(0); v < g.Last; v++ {
			for _, o := range g2.Turn(v, ts, model.TurnTiny) {
				if g2.Lands(&o) && hits[o.Landed] {
					u[v] += o.P * share
				}
			}
		}
		g2.Meter = r.Meter
		if err := g2.Spend(g2.CompileWork(), "compiling the board for a jump's chance"); err != nil {
			return err
		}
		h := FundamentalPool.Get().(*Fundamental)
		h.Ctx = f.Ctx
		err = h.Prepare(&g2, true)
		if err == nil {
			err = g2.Spend(StructuredWork(&g2, float64(len(h.sq))), "solving for a jump's chance")
		}
		if err == nil {
			err = h.Solve(u)
		}
		if err != nil {
			h.Release()
			return err
		}
		js.Chance = min(h.Values[g.Start], 1)
		h.Release()
	}
	return nil
}

// EffectWithout is what removing the jump from square from adds to the
// expected length e of b under r, by a solve of the board without it:
// +Inf where that board may never finish.
func EffectWithout(ctx context.Context, r model.Rules, b *grid.Squares, from int, e float64) (float64, error) {
	without := make([]int32, len(b.Flat))
	copy(without, b.Flat)
	without[from] = -1
	e2, err := ExpectedTurns(ctx, r, grid.New(b.N, without))
	switch {
	case err == nil:
		return e2 - e, nil
	case errors.Is(err, errs.ErrNeverFinishes):
		return math.Inf(1), nil
	}
	return 0, err
}
