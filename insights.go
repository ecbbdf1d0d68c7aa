package snakes

import (
	"math"
	"runtime"
)

// insight returns a pooled fundamental for b under r, classified, its
// unknowns found, after checking the bounds, and its game; the caller puts
// it back in fundamentalPool.
func (r Rules) insight(b *Board) (f *fundamental, g *game, err error) {
	gv, err := r.playable(b)
	if err != nil {
		return nil, nil, err
	}
	size := float64(gv.last) + 1
	out := min(gv.outBound(), size)
	if bytes := fundamentalBytes(size, out, 0); bytes > MaxBytes {
		return nil, nil, tooBig(bytes, "the insights on %d squares", gv.last)
	}
	if steps := gv.turnWork() * 4; steps > workBound {
		return nil, nil, tooLong(steps, "classifying %d squares under throws of totals up to %d", gv.last, gv.faces)
	}
	// The game lives in the pooled fundamental, so that it is not allocated.
	f = fundamentalPool.Get().(*fundamental)
	f.game = gv
	g = &f.game
	f.prepare(g, false)
	m := float64(len(f.sq))
	if !f.dense() {
		return f, g, nil // the bounded-memory solve: linear in the squares
	}
	if bytes := fundamentalBytes(size, out, m); bytes > MaxBytes {
		fundamentalPool.Put(f)
		return nil, nil, tooBig(bytes, "the insights on %d squares with %.0f squares that moves go back to", g.last, m)
	}
	if steps := g.turnWork()*(m+2) + m*m*m; steps > workBound {
		fundamentalPool.Put(f)
		return nil, nil, tooLong(steps, "the insights on %d squares with %.0f squares that moves go back to", g.last, m)
	}
	return f, g, nil
}

// dense reports whether the structured elimination suits f's board, by the
// rule ExpectedTurns uses; otherwise the insights use the bounded-memory
// solve of solve.go.
func (f *fundamental) dense() bool {
	m := len(f.sq)
	return m <= denseUpTo && ((int(f.g.last)+1)*(m+2)*8 <= denseBytes || m <= 4)
}

// system returns the bounded-memory solve over the squares f solves for.
func (f *fundamental) system() *system {
	w := &walk{g: f.g, edges: f.edges, first: f.first, share: 1 / f.g.dice.den, reached: f.sure, trap: -1}
	return newSystem(w)
}

// sweepValues is ExpectedFrom's values, or with rhs N·rhs, by the
// bounded-memory solve: +Inf off the squares f solves for, 0 on the last.
func (f *fundamental) sweepValues(s *system, rhs []float64) ([]float64, error) {
	y, err := s.solve(rhs, 1)
	if err != nil {
		return nil, err
	}
	for v := range y[:f.g.last] {
		if !f.sure[v] {
			y[v] = math.Inf(1)
		}
	}
	y[f.g.last] = 0
	return y, nil
}

// ExpectedFrom returns, for every square s (indexed by label, index 0 the
// off-board start), the expected number of turns still to play for one
// player who starts a turn on s, a jump starting on s not taken again, as
// for square 1 under the zero Rules: 0 for the last square, and +Inf for a
// square from which the player may never finish (this slice reports traps
// square by square instead of failing). ExpectedFrom(b)[start] equals
// [Rules.ExpectedTurns] when the game surely ends.
//
// It solves the game's equations over every square from which the player
// surely finishes, as ExpectedTurns does over those the start reaches:
// time squares·e·m + m³ for m squares that moves go back to and e ends a
// turn can have, and
// squares·(m+2) floats, pooled, so that it allocates only the result. Past
// the bounds ExpectedTurns gives its elimination (m over 256, or rows over
// 32 MiB), it uses ExpectedTurns' banded elimination where every turn ends
// within a band of squares around its start, and otherwise its
// bounded-memory solve: about 150 bytes a square, and a GMRES step a sweep.
// Variance and Visits choose the same way. The squares from which the
// player may never finish are found by sweeping the board until nothing
// changes, a few sweeps on most boards. Errors are as for ExpectedTurns.
func (r Rules) ExpectedFrom(b *Board) ([]float64, error) {
	f, g, err := r.insight(b)
	if err != nil {
		return nil, err
	}
	defer fundamentalPool.Put(f)
	switch {
	case f.dense():
		f.solve(nil)
	case f.bandFits():
		f.bandSolve(nil)
	default:
		return f.sweepValues(f.system(), nil)
	}
	out := make([]float64, g.last+1)
	copy(out, f.values)
	return out, nil
}

// Variance returns the variance of the length of a one-player game, in
// turns². Errors are as for [Rules.ExpectedTurns]: [ErrNeverFinishes] when
// the player may never finish.
//
// It solves as [Rules.ExpectedFrom] does, allocating nothing in steady state
// (on boards within the elimination's bounds): once for the expected
// lengths t, then, reusing that elimination, for V = N·d, where d(s) is
// the variance over the first roll from s of the expected length left,
// the mean over a turn's ends of (t(end) − mean)² (the law of total
// variance); V(start) is the
// variance. Unlike (2N − I)t − t², which it equals, this subtracts no large
// numbers, so it keeps its precision when the variance is small beside the
// squared mean.
func (r Rules) Variance(b *Board) (float64, error) { return r.variance(b, nil) }

// variance is Variance, copying into from, when not nil, the expected
// turns from every square that its first solve gives (ExpectedFrom's), for
// a caller that needs both.
func (r Rules) variance(b *Board, from []float64) (float64, error) {
	f, g, err := r.insightFromStart(b)
	if err != nil {
		return 0, err
	}
	defer fundamentalPool.Put(f)
	var s *system
	banded := false
	switch {
	case f.dense():
		f.solve(nil)
	case f.bandFits():
		f.bandSolve(nil)
		banded = true
	default:
		s = f.system()
		if f.values, err = f.sweepValues(s, nil); err != nil {
			return 0, err
		}
	}
	t := f.values
	copy(from, t)
	dev := grow(f.rhs2, len(t))
	share := 1 / g.dice.den
	for v := int32(0); v < g.last; v++ {
		if !f.sure[v] {
			dev[v] = 0
			continue
		}
		mean := 0.0
		for _, e := range f.out(v) {
			mean += t[e.to] * e.n
		}
		mean *= share
		d := 0.0
		for _, e := range f.out(v) {
			d += (t[e.to] - mean) * (t[e.to] - mean) * e.n
		}
		dev[v] = d * share
	}
	dev[g.last] = 0
	f.rhs2 = dev
	if s != nil {
		f.values = nil // the pool keeps no slice that large
		y, err := s.solve(dev, 0)
		if err != nil {
			return 0, err
		}
		return y[g.start], nil
	}
	if banded {
		out := make([]float64, len(dev))
		f.bandAgain(dev, out)
		return out[g.start], nil
	}
	// N·dev at the start, from the elimination the first solve made.
	var v [1]float64
	at := [1]int32{g.start}
	f.again(dev, at[:], v[:])
	return v[0], nil
}

// insightFromStart is insight for the figures of a game from the start,
// which exist only when the player surely finishes from there.
func (r Rules) insightFromStart(b *Board) (*fundamental, *game, error) {
	f, g, err := r.insight(b)
	if err == nil && !f.sure[g.start] {
		fundamentalPool.Put(f)
		return nil, nil, errorf(ErrNeverFinishes, "from square %d the player can reach a square with no way on to the last", g.start)
	}
	return f, g, err
}

// Visits returns, for every square s (indexed by label), the expected
// number of turns that start on s in one game from the start: the start
// counts once, and a turn that overshoots under Stay starts the next turn on
// the same square again. The last square has 0. The elements sum to
// [Rules.ExpectedTurns]. Errors are as for ExpectedTurns: [ErrNeverFinishes]
// when the game may not end.
//
// It takes one solve of [Rules.ExpectedFrom] and then the row of the
// fundamental matrix for the start, from the same elimination read
// backwards (m² steps) and one sweep up the board; it allocates only the
// result. Past the elimination's bounds it solves the transposed reduced
// equations by GMRES, each step a sweep up the board, in memory linear in
// the squares.
func (r Rules) Visits(b *Board) ([]float64, error) {
	f, g, err := r.insightFromStart(b)
	if err != nil {
		return nil, err
	}
	defer fundamentalPool.Put(f)
	out := make([]float64, g.last+1)
	switch {
	case f.dense():
		f.solve(nil)
		f.visits(out)
	case f.bandFits():
		f.bandSolve(nil)
		f.bandVisits(out)
	default:
		return f.system().visits()
	}
	return out, nil
}

// JumpStats is what one jump does in games of one player.
type JumpStats struct {
	From, To int // the jump's start and end

	// Taken is the expected number of times per game the jump is taken
	// (with Chain, every jump followed within a throw counts; under
	// Again, every throw of a turn).
	Taken float64

	// Chance is the probability that it is taken at least once.
	Chance float64

	// Effect is ExpectedTurns of the board without this jump minus
	// ExpectedTurns of the board as it is: positive when the jump shortens
	// the game, +Inf when the board without it may never finish.
	Effect float64
}

// Jumps returns the figures of every jump of b under r, in order of From
// (jumps to their own square are left out): how often it is taken, how
// likely at least once, and what removing it would do to the expected
// length. The sum of Taken over snakes is the expected number of snake
// bites a game, over ladders the expected climbs. When the board itself
// may never finish the error wraps [ErrNeverFinishes]; other errors are as
// for [Rules.ExpectedTurns].
//
// With one jump per throw (no Chain) and one throw per turn (no Again),
// it costs one solve and its visits, then for each jump one scalar
// sweep of the board and m² steps, for m squares that moves go back to:
// removing a jump moves, in every row that rolls onto its start, the same
// mass from one column of the transition matrix to another, a change of
// rank one, so Sherman–Morrison gives every Effect and Chance from the one
// solve (see rankone.go), to 1e-10 of the Effect plus 1e-14 of the
// length. Where the rounding of a long game may lose more, the Effect
// comes from a solve of the board without the jump. Past the structured
// solve's bounds (more than 256 such squares, or rows over 32 MiB) the
// solve keeps a row of m+2 numbers only for the unknowns, the start, both
// ends of each jump and the squares jumps lead up to (jumpsbig.go), and
// eliminates the unknowns on every core: memory about (m + 2·jumps)·8m
// bytes, time squares·e·m + m³/3 + jumps·(squares·e/2 + m²) for e ends
// a turn can have; a figure keeps 1e-10 of itself plus 8e-13 of the
// length (a fresh solve there by GMRES keeps no better than 2e-13). A board
// of 10⁵ squares and 1% random jumps takes about 1.5 times ExpectedTurns;
// one of 10⁶ squares and 10⁴ jumps (m = 4954) about 90 s and 1.75 GB on
// two cores. Past MaxBytes, or 2³⁹ multiply-adds, it wraps [ErrTooLarge],
// before allocating.
//
// With Chain a removal also reroutes the chains that pass
// through the jump, and under Again a turn's throws may take it more than
// once: then each Effect is a fresh
// solve of the board without it, and each Chance a solve of the chance to
// reach it, so that Jumps costs about twice ExpectedTurns per jump, and
// refuses with [ErrTooLarge] past the structured solve's bounds. Taken
// counts every throw that takes the jump, mid-turn ones included.
func (r Rules) Jumps(b *Board) ([]JumpStats, error) { return r.jumps(b, math.Inf(1)) }

// jumps is Jumps, refusing with [ErrTooLarge] a board past the structured
// solve whose jumps would take over seconds: the report's time left.
func (r Rules) jumps(b *Board, seconds float64) ([]JumpStats, error) {
	f, g, err := r.insightFromStart(b)
	if err != nil {
		return nil, err
	}
	defer fundamentalPool.Put(f)
	size := int(g.last) + 1
	flat := b.sq.flat
	n := 0
	for from := 1; from < size; from++ {
		if to := int(flat[from]); to >= 0 && to != from {
			n++
		}
	}
	stats := make([]JumpStats, 0, n)
	for from := 1; from < size; from++ {
		if to := int(flat[from]); to >= 0 && to != from {
			stats = append(stats, JumpStats{From: from, To: to})
		}
	}
	m := float64(len(f.sq))
	// The fresh solves of long games' Effects: the structured solve's m³,
	// or past it GMRES, a sweep of every turn a step and tens of steps.
	perSolve := g.turnWork()*(m+2) + m*m*m
	floor := 1e-14 // of the length: what the structured solve's Effects keep
	if !f.dense() {
		if err := r.keepRows(f, g, stats, seconds); err != nil {
			return nil, err
		}
		// The fresh solves go by GMRES there, and their differences keep
		// no better than twice ExpectedTurns' error: one is worth its
		// cost only where the formula may lose four times that.
		perSolve, floor = 64*g.turnWork(), 8*rankOneError
	}
	f.solve(nil)
	visits := grow(f.vis, size)
	f.visits(visits)
	f.vis = visits
	if g.again != 0 || r.Chain {
		return stats, r.freshJumps(b, g, f, visits, stats)
	}
	// landed[ℓ]: the expected number of throws per game that land on ℓ,
	// before any jump.
	landed := grow(f.landed, size)
	clear(landed)
	share := 1 / g.dice.den
	for v := int32(0); v < g.last; v++ {
		if visits[v] == 0 {
			continue
		}
		p := visits[v] * share
		if !g.simple {
			for _, o := range g.turn(v, f.ts, 0) { // f.ts was fitted by prepare
				if g.lands(&o) {
					landed[o.landed] += p * o.p
				}
			}
			continue
		}
		top := min(v+g.faces, g.last)
		for l := v + 1; l <= top; l++ {
			landed[l] += p
		}
		if g.over != Stay {
			for roll := top - v + 1; roll <= g.faces; roll++ {
				l, _ := g.overshoot(v, roll)
				landed[l] += p
			}
		}
	}
	f.landed = landed
	fresh := jumpEffects(f, g, landed, stats, floor*f.values[g.start])
	return stats, r.effectsWithout(b, stats, fresh, f.values[g.start], perSolve)
}

// effectsWithout sets the Effect of the jumps stats[i], i in fresh, by
// solving the board without each, of expected length e, after checking
// that their solves, of about perSolve steps each, fit the work bound.
func (r Rules) effectsWithout(b *Board, stats []JumpStats, fresh []int, e, perSolve float64) error {
	if steps := float64(len(fresh)) * perSolve; steps > workBound {
		return tooLong(steps, "solving the boards without %d jumps of a long game", len(fresh))
	}
	for _, i := range fresh {
		effect, err := r.effectWithout(b, stats[i].From, e)
		if err != nil {
			return err
		}
		stats[i].Effect = effect
	}
	return nil
}

// keepRows readies f for Jumps past the structured solve's bounds, with
// a row only where Jumps reads one (jumpsbig.go), after checking the
// bounds of that solve and that it would take at most seconds.
func (r Rules) keepRows(f *fundamental, g *game, stats []JumpStats, seconds float64) error {
	m := float64(len(f.sq))
	if g.again != 0 || r.Chain {
		return errorf(ErrTooLarge, "the jumps of a board with %.0f squares that moves go back to, under Chain or Again: Jumps solves the board without each jump there, and does so up to %d of them", m, denseUpTo)
	}
	size := float64(g.last) + 1
	// The kept rows (their slots given, no row yet), the fundamental's
	// tables, and each core's scalar rows for a batch of jumps.
	slots := float64(f.keepRows(stats))
	if bytes := slots*(m+2)*8 + fundamentalBytes(size, min(g.outBound(), size), 0) + float64(runtime.GOMAXPROCS(0))*size*maxBatch*8; bytes > MaxBytes {
		return tooBig(bytes, "the jumps of a board with %.0f squares that moves go back to", m)
	}
	work := keptWork(f, g, len(stats))
	if work > jumpsWorkBound {
		return errorf(ErrTooLarge, "the jumps of a board with %.0f squares that moves go back to take about %.3g multiply-adds, over Jumps' bound of %.3g", m, work, jumpsWorkBound)
	}
	if t := work / multiplyAddsPerSecond; t > seconds {
		return errorf(ErrTooLarge, "the jumps of a board with %.0f squares that moves go back to: they would take about %.0f s, more than the %.1f s left of the time budget", m, t, max(seconds, 0))
	}
	return nil
}
