package walk

import (
	"math"

	"github.com/snakesladders/snakes/internal/errs"
	"github.com/snakesladders/snakes/internal/linalg"
	"github.com/snakesladders/snakes/internal/solve"
)

// This file is what the walk reads of one player's game: the length
// distribution, the quantiles and the mode, turn by turn; those of games
// too long to follow by the settled tail; and, on small boards, by powers
// of the turn matrix.

// Distribution follows w from the start to turn maxTurns, or to its
// settled tail, for LengthDistribution.
func (w *Walk) Distribution(maxTurns int) ([]float64, error) {
	dist := make([]float64, maxTurns+1)
	dist[0] = w.Finished
	for t := 1; t <= maxTurns; t++ {
		dist[t] = w.Turn()
		if w.Alive == 0 {
			break // nothing left can finish: the rest are 0
		}
		if t%SettledEvery == 0 {
			if lambda, ok := w.Geometric(); ok {
				p := w.Left * (1 - lambda)
				for u := t + 1; u <= maxTurns && p != 0; u++ {
					dist[u] = p
					p *= lambda
				}
				break
			}
		}
		if err := w.Budget(); err != nil {
			return nil, err
		}
	}
	return dist, nil
}

// Quantiles follows w from where it stands to each of qs, ascending: to
// the first turn by which the chance of having finished reaches q, or the
// chance of still playing falls to tailBound(q), on a board the token
// cannot be trapped on. Where that turn is over tailFrom turns beyond the
// settled tail (quantiles.go), or more than the work bound leaves for turns as
// dear as the latest, the walk skips whole windows of it and follows the
// last two windows turn by turn; or, where the bound leaves less than two
// windows and the chances do not cycle, all but the last tailNear turns.
func (w *Walk) Quantiles(qs []float64) ([]int, error) {
	out := make([]int, 0, len(qs))
	var done linalg.Sum // chance of having finished by turn t, until a skip
	done.Add(w.Finished)
	skipped := false
	var tl Tail
	// Before a skip, the chance of still playing is the sum of what is left
	// on the squares, precise however small, while the chance of having
	// finished rounds to 1 near it: q = 1 reads only the first. After one,
	// what the tail has counted.
	reached := func(q float64) bool {
		if skipped {
			return tl.past(TailBound(q))
		}
		return q < 1 && done.Value() >= q || w.Trap < 0 && w.aliveAtMost(TailBound(q))
	}
	// On a board of few squares, powers of the turn matrix (quantiles.go)
	// answer any length at a fixed cost: once the walk has spent that, the
	// rest goes by them.
	squares, start := ReachedSquares(w.G, w.Reached), w.Work
	perTurn := 0.0 // what the latest turn cost
	for t := 0; ; t++ {
		if t > 0 {
			before, spent := w.Alive, w.Work
			f := w.Turn()
			perTurn = w.Work - spent
			done.Add(f)
			if w.Trap < 0 {
				tl.Observe(f, before)
			}
		}
		for len(out) < len(qs) && reached(qs[len(out)]) {
			out = append(out, t)
		}
		if len(out) == len(qs) {
			return out, nil
		}
		switch q := qs[len(out)]; {
		case w.Trap >= 0 && q == 1:
			return nil, errs.Errorf(errs.ErrNeverFinishes, "square %d can be reached, and the last square cannot be reached from it", w.G.Square(w.Trap))
		case w.Trap >= 0 && done.Value()+w.Alive < q:
			// What has finished and what still can: a bound, which falls
			// turn by turn towards the chance of finishing.
			return nil, errs.Errorf(errs.ErrNeverFinishes, "the player finishes with probability at most %.4g (found after %d turns), less than %v", done.Value()+w.Alive, t, q)
		}
		if squares <= powersMax && w.Work-start > powersCost(squares) && w.Table(powersCost(squares)) {
			return w.newPowers().quantiles(w, qs, out)
		}
		if j := tl.turnsUntil(TailBound(qs[len(out)])); tl.Settled(w) && (j > TailFrom || w.Work+j*perTurn > w.G.Lim.Work) {
			if float64(t)+j > math.MaxInt-2*TailWindow {
				return nil, errs.Errorf(errs.ErrTooLarge, "the %v quantile of the length is about %.3g turns, more than an int holds", qs[len(out)], float64(t)+j)
			}
			n := (math.Floor(min(j, tl.skippable())/TailWindow) - 1) * TailWindow
			if tl.wobble <= 0.5 && w.Work+2*TailWindow*perTurn > w.G.Lim.Work {
				// Two windows are more than the bound leaves, and no cycle
				// needs whole windows to keep its phase: skip to tailNear
				// turns short.
				n = math.Floor(j) - tailNear
			}
			if n > 0 {
				w.skip(int(n), math.Exp(-tl.Rate*n))
				tl.skip(n)
				t += int(n)
				skipped = true
			}
		}
		if err := w.Budget(); err != nil {
			return nil, err
		}
	}
}

// aliveAtMost reports whether the chance of still playing is at most p,
// counting what its rounding dropped: on boards whose chances are powers of
// two, alive can round onto p exactly while the sum it stands for is above.
func (w *Walk) aliveAtMost(p float64) bool {
	return w.Alive < p || w.Alive == p && w.AliveLow <= 0
}

// skip moves w on by n turns of its settled tail, over which the chance on
// every square falls by factor.
func (w *Walk) skip(n int, factor float64) {
	for v := range w.Mass {
		w.Mass[v] *= factor
	}
	w.Alive *= factor
	w.AliveLow *= factor
	w.Left *= factor
	w.Turns += n
}

// Mode follows w from where it stands to its most likely length: until no
// later turn can be likelier, for want of enough games still going, or
// until one whole window past the settled tail (quantiles.go), after which each
// window's chances are the last one's times λ^tailWindow.
func (w *Walk) Mode() (int, error) {
	best, mode := w.Finished, 0
	var tl Tail
	stop := -1 // the turn the walk stops on, once the tail has settled
	for t := 1; w.Alive > best && t != stop; t++ {
		before := w.Alive
		f := w.Turn()
		if f > best {
			best, mode = f, t
		}
		if w.Trap < 0 && stop < 0 {
			if tl.Observe(f, before); tl.Settled(w) {
				stop = t + TailWindow
			}
		}
		if err := w.Budget(); err != nil {
			return 0, err
		}
	}
	if best == 0 {
		return 0, errs.Errorf(errs.ErrNeverFinishes, "the player can never reach square %d", w.G.Top)
	}
	return mode, nil
}

// What follows answers the quantiles and the mode of games too long to follow
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
	TailWindow = 2520
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

// A Tail watches a walk's turns for the settled Tail. Its zero value is
// ready to use.
type Tail struct {
	n      int        // turns in the current window
	window linalg.Sum // −log λ summed over the current window
	s1, s2 float64
	Rate   float64 // once settled: −log λ per turn, from the latest window

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

// Observe takes one turn that finished finished out of before still going.
func (tl *Tail) Observe(finished, before float64) {
	if before <= 0 {
		return
	}
	if tl.logs == nil {
		tl.logs, tl.bends = make([]float64, TailWindow), make([]float64, TailWindow)
	}
	g := -math.Log1p(-min(finished/before, 1))
	tl.going.Add(g)
	tl.logs[tl.n] = g
	tl.window.Add(g)
	if tl.n++; tl.n < TailWindow {
		return
	}
	s := tl.window.Value()
	tl.n, tl.window = 0, linalg.Sum{}
	if d, d0 := math.Abs(s-tl.s1), math.Abs(tl.s1-tl.s2); tl.s2 > 0 && s > 0 && d <= tailSettle*s && d <= d0/2 {
		tl.Rate = s / TailWindow
	} else {
		tl.Rate = 0
	}
	tl.bend(s)
	tl.s2, tl.s1 = tl.s1, s
}

// bend measures the latest whole window's wobble and drift, in turns.
func (tl *Tail) bend(s float64) {
	per := s / TailWindow
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
func (tl *Tail) skippable() float64 {
	if tl.wobble <= 0.5 || tl.drift == 0 {
		return math.Inf(1)
	}
	return max(0.5*TailWindow/tl.drift-tl.skipped, 0)
}

// Even reports whether the tail has settled (Settled) with the same
// chance of finishing every turn: the log of the chance still playing
// strays from a straight line by at most 10⁻⁹ turns over the latest whole
// window. A tail that settles over windows alone may finish on some turns
// only (a die that moves 1 or 3 and a snake that keeps the parity):
// steady over a window, uneven turn by turn, and not to be summed as a
// geometric series of turns.
func (tl *Tail) Even(w *Walk) bool { return tl.Settled(w) && tl.wobble <= 1e-9 }

// Settled reports whether the tail has Settled: its windows agree, and
// the fraction each turn finishes is the slowest mode's, 1 − λ*, within
// tailSettle. The second check finds a mode that fades more slowly than
// what the walk sees but holds too little of the chance yet to show (two
// squares that each wait for a rare throw, one rarer than the other): it
// would take over long before the last quantiles. w gives the bracket of
// 1 − λ*, found once, when the windows first agree.
func (tl *Tail) Settled(w *Walk) bool {
	if tl.Rate == 0 {
		return false
	}
	if !tl.bracketed {
		tl.bracketed = true
		tl.lo, tl.hi = w.slowest()
	}
	seen := -math.Expm1(-tl.Rate)
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
	if !w.Table(tailIterations * w.G.TurnWork()) {
		return empty()
	}
	f := solve.FundamentalPool.Get().(*solve.Fundamental)
	defer f.Release()
	g := w.G
	f.Setup(w.C, false) // the walk's chain: its turns and classes as they are
	m := float64(f.Unknowns())
	step := g.TurnWork() + m*m
	if !f.Dense() || !f.Sure[g.Start] || w.Work+solve.StructuredWork(g, m)+tailIterations*step > g.Lim.Work {
		return empty()
	}
	w.Work += solve.StructuredWork(g, m)
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
func (tl *Tail) turnsUntil(p float64) float64 {
	return max(math.Ceil((-math.Log(p)-tl.going.Value())/tl.Rate), 0)
}

// skip counts n turns of the settled tail skipped.
func (tl *Tail) skip(n float64) {
	tl.going.Add(tl.Rate * n)
	tl.skipped += n
}

// past reports whether the chance of still playing is p or less, by going.
func (tl *Tail) past(p float64) bool { return tl.going.Value() >= -math.Log(p) }

// TailBound is P(T > t) at which quantile q is reached: 1 − q, or tailEnd
// for q = 1.
func TailBound(q float64) float64 {
	if q == 1 {
		return tailEnd
	}
	return 1 - q
}

// What follows answers quantiles on small boards by powers of the turn
// matrix: P(T ≤ t) for any t from log₂ t products, exact to rounding
// however long the game and whether or not the token can be trapped. The
// walk of walk.go answers them turn by turn, and skips the settled tail
// of a long game; but a game that waits 10⁹ turns on a rare throw beside
// a trap has no tail to skip, and there a walk would take 10⁹ turns.

// powersMax is the most squares (reached, the last excluded) on which
// quantiles go by powers of the turn matrix: 64, about 2·10⁷
// multiply-adds and 2 MB for 63 squarings.
const powersMax = 64

// powersSquarings bounds the squarings: an answer past 2⁶³ turns is
// past the int range.
const powersSquarings = 63

// A powers holds the turn matrix of a walk's reached squares, with the
// last square as one more state that keeps what reaches it, and its
// squarings: pow[k] is the matrix of 2ᵏ turns.
type powers struct {
	n      int   // states: the reached squares, then the last
	at     []int // square → its state, or -1
	can    []bool
	pow    [][]float64
	start  []float64
	trap   bool
	lastAt int
}

// powersCost is what the squarings of a chain of m reached squares cost,
// in steps.
func powersCost(m int) float64 {
	n := float64(m + 1)
	return powersSquarings * n * n * n
}

// newPowers builds the turn matrix of w's reached squares, at most
// powersMax of them.
func (w *Walk) newPowers() *powers {
	g := w.G
	p := &powers{at: make([]int, g.Last+1), trap: w.Trap >= 0}
	for v := range p.at {
		p.at[v] = -1
		if w.Reached[v] && int32(v) != g.Last {
			p.at[v] = p.n
			p.n++
			p.can = append(p.can, w.C.CanFinish[v])
		}
	}
	p.lastAt = p.n
	p.at[g.Last] = p.n
	p.can = append(p.can, false)
	p.n++
	n := p.n
	a := make([]float64, n*n)
	for v, i := range p.at {
		if i < 0 || int32(v) == g.Last {
			continue
		}
		for _, e := range w.C.Out(int32(v)) {
			a[i*n+p.at[e.To]] += e.N * w.Share
		}
	}
	a[p.lastAt*n+p.lastAt] = 1
	p.complement(a)
	p.pow = [][]float64{a}
	p.start = make([]float64, n)
	p.start[p.at[g.Start]] = 1
	return p
}

// square returns the next power, the square of the latest.
func (p *powers) square() []float64 {
	n := p.n
	a := p.pow[len(p.pow)-1]
	b := make([]float64, n*n)
	for i := range n {
		row := b[i*n : (i+1)*n]
		for k, x := range a[i*n : (i+1)*n] {
			if x == 0 {
				continue
			}
			for j, y := range a[k*n : (k+1)*n] {
				row[j] += x * y
			}
		}
	}
	p.complement(b)
	p.pow = append(p.pow, b)
	return b
}

// complement sets the largest entry of each row of a to 1 less the sum of
// the row's other entries. A game that waits on a rare throw keeps nearly
// all of a row's chance in a few entries (where the token stands, or the
// squares a cycle takes it round), and what leaves them, p a turn, float64
// keeps in their sum only to 10⁻¹⁶/p; each squaring doubles that error (a
// wait of 2ᵏ turns would be off by 2ᵏ·10⁻¹⁶). The other entries are sums
// of non-negative terms that keep their relative precision, and so does
// their sum; the rows are whole chances, the last square's column
// included, so they add up to 1; and the largest entry is at least 1/n of
// it, so the subtraction loses at most a factor n.
func (p *powers) complement(a []float64) {
	n := p.n
	for i := range n {
		row := a[i*n : (i+1)*n]
		top := 0
		for j, x := range row {
			if x > row[top] {
				top = j
			}
		}
		var rest linalg.Sum
		for j, x := range row {
			if j != top {
				rest.Add(x)
			}
		}
		row[top] = 1 - rest.Value()
	}
}

// times returns x after 2ᵏ turns.
func (p *powers) times(x []float64, k int) []float64 {
	n := p.n
	y := make([]float64, n)
	for i, xi := range x {
		if xi == 0 {
			continue
		}
		for j, a := range p.pow[k][i*n : (i+1)*n] {
			y[j] += xi * a
		}
	}
	return y
}

// reached is quantiles' test on a distribution x over the states: the
// chance of having finished is at least q (q < 1), or, where the token
// cannot be trapped, that of still playing at most tailBound(q). Both are
// sums of non-negative terms.
func (p *powers) reached(x []float64, q float64) bool {
	if q < 1 && x[p.lastAt] >= q {
		return true
	}
	if p.trap {
		return false
	}
	var alive linalg.Sum
	for i, xi := range x {
		if p.can[i] {
			alive.Add(xi)
		}
	}
	a, low := alive.Split()
	return a < TailBound(q) || a == TailBound(q) && low <= 0
}

// quantiles appends to out, the answers to qs found so far, those to the
// rest of qs.
func (p *powers) quantiles(w *Walk, qs []float64, out []int) ([]int, error) {
	for _, q := range qs[len(out):] {
		t, err := p.quantile(w, q)
		if err != nil {
			return nil, err
		}
		out = append(out, t)
	}
	return out, nil
}

// quantile returns the first turn t at which the distribution after t
// turns from the start passes reached for q, by bisection over the powers:
// squarings until one passes, then the bits of t from the highest down.
// It charges w with the work, and stops with w's budget's error.
func (p *powers) quantile(w *Walk, q float64) (int, error) {
	if p.reached(p.start, q) {
		return 0, nil
	}
	n := float64(p.n)
	k := 0
	for x := p.times(p.start, 0); !p.reached(x, q); x = p.times(p.start, k) {
		if k == powersSquarings {
			if p.trap {
				var can linalg.Sum
				for i, xi := range x {
					if p.can[i] || i == p.lastAt {
						can.Add(xi)
					}
				}
				return 0, errs.Errorf(errs.ErrNeverFinishes, "the player finishes with probability at most %.4g, less than %v", can.Value(), q)
			}
			return 0, errs.Errorf(errs.ErrTooLarge, "the %v quantile of the length is over %.3g turns, more than an int holds", q, math.Ldexp(1, powersSquarings))
		}
		if k+1 >= len(p.pow) {
			p.square()
			w.Work += n * n * n
			if err := w.Budget(); err != nil {
				return 0, err
			}
		}
		k++
	}
	// After 2ᵏ turns q is reached, and not after 2ᵏ⁻¹: find the last turn
	// short of it, bit by bit.
	x, t := p.start, uint64(0)
	for j := k - 1; j >= 0; j-- {
		if y := p.times(x, j); !p.reached(y, q) {
			x, t = y, t+1<<j
		}
		w.Work += n * n
	}
	if t >= math.MaxInt {
		return 0, errs.Errorf(errs.ErrTooLarge, "the %v quantile of the length is over %.3g turns, more than an int holds", q, float64(t))
	}
	return int(t + 1), nil
}
