package snakes

import (
	"math"
	"slices"
)

// This file prices, from the board alone, a walk over a table of turns
// under dice of many totals (a loaded die, several dice), before the table
// is compiled: its compile, and the turns the figure surely takes, each a
// pass over the ends of the turns from the squares the chances are on.
// Those squares are known exactly, layer by layer, by the search by
// intervals; each square's ends at least those of its squares landed on
// that start no jump. A walk under thousands of totals whose compile fits
// the bound but whose first few turns do not is then refused in
// milliseconds instead of after seconds of compiling. A fair die's walks
// go by intervals instead (fairwalk.go), and cost what their squares do.

// A walkNeed is what a figure needs of a walk, for its price: the turns
// of a length distribution, a quantile, the mode, or a race.
type walkNeed struct {
	turns int     // LengthDistribution's maxTurns, or -1: until the game finishes
	q     float64 // a quantile's q, or 0
	mode  bool    // ModeTurns
}

// untilFinish is the need of a walk that runs until some game finishes: a
// race's, or one whose figure has no price of its own.
var untilFinish = walkNeed{turns: -1}

// pricedSpans is the most spans of totals a walk is priced for: each
// square's ends are counted span by span.
const pricedSpans = 64

// priceWalk refuses a walk of g for need when its compile and the turns
// need surely takes pass the work bound, or returns nil. It prices only
// the walks over a table of turns whose throws reach intervalsFrom totals
// or more, one throw a turn: others cost their compile (checkWalk) or
// their squares (fairwalk.go). Its time grows with the squares times the
// turns counted, at most tailWindow of them, and the spans.
func (g *game) priceWalk(need walkNeed) error {
	if g.walksByIntervals() || g.again != 0 || g.enter != 0 || g.lim.unpriced || g.last < 2 ||
		g.outBound() < float64(g.lim.intervalsFrom) {
		return nil
	}
	spans := g.dice.spans()
	if len(spans) > pricedSpans {
		return nil
	}
	s := newThrowSearch(*g, false)
	if s == nil || s.dist[g.last] < 0 {
		return nil // past the memory bound, or never finishing: the walk says so
	}
	// No game finishes sooner than the fewest throws, and until then a
	// square of a fewest path holds a chance that can still finish, so no
	// walk stops sooner, but a quantile's that finds a trap: it may stop
	// at once to say the game may never finish.
	turns := float64(s.dist[g.last])
	can := g.spanCan(spans)
	trapped := false
	for v := int32(0); v <= g.last; v++ {
		trapped = trapped || s.dist[v] >= 0 && !can[v]
	}
	slow := 0.0
	if !trapped {
		slow = g.slowFinish(s, need)
	}
	switch {
	case need.turns >= 0:
		turns = min(max(turns, slow), float64(need.turns))
	case trapped && need.q > 0:
		turns = 0
	default:
		turns = max(turns, slow)
	}
	// Below the least chance of a throw to the power of the turns, a
	// square's chance may round to 0, and its turns cost nothing.
	least := math.Inf(1)
	for t := g.dice.lo; t <= g.dice.hi; t++ {
		if w := g.dice.weight(t); w > 0 {
			least = min(least, w/g.dice.den)
		}
	}
	if least < 1 {
		turns = min(turns, math.Floor(1000/-math.Log2(least)))
	}
	work := g.compileWork()
	if work > g.lim.work {
		return nil // checkWalk says so
	}
	ends := newPlains(g)
	on := make([]bool, g.last+1) // the squares the chances are on
	on[g.start] = true
	next, before := make([]bool, g.last+1), make([]bool, g.last+1)
	cover := make([]int32, g.last+2)
	overhead := 2*float64(g.last) + turnOverhead
	refuse := func() error {
		return g.tooLong(work, "following random play under throws of totals up to %d on %d squares, for at least %.0f turns,", g.faces, g.last, turns)
	}
	// A walk looks at its budget after each turn that has not answered:
	// all but the last of those it surely takes.
	counted := turns - 1
	var costs [2]float64 // the latest two turns'
	for t := 1.0; t <= counted; t++ {
		if t > pricedLayers {
			// Past the layers followed, a turn costs its squares at least.
			if work += (counted - t + 1) * overhead; work > g.lim.work {
				return refuse()
			}
			return nil
		}
		cost := overhead
		for v, ok := range on[:g.last] {
			if !ok {
				continue
			}
			for _, sp := range spans {
				cost += ends.count(int32(v), int32(v)+sp[0], min(int32(v)+sp[1], g.last), 1+farSteps)
			}
		}
		if work += cost; work > g.lim.work {
			return refuse()
		}
		costs[0], costs[1] = costs[1], cost
		g.image(s, on, next, cover)
		if slices.Equal(next, on) || t > 1 && slices.Equal(next, before) {
			// The same squares from now on, or the same two in turn: each
			// later turn costs at least the less of the latest two.
			least := cost
			if t > 1 {
				least = min(costs[0], cost)
			}
			if work += (counted - t) * least; work > g.lim.work {
				return refuse()
			}
			return nil
		}
		before, on, next = on, next, before
	}
	return nil
}

// pricedLayers is the most turns whose squares priceWalk finds one by
// one, each in time linear in the squares and spans.
const pricedLayers = 32

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

// slowFinish returns how many turns need surely takes on a board the
// token cannot be trapped on, from the most any turn can finish: by turn t
// at most t of it has, and a quantile q waits until q has, the mode until
// what is left is no more than one turn's, and a length distribution or a
// race until its first look for a geometric tail (the 8th turn) while
// any is left. It returns 0 where no such bound holds: under Finish (a
// throw past the end finishes), or for a quantile on few squares (which
// goes by powers of the turn matrix).
func (g *game) slowFinish(s *throwSearch, need walkNeed) float64 {
	if g.over == Finish {
		return 0
	}
	reached := 0
	for v := int32(0); v < g.last; v++ {
		if s.dist[v] >= 0 {
			reached++
		}
	}
	if need.q > 0 && reached <= powersMax {
		return 0
	}
	// A throw finishes by landing on the last square or on a ladder to
	// it; under Bounce a total can fold onto each twice a period.
	lands := 0.0
	for p := int32(1); p <= g.last; p++ {
		if g.land(p) == g.last {
			lands++
		}
	}
	if g.over == Bounce {
		lands *= 2 * (math.Floor(float64(g.dice.hi-g.dice.lo)/(2*float64(g.last-1))) + 1)
	}
	most := 0.0
	for t := g.dice.lo; t <= g.dice.hi; t++ {
		most = max(most, g.dice.weight(t)/g.dice.den)
	}
	pmax := min(lands*most, 1)
	switch {
	case need.q > 0: // a settled tail is skipped after three windows at the least
		return min(math.Floor(0.99*need.q/pmax), tailWindow)
	case need.mode:
		return min(math.Floor(0.99/pmax)-1, tailWindow)
	case 0.99/pmax > settled+1:
		return settled
	}
	return 0
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
