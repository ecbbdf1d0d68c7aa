package linalg

import (
	"context"

	"github.com/snakesladders/snakes/internal/budget"
)

// This file solves the equations of an absorbing chain by the
// subtraction-free elimination (Grassmann–Taksar–Heyman) in dense form.

// SolveChain solves x = Q·x + b for the m unknowns of an absorbing chain,
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
func SolveChain(ctx context.Context, m int, q, exit []float64, rhs ...[]float64) (closed int, err error) {
	closed = -1
	steps := 0
	for c := range m {
		rc := q[c*m : (c+1)*m]
		var d Sum
		d.Add(exit[c])
		for _, v := range rc[c+1:] {
			d.Add(v)
		}
		div := d.Value()
		if div == 0 {
			// Worth 0: what leads here leaves the chain.
			if closed < 0 {
				closed = c
			}
			for _, b := range rhs {
				b[c] = 0
			}
			for r := c + 1; r < m; r++ {
				exit[r] += q[r*m+c]
				q[r*m+c] = 0
			}
			continue
		}
		// Row c becomes its chances over the pivot:
		// x_c = Σ_{k>c} rc[k]·x_k + b_c.
		inv := 1 / div
		for k := c + 1; k < m; k++ {
			rc[k] *= inv
		}
		exit[c] *= inv
		for _, b := range rhs {
			b[c] *= inv
		}
		for r := c + 1; r < m; r++ {
			rr := q[r*m : (r+1)*m]
			f := rr[c]
			if f == 0 {
				continue
			}
			rr[c] = 0
			AddScaled(rr[c+1:], rc[c+1:], f)
			exit[r] += f * exit[c]
			for _, b := range rhs {
				b[r] += f * b[c]
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
			v := b[c]
			for k := c + 1; k < m; k++ {
				v += rc[k] * b[k]
			}
			b[c] = v
		}
	}
	return closed, nil
}
