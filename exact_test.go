package snakes

import (
	"errors"
	"math/big"
	"strings"
	"testing"
)

// This file is the exact side of the tests' reference rules (refRules,
// oracle_test.go): expectations, finishing chances, distributions and
// classes in big.Rat, by the test's own reading of the rules rather than
// the package's code.

// expected solves the game's equations exactly, by Gauss-Jordan elimination
// over big.Rat on every square the token can reach. ok is false when some
// reachable square cannot reach the last one.
func (rr refRules) expected(flat []int) (e *big.Rat, ok bool) {
	last := len(flat) - 1
	if rr.start() == last {
		return new(big.Rat), true
	}
	reach, finishes := rr.classify(flat)
	for v := range reach {
		if !finishes[v] {
			return nil, false
		}
	}
	// E[v] = 1 + (1/F)·Σ E[to], with E[last] = 0.
	return rr.solveChain(flat, reach, 1, 0), true
}

// finishChance is the exact chance that one player ever reaches the last
// square: the absorption probability over the reachable squares that can
// still finish (the others contribute 0).
func (rr refRules) finishChance(flat []int) *big.Rat {
	if rr.start() == len(flat)-1 {
		return big.NewRat(1, 1)
	}
	reach, finishes := rr.classify(flat)
	for v := range reach {
		if !finishes[v] {
			delete(reach, v)
		}
	}
	if !reach[rr.start()] {
		return new(big.Rat)
	}
	// P[v] = (1/F)·Σ P[to], with P[last] = 1 and 0 where no way on.
	return rr.solveChain(flat, reach, 0, 1)
}

// solveChain solves, exactly, x[v] = c + (1/F)·Σ over the rolls from v of
// x[to], for the squares v in states other than the last, where x[last] is
// atLast and x is 0 outside states; it returns x at the start.
func (rr refRules) solveChain(flat []int, states map[int]bool, c, atLast int64) *big.Rat {
	last := len(flat) - 1
	var order []int
	index := map[int]int{}
	for v := 0; v < last; v++ {
		if states[v] {
			index[v] = len(order)
			order = append(order, v)
		}
	}
	n := len(order)
	m := make([][]*big.Rat, n)
	share := big.NewRat(1, int64(rr.faces))
	toLast := new(big.Rat).Mul(share, big.NewRat(atLast, 1))
	for i, v := range order {
		m[i] = make([]*big.Rat, n+1)
		for j := range m[i] {
			m[i][j] = new(big.Rat)
		}
		m[i][i].SetInt64(1)
		m[i][n].SetInt64(c)
		for roll := 1; roll <= rr.faces; roll++ {
			switch _, to := rr.step(flat, v, roll); {
			case to == last:
				m[i][n].Add(m[i][n], toLast)
			case states[to]:
				m[i][index[to]].Sub(m[i][index[to]], share)
			}
		}
	}
	solveRat(m)
	return m[index[rr.start()]][n]
}

// distribution returns, exactly, the chance of finishing on each turn
// 0..maxTurns, by pushing rational probabilities along every roll.
func (rr refRules) distribution(flat []int, maxTurns int) []*big.Rat {
	last := len(flat) - 1
	out := make([]*big.Rat, maxTurns+1)
	for i := range out {
		out[i] = new(big.Rat)
	}
	mass := map[int]*big.Rat{rr.start(): big.NewRat(1, 1)}
	share := big.NewRat(1, int64(rr.faces))
	for t := 0; t <= maxTurns; t++ {
		if p, ok := mass[last]; ok {
			out[t].Set(p)
			delete(mass, last)
		}
		next := map[int]*big.Rat{}
		for v, p := range mass {
			q := new(big.Rat).Mul(p, share)
			for roll := 1; roll <= rr.faces; roll++ {
				_, to := rr.step(flat, v, roll)
				if next[to] == nil {
					next[to] = new(big.Rat)
				}
				next[to].Add(next[to], q)
			}
		}
		mass = next
	}
	return out
}

// solveRat runs Gauss-Jordan elimination on the augmented n×(n+1) matrix m,
// which must be nonsingular, leaving the solution in its last column.
func solveRat(m [][]*big.Rat) {
	n := len(m)
	tmp := new(big.Rat)
	for col := 0; col < n; col++ {
		p := col
		for m[p][col].Sign() == 0 {
			p++
		}
		m[col], m[p] = m[p], m[col]
		inv := new(big.Rat).Inv(m[col][col])
		for j := col; j <= n; j++ {
			m[col][j].Mul(m[col][j], inv)
		}
		for i := 0; i < n; i++ {
			if i == col || m[i][col].Sign() == 0 {
				continue
			}
			f := new(big.Rat).Set(m[i][col])
			for j := col; j <= n; j++ {
				if m[col][j].Sign() != 0 {
					m[i][j].Sub(m[i][j], tmp.Mul(f, m[col][j]))
				}
			}
		}
	}
}

// classify returns the squares the token can reach from the start, and
// those of them from which it can reach the last square.
func (rr refRules) classify(flat []int) (reach, finishes map[int]bool) {
	last := len(flat) - 1
	reach = map[int]bool{rr.start(): true}
	for stack := []int{rr.start()}; len(stack) > 0; {
		v := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if v == last {
			continue
		}
		for roll := 1; roll <= rr.faces; roll++ {
			if _, to := rr.step(flat, v, roll); !reach[to] {
				reach[to] = true
				stack = append(stack, to)
			}
		}
	}
	finishes = map[int]bool{last: true}
	for changed := true; changed; {
		changed = false
		for v := range reach {
			for roll := 1; roll <= rr.faces && !finishes[v]; roll++ {
				if _, to := rr.step(flat, v, roll); finishes[to] {
					finishes[v], changed = true, true
				}
			}
		}
	}
	return reach, finishes
}

// TestExactFractionBound: the bound on ExactExpectedTurns' fractions counts
// squares·(m+1), a row's constant and its unknowns, whatever columns ride
// along: on a 32×32 board 62 squares that moves go back to fit it (1025·63
// ≤ 2¹⁶) and 63 do not.
func TestExactFractionBound(t *testing.T) {
	t.Parallel()
	for _, k := range []int{62, 63} {
		jumps := map[int]int{}
		for i := range k {
			jumps[1000-7*i] = 10 + i
		}
		b, err := FromJumps(32, jumps)
		if err != nil {
			t.Fatal(err)
		}
		_, err = Rules{}.ExactExpectedTurns(b)
		over := err != nil && strings.Contains(err.Error(), "over the bound of 65536 fractions")
		if !errors.Is(err, ErrTooLarge) || over != (k == 63) {
			t.Errorf("%d squares moves go back to: %v", k, err)
		}
	}
}
