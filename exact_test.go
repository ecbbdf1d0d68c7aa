package snakes

import (
	"math/big"
)

// refExpected solves the game's equations exactly, by Gauss-Jordan
// elimination over big.Rat on every square the token can reach. ok is false
// when some reachable square cannot reach the last one.
func (rr refRules) expected(flat []int) (e *big.Rat, ok bool) {
	last := len(flat) - 1
	start := rr.start()
	if start == last {
		return new(big.Rat), true
	}
	// Reachable squares, and which of them can reach the last square.
	reach := map[int]bool{start: true}
	for stack := []int{start}; len(stack) > 0; {
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
	finishes := map[int]bool{last: true}
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
	var states []int
	index := map[int]int{}
	for v := 0; v < last; v++ {
		if reach[v] {
			if !finishes[v] {
				return nil, false
			}
			index[v] = len(states)
			states = append(states, v)
		}
	}
	// Row i: E[v] - (1/F)·Σ E[to] = 1, with E[last] = 0.
	n := len(states)
	m := make([][]*big.Rat, n)
	share := big.NewRat(1, int64(rr.faces))
	for i, v := range states {
		m[i] = make([]*big.Rat, n+1)
		for j := range m[i] {
			m[i][j] = new(big.Rat)
		}
		m[i][i].SetInt64(1)
		m[i][n].SetInt64(1)
		for roll := 1; roll <= rr.faces; roll++ {
			if _, to := rr.step(flat, v, roll); to != last {
				j := index[to]
				m[i][j].Sub(m[i][j], share)
			}
		}
	}
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
	return m[index[start]][n], true
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
