package engine

import (
	"math"

	"github.com/snakesladders/snakes/internal/linalg"
)

// This file answers the quantiles and the mode of games too long to follow
// turn by turn. Once the chances over the squares have settled into their
// long-run shape, each turn finishes the same fraction 1 − λ of the games
// still going, so P(T > t + j) = P(T > t)·λʲ. The fraction is read off the
// walk as a ratio of two sums of non-negative terms, what finishes on a
// turn over what was still going before it, so it keeps its relative
// precision however close λ is to 1 (a game of 10¹⁷ turns has
// 1 − λ ≈ 10⁻¹⁷, which 1 − λ computed by subtraction would lose). Its
// logarithm is summed over windows of tailWindow turns; the tail has
// settled when two windows in a row agree to tailSettle and the change
// between windows at least halves each time, so that what is left of it is
// smaller than the last change. A window of 2520 turns, a multiple of every
// period up to 10, lets a board whose chances cycle (moves that keep a
// parity, say) settle too: over whole cycles the tail is geometric all the
// same.

const (
	tailWindow = 2520
	tailSettle = 1e-10

	// TailFrom is how many turns a walk must have left to go before a
	// settled tail answers for it: short games are followed to the end, so
	// their answers stay exact, unless the work bound would refuse them.
	TailFrom = 1 << 16

	// tailNear is how many turns short of a quantile a skip over a tail
	// that does not cycle stops, when whole windows would pass the work
	// bound: the last are followed turn by turn.
	tailNear = 8

	// tailEnd is P(T > t) at which Quantile(b, 1) stops: below it, the
	// chance of still playing is lost in rounding beside 1.
	tailEnd = 0x1p-53
)

// A tail watches a walk's turns for the settled tail. Its zero value is
// ready to use.
type tail struct {
	n      int        // turns in the current window
	window linalg.Sum // −log λ summed over the current window
	s1, s2 float64
	rate   float64 // once settled: −log λ per turn, from the latest window

	// A board whose chances nearly cycle (a die loaded to one face) keeps,
	// besides the settled tail, modes that turn round the cycle and fade
	// slowly. Over whole windows they cancel, but they set where within a
	// cycle the chance of still playing crosses a bound. wobble is how far,
	// in turns, the log of that chance strayed from a straight line over
	// the latest window, and drift how far that pattern moved since the
	// window before: a skip of n turns misplaces an answer by at most
	// min(wobble, drift·n/tailWindow) turns.
	logs          []float64 // per turn of the current window: −log λ
	bends         []float64 // per turn of the latest whole window: the stray from the line
	wobble, drift float64
	skipped       float64 // turns skipped so far

	// going is −log P(T > t), summed turn by turn from each turn's
	// fraction, and over a skip from the rate: unlike the chance left on
	// the squares, it keeps its precision when each turn changes that
	// chance by less than float64 can show (1 − 10⁻¹⁷ rounds to 1).
	going linalg.Sum

	bracketed bool    // whether lo and hi are known
	lo, hi    float64 // a bracket of 1 − λ*: see settled
}

// observe takes one turn that finished finished out of before still going.
func (tl *tail) observe(finished, before float64) {
	if before <= 0 {
		return
	}
	if tl.logs == nil {
		tl.logs, tl.bends = make([]float64, tailWindow), make([]float64, tailWindow)
	}
	g := -math.Log1p(-min(finished/before, 1))
	tl.going.Add(g)
	tl.logs[tl.n] = g
	tl.window.Add(g)
	if tl.n++; tl.n < tailWindow {
		return
	}
	s := tl.window.Value()
	tl.n, tl.window = 0, linalg.Sum{}
	if d, d0 := math.Abs(s-tl.s1), math.Abs(tl.s1-tl.s2); tl.s2 > 0 && s > 0 && d <= tailSettle*s && d <= d0/2 {
		tl.rate = s / tailWindow
	} else {
		tl.rate = 0
	}
	tl.bend(s)
	tl.s2, tl.s1 = tl.s1, s
}

// bend measures the latest whole window's wobble and drift, in turns.
func (tl *tail) bend(s float64) {
	per := s / tailWindow
	var acc linalg.Sum
	tl.wobble, tl.drift = 0, 0
	for i, g := range tl.logs {
		acc.Add(g)
		b := (acc.Value() - float64(i+1)*per) / per
		if per == 0 {
			b = 0
		}
		tl.wobble = max(tl.wobble, math.Abs(b))
		tl.drift = max(tl.drift, math.Abs(b-tl.bends[i]))
		tl.bends[i] = b
	}
	if tl.s1 == 0 { // no window before to move from
		tl.drift = tl.wobble
	}
}

// skippable returns how many more turns of the settled tail can be
// skipped with the answers beyond them misplaced by half a turn at most:
// any number where the chances do not cycle, or cycle exactly. Skips add
// up: what the cycling modes would have faded over all of them counts.
func (tl *tail) skippable() float64 {
	if tl.wobble <= 0.5 || tl.drift == 0 {
		return math.Inf(1)
	}
	return max(0.5*tailWindow/tl.drift-tl.skipped, 0)
}

// settled reports whether the tail has settled: its windows agree, and
// the fraction each turn finishes is the slowest mode's, 1 − λ*, within
// tailSettle. The second check finds a mode that fades more slowly than
// what the walk sees but holds too little of the chance yet to show (two
// squares that each wait for a rare throw, one rarer than the other): it
// would take over long before the last quantiles. w gives the bracket of
// 1 − λ*, found once, when the windows first agree.
func (tl *tail) settled(w *Walk) bool {
	if tl.rate == 0 {
		return false
	}
	if !tl.bracketed {
		tl.bracketed = true
		tl.lo, tl.hi = w.slowest()
	}
	seen := -math.Expm1(-tl.rate)
	return seen >= tl.hi*(1-tailSettle) && seen <= tl.lo*(1+tailSettle)
}

// tailIterations bounds the inverse iteration of slowest.
const tailIterations = 200

// slowest brackets 1 − λ*, the chance per turn of finishing in the mode of
// the game that fades most slowly, from w's reached squares: by inverse
// iteration x ← N·x, N = (I − Q)⁻¹ applied by the subtraction-free
// elimination, and the Collatz–Wielandt bounds, the least and the greatest
// over the squares of x/(N·x), ratios of positive numbers; the greatest
// over the squares that still hold a share of x, since those from which
// the slowest mode cannot be reached fade from it (a chain that waits on
// one square, then runs to the end, has no other mode to bound). It returns an
// empty bracket (lo > hi) where the elimination does not suit the board,
// would take more than the walk's work left, or the start can be trapped.
func (w *Walk) slowest() (lo, hi float64) {
	empty := func() (float64, float64) { return 1, 0 }
	if w.Trap >= 0 {
		return empty()
	}
	// The iterations read every turn's ends 200 times.
	if !w.table(tailIterations * w.g.TurnWork()) {
		return empty()
	}
	f := FundamentalPool.Get().(*Fundamental)
	defer f.Release()
	g := w.g
	f.setup(w.C, false) // the walk's chain: its turns and classes as they are
	m := float64(len(f.sq))
	step := g.TurnWork() + m*m
	if !f.Dense() || !f.Sure[g.Start] || w.Work+StructuredWork(g, m)+tailIterations*step > g.Lim.Work {
		return empty()
	}
	w.Work += StructuredWork(g, m)
	f.Solve(nil) // N·1
	var at []int32
	for v, ok := range w.Reached {
		if ok && int32(v) != g.Last {
			at = append(at, int32(v))
		}
	}
	x, y := make([]float64, len(at)), make([]float64, len(at))
	for i, v := range at {
		x[i], y[i] = 1, f.Values[v]
	}
	rhs := make([]float64, g.Last+1)
	for range tailIterations {
		lo, hi = math.Inf(1), 0
		top := 0.0
		for i := range at {
			top = max(top, y[i])
		}
		for i := range at {
			if x[i] == 0 || y[i] == 0 {
				continue // a square that holds nothing of the slow modes now
			}
			r := x[i] / y[i]
			lo = min(lo, r)
			// Squares from which the slowest mode cannot be reached fade
			// from x by its rate each step and keep a ratio near their
			// own, faster one: they bound nothing of the slowest mode, and
			// would keep the bracket open. What is below 2⁻¹⁰⁰ of the top
			// is theirs.
			if y[i] >= top*0x1p-100 {
				hi = max(hi, r)
			}
		}
		if hi <= lo*(1+tailSettle/4) {
			break
		}
		for i, v := range at {
			x[i] = y[i] / top
			rhs[v] = x[i]
		}
		w.Work += step
		f.Again(rhs, at, y)
	}
	return lo, hi
}

// turnsUntil returns how many more turns, from now, until the chance of
// still playing falls to p or below, once settled, as a float (it may
// exceed every int).
func (tl *tail) turnsUntil(p float64) float64 {
	return max(math.Ceil((-math.Log(p)-tl.going.Value())/tl.rate), 0)
}

// skip counts n turns of the settled tail skipped.
func (tl *tail) skip(n float64) {
	tl.going.Add(tl.rate * n)
	tl.skipped += n
}

// past reports whether the chance of still playing is p or less, by going.
func (tl *tail) past(p float64) bool { return tl.going.Value() >= -math.Log(p) }

// TailBound is P(T > t) at which quantile q is reached: 1 − q, or tailEnd
// for q = 1.
func TailBound(q float64) float64 {
	if q == 1 {
		return tailEnd
	}
	return 1 - q
}
