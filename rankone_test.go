package snakes

import (
	"cmp"
	"slices"
	"testing"

	"pgregory.net/rapid"
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
		terms := make([]term, n)
		for i := range terms {
			terms[i] = term{v: int32(rapid.IntRange(0, 20).Draw(t, "v")), j: int32(i), p: float64(i)}
		}
		if rapid.Bool().Draw(t, "nearly sorted") {
			slices.SortStableFunc(terms, func(a, b term) int { return cmp.Compare(a.v, b.v) })
		}
		want := slices.Clone(terms)
		slices.SortStableFunc(want, func(a, b term) int { return cmp.Compare(b.v, a.v) })
		downBoard(terms)
		if !slices.Equal(terms, want) {
			t.Fatalf("downBoard: %v, want %v", terms, want)
		}
	})
}
