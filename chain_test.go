package snakes

import (
	"context"
	"slices"
	"testing"

	"pgregory.net/rapid"

	"github.com/snakesladders/snakes/internal/model"
)

// This file tests the compiled chain: its classes against plain sweeps,
// and one fair die's turns merged by square.

// classifyBySweeps is the classification by its definitions, sweeping the
// board until nothing changes however many sweeps that takes: canFinish,
// the squares with a turn to one that can finish; surely, the greatest set
// of those whose every turn stays in the set.
func classifyBySweeps(c *model.Chain) (can, sure []bool) {
	size := int(c.G.Last) + 1
	can = make([]bool, size)
	can[c.G.Last] = true
	for changed := true; changed; {
		changed = false
		for v := int32(0); v < c.G.Last; v++ {
			for _, e := range c.Out(v) {
				if !can[v] && can[e.To] {
					can[v], changed = true, true
				}
			}
		}
	}
	sure = slices.Clone(can)
	for changed := true; changed; {
		changed = false
		for v := int32(0); v < c.G.Last; v++ {
			for _, e := range c.Out(v) {
				if sure[v] && !sure[e.To] {
					sure[v], changed = false, true
				}
			}
		}
	}
	return can, sure
}

// TestPropertyChainClassify checks the chain's classes against the sweeps
// until nothing changes, on random boards under every rule set and on
// staircases of snakes that take many sweeps to settle (so that the search
// back along the index of the edges answers, not the first sweeps).
func TestPropertyChainClassify(t *testing.T) {
	t.Parallel()
	rapid.Check(t, func(t *rapid.T) {
		var b *Board
		var r Rules
		if rapid.Bool().Draw(t, "staircase") {
			// From each rung a snake back past the one below: a square
			// finds out it can finish one sweep after the rung above it.
			n := rapid.IntRange(4, 9).Draw(t, "n")
			jumps := map[int]int{}
			for s := n * n / 2; s > 8; s -= 7 {
				jumps[s] = s - 8
			}
			if rapid.Bool().Draw(t, "pit") {
				jumps[n*n-1] = n*n - 3 // a trap near the end under Stay
			}
			var err error
			if b, err = FromJumps(n, jumps); err != nil {
				t.Fatal(err)
			}
			r = Rules{Faces: rapid.IntRange(1, 3).Draw(t, "faces")}
		} else {
			_, r, b, _ = drawGame(t, 1, 7)
		}
		checkClasses(t, r, b)
	})
}

// checkClasses compiles b under r and checks its classes against
// classifyBySweeps, returning the chain.
func checkClasses(t interface {
	Fatal(...any)
	Fatalf(string, ...any)
}, r Rules, b *Board) *model.Chain {
	g, err := r.playable(b)
	if err != nil {
		t.Fatal(err)
	}
	c := new(model.Chain)
	if err := c.Compile(context.Background(), &g); err != nil {
		t.Fatal(err)
	}
	can, sure := classifyBySweeps(c)
	if !slices.Equal(c.CanFinish, can) || !slices.Equal(c.Surely, sure) {
		t.Fatalf("canFinish %v, want %v\nsurely %v, want %v", c.CanFinish, can, c.Surely, sure)
	}
	return c
}

// TestChainClassifyStaircase pins a board whose squares learn they may not
// surely finish one sweep at a time, rung by rung up a staircase of snakes
// from a pit, so that the classification takes the search back along the
// index: against the sweeps until nothing changes.
func TestChainClassifyStaircase(t *testing.T) {
	t.Parallel()
	jumps := map[int]int{11: 10, 12: 10} // the pit: from 10 every throw snakes back to it
	for rung, below := 20, 12; rung < 64; rung, below = rung+10, rung {
		jumps[rung] = below - 2 // a snake to just below the rung under it
	}
	c := checkClasses(t, Rules{Faces: 2}, mustJumps(t, 8, jumps))
	g := c.G
	can, _ := classifyBySweeps(c)
	passes := 0 // the sweeps the definition took to settle surely
	probe := slices.Clone(can)
	for changed := true; changed; passes++ {
		changed = false
		for v := g.Last - 1; v >= 0; v-- {
			for _, e := range c.Out(v) {
				if probe[v] && !probe[e.To] {
					probe[v], changed = false, true
				}
			}
		}
	}
	if passes <= model.SweepsFirst+1 {
		t.Fatalf("the staircase settles in %d sweeps: it does not reach the search back", passes)
	}
}

// TestPropertyFairTurnsMerged: one fair die's turns from each square are
// every roll's end merged by destination, in the order first reached,
// with the count of rolls that end there; for few faces and for many.
func TestPropertyFairTurnsMerged(t *testing.T) {
	t.Parallel()
	rapid.Check(t, func(t *rapid.T) {
		grid := genGrid(2, 6).Draw(t, "grid")
		faces := rapid.SampledFrom([]int{1, 2, 6, 16, 17, 40}).Draw(t, "faces")
		over := Overshoot(rapid.IntRange(0, 2).Draw(t, "overshoot"))
		b, err := NewBoard(grid)
		if err != nil {
			t.Fatal(err)
		}
		g, err := Rules{Faces: faces, Overshoot: over}.playable(b)
		if err != nil {
			t.Fatal(err)
		}
		var c model.Chain
		if err := c.Compile(context.Background(), &g); err != nil {
			t.Fatal(err)
		}
		flat := refFlat(grid)
		h := refHouse{refRules: refRules{faces: faces, over: over}, dice: 1}
		for v := 1; v < len(flat)-1; v++ {
			var want []model.Edge
			for roll := 1; roll <= faces; roll++ {
				_, to := h.step(flat, v, roll)
				k := slices.IndexFunc(want, func(e model.Edge) bool { return int(e.To) == to })
				if k < 0 {
					want = append(want, model.Edge{To: int32(to)})
					k = len(want) - 1
				}
				want[k].N++
			}
			if got := c.Out(int32(v)); !slices.Equal(got, want) {
				t.Fatalf("square %d, %d faces, %v: turns %v, want %v", v, faces, over, got, want)
			}
		}
	})
}
