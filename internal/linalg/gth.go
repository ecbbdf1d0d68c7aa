// This file is the subtraction-free elimination (Grassmann–Taksar–Heyman)
// in any number type: the arithmetic it is written in (an Arith for each
// type, F64 for float64 here, the others beside the engine that needs
// them), the elimination of the unknowns of the swept rows that
// ExpectedTurns' structured elimination and the insights share (each
// divisor a sum of chances rather than one minus one), and the dense
// solve of an absorbing chain.

package linalg

import (
	"context"

	"github.com/snakesladders/snakes/internal/budget"
)

// An Arith is the arithmetic of a number type T over non-negative
// numbers. Values it returns are new, except where a method says it may
// reuse an argument's storage (a big.Rat is a pointer); the row methods
// work in place. The eliminations call it a row or a pivot at a time, so
// that float64's loops stay tight.
type Arith[T any] interface {
	Zero() T
	One() T
	IsZero(x T) bool
	Quo(x, y T) T
	Mul(x, y T) T
	// AddMul returns acc + x·y, reusing acc's storage.
	AddMul(acc, x, y T) T
	// Sum returns first + Σ xs, and Dot first + Σ xs[i]·ys[i], both new;
	// Total is Sum for a pivot of many terms, compensated where rounding
	// would build up.
	Sum(first T, xs []T) T
	Total(first T, xs []T) T
	Dot(first T, xs, ys []T) T
	// AddScaled adds f·src to dst[:len(src)], and Scale multiplies row
	// by f.
	AddScaled(dst, src []T, f T)
	Scale(row []T, f T)
}

// F64 is the Arith of float64.
type F64 struct{}

func (F64) Zero() float64                           { return 0 }
func (F64) One() float64                            { return 1 }
func (F64) IsZero(x float64) bool                   { return x == 0 }
func (F64) Quo(x, y float64) float64                { return x / y }
func (F64) Mul(x, y float64) float64                { return x * y }
func (F64) AddMul(acc, x, y float64) float64        { return acc + x*y }
func (F64) AddScaled(dst, src []float64, f float64) { AddScaled(dst, src, f) }

func (F64) Sum(first float64, xs []float64) float64 {
	for _, x := range xs {
		first += x
	}
	return first
}

// Total is compensated (a Sum), so that a pivot summed from hundreds of
// small chances keeps its precision.
func (F64) Total(first float64, xs []float64) float64 {
	var s Sum
	s.Add(first)
	for _, x := range xs {
		s.Add(x)
	}
	return s.Value()
}

func (F64) Dot(first float64, xs, ys []float64) float64 {
	for i, x := range xs {
		first += x * ys[i]
	}
	return first
}

func (F64) Scale(row []float64, f float64) {
	for i := range row {
		row[i] *= f
	}
}

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

// SolveChain solves x = Q·x + b, in a's arithmetic, for the m unknowns of an absorbing chain,
// for each right-hand side b of rhs, where q holds Q row by row (q[i*m+j]
// is the chance to go from i to j, non-negative, the diagonal included)
// and exit[i] the chance that i leaves the unknowns, so that each row of q
// and its exit sum to 1; each b is non-negative. Each pivot is the sum of
// the chances of leaving its unknown rather than one minus the chance of
// staying, and every update adds non-negative terms, so that the answer
// keeps its relative precision however close the chain is to never
// leaving. An unknown the chain as eliminated cannot leave (the last of a
// closed class to be eliminated) is worth 0, and what leads to it leaves
// the chain there, so that a closed class on which no b gains anything is
// worth 0; closed is the first such unknown, or -1. It overwrites q and exit, returns each x in
// its b, and stops with ctx's error once ctx is done. Time m³/3, and m²
// for each right-hand side; no allocation.
func SolveChain[T any, A Arith[T]](a A, ctx context.Context, m int, q, exit []T, rhs ...[]T) (closed int, err error) {
	closed = -1
	steps := 0
	for c := range m {
		rc := q[c*m : (c+1)*m]
		div := a.Total(exit[c], rc[c+1:])
		if a.IsZero(div) {
			// Worth 0: what leads here leaves the chain.
			if closed < 0 {
				closed = c
			}
			for _, b := range rhs {
				b[c] = a.Zero()
			}
			for r := c + 1; r < m; r++ {
				exit[r] = a.Sum(exit[r], q[r*m+c:r*m+c+1])
				q[r*m+c] = a.Zero()
			}
			continue
		}
		// Row c becomes its chances over the pivot:
		// x_c = Σ_{k>c} rc[k]·x_k + b_c.
		inv := a.Quo(a.One(), div)
		a.Scale(rc[c+1:], inv)
		exit[c] = a.Mul(exit[c], inv)
		for _, b := range rhs {
			b[c] = a.Mul(b[c], inv)
		}
		for r := c + 1; r < m; r++ {
			rr := q[r*m : (r+1)*m]
			f := rr[c]
			if a.IsZero(f) {
				continue
			}
			rr[c] = a.Zero()
			a.AddScaled(rr[c+1:], rc[c+1:], f)
			exit[r] = a.AddMul(exit[r], f, exit[c])
			for _, b := range rhs {
				b[r] = a.AddMul(b[r], f, b[c])
			}
		}
		if steps += (m - c) * (m - c); steps > budget.CheckEvery {
			if err := budget.Stopped(ctx); err != nil {
				return closed, err
			}
			steps = 0
		}
	}
	for c := m - 1; c >= 0; c-- {
		rc := q[c*m : (c+1)*m]
		for _, b := range rhs {
			b[c] = a.Dot(b[c], rc[c+1:], b[c+1:])
		}
	}
	return closed, nil
}
