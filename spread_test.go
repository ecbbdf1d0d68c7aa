package snakes

import (
	"testing"

	"pgregory.net/rapid"
)

// This file checks spread.go against the sets of squares walkprice.go
// moves square by square: the same squares turn by turn, the same cost and
// finishing bound, and the same classes.

// TestSpreadAsSquares follows the squares of a walk without Again, with or
// without a throw to enter, from the start and from three drawn squares,
// for 16 turns as a spread and as a set (image, over the search's
// intervals), and checks that they are the same squares, that a turn from
// them costs and finishes what the set's squares say one by one (turnFrom,
// finishing), and that they say the same of what can finish.
func TestSpreadAsSquares(t *testing.T) {
	t.Parallel()
	var draws, jumped, entered int
	rapid.Check(t, func(t *rapid.T) {
		r, b := drawLoaded(t, 3, 24)
		r.Again, r.AgainLimit, r.OnLimit = 0, 0, VoidTurn
		if r.Validate() != nil {
			return
		}
		if r.Enter > 0 {
			entered++
		}
		g, err := r.playable(b)
		if err != nil {
			t.Fatal(err)
		}
		s := newThrowSearch(g, false)
		spans := g.endSpans()
		st := g.sureTurns(s, g.walkCan(spans), walkNeed{turns: -1})
		ends := newPlains(&g)
		sb := newSpreadBoard(st, spans, ends)
		// From the start, and from squares a race's players may stand on.
		starts := []int32{g.start}
		for range 3 {
			starts = append(starts, int32(rapid.IntRange(0, int(g.last)-1).Draw(t, "from")))
		}
		for _, start := range starts {
			on, next := make([]bool, g.last+1), make([]bool, g.last+1)
			on[start] = true
			var runs, scratch spread
			if start != g.last {
				runs = spread{{start, start}}
			}
			cover := make([]int32, g.last+2)
			for turn := 1; turn <= 16; turn++ {
				got := make([]bool, g.last+1)
				for k, r := range runs {
					if r[0] > r[1] || k > 0 && r[0] <= runs[k-1][1]+1 {
						t.Fatalf("turn %d: runs %v not sorted, disjoint and apart", turn, runs)
					}
					for v := r[0]; v <= r[1]; v++ {
						got[v] = true
					}
				}
				cost, finish := 2*float64(g.last)+turnOverhead, 0.0
				for v, ok := range on {
					if got[v] != ok {
						t.Fatalf("turn %d, square %d: in the spread %v, in the set %v (runs %v)", turn, v, got[v], ok, runs)
					}
					if ok && int32(v) < g.last {
						c, f := st.turnFrom(int32(v), nil, spans, ends)
						cost += c
						finish = max(finish, f)
					}
				}
				if c, f := sb.turn(runs); c != cost || f != finish {
					t.Fatalf("turn %d: the spread costs %v and finishes %v, the squares %v and %v", turn, c, f, cost, finish)
				}
				if sb.sees(runs) != st.sees(on) {
					t.Fatalf("turn %d: the spread sees %+v, the squares %+v", turn, sb.sees(runs), st.sees(on))
				}
				g.image(s, on, next, cover)
				on, next = next, on
				moved, _ := sb.image(runs, scratch)
				runs, scratch = moved, runs
			}
		}
		draws++
		if len(sb.starts) > 0 {
			jumped++
		}
	})
	t.Logf("%d draws, %d with jumps, %d with a throw to enter", draws, jumped, entered)
	if draws < 80 || jumped < 60 || entered < 20 {
		t.Errorf("%d draws, %d with jumps, %d with a throw to enter, want 80, 60 and 20 or more", draws, jumped, entered)
	}
}
