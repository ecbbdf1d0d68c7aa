package bench

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"runtime/debug"
	"testing"

	"github.com/snakesladders/snakes"
)

// This file times the searches and ExpectedTurns against the baselines,
// from small boards to 10⁸ squares.

// sides are the random boards' sides; 10000×10000 (10⁸ squares) is left out
// under -short.
func sides() []int {
	if testing.Short() {
		return []int{20, 100, 1000}
	}
	return []int{20, 100, 1000, 10000}
}

// BenchmarkMinRolls times the library beside every baseline on the same
// boards. gonum runs up to 10⁴ squares, the seeds' approaches up to 10⁶.
func BenchmarkMinRolls(b *testing.B) {
	boards := []board{classic(b)}
	for _, n := range sides() {
		boards = append(boards, randomBoards(b, n)...)
	}
	for _, bd := range boards {
		run := func(name string, f func() int) {
			b.Run(bd.name+"/"+name, func(b *testing.B) {
				b.ReportAllocs()
				// The first call builds the board's reverse index; it is
				// made before timing starts (b.Loop starts the timer), so
				// that every run, whatever -benchtime, times the same calls.
				// BenchmarkScale times building and the first call.
				f()
				for b.Loop() {
					f()
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(bd.squares), "ns/square")
			})
		}
		run("snakes", func() int { return bd.rules.MinRolls(bd.b) })
		flat32 := make([]int32, len(bd.flat))
		for i, v := range bd.flat {
			flat32[i] = int32(v)
		}
		run("floor", func() int { return int(floor(flat32)) })
		if bd.squares <= 1e6 {
			run("inline", func() int { return inlineMinRolls(bd) })
			run("adjacency", func() int { return adjacencyMinRolls(bd) })
		}
		if bd.squares <= 1e4 {
			g := gonumGraph(bd)
			run("gonumBFS", func() int { return gonumBFS(g, bd) })
			run("gonumBFS+build", func() int { return gonumBFS(gonumGraph(bd), bd) })
			run("gonumDijkstra", func() int { return gonumDijkstra(g, bd) })
		}
		bd.grid, bd.b = nil, nil // let a 10⁸-square board go before the next
	}
}

// BenchmarkScale times building a board from its grid and finding the
// fewest rolls, per square, from 10⁴ to 10⁸ squares, and reports the heap
// that takes per square (the caller's grid not counted).
func BenchmarkScale(b *testing.B) {
	for _, n := range sides()[1:] {
		for _, density := range []float64{0.01, 0.1} {
			grid := randomGrid(n, density, 2)
			squares := float64(n * n)
			b.Run(fmt.Sprintf("%dx%d/jumps=%g%%", n, n, 100*density), func(b *testing.B) {
				peak := heapFor(func() { snakes.MinRolls(mustBoard(b, grid)) })
				runtime.GC() // collect heapFor's board here, not in the timed loop
				b.ResetTimer()
				for b.Loop() {
					snakes.MinRolls(mustBoard(b, grid))
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/squares, "ns/square")
				b.ReportMetric(float64(peak)/squares, "heapB/square")
			})
			grid = nil
			runtime.GC()
		}
	}
}

// heapFor returns the bytes f allocates with the collector off and the
// library's buffer pool emptied: an upper bound on the heap f needs at its
// peak.
func heapFor(f func()) uint64 {
	runtime.GC()
	runtime.GC() // a pooled buffer survives one collection
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	old := debug.SetGCPercent(-1)
	f()
	runtime.ReadMemStats(&after)
	debug.SetGCPercent(old)
	return after.TotalAlloc - before.TotalAlloc
}

func mustBoard(tb testing.TB, grid [][]int) *snakes.Board {
	b, err := snakes.NewBoard(grid)
	if err != nil {
		tb.Fatal(err)
	}
	return b
}

// BenchmarkExpectedTurns times the library's exact expectation beside a
// dense LU solve with gonum.
func BenchmarkExpectedTurns(b *testing.B) {
	for _, bd := range append([]board{classic(b)}, randomBoards(b, 20)...) {
		if _, err := bd.rules.ExpectedTurns(bd.b); err != nil {
			continue
		}
		b.Run(bd.name+"/snakes", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				bd.rules.ExpectedTurns(bd.b)
			}
		})
		b.Run(bd.name+"/gonumLU", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				luExpected(bd)
			}
		})
	}
}

// BenchmarkThroughput is the whole job for a stream of random 10×10 boards:
// validate and build, fewest rolls, expected turns. One goroutine, so its
// boards/s is per core.
func BenchmarkThroughput(b *testing.B) {
	rng := rand.New(rand.NewPCG(3, 4))
	grids := make([][][]int, 1024)
	for i := range grids {
		grids[i] = randomGrid(10, 0.05+0.1*rng.Float64(), uint64(i))
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		bd, err := snakes.NewBoard(grids[i%len(grids)])
		if err != nil {
			b.Fatal(err)
		}
		snakes.MinRolls(bd)
		snakes.Rules{}.ExpectedTurns(bd)
		i++
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "boards/s")
}

// BenchmarkExpectedScale times ExpectedTurns from 10⁴ to 10⁶ squares, per
// square, with the heap one call allocates per square (the board itself not
// counted): the bounded-memory solve's scaling. The 10⁶-square board with
// 10% jumps takes about 11 s, past MaxWork: every row runs with a bound of
// 2³² steps.
func BenchmarkExpectedScale(b *testing.B) {
	r := snakes.Rules{}.WithMaxWork(1 << 32)
	for _, n := range []int{100, 316, 1000} {
		for _, density := range []float64{0.01, 0.1} {
			bd := mustBoard(b, randomGrid(n, density, 1))
			squares := float64(n * n)
			b.Run(fmt.Sprintf("%dx%d/jumps=%g%%", n, n, 100*density), func(b *testing.B) {
				peak := heapFor(func() {
					if _, err := r.ExpectedTurns(bd); err != nil {
						b.Fatal(err)
					}
				})
				runtime.GC()
				b.ResetTimer()
				for b.Loop() {
					r.ExpectedTurns(bd)
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/squares, "ns/square")
				b.ReportMetric(float64(peak)/squares, "heapB/square")
			})
		}
	}
}

// BenchmarkExpectedScaleHouse is BenchmarkExpectedScale under British house
// rules (a six to enter, another throw on a six, three sixes void the
// turn): a turn has up to eighteen ends, and the bounded-memory solve must
// stay bounded. The 10⁶-square board under British rules takes about
// 13 s, past MaxWork: every row runs with a bound of 2³³ steps.
func BenchmarkExpectedScaleHouse(b *testing.B) {
	british := snakes.Rules{Enter: 6, Again: 6, AgainLimit: 3}.WithMaxWork(1 << 33)
	for _, n := range []int{316, 1000} {
		bd := mustBoard(b, randomGrid(n, 0.01, 1))
		squares := float64(n * n)
		for _, tc := range []struct {
			name  string
			rules snakes.Rules
		}{{"fair", snakes.Rules{}.WithMaxWork(1 << 33)}, {"british", british}} {
			b.Run(fmt.Sprintf("%dx%d/%s", n, n, tc.name), func(b *testing.B) {
				peak := heapFor(func() {
					if _, err := tc.rules.ExpectedTurns(bd); err != nil {
						b.Fatal(err)
					}
				})
				runtime.GC()
				b.ResetTimer()
				for b.Loop() {
					tc.rules.ExpectedTurns(bd)
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/squares, "ns/square")
				b.ReportMetric(float64(peak)/squares, "heapB/square")
			})
		}
	}
}
