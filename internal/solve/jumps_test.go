package solve

// This file tests what Jumps adds to the solve: the refinement of the
// expected turns it ranks its doubtful jumps with, against the exact
// expectation, and the replay's lanes against the plain loop.

import (
	"math"
	"math/big"
	"math/rand/v2"
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

// TestLanesDot: replay's written-out sixteen lanes add what the plain loop
// adds, in the same order, to the bit.
func TestLanesDot(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(3, 5))
	for _, nb := range []int{maxBatch} {
		for trial := range 50 {
			m := rng.IntN(40)
			w, src := make([]float64, m), make([]float64, m*nb)
			for k := range w {
				if rng.IntN(3) > 0 {
					w[k] = rng.Float64()
				}
			}
			for i := range src {
				src[i] = rng.Float64() * 1e3
			}
			got, want := make([]float64, nb), make([]float64, nb)
			for j := range got {
				got[j] = rng.Float64()
				want[j] = got[j]
			}
			lanesDot(got, w, src, nb)
			for k, a := range w {
				if a != 0 {
					for j := range want {
						want[j] += a * src[k*nb+j]
					}
				}
			}
			for j := range want {
				if math.Float64bits(got[j]) != math.Float64bits(want[j]) {
					t.Fatalf("%d lanes, trial %d: lane %d %v, the loop %v", nb, trial, j, got[j], want[j])
				}
			}
		}
	}
}
