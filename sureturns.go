package snakes

import (
	"math"
)

// This file says, turn by turn, which turns a walk surely takes and looks
// at its budget after, for its price (walkprice.go): none finishes before
// the fewest turns to the end; what has finished by a turn is at most the
// sum of the most a turn finishes from a square the chances are on; and a
// figure's own rule for stopping (a length distribution's turns, a
// quantile's q, the mode's likeliest turn, a race's tail) is read from
// those bounds.

// raceAfter is sureTurns.after for a race of several walks, one a track:
// it stops when below 10⁻¹⁸ is going on every walk, when a walk has
// nothing left (every game from its square has finished, or its left,
// carried down by what finishes, rounded to 0), or at a multiple of 8 once
// every walk may have settled into a geometric tail, from the most of
// their fewest turns on.
func raceAfter(t int, tracks []*track) (checked, goes bool) {
	going, left, sure := false, true, true
	fewest := 0
	for _, tr := range tracks {
		if !tr.sure.turns {
			return false, false
		}
		sure = sure && tr.sure.sure()
		g, l := tr.sure.going(t, tr.seen)
		going = going || g || l > 1e-17
		left = left && tr.sure.keeps(t, tr.seen, l)
		fewest = max(fewest, tr.sure.fewest)
	}
	goes = going && left && (t%settled != 0 || t < fewest)
	return goes && sure, goes
}

// sureTurns says, turn by turn, whether a walk for need surely looks at
// its budget after the turn and surely takes the next (see after).
type sureTurns struct {
	g       *game
	need    walkNeed
	fewest  int    // the fewest turns to the end: none finishes sooner
	can     []bool // the squares from which the end can be reached
	trapped bool   // a square the start reaches cannot
	alive   int    // turns for which a square's chance cannot round to 0 (or below 10⁻¹⁸ for a race)
	kept    int    // turns for which it stays over 2⁻³⁰, far above what a walk's left loses to rounding
	turns   bool   // the walk goes turn by turn: not a quantile by powers, nor a race by its product chain

	// Under Again the search reaches squares no turn ends on (those a run
	// passes), so that the walk's squares are known only from below:
	// turns holds once the tracks have seen unsure of them.
	unsure int
	sight  *sightings

	// Without a trap, what has finished by turn t is at most done, the
	// sum over the turns of the most a throw finishes from a square the
	// chances are on, and what a turn finishes at most best, their most.
	done sum // compensated: over millions of turns it keeps its precision
	best float64
	from []float64 // per total from lo: the chance of it or more
	onto []int32   // the squares below the last whose jump ends there
	most float64   // the likeliest total's chance
}

// sureTurns returns the sure turns of a walk of g for need, s its search,
// can the squares from which the end can be reached (spanCan).
func (g *game) sureTurns(s *throwSearch, can []bool, need walkNeed) *sureTurns {
	// A turn takes at most runBound throws.
	run := g.runBound()
	st := &sureTurns{g: g, need: need, fewest: int(math.Ceil(float64(s.rolls()) / run)), can: can}
	reached := 0
	for v := int32(0); v <= g.last; v++ {
		if s.reaches(v) {
			reached++
			st.trapped = st.trapped || !st.can[v]
		}
	}
	// On few squares a quantile may go by powers of the turn matrix, a
	// race by its product chain (of at least as many states as squares).
	st.turns = !(need.q > 0 && reached-1 <= powersMax) && !(need.race && reached <= raceDenseMax)
	if g.again != 0 && st.turns {
		switch {
		case need.q > 0:
			st.unsure = powersMax + 1
		case need.race:
			st.unsure = raceDenseMax + 1
		}
	}
	// A chance on a square is at least the least throw's to the power of
	// the turns; below 2⁻¹⁰⁰⁰ (or 10⁻¹⁸, where a race stops) it might
	// round away.
	least := math.Inf(1)
	d := &g.dice
	st.from = make([]float64, d.hi-d.lo+2)
	for t := d.hi; t >= d.lo; t-- {
		w := d.weight(t) / d.den
		st.from[t-d.lo] = st.from[t-d.lo+1] + w
		if w > 0 {
			least, st.most = min(least, w), max(st.most, w)
		}
	}
	floor := 1000.0
	if need.race {
		floor = 18 * math.Log2(10)
	}
	st.alive, st.kept = math.MaxInt32, math.MaxInt32
	if least < 1 {
		// Under Again an end is at most runBound throws away.
		st.alive = int(min(floor/-math.Log2(least)/run, math.MaxInt32))
		st.kept = int(min(30/-math.Log2(least)/run, math.MaxInt32))
	}
	st.onto = g.ontoLast()
	return st
}

// finishing returns at least the chance that a throw from v finishes:
// one onto the last square or a jump to it, or under Finish past it; under
// Bounce, from a square whose throws may pass the end, finishAtMost.
func (st *sureTurns) finishing(v int32) float64 {
	g, d := st.g, &st.g.dice
	if g.over == Bounce && v+d.hi > g.last {
		// A bounce may fold onto the last square or a jump to it.
		return g.finishAtMost(len(st.onto), st.most)
	}
	p := 0.0
	if k := g.last - v; k <= d.hi { // the last square, and under Finish past it
		if g.over == Finish {
			p += st.from[max(k, d.lo)-d.lo]
		} else if k >= d.lo {
			p += d.weight(k) / d.den
		}
	}
	if len(st.onto) > 64 {
		return min(1, p+float64(len(st.onto))*st.most)
	}
	for _, q := range st.onto {
		if k := q - v; k >= d.lo && k <= d.hi {
			p += d.weight(k) / d.den
		}
	}
	return min(1, p)
}

// keeps reports whether a walk's left, carried down by what finishes,
// is surely above 0 after turn t: what it surely has left, or the chances
// on the squares of on, are far above its rounding (2⁻³⁰).
func (st *sureTurns) keeps(t int, on seen, left float64) bool {
	return left > 0x1p-30 || t <= st.kept && on.any
}

// seen is what sureTurns reads of the squares a walk's chances are
// surely on: whether there are any, and whether any of them can finish.
type seen struct{ any, can bool }

// sees returns what on holds, for a set of squares.
func (st *sureTurns) sees(on []bool) seen {
	var s seen
	for v, ok := range on {
		if ok {
			s.any = true
			if st.can[v] {
				s.can = true
				break
			}
		}
	}
	return s
}

// ontoLast returns the squares below the last whose jump lands on it.
func (g *game) ontoLast() []int32 {
	var onto []int32
	for p := int32(1); p < g.last; p++ {
		if g.land(p) == g.last {
			onto = append(onto, p)
		}
	}
	return onto
}

// finishAtMost returns the most that one throw finishes from any square
// of g, onto the squares below the last whose jump lands on it and most
// the likeliest total's chance: one total lands on each of those under
// Stay, and under Bounce a total folds onto a square at most twice a
// period; under Finish, 1.
func (g *game) finishAtMost(onto int, most float64) float64 {
	lands := float64(onto + 1)
	switch g.over {
	case Stay:
		return min(1, lands*most)
	case Bounce:
		d := &g.dice
		return min(1, lands*2*(math.Floor(float64(d.hi-d.lo)/(2*float64(g.last-1)))+1)*most)
	}
	return 1
}

// sightings are the squares the tracks of a walk under Again have found
// its chances on, turn by turn: squares its turns surely end on.
type sightings struct {
	on []bool
	n  int
}

// see adds the squares of on.
func (s *sightings) see(on []bool) {
	for v, ok := range on {
		if ok && !s.on[v] {
			s.on[v] = true
			s.n++
		}
	}
}

// sure reports whether turns holds: the walk surely goes turn by turn.
func (st *sureTurns) sure() bool {
	return st.turns && (st.sight == nil || st.sight.n >= st.unsure)
}

// turn counts a turn from squares from which a throw finishes at most
// finish.
func (st *sureTurns) turn(finish float64) {
	st.done.add(finish)
	st.best = max(st.best, finish)
}

// going reports whether, after turn t, the chances on the squares of on
// that can finish are above 0 (10⁻¹⁸ for a race), and what at least is
// still going without a trap, with a hundredth to spare for rounding.
func (st *sureTurns) going(t int, on seen) (going bool, left float64) {
	going = t <= st.alive && on.can
	if !st.trapped {
		// Less 10⁻⁹: 1 − done may be a rounding of 0 (the chances of a
		// die's totals sum to 1 within 10⁻¹¹), and then nothing is
		// surely left.
		left = max(0, 0.99*(1-st.done.value())-1e-9)
	}
	return going, left
}

// after reports whether a walk for st's need, its chances after turn t on
// the squares of on, surely looks at its budget after turn t (it has not
// answered nor stopped) and surely takes turn t+1. The chances on a square
// of on that can finish are what is still going: above 0 while t ≤ alive.
// Without a trap, 1 − done is going, and with a hundredth to spare for
// rounding.
func (st *sureTurns) after(t int, on seen) (checked, goes bool) {
	checked, goes = st.surely(t, on)
	// Until turns holds the walk may not have spent what the turns cost,
	// but whatever it does it has taken those it surely takes.
	return checked && st.sure(), goes
}

// surely is after as long as the walk goes turn by turn.
func (st *sureTurns) surely(t int, on seen) (checked, goes bool) {
	if !st.turns {
		return false, false
	}
	going, left := st.going(t, on)
	n := st.need
	switch {
	case n.cover > 0:
		// Looks at its budget after every turn.
		checked = t <= n.turns
		return checked, checked && t < n.turns && (t < n.least || st.done.value() < 0.99*n.cover)
	case n.turns >= 0:
		// Stops at maxTurns, when nothing is going, or at a multiple of
		// 8 from the fewest turns on, where the tail may be geometric.
		checked = t <= n.turns && (going || left > 0) && (t%settled != 0 || t < st.fewest)
		return checked, checked && t < n.turns
	case n.q > 0:
		// Answers once q has finished, or what is going is 1−q at most,
		// or finds a trap; but a q so small that 1−q rounds near 1 may be
		// answered at once. Past tailEarliest turns it may skip to its
		// answer along a settled tail.
		checked = !st.trapped && n.q > 1e-9 && st.done.value() < 0.99*n.q
		return checked, checked && t+1 < tailEarliest
	case n.mode:
		// Takes a turn while what is going is above the likeliest turn's
		// chance: none before the fewest turns; and, as a quantile, not
		// past tailEarliest turns.
		return true, (going && t < st.fewest || left > st.best) && t+1 < tailEarliest
	default:
		// A race stops when below 10⁻¹⁸ is going, when what its walk
		// carries as left is 0, or at a multiple of 8 from the fewest
		// turns on, where its tails may be geometric.
		checked = (going || left > 1e-17) && st.keeps(t, on, left) && (t%settled != 0 || t < st.fewest)
		return checked, checked
	}
}
