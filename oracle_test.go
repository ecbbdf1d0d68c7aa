package snakes

import "pgregory.net/rapid"

// This file holds the test's own, independent model of a board: its own
// numbering and a Bellman-Ford relaxation in place of breadth-first search.
// Nothing here calls the package's code, so agreement means something.

// refFlat numbers grid by walking rows upwards from the bottom, alternating
// direction, and returns label→destination with index 0 unused.
func refFlat(grid [][]int) []int {
	n := len(grid)
	flat := []int{-1}
	for i := 0; i < n; i++ {
		row := grid[n-1-i]
		for k := 0; k < n; k++ {
			c := k
			if i%2 == 1 {
				c = n - 1 - k
			}
			flat = append(flat, row[c])
		}
	}
	return flat
}

// refDist relaxes every move until nothing changes and returns the fewest
// rolls to each square under LeetCode's rules (-1 where none).
func refDist(flat []int) []int {
	last := len(flat) - 1
	dist := make([]int, len(flat))
	for i := range dist {
		dist[i] = -1
	}
	dist[1] = 0
	for changed := true; changed; {
		changed = false
		for v := 1; v <= last; v++ {
			if dist[v] < 0 {
				continue
			}
			for t := v + 1; t <= v+6 && t <= last; t++ {
				to := t
				if flat[t] != -1 {
					to = flat[t]
				}
				if dist[to] < 0 || dist[v]+1 < dist[to] {
					dist[to] = dist[v] + 1
					changed = true
				}
			}
		}
	}
	return dist
}

// genGrid draws a valid n×n grid with n in lo..hi and a jump on each square
// (other than the last) with a drawn probability from none to nearly all.
func genGrid(lo, hi int) *rapid.Generator[[][]int] {
	return rapid.Custom(func(t *rapid.T) [][]int {
		n := rapid.IntRange(lo, hi).Draw(t, "n")
		density := rapid.IntRange(0, 100).Draw(t, "density%")
		last := n * n
		grid := make([][]int, n)
		for r := range grid {
			grid[r] = make([]int, n)
			for c := range grid[r] {
				grid[r][c] = -1
			}
		}
		for label := 1; label < last; label++ {
			if rapid.IntRange(0, 99).Draw(t, "p") < density {
				// refFlat's walk, inverted: label → (row, col).
				i, k := (label-1)/n, (label-1)%n
				if i%2 == 1 {
					k = n - 1 - k
				}
				grid[n-1-i][k] = rapid.IntRange(1, last).Draw(t, "to")
			}
		}
		return grid
	})
}
