package solve

import (
	"context"
	"math"

	"github.com/snakesladders/snakes/internal/budget"
	"github.com/snakesladders/snakes/internal/errs"
	"github.com/snakesladders/snakes/internal/linalg"
	"github.com/snakesladders/snakes/internal/model"
)

// This file solves the game's equations, (I − Q)·y = b over the squares a
// turn can end on, in memory linear in the squares, for boards where the
// structured elimination of expected.go would need a row of unknowns for
// every square. Q is split into the moves that go forward (or stay) and
// those that go back, along snakes and bounces: the forward part alone is
// solved by one sweep from the last square down, and the moves back touch
// only the m squares they go back to. So the whole system reduces to m
// unknowns, x = c + T·x, where one product T·x is one sweep; GMRES solves
// that in few sweeps, and a residual check on every square bounds the
// error: since (I − Q)⁻¹ is non-negative, a residual r gives
// |y − exact| ≤ max|r/b| · exact, square by square, for b > 0.

// A system holds what the sweeps need, built from a walk (for its moves and
// for which squares a turn can end on) on a game that surely ends.
type system struct {
	w       *Sweep
	unknown []int32   // square → its index among the squares moves go back to, or -1
	back    []int32   // index → square
	leave   []float64 // square → chance that a roll leaves it
}

// newSystem returns the system of w's game, or the error of its memory
// bound.
func newSystem(w *Sweep) (*system, error) {
	size := int(w.G.Last) + 1
	if bytes := float64(size) * (4 + 8); !w.G.Take(bytes) {
		return nil, w.G.TooBig(bytes, "the equations of %d squares", w.G.Last)
	}
	s := &system{w: w, unknown: make([]int32, size), leave: make([]float64, size)}
	for v := range s.unknown {
		s.unknown[v] = -1
	}
	for v := int32(0); v < w.G.Last; v++ {
		if !w.Reached[v] {
			continue
		}
		n := 0.0
		for _, e := range w.Out(v) {
			if e.To != v {
				n += e.N
			}
			if e.To < v && s.unknown[e.To] < 0 {
				s.unknown[e.To] = int32(len(s.back))
				s.back = append(s.back, e.To)
			}
		}
		s.leave[v] = n * w.Share
	}
	return s, nil
}

// sweep sets y to the solution of the forward part of the system with
// right-hand side b (bc where b is nil), taking the moves back to the
// squares of the unknowns at the values x: from the last square down, each
// square's value is its right-hand side plus what its rolls forward and
// back bring, divided by the chance of leaving it.
func (s *system) sweep(y, b []float64, bc float64, x []float64) {
	w := s.w
	last := w.G.Last
	y[last] = 0
	for v := last - 1; v >= 0; v-- {
		if !w.Reached[v] {
			continue
		}
		acc := bc
		if b != nil {
			acc = b[v]
		}
		for _, e := range w.Out(v) {
			p := e.N * w.Share
			switch {
			case e.To > v:
				acc += p * y[e.To]
			case e.To < v:
				if x != nil {
					acc += p * x[s.unknown[e.To]]
				}
			}
		}
		y[v] = acc / s.leave[v]
	}
	w.Work += w.C.Sweep
}

// residual sets r to b − (I − Q)·y on every square a turn can end on and
// returns the largest |r|/max(b, floor) and the largest y.
//
// It works in whole throws, den·b − leave·y(v) + Σ n·y(to), whose
// coefficients are exact integers for fair dice, with each product split into its
// rounded value and its error (math.FMA) and the terms summed with
// compensation: the residual is then accurate to the last bits even where
// its terms are 10⁵ times larger than it, so that refining with it moves y
// to the exact solution rather than to wherever rounding hides the error.
func (s *system) residual(r, y, b []float64, bc, floor float64) (worst, top float64) {
	w := s.w
	den := w.G.Dice.Den
	for v := int32(0); v < w.G.Last; v++ {
		if !w.Reached[v] {
			continue
		}
		rhs := bc
		if b != nil {
			rhs = b[v]
		}
		var acc linalg.Sum
		acc.AddProduct(den, rhs)
		moves := 0.0
		for _, e := range w.Out(v) {
			if e.To != v {
				acc.AddProduct(e.N, y[e.To])
				moves += e.N
			}
		}
		acc.AddProduct(-moves, y[v])
		r[v] = acc.Value() / den
		worst = max(worst, math.Abs(r[v])/max(rhs, floor))
		top = max(top, math.Abs(y[v]))
	}
	w.Work += 3 * w.C.Sweep
	return worst, top
}

// The fewest passes over every turn that a solve with unknowns takes, in
// sweeps' worth of steps: solve sweeps once for the right-hand side, GMRES
// applies the sweep at least twice (the residual, a first direction), a
// last sweep puts the unknowns in and the residual costs three; visits
// pushes four times, two sweeps' worth each.
const (
	solveSweeps  = 7
	visitsSweeps = 8
)

// fewest takes the memory of a solve's tables, vectors of the squares
// and of the unknowns besides its GMRES, and refuses a solve whose tables
// pass the memory bound or whose fewest passes (sweeps of them) would take
// the walk's work past its bound: on a die of thousands of faces one pass
// costs as much as compiling the turns, and no solve ends in fewer.
func (s *system) fewest(sweeps float64, squares, unknowns int) error {
	w := s.w
	m := float64(len(s.back))
	restart := min(m, 64)
	bytes := 8 * (float64(squares)*(float64(w.G.Last)+1) + float64(unknowns)*m + (restart+2)*m + restart*(restart+4))
	if bytes := bytes; !w.G.Take(bytes) {
		return w.G.TooBig(bytes, "solving the equations of %d squares, %.0f of them squares that moves go back to,", w.G.Last, m)
	}
	if len(s.back) == 0 {
		return nil
	}
	return fewestSweeps(w.G, w.Work, sweeps, w.C.Sweep)
}

// fewestSweeps refuses a solve of g's equations, with unknowns, past work
// steps spent, whose fewest passes (sweeps of pass steps each) would take
// it past the work bound.
func fewestSweeps(g *model.Game, work, sweeps, pass float64) error {
	if need := work + sweeps*pass; need > g.Lim.Work {
		return errs.Errorf(errs.ErrTooLarge, "solving the equations of %d squares takes at least %.3g steps (%v passes over every turn), over the bound of %.3g%s", g.Last, need, sweeps, g.Lim.Work, g.WorkName())
	}
	return nil
}

// solveTolerance is the largest relative residual solve accepts outright;
// past it, it accepts what rounding allows, a few units of the last place
// of the largest value.
const solveTolerance = 1e-13

// solve returns y with (I − Q)·y = b (b ≡ bc where b is nil, every entry
// non-negative) on the squares a turn can end on, 0 elsewhere. With every
// entry of b positive, its relative error on each square is at most the
// larger of 1e-13 and 2⁻⁴⁹ times the largest value over the smallest
// right-hand side: the residual is checked, not assumed; where the answer
// passes 2⁴⁰ times the largest right-hand side (games of 10¹² turns) and
// the residual cannot show better than 1e-9, it refuses with ErrTooLarge. Where b has zeros
// the residual is measured against the largest entry of b instead, which
// bounds the error on each square by that much times its expected length.
func (s *system) solve(b []float64, bc float64) ([]float64, error) {
	size := int(s.w.G.Last) + 1
	m := len(s.back)
	bmin, bmax, floor := bc, bc, 0.0
	if b != nil {
		bmin, bmax = math.Inf(1), 0
		for v, ok := range s.w.Reached[:size-1] {
			if ok {
				bmin, bmax = min(bmin, b[v]), max(bmax, b[v])
			}
		}
		if bmax == 0 {
			return make([]float64, size), nil // N·0
		}
		if bmin == 0 {
			bmin, floor = bmax, bmax
		}
	}
	if err := s.fewest(solveSweeps, 3, 2); err != nil {
		return nil, err
	}
	y := make([]float64, size)
	part := make([]float64, size)
	r := make([]float64, size)
	x := make([]float64, m)
	c := make([]float64, m)
	var g *gmres
	if m > 0 {
		g = newGMRES(m, min(m, 64))
	}
	rhs, rc := b, bc
	for round := 0; ; round++ {
		// The unknowns first: c is where the forward sweep puts them with
		// no moves back, T·x what the moves back add.
		if m > 0 {
			s.sweep(part, rhs, rc, nil)
			for k, v := range s.back {
				c[k] = part[v]
			}
			clear(x)
			apply := func(dst, src []float64) {
				s.sweep(part, nil, 0, src)
				for k, v := range s.back {
					dst[k] = src[k] - part[v]
				}
			}
			if err := g.solve(apply, c, x, s.w); err != nil {
				return nil, err
			}
		}
		s.sweep(part, rhs, rc, x)
		for v := range y {
			y[v] += part[v]
		}
		worst, top := s.residual(r, y, b, bc, floor)
		if worst <= solveTolerance {
			return y, nil // certified: the error is at most worst·y
		}
		// The residual of even the best float64 y is about 2⁻⁵² times its
		// terms, so on long games it cannot certify 1e-13; refining with
		// the exact residual still moves y to the exact solution, until
		// the corrections fall below the last bits of y.
		change := 0.0
		for v, p := range part {
			if p != 0 {
				change = max(change, math.Abs(p/y[v]))
			}
		}
		if round > 0 && change <= 1e-15 || round == 8 {
			// The relative residual bounds the relative error (N ≥ 0), so
			// it is accepted up to what rounding allows in y's terms. But
			// not where y is over 2⁴⁰ times the right-hand side: in games
			// that long a y far along the slowest mode has a residual
			// below its own rounding, and would vouch for itself.
			if worst <= max(1e-9, 0x1p-48*top/bmin) && top <= 0x1p40*bmax {
				return y, nil
			}
			return nil, errs.Errorf(errs.ErrTooLarge, "the equations of %d squares did not converge: relative residual %.3g after %d refinements", s.w.G.Last, worst, round)
		}
		rhs, rc = r, 0 // refine: solve for the correction
	}
}

// A gmres solves (I − T)·x = c for the system's m unknowns by restarted
// GMRES with modified Gram–Schmidt and Givens rotations.
type gmres struct {
	m, restart int
	basis      [][]float64
	h          [][]float64 // Hessenberg columns, h[j][i]
	cs, sn, g  []float64
	w          []float64
}

func newGMRES(m, restart int) *gmres {
	gm := &gmres{m: m, restart: restart, w: make([]float64, m),
		cs: make([]float64, restart), sn: make([]float64, restart), g: make([]float64, restart+1)}
	gm.basis = make([][]float64, restart+1)
	for i := range gm.basis {
		gm.basis[i] = make([]float64, m)
	}
	gm.h = make([][]float64, restart)
	for j := range gm.h {
		gm.h[j] = make([]float64, restart+1)
	}
	return gm
}

// solve improves x in place until the residual of the reduced system is
// below 1e-15 of c, no direction is left, or the walk's work runs past
// MaxWork.
func (gm *gmres) solve(apply func(dst, src []float64), c, x []float64, w *Sweep) error {
	norm := math.Sqrt(linalg.Dot(c, c))
	if norm == 0 {
		return nil
	}
	target := 1e-15 * norm
	stuck := false
	for restarts := 0; ; restarts++ {
		r := gm.basis[0]
		apply(r, x)
		for i := range r {
			r[i] = c[i] - r[i]
		}
		beta := math.Sqrt(linalg.Dot(r, r))
		if beta <= target {
			return nil
		}
		for i := range r {
			r[i] /= beta
		}
		clear(gm.g)
		gm.g[0] = beta
		k := 0
		for k < gm.restart {
			v := gm.basis[k+1]
			apply(v, gm.basis[k])
			h := gm.h[k]
			for i := 0; i <= k; i++ {
				h[i] = linalg.Dot(v, gm.basis[i])
				for j, b := range gm.basis[i] {
					v[j] -= h[i] * b
				}
			}
			h[k+1] = math.Sqrt(linalg.Dot(v, v))
			// Orthogonalizing against the basis: k+2 passes over the
			// unknowns, as long as a sweep where most squares are unknowns.
			w.Work += float64(k+2) * float64(gm.m)
			lucky := h[k+1] == 0 // the basis holds the solution
			if !lucky {
				for j := range v {
					v[j] /= h[k+1]
				}
			}
			for i := 0; i < k; i++ {
				h[i], h[i+1] = gm.cs[i]*h[i]+gm.sn[i]*h[i+1], -gm.sn[i]*h[i]+gm.cs[i]*h[i+1]
			}
			d := math.Hypot(h[k], h[k+1])
			if d == 0 {
				// The new direction is one the basis already spans, at
				// rounding level: it cannot reduce the residual, and
				// dividing by it would fill x with NaN. Take the steps
				// before it and leave the rest to the caller's residual
				// refinement.
				stuck = true
				break
			}
			gm.cs[k], gm.sn[k] = h[k]/d, h[k+1]/d
			h[k], h[k+1] = d, 0
			gm.g[k], gm.g[k+1] = gm.cs[k]*gm.g[k], -gm.sn[k]*gm.g[k]
			k++
			if math.Abs(gm.g[k]) <= target || lucky {
				break
			}
			if w.Work > w.G.Lim.Work {
				return w.G.TooLong(w.Work, "solving the equations of %d squares", w.G.Last)
			}
			if err := w.Charge("solving the equations"); err != nil {
				return err
			}
			if w.Ctx != nil && w.Ctx.Err() != nil {
				return w.Ctx.Err()
			}
		}
		// Back-substitute the k×k triangle and add the combination.
		yk := make([]float64, k)
		for i := k - 1; i >= 0; i-- {
			s := gm.g[i]
			for j := i + 1; j < k; j++ {
				s -= gm.h[j][i] * yk[j]
			}
			yk[i] = s / gm.h[i][i]
		}
		for i, a := range yk {
			for j, b := range gm.basis[i] {
				x[j] += a * b
			}
		}
		if math.Abs(gm.g[k]) <= target || stuck || restarts > 1000 {
			return nil
		}
	}
}

// push turns arrivals into turns, moving forward only: arr[v], the tokens
// that arrive on square v, becomes the turns that start there (arrivals over
// the chance of leaving), each of which sends its share up the board, and
// back receives what the moves back send to each unknown's square.
func (s *system) push(arr, back []float64) {
	w := s.w
	clear(back)
	for v := int32(0); v < w.G.Last; v++ {
		if !w.Reached[v] || arr[v] == 0 {
			arr[v] = 0
			continue
		}
		t := arr[v] / s.leave[v]
		arr[v] = t
		for _, e := range w.Out(v) {
			p := t * e.N * w.Share
			switch {
			case e.To > v && e.To != w.G.Last:
				arr[e.To] += p
			case e.To < v:
				back[s.unknown[e.To]] += p
			}
		}
	}
	arr[w.G.Last] = 0
	w.Work += 2 * w.C.Sweep // each end adds to one of two places
}

// visits returns the start's row of N: the expected turns that start on
// each square. The arrivals at the unknowns' squares along moves back, x,
// satisfy x = a + T'·x, where a is what a token from the start sends back
// and T' one push of arrivals placed on those squares; GMRES solves that,
// and a residual check on every square refines it.
func (s *system) visits() ([]float64, error) {
	w := s.w
	size := int(w.G.Last) + 1
	m := len(s.back)
	if err := s.fewest(visitsSweeps, 4, 3); err != nil {
		return nil, err
	}
	arr := make([]float64, size)
	out := make([]float64, size)
	r := make([]float64, size)
	x := make([]float64, m)
	c := make([]float64, m)
	back := make([]float64, m)
	var gm *gmres
	if m > 0 {
		gm = newGMRES(m, min(m, 64))
	}
	src := make([]float64, size) // the arrivals still to account for
	src[w.G.Start] = 1
	best := math.Inf(1)
	for round := 0; ; round++ {
		if m > 0 {
			copy(arr, src)
			s.push(arr, c)
			clear(x)
			apply := func(dst, v []float64) {
				clear(arr)
				for k, sq := range s.back {
					arr[sq] = v[k]
				}
				s.push(arr, back)
				for k := range dst {
					dst[k] = v[k] - back[k]
				}
			}
			if err := gm.solve(apply, c, x, w); err != nil {
				return nil, err
			}
		}
		copy(arr, src)
		for k, sq := range s.back {
			arr[sq] += x[k]
		}
		s.push(arr, back)
		for v := range out {
			out[v] += arr[v]
		}
		// r = e_start − out·(I − Q), square by square.
		clear(r)
		r[w.G.Start] = 1
		for v := int32(0); v < w.G.Last; v++ {
			if !w.Reached[v] || out[v] == 0 {
				continue
			}
			r[v] -= out[v] * s.leave[v]
			for _, e := range w.Out(v) {
				if e.To != v && e.To != w.G.Last {
					r[e.To] += out[v] * e.N * w.Share
				}
			}
		}
		worst := 0.0
		for v, ok := range w.Reached[:size-1] {
			if ok {
				worst = max(worst, math.Abs(r[v]))
			}
		}
		if worst <= solveTolerance {
			return out, nil
		}
		if worst >= best/2 || round == 4 {
			if worst <= 1e-9 {
				return out, nil
			}
			return nil, errs.Errorf(errs.ErrTooLarge, "the visits of %d squares did not converge: residual %.3g after %d refinements", w.G.Last, worst, round)
		}
		best = worst
		copy(src, r)
	}
}

// A Sweep is what a pass over a game's compiled turns reads and counts:
// the walk's turns and GMRES's sweeps alike.
type Sweep struct {
	G         *model.Game
	C         *model.Chain
	Share     float64         // what an edge's weight of 1 is as a chance: 1/dice.den
	Reached   []bool          // the squares the passes cover: where a turn can end, from the start
	Work      float64         // steps taken so far, bounded by MaxWork
	Ctx       context.Context // when not nil, the passes stop once it is done
	charged   float64         // of Work, what the game's meter has been charged
	nextCheck float64         // the work at which Spent next looks at Ctx
}

// Out returns the turns from square v, merged by destination.
func (s *Sweep) Out(v int32) []model.Edge { return s.C.Out(v) }

// Charge charges the game's meter, when it has one, the work done since it
// last did, as what, and returns its error; or the context's error once
// the context is done, looking every budget.CheckEvery steps.
func (s *Sweep) Charge(what string) error {
	if s.G.Meter != nil {
		steps := s.Work - s.charged
		s.charged = s.Work
		if err := s.G.Spend(steps, what); err != nil {
			return err
		}
	}
	if s.Ctx != nil && s.Work >= s.nextCheck {
		s.nextCheck = s.Work + budget.CheckEvery
		return s.Ctx.Err()
	}
	return nil
}
