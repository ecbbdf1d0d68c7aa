package snakes

// This file checks what internal/search/faircost.go counts from the board
// against every roll of the test's own reading of the rules
// (oracle_test.go).

import (
	"testing"

	"pgregory.net/rapid"

	"github.com/snakesladders/snakes/internal/model"
	"github.com/snakesladders/snakes/internal/search"
	"github.com/snakesladders/snakes/internal/walk"
)

// drawFair draws a board and a fair die of up to 80 faces, often wider
// than the board, under any overshoot, start and chaining, a third of the
// time with a throw to enter; or, a quarter of the time on boards of 10
// squares or more, two or three fair dice whose totals stay below the
// last square (as endsPriced has them).
func drawFair(t *rapid.T) (model.Game, refRules, []int) {
	grid := genGrid(1, 10).Draw(t, "grid")
	rr := genRules().Draw(t, "rules")
	rr.faces = rapid.IntRange(1, 80).Draw(t, "faces")
	if last := len(grid) * len(grid); last >= 10 && rapid.IntRange(0, 3).Draw(t, "dice?") == 0 {
		rr.dice = rapid.IntRange(2, 3).Draw(t, "dice")
		rr.faces = rapid.IntRange(1, (last-2)/rr.dice).Draw(t, "faces of each")
	}
	if rapid.IntRange(0, 2).Draw(t, "enter?") == 0 {
		lo, hi := rr.totals()
		rr.enter = rapid.IntRange(lo, hi).Draw(t, "enter")
	}
	return refGame(t, grid, rr), rr, refFlat(grid)
}

// refGame returns the game of grid under rr.
func refGame(t *rapid.T, grid [][]int, rr refRules) model.Game {
	b, err := NewBoard(grid)
	if err != nil {
		t.Fatal(err)
	}
	g, err := rr.rules().playable(b)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// refEnds calls each with every square v from the start up and where each
// roll from it ends, by the test's own reading of the rules.
func refEnds(rr refRules, flat []int, each func(v, to int)) {
	last := len(flat) - 1
	lo, hi := rr.totals()
	for v := rr.start(); v < last; v++ {
		for roll := lo; roll <= hi; roll++ {
			_, to := rr.step(flat, v, roll)
			each(v, to)
		}
	}
}

func TestFairUnknowns(t *testing.T) {
	t.Parallel()
	var drawn [2]int // of several dice, of a throw to enter
	rapid.Check(t, func(t *rapid.T) {
		g, rr, flat := drawFair(t)
		drawn = countDrawn(drawn, rr)
		reached, err := search.FairReached(&g, nil)
		if err != nil {
			t.Fatal(err)
		}
		dist := rr.dist(flat)
		back := map[int]bool{}
		refEnds(rr, flat, func(v, to int) {
			if reached[v] != (dist[v] >= 0) {
				t.Fatalf("square %d: reached %v, distance %d", v, reached[v], dist[v])
			}
			if dist[v] >= 0 && to < v {
				back[to] = true
			}
		})
		if got := search.FairUnknowns(&g, reached); got != len(back) {
			t.Fatalf("fairUnknowns = %d, squares some roll goes back to: %d", got, len(back))
		}
	})
	checkDrawn(t, drawn)
}

// countDrawn counts a draw of drawFair's of several dice and of a throw to
// enter.
func countDrawn(drawn [2]int, rr refRules) [2]int {
	if rr.dice > 1 {
		drawn[0]++
	}
	if rr.enter > 0 {
		drawn[1]++
	}
	return drawn
}

// checkDrawn fails t unless drawFair drew several dice and a throw to
// enter 10 times each.
func checkDrawn(t *testing.T, drawn [2]int) {
	if drawn[0] < 10 || drawn[1] < 10 {
		t.Errorf("drew several dice %d times and a throw to enter %d times, want 10 each", drawn[0], drawn[1])
	}
}

func TestFairSpans(t *testing.T) {
	t.Parallel()
	var drawn [2]int
	rapid.Check(t, func(t *rapid.T) {
		g, rr, flat := drawFair(t)
		drawn = countDrawn(drawn, rr)
		last := len(flat) - 1
		lo, hi := map[int]int{}, map[int]int{}
		refEnds(rr, flat, func(v, to int) {
			if _, ok := lo[v]; !ok {
				lo[v], hi[v] = v, v
			}
			if to != last {
				lo[v], hi[v] = min(lo[v], to), max(hi[v], to)
			}
		})
		seen := 0
		search.FairSpans(&g, func(v, l, h int32) bool {
			if int(l) != lo[int(v)] || int(h) != hi[int(v)] {
				t.Fatalf("square %d: span %d..%d, want %d..%d", v, l, h, lo[int(v)], hi[int(v)])
			}
			seen++
			return true
		})
		if seen != len(lo) {
			t.Fatalf("fairSpans gave %d squares, want %d", seen, len(lo))
		}
	})
	checkDrawn(t, drawn)
}

// TestFairFinishes checks whether fairClasses finds a trap against the
// squares from which some sequence of rolls reaches the last square, found
// by relaxing every roll until nothing changes.
func TestFairFinishes(t *testing.T) {
	t.Parallel()
	both := [2]int{}
	rapid.Check(t, func(t *rapid.T) {
		g, rr, flat := drawFair(t)
		last := len(flat) - 1
		if last >= 6 && rapid.Bool().Draw(t, "wall") {
			// A run of snakes back to square 1 as long as the die, short
			// of the end, with no jump below it: the start is trapped.
			rr.faces = rapid.IntRange(1, (last-3)/2).Draw(t, "wall faces")
			rr.dice, rr.enter = 0, min(rr.enter, rr.faces)
			w := rapid.IntRange(2, last-1-rr.faces).Draw(t, "wall at")
			jumps := map[int]int{}
			for s, to := range flat[1:] {
				if to != -1 && s+1 >= w+rr.faces {
					jumps[s+1] = to
				}
			}
			for s := w; s < w+rr.faces; s++ {
				jumps[s] = 1
			}
			n := 1
			for n*n < last {
				n++
			}
			b, err := FromJumps(n, jumps)
			if err != nil {
				t.Fatal(err)
			}
			if g, err = rr.rules().playable(b); err != nil {
				t.Fatal(err)
			}
			flat = make([]int, last+1)
			for s := range flat {
				flat[s] = -1
				if to, ok := jumps[s]; ok {
					flat[s] = to
				}
			}
		}
		cl, err := walk.NewFairClasses(&g)
		if err != nil {
			t.Fatal(err)
		}
		reached := cl.Reached
		can := make([]bool, last+1)
		can[last] = true
		for changed := true; changed; {
			changed = false
			refEnds(refRules{faces: rr.faces, offBoard: true, over: rr.over, chain: rr.chain, enter: rr.enter, dice: rr.dice}, flat, func(v, to int) {
				if can[to] && !can[v] {
					can[v], changed = true, true
				}
			})
		}
		want := true
		for v := 0; v < last; v++ {
			if reached[v] && !can[v] {
				want = false
			}
		}
		if got := cl.Trap < 0; got != want {
			t.Fatalf("fairClasses finds no trap: %v, want %v", got, want)
		}
		if want {
			both[0]++
		} else {
			both[1]++
		}
	})
	t.Logf("boards that finish, that do not: %v", both)
	if both[0] < 20 || both[1] < 20 {
		t.Fatalf("boards that finish and boards that do not: %v, want 20 of each", both)
	}
}
