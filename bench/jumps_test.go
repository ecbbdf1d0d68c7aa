package bench

import (
	"fmt"
	"runtime"
	"testing"

	"github.com/snakesladders/snakes"
)

// This file times Jumps beside ExpectedTurns on large boards.

// BenchmarkJumpsScale times Jumps beside ExpectedTurns on the same board,
// in the same run, on boards of 316×316 and 1000×1000 with 1% random
// jumps: past the structured solve's bounds (477 and 4954 squares that
// moves go back to), where Jumps keeps rows only where it reads them
// (internal/solve/jumps.go). heapB is the heap in use at the peak of one untimed call.
// Under -short only 316×316: the larger board's call takes minutes, past
// MaxWork, so every call runs with a bound of 2³⁷ steps.
func BenchmarkJumpsScale(b *testing.B) {
	r := snakes.Rules{}.WithMaxWork(1 << 37)
	ns := []int{316, 1000}
	if testing.Short() {
		ns = ns[:1]
	}
	for _, n := range ns {
		bd := mustBoard(b, randomGrid(n, 0.01, 1))
		for _, call := range []struct {
			name string
			f    func() error
		}{
			{"ExpectedTurns", func() error { _, err := r.ExpectedTurns(bd); return err }},
			{"Jumps", func() error { _, err := r.Jumps(bd); return err }},
		} {
			b.Run(fmt.Sprintf("%dx%d/%s", n, n, call.name), func(b *testing.B) {
				var err error
				peak := heapFor(func() { err = call.f() })
				if err != nil {
					b.Fatal(err)
				}
				b.ResetTimer()
				for b.Loop() {
					call.f()
				}
				b.ReportMetric(float64(peak), "heapB")
			})
		}
		runtime.GC()
	}
}
