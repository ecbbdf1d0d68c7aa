package snakes

import (
	"fmt"

	"github.com/snakesladders/snakes/internal/errs"
)

// This file knows the numbering: how LeetCode 909's boustrophedon labels
// map to rows and columns, and back.

// maxSide is the largest n whose n² labels fit in an int32, which is what the
// searches store per square to keep a 10⁸-square board within a few bytes a
// square.
const maxSide = 46340 // 46340² = 2147395600 ≤ math.MaxInt32 < 46341²

// cellOf returns the grid cell of label on an n×n board, for label in 1..n².
// Together with labelOf it is the only code that knows the boustrophedon
// numbering: label 1 is grid[n-1][0], the bottom row runs left to right, the
// row above it right to left, and so on upwards.
func cellOf(n, label int) (row, col int) {
	band, off := (label-1)/n, (label-1)%n
	if band%2 == 1 {
		off = n - 1 - off
	}
	return n - 1 - band, off
}

// labelOf is the inverse of cellOf, for row and col in 0..n-1.
func labelOf(n, row, col int) int {
	band := n - 1 - row
	if band%2 == 1 {
		col = n - 1 - col
	}
	return band*n + col + 1
}

// Flatten validates grid and returns its label→destination array: flat has
// n²+1 entries, flat[0] is -1 and unused, and flat[label] is the square a
// token landing on label is moved to, or -1 when label starts no jump.
//
// The grid must be n×n with n ≥ 1 and n² ≤ math.MaxInt32, and every cell must
// hold -1 or a label in 1..n²; the last square (n²) may not start a jump. A
// jump to its own square is allowed and has no effect. Errors wrap
// [ErrInvalidBoard] and name the row and column (0-based indices into grid),
// the square's label and the value found. It allocates 12 bytes a square.
func Flatten(grid [][]int) ([]int, error) {
	flat, err := flatten(grid)
	if err != nil {
		return nil, err
	}
	out := make([]int, len(flat))
	for i, d := range flat {
		out[i] = int(d)
	}
	return out, nil
}

// flatten is Flatten with the compact element type that Board keeps.
func flatten(grid [][]int) ([]int32, error) {
	n := len(grid)
	if n == 0 {
		return nil, errs.Errorf(ErrInvalidBoard, "the grid has no rows")
	}
	if n > maxSide {
		return nil, errs.Errorf(ErrInvalidBoard, "the grid has %d rows; at most %d are supported (n² must fit in an int32)", n, maxSide)
	}
	for r, row := range grid {
		if len(row) != n {
			return nil, errs.Errorf(ErrInvalidBoard, "row %d has %s, want %d", r, errs.Count(len(row), "cell", "cells"), n)
		}
	}
	last := n * n
	flat := make([]int32, last+1)
	flat[0] = -1
	for r, row := range grid {
		// Walk the row in label order: labels run band·n+1.. from column 0
		// on even bands (counted from the bottom), from column n-1 on odd.
		first, step := labelOf(n, r, 0), 1
		if (n-1-r)%2 == 1 {
			step = -1
		}
		for c, v := range row {
			label := first + c*step
			if v != -1 && (v < 1 || v > last || label == last) {
				return nil, errs.Errorf(ErrInvalidBoard, "row %d, column %d (square %d) %s", r, c, label, jumpProblem(n, label, v))
			}
			flat[label] = int32(v)
		}
	}
	return flat, nil
}

// jumpProblem says what is wrong with the value v found for label on an n×n
// board, or returns "" when v is -1 or a legal jump. The caller prefixes where
// the value came from.
func jumpProblem(n, label, v int) string {
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
