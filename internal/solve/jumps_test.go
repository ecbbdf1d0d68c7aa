package solve

// This file tests the refinement of the expected turns that Jumps ranks
// its doubtful jumps with, against the exact expectation.

import (
	"math"
	"math/big"
	"testing"

	"github.com/snakesladders/snakes/internal/boards"
	"github.com/snakesladders/snakes/internal/grid"
	"github.com/snakesladders/snakes/internal/model"
)

// TestRefinedWithinItsBound: on random boards of 6×6 to 20×20, one step of
// refinement leaves the expected turns from the start within the bound it
// returns of the exact fraction (ExactExpectedTurns), a bound far below
// the solve's own 1e-13, and no further from it than the solve was.
func TestRefinedWithinItsBound(t *testing.T) {
	t.Parallel()
	for seed := uint64(1); seed <= 12; seed++ {
		n := 6 + int(seed)
		flat, err := grid.Flat(boards.RandomGrid(n, 0.15, seed))
		if err != nil {
			t.Fatal(err)
		}
		b := grid.New(n, flat)
		exact, err := ExactExpectedTurns(model.Rules{}, b)
		if err != nil {
			t.Fatal(err)
		}
		f, g, err := Insight(t.Context(), model.Rules{}, b)
		if err != nil {
			t.Fatal(err)
		}
		if err := f.solveValues(); err != nil {
			t.Fatal(err)
		}
		before := f.Values[g.Start]
		out := make([]float64, 1)
		bound := f.refined([]int32{g.Start}, out)
		f.Release()
		e, _ := exact.Float64()
		if bound > 1e-15 {
			t.Errorf("%d×%d board %d: refined to %.3g, want far below the solve's 1e-13", n, n, seed, bound)
		}
		// The difference, in exact arithmetic: float64's would round it away.
		off := func(x float64) float64 {
			d, _ := new(big.Rat).Sub(new(big.Rat).SetFloat64(x), exact).Float64()
			return math.Abs(d)
		}
		if off(out[0]) > bound*e || off(out[0]) > off(before) {
			t.Errorf("%d×%d board %d: refined %.17g (off %.3g, bound %.3g), solved %.17g (off %.3g); exact %s", n, n, seed, out[0], off(out[0]), bound*e, before, off(before), exact.FloatString(20))
		}
	}
}
