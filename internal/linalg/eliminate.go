package linalg

import (
	"context"

	"github.com/snakesladders/snakes/internal/budget"
)

// This file is the subtraction-free elimination (Grassmann–Taksar–Heyman)
// that ExpectedTurns' structured elimination and the insights' share: the
// reduced equations of the m squares that moves go back to, each divisor a
// sum of chances rather than one minus one.

// eliminateRows eliminates, from the rows of the unknowns lo..hi-1, the
// unknown whose row is rk (as far as its own column), over its divisor d.
func eliminateRows[T any, A Arith[T]](a A, rows []T, width int, sq []int32, rk []T, d T, lo, hi int) {
	k := len(rk) - 2
	for i := lo; i < hi; i++ {
		ri := rows[int(sq[i])*width : int(sq[i]+1)*width]
		if c := ri[2+k]; !a.IsZero(c) {
			if f := a.Quo(c, d); !a.IsZero(f) {
				a.AddScaled(ri, rk, f)
			}
		}
	}
}

// Eliminate solves the m unknowns of the swept rows (width numbers a
// square; rows of the unknowns' squares sq), in a's arithmetic: each
// unknown equals its own square's row. It eliminates them last to first,
// keeping each divisor in div; a divisor is one minus the chance to
// return to the same unknown, computed as the sum of the chances to go
// anywhere else so that no subtraction loses precision. It then
// back-substitutes (unknown k depends only on unknowns 0..k-1) into val.
// A zero divisor means a closed set of squares the last square cannot be
// reached from: Eliminate returns that unknown's index, or -1; and it
// stops with ctx's error once ctx is done. The columns of the rows left
// above an unknown are not touched again once it is eliminated, so they
// stay for visits. With workers over 1, eliminations of over parallelFrom
// multiply-adds update the rows in that many goroutines, each its own
// rows, so that the answer does not change.
func Eliminate[T any, A Arith[T]](a A, ctx context.Context, rows []T, width int, sq []int32, div, val []T, workers int, parallelFrom float64) (int, error) {
	m := len(sq)
	steps := 0
	for k := m - 1; k >= 0; k-- {
		if steps += k * width; steps > budget.CheckEvery {
			if err := budget.Stopped(ctx); err != nil {
				return -1, err
			}
			steps = 0
		}
		rk := rows[int(sq[k])*width : int(sq[k])*width+2+k]
		d := a.Sum(rk[1], rk[2:])
		if a.IsZero(d) {
			return k, nil
		}
		div[k] = d
		if workers > 1 && float64(k)*float64(k)*float64(width) > parallelFrom {
			Parallel(k, workers, func(_, lo, hi int) { eliminateRows(a, rows, width, sq, rk, d, lo, hi) })
		} else {
			eliminateRows(a, rows, width, sq, rk, d, 0, k)
		}
	}
	for k := 0; k < m; k++ {
		rk := rows[int(sq[k])*width : int(sq[k]+1)*width]
		val[k] = a.Quo(a.Dot(rk[0], rk[2:2+k], val[:k]), div[k])
	}
	return -1, nil
}
