package snakes

import (
	"pgregory.net/rapid"
)

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
				r, c := refCell(n, label)
				grid[r][c] = rapid.IntRange(1, last).Draw(t, "to")
			}
		}
		return grid
	})
}

// refCell is refFlat's walk inverted: the row and column of label on an
// n×n grid.
func refCell(n, label int) (row, col int) {
	i, k := (label-1)/n, (label-1)%n
	if i%2 == 1 {
		k = n - 1 - k
	}
	return n - 1 - i, k
}

// refRules is the test's own reading of Rules.
type refRules struct {
	faces    int
	offBoard bool
	over     Overshoot
	chain    bool
	enter    int // a throw of it moves the token off square 0, and no other
	dice     int // thrown at once, each of faces faces; 0 means one
}

// totals returns the lowest and highest total of rr's dice: every one
// between can show.
func (rr refRules) totals() (lo, hi int) {
	n := max(rr.dice, 1)
	return n, n * rr.faces
}

func (rr refRules) rules() Rules {
	f := rr.faces
	if f == 6 {
		f = 0 // the zero value means six; keep both spellings in play
	}
	return Rules{Faces: f, StartOffBoard: rr.offBoard, Overshoot: rr.over, Chain: rr.chain, Enter: rr.enter, Dice: rr.dice}
}

func (rr refRules) start() int {
	if rr.offBoard || rr.enter > 0 {
		return 0
	}
	return 1
}

func genRules() *rapid.Generator[refRules] {
	return rapid.Custom(func(t *rapid.T) refRules {
		return refRules{
			faces:    rapid.IntRange(1, 8).Draw(t, "faces"),
			offBoard: rapid.Bool().Draw(t, "offBoard"),
			over:     Overshoot(rapid.IntRange(0, 2).Draw(t, "overshoot")),
			chain:    rapid.Bool().Draw(t, "chain"),
		}
	})
}

// step moves a token on from by roll: bouncing square by square between the
// ends, following jumps one at a time with a record of the squares passed.
func (rr refRules) step(flat []int, from, roll int) (landed, to int) {
	last := len(flat) - 1
	if from == 0 && rr.enter > 0 && roll != rr.enter {
		return 0, 0
	}
	t := from + roll
	if t > last {
		switch rr.over {
		case Stay:
			return from, from
		case Finish:
			return last, last
		}
		t, dir := last, -1
		for left := from + roll - last; left > 0; left-- {
			if t+dir < 1 || t+dir > last {
				dir = -dir
			}
			if last > 1 {
				t += dir
			}
		}
		landed = t
	} else {
		landed = t
	}
	to = landed
	if !rr.chain {
		if flat[to] != -1 {
			to = flat[to]
		}
		return landed, to
	}
	passed := map[int]bool{to: true}
	for flat[to] != -1 && !passed[flat[to]] {
		to = flat[to]
		passed[to] = true
	}
	return landed, to
}

// dist relaxes every move until nothing changes (Bellman-Ford).
func (rr refRules) dist(flat []int) []int {
	last := len(flat) - 1
	dist := make([]int, len(flat))
	for i := range dist {
		dist[i] = -1
	}
	dist[rr.start()] = 0
	for changed := true; changed; {
		changed = false
		for v := 0; v < last; v++ {
			if dist[v] < 0 {
				continue
			}
			lo, hi := rr.totals()
			for roll := lo; roll <= hi; roll++ {
				_, to := rr.step(flat, v, roll)
				if dist[to] < 0 || dist[v]+1 < dist[to] {
					dist[to] = dist[v] + 1
					changed = true
				}
			}
		}
	}
	return dist
}

// cellAt returns the grid row and column of label on an n×n board, worked
// out afresh from the rule (rows of n from the bottom, every other one
// right to left) rather than from the package's numbering.
func cellAt(n, label int) (row, col int) {
	fromBottom := (label - 1) / n
	col = (label - 1) % n
	if fromBottom%2 == 1 {
		col = n - 1 - col
	}
	return n - 1 - fromBottom, col
}
