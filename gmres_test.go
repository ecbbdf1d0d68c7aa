package snakes

import (
	"errors"
	"math"
	"math/big"
	"testing"

	"pgregory.net/rapid"

	"github.com/snakesladders/snakes/internal/model"
)

// This file tests the band and GMRES against exact answers and against the
// structured elimination, and ExactExpectedTurns against the reference.

// TestPropertyBandAgainstExact checks the banded elimination against the
// exact rational answers on random boards up to 6×6 under every rule set.
func TestPropertyBandAgainstExact(t *testing.T) {
	t.Parallel()
	rapid.Check(t, func(t *rapid.T) {
		rr, r, b, flat := drawGame(t, 1, 6)
		checkExpected(t, rr, byBand(r), b, flat)
	})
}

// TestPropertySweepsAgainstExact checks the bounded-memory solve against the
// exact rational answers on random boards up to 6×6 under every rule set.
func TestPropertySweepsAgainstExact(t *testing.T) {
	t.Parallel()
	rapid.Check(t, func(t *rapid.T) {
		rr, r, b, flat := drawGame(t, 1, 6)
		checkExpected(t, rr, bySweeps(r), b, flat)
	})
}

// TestPropertySweepsAgainstElimination compares the two solves on boards
// too large for exact arithmetic but small enough for the elimination,
// under house rules as well: there the elimination reads a turn by its
// links (expected.go), the sweeps by its every throw (moveTable).
func TestPropertySweepsAgainstElimination(t *testing.T) {
	t.Parallel()
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(10, 40).Draw(t, "n")
		grid := sparseGrid(t, n)
		r := genRules().Draw(t, "rules").rules()
		if rapid.Bool().Draw(t, "house") {
			r = genHouse().Draw(t, "house rules").rules()
		}
		b, err := NewBoard(grid)
		if err != nil {
			t.Fatal(err)
		}
		dense := tuned(r, func(l *model.Limits) { l.DenseUpTo, l.DenseBytes = 1<<20, 1<<30 })
		want, werr := dense.ExpectedTurns(b)
		from, _ := dense.ExpectedFrom(b)
		got, gerr := bySweeps(r).ExpectedTurns(b)
		// The sweeps' documented bound: relative 2⁻⁴⁹ times the longest
		// expected game from any square, or 1e-13 (here 1e-11, as the
		// elimination has its own rounding).
		longest := 0.0
		for _, e := range from {
			if !math.IsInf(e, 0) {
				longest = max(longest, e)
			}
		}
		switch {
		case werr == nil && gerr != nil && errors.Is(gerr, ErrTooLarge) && longest > 1e9:
			return // refused where its bound allows 2⁻⁴⁹·1e9 ≈ 2e-6 relative: no wrong answer
		case (werr == nil) != (gerr == nil) || werr != nil && !errors.Is(gerr, ErrNeverFinishes):
			t.Fatalf("elimination %v, %v; sweeps %v, %v", want, werr, got, gerr)
		}
		if werr == nil && math.Abs(got-want) > max(1e-11, 0x1p-49*longest)*want {
			t.Fatalf("elimination %.17g, sweeps %.17g (longest game %.3g)", want, got, longest)
		}
	})
}

// sparseGrid draws an n×n grid with up to one jump in ten squares, so that
// most games end in reasonable time.
func sparseGrid(t *rapid.T, n int) [][]int {
	grid := emptyGrid(n)
	last := n * n
	for range rapid.IntRange(0, last/10).Draw(t, "jumps") {
		from := rapid.IntRange(2, last-1).Draw(t, "from")
		r, c := cellAt(n, from)
		grid[r][c] = rapid.IntRange(1, last).Draw(t, "to")
	}
	return grid
}

// TestPropertyExactExpectedTurns compares the exact fraction with the test's
// own Gauss-Jordan solution of every square's equation.
func TestPropertyExactExpectedTurns(t *testing.T) {
	t.Parallel()
	rapid.Check(t, func(t *rapid.T) {
		rr, r, b, flat := drawGame(t, 1, 6)
		want, finite := rr.expected(flat)
		got, err := r.ExactExpectedTurns(b)
		switch {
		case !finite:
			if !errors.Is(err, ErrNeverFinishes) {
				t.Fatalf("ExactExpectedTurns = %v, %v; want ErrNeverFinishes", got, err)
			}
		case err != nil || got.Cmp(want) != 0:
			t.Fatalf("ExactExpectedTurns = %v, %v; exact %v", got, err, want)
		}
	})
}

func TestExactExpectedTurnsClassic(t *testing.T) {
	t.Parallel()
	paper, _ := new(big.Rat).SetString("225837582538403273407117496273279920181931269186581786048583/" +
		"5757472998140039232950575874628786131130999406013041613400")
	got, err := Rules{StartOffBoard: true}.ExactExpectedTurns(Classic())
	if err != nil || got.Cmp(paper) != 0 {
		t.Errorf("ExactExpectedTurns = %v, %v; the paper has %v", got, err, paper)
	}
	if _, err := (Rules{}).ExactExpectedTurns(mustJumps(t, 300, map[int]int{})); !errors.Is(err, ErrTooLarge) {
		t.Errorf("a 300×300 board: %v, want ErrTooLarge", err)
	}
}

// TestVisitsBySweepsStagnating pins a board whose reduced system GMRES
// exhausts at rounding level: the next Hessenberg diagonal came out exactly
// 0, and dividing by it filled the visits with NaN. The sweeps' visits
// must match the structured elimination's.
func TestVisitsBySweepsStagnating(t *testing.T) {
	t.Parallel()
	b, err := NewBoard([][]int{
		{1, 3, -1, 2, -1},
		{1, 18, 11, 2, 3},
		{4, 2, 2, 2, 2},
		{3, 2, -1, 8, 2},
		{-1, 4, 18, 18, 2},
	})
	if err != nil {
		t.Fatal(err)
	}
	r := Rules{StartOffBoard: true, Overshoot: Bounce, Chain: true}
	want, err := r.Visits(b)
	if err != nil {
		t.Fatal(err)
	}
	got, err := bySweeps(r).Visits(b)
	if err != nil {
		t.Fatal(err)
	}
	for v := range want {
		if math.Abs(got[v]-want[v]) > 1e-9*math.Max(want[v], 1) {
			t.Fatalf("Visits[%d] by sweeps = %.17g, by elimination %.17g", v, got[v], want[v])
		}
	}
}
