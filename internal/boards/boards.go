// Package boards holds the boards and baselines that the package's tests
// and the bench module share: random grids from a fixed seed, and the
// seeds' adjacency-list search to compare the library against.
package boards

import "math/rand/v2"

// RandomGrid returns an n×n grid with a jump on about density of its
// squares, each to a uniformly drawn square, from a fixed seed: the same
// grid for the same arguments, on every machine.
func RandomGrid(n int, density float64, seed uint64) [][]int {
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

// AdjacencyMinRolls is the seeds' C++ write-up in Go, per call: a list of
// neighbours for every square of the flattened board (flat[label] is a
// jump's end or -1), then a queue-based breadth-first search from start,
// under LeetCode's rules (a roll of 1..6 that would pass the last square
// is not taken, one jump a roll). It returns -1 when the last square
// cannot be reached.
func AdjacencyMinRolls(flat []int, start int) int {
	last := len(flat) - 1
	next := make([][]int, last+1)
	for v := start; v < last; v++ {
		for t := v + 1; t <= v+6 && t <= last; t++ {
			to := t
			if flat[t] != -1 {
				to = flat[t]
			}
			next[v] = append(next[v], to)
		}
	}
	dist := make([]int, last+1)
	for i := range dist {
		dist[i] = -1
	}
	dist[start] = 0
	for queue := []int{start}; len(queue) > 0; queue = queue[1:] {
		v := queue[0]
		if v == last {
			return dist[v]
		}
		for _, to := range next[v] {
			if dist[to] < 0 {
				dist[to] = dist[v] + 1
				queue = append(queue, to)
			}
		}
	}
	return -1
}

// Loaded returns the weights of a die of faces faces, the first twice as
// likely as each other: as wide as a fair die, but its walks read a table
// of turns, where a fair die's go by intervals.
func Loaded(faces int) []int {
	w := make([]int, faces)
	for i := range w {
		w[i] = 1
	}
	w[0] = 2
	return w
}
