package bench

import (
	"testing"

	"github.com/snakesladders/snakes"
)

// This file times figures of games far longer than a walk could follow.

// snakes43Grid is a 10×10 board of 43 snakes whose game, under
// Rules{Faces: 3, StartOffBoard: true, Overshoot: Bounce}, lasts about
// 2.389e17 turns on average.
var snakes43Grid = [][]int{
	{-1, 1, -1, -1, -1, -1, 1, -1, 58, -1}, {-1, 1, -1, -1, -1, 1, -1, 76, -1, 1}, {7, 1, -1, 7, -1, -1, -1, -1, 62, -1},
	{-1, 35, -1, 1, -1, 17, -1, 1, -1, 43}, {1, -1, 1, -1, -1, -1, -1, 8, 1, -1}, {-1, 40, -1, 25, -1, 22, -1, 25, -1, 1},
	{1, -1, 1, -1, 13, -1, 1, -1, 1, -1}, {-1, 1, -1, 1, -1, 1, -1, 1, -1, 15}, {1, -1, -1, 1, 14, -1, -1, 1, 1, -1},
	{-1, 1, -1, 4, -1, -1, -1, 1, -1, 1},
}

// BenchmarkLongGames times the quantiles, the mode and the report of games
// far too long to follow turn by turn, beside ExpectedTurns of the same
// board in the same run: the classic board with a die whose 1 comes up
// once in 5·10⁹ throws (about 1.57e9 turns), and snakes43Grid (2.4e17).
func BenchmarkLongGames(b *testing.B) {
	for _, tc := range []struct {
		name  string
		board *snakes.Board
		rules snakes.Rules
	}{
		{"classic-loaded", snakes.Classic(), snakes.Rules{StartOffBoard: true, Weights: []int{1, 1e9, 1e9, 1e9, 1e9, 1e9}}},
		{"snakes43", mustBoard(b, snakes43Grid), snakes.Rules{Faces: 3, StartOffBoard: true, Overshoot: snakes.Bounce}},
	} {
		r, bd := tc.rules, tc.board
		for _, call := range []struct {
			name string
			f    func() error
		}{
			{"ExpectedTurns", func() error { _, err := r.ExpectedTurns(bd); return err }},
			{"Median", func() error { _, err := r.MedianTurns(bd); return err }},
			{"Quantile0.9", func() error { _, err := r.Quantile(bd, 0.9); return err }},
			{"Quantile1", func() error { _, err := r.Quantile(bd, 1); return err }},
			{"Mode", func() error { _, err := r.ModeTurns(bd); return err }},
			{"Jumps", func() error { _, err := r.Jumps(bd); return err }},
			{"Report", func() error { _, err := r.Report(bd); return err }},
		} {
			b.Run(tc.name+"/"+call.name, func(b *testing.B) {
				for b.Loop() {
					if err := call.f(); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
