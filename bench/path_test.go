package bench

import (
	"fmt"
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/snakesladders/snakes"
)

// This file times ShortestPath beside MinRolls on boards of 10⁶ to 10⁸
// squares.

// BenchmarkPathScale times ShortestPath beside MinRolls on the same board,
// in the same run, from 10⁶ to 10⁸ squares with 1% random jumps: the path
// comes from the search both ways (pathboth.go), at the cost of what it
// touches. Each figure is a steady-state call: the board's reverse index
// is built by an untimed call first. Under -short only 10⁶ squares.
func BenchmarkPathScale(b *testing.B) {
	ns := []int{1000, 3162, 10000}
	if testing.Short() {
		ns = ns[:1] // 10⁸ squares take a gigabyte to build
	}
	for _, n := range ns {
		bd := mustBoard(b, randomGrid(n, 0.01, 1))
		if _, ok := snakes.ShortestPath(bd); !ok {
			b.Fatalf("%d×%d: no path", n, n)
		}
		for _, call := range []struct {
			name string
			f    func()
		}{
			{"MinRolls", func() { snakes.MinRolls(bd) }},
			{"ShortestPath", func() { snakes.ShortestPath(bd) }},
		} {
			b.Run(fmt.Sprintf("%dx%d/%s", n, n, call.name), func(b *testing.B) {
				peak := heapFor(call.f)
				b.ResetTimer()
				for b.Loop() {
					call.f()
				}
				b.ReportMetric(float64(peak), "heapB")
			})
		}
		bd = nil
		runtime.GC()
	}
}

// BenchmarkPathSeeds times ShortestPath beside MinRolls on 10⁸-square
// boards of 1% random jumps from five seeds, the two called in turn in
// every iteration, and reports each seed's ratio (x/MinRolls) and, in the
// last sub-benchmark, their median. Under -short the boards have 10⁶
// squares.
func BenchmarkPathSeeds(b *testing.B) {
	n := 10000
	if testing.Short() {
		n = 1000
	}
	ratios := make([]float64, 5)
	for seed := uint64(1); seed <= 5; seed++ {
		bd := mustBoard(b, randomGrid(n, 0.01, seed))
		if _, ok := snakes.ShortestPath(bd); !ok { // builds the reverse index, untimed
			b.Fatalf("seed %d: no path", seed)
		}
		b.Run(fmt.Sprintf("%dx%d/seed=%d", n, n, seed), func(b *testing.B) {
			var path, rolls time.Duration
			for b.Loop() {
				t0 := time.Now()
				snakes.MinRolls(bd)
				t1 := time.Now()
				snakes.ShortestPath(bd)
				rolls, path = rolls+t1.Sub(t0), path+time.Since(t1)
			}
			r := float64(path) / float64(rolls)
			b.ReportMetric(r, "x/MinRolls")
			ratios[seed-1] = r // the last run, of the most calls, stays
			if seed == 5 {
				b.ReportMetric(median(ratios), "median-x/MinRolls")
			}
		})
		bd = nil
		runtime.GC()
	}
}

func median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	return s[len(s)/2]
}
