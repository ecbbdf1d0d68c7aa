package bench

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/snakesladders/snakes"
)

// This file times the solves on boards whose jumps are short, and checks
// their answers agree.

// shortGrid returns an n×n grid with a jump on about density of its squares,
// snakes with chance snakes, each jump ending within reach squares of its
// start (a punishing but ordinary level), from a fixed seed.
func shortGrid(n int, density, snakes float64, reach int, seed uint64) [][]int {
	rng := rand.New(rand.NewPCG(seed, uint64(n*reach)))
	last := n * n
	flat := make([]int, last+1)
	for s := 2; s < last; s++ {
		flat[s] = -1
		if rng.Float64() >= density {
			continue
		}
		d := 1 + rng.IntN(reach)
		if rng.Float64() < snakes {
			flat[s] = max(s-d, 1)
		} else {
			flat[s] = min(s+d, last)
		}
	}
	flat[1], flat[last] = -1, -1
	grid := make([][]int, n)
	for r := range grid {
		grid[r] = make([]int, n)
	}
	for s := 1; s <= last; s++ {
		i, k := (s-1)/n, (s-1)%n
		if i%2 == 1 {
			k = n - 1 - k
		}
		grid[n-1-i][k] = flat[s]
	}
	return grid
}

// shortBoards are the short-jump 100×100 boards of the README's table.
var shortBoards = []struct {
	density, snakes float64
	reach           int
}{
	{0.2, 0.7, 50},
	{0.3, 0.7, 100},
	{0.4, 0.7, 300},
	{0.6, 0.7, 300},
	{0.8, 0.7, 300},
}

// BenchmarkShortJumps times ExpectedTurns, Variance, Visits and
// ExpectedFrom on 100×100 boards whose jumps are all short: the banded
// elimination's boards.
func BenchmarkShortJumps(b *testing.B) {
	for _, sb := range shortBoards {
		bd := mustBoard(b, shortGrid(100, sb.density, sb.snakes, sb.reach, 1))
		name := fmt.Sprintf("jumps=%g%%/within=%d", 100*sb.density, sb.reach)
		e, err := snakes.Rules{}.ExpectedTurns(bd)
		if err != nil {
			b.Fatalf("%s: %v", name, err)
		}
		for _, call := range []struct {
			name string
			f    func() error
		}{
			{"ExpectedTurns", func() error { _, err := snakes.Rules{}.ExpectedTurns(bd); return err }},
			{"Variance", func() error { _, err := snakes.Rules{}.Variance(bd); return err }},
			{"Visits", func() error { _, err := snakes.Rules{}.Visits(bd); return err }},
			{"ExpectedFrom", func() error { _, err := snakes.Rules{}.ExpectedFrom(bd); return err }},
		} {
			b.Run(name+"/"+call.name, func(b *testing.B) {
				for b.Loop() {
					if err := call.f(); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(e, "turns")
			})
		}
	}
}

// TestShortJumpsAgree checks, on the smallest short-jump board, that the
// banded elimination's expected length matches the visits' sum (two
// different solves of the same equations) to 1e-9.
func TestShortJumpsAgree(t *testing.T) {
	checkVisitsSum(t, shortGrid(100, 0.2, 0.7, 50, 1))
}

// TestShortJumpsWithLongOnes: a short-jump board with one long ladder and
// one long snake is still solved by the banded elimination (its windows
// widen only the rows the long jumps touch), to the same answer by the
// expected turns and the visits' sum.
func TestShortJumpsWithLongOnes(t *testing.T) {
	grid := shortGrid(100, 0.2, 0.7, 50, 1)
	grid[99][1] = 9000 // a ladder from square 2 to 9000
	grid[50][3] = 3    // a snake from square 4997 to 3
	if d := checkVisitsSum(t, grid); d > 10*time.Second {
		t.Fatalf("took %v", d)
	}
}

// checkVisitsSum checks that ExpectedTurns of grid equals the sum of its
// Visits to 1e-9, and returns the time both took.
func checkVisitsSum(t *testing.T, grid [][]int) time.Duration {
	t.Helper()
	bd := mustBoard(t, grid)
	r := snakes.Rules{}
	start := time.Now()
	e, err := r.ExpectedTurns(bd)
	if err != nil {
		t.Fatal(err)
	}
	visits, err := r.Visits(bd)
	if err != nil {
		t.Fatal(err)
	}
	sum := 0.0
	for _, v := range visits {
		sum += v
	}
	if d := sum - e; d > 1e-9*e || d < -1e-9*e {
		t.Fatalf("ExpectedTurns %.17g, visits sum to %.17g", e, sum)
	}
	took := time.Since(start)
	t.Logf("expected %.6g turns, %v", e, took)
	return took
}
