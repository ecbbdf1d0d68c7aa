package linalg

import (
	"context"

	"github.com/snakesladders/snakes/internal/budget"
)

// This file solves the equations of an absorbing chain by the
// subtraction-free elimination (Grassmann–Taksar–Heyman) in dense form.

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
