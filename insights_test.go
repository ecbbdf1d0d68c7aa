package snakes

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/snakesladders/snakes/internal/model"
	"github.com/snakesladders/snakes/internal/solve"
)

// This file checks the insights against exact rational answers computed
// from the definitions: the fundamental matrix N = (I − Q)⁻¹ over the
// squares a token surely finishes from, solved by Gauss-Jordan in the test.

// ratSolve solves a·x = b exactly for the square matrix a (left unchanged).
func ratSolve(a [][]*big.Rat, b []*big.Rat) []*big.Rat {
	n := len(a)
	m := make([][]*big.Rat, n)
	for i := range m {
		m[i] = make([]*big.Rat, n+1)
		for j := range n {
			m[i][j] = new(big.Rat).Set(a[i][j])
		}
		m[i][n] = new(big.Rat).Set(b[i])
	}
	solveRat(m)
	x := make([]*big.Rat, n)
	for i := range x {
		x[i] = m[i][n]
	}
	return x
}

// exactInsights holds the exact figures of one board under one rule set.
type exactInsights struct {
	sure    []int // the squares the token surely finishes from, ascending
	at      map[int]int
	from    []*big.Rat // expected turns left, per sure square
	visits  []*big.Rat // N's row for the start, per sure square
	second  *big.Rat   // E[T²] from the start
	a       [][]*big.Rat
	startOK bool
}

// refSure returns the squares from which the token surely finishes: it can
// reach the last square from every square it can reach.
func (rr refRules) refSure(flat []int) []int {
	last := len(flat) - 1
	_, can := rr.classifyFrom(flat)
	var sure []int
	for v := 0; v < last; v++ {
		ok := true
		reach := map[int]bool{v: true}
		for stack := []int{v}; len(stack) > 0 && ok; {
			u := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if !can[u] {
				ok = false
			}
			if u == last {
				continue
			}
			for roll := 1; roll <= rr.faces; roll++ {
				if _, to := rr.step(flat, u, roll); !reach[to] {
					reach[to] = true
					stack = append(stack, to)
				}
			}
		}
		if ok {
			sure = append(sure, v)
		}
	}
	return sure
}

func (rr refRules) insights(flat []int) exactInsights {
	last := len(flat) - 1
	x := exactInsights{sure: rr.refSure(flat), at: map[int]int{}}
	for i, v := range x.sure {
		x.at[v] = i
	}
	n := len(x.sure)
	share := big.NewRat(1, int64(rr.faces))
	x.a = make([][]*big.Rat, n) // I − Q over the sure squares
	for i, v := range x.sure {
		x.a[i] = make([]*big.Rat, n)
		for j := range x.a[i] {
			x.a[i][j] = new(big.Rat)
		}
		x.a[i][i].SetInt64(1)
		for roll := 1; roll <= rr.faces; roll++ {
			if _, to := rr.step(flat, v, roll); to != last {
				x.a[i][x.at[to]].Sub(x.a[i][x.at[to]], share)
			}
		}
	}
	if n == 0 {
		return x
	}
	x.solve(rr.start(), last)
	return x
}

// solve fills in, from I − Q in x.a, the expected turns from every sure
// square and, where the start is one of them and not the last square,
// N's row for the start and E[T²] from the start.
func (x *exactInsights) solve(first, last int) {
	n := len(x.a)
	ones := make([]*big.Rat, n)
	for i := range ones {
		ones[i] = big.NewRat(1, 1)
	}
	x.from = ratSolve(x.a, ones)
	start, ok := x.at[first]
	x.startOK = ok && first != last
	if !x.startOK {
		return
	}
	// N's row for the start: (I − Q)ᵀ·y = e_start.
	at := make([][]*big.Rat, n)
	e := make([]*big.Rat, n)
	for i := range at {
		at[i] = make([]*big.Rat, n)
		for j := range at[i] {
			at[i][j] = x.a[j][i]
		}
		e[i] = new(big.Rat)
	}
	e[start].SetInt64(1)
	x.visits = ratSolve(at, e)
	// E[T²] = ((2N − I)·t)(start).
	nt := ratSolve(x.a, x.from)
	x.second = new(big.Rat).Mul(big.NewRat(2, 1), nt[start])
	x.second.Sub(x.second, x.from[start])
}

// TestPropertyInsightsAgainstExact checks ExpectedFrom, Visits and Variance
// on random boards up to 6×6 under every rule set.
func TestPropertyInsightsAgainstExact(t *testing.T) {
	t.Parallel()
	checkInsightsAgainstExact(t, asIs)
}

// checkInsightsAgainstExact is TestPropertyInsightsAgainstExact with rules
// made to solve by how.
func checkInsightsAgainstExact(t *testing.T, how func(Rules) Rules) {
	rapid.Check(t, func(t *rapid.T) {
		rr, r, b, flat := drawGame(t, 1, 6)
		r = how(r)
		last := len(flat) - 1
		x := rr.insights(flat)
		from, err := r.ExpectedFrom(b)
		if err != nil {
			t.Fatal(err)
		}
		for v := 0; v <= last; v++ {
			i, sure := x.at[v]
			switch {
			case v == last:
				if from[v] != 0 {
					t.Fatalf("ExpectedFrom[last] = %v", from[v])
				}
			case !sure:
				if v >= rr.start() && !math.IsInf(from[v], 1) {
					t.Fatalf("ExpectedFrom[%d] = %v; the token may never finish from there", v, from[v])
				}
			case !relClose(from[v], x.from[i], 1e-12):
				t.Fatalf("ExpectedFrom[%d] = %.17g, exact %s", v, from[v], x.from[i].FloatString(20))
			}
		}
		visits, verr := r.Visits(b)
		variance, varErr := r.Variance(b)
		if !x.startOK {
			if rr.start() != last && (!errors.Is(verr, ErrNeverFinishes) || !errors.Is(varErr, ErrNeverFinishes)) {
				t.Fatalf("Visits %v, Variance %v; want ErrNeverFinishes", verr, varErr)
			}
			return
		}
		if verr != nil || varErr != nil {
			t.Fatal(verr, varErr)
		}
		total := 0.0
		for v := 0; v <= last; v++ {
			total += visits[v]
			i, sure := x.at[v]
			want := new(big.Rat)
			if sure && v != last {
				want = x.visits[i]
			}
			if w, _ := want.Float64(); math.Abs(visits[v]-w) > 1e-12*math.Max(w, 1e-300) {
				t.Fatalf("Visits[%d] = %.17g, exact %s", v, visits[v], want.FloatString(20))
			}
		}
		e := x.from[x.at[rr.start()]]
		if !relClose(total, e, 1e-12) {
			t.Fatalf("Visits sum to %.17g, expected turns %s", total, e.FloatString(20))
		}
		// The variance from the definition: E[T²] − E[T]².
		want := new(big.Rat).Sub(x.second, new(big.Rat).Mul(e, e))
		if w, _ := want.Float64(); math.Abs(variance-w) > 1e-12*w+1e-300 {
			t.Fatalf("Variance = %.17g, exact %s", variance, want.FloatString(20))
		}
	})
}

// takes lists the jumps a roll landing on l takes under rr: l's own, and
// with Chain each one after, until a jump would revisit a square.
func (rr refRules) takes(flat []int, l int) []int {
	var out []int
	if flat[l] == -1 || flat[l] == l {
		return nil
	}
	if !rr.chain {
		return []int{l}
	}
	passed := map[int]bool{l: true}
	for v := l; flat[v] != -1 && !passed[flat[v]]; v = flat[v] {
		out = append(out, v)
		passed[flat[v]] = true
	}
	return out
}

// rollTakes reports how many of the rolls from s take the jump from j.
func (rr refRules) rollTakes(flat []int, s, j int) int {
	last := len(flat) - 1
	n := 0
	for roll := 1; roll <= rr.faces; roll++ {
		if s+roll > last && rr.over == Stay {
			continue // the token does not move
		}
		landed, _ := rr.step(flat, s, roll)
		for _, v := range rr.takes(flat, landed) {
			if v == j {
				n++
				break
			}
		}
	}
	return n
}

// chanceToTake solves exactly for the chance that the jump from j is taken
// at least once: over the squares from which a roll taking it can be
// reached, h(s) = Σ over rolls of 1/F·(1 if it takes the jump, else h(to)).
func (rr refRules) chanceToTake(flat []int, j int) *big.Rat {
	last := len(flat) - 1
	in := map[int]bool{}
	for s := 0; s < last; s++ {
		if rr.rollTakes(flat, s, j) > 0 {
			in[s] = true
		}
	}
	for changed := true; changed; {
		changed = false
		for s := 0; s < last; s++ {
			for roll := 1; roll <= rr.faces && !in[s]; roll++ {
				if _, to := rr.step(flat, s, roll); in[to] {
					in[s], changed = true, true
				}
			}
		}
	}
	if !in[rr.start()] {
		return new(big.Rat)
	}
	var order []int
	at := map[int]int{}
	for s := 0; s < last; s++ {
		if in[s] {
			at[s] = len(order)
			order = append(order, s)
		}
	}
	n := len(order)
	a := make([][]*big.Rat, n)
	b := make([]*big.Rat, n)
	share := big.NewRat(1, int64(rr.faces))
	for i, s := range order {
		a[i] = make([]*big.Rat, n)
		for k := range a[i] {
			a[i][k] = new(big.Rat)
		}
		a[i][i].SetInt64(1)
		b[i] = new(big.Rat).Mul(share, big.NewRat(int64(rr.rollTakes(flat, s, j)), 1))
		for roll := 1; roll <= rr.faces; roll++ {
			if s+roll > last && rr.over == Stay {
				a[i][i].Sub(a[i][i], share)
				continue
			}
			landed, to := rr.step(flat, s, roll)
			taken := false
			for _, v := range rr.takes(flat, landed) {
				taken = taken || v == j
			}
			if !taken && in[to] {
				a[i][at[to]].Sub(a[i][at[to]], share)
			}
		}
	}
	return ratSolve(a, b)[at[rr.start()]]
}

// TestPropertyJumpsAgainstExact checks every jump's figures on random
// boards up to 6×6 under every rule set: Taken against N's row for the
// start, Chance against the exact chance to take it, Effect against the
// exact expectation of the board without it.
func TestPropertyJumpsAgainstExact(t *testing.T) {
	t.Parallel()
	rapid.Check(t, func(t *rapid.T) {
		rr, r, b, flat := drawGame(t, 2, 6)
		checkJumpsExact(t, rr, r, b, flat)
	})
}

// TestPropertyJumpsKeptRowsAgainstExact is TestPropertyJumpsAgainstExact
// for the solve with kept rows (jumps.go), which Jumps takes past the
// structured solve's bounds, made to take every board (without Chain,
// which it does not serve there).
func TestPropertyJumpsKeptRowsAgainstExact(t *testing.T) {
	t.Parallel()
	rapid.Check(t, func(t *rapid.T) {
		rr, r, b, flat := drawGame(t, 2, 6)
		if rr.chain {
			rr.chain, r.Chain = false, false
		}
		checkJumpsExact(t, rr, bySweeps(r), b, flat)
	})
}

// checkJumpsExact checks Jumps on b under r against the exact figures.
func checkJumpsExact(t *rapid.T, rr refRules, r Rules, b *Board, flat []int) {
	last := len(flat) - 1
	x := rr.insights(flat)
	stats, err := r.Jumps(b)
	if !x.startOK {
		if !errors.Is(err, ErrNeverFinishes) {
			t.Fatalf("Jumps: %v, want ErrNeverFinishes", err)
		}
		return
	}
	if err != nil {
		t.Fatal(err)
	}
	e := x.from[x.at[rr.start()]]
	ef, _ := e.Float64()
	k := 0
	for j := 1; j <= last; j++ {
		if flat[j] == -1 || flat[j] == j {
			continue
		}
		if k >= len(stats) || stats[k].From != j || stats[k].To != flat[j] {
			t.Fatalf("Jumps = %+v; jump %d→%d missing or out of order", stats, j, flat[j])
		}
		js := stats[k]
		k++
		taken := new(big.Rat)
		for i, s := range x.sure {
			n := rr.rollTakes(flat, s, j)
			taken.Add(taken, new(big.Rat).Mul(x.visits[i], big.NewRat(int64(n), int64(rr.faces))))
		}
		if w, _ := taken.Float64(); math.Abs(js.Taken-w) > 1e-12*w {
			t.Fatalf("jump %d→%d: Taken %.17g, exact %s", j, flat[j], js.Taken, taken.FloatString(20))
		}
		if w, _ := rr.chanceToTake(flat, j).Float64(); math.Abs(js.Chance-w) > 1e-12 {
			t.Fatalf("jump %d→%d: Chance %.17g, exact %.17g", j, flat[j], js.Chance, w)
		}
		without := append([]int(nil), flat...)
		without[j] = -1
		e2, finite := rr.expected(without)
		switch {
		case !finite:
			if !math.IsInf(js.Effect, 1) {
				t.Fatalf("jump %d→%d: Effect %v; the board without it may never finish", j, flat[j], js.Effect)
			}
		default:
			w, _ := new(big.Rat).Sub(e2, e).Float64()
			if math.Abs(js.Effect-w) > 1e-12*math.Max(math.Abs(w), ef) {
				t.Fatalf("jump %d→%d: Effect %.17g, exact %.17g", j, flat[j], js.Effect, w)
			}
		}
	}
	if k != len(stats) {
		t.Fatalf("Jumps = %+v has %d entries, the board %d jumps", stats, len(stats), k)
	}
}

// TestPropertyInsightLaws checks the laws that tie the insights together on
// boards up to 12×12: ExpectedFrom satisfies the one-step equation on every
// square it gives a finite value for; Visits sums to ExpectedTurns; the
// expected bites and climbs are Jumps' Taken, and each is the landings the
// visits produce.
func TestPropertyInsightLaws(t *testing.T) {
	t.Parallel()
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(2, 12).Draw(t, "n")
		b, err := NewBoard(sparseGrid(t, n))
		if err != nil {
			t.Fatal(err)
		}
		r := genRules().Draw(t, "rules").rules()
		g, _ := r.playable(b)
		from, err := r.ExpectedFrom(b)
		if err != nil {
			t.Fatal(err)
		}
		for v := int32(0); v < g.Last; v++ {
			if math.IsInf(from[v], 1) {
				continue
			}
			// E(v) = 1 + the mean of E over the rolls' destinations.
			want := 1.0
			for roll := int32(1); roll <= g.Faces; roll++ {
				_, to := g.Step(v, roll)
				want += from[to] / float64(g.Faces)
			}
			if math.Abs(from[v]-want) > 1e-9*want {
				t.Fatalf("ExpectedFrom[%d] = %.17g, one step says %.17g", v, from[v], want)
			}
		}
		e, err := r.ExpectedTurns(b)
		if err != nil {
			return // the laws below are for games that surely end
		}
		visits, err := r.Visits(b)
		if err != nil {
			t.Fatal(err)
		}
		if s := compensated(visits); math.Abs(s-e) > 1e-10*e {
			t.Fatalf("Visits sum to %.17g, ExpectedTurns %.17g", s, e)
		}
		if math.Abs(from[g.Start]-e) > 1e-10*e {
			t.Fatalf("ExpectedFrom[start] = %.17g, ExpectedTurns %.17g", from[g.Start], e)
		}
		stats, err := r.Jumps(b)
		if err != nil || r.Chain {
			return // under Chain one landing may take several jumps
		}
		for _, js := range stats {
			// Taken: the visits to the squares a roll lands on the jump from.
			want := 0.0
			for v := int32(0); v < g.Last; v++ {
				for roll := int32(1); roll <= g.Faces; roll++ {
					if l, _ := g.Step(v, roll); l == int32(js.From) && (v+roll <= g.Last || g.Over != model.Stay) {
						want += visits[v] / float64(g.Faces)
					}
				}
			}
			if math.Abs(js.Taken-want) > 1e-10*want {
				t.Fatalf("jump %d→%d: Taken %.17g, visits say %.17g", js.From, js.To, js.Taken, want)
			}
			if js.Chance < 0 || js.Chance > 1+1e-12 || js.Chance > js.Taken+1e-12 {
				t.Fatalf("jump %d→%d: Chance %v, Taken %v", js.From, js.To, js.Chance, js.Taken)
			}
		}
	})
}

// TestInsightAllocations pins down the godoc's promise: the insights
// allocate only their result once their pools are warm.
func TestInsightAllocations(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector's sync.Pool drops items at random")
	}
	r, b := Rules{StartOffBoard: true}, Classic()
	for name, tc := range map[string]struct {
		f    func()
		want float64
	}{
		"ExpectedFrom": {func() { r.ExpectedFrom(b) }, 1},
		"Visits":       {func() { r.Visits(b) }, 1},
		"Variance":     {func() { r.Variance(b) }, 0},
		"Jumps":        {func() { r.Jumps(b) }, 1},
	} {
		tc.f()
		if got := testing.AllocsPerRun(100, tc.f); got > tc.want {
			t.Errorf("%s: %v allocations a call, want %v (its result)", name, got, tc.want)
		}
	}
}

// TestPropertyInsightsBySweeps runs the exact comparisons with the
// bounded-memory solve, which large boards use.
func TestPropertyInsightsBySweeps(t *testing.T) {
	t.Parallel()
	checkInsightsAgainstExact(t, bySweeps)
}

// TestPropertyInsightsByBand runs them with the banded elimination, which
// boards of short jumps use.
func TestPropertyInsightsByBand(t *testing.T) {
	t.Parallel()
	checkInsightsAgainstExact(t, byBand)
}

// TestInsightsRepeat: a second call answers exactly as the first, under
// every rule set, Chain included, whose sums once ran in map order.
func TestInsightsRepeat(t *testing.T) {
	t.Parallel()
	rapid.Check(t, func(t *rapid.T) {
		_, r, b, _ := drawGame(t, 2, 6)
		first, err1 := r.Jumps(b)
		second, err2 := r.Jumps(b)
		if (err1 == nil) != (err2 == nil) || !reflect.DeepEqual(first, second) {
			t.Fatalf("Jumps = %+v, %v; then %+v, %v", first, err1, second, err2)
		}
		v1, _ := r.Visits(b)
		v2, _ := r.Visits(b)
		if !reflect.DeepEqual(v1, v2) {
			t.Fatalf("Visits differ between calls")
		}
	})
}

// eachWithoutAJump calls f with b less each of its jumps in turn, in the
// order of Jumps, until f returns false.
func eachWithoutAJump(t fataler, b *Board, f func(without *Board) bool) {
	grid := b.Grid()
	for row := range grid {
		for col, to := range grid[row] {
			if to == -1 {
				continue
			}
			grid[row][col] = -1
			without, err := NewBoard(grid)
			if err != nil {
				t.Fatal(err)
			}
			grid[row][col] = to
			if !f(without) {
				return
			}
		}
	}
}

// longWithoutAJump reports whether, on b without one of its jumps, a game
// from some square lasts over turns on average, by the structured solve.
func longWithoutAJump(t fataler, r Rules, b *Board, turns float64) bool {
	long := false
	eachWithoutAJump(t, b, func(without *Board) bool {
		from, _ := r.ExpectedFrom(without)
		for _, e := range from {
			long = long || e > turns && !math.IsInf(e, 1)
		}
		return !long
	})
	return long
}

// TestPropertyJumpsKeptRowsAgainstStructured checks Jumps with kept rows
// (jumps.go: a slot for the rows it reads, a ring for the others, the
// elimination on every core) against the structured solve's, which keeps
// every square's row, on random boards of 8×8 to 24×24 under rules with
// one throw a turn (dice, loaded faces, a total to enter, every
// overshoot) and no Chain: Taken and Chance agree to 1e-11 relative,
// Effect to 1e-9 of itself plus 1e-12 of the game's length (each claims
// 1e-10 of itself and a floor under 1e-12 of the length); long games
// whose Effects both take from fresh solves agree the same way. Where the
// board without some jump has a game of over 10¹² turns, whose fresh
// solve by GMRES may be refused as not shown to converge (as documented
// for ExpectedTurns), kept rows may refuse with ErrTooLarge.
func TestPropertyJumpsKeptRowsAgainstStructured(t *testing.T) {
	t.Parallel()
	rapid.Check(t, func(t *rapid.T) {
		h := genHouse().Draw(t, "rules")
		h.chain, h.again, h.limit = false, 0, 0
		r := h.rules()
		b, err := NewBoard(genGrid(8, 24).Draw(t, "grid"))
		if err != nil {
			t.Fatal(err)
		}
		want, err := r.Jumps(b)
		got, err2 := bySweeps(r).Jumps(b)
		if err == nil && errors.Is(err2, ErrTooLarge) && longWithoutAJump(t, r, b, 1e12) {
			return // GMRES's documented refusal: a fresh solve of a game too long to show converged
		}
		if err != nil || err2 != nil {
			if !errors.Is(err, ErrNeverFinishes) || !errors.Is(err2, ErrNeverFinishes) {
				t.Fatalf("Jumps: every row %v, kept rows %v", err, err2)
			}
			return
		}
		e, err := r.ExpectedTurns(b)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != len(want) {
			t.Fatalf("kept rows %d jumps, every row %d", len(got), len(want))
		}
		for i, w := range want {
			g := got[i]
			if g.From != w.From || g.To != w.To {
				t.Fatalf("jump %d: kept rows %d→%d, every row %d→%d", i, g.From, g.To, w.From, w.To)
			}
			if math.Abs(g.Taken-w.Taken) > 1e-11*w.Taken || math.Abs(g.Chance-w.Chance) > 1e-11*w.Chance {
				t.Fatalf("jump %d→%d: kept rows %+v, every row %+v", w.From, w.To, g, w)
			}
			switch {
			case math.IsInf(w.Effect, 1) || math.IsInf(g.Effect, 1):
				if g.Effect != w.Effect {
					t.Fatalf("jump %d→%d: kept rows Effect %v, every row %v", w.From, w.To, g.Effect, w.Effect)
				}
			case math.Abs(g.Effect-w.Effect) > 1e-9*math.Abs(w.Effect)+1e-12*e:
				t.Fatalf("jump %d→%d: kept rows Effect %.17g, every row %.17g (length %.6g)", w.From, w.To, g.Effect, w.Effect, e)
			}
		}
	})
}

// TestJumpsPastStructuredAgainstFresh checks Jumps on boards past the
// structured solve's bounds (100×100, 6% random jumps: over 256 squares
// that moves go back to), where it keeps rows only where it reads them,
// against solves of each board without the jump: every Effect within 1e-9
// of itself plus 2e-12 of the length (the fresh solves' difference keeps
// 2e-13 of it, Jumps claims 1e-10 plus 8e-13).
func TestJumpsPastStructuredAgainstFresh(t *testing.T) {
	t.Parallel()
	for seed := range uint64(3) {
		rng := rand.New(rand.NewPCG(seed, 100))
		grid := make([][]int, 100)
		for r := range grid {
			grid[r] = make([]int, 100)
			for c := range grid[r] {
				grid[r][c] = -1
				if rng.Float64() < 0.06 {
					grid[r][c] = 1 + rng.IntN(100*100)
				}
			}
		}
		grid[0][0] = -1 // the last square starts no jump
		b, err := NewBoard(grid)
		if err != nil {
			t.Fatal(err)
		}
		r := Rules{Overshoot: Overshoot(seed % 3)}
		f, _, err := solve.Insight(context.Background(), r.spec(), b.squares())
		if err != nil {
			t.Fatal(err)
		}
		dense := f.Dense()
		solve.FundamentalPool.Put(f)
		if dense {
			t.Fatalf("seed %d: the board is within the structured solve's bounds", seed)
		}
		stats, err := r.Jumps(b)
		if err != nil {
			t.Fatal(err)
		}
		e, err := r.ExpectedTurns(b)
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < len(stats); i += 1 + len(stats)/12 {
			js := stats[i]
			w, err := solve.EffectWithout(context.Background(), r.spec(), b.squares(), js.From, e)
			if err != nil {
				t.Fatal(err)
			}
			if math.IsInf(w, 1) != math.IsInf(js.Effect, 1) || math.Abs(js.Effect-w) > 1e-9*math.Abs(w)+2e-12*e {
				t.Errorf("seed %d: jump %d→%d: Effect %.17g, fresh solve %.17g (length %.6g)", seed, js.From, js.To, js.Effect, w, e)
			}
		}
	}
}

// TestJumpsParallelAsSerial checks that sharing the rows' sweep, the
// elimination and Jumps' batches among goroutines changes no bit of the
// answer: each goroutine writes its own columns, rows or jumps. Under
// -race it also checks that they share nothing else.
func TestJumpsParallelAsSerial(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(7, 40))
	jumps := map[int]int{}
	for len(jumps) < 120 {
		from := 2 + rng.IntN(40*40-2)
		jumps[from] = 1 + rng.IntN(40*40)
	}
	b := mustJumps(t, 40, jumps)
	for _, r := range []Rules{{}, {Dice: 2, Overshoot: Bounce}} {
		serial, err := tuned(bySweeps(r), func(l *model.Limits) { l.ParallelFrom = math.Inf(1) }).Jumps(b)
		if err != nil {
			t.Fatal(err)
		}
		shared, err := tuned(bySweeps(r), func(l *model.Limits) { l.ParallelFrom = 0 }).Jumps(b)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(serial, shared) {
			t.Errorf("%+v: serial and parallel Jumps differ:\n%+v\n%+v", r, serial, shared)
		}
	}
}

// TestJumpsShareOneBound checks that Jumps' fresh solves (under Again each
// jump's Effect and Chance is a solve of its own) count their work against
// one bound: at a bound under which one ExpectedTurns of the board fits
// with room to spare, the jumps' many solves together are refused, naming
// the figure and the bound, and from the first bound that fits them all
// the answer is the one without a bound.
func TestJumpsShareOneBound(t *testing.T) {
	t.Parallel()
	jumps := map[int]int{}
	for from := 7; from < 390; from += 29 {
		jumps[from] = from + 11
	}
	b := mustJumps(t, 20, jumps)
	r := Rules{Again: 6}
	want, err := r.Jumps(b)
	if err != nil {
		t.Fatal(err)
	}
	refusedByMeter := false
	for bound := int64(1 << 12); ; bound *= 2 {
		if bound > 1<<40 {
			t.Fatal("no bound up to 2^40 fits Jumps")
		}
		got, err := r.WithMaxWork(bound).Jumps(b)
		if err == nil {
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("within %d steps: %v, want %v", bound, got, want)
			}
			break
		}
		if !errors.Is(err, ErrTooLarge) {
			t.Fatalf("within %d steps: %v, want ErrTooLarge", bound, err)
		}
		if _, err1 := r.WithMaxWork(bound / 4).ExpectedTurns(b); err1 == nil {
			if !strings.Contains(err.Error(), "the jumps' figures: ") || !strings.Contains(err.Error(), fmt.Sprintf("over the bound of %.3g", float64(bound))) {
				t.Fatalf("within %d steps, where one solve fits in a quarter of it: %v, want the jumps' shared bound", bound, err)
			}
			refusedByMeter = true
		}
	}
	if !refusedByMeter {
		t.Fatal("no bound refused the jumps' solves together while one solve fitted: the test checked too little")
	}
}

// TestJumpsRefinedAgainstExact checks Effect to its documented bound (1e-10
// of itself plus 1e-14 of the length) against exact rationals on random
// 20×20 boards, for the jumps whose formula loses the most digits to
// t(start) − t(end): short snakes and ladders late in long games, which
// Jumps ranks again with refined expected turns rather than solving the
// board without them afresh.
func TestJumpsRefinedAgainstExact(t *testing.T) {
	t.Parallel()
	cases := []struct {
		seed  uint64
		jumps []int // their starts
	}{{4, []int{171, 13}}, {5, []int{326, 218}}, {2, []int{169}}}
	if raceEnabled {
		cases = cases[:1] // the exact solves take seconds under the race detector
	}
	for _, tc := range cases {
		b := mustBoard(t, randomGrid(20, 0.1, tc.seed))
		stats, err := Rules{}.Jumps(b)
		if err != nil {
			t.Fatal(err)
		}
		e, err := Rules{}.ExactExpectedTurns(b)
		if err != nil {
			t.Fatal(err)
		}
		ef, _ := e.Float64()
		for _, from := range tc.jumps {
			i := slices.IndexFunc(stats, func(js JumpStats) bool { return js.From == from })
			if i < 0 {
				t.Fatalf("seed %d: no jump from %d in %+v", tc.seed, from, stats)
			}
			jumps := map[int]int{}
			for _, js := range stats {
				if js.From != from {
					jumps[js.From] = js.To
				}
			}
			without, err := FromJumps(20, jumps)
			if err != nil {
				t.Fatal(err)
			}
			e2, err := Rules{}.ExactExpectedTurns(without)
			if err != nil {
				t.Fatal(err)
			}
			w, _ := new(big.Rat).Sub(e2, e).Float64()
			if got := stats[i].Effect; math.Abs(got-w) > 1e-10*math.Abs(w)+1e-14*ef {
				t.Errorf("seed %d, jump %d→%d: Effect %.17g, exact %.17g", tc.seed, from, stats[i].To, got, w)
			}
		}
	}
}
