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
func eliminateRows(rows []float64, width int, sq []int32, rk []float64, d float64, lo, hi int) {
	k := len(rk) - 2
	for i := lo; i < hi; i++ {
		ri := rows[int(sq[i])*width : int(sq[i]+1)*width]
		if c := ri[2+k]; c != 0 {
			if f := c / d; f != 0 {
				AddScaled(ri, rk, f)
			}
		}
	}
}

// Eliminate solves the m unknowns of the swept rows (width numbers a
// square; rows of the unknowns' squares sq): each unknown equals its own
// square's row. It eliminates them last to first, keeping each divisor in
// div; a divisor is one minus the chance to return to the same unknown,
// computed as the sum of the chances to go anywhere else so that no
// subtraction loses precision. It then back-substitutes (unknown k depends
// only on unknowns 0..k-1) into val. A zero divisor means a closed set of
// squares the last square cannot be reached from: Eliminate returns that
// unknown's index, or -1; and it stops with ctx's error once ctx is done. The columns of the rows left above an unknown
// are not touched again once it is eliminated, so they stay for visits.
// With workers over 1, eliminations of over parallelFrom multiply-adds
// update the rows in that many goroutines, each its own rows, so that the
// answer does not change.
func Eliminate(ctx context.Context, rows []float64, width int, sq []int32, div, val []float64, workers int, parallelFrom float64) (int, error) {
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
		d := rk[1]
		for _, c := range rk[2:] {
			d += c
		}
		if d == 0 {
			return k, nil
		}
		div[k] = d
		if workers > 1 && float64(k)*float64(k)*float64(width) > parallelFrom {
			Parallel(k, workers, func(_, lo, hi int) { eliminateRows(rows, width, sq, rk, d, lo, hi) })
		} else {
			eliminateRows(rows, width, sq, rk, d, 0, k)
		}
	}
	for k := 0; k < m; k++ {
		rk := rows[int(sq[k])*width : int(sq[k]+1)*width]
		u := rk[0]
		for j, c := range rk[2 : 2+k] {
			u += c * val[j]
		}
		val[k] = u / div[k]
	}
	return -1, nil
}
