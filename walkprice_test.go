package snakes

// This file checks walkprice.go: the squares it says a walk's chances are
// on against the walk itself, the squares it says can finish against the
// compiled chain's, and every refusal it makes against the call run
// without it.

import (
	"context"
	"math"
	"testing"

	"pgregory.net/rapid"
)

// drawLoaded draws a board of n×n squares, n in lo..hi, and a loaded die
// of 24 to 60 faces, some of which may never show (several spans of
// totals), under any overshoot, start and chaining, a third of the time
// with a throw to enter.
func drawLoaded(t *rapid.T, lo, hi int) (Rules, *Board) {
	grid := genGrid(lo, hi).Draw(t, "grid")
	b, err := NewBoard(grid)
	if err != nil {
		t.Fatal(err)
	}
	weights := make([]int, rapid.IntRange(24, 60).Draw(t, "faces"))
	for i := range weights {
		weights[i] = rapid.IntRange(0, 3).Draw(t, "weight")
	}
	weights[len(weights)-1] = 1 // the die has as many faces as weights
	r := Rules{
		Weights:       weights,
		Overshoot:     Overshoot(rapid.IntRange(0, 2).Draw(t, "overshoot")),
		Chain:         rapid.Bool().Draw(t, "chain"),
		StartOffBoard: rapid.Bool().Draw(t, "off board"),
	}
	if rapid.IntRange(0, 2).Draw(t, "enter?") == 0 {
		var shows []int
		for i, w := range weights {
			if w > 0 {
				shows = append(shows, i+1)
			}
		}
		r.Enter = rapid.SampledFrom(shows).Draw(t, "enter")
	}
	return r, b
}

// TestWalkLayers follows a walk over the compiled table for 12 turns and
// checks that the squares its chances are on are the layers priceWalk
// counts, and that the squares spanCan says can finish are the chain's.
func TestWalkLayers(t *testing.T) {
	t.Parallel()
	var spans, entered int
	rapid.Check(t, func(t *rapid.T) {
		r, b := drawLoaded(t, 9, 10)
		g, w := walkOf(t, r, b)
		can := g.spanCan(g.dice.spans())
		for v := range can {
			if can[v] != w.c.canFinish[v] {
				t.Fatalf("square %d: spanCan %v, the chain %v", v, can[v], w.c.canFinish[v])
			}
		}
		s := newThrowSearch(*g, false)
		on, next := make([]bool, g.last+1), make([]bool, g.last+1)
		on[g.start] = true
		cover := make([]int32, g.last+2)
		for turn := 1; turn <= 12; turn++ {
			g.image(s, on, next, cover)
			on, next = next, on
			w.turn()
			for v, p := range w.mass {
				if on[v] != (p > 0) {
					t.Fatalf("turn %d, square %d: layer %v, chance %v", turn, v, on[v], p)
				}
			}
		}
		if len(g.dice.spans()) > 1 {
			spans++
		}
		if r.Enter > 0 {
			entered++
		}
	})
	if spans < 50 || entered < 15 {
		t.Errorf("%d draws of several spans of totals and %d of a throw to enter, want 50 and 15 or more", spans, entered)
	}
}

// walkOf returns the game of b under r and a walk over its compiled
// table from the start.
func walkOf(t interface{ Fatal(...any) }, r Rules, b *Board) (*game, *walk) {
	g, err := r.playable(b)
	if err != nil {
		t.Fatal(err)
	}
	w, err := newWalk(context.Background(), &g)
	if err != nil {
		t.Fatal(err)
	}
	return &g, w
}

// TestWalkPricedAsMet runs each walk figure under a loaded die with the
// board's price and without, under bounds from half a compile to 64: no
// call refused from the board answers or is refused otherwise when run.
func TestWalkPricedAsMet(t *testing.T) {
	t.Parallel()
	walksPricedAsMet(t, 9, 10, 3, 6, 20, 150, func(t *rapid.T, b *Board) []pricedCall {
		turns := rapid.IntRange(0, 200).Draw(t, "maxTurns")
		q := rapid.Float64Range(0.01, 1).Draw(t, "q")
		return []pricedCall{
			{"LengthDistribution", func(r Rules) (any, error) { return r.LengthDistribution(b, turns) }},
			{"Quantile", func(r Rules) (any, error) { return r.Quantile(b, q) }},
			{"ModeTurns", func(r Rules) (any, error) { return r.ModeTurns(b) }},
			{"WinChances", func(r Rules) (any, error) { return r.WinChances(b, 2) }},
		}
	})
}

// TestRacePricedAsMet is TestWalkPricedAsMet for races, on boards of over
// 640 squares, where a race goes turn by turn rather than by its product
// chain, under bounds up to 32 compiles: from the start, and from squares
// drawn anywhere, the start often among them, a fifth of the time for 9
// to 12 players.
func TestRacePricedAsMet(t *testing.T) {
	t.Parallel()
	walksPricedAsMet(t, 26, 27, 4, 5, 5, 30, func(t *rapid.T, b *Board) []pricedCall {
		players := rapid.IntRange(2, 3).Draw(t, "players")
		if rapid.IntRange(0, 4).Draw(t, "many?") == 0 {
			players = rapid.IntRange(9, 12).Draw(t, "many players") // a track a square, many of them
		}
		squares := make([]int, players)
		for i := range squares {
			squares[i] = 1
			if rapid.Bool().Draw(t, "elsewhere") {
				squares[i] = rapid.IntRange(1, b.Squares()-1).Draw(t, "square")
			}
		}
		return []pricedCall{
			{"WinChances", func(r Rules) (any, error) { return r.WinChances(b, players) }},
			{"WinChancesFrom", func(r Rules) (any, error) { return r.WinChancesFrom(b, squares) }},
		}
	})
}

// walksPricedAsMet checks the calls that calls draws on boards of n×n
// squares, n in lo..hi, under a loaded die (drawLoaded), each under
// bounds bounds from half a compile to 2^top compiles (pricedAsMet), and that
// at least leastPriced were refused from the board and leastAnswered
// answered.
func walksPricedAsMet(t *testing.T, lo, hi, bounds int, top float64, leastPriced, leastAnswered int, calls func(*rapid.T, *Board) []pricedCall) {
	var priced, answered int
	rapid.Check(t, func(t *rapid.T) {
		r, b := drawLoaded(t, lo, hi)
		g, err := r.playable(b)
		if err != nil {
			t.Fatal(err)
		}
		figs := calls(t, b)
		for range bounds {
			bound := g.compileWork() * math.Exp2(rapid.Float64Range(-1, top).Draw(t, "bound (log2 of compiles)"))
			pricedAsMet(t, r.WithMaxWork(int64(bound)), b, bound, figs, &priced, &answered)
		}
	})
	t.Logf("refused from the board: %d; answered: %d", priced, answered)
	if priced < leastPriced || answered < leastAnswered {
		t.Fatalf("refused from the board %d times and answered %d, want %d and %d", priced, answered, leastPriced, leastAnswered)
	}
}
