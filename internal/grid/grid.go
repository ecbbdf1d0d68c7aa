package grid

import (
	"fmt"

	"github.com/snakesladders/snakes/internal/errs"
)

// This file knows the numbering (how LeetCode 909's boustrophedon labels
// map to rows and columns, and back), validates a grid and flattens it
// into its jumps by label, and holds bitsets of squares.

// MaxSide is the largest n whose n² labels fit in an int32, which is what the
// searches store per square to keep a 10⁸-square board within a few bytes a
// square.
const MaxSide = 46340 // 46340² = 2147395600 ≤ math.MaxInt32 < 46341²

// CellOf returns the grid cell of label on an n×n board, for label in 1..n².
// Together with LabelOf it is the only code that knows the boustrophedon
// numbering: label 1 is grid[n-1][0], the bottom row runs left to right, the
// row above it right to left, and so on upwards.
func CellOf(n, label int) (row, col int) {
	band, off := (label-1)/n, (label-1)%n
	if band%2 == 1 {
		off = n - 1 - off
	}
	return n - 1 - band, off
}

// LabelOf is the inverse of CellOf, for row and col in 0..n-1.
func LabelOf(n, row, col int) int {
	band := n - 1 - row
	if band%2 == 1 {
		col = n - 1 - col
	}
	return band*n + col + 1
}

// What follows validates a grid and flattens it into its jumps by label.

// Flat validates grid and returns its label→destination array: flat has
// n²+1 entries, flat[0] is -1 and unused, and flat[label] is the square a
// token landing on label is moved to, or -1 when label starts no jump.
// Errors wrap errs.ErrInvalidBoard and name the row, column and label.
func Flat(grid [][]int) ([]int32, error) {
	n := len(grid)
	if n == 0 {
		return nil, errs.Errorf(errs.ErrInvalidBoard, "the grid has no rows")
	}
	if n > MaxSide {
		return nil, errs.Errorf(errs.ErrInvalidBoard, "the grid has %d rows; at most %d are supported (n² must fit in an int32)", n, MaxSide)
	}
	for r, row := range grid {
		if len(row) != n {
			return nil, errs.Errorf(errs.ErrInvalidBoard, "row %d has %s, want %d", r, errs.Count(len(row), "cell", "cells"), n)
		}
	}
	last := n * n
	flat := make([]int32, last+1)
	flat[0] = -1
	for r, row := range grid {
		// Walk the row in label order: labels run band·n+1.. from column 0
		// on even bands (counted from the bottom), from column n-1 on odd.
		first, step := LabelOf(n, r, 0), 1
		if (n-1-r)%2 == 1 {
			step = -1
		}
		for c, v := range row {
			label := first + c*step
			if v != -1 && (v < 1 || v > last || label == last) {
				return nil, errs.Errorf(errs.ErrInvalidBoard, "row %d, column %d (square %d) %s", r, c, label, JumpProblem(n, label, v))
			}
			flat[label] = int32(v)
		}
	}
	return flat, nil
}

// JumpProblem says what is wrong with the value v found for label on an n×n
// board, or returns "" when v is -1 or a legal jump. The caller prefixes where
// the value came from.
func JumpProblem(n, label, v int) string {
	last := n * n
	switch {
	case v == -1:
		return ""
	case v < 1 || v > last:
		return fmt.Sprintf("holds %d, want -1 or a square in 1..%d", v, last)
	case label == last:
		return fmt.Sprintf("is the last square and holds a jump to %d; the last square cannot start a jump", v)
	}
	return ""
}

// What follows holds bitsets of squares: a bit a square, 64 to a word.

// Words is the length of a bitset for bits 0..size-1, and the number
// of the search's blocks.
func Words(size int) int { return (size + 63) / 64 }

// NewBitset returns an empty bitset for bits 0..size-1.
func NewBitset(size int) []uint64 { return make([]uint64, Words(size)) }

// Has reports whether bit i of set is set.
func Has(set []uint64, i int32) bool { return set[i>>6]&(1<<(uint(i)&63)) != 0 }

// Add sets bit i of set.
func Add(set []uint64, i int32) { set[i>>6] |= 1 << (uint(i) & 63) }

// Clear clears bit i of set.
func Clear(set []uint64, i int32) { set[i>>6] &^= 1 << (uint(i) & 63) }
