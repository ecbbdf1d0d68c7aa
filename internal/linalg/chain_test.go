package linalg

// This file checks SolveChain against exact rational arithmetic on random
// absorbing chains, and its report of a chain that never leaves.

import (
	"context"
	"math"
	"math/big"
	"math/rand/v2"
	"testing"
)

// exactChain solves x = Q·x + b by Gauss–Jordan elimination over big.Rat,
// each diagonal 1 − Q[i][i] taken as the chance of leaving i: an
// independent computation of what SolveChain answers in floats.
func exactChain(m int, q, exit, b []float64) []float64 {
	a := make([][]*big.Rat, m)
	for i := range m {
		a[i] = make([]*big.Rat, m+1)
		// 1 − Q[i][i] is the chance of leaving i, exit and the other
		// unknowns: the rounded row need not sum to 1 exactly, and near a
		// closed class that difference is all there is.
		a[i][i] = new(big.Rat).SetFloat64(exit[i])
		for j := range m {
			v := new(big.Rat).SetFloat64(q[i*m+j])
			if j != i {
				a[i][i].Add(a[i][i], v)
				a[i][j] = v.Neg(v)
			}
		}
		a[i][m] = new(big.Rat).SetFloat64(b[i])
	}
	for c := range m {
		p := c
		for p < m && a[p][c].Sign() == 0 {
			p++
		}
		a[c], a[p] = a[p], a[c]
		for r := range m {
			if r == c || a[r][c].Sign() == 0 {
				continue
			}
			f := new(big.Rat).Quo(a[r][c], a[c][c])
			for k := c; k <= m; k++ {
				a[r][k].Sub(a[r][k], new(big.Rat).Mul(f, a[c][k]))
			}
		}
	}
	x := make([]float64, m)
	for i := range m {
		x[i], _ = new(big.Rat).Quo(a[i][m], a[i][i]).Float64()
	}
	return x
}

func TestSolveChainAgainstExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	for trial := range 300 {
		m := 1 + rng.IntN(8)
		q, exit, b := make([]float64, m*m), make([]float64, m), make([]float64, m)
		for i := range m {
			// A row's chances: some to other unknowns, some to leave; a few
			// rows leave only with a tiny chance, to make long chains.
			w := make([]float64, m+1)
			sum := 0.0
			for j := range m {
				if rng.IntN(3) > 0 {
					w[j] = rng.Float64()
				}
				sum += w[j]
			}
			w[m] = 0.001 + rng.Float64()
			if rng.IntN(4) == 0 && sum > 0 {
				w[m] = 1e-9 * sum
			}
			sum += w[m]
			for j := range m {
				q[i*m+j] = w[j] / sum
			}
			exit[i] = w[m] / sum
			b[i] = rng.Float64()
		}
		want := exactChain(m, q, exit, b)
		qq, ee, bb := append([]float64(nil), q...), append([]float64(nil), exit...), append([]float64(nil), b...)
		k, err := SolveChain(F64{}, context.Background(), m, qq, ee, bb)
		if err != nil || k >= 0 {
			t.Fatalf("trial %d: %d, %v", trial, k, err)
		}
		for i := range m {
			if math.Abs(bb[i]-want[i]) > 1e-12*want[i] {
				t.Fatalf("trial %d, unknown %d of %d: %v, exact %v", trial, i, m, bb[i], want[i])
			}
		}
	}
}

func TestSolveChainClosed(t *testing.T) {
	// Unknowns 1 and 2 go to each other only: a closed class.
	q := []float64{0, 0.5, 0, 0, 0, 1, 0, 1, 0}
	exit, b := []float64{0.5, 0, 0}, []float64{1, 0, 0}
	k, err := SolveChain(F64{}, context.Background(), 3, q, exit, b)
	if err != nil || k != 1 && k != 2 {
		t.Fatalf("SolveChain = %d, %v; want unknown 1 or 2, which never leave", k, err)
	}
	// Nothing is gained in the closed class, and unknown 0 gains 1 once.
	if b[0] != 1 || b[1] != 0 || b[2] != 0 {
		t.Fatalf("SolveChain of a chain with a closed class: %v, want [1 0 0]", b)
	}
}
