package engine

import (
	"context"
	"math"

	"github.com/snakesladders/snakes/internal/errs"
)

// This file solves the joint chain of bump.go for the chances to win or
// the turns: by Gaussian elimination on the smallest chains, else by
// Gauss–Seidel sweeps in the order successors gives, the states that wait
// on a throw that does not move (a ring) solved together in closed form.

// jointTolerance is the error at which a solve stops: within 1e-9 of the
// truth with a wide margin, estimated from how fast the sweeps converge.
const jointTolerance = 1e-13

// jointDense is the most unknowns (states times players) the joint chain
// is solved for by elimination rather than by sweeps: 640, a few tens of
// milliseconds, on boards so small that a game can go round and round
// them, which sweeps settle slowly.
const jointDense = 640

// solveDense is solve by Gaussian elimination with partial pivoting over
// every state's values at once, the states from which no one ever wins
// (or, for the turns, from which the game may not end) left at 0: over
// those alone the equations would be singular.
func (j *Joint) solveDense(ctx context.Context, sys *jointSystem, x []float64, turns bool, _ float64) error {
	n, moves := j.n, len(j.moves)
	states := len(sys.start)
	// live: the states the equations are written for.
	live := sys.alive
	if turns {
		live = sys.sure
	}
	at := make([]int, states) // a live state's first unknown, or -1
	m := 0
	for s := range states {
		at[s] = -1
		if live[s] {
			at[s], m = m, m+n
		}
	}
	a := make([]float64, m*(m+1)) // the equations, the right-hand side last
	row := func(u int) []float64 { return a[u*(m+1) : (u+1)*(m+1)] }
	for s := range states {
		if at[s] < 0 {
			continue
		}
		for i := range n {
			r := row(at[s] + i)
			r[at[s]+i] += 1
			if turns && sys.start[s] && i == 0 {
				r[m] += 1
			}
		}
		for mv, to := range sys.succ[s*moves : (s+1)*moves] {
			p := j.moves[mv].p
			switch {
			case to == jointWin:
				if !turns {
					row(at[s])[m] += p
				}
			case to >= 0:
				if at[to] >= 0 {
					for i := range n {
						row(at[s] + i)[at[to]+i] -= p
					}
				}
			default:
				next := jointTurn - to
				if to == jointStay {
					next = sys.turn[s]
				}
				if at[next] >= 0 { // turned round: its place i−1 is this one's i
					for i := range n {
						row(at[s] + i)[at[next]+(i+n-1)%n] -= p
					}
				}
			}
		}
	}
	for c := range m {
		if err := ctx.Err(); err != nil {
			return err
		}
		piv := c
		for r := c + 1; r < m; r++ {
			if math.Abs(row(r)[c]) > math.Abs(row(piv)[c]) {
				piv = r
			}
		}
		if row(piv)[c] == 0 {
			return errs.Errorf(errs.ErrTooLarge, "the joint chain of %d players' tokens has no solution by elimination", n)
		}
		if piv != c {
			pr, cr := row(piv), row(c)
			for k := range pr {
				pr[k], cr[k] = cr[k], pr[k]
			}
		}
		cr := row(c)
		for r := c + 1; r < m; r++ {
			rr := row(r)
			if rr[c] == 0 {
				continue
			}
			f := rr[c] / cr[c]
			for k := c; k <= m; k++ {
				rr[k] -= f * cr[k]
			}
		}
	}
	y := make([]float64, m)
	for c := m - 1; c >= 0; c-- {
		r := row(c)
		v := r[m]
		for k := c + 1; k < m; k++ {
			v -= r[k] * y[k]
		}
		y[c] = v / r[c]
	}
	for s := range states {
		if at[s] >= 0 {
			copy(x[s*n:(s+1)*n], y[at[s]:at[s]+n])
		}
	}
	return nil
}

// solve fills x by Gauss–Seidel sweeps from 0 until the estimated error is
// below jointTolerance: the chances to win, or with turns the turns each
// place will start. Both grow towards their values from below, so each
// sweep's largest change and the ratio between sweeps bound what is left.
//
// A turn in which the mover does not move (a throw past the end under
// Stay, one that does not enter) leads to the same tokens turned round:
// states that wait on such throws form a ring that sweeps would go round
// once a sweep. The states of a ring are solved together instead, in
// closed form, given what their other throws lead to.
func (j *Joint) solve(ctx context.Context, sys *jointSystem, x []float64, turns bool, sweep float64) error {
	n := j.n
	seen := make([]uint32, len(sys.start))
	ring := make([]int32, 0, n)
	r := make([]float64, n*n) // per state of the ring: its values but for the turn it does not move
	scratch := make([]float64, 4*n)
	prev, saved := make([]float64, len(x)), make([]float64, len(x))
	work, last, lastRate, since := 0.0, 0.0, 0.0, 0
	extrapolated, wait := 0.0, 3 // the change when the latest extrapolation was made; sweeps before the next
	for round := uint32(1); ; round++ {
		copy(prev, x)
		change := 0.0
		for s := range int32(len(sys.start)) {
			if s%4096 == 0 {
				if err := ctx.Err(); err != nil {
					return err
				}
			}
			if seen[s] == round {
				continue // solved with its ring
			}
			if turns && !sys.sure[s] {
				continue // a game that may not end has no expected length
			}
			if !sys.start[s] || sys.stay[s] == 0 {
				change = max(change, j.update(sys, x, s, turns))
				continue
			}
			ring = ring[:0]
			for t := s; len(ring) == 0 || t != s; t = sys.turn[t] {
				ring = append(ring, t)
				seen[t] = round
			}
			change = max(change, j.ring(sys, x, ring, r[:len(ring)*n], scratch, turns))
		}
		work += sweep
		since++
		if change == 0 {
			return nil
		}
		if extrapolated > 0 && since == 1 {
			if change > extrapolated { // the modes were not one geometric series: undo it
				copy(x, saved)
				wait, change = min(2*wait, 16), 0
			}
			extrapolated = 0
		}
		rate := 0.0
		if last > 0 && change < last {
			rate = change / last
			if change*rate/(1-rate) < jointTolerance*max(1, maxOf(x)) && since > 3 {
				return nil
			}
			// Once the sweeps shrink the error by a steady rate, what is
			// left is mostly the slowest mode, whose sum is the geometric
			// series of the latest change: add it, and sweep on. Should the
			// next sweep change more than this one did, it is undone and
			// the sweeps go on alone.
			if since > wait && math.Abs(rate-lastRate) < 1e-3*rate {
				copy(saved, x)
				f := rate / (1 - rate)
				for i, v := range x {
					x[i] = v + (v-prev[i])*f
				}
				extrapolated, since, rate, change = change, 0, 0, 0
			}
		}
		last, lastRate = change, rate
		if work > j.g.Lim.Work {
			return errs.Errorf(errs.ErrTooLarge, "the joint chain of %d players' tokens did not settle within %.3g steps%s", n, j.g.Lim.Work, j.g.WorkName())
		}
	}
}

// gather adds to acc state s's values from its throws, but for those in
// which the mover does not move and the turn ends.
func (j *Joint) gather(sys *jointSystem, x []float64, s int32, turns bool, acc []float64) {
	n, moves := j.n, len(j.moves)
	clear(acc)
	if turns && sys.start[s] {
		acc[0] = 1 // the mover starts this turn
	}
	for m, to := range sys.succ[int(s)*moves : (int(s)+1)*moves] {
		p := j.moves[m].p
		switch {
		case to == jointWin:
			if !turns {
				acc[0] += p
			}
		case to == jointStay:
		case to >= 0:
			for i, v := range x[int(to)*n : (int(to)+1)*n] {
				acc[i] += p * v
			}
		default:
			turnAdd(acc, x[int(jointTurn-to)*n:int(jointTurn-to+1)*n], p)
		}
	}
}

// turnAdd adds p times the values v of a state turned round by one: its
// place i−1 is this state's place i.
func turnAdd(acc, v []float64, p float64) {
	n := len(acc)
	acc[0] += p * v[n-1]
	for i := 1; i < n; i++ {
		acc[i] += p * v[i-1]
	}
}

// update sweeps state s, which no ring holds, and returns how far its
// values moved.
func (j *Joint) update(sys *jointSystem, x []float64, s int32, turns bool) float64 {
	n := j.n
	var buf [8]float64
	var acc []float64
	if n <= len(buf) {
		acc = buf[:n]
	} else {
		acc = make([]float64, n)
	}
	j.gather(sys, x, s, turns, acc)
	change := 0.0
	for i, v := range acc {
		change = max(change, math.Abs(v-x[int(s)*n+i]))
		x[int(s)*n+i] = v
	}
	return change
}

// ring solves the states of a ring together: with r_i the values of state
// i from its other throws and q_i its chance of not moving, x_i = r_i +
// q_i·T(x_{i+1}), T the turning round by one, around the L states back to
// the first. Going round once gives x_0 = b + c·T^L(x_0), with c the
// product of the q_i, and T^L repeated n/L times is the identity, so x_0
// is a finite geometric sum; the others follow from it, last first.
func (j *Joint) ring(sys *jointSystem, x []float64, ring []int32, r, scratch []float64, turns bool) float64 {
	n, L := j.n, len(ring)
	for i, s := range ring {
		j.gather(sys, x, s, turns, r[i*n:(i+1)*n])
	}
	// b = Σ_i (Π_{j<i} q_j) T^i r_i, built from the last: b ← r_i + q_i T(b).
	b, tmp, x0, term := scratch[:n], scratch[n:2*n], scratch[2*n:3*n], scratch[3*n:4*n]
	clear(b)
	for i := L - 1; i >= 0; i-- {
		clear(tmp)
		if i < L-1 {
			turnAdd(tmp, b, sys.stay[ring[i]])
		}
		for k := range n {
			b[k] = r[i*n+k] + tmp[k]
		}
	}
	c := 1.0
	for _, s := range ring {
		c *= sys.stay[s]
	}
	// x_0 = Σ_{m<M} c^m P^m b / (1 − c^M), P = T^L, M = n/L.
	M := n / L
	clear(x0)
	copy(term, b)
	cm := 1.0
	for m := 0; m < M; m++ {
		for k := range n {
			x0[k] += cm * term[k]
		}
		for range L { // term ← T^L(term)
			clear(tmp)
			turnAdd(tmp, term, 1)
			copy(term, tmp)
		}
		cm *= c
	}
	for k := range x0 {
		if cm == 1 {
			x0[k] = 0 // a ring no throw leaves: no one ever wins from it
		} else {
			x0[k] /= 1 - cm
		}
	}
	change := 0.0
	set := func(s int32, v []float64) {
		for k, y := range v {
			change = max(change, math.Abs(y-x[int(s)*n+k]))
			x[int(s)*n+k] = y
		}
	}
	// x_{L-1} = r_{L-1} + q_{L-1} T(x_0), and so back to x_1: each
	// written over its r, which it no longer needs.
	nextV := x0
	for i := L - 1; i >= 1; i-- {
		v := r[i*n : (i+1)*n]
		clear(tmp)
		turnAdd(tmp, nextV, sys.stay[ring[i]])
		for k := range n {
			v[k] += tmp[k]
		}
		set(ring[i], v)
		nextV = v
	}
	set(ring[0], x0)
	return change
}

// maxOf is the largest of x.
func maxOf(x []float64) float64 {
	m := 0.0
	for _, v := range x {
		m = max(m, v)
	}
	return m
}
