package snakes

import (
	"context"
	"errors"
	"math"
	"math/big"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/snakesladders/snakes/internal/solve"
)

// This file tests the order of magnitude given for games whose expectation
// is past float64.

// ratLog10 is log₁₀ of a positive fraction, from its numerator's and
// denominator's bits, in 128-bit floats.
func ratLog10(x *big.Rat) float64 {
	log2 := func(n *big.Int) float64 {
		shift := max(n.BitLen()-64, 0)
		top, _ := new(big.Float).SetInt(new(big.Int).Rsh(n, uint(shift))).Float64()
		return math.Log2(top) + float64(shift)
	}
	return (log2(x.Num()) - log2(x.Denom())) * math.Log10(2)
}

// everySixth is the n×n board on which every square but 1, 7, 13, ...
// and the last is a snake to square 1: a game that needs a long run of
// the die's sixes, about 6^(n²/6) turns.
func everySixth(n int) [][]int {
	grid := emptyGrid(n)
	for s := 2; s < n*n; s++ {
		if (s-1)%6 != 0 {
			r, c := cellAt(n, s)
			grid[r][c] = 1
		}
	}
	return grid
}

// TestExpectedMagnitudeBeyondFloat64: games whose expected length is past
// float64, whose exact fraction ExactExpectedTurns can still find: the
// order of magnitude that ExpectedTurns' error gives is the fraction's,
// within 1e-12 of its logarithm.
func TestExpectedMagnitudeBeyondFloat64(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		n       int
		weights []int
	}{
		{30, []int{20, 20, 20, 20, 20, 1}}, // 101^(900/6): about 10³⁰⁰
		{32, []int{30, 30, 30, 30, 30, 1}},
		{32, []int{1000, 1000, 1000, 1000, 1000, 1}},
	} {
		b, err := NewBoard(everySixth(c.n))
		if err != nil {
			t.Fatal(err)
		}
		r := Rules{Weights: c.weights}
		exact, err := r.ExactExpectedTurns(b)
		if err != nil {
			t.Fatal(err)
		}
		want := ratLog10(exact)
		g, err := r.playable(b)
		if err != nil {
			t.Fatal(err)
		}
		got, ok, _, _ := solve.ExpectedMagnitude(context.Background(), g)
		if !ok || math.Abs(got-want) > 1e-12*want {
			t.Fatalf("%d×%d, weights %v: log₁₀ of the expected length %v, %v; exact %v", c.n, c.n, c.weights, got, ok, want)
		}
		_, err = r.ExpectedTurns(b)
		if want > 308.3 {
			if !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "about "+solve.TenTo(want)+", is beyond the float64 range") {
				t.Fatalf("%d×%d, weights %v: ExpectedTurns error %v; want about %s", c.n, c.n, c.weights, err, solve.TenTo(want))
			}
		}
		t.Logf("%d×%d, weights %v: 10^%.6f, %v", c.n, c.n, c.weights, want, err)
	}
}

// TestPropertyExpectedMagnitude: on random boards and house rules whose
// games surely end, the order of magnitude is the exact fraction's.
func TestPropertyExpectedMagnitude(t *testing.T) {
	t.Parallel()
	checked := 0
	rapid.Check(t, func(t *rapid.T) {
		grid := genGrid(2, 5).Draw(t, "grid")
		h := genHouse().Draw(t, "rules")
		r, b, _ := houseBoard(t, grid, h)
		exact, err := r.ExactExpectedTurns(b)
		if errors.Is(err, ErrNeverFinishes) || errors.Is(err, ErrTooLarge) {
			return
		}
		if err != nil {
			t.Fatal(err)
		}
		g, err := r.playable(b)
		if err != nil {
			t.Fatal(err)
		}
		got, ok, _, _ := solve.ExpectedMagnitude(context.Background(), g)
		if exact.Sign() == 0 {
			if ok {
				t.Fatalf("a game that is over at the start has a magnitude %v", got)
			}
			return
		}
		if want := ratLog10(exact); !ok || math.Abs(got-want) > 1e-12*max(1, math.Abs(want)) {
			t.Fatalf("log₁₀ of the expected length %v, %v; exact %v", got, ok, want)
		}
		checked++
	})
	t.Logf("%d draws checked against the exact fraction", checked)
	if checked < 50 {
		t.Fatalf("%d draws checked: too few", checked)
	}
}
