package bench

// This file times calls that run to the package's bounds (MaxWork and
// Jumps' multiply-adds): how long a call without a context can take here.

import (
	"errors"
	"runtime"
	"runtime/metrics"
	"testing"
	"time"

	"github.com/snakesladders/snakes"
	"github.com/snakesladders/snakes/internal/boards"
)

// BenchmarkBounds times, one call an iteration, calls that the package's
// bounds stop or nearly stop: each engine's slowest case on this machine.
// A refused call reports refused=1; peakB is the most heap one untimed
// call held, sampled every millisecond. Run it with -benchtime 1x: each
// call takes seconds.
func BenchmarkBounds(b *testing.B) {
	if testing.Short() {
		b.Skip("each call takes seconds")
	}
	empty := snakesEvery(b, 100, 0)
	every5 := snakesEvery(b, 100, 5)
	every40 := snakesEvery(b, 100, 40)
	huge := mustBoard(b, randomGrid(1000, 0.1, 1))
	jumpy := mustBoard(b, randomGrid(1000, 0.01, 1))
	emptyHuge := snakesEvery(b, 1000, 0)
	for _, tc := range []struct {
		name string
		call func() error
	}{
		// A die of 8000 faces under Bounce: every square's turn has
		// thousands of ends, so that compiling them is most of the bound,
		// and a pass of GMRES costs as much again.
		{"ExpectedTurns/gmres", func() error {
			_, err := snakes.Rules{Faces: 8000, Overshoot: snakes.Bounce}.ExpectedTurns(empty)
			return err
		}},
		{"Visits/gmres", func() error {
			_, err := snakes.Rules{Faces: 8000, Overshoot: snakes.Bounce}.Visits(empty)
			return err
		}},
		// 250 short snakes under a die of 6000 faces: the structured
		// elimination's rows are over the bound, the band answers; under
		// 13000 faces no solve fits, refused after the compile.
		{"ExpectedTurns/wide-band", func() error {
			_, err := snakes.Rules{Faces: 6000, Overshoot: snakes.Finish}.ExpectedTurns(every40)
			return err
		}},
		{"Variance/wide-band", func() error {
			_, err := snakes.Rules{Faces: 6000, Overshoot: snakes.Finish}.Variance(every40)
			return err
		}},
		{"ExpectedTurns/wide-refused", func() error {
			_, err := snakes.Rules{Faces: 13000, Overshoot: snakes.Finish}.ExpectedTurns(every40)
			return err
		}},
		// The walks of one fair die go by intervals, a turn costing the
		// squares: a race of games of thousands of turns, and a quantile.
		{"WinChances/walk", func() error {
			_, err := snakes.Rules{Faces: 8000, Overshoot: snakes.Bounce}.WinChances(empty, 2)
			return err
		}},
		{"Quantile/walk", func() error {
			_, err := snakes.Rules{Faces: 8000}.Quantile(empty, 0.5)
			return err
		}},
		// A loaded die's walk reads its table of turns, each of thousands
		// of ends: the compile fits, the turns pass the bound.
		{"Quantile/loaded", func() error {
			_, err := snakes.Rules{Weights: boards.Loaded(8000), Overshoot: snakes.Bounce}.Quantile(empty, 0.5)
			return err
		}},
		{"ModeTurns/loaded-finish", func() error {
			_, err := snakes.Rules{Weights: boards.Loaded(8000), Overshoot: snakes.Finish}.ModeTurns(empty)
			return err
		}},
		// Its solves: the compile fits, GMRES's passes do not.
		{"ExpectedTurns/loaded", func() error {
			_, err := snakes.Rules{Weights: boards.Loaded(8000), Overshoot: snakes.Bounce}.ExpectedTurns(empty)
			return err
		}},
		{"Jumps/loaded", func() error {
			_, err := snakes.Rules{Weights: boards.Loaded(8000), Overshoot: snakes.Bounce}.Jumps(empty)
			return err
		}},
		// The same die, a race of twelve players on twelve squares: a
		// track each.
		{"WinChancesFrom/loaded-12", func() error {
			_, err := snakes.Rules{Weights: boards.Loaded(8000), Overshoot: snakes.Bounce}.WinChancesFrom(empty, []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12})
			return err
		}},
		// The same die, a throw of 8000 to enter.
		{"Quantile/enter", func() error {
			_, err := snakes.Rules{Weights: boards.Loaded(8000), Enter: 8000, Overshoot: snakes.Bounce}.Quantile(empty, 0.5)
			return err
		}},
		{"Variance/enter", func() error {
			_, err := snakes.Rules{Weights: boards.Loaded(8000), Enter: 8000, Overshoot: snakes.Bounce}.Variance(empty)
			return err
		}},
		// Another throw on a 1000 of a fair die of 1000 faces: a run of
		// up to 8 throws a turn; with three in a row voiding the turn, or
		// 300 faces, turns of fewer ends.
		{"Quantile/again", func() error {
			_, err := snakes.Rules{Faces: 1000, Again: 1000}.Quantile(empty, 0.5)
			return err
		}},
		{"Quantile/again-limit", func() error {
			_, err := snakes.Rules{Faces: 300, Again: 300, AgainLimit: 3}.Quantile(empty, 0.5)
			return err
		}},
		{"WinChances/again-300", func() error {
			_, err := snakes.Rules{Faces: 300, Again: 300}.WinChances(empty, 2)
			return err
		}},
		// A fair die of 65536 faces on an empty 1000×1000 board: its walk
		// by intervals, 6·10⁶ steps a turn.
		{"Quantile/fair-huge", func() error {
			_, err := snakes.Rules{Faces: 65536}.Quantile(emptyHuge, 0.5)
			return err
		}},
		// A loaded die of 100 faces on the same board: its fewest turns
		// alone, each a pass over 10⁶ squares, pass the bound.
		{"Quantile/long-loaded", func() error {
			_, err := snakes.Rules{Weights: boards.Loaded(100), Overshoot: snakes.Bounce}.Quantile(emptyHuge, 0.5)
			return err
		}},
		// The same die on 10⁶ squares with 1% random jumps, whose ladders
		// make the fewest turns few.
		{"Quantile/jumps-loaded", func() error {
			_, err := snakes.Rules{Weights: boards.Loaded(100), Overshoot: snakes.Bounce}.Quantile(jumpy, 0.5)
			return err
		}},
		// 10⁶ squares, 10% random jumps: each jump's end a cache miss.
		{"ExpectedTurns/huge", func() error {
			_, err := snakes.Rules{}.ExpectedTurns(huge)
			return err
		}},
		{"Quantile/huge", func() error {
			_, err := snakes.Rules{}.Quantile(huge, 0.5)
			return err
		}},
		// The compile at the bound: 10⁴ squares × 13000 throws × 16 steps.
		{"Quantile/compile", func() error {
			_, err := snakes.Rules{Weights: boards.Loaded(13000), Overshoot: snakes.Finish}.Quantile(empty, 0.5)
			return err
		}},
		// Jumps past the structured solve, about 1.2·10¹⁰ multiply-adds of
		// 1.7·10¹⁰: 1999 squares that moves go back to.
		{"Jumps/kept", func() error {
			_, err := snakes.Rules{}.Jumps(every5)
			return err
		}},
		// Square effects: 10⁴ squares of effects on the 10⁶-square board;
		// a 32×32 board whose squares but every sixth give a throw, in
		// exact arithmetic (each turn's places eliminated in fractions);
		// a 100×100 board of snakes every fifth square with effects
		// between, its jumps by fresh solves.
		{"ExpectedTurns/effects-huge", func() error {
			_, err := snakes.Rules{}.ExpectedTurns(withEffects(b, jumpy, 100))
			return err
		}},
		{"ExactExpectedTurns/effects", func() error {
			_, err := snakes.Rules{}.ExactExpectedTurns(withEffects(b, snakesEvery(b, 32, 0), 6))
			return err
		}},
		{"Jumps/effects", func() error {
			_, err := snakes.Rules{}.Jumps(withEffects(b, every5, 7))
			return err
		}},
	} {
		b.Run(tc.name, func(b *testing.B) {
			var err error
			peak := peakFor(func() { err = tc.call() })
			if err != nil && !errors.Is(err, snakes.ErrTooLarge) {
				b.Fatal(err)
			}
			b.ResetTimer()
			for b.Loop() {
				tc.call()
			}
			refused := 0.0
			if err != nil {
				refused = 1
			}
			b.ReportMetric(float64(peak), "peakB")
			b.ReportMetric(refused, "refused")
		})
	}
}

// withEffects returns bd with every step-th square that starts no jump
// giving another throw, and every step-th after those costing a turn.
func withEffects(tb testing.TB, bd *snakes.Board, step int) *snakes.Board {
	effects := map[int]snakes.Effect{}
	for s := 2; s < bd.Squares(); s++ {
		if _, ok := bd.Jump(s); !ok && s%step == 0 {
			effects[s] = snakes.ThrowAgain
		} else if !ok && s%step == 1 {
			effects[s] = snakes.MissTurn
		}
	}
	out, err := bd.WithEffects(effects)
	if err != nil {
		tb.Fatal(err)
	}
	return out
}

// snakesEvery returns an n×n board with a snake 7 squares down from every
// step-th square from square 9 (none for step 0).
func snakesEvery(tb testing.TB, n, step int) *snakes.Board {
	jumps := map[int]int{}
	for s := 9; step > 0 && s < n*n; s += step {
		jumps[s] = s - 7
	}
	bd, err := snakes.FromJumps(n, jumps)
	if err != nil {
		tb.Fatal(err)
	}
	return bd
}

// peakFor runs f and returns the most bytes of heap objects held while it
// ran, above what was held before, sampled every millisecond.
func peakFor(f func()) uint64 {
	runtime.GC()
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	read := func() uint64 { metrics.Read(sample); return sample[0].Value.Uint64() }
	base := read()
	done := make(chan struct{})
	peak := make(chan uint64)
	go func() {
		most := base
		tick := time.NewTicker(time.Millisecond)
		defer tick.Stop()
		for {
			most = max(most, read())
			select {
			case <-done:
				peak <- most - base
				return
			case <-tick.C:
			}
		}
	}()
	f()
	close(done)
	return <-peak
}
