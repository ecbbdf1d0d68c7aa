package snakes

// This file checks the prices of faircost.go against every roll of the
// test's own reading of the rules (oracle_test.go).

import (
	"context"
	"errors"
	"math"
	"reflect"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// drawFair draws a board and a fair die of up to 80 faces, often wider
// than the board, under any overshoot, start and chaining, a third of the
// time with a throw to enter; or, a quarter of the time on boards of 10
// squares or more, two or three fair dice whose totals stay below the
// last square (as endsPriced has them).
func drawFair(t *rapid.T) (game, refRules, []int) {
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
func refGame(t *rapid.T, grid [][]int, rr refRules) game {
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
		reached, err := g.fairReached(nil)
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
		if got := g.fairUnknowns(reached); got != len(back) {
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
		g.fairSpans(func(v, l, h int32) bool {
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
		cl, err := g.fairClasses()
		if err != nil {
			t.Fatal(err)
		}
		reached := cl.reached
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
		if got := cl.trap < 0; got != want {
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

// TestFairSweep checks that fairSweep is at most what a pass over the
// compiled turns costs, and that it is that cost on boards without jumps,
// where every end is a square of its own (for one die without Enter: the
// turns of other games are compiled a throw at a time, and merged only
// where one throw ends where the one before did).
func TestFairSweep(t *testing.T) {
	t.Parallel()
	exact := 0
	rapid.Check(t, func(t *rapid.T) {
		g, rr, flat := drawFair(t)
		var c chain
		if err := c.compile(context.Background(), &g); err != nil {
			t.Fatal(err)
		}
		got := g.fairSweep()
		if got > c.sweep {
			t.Fatalf("fairSweep = %v, over the compiled pass's %v", got, c.sweep)
		}
		if rr.enter > 0 || rr.dice > 1 {
			return
		}
		for _, to := range flat[1:] {
			if to != -1 {
				return
			}
		}
		if got != c.sweep {
			t.Fatalf("no jumps: fairSweep = %v, the compiled pass %v", got, c.sweep)
		}
		exact++
	})
	if exact < 10 {
		t.Fatalf("only %d boards without jumps checked exactly", exact)
	}
}

// TestFairSweepFar checks fairSweep's count of ends far from their square
// on a board long enough to have them, without jumps (exact) and with a
// jump every seventh square (at most).
func TestFairSweepFar(t *testing.T) {
	t.Parallel()
	for _, over := range []Overshoot{Stay, Finish, Bounce} {
		for _, every := range []int{0, 7} {
			jumps := map[int]int{}
			for s := 2; every > 0 && s < 1600; s += every {
				jumps[s] = (s * 37 % 1598) + 1
			}
			b, err := FromJumps(40, jumps)
			if err != nil {
				t.Fatal(err)
			}
			g, err := Rules{Faces: 1500, Overshoot: over}.playable(b)
			if err != nil {
				t.Fatal(err)
			}
			var c chain
			if err := c.compile(context.Background(), &g); err != nil {
				t.Fatal(err)
			}
			got := g.fairSweep()
			if got > c.sweep || every == 0 && got != c.sweep {
				t.Errorf("%v, a jump every %d: fairSweep = %v, the compiled pass %v", over, every, got, c.sweep)
			}
		}
	}
}

// drawWide draws a board of n×n squares, n in lo..hi, and a fair die of
// 24 to 80 faces under any overshoot, start and chaining.
func drawWide(t *rapid.T, lo, hi int) (Rules, *Board) {
	b, err := NewBoard(genGrid(lo, hi).Draw(t, "grid"))
	if err != nil {
		t.Fatal(err)
	}
	return Rules{
		Faces:         rapid.IntRange(24, 80).Draw(t, "faces"),
		Overshoot:     Overshoot(rapid.IntRange(0, 2).Draw(t, "overshoot")),
		Chain:         rapid.Bool().Draw(t, "chain"),
		StartOffBoard: rapid.Bool().Draw(t, "off board"),
	}, b
}

// TestPricedAsMet checks the refusals made from the board under a wide
// die before its turns are taken against the calls made without them: a
// call refused from the board must be refused when it runs too, and one
// that answers answers the same. Random boards of up to 10×10 under dice
// of 24 to 80 faces, fair or loaded (every face can show), with a work
// bound drawn between half and 64 times the compile's, so that both
// happen; a third of them with a throw to enter, a quarter two dice of 12
// to 40 faces (totals 2 to 80).
func TestPricedAsMet(t *testing.T) {
	t.Parallel()
	var priced, answered, loaded, entered, several int
	rapid.Check(t, func(t *rapid.T) {
		r, b := drawWide(t, 5, 10)
		lo, hi := 1, r.Faces
		if rapid.IntRange(0, 3).Draw(t, "dice?") == 0 {
			r.Dice, r.Faces = 2, rapid.IntRange(12, 40).Draw(t, "faces of each")
			lo, hi = 2, 2*r.Faces
			several++
		}
		if rapid.IntRange(0, 2).Draw(t, "enter?") == 0 {
			r.Enter = rapid.IntRange(lo, hi).Draw(t, "enter")
			entered++
		}
		if rapid.Bool().Draw(t, "loaded") {
			// Every face can show: where the turns end is the fair die's.
			r.Weights = make([]int, r.Faces)
			for i := range r.Weights {
				r.Weights[i] = rapid.IntRange(1, 3).Draw(t, "weight")
			}
			loaded++
		}
		g, err := r.playable(b)
		if err != nil {
			t.Fatal(err)
		}
		for range 3 {
			bound := g.compileWork() * math.Exp2(rapid.Float64Range(-1, 6).Draw(t, "bound (log2 of compiles)"))
			pricedAsMet(t, r.WithMaxWork(int64(bound)), b, bound, solves(b), &priced, &answered)
		}
	})
	t.Logf("refused from the board: %d; answered: %d; draws of a loaded die: %d, of a throw to enter: %d, of two dice: %d", priced, answered, loaded, entered, several)
	if priced < 20 || answered < 150 || loaded < 20 || entered < 15 || several < 10 {
		t.Fatalf("refused from the board %d times and answered %d, over %d loaded dice, %d throws to enter and %d pairs of dice; want 20, 150, 20, 15 and 10", priced, answered, loaded, entered, several)
	}
}

// A pricedCall is a call priced from the board, by name.
type pricedCall struct {
	name string
	call func(Rules) (any, error)
}

// solves are the solves on b that faircost.go prices.
func solves(b *Board) []pricedCall {
	return []pricedCall{
		{"ExpectedTurns", func(r Rules) (any, error) { return r.ExpectedTurns(b) }},
		{"ExpectedFrom", func(r Rules) (any, error) { return r.ExpectedFrom(b) }},
		{"Variance", func(r Rules) (any, error) { return r.Variance(b) }},
		{"Visits", func(r Rules) (any, error) { return r.Visits(b) }},
		{"Jumps", func(r Rules) (any, error) { return r.Jumps(b) }},
	}
}

// pricedAsMet checks each of figs under r with the board's prices and
// without, counting the refusals from the board and the answers.
func pricedAsMet(t *rapid.T, r Rules, b *Board, bound float64, figs []pricedCall, priced, answered *int) {
	met := tuned(r, func(l *limits) { l.unpriced = true })
	for _, fig := range figs {
		got, err := fig.call(r)
		want, wantErr := fig.call(met)
		switch {
		case err != nil && (wantErr == nil || err.Error() != wantErr.Error()):
			// Refused from the board, where the call itself meets
			// its refusal later or answers.
			if !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), " at least ") || !errors.Is(wantErr, ErrTooLarge) {
				t.Fatalf("%s within %.3g steps: refused from the board (%v), but run it gives %v, %v", fig.name, bound, err, want, wantErr)
			}
			*priced++
		case (err == nil) != (wantErr == nil):
			t.Fatalf("%s within %.3g steps: %v, %v; run without the board's prices: %v, %v", fig.name, bound, got, err, want, wantErr)
		case err == nil:
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("%s: %v, without the board's prices %v", fig.name, got, want)
			}
			*answered++
		}
	}
}
