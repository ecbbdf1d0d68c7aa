package bench

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/snakesladders/snakes"
)

// A board under test, with the forms the baselines start from.
type board struct {
	name    string
	squares int
	rules   snakes.Rules
	grid    [][]int
	b       *snakes.Board
	flat    []int
}

// randomGrid returns an n×n grid with a jump on about density of its
// squares, each to a uniformly drawn square, from a fixed seed.
func randomGrid(n int, density float64, seed uint64) [][]int {
	rng := rand.New(rand.NewPCG(seed, uint64(n)))
	cells := make([]int, n*n)
	grid := make([][]int, n)
	for r := range grid {
		grid[r] = cells[r*n : (r+1)*n]
		for c := range grid[r] {
			grid[r][c] = -1
			if rng.Float64() < density {
				grid[r][c] = 1 + rng.IntN(n*n)
			}
		}
	}
	grid[0][(n%2)*(n-1)] = -1 // the last square starts no jump
	return grid
}

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
