package snakes

import (
	"context"
	"math"
	"slices"
)

// This file prices, from the board alone, a walk over a table of turns
// under dice of many totals (a loaded die, several dice), before the table
// is compiled: its compile, and the turns the figure surely takes, each a
// pass over the ends of the turns from the squares the chances are on.
// Those squares are known exactly, layer by layer, by the search by
// intervals; a square's turn has at least as many ends as the squares its
// throws land on that start no jump. A walk under thousands of totals
// whose compile fits the bound but whose first few turns do not is then
// refused in milliseconds instead of after seconds of compiling. A fair
// die's walks go by intervals instead (fairwalk.go), and cost what their
// squares do.

// A walkNeed is what a figure needs of a walk, for its price: the turns
// of a length distribution, a quantile, the mode, or a race. The zero
// walkNeed needs no turn: only the compile is priced.
type walkNeed struct {
	turns int     // LengthDistribution's maxTurns, or -1
	q     float64 // a quantile's q, or 0
	mode  bool    // ModeTurns
	race  bool    // WinChances, WinChancesFrom, GameLength
}

// raceNeed is the need of the walk of a race from the start.
var raceNeed = walkNeed{turns: -1, race: true}

// raceNeedOf is the need of the walk of a race of players on squares: a
// race's when all are on the start, whose walk the price follows; else
// none but the compile.
func raceNeedOf(g *game, squares []int) walkNeed {
	for _, s := range squares {
		if s != int(g.start) {
			return walkNeed{}
		}
	}
	return raceNeed
}

// pricedSpans is the most spans of totals a walk is priced for: each
// square's ends are counted span by span.
const pricedSpans = 64

// pricedLayers is the most turns whose squares priceWalk finds one by
// one, each in time linear in the squares and spans; past them it goes on
// only where the squares have settled, the same every turn or every other.
const pricedLayers = 32

// pricingWork bounds the price itself, in squares times spans over its
// layers, about 7 ns each here: with the searches, the price takes 90 ms
// on 10⁶ squares (30 to 40 ms between two looks at the context), where
// compiling the turns alone takes seconds. Past it the walk is left to
// its own budget.
const pricingWork = 1 << 23

// priceWalk refuses a walk of g for need, with an error wrapping
// ErrTooLarge, when its compile and the turns it surely takes pass the
// work bound before it looks at its budget, or returns nil. It prices
// only the walks over a table of turns whose throws reach intervalsFrom
// totals or more, one throw a turn: others cost their compile (checkWalk)
// or their squares (fairwalk.go). Its time grows with the squares times
// the spans, for each of at most pricedLayers turns, and stays within
// pricingWork of them; it stops with ctx's error once ctx is done.
func (g *game) priceWalk(ctx context.Context, need walkNeed) error {
	if g.walksByIntervals() || g.again != 0 || g.enter != 0 || g.lim.unpriced || g.last < 2 ||
		g.outBound() < float64(g.lim.intervalsFrom) {
		return nil
	}
	spans := g.dice.spans()
	perLayer := float64(len(spans)+1) * (float64(g.last) + 1)
	if len(spans) > pricedSpans || perLayer > pricingWork {
		return nil
	}
	work := g.compileWork()
	if work > g.lim.work {
		return nil // checkWalk says so
	}
	s := newThrowSearch(*g, false)
	if s == nil || s.dist[g.last] < 0 {
		return nil // past the memory bound, or never finishing: the walk says so
	}
	if err := stopped(ctx); err != nil {
		return err
	}
	sure := g.sureTurns(s, spans, need)
	ends := newPlains(g)
	on := make([]bool, g.last+1) // the squares the chances are on, the last left out
	on[g.start] = true
	next, before := make([]bool, g.last+1), make([]bool, g.last+1)
	cover := make([]int32, g.last+2)
	var costs, finishes [2]float64 // the latest two turns'
	settled := false               // on holds the squares of every later turn, or of every other
	for t := 1; ; t++ {
		cost, finish := 2*float64(g.last)+turnOverhead, 0.0
		if settled {
			cost, finish = min(costs[0], costs[1]), max(finishes[0], finishes[1])
		} else {
			for v, ok := range on[:g.last] {
				if !ok {
					continue
				}
				for _, sp := range spans {
					cost += ends.count(int32(v), int32(v)+sp[0], min(int32(v)+sp[1], g.last), 1+farSteps)
				}
				finish = max(finish, sure.finishing(int32(v)))
			}
			costs[0], costs[1] = costs[1], cost
			finishes[0], finishes[1] = finishes[1], finish
		}
		work += cost
		sure.turn(finish)
		if !settled {
			if t > pricedLayers || float64(t)*perLayer > pricingWork {
				return nil
			}
			if err := stopped(ctx); err != nil {
				return err
			}
			g.image(s, on, next, cover)
			alternate := false
			switch {
			case slices.Equal(next, on):
				settled, costs[0], finishes[0] = true, cost, finish
			case t > 1 && slices.Equal(next, before):
				settled, alternate = true, true
			}
			before, on, next = on, next, before
			if alternate {
				// What is going on both sets of squares is going on either.
				for v := range on {
					on[v] = on[v] && before[v]
				}
			}
		}
		checked, goes := sure.after(t, on)
		if checked && work > g.lim.work {
			return g.tooLong(work, "following random play under throws of totals up to %d on %d squares, for at least %d turns,", g.faces, g.last, t)
		}
		if !goes {
			return nil
		}
	}
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
	turns   bool   // the walk goes turn by turn: not a quantile by powers, nor a race by its product chain

	// Without a trap, what has finished by turn t is at most done, the
	// sum over the turns of the most a throw finishes from a square the
	// chances are on, and what a turn finishes at most best, their most.
	done, best float64
	from       []float64 // per total from lo: the chance of it or more
	onto       []int32   // the squares below the last whose jump ends there
	most       float64   // the likeliest total's chance
}

// sureTurns returns the sure turns of a walk of g for need, s its search.
func (g *game) sureTurns(s *throwSearch, spans [][2]int32, need walkNeed) *sureTurns {
	st := &sureTurns{g: g, need: need, fewest: int(s.dist[g.last]), can: g.spanCan(spans)}
	reached := 0
	for v := int32(0); v <= g.last; v++ {
		if s.dist[v] >= 0 {
			reached++
			st.trapped = st.trapped || !st.can[v]
		}
	}
	// On few squares a quantile may go by powers of the turn matrix, a
	// race by its product chain (of at least as many states as squares).
	st.turns = !(need.q > 0 && reached-1 <= powersMax) && !(need.race && reached <= raceDenseMax)
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
	st.alive = math.MaxInt32
	if least < 1 {
		st.alive = int(min(floor/-math.Log2(least), math.MaxInt32))
	}
	for p := int32(1); p < g.last; p++ {
		if g.land(p) == g.last {
			st.onto = append(st.onto, p)
		}
	}
	return st
}

// finishing returns at least the chance that a throw from v finishes:
// one onto the last square or a jump to it, or under Finish past it.
func (st *sureTurns) finishing(v int32) float64 {
	g, d := st.g, &st.g.dice
	lands := float64(len(st.onto) + 1)
	if g.over == Bounce {
		// A total folds onto a square at most twice a period.
		return min(1, lands*2*(math.Floor(float64(d.hi-d.lo)/(2*float64(g.last-1)))+1)*st.most)
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

// turn counts a turn from squares from which a throw finishes at most
// finish.
func (st *sureTurns) turn(finish float64) {
	st.done += finish
	st.best = max(st.best, finish)
}

// after reports whether a walk for st's need, its chances after turn t on
// the squares of on, surely looks at its budget after turn t (it has not
// answered nor stopped) and surely takes turn t+1. The chances on a square
// of on that can finish are what is still going: above 0 while t ≤ alive.
// Without a trap, 1 − done is going, and with a hundredth to spare for
// rounding.
func (st *sureTurns) after(t int, on []bool) (checked, goes bool) {
	if !st.turns {
		return false, false
	}
	going := false
	if t <= st.alive {
		for v, ok := range on {
			if ok && st.can[v] {
				going = true
				break
			}
		}
	}
	left := 0.0 // what surely is still going, without a trap
	if !st.trapped {
		left = 0.99 * (1 - st.done)
	}
	n := st.need
	switch {
	case n.turns >= 0:
		// Stops at maxTurns, when nothing is going, or at a multiple of
		// 8 from the fewest turns on, where the tail may be geometric.
		checked = t <= n.turns && (going || left > 0) && (t%settled != 0 || t < st.fewest)
		return checked, checked && t < n.turns
	case n.q > 0:
		// Answers once q has finished, or what is going is 1−q at most,
		// or finds a trap; but a q so small that 1−q rounds near 1 may be
		// answered at once.
		checked = !st.trapped && n.q > 1e-9 && st.done < 0.99*n.q
		return checked, checked
	case n.mode:
		// Takes a turn while what is going is above the likeliest turn's
		// chance: none before the fewest turns.
		return true, going && t < st.fewest || left > st.best
	default:
		// A race stops when below 10⁻¹⁸ is going, or at a multiple of 8
		// from the fewest turns on, where its tails may be geometric.
		checked = (going || left > 1e-17) && (t%settled != 0 || t < st.fewest)
		return checked, checked
	}
}

// image sets next to the squares a turn from the squares in on ends on,
// the last left out. cover is scratch of last+2.
func (g *game) image(s *throwSearch, on, next []bool, cover []int32) {
	clear(cover)
	clear(next)
	for v, ok := range on[:g.last] {
		if ok {
			s.each(int32(v), func(_, to int32) { next[to] = true }, func(lo, hi int32) {
				cover[lo]++
				cover[hi+1]--
			})
		}
	}
	var c int32
	for p := int32(1); p <= g.last; p++ {
		if c += cover[p]; c > 0 {
			next[g.land(p)] = true
		}
	}
	next[g.last] = false
}

// plains counts the squares that start no jump: plains[i] of 1..i-1.
type plains []int32

func newPlains(g *game) plains {
	p := make(plains, g.last+2)
	for t := int32(1); t <= g.last; t++ {
		p[t+1] = p[t]
		if g.jumps[t] < 0 {
			p[t+1]++
		}
	}
	return p
}

// count returns the squares in [lo, hi] that start no jump, those over
// nearSquares from v counted far times each: at least what the ends of a
// turn from v landing there cost a pass (chain.go).
func (p plains) count(v, lo, hi int32, far float64) float64 {
	if lo > hi {
		return 0
	}
	all := func(lo, hi int32) float64 {
		if lo > hi {
			return 0
		}
		return float64(p[hi+1] - p[lo])
	}
	near := all(max(lo, v-nearSquares), min(hi, v+nearSquares))
	return near + far*(all(lo, hi)-near)
}
