package solve

import (
	"context"
	"math"
	"runtime"
	"sync"

	"github.com/snakesladders/snakes/internal/budget"
	"github.com/snakesladders/snakes/internal/errs"
	"github.com/snakesladders/snakes/internal/linalg"
	"github.com/snakesladders/snakes/internal/model"
)

// This file holds what the board insights share: the game's fundamental
// matrix N = (I − Q)⁻¹ over every square a token surely finishes from,
// used through solves rather than formed. Moves go forward except along
// snakes and bounces, so each square's value is an affine function of the
// values on the m squares that moves go back to: a sweep from the last
// square down writes those rows, and a subtraction-free elimination
// (Grassmann–Taksar–Heyman) solves the m unknowns. The elimination's
// divisors and frozen columns also give N's row for the start (the expected
// visits), by censoring the chain to the unknowns one at a time.

// A Fundamental is one game's moves, classification, rows and elimination:
// pooled for a Rules method's call, or kept by an Analysis for all of its.
type Fundamental struct {
	Game   model.Game // the game, kept here so that callers need not allocate one
	g      *model.Game
	Ctx    context.Context // when not nil, solves stop once it is done
	work   float64         // the steps its bounded-memory solves start from: a caller's, so that they share its MaxWork
	how    method          // how its equations are solved: see choose
	sys    *system         // the bounded-memory solve, once made
	solved bool            // values hold the expected turns from every square
	// visited: vis holds the start's visits
	visited bool
	c       *model.Chain // the game's turns and classes: its own, or an Analysis'
	Own     model.Chain  // the chain prepare compiles, kept with the pooled fundamental
	Sure    []bool       // the squares solved for: those from which the token surely finishes, or can finish (absorb)
	absorb  bool         // squares outside sure are worth 0 and absorb the token, rather than +Inf
	unk     []int32      // square → its unknown's index, or -1
	sq      []int32      // unknown → its square
	width   int
	rows    []float64    // per square (per slot, with keepRows): value without the unknowns, chance of the last square first, chance of each unknown first
	div     []float64    // per unknown: its elimination divisor
	val     []float64    // per unknown: its value
	src     []float64    // per unknown: arrivals from the start, as eliminated
	begin   []float64    // per unknown: the start's chance to reach it first
	sc      againScratch // again's scratch

	rhs2    []float64        // Variance's second right-hand side
	vis     []float64        // Jumps' visits
	landed  []float64        // Jumps' landings per square
	stats   []JumpStats      // Jumps' figures, before they are copied out
	onto    [][]model.Source // Jumps': the throws onto each jump's start
	Sources []model.Source
	queued  []int // Jumps' jumps for againTerms
	lone    []int // and those whose start may trap the token
	fresh   []int
	freshAt []bool
	zAt     [][3]float64 // Jumps': each jump's landings zs, zf, zd, for refineFresh
	resid   []float64    // refined's residual
	One     []float64    // the right-hand side of one jump
	Ts      *model.TurnScratch
	Values  []float64 // per square: the latest solve's values

	// With keepRows (jumps.go): each square's row slot, -1 for the
	// ring of ring slots after the kept ones; the unknowns' slots.
	keep       []int32
	kept, ring int32
	rowOf      []int32

	// The banded elimination (choose.go): how far windows reach forward and
	// back, each square's window of columns and its place in band, and its
	// weight to the last square.
	ahead, behind  int32
	bandLo, bandHi []int32
	bandOff        []int
	band           []float64
	bandExit       []float64

	// The memory its tables took from its game's bound (take), which
	// Release gives back, and of that what its rows took.
	mem            *budget.Memory
	took, rowsTook float64
	account        budget.Memory // the call's, where Insight's caller has none
}

// take counts bytes more of f's tables, about to be made, against its
// game's memory bound (Game.Take), for Release to give back.
func (f *Fundamental) take(bytes float64) bool {
	if !f.g.Take(bytes) {
		return false
	}
	f.mem, f.took = f.g.Mem, f.took+bytes
	return true
}

var FundamentalPool = sync.Pool{New: func() any { return new(Fundamental) }}

// out returns the moves from square v.
func (f *Fundamental) out(v int32) []model.Edge { return f.c.Out(v) }

// Prepare classifies g's squares and finds the unknowns. With absorb, the
// squares solved for are those from which the last square can be reached,
// and the others absorb the token, worth 0: for chances of reaching
// something, which exist even where the token may be trapped. It stops
// with f.ctx's error once that is done.
func (f *Fundamental) Prepare(g *model.Game, absorb bool) error {
	if err := f.compileOwn(g); err != nil {
		return err
	}
	return f.Setup(&f.Own, absorb)
}

// compileOwn compiles f's own chain for g, its memory Release's to give
// back.
func (f *Fundamental) compileOwn(g *model.Game) error {
	held := g.Mem.Held()
	err := f.Own.Compile(f.Ctx, g)
	f.mem, f.took = g.Mem, f.took+g.Mem.Held()-held
	return err
}

// Setup readies f to solve c's game, as prepare does, on a chain compiled
// already.
func (f *Fundamental) Setup(c *model.Chain, absorb bool) error {
	g := c.G
	f.c, f.g, f.absorb = c, g, absorb
	f.how, f.sys, f.solved, f.visited = unchosen, nil, false, false
	f.keep = f.keep[:0]
	f.Sure = c.Surely
	if absorb {
		f.Sure = c.CanFinish
	}
	size := int(g.Last) + 1
	// A square's unknown, values, visits, landings and the turn's scratch.
	f.rowsTook = 0
	if !f.take(40 * float64(size)) {
		return g.TooBig(40*float64(size), "the insights on %d squares", g.Top)
	}
	f.Ts = f.Ts.Fit(size)
	f.unk = linalg.Grow(f.unk, size)
	for i := range f.unk {
		f.unk[i] = -1
	}
	f.sq = f.sq[:0]
	for v := int32(0); v < g.Last; v++ {
		if !f.Sure[v] {
			continue
		}
		for _, e := range f.out(v) {
			if to := e.To; to < v && f.Sure[to] && f.unk[to] < 0 {
				f.unk[to] = int32(len(f.sq))
				f.sq = append(f.sq, to)
			}
		}
	}
	f.width = len(f.sq) + 2
	return nil
}

func (f *Fundamental) row(v int32) []float64 {
	i := int(v)
	if len(f.keep) > 0 {
		if s := f.keep[v]; s >= 0 {
			i = int(s)
		} else {
			i = int(f.kept + v%f.ring)
		}
	}
	return f.rows[i*f.width : (i+1)*f.width]
}

// sweep writes the columns lo..hi-1 of every sure square's row, from the
// last square down: value without the unknowns (column 0), chance of the
// last square first (1), and of each unknown first.
func (f *Fundamental) sweep(rhs []float64, lo, hi int) {
	g := f.g
	last := f.row(g.Last)[lo:hi]
	clear(last)
	if lo <= 1 && 1 < hi {
		last[1-lo] = 1
	}
	// A block of squares at a time, the context looked at between blocks:
	// a look inside the loop costs it a fifth of its speed.
	block := int32(max(budget.CheckEvery/(6*(hi-lo+1)), 64))
	for top := g.Last - 1; top >= 0; top -= block {
		if budget.Stopped(f.Ctx) != nil {
			return
		}
		f.sweepSquares(rhs, lo, hi, max(top-block+1, 0), top)
	}
}

// sweepSquares is sweep for the squares from top down to bottom.
func (f *Fundamental) sweepSquares(rhs []float64, lo, hi int, bottom, top int32) {
	den := f.g.Dice.Den
	for v := top; v >= bottom; v-- {
		if !f.Sure[v] {
			continue
		}
		r := f.row(v)[lo:hi]
		clear(r)
		for _, e := range f.out(v) {
			n := e.N
			switch to := e.To; {
			case to == v:
			case !f.Sure[to]:
				if lo <= 1 && 1 < hi {
					r[1-lo] += n // absorbed, worth nothing
				}
			case to < v:
				if k := 2 + int(f.unk[to]); lo <= k && k < hi {
					r[k-lo] += n
				}
			default:
				linalg.AddScaled(r, f.row(to)[lo:hi], n)
			}
		}
		if lo == 0 {
			b := 1.0
			if rhs != nil {
				b = rhs[v]
			}
			r[0] += b * den
		}
		inv := f.c.Inv[v]
		for k := range r {
			r[k] *= inv
		}
	}
}

// Solve sets f.values to N·b on the sure squares (b ≡ 1 when rhs is nil),
// 0 on the last square and +Inf elsewhere. It stops with f.ctx's error
// once that is done.
func (f *Fundamental) Solve(rhs []float64) error {
	g := f.g
	size := int(g.Last) + 1
	w := f.width
	slots, rowOf := size, f.sq
	if len(f.keep) > 0 {
		slots, rowOf = int(f.kept+f.ring), f.rowOf
	}
	m := len(f.sq)
	if need := 8 * (float64(slots)*float64(w) + 5*float64(m)); need > f.rowsTook {
		if !f.take(need - f.rowsTook) {
			return g.TooBig(need-f.rowsTook, "the insights on %d squares with %d squares that moves go back to", g.Top, m)
		}
		f.rowsTook = need
	}
	f.rows = linalg.Grow(f.rows, slots*w)
	// Each column of the rows is swept on its own, so that on large boards
	// the cores take a share of the columns each.
	if float64(size)*float64(w) > g.Lim.ParallelFrom {
		linalg.Parallel(w, runtime.GOMAXPROCS(0), func(_, lo, hi int) { f.sweep(rhs, lo, hi) })
	} else {
		f.sweep(rhs, 0, w)
	}
	if err := budget.Stopped(f.Ctx); err != nil {
		return err
	}
	// The start's row as the sweep left it, for visits: the elimination
	// changes the rows of the unknowns, the start's among them.
	f.begin = linalg.Grow(f.begin, m)
	if f.Sure[g.Start] {
		copy(f.begin, f.row(g.Start)[2:])
	}
	// Eliminate the unknowns as ExpectedTurns does, keeping each divisor
	// and the frozen columns for visits.
	f.div = linalg.Grow(f.div, m)
	f.val = linalg.Grow(f.val, m)
	if k, err := linalg.Eliminate(linalg.F64{}, f.Ctx, f.rows, w, rowOf, f.div, f.val, runtime.GOMAXPROCS(0), g.Lim.ParallelFrom); err != nil {
		return err
	} else if k >= 0 {
		// The classification leaves no closed class among the unknowns;
		// should rounding find one, no value is given rather than a
		// division by zero.
		return errs.Errorf(errs.ErrNeverFinishes, "square %d can be reached, and the last square cannot be reached from it", f.g.Square(f.sq[k]))
	}
	f.Values = linalg.Grow(f.Values, size)
	for v := int32(0); v <= g.Last; v++ {
		switch {
		case v == g.Last:
			f.Values[v] = 0
		case !f.Sure[v] && f.absorb:
			f.Values[v] = 0
		case !f.Sure[v]:
			f.Values[v] = math.Inf(1)
		case f.unk[v] >= 0:
			f.Values[v] = f.val[f.unk[v]]
		case len(f.keep) > 0 && f.keep[v] < 0:
			f.Values[v] = math.NaN() // its row was in the ring
		default:
			r := f.row(v)
			e := r[0]
			for k, c := range r[2:] {
				e += c * f.val[k]
			}
			f.Values[v] = e
		}
	}
	return nil
}

// visits sets out[s] to the expected number of turns that start on square s
// in a game from the start, which must be sure, after a solve (whose rows
// and elimination it reads). It censors the chain to the unknowns, one
// eliminated at a time: the arrivals at each unknown along moves back, G,
// solve G_k = (a_k + Σ_{i<k} G_i·A_ik)/d_k from the first unknown up, where
// a is what the start and the unknowns eliminated before k send to k, and
// A the frozen columns of the elimination. The turns then start where a
// token dropped on the start and on each unknown G_k times goes, moving
// forward only: one sweep up the board.
func (f *Fundamental) visits(out []float64) {
	g := f.g
	m := len(f.sq)
	src := linalg.Grow(f.src, m)
	copy(src, f.begin)
	for k := m - 1; k >= 0; k-- {
		rk := f.row(f.sq[k])
		if a := src[k]; a != 0 {
			for j := 0; j < k; j++ {
				src[j] += a * rk[2+j] / f.div[k]
			}
		}
	}
	// src[k] now holds a_k as it stood when k was eliminated; G goes up.
	for k := 0; k < m; k++ {
		gk := src[k]
		for i := 0; i < k; i++ {
			gk += f.val[i] * f.row(f.sq[i])[2+k]
		}
		f.val[k] = gk / f.div[k] // f.val now holds G
	}
	clear(out)
	out[g.Start] = 1
	for k, s := range f.sq {
		out[s] += f.val[k]
	}
	// Forward only: a square's turns are what arrives there, divided by the
	// chance of leaving it; each then sends its share up the board.
	share := 1 / g.Dice.Den
	for v := int32(0); v < g.Last; v++ {
		if out[v] == 0 || !f.Sure[v] {
			continue
		}
		out[v] /= f.c.Leave[v] * share
		p := out[v] * share
		for _, e := range f.out(v) {
			if e.To > v && e.To != g.Last {
				out[e.To] += p * e.N
			}
		}
	}
	out[g.Last] = 0
	f.src = src
}

// Again returns, at the squares at, N·rhs for another right-hand side,
// reusing the latest solve's elimination: one scalar sweep of the board
// and the elimination's m² steps replayed, instead of a solve. The squares
// at must be solved for; out receives the values.
func (f *Fundamental) Again(rhs []float64, at []int32, out []float64) {
	// Above the highest square with a right-hand side the scalar rows are 0:
	// moves forward from there never meet one.
	top := f.g.Last - 1
	for top >= 0 && rhs[top] == 0 {
		top--
	}
	f.scalarRows(top, 1, &f.sc, func(v int32, acc []float64) { acc[0] = rhs[v] })
	f.replay(1, at, out, &f.sc)
}

// againScratch is the scratch of again and againTerms: the scalar rows, the unknowns'
// right-hand sides as replayed and over their divisors, and their values.
type againScratch struct {
	y, c, s, x []float64
	terms      []Term // Jumps' right-hand sides, a batch at a time
	acc        [maxBatch]float64
}

// batchPool holds the scratch of Jumps' batches, taken and handed back
// within the call: an Analysis keeps its fundamental, and so f.sc, for as
// long as it lives, and on a board of few unknowns the batches' scalar
// rows are the largest of its tables.
var batchPool = sync.Pool{New: func() any { return new(againScratch) }}

func takeScratch() *againScratch { return batchPool.Get().(*againScratch) }

// give hands sc back to the pool, unless it is large, as release does.
func (sc *againScratch) give() {
	if 8*cap(sc.y) > poolUpTo {
		return
	}
	batchPool.Put(sc)
}

// A Term is an entry of one of againTerms' right-hand sides: the j-th
// one's at square v is p.
type Term struct {
	V, J int32
	P    float64
}

// againTerms is again for nb right-hand sides at once, given by their
// nonzero terms in order of square from the highest down; out[i·nb+j] is
// the j-th one's value at at[i]. The sweeps of the right-hand sides run
// side by side, so that each one's chain of dependent additions overlaps
// the others'. It writes only to sc and out, so that goroutines with their
// own may run it side by side after one solve.
func (f *Fundamental) againTerms(terms []Term, nb int, at []int32, out []float64, sc *againScratch) {
	top := int32(-1)
	if len(terms) > 0 {
		top = terms[0].V
	}
	f.scalarRows(top, nb, sc, func(v int32, acc []float64) {
		clear(acc)
		for len(terms) > 0 && terms[0].V == v {
			acc[terms[0].J] += terms[0].P
			terms = terms[1:]
		}
	})
	f.replay(nb, at, out, sc)
}

// scalarRows sweeps nb right-hand sides side by side from square top down
// into sc.y, the values without the unknowns; rhs puts the right-hand
// sides' entries for square v in acc.
func (f *Fundamental) scalarRows(top int32, nb int, sc *againScratch, rhs func(v int32, acc []float64)) {
	g := f.g
	size := int(g.Last) + 1
	y := linalg.Grow(sc.y, size*nb)
	sc.y = y
	den := g.Dice.Den
	clear(y[int(top+1)*nb:])
	acc := &sc.acc // not on the stack: rhs may keep it, for all the compiler knows
	if nb%8 == 0 {
		f.scalarRowsLanes(top, nb, y, acc, rhs)
		return
	}
	for v := top; v >= 0; v-- {
		if !f.Sure[v] {
			continue
		}
		rhs(v, acc[:nb])
		inv := f.c.Inv[v]
		scale := den * inv
		for j := range nb {
			acc[j] *= scale
		}
		for _, e := range f.out(v) {
			if !f.up(v, e.To) {
				continue
			}
			w := e.N * inv
			src := y[int(e.To)*nb : int(e.To)*nb+nb]
			for j, yv := range src {
				acc[j] += yv * w
			}
		}
		copy(y[int(v)*nb:int(v+1)*nb], acc[:nb])
	}
}

// scalarRowsLanes is scalarRows for nb right-hand sides, a multiple of 8,
// eight lanes at a time on arrays of that size, so that the inner loops
// know their bounds: Jumps' batches spend most of their time here, a
// partial batch padded to 8 or 16 lanes of zeros (effectBatches), which
// costs less than the loop over its few.
func (f *Fundamental) scalarRowsLanes(top int32, nb int, y []float64, acc *[maxBatch]float64, rhs func(v int32, acc []float64)) {
	den := f.g.Dice.Den
	// A group of eight lanes is dead above its first nonzero right-hand
	// side: its rows there are zero, written without the sums. Jumps'
	// batches go down the board, so a batch's second group starts lower.
	var live [maxBatch / 8]bool
	for v := top; v >= 0; v-- {
		if !f.Sure[v] {
			continue
		}
		rhs(v, acc[:nb])
		inv := f.c.Inv[v]
		scale := den * inv
		edges := f.out(v)
		dst := y[int(v)*nb : int(v+1)*nb]
		// Eight lanes at a time, in eight variables that stay in
		// registers across the ends: an array would go through memory
		// at every step.
		for h := 0; h < nb; h += 8 {
			if !live[h/8] {
				if allZero(acc[h : h+8]) {
					clear(dst[h : h+8])
					continue
				}
				live[h/8] = true
			}
			a := (*[8]float64)(acc[h:])
			a0, a1, a2, a3 := a[0]*scale, a[1]*scale, a[2]*scale, a[3]*scale
			a4, a5, a6, a7 := a[4]*scale, a[5]*scale, a[6]*scale, a[7]*scale
			for _, e := range edges {
				if !f.up(v, e.To) {
					continue
				}
				src := (*[8]float64)(y[int(e.To)*nb+h:])
				w := e.N * inv
				a0 += src[0] * w
				a1 += src[1] * w
				a2 += src[2] * w
				a3 += src[3] * w
				a4 += src[4] * w
				a5 += src[5] * w
				a6 += src[6] * w
				a7 += src[7] * w
			}
			d := (*[8]float64)(dst[h:])
			d[0], d[1], d[2], d[3], d[4], d[5], d[6], d[7] = a0, a1, a2, a3, a4, a5, a6, a7
		}
	}
}

// replay solves for the unknowns from sc.y, replaying the latest solve's
// elimination, and writes the values at the squares at to out.
func (f *Fundamental) replay(nb int, at []int32, out []float64, sc *againScratch) {
	y := sc.y
	m := len(f.sq)
	c := linalg.Grow(sc.c, m*nb)
	for k, s := range f.sq {
		copy(c[k*nb:k*nb+nb], y[int(s)*nb:int(s)*nb+nb])
	}
	// Replay the elimination on c, then back-substitute, as solve does on
	// column 0. Unknown i gains what each unknown k above it, eliminated
	// before it, passes down: its frozen column k times c_k/div_k, read
	// along row i rather than down column k.
	// Nothing passes down from above the highest unknown with a
	// right-hand side.
	hi := m - 1
	for hi >= 0 && allZero(c[hi*nb:hi*nb+nb]) {
		hi--
	}
	sd := linalg.Grow(sc.s, m*nb)
	clear(sd[(hi+1)*nb:])
	for i := hi; i >= 0; i-- {
		ci := c[i*nb : i*nb+nb]
		lanesDot(ci, f.row(f.sq[i])[2+i+1:2+hi+1], sd[(i+1)*nb:], nb)
		for j, v := range ci {
			sd[i*nb+j] = v / f.div[i]
		}
	}
	x := linalg.Grow(sc.x, m*nb)
	sc.c, sc.s, sc.x = c, sd, x
	for k := 0; k < m; k++ {
		xk := x[k*nb : k*nb+nb]
		copy(xk, c[k*nb:k*nb+nb])
		lanesDot(xk, f.row(f.sq[k])[2:2+k], x, nb)
		for j := range xk {
			xk[j] /= f.div[k]
		}
	}
	for i, v := range at {
		for j := range nb {
			out[i*nb+j] = f.laneAt(v, j, nb, sc)
		}
	}
}

// lanesDot adds to dst, a lane each, Σ w[k]·src[k·nb:(k+1)·nb] over the
// nonzero w[k]: replay's inner loops, Jumps' hottest on large boards (m² a
// batch). A full batch's sixteen lanes are written out, with no inner
// loop and no bounds checks: the same additions in the same order, about
// 1.8 times as fast.
func lanesDot(dst, w, src []float64, nb int) {
	if nb != maxBatch {
		for k, a := range w {
			if a != 0 {
				for j, v := range src[k*nb : (k+1)*nb] {
					dst[j] += a * v
				}
			}
		}
		return
	}
	d := (*[maxBatch]float64)(dst)
	for k, a := range w {
		if a == 0 {
			continue
		}
		v := (*[maxBatch]float64)(src[k*maxBatch:])
		d[0], d[1], d[2], d[3] = d[0]+a*v[0], d[1]+a*v[1], d[2]+a*v[2], d[3]+a*v[3]
		d[4], d[5], d[6], d[7] = d[4]+a*v[4], d[5]+a*v[5], d[6]+a*v[6], d[7]+a*v[7]
		d[8], d[9], d[10], d[11] = d[8]+a*v[8], d[9]+a*v[9], d[10]+a*v[10], d[11]+a*v[11]
		d[12], d[13], d[14], d[15] = d[12]+a*v[12], d[13]+a*v[13], d[14]+a*v[14], d[15]+a*v[15]
	}
}

// up reports whether a turn from v ending on to adds the scalar row of to
// to v's: a move up the board, not back to an unknown (replayed) nor, when
// f absorbs, onto a square that cannot finish (worth nothing). A square the
// token surely finishes from moves only to such squares, so that only an
// absorbing solve looks: a miss of the cache on a board of millions.
func (f *Fundamental) up(v, to int32) bool {
	return to > v && (!f.absorb || f.Sure[to])
}

// laneAt is the value at square v of the j-th of the nb right-hand sides
// that the latest replay solved, for a caller that needs one of them there.
func (f *Fundamental) laneAt(v int32, j, nb int, sc *againScratch) float64 {
	switch {
	case v == f.g.Last:
		return 0
	case f.unk[v] >= 0:
		return sc.x[int(f.unk[v])*nb+j]
	}
	o := sc.y[int(v)*nb+j]
	for k, cv := range f.row(v)[2:] {
		if cv != 0 {
			o += cv * sc.x[k*nb+j]
		}
	}
	return o
}

// maxBatch is the most right-hand sides againTerms takes at once.
const maxBatch = 16

func allZero(xs []float64) bool {
	for _, x := range xs {
		if x != 0 {
			return false
		}
	}
	return true
}
