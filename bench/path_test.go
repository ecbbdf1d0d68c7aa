package bench

import (
	"fmt"
	"runtime"
	"testing"

	"github.com/snakesladders/snakes"
)

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
