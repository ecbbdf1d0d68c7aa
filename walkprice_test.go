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
// with a throw to enter, a third of the time with another throw on a
// total instead (and then of 4 to 60 faces: runs of Again make a turn's
// ends many), half of those with a limit of 1 to 4 on them.
func drawLoaded(t *rapid.T, lo, hi int) (Rules, *Board) {
	grid := genGrid(lo, hi).Draw(t, "grid")
	b, err := NewBoard(grid)
	if err != nil {
		t.Fatal(err)
	}
	extra := rapid.IntRange(0, 2).Draw(t, "enter, again or neither")
	least := 24
	if extra == 1 {
		least = 4
	}
	weights := make([]int, rapid.IntRange(least, 60).Draw(t, "faces"))
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
	if extra == 0 {
		var shows []int
		for i, w := range weights {
			if w > 0 {
				shows = append(shows, i+1)
			}
		}
		r.Enter = rapid.SampledFrom(shows).Draw(t, "enter")
	} else if extra == 1 {
		r.Again = rapid.IntRange(1, len(weights)).Draw(t, "again")
		weights[r.Again-1] = max(weights[r.Again-1], 1)
		if rapid.IntRange(0, 2).Draw(t, "enter too?") == 0 {
			r.Enter = rapid.IntRange(1, len(weights)).Draw(t, "enter")
			weights[r.Enter-1] = max(weights[r.Enter-1], 1)
		}
		if rapid.Bool().Draw(t, "limit?") {
			r.AgainLimit = rapid.IntRange(1, 4).Draw(t, "limit")
			r.OnLimit = Penalty(rapid.IntRange(0, 1).Draw(t, "on limit"))
		}
		if r.Validate() != nil { // Again the only total that shows, without a limit
			r.Again, r.AgainLimit, r.OnLimit, r.Enter = 0, 0, VoidTurn, 0
		}
	}
	return r, b
}

// TestWalkLayers follows a walk over the compiled table for 12 turns and
// checks that the squares its chances are on are the layers priceWalk
// counts, and that the squares spanCan says can finish are the chain's.
// Under Again priceWalk knows them from below: the layers it counts must
// hold chances, and the squares it says can finish must be able to.
func TestWalkLayers(t *testing.T) {
	t.Parallel()
	var spans, entered, again, missed int
	rapid.Check(t, func(t *rapid.T) {
		r, b := drawLoaded(t, 9, 10)
		g, w := walkOf(t, r, b)
		can := g.walkCan(g.endSpans())
		for v := range can {
			if can[v] != w.c.canFinish[v] && (r.Again == 0 || can[v]) {
				t.Fatalf("square %d: spanCan %v, the chain %v", v, can[v], w.c.canFinish[v])
			}
		}
		s := newThrowSearch(*g, false)
		on, next := make([]bool, g.last+1), make([]bool, g.last+1)
		on[g.start] = true
		cover := make([]int32, g.last+2)
		ts := new(turnScratch).fit(int(g.last) + 1)
		for turn := 1; turn <= 12; turn++ {
			if r.Again != 0 {
				g.runImage(ts, g.endSpans(), on, next, cover)
			} else {
				g.image(s, on, next, cover)
			}
			on, next = next, on
			w.turn()
			for v, p := range w.mass {
				if on[v] && p == 0 || !on[v] && p > 0 && r.Again == 0 {
					t.Fatalf("turn %d, square %d: layer %v, chance %v", turn, v, on[v], p)
				}
				if !on[v] && p > 0 {
					missed++
				}
			}
		}
		if len(g.dice.spans()) > 1 {
			spans++
		}
		if r.Enter > 0 {
			entered++
		}
		if r.Again > 0 {
			again++
		}
	})
	t.Logf("under Again, %d squares of a turn held chances its layer left out", missed)
	if spans < 50 || entered < 15 || again < 15 {
		t.Errorf("%d draws of several spans of totals, %d of a throw to enter and %d of Again, want 50, 15 and 15 or more", spans, entered, again)
	}
}

// TestTurnPricedAsCompiled checks what the price says of each square's
// turn against the compiled chain: what following its ends costs is at
// least what the price counts, and its chance of finishing at most the
// price's bound, under a throw to enter and under Again as well.
func TestTurnPricedAsCompiled(t *testing.T) {
	t.Parallel()
	var squares, again int
	rapid.Check(t, func(t *rapid.T) {
		r, b := drawLoaded(t, 5, 10)
		g, w := walkOf(t, r, b)
		s := newThrowSearch(*g, false)
		if s == nil || s.rolls() < 0 {
			return
		}
		spans := g.endSpans()
		st := g.sureTurns(s, g.walkCan(spans), walkNeed{turns: -1})
		var ts *turnScratch
		if r.Again != 0 {
			ts = new(turnScratch).fit(int(g.last) + 1)
			again++
		}
		ends := newPlains(g)
		for v := g.start; v < g.last; v++ {
			cost, finish := st.turnFrom(v, ts, spans, ends)
			var finishes float64
			for _, e := range w.c.out(v) {
				if e.to == g.last {
					finishes += e.n / g.dice.den
				}
			}
			if cost > w.c.cost[v] || finishes > finish*(1+1e-12) {
				t.Fatalf("square %d: priced %v steps and at most %v finishing; compiled %v steps, %v finishing", v, cost, finish, w.c.cost[v], finishes)
			}
			squares++
		}
	})
	t.Logf("%d squares, %d draws under Again", squares, again)
	if squares < 5000 || again < 15 {
		t.Errorf("%d squares and %d draws under Again, want 5000 and 15 or more", squares, again)
	}
}

// TestWalkCanWithoutEndingTotals: where Again is the only total that
// shows (a limit ends each turn), no total ends a turn, and walkCan says
// only the last square can finish, as the chain does.
func TestWalkCanWithoutEndingTotals(t *testing.T) {
	t.Parallel()
	r := Rules{Weights: []int{0, 0, 1}, Again: 3, AgainLimit: 2}
	g, w := walkOf(t, r, mustJumps(t, 4, nil))
	if spans := g.endSpans(); len(spans) != 0 {
		t.Fatalf("endSpans = %v, want none", spans)
	}
	for v, ok := range g.walkCan(nil) {
		if ok != (int32(v) == g.last) || ok && !w.c.canFinish[v] {
			t.Errorf("square %d: walkCan %v, the chain %v", v, ok, w.c.canFinish[v])
		}
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
// A report's walks are among them: its distribution and its quantiles.
func TestWalkPricedAsMet(t *testing.T) {
	t.Parallel()
	walksPricedAsMet(t, 9, 10, 3, 6, atLeast{priced: 20, again: 5, runs: 100, answered: 150}, func(t *rapid.T, _ Rules, b *Board) []pricedCall {
		turns := rapid.IntRange(0, 200).Draw(t, "maxTurns")
		q := rapid.Float64Range(0.01, 1).Draw(t, "q")
		return append([]pricedCall{
			{"LengthDistribution", func(r Rules) (any, error) { return r.LengthDistribution(b, turns) }},
			{"WinChances", func(r Rules) (any, error) { return r.WinChances(b, 2) }},
		}, walkCalls(b, q)...)
	})
}

// walkCalls are the walks on b that the price of a walk by intervals
// counts in closed form: a quantile, the mode, and a report's
// distribution and percentiles.
func walkCalls(b *Board, q float64) []pricedCall {
	return []pricedCall{
		{"Quantile", func(r Rules) (any, error) { return r.Quantile(b, q) }},
		{"ModeTurns", func(r Rules) (any, error) { return r.ModeTurns(b) }},
		{"Report.distribution", func(r Rules) (any, error) {
			w, err := r.walk(context.Background(), b, distributionNeed)
			if err != nil {
				return nil, err
			}
			rep := new(Report)
			err = rep.distribution(w)
			return rep.Distribution, err
		}},
		{"Report.quantiles", func(r Rules) (any, error) {
			a, err := r.Analyze(context.Background(), b)
			if err != nil {
				return nil, err
			}
			rep := new(Report)
			err = rep.quantiles(context.Background(), a)
			return rep.Percentiles, err
		}},
	}
}

// TestFairWalkPricedAsMet is TestWalkPricedAsMet for walks by intervals:
// a fair die of 24 to 80 faces on boards of 9×9 to 12×12 squares, under
// any overshoot, start and chaining, each call under bounds from one
// turn's cost to 2¹³ of them.
func TestFairWalkPricedAsMet(t *testing.T) {
	t.Parallel()
	var priced, answered int
	rapid.Check(t, func(t *rapid.T) {
		r, b := drawWide(t, 9, 12)
		g, err := r.playable(b)
		if err != nil || !g.walksByIntervals() {
			t.Fatalf("%v on %d squares: %v, walks by intervals %v", r, b.Squares(), err, err == nil && g.walksByIntervals())
		}
		figs := walkCalls(b, rapid.Float64Range(0.01, 1).Draw(t, "q"))
		for range 3 {
			bound := fairTurnSteps(&g) * math.Exp2(rapid.Float64Range(0, 13).Draw(t, "bound (log2 of turns)"))
			pricedAsMet(t, r.WithMaxWork(int64(bound)), b, bound, figs, &priced, &answered)
		}
	})
	t.Logf("refused from the board: %d; answered: %d", priced, answered)
	if priced < 50 || answered < 150 {
		t.Fatalf("refused from the board %d times and answered %d, want 50 and 150", priced, answered)
	}
}

// TestRacePricedAsMet is TestWalkPricedAsMet for races, on boards of over
// 640 squares, where a race goes turn by turn rather than by its product
// chain, under bounds up to 32 compiles: from the start, and from squares
// drawn anywhere, the start often among them, a fifth of the time for 9
// to 12 players. A race under Again is refused from the board only where
// its first turns pass the bound, which few draws here do:
// TestAgainWalksUpFront has some.
func TestRacePricedAsMet(t *testing.T) {
	t.Parallel()
	walksPricedAsMet(t, 26, 27, 4, 5, atLeast{priced: 5, runs: 15, answered: 30}, func(t *rapid.T, _ Rules, b *Board) []pricedCall {
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

// atLeast is how many calls a test of prices must see refused from the
// board, under Again among them, and answered.
type atLeast struct{ priced, again, runs, answered int }

// walksPricedAsMet checks the calls that calls draws on boards of n×n
// squares, n in lo..hi, under a loaded die (drawLoaded), each under
// bounds bounds from half a compile to 2^top compiles (pricedAsMet), and that
// at least as many as least says were refused from the board (under
// Again; with the squares as runs, without Again) and answered.
func walksPricedAsMet(t *testing.T, lo, hi, bounds int, top float64, least atLeast, calls func(*rapid.T, Rules, *Board) []pricedCall) {
	var priced, answered, again, runs int
	rapid.Check(t, func(t *rapid.T) {
		r, b := drawLoaded(t, lo, hi)
		g, err := r.playable(b)
		if err != nil {
			t.Fatal(err)
		}
		figs := calls(t, r, b)
		before := priced
		for range bounds {
			bound := g.compileWork() * math.Exp2(rapid.Float64Range(-1, top).Draw(t, "bound (log2 of compiles)"))
			pricedAsMet(t, r.WithMaxWork(int64(bound)), b, bound, figs, &priced, &answered)
		}
		if r.Again > 0 {
			again += priced - before
		} else {
			runs += priced - before
		}
	})
	t.Logf("refused from the board: %d (%d under Again, %d as runs); answered: %d", priced, again, runs, answered)
	if priced < least.priced || again < least.again || runs < least.runs || answered < least.answered {
		t.Fatalf("refused from the board %d times (%d under Again, %d as runs) and answered %d, want %d (%d, %d) and %d", priced, again, runs, answered, least.priced, least.again, least.runs, least.answered)
	}
}
