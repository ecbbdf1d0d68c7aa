package snakes

import (
	"cmp"
	"slices"
	"testing"

	"pgregory.net/rapid"

	"github.com/snakesladders/snakes/internal/solve"
)

// This file tests downBoard, the sort down the board of the terms that
// Jumps' rank-one updates read.

// TestDownBoard checks downBoard against the standard library's stable
// sort on lists of terms drawn nearly in order up the board, as Jumps'
// batches make them, and in any order.
func TestDownBoard(t *testing.T) {
	t.Parallel()
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(0, 60).Draw(t, "n")
		terms := make([]solve.Term, n)
		for i := range terms {
			terms[i] = solve.Term{V: int32(rapid.IntRange(0, 20).Draw(t, "v")), J: int32(i), P: float64(i)}
		}
		if rapid.Bool().Draw(t, "nearly sorted") {
			slices.SortStableFunc(terms, func(a, b solve.Term) int { return cmp.Compare(a.V, b.V) })
		}
		want := slices.Clone(terms)
		slices.SortStableFunc(want, func(a, b solve.Term) int { return cmp.Compare(b.V, a.V) })
		solve.DownBoard(terms)
		if !slices.Equal(terms, want) {
			t.Fatalf("downBoard: %v, want %v", terms, want)
		}
	})
}
