package grid

import (
	"fmt"

	"github.com/snakesladders/snakes/internal/errs"
)

// This file validates a grid and flattens it into its jumps by label.

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
