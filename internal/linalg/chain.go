package linalg

import (
	"context"

	"github.com/snakesladders/snakes/internal/budget"
)

// This file solves the equations of an absorbing chain by the
// subtraction-free elimination (Grassmann–Taksar–Heyman) in dense form.

// SolveChain solves x = Q·x + b for the m unknowns of an absorbing chain,
// where q holds Q row by row (q[i*m+j] is the chance to go from i to j,
// non-negative, the diagonal included) and exit[i] the chance that i
// leaves the unknowns, so that each row of q and its exit sum to 1; b is
// non-negative. Each pivot is the sum of the chances of leaving its
// unknown rather than one minus the chance of staying, and every update
// adds non-negative terms, so that the answer keeps its relative precision
// however close the chain is to never leaving. It overwrites q, exit and
// b, returns x in b, and returns the index of an unknown the chain cannot
// leave (a closed class: no solution), or -1; it stops with ctx's error
// once ctx is done. Time m³/3, no allocation.
func SolveChain(ctx context.Context, m int, q, exit, b []float64) (int, error) {
	steps := 0
	for c := range m {
		rc := q[c*m : (c+1)*m]
		d := exit[c]
		for _, v := range rc[c+1:] {
			d += v
		}
		if d == 0 {
			return c, nil
		}
		// Row c becomes its chances over the pivot: x_c = Σ_{k>c} rc[k]·x_k + b_c.
		inv := 1 / d
		for k := c + 1; k < m; k++ {
			rc[k] *= inv
		}
		exit[c] *= inv
		b[c] *= inv
		for r := c + 1; r < m; r++ {
			rr := q[r*m : (r+1)*m]
			f := rr[c]
			if f == 0 {
				continue
			}
			rr[c] = 0
			AddScaled(rr[c+1:], rc[c+1:], f)
			exit[r] += f * exit[c]
			b[r] += f * b[c]
		}
		if steps += (m - c) * (m - c); steps > budget.CheckEvery {
			if err := budget.Stopped(ctx); err != nil {
				return -1, err
			}
			steps = 0
		}
	}
	for c := m - 1; c >= 0; c-- {
		rc := q[c*m : (c+1)*m]
		v := b[c]
		for k := c + 1; k < m; k++ {
			v += rc[k] * b[k]
		}
		b[c] = v
	}
	return -1, nil
}
