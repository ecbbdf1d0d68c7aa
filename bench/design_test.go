package bench

import (
	"context"
	"fmt"
	"math"
	"testing"
	"time"

	"github.com/snakesladders/snakes"
)

// This file times Design on the targets the docs report.

// designTargets are the designers' targets the README's table reports:
// 10×10 boards with 4 to 8 ladders and snakes, expected lengths from 15 to
// 120 turns.
var designTargets = []struct {
	ladders, snakes int
	turns           float64
}{
	{8, 4, 15}, {6, 4, 18}, {8, 6, 20}, {6, 6, 22}, {4, 4, 25}, {6, 6, 30}, {8, 8, 33}, {4, 6, 36},
	{5, 5, 40}, {6, 8, 45}, {4, 8, 50}, {7, 7, 55}, {5, 7, 60}, {4, 6, 66}, {6, 8, 72}, {4, 8, 80},
	{5, 8, 88}, {4, 7, 95}, {6, 8, 100}, {4, 8, 110}, {5, 8, 115}, {4, 8, 120}, {7, 5, 28}, {5, 6, 48},
}

// BenchmarkDesign runs Design on each target once (run with -benchtime 1x):
// the time to six decimals, or a miss after 60 s, and the expectation found.
func BenchmarkDesign(b *testing.B) {
	for _, tc := range designTargets {
		b.Run(fmt.Sprintf("ladders=%d/snakes=%d/turns=%v", tc.ladders, tc.snakes, tc.turns), func(b *testing.B) {
			spec := snakes.Spec{Size: 10, Ladders: tc.ladders, Snakes: tc.snakes, Turns: tc.turns}
			designOnce(b, spec)
		})
	}
}

// BenchmarkDesignIBM is IBM's Ponder This of February 2020: ten jumps on
// the classic 100-square board, starting off the board, expected length
// 66.978705 to six decimals.
func BenchmarkDesignIBM(b *testing.B) {
	designOnce(b, snakes.Spec{Size: 10, Jumps: 10, Rules: snakes.Rules{StartOffBoard: true}, Turns: 66.978705})
}

func designOnce(b *testing.B, spec snakes.Spec) {
	if testing.Short() {
		b.Skip("a design runs for up to a minute; run without -short")
	}
	for b.Loop() {
		ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
		start := time.Now()
		board, err := snakes.Design(ctx, spec)
		took := time.Since(start)
		cancel()
		e, _ := spec.Rules.ExpectedTurns(board)
		met := 0.0
		if err == nil {
			met = 1
		}
		b.Logf("| %d | %d | %v | %.2f | %.12g | %v |", spec.Ladders+spec.Jumps, spec.Snakes, spec.Turns, took.Seconds(), e, err == nil)
		b.ReportMetric(took.Seconds(), "s")
		b.ReportMetric(e, "turns")
		b.ReportMetric(math.Abs(e-spec.Turns), "miss")
		b.ReportMetric(met, "met")
	}
}
