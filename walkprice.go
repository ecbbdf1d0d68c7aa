package snakes

import (
	"context"
	"math"
	"slices"
)

// This file prices, from the board alone, a walk over a table of turns
// under dice of many totals (a loaded die, several dice, runs of Again),
// before the table is compiled: its compile, and the turns the figure
// surely takes (sureturns.go), each a pass over the ends of the turns from
// the squares the chances are on. Those squares are known exactly, layer
// by layer, by the search by intervals; a square's turn has at least as
// many ends as the squares its throws land on that start no jump. Where a
// turn is one throw (no Again) the squares go as runs (spread.go), each
// turn in time that grows with its runs and the jumps they cover rather
// than the board's squares. Under Again a turn throws from the squares of
// its run (turn.go's links), each throw of another total an end of its
// own: the squares priced are then some of those the chances are on, those
// the other totals put the token on, and no trap is claimed unless the
// other totals alone cannot finish. A walk under thousands of totals whose
// compile fits the bound but whose first few turns do not is then refused
// in milliseconds instead of after seconds of compiling. A fair die's
// walks go by intervals instead (fairwalk.go), and cost what their squares
// do.

// A walkNeed is what a figure needs of a walk, for its price: the turns
// of a length distribution, a quantile, the mode, or a race. The zero
// walkNeed needs no turn: only the compile is priced.
type walkNeed struct {
	turns int     // LengthDistribution's maxTurns, or -1
	q     float64 // a quantile's q, or 0
	// A report's distribution (Report.distribution) follows turns turns,
	// or stops once the turn least is past and cover has finished; it
	// looks for no tail.
	cover float64
	least int
	mode  bool    // ModeTurns
	race  bool    // WinChances, WinChancesFrom, GameLength
	from  []int32 // a race's distinct squares, when not only the start
}

// raceNeed is the need of the walk of a race from the start.
var raceNeed = walkNeed{turns: -1, race: true}

// raceNeedOf is the need of the walks of a race of players on squares:
// one from each distinct square.
func raceNeedOf(g *game, squares []int) walkNeed {
	need := raceNeed
	for _, s := range squares {
		if s != int(g.start) {
			need.from = nil
			seen := map[int]bool{}
			for _, s := range squares {
				if !seen[s] {
					seen[s] = true
					need.from = append(need.from, int32(s))
				}
			}
			return need
		}
	}
	return need
}

// pricedSpans is the most spans of totals a walk is priced for: each
// square's ends are counted span by span.
const pricedSpans = 64

// pricedLayers is the most turns whose squares priceWalk finds as sets,
// each in time linear in the squares and spans; past them it goes on only
// where the squares have settled, the same every turn or every other. A
// spread's turns (spread.go) cost their runs, and go on within
// pricingWork.
const pricedLayers = 32

// pricingWork bounds the price itself, in squares times spans over its
// layers (or a spread's runs, jumps and squares where a throw may finish),
// about 7 ns each here: with the searches, the price takes 90 ms on 10⁶
// squares (30 to 40 ms between two looks at the context), where compiling
// the turns alone takes seconds. Past it the walk is left to its own
// budget.
const pricingWork = 1 << 23

// priceWalk refuses a walk of g for need, with an error wrapping
// ErrTooLarge, when its compile and the turns it surely takes pass the
// work bound before it looks at its budget, or returns nil. It prices
// only the walks over a table of turns whose throws reach intervalsFrom
// totals or more, or runs of Again throws as many: others cost their
// compile (checkWalk) or their squares (fairwalk.go). Its time grows with
// the squares times the spans times the longest run, for each of at most
// pricedLayers turns, or with the runs of a spread's turns, and stops once
// past pricingWork of them; it stops with ctx's error once ctx is done.
func (g *game) priceWalk(ctx context.Context, need walkNeed) error {
	if g.walksByIntervals() || g.lim.unpriced || g.last < 2 ||
		g.outBound() < float64(g.lim.intervalsFrom) {
		return nil
	}
	spans := g.endSpans()
	perLayer := float64(len(spans)+1) * (float64(g.last) + 1) * g.runBound()
	if len(spans) == 0 || len(spans) > pricedSpans || perLayer > pricingWork {
		return nil
	}
	work := g.compileWork()
	if work > g.lim.work {
		return nil // checkWalk says so
	}
	if work < g.lim.work/pricedFrom {
		return nil // its turns cost as little: the walk finds its bound
	}
	// One track for the walk, or for a race one for each distinct square
	// the players start on, each walked on its own.
	starts := []int32{g.start}
	if need.race && need.from != nil {
		starts = need.from
	}
	if float64(len(starts))*perLayer > pricingWork || float64(len(starts))*(float64(g.last)+1) > pricedSquares {
		return nil
	}
	var tracks []*track
	union := make([]bool, g.last+1) // the squares some track reaches
	can := g.walkCan(spans)         // the same from every start
	var sight *sightings            // under Again, shared by the tracks
	if g.again != 0 {
		sight = &sightings{on: make([]bool, g.last+1)}
	}
	// Without Again, the squares go as runs (spread.go).
	runs := g.again == 0 && spreadBoardBytes(g) <= g.lim.bytes
	for _, start := range starts {
		tr := g.newTrack(start, can, need, sight, runs)
		if tr == nil {
			return nil // past the memory bound, or never finishing: the walk says so
		}
		if need.race && len(starts) > 1 {
			for v := range union {
				union[v] = union[v] || tr.s.reaches(int32(v))
			}
		}
		tracks = append(tracks, tr)
		if err := stopped(ctx); err != nil {
			return err
		}
	}
	if st := tracks[0].sure; !st.trapped && st.turns && st.unsure == 0 {
		// Every turn costs at least the walk's pass over the squares, and
		// finishes at most what a turn can from any square: a long board
		// is refused at once, before its layers are found.
		f := g.finishAtMost(len(st.onto), st.most) * g.dice.den / g.rest
		if err := g.priceTurns(work, 2*float64(g.last)+turnOverhead, sureTurnsFor(need, f, st.fewest)); err != nil {
			return err
		}
	}
	if need.race && len(tracks) > 1 {
		// A product race has at least as many states as squares over the
		// players: past raceDenseMax of them it goes turn by turn.
		reached := 0
		for _, ok := range union {
			if ok {
				reached++
			}
		}
		if reached <= raceDenseMax || slices.Contains(starts, g.last) {
			return nil
		}
		for _, tr := range tracks {
			tr.sure.turns = true // what the union says, whatever each track reaches
			if sight != nil {
				tr.sure.unsure = raceDenseMax + 1 // what the tracks see says
			}
		}
	}
	ends := newPlains(g)
	var cover []int32
	if runs {
		sb := newSpreadBoard(tracks[0].sure, spans, ends)
		for _, tr := range tracks {
			tr.sb, tr.seen = sb, sb.sees(tr.runs)
		}
	} else {
		cover = make([]int32, g.last+2)
	}
	layers := 0.0 // the work of the layers found: a pass over the squares and spans each, or a spread's runs
	for t := 1; ; t++ {
		for _, tr := range tracks {
			if !tr.settled && tr.sb == nil {
				if layers += perLayer; layers > pricingWork {
					return nil
				}
			}
			cost, spent, ok := tr.turn(g, t, spans, ends, cover)
			if layers += spent; !ok || layers > pricingWork {
				return nil
			}
			work += cost
		}
		if err := stopped(ctx); err != nil {
			return err
		}
		checked, goes := tracks[0].sure.after(t, tracks[0].seen)
		if len(tracks) > 1 {
			checked, goes = raceAfter(t, tracks)
		}
		if checked && work > g.lim.work {
			return g.tooLong(work, "following random play under throws of totals up to %d on %d squares, for at least %d turns,", g.faces, g.last, t)
		}
		if !goes {
			return nil
		}
	}
}

// priceFairWalk refuses a walk by intervals (fairwalk.go) of g over the
// classes cl, with an error wrapping ErrTooLarge, when the turns it surely
// takes for need pass the work bound, or returns nil. Each turn costs it
// at least fairTurnSteps whatever squares the chances are on, none
// finishes before the fewest throws to the end, and each finishes at most
// what one throw can from any square (finishAtMost), so that the turns a
// quantile, the mode or a report's distribution surely takes come in
// closed form (sureTurnsFor). A walk that can be trapped, under Finish
// (whose throws near the end finish most games), or for another need is
// left to itself. It takes time linear in the squares.
func (g *game) priceFairWalk(cl *fairClasses, need walkNeed) error {
	if g.lim.unpriced || cl.trap >= 0 || g.over == Finish || g.last < 2 {
		return nil
	}
	if need.q > 0 && g.reachedSquares(cl.reached) <= powersMax {
		return nil // may go by powers of the turn matrix
	}
	f := g.finishAtMost(len(g.ontoLast()), 1/float64(g.faces))
	start, per := fairWalkStart(g), fairTurnSteps(g)
	if err := g.priceTurns(start, per, sureTurnsFor(need, f, 1)); err != nil {
		return err
	}
	// Then with the turns before any finishes, which a search finds.
	s := newThrowSearch(*g, true)
	if s == nil || s.rolls() < 0 {
		return nil
	}
	return g.priceTurns(start, per, sureTurnsFor(need, f, s.rolls()))
}

// sureTurnsFor returns the last turn after which a walk for need surely
// looks at its budget, every turn before it taken, where no turn before
// the fewest finishes and each finishes at most f, without a trap: a
// quantile's (going turn by turn), the mode's or a report's
// distribution's, as sureTurns reads them (sureturns.go); 0 for others.
func sureTurnsFor(need walkNeed, f float64, fewest int) float64 {
	if !(f > 0) {
		return 0
	}
	lag := float64(max(fewest, 1) - 1) // turns before any finishes
	switch {
	case need.cover > 0:
		return min(float64(need.turns), max(float64(need.least), math.Ceil(0.99*need.cover/f+lag)))
	case need.q > 1e-9 && need.turns < 0:
		return min(tailEarliest-1, math.Ceil(0.99*need.q/f+lag)-1)
	case need.mode:
		return min(tailEarliest-1, max(1, math.Ceil((0.99-1e-9-f)/(0.99*f)+lag)))
	}
	return 0
}

// priceTurns refuses a walk that has spent start steps and spends at
// least per a turn when it is past the work bound after one of its first
// turns turns.
func (g *game) priceTurns(start, per, turns float64) error {
	if t := math.Floor((g.lim.work-start)/per) + 1; t >= 1 && t <= turns {
		return g.tooLong(start+t*per, "following random play under throws of totals up to %d on %d squares, for at least %.0f turns,", g.faces, g.last, t)
	}
	return nil
}

// pricedFrom is how many compiles of a walk's turns the work bound must
// hold at most for the walk to be priced: a walk whose turns cost less
// (a die of six with another throw on a six on a board of 100 squares:
// its compile is 2⁻¹⁷ of the bound) would spend half again on its price,
// and would take 2¹⁰ turns or more to reach the bound.
const pricedFrom = 1 << 10

// pricedSquares bounds a race's tracks times the squares: each track
// holds a search and three sets of the squares, about 12 bytes a square,
// so that the tracks hold 48 MiB at most.
const pricedSquares = 1 << 22

// endSpans returns the spans of the totals that end a turn: every total
// but Again's.
func (g *game) endSpans() [][2]int32 {
	var out [][2]int32
	for _, sp := range g.dice.spans() {
		if a := g.again; a >= sp[0] && a <= sp[1] {
			if sp[0] < a {
				out = append(out, [2]int32{sp[0], a - 1})
			}
			if a < sp[1] {
				out = append(out, [2]int32{a + 1, sp[1]})
			}
			continue
		}
		out = append(out, sp)
	}
	return out
}

// A track is one walk's squares, turn by turn, for its price.
type track struct {
	s                *throwSearch
	sure             *sureTurns
	on, next, before []bool       // the squares the chances are on, the last left out; scratch
	ts               *turnScratch // under Again
	// Without Again, the squares are runs instead of on: a spread and its
	// board (spread.go).
	sb                         *spreadBoard
	runs, nextRuns, beforeRuns spread
	seen                       seen // what the squares hold
	costs, finishes            [2]float64
	settled                    bool // the squares are those of every later turn, or of every other
}

// newTrack returns the track of a walk of g from start, or nil where the
// last square cannot be reached or the search is past the memory bound;
// under Again its squares are counted in sight. With runs its squares are
// a spread, whose board the caller sets.
func (g *game) newTrack(start int32, can []bool, need walkNeed, sight *sightings, runs bool) *track {
	gs := *g
	gs.start = start
	s := newThrowSearch(gs, false)
	if s == nil || s.rolls() < 0 {
		return nil
	}
	tr := &track{s: s, sure: gs.sureTurns(s, can, need)}
	if runs {
		if start != g.last {
			tr.runs = spread{{start, start}}
		}
		return tr
	}
	tr.on, tr.next, tr.before = make([]bool, g.last+1), make([]bool, g.last+1), make([]bool, g.last+1)
	tr.on[start] = true
	tr.seen = tr.sure.sees(tr.on)
	if g.again != 0 {
		tr.ts = tr.ts.fit(int(g.last) + 1)
		tr.sure.sight = sight
		sight.see(tr.on)
	}
	return tr
}

// turn counts turn t of tr and moves its squares on, returning the turn's
// cost and, for a spread, the work of its layer; or false past
// pricedLayers.
func (tr *track) turn(g *game, t int, spans [][2]int32, ends plains, cover []int32) (cost, spent float64, ok bool) {
	cost, finish := 2*float64(g.last)+turnOverhead, 0.0
	switch {
	case tr.settled:
		cost, finish = min(tr.costs[0], tr.costs[1]), max(tr.finishes[0], tr.finishes[1])
	case tr.sb != nil:
		cost, finish = tr.sb.turn(tr.runs)
		spent = float64(len(tr.runs) + len(tr.sb.zone))
		tr.costs[0], tr.costs[1] = tr.costs[1], cost
		tr.finishes[0], tr.finishes[1] = tr.finishes[1], finish
	default:
		for v, ok := range tr.on[:g.last] {
			if ok {
				c, f := tr.sure.turnFrom(int32(v), tr.ts, spans, ends)
				cost += c
				finish = max(finish, f)
			}
		}
		tr.costs[0], tr.costs[1] = tr.costs[1], cost
		tr.finishes[0], tr.finishes[1] = tr.finishes[1], finish
	}
	tr.sure.turn(finish)
	switch {
	case tr.settled:
		return cost, 0, true
	case tr.sb != nil:
		return cost, spent + tr.spreadOn(t), true
	case t > pricedLayers:
		return 0, 0, false
	}
	if tr.ts != nil {
		g.runImage(tr.ts, spans, tr.on, tr.next, cover)
	} else {
		g.image(tr.s, tr.on, tr.next, cover)
	}
	alternate := false
	switch {
	case slices.Equal(tr.next, tr.on):
		tr.settled, tr.costs[0], tr.finishes[0] = true, cost, finish
	case t > 1 && slices.Equal(tr.next, tr.before):
		tr.settled, alternate = true, true
	}
	tr.before, tr.on, tr.next = tr.on, tr.next, tr.before
	if alternate {
		// What is going on both sets of squares is going on either.
		for v := range tr.on {
			tr.on[v] = tr.on[v] && tr.before[v]
		}
	}
	tr.seen = tr.sure.sees(tr.on)
	if tr.sure.sight != nil {
		tr.sure.sight.see(tr.on)
	}
	return cost, 0, true
}

// spreadOn moves a spread track's squares on a turn after turn t, as turn
// moves a set of them, and returns the work it took.
func (tr *track) spreadOn(t int) float64 {
	next, work := tr.sb.image(tr.runs, tr.nextRuns)
	alternate := false
	switch {
	case slices.Equal(next, tr.runs):
		tr.settled = true
		tr.costs[0], tr.finishes[0] = tr.costs[1], tr.finishes[1]
	case t > 1 && slices.Equal(next, tr.beforeRuns):
		tr.settled, alternate = true, true
	}
	tr.beforeRuns, tr.runs, tr.nextRuns = tr.runs, next, tr.beforeRuns
	if alternate {
		// What is going on both sets of squares is going on either.
		both := intersect(tr.runs, tr.beforeRuns, tr.nextRuns)
		tr.runs, tr.nextRuns = both, tr.runs
	}
	tr.seen = tr.sb.sees(tr.runs)
	return work
}

// turnFrom returns at least what following the ends of a turn from v costs
// (the chain's cost[v]), and at most the chance that it finishes; ts is
// scratch under Again, else nil.
func (st *sureTurns) turnFrom(v int32, ts *turnScratch, spans [][2]int32, ends plains) (cost, finish float64) {
	g := st.g
	switch {
	case ts != nil:
		return st.run(v, ts, spans, ends)
	case v < g.firstRolled():
		return g.enterEnds(1 + farSteps), st.finishing(v)
	}
	return throwEnds(g, v, spans, ends), st.finishing(v)
}

// throwEnds is turnFrom's cost for a turn of one throw from v, rolled.
func throwEnds(g *game, v int32, spans [][2]int32, ends plains) (cost float64) {
	for _, sp := range spans {
		cost += ends.count(v, v+sp[0], min(v+sp[1], g.last), 1+farSteps)
	}
	return cost
}

// run is turnFrom under Again: each square of the turn's run ends the turn
// with the totals of spans, the ends of one square distinct but for a
// jump's, and the last of one square's may be merged with the first of
// the next's (appendEnd). Square 0 under Enter counts none.
func (st *sureTurns) run(v int32, ts *turnScratch, spans [][2]int32, ends plains) (cost, finish float64) {
	g := st.g
	links, _ := g.run(v, ts, turnTiny)
	for _, l := range links {
		for _, sp := range spans {
			if l.u >= g.firstRolled() {
				cost += ends.count(v, l.u+sp[0], min(l.u+sp[1], g.last), 1+farSteps)
			}
		}
		finish += l.f * st.finishing(l.u)
	}
	return max(0, cost-float64(len(links)-1)*(1+farSteps)), min(1, finish)
}

// walkCan returns the squares from which the totals of spans, those that
// end a turn, reach the last square (spanCan): under Again some of those
// from which the turns can. Square 0 under Enter and Again can where a
// throw of Enter that is not Again ends can, where a square of the run a
// throw of Enter that is Again goes on to can, or where that run reaches
// the last square.
func (g *game) walkCan(spans [][2]int32) []bool {
	can := g.spanCan(spans)
	if g.again != 0 && g.enter > 0 {
		can[0] = g.runCan(can)
	}
	return can
}

// runCan is walkCan's square 0 under Enter and Again.
func (g *game) runCan(can []bool) bool {
	ts := new(turnScratch).fit(int(g.last) + 1)
	links, stop := g.run(0, ts, turnTiny)
	ok := stop == turnEnds
	for _, l := range links {
		if l.u > 0 {
			ok = ok || can[l.u]
		} else if g.enter != g.again {
			_, to := g.throwFrom(0, g.enter)
			ok = ok || can[to]
		}
	}
	return ok
}

// runImage is image under Again: next gets the squares that a turn from a
// square of on ends on by a total other than Again's, before a bounce,
// and where a run at its limit leaves the token; some of the squares the
// chances go on, the last left out.
func (g *game) runImage(ts *turnScratch, spans [][2]int32, on, next []bool, cover []int32) {
	clear(cover)
	clear(next)
	for v, ok := range on[:g.last] {
		if !ok {
			continue
		}
		links, stop := g.run(int32(v), ts, turnTiny)
		for _, l := range links {
			if l.u < g.firstRolled() {
				// Off the board only Enter moves; every other total of
				// some weight leaves the token there.
				if g.enter != g.again {
					_, to := g.throwFrom(0, g.enter)
					next[to] = true
				}
				moving := g.dice.weight(g.enter)
				if g.again != g.enter {
					moving += g.dice.weight(g.again)
				}
				if moving < g.dice.den {
					next[0] = true
				}
				continue
			}
			for _, sp := range spans {
				if lo, hi := l.u+sp[0], min(l.u+sp[1], g.last); lo <= hi {
					cover[lo]++
					cover[hi+1]--
				}
				if l.u+sp[1] > g.last && g.over == Stay {
					next[l.u] = true // a total past the end leaves it there
				}
			}
		}
		if stop == turnVoids {
			next[g.voidTo(int32(v))] = true
		}
	}
	g.landCovered(cover, next)
	next[g.last] = false
}

// landCovered adds to next where a throw onto each square that cover's
// differences cover leaves the token, its jump taken.
func (g *game) landCovered(cover []int32, next []bool) {
	var c int32
	for p := int32(1); p <= g.last; p++ {
		if c += cover[p]; c > 0 {
			next[g.land(p)] = true
		}
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
	g.landCovered(cover, next)
	// Under Enter the search leaves out the throws that keep the token
	// off the board: the chances stay on square 0.
	if g.enter > 0 && on[0] && g.enterStays() {
		next[0] = true
	}
	next[g.last] = false
}
