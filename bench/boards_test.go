package bench

import (
	"fmt"
	"testing"

	"github.com/snakesladders/snakes"
	"github.com/snakesladders/snakes/internal/boards"
)

// This file holds the benchmark boards, in the forms the baselines start
// from.

// A board under test, with the forms the baselines start from.
type board struct {
	name    string
	squares int
	rules   snakes.Rules
	grid    [][]int
	b       *snakes.Board
	flat    []int
}

var randomGrid = boards.RandomGrid

func newBoard(tb testing.TB, name string, grid [][]int, rules snakes.Rules) board {
	b, err := snakes.NewBoard(grid)
	if err != nil {
		tb.Fatal(err)
	}
	flat, _ := snakes.Flatten(grid)
	return board{name: name, squares: b.Squares(), rules: rules, grid: grid, b: b, flat: flat}
}

func classic(tb testing.TB) board {
	return newBoard(tb, "classic", snakes.Classic().Grid(), snakes.Rules{StartOffBoard: true})
}

// randomBoards are the random boards of side n at 1% and 10% jumps.
func randomBoards(tb testing.TB, n int) []board {
	var out []board
	for _, density := range []float64{0.01, 0.1} {
		name := fmt.Sprintf("%dx%d/jumps=%g%%", n, n, 100*density)
		out = append(out, newBoard(tb, name, randomGrid(n, density, 1), snakes.Rules{}))
	}
	return out
}
