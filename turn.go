package snakes

import (
	"context"
	"math"

	"github.com/snakesladders/snakes/internal/budget"
)

// This file is the one model of a turn that every random-play engine
// reads: from the square a turn starts on, the throws it can make, where
// it can end and with what chance. A turn is one throw, unless the rules
// give another throw on a total (Rules.Again): then the throws of that
// total form a run that goes on from square to square, each taking its
// move and jump, until another total ends the turn, a throw reaches the
// last square, or the run reaches Rules.AgainLimit and voids the turn.
// Since the throws of the run all show the same total, where the run goes
// does not branch: it is one chain of squares, and every other total
// leaves the chain to end the turn. A chain that comes back to a square it
// passed (a snake, or a throw that stays put) repeats with the chance of
// going round once, a^P for P squares at chance a each, which a geometric
// series sums in closed form.

// How a throw leaves the turn.
const (
	turnEnds  = iota // the turn ends where the throw put the token (on the last square, the game too)
	turnGoes         // another throw follows from where it put the token
	turnVoids        // the run of Again throws is at its limit: the token goes back, the turn ends
)

// A throwOut is one throw a turn can make.
type throwOut struct {
	k                int32   // the throws before it in the turn
	total            int32   // what the dice show
	from, landed, to int32   // where it is thrown from, lands (before a jump), and leaves the token
	p                float64 // its chance, times dice.den: the chance of getting to it, times its total's weight
	how              int8    // turnEnds, turnGoes or turnVoids
	cycle            int32   // on a chain of Again throws that repeats, its length in throws; else 0
}

// turnTiny is where a float64 turn stops following a run of Again throws
// without a limit that has not ended or repeated: the chance of getting
// that far, below 2⁻⁶⁴, is lost in rounding beside the turn's other
// chances. A run with a limit is followed to it (at most 64 throws): the
// void at its end can be a square's only way out (a square every throw
// overshoots under Stay, left only by a run of Again throws to the limit
// under BackToStart), which a cut would make a trap.
const turnTiny = 0x1p-64

// A turnScratch holds what building turns needs, once per call.
type turnScratch struct {
	outs  []throwOut // the throws of the latest turn
	links []link     // the squares the latest turn throws from
	at    []int32    // per square: its place in chain, or -1
}

// fit makes ts cover size squares, reusing its buffers when they are
// large enough (between turns at is -1 everywhere).
func (ts *turnScratch) fit(size int) *turnScratch {
	if ts == nil {
		ts = new(turnScratch)
	}
	if len(ts.at) < size {
		ts.at = make([]int32, size)
		for i := range ts.at {
			ts.at[i] = -1
		}
	}
	return ts
}

// throwFrom is step for a throw of total s from square u, with the rule
// that only a throw of Enter leaves square 0.
func (g *game) throwFrom(u, s int32) (landed, to int32) {
	if u == 0 && g.enter > 0 && s != g.enter {
		return 0, 0
	}
	return g.step(u, s)
}

// turn returns every throw a turn from square v can make, in the order of
// the throws and, within one, of the totals, in ts.outs (overwritten by
// the next call). tiny is the chance of going on below which a run of
// Again throws is cut off: turnTiny for float64 callers, 0 for exact ones
// (the run then always ends, repeats or reaches its limit, after at most
// one throw a square). ts must cover the squares.
func (g *game) turn(v int32, ts *turnScratch, tiny float64) []throwOut {
	d := &g.dice
	outs := ts.outs[:0]
	o := throwOut{from: v}
	if g.again == 0 {
		for s := d.lo; s <= d.hi; s++ {
			if n := d.weight(s); n > 0 {
				o.total, o.p = s, n
				o.landed, o.to = g.throwFrom(v, s)
				outs = append(outs, o)
			}
		}
		ts.outs = outs
		return outs
	}
	links, stop := g.run(v, ts, tiny)
	if need := len(links) * int(d.hi-d.lo+1); cap(outs) < need {
		outs = make([]throwOut, 0, need)
	}
	for k, l := range links {
		for s := d.lo; s <= d.hi; s++ {
			n := d.weight(s)
			if n == 0 {
				continue
			}
			outs = outs[:len(outs)+1] // filled in place: copying a throwOut costs more
			o := &outs[len(outs)-1]
			o.k, o.total, o.from, o.p, o.how, o.cycle = int32(k), s, l.u, l.f*n, turnEnds, l.cycle
			switch {
			case s != g.again:
				o.landed, o.to = g.throwFrom(l.u, s)
			case k < len(links)-1 || stop == turnGoes:
				o.how = turnGoes
				o.landed, o.to = g.throwFrom(l.u, s)
			case stop == turnEnds: // onto the last square
				o.landed, o.to = g.throwFrom(l.u, s)
			default: // the run's limit: not moved
				o.how, o.landed, o.to = turnVoids, l.u, g.voidTo(v)
			}
		}
	}
	ts.outs = outs
	return outs
}

// A link is a square a turn throws from: the square it starts on, or one
// a throw of Again put the token on.
type link struct {
	u     int32
	f     float64 // the chance that the turn throws from u (on a repeating chain, times the repeats)
	cycle int32   // on a chain of Again throws that repeats, its length in throws; else 0
}

// run returns the squares a turn from v throws from, in order, in
// ts.links (overwritten by the next call), and what the last one's throw
// of Again does: turnEnds if it reaches the last square, turnVoids if it
// is the run's limit, turnGoes if the turn goes on (round a repeating
// chain, whose repeats the chances count, or past tiny: see turn). Every
// other total thrown from a link ends the turn. A turn without Again
// throws from v alone.
func (g *game) run(v int32, ts *turnScratch, tiny float64) ([]link, int8) {
	d := &g.dice
	links := ts.links[:0]
	if g.again == 0 {
		ts.links = append(links, link{u: v, f: 1})
		return ts.links, turnGoes
	}
	a := d.weight(g.again)
	stop, repeat := int8(turnGoes), int32(-1)
	u, chance := v, 1.0
	for k := int32(0); ; k++ {
		links = append(links, link{u: u, f: chance})
		if g.limit == 0 {
			ts.at[u] = k // a run with a limit ends anyway: no need to spot a repeat
		}
		if g.limit > 0 && k+1 == g.limit {
			stop = turnVoids
			break
		}
		_, to := g.throwFrom(u, g.again)
		if to == g.last {
			stop = turnEnds
			break
		}
		if g.limit == 0 && ts.at[to] >= 0 {
			repeat = ts.at[to]
			break
		}
		// A run with a limit is followed to it, however unlikely: its void
		// may be the only way a square is ever left.
		if chance *= a / d.den; chance < tiny && g.limit == 0 {
			break
		}
		u = to
	}
	if g.limit == 0 {
		for _, l := range links {
			ts.at[l.u] = -1
		}
	}
	ts.links = links
	if repeat < 0 {
		return links, stop
	}
	// Going round a repeating chain once has chance a^P; the throws on it
	// happen 1/(1 − a^P) times as often, 1 − a^P written as the sum of
	// positive terms (1 − a)(1 + a + … + a^(P−1)), 1 − a the weight of
	// every other total, so that nothing cancels.
	cycle := int32(len(links)) - repeat
	var series float64
	pa := 1.0
	for range cycle {
		series += pa
		pa *= a / d.den
	}
	factor := d.den / (g.rest * series)
	for k := repeat; k < int32(len(links)); k++ {
		links[k].f *= factor
		links[k].cycle = cycle
	}
	return links, stop
}

// voidTo is where a turn from v that reaches the limit of Again throws
// leaves the token.
func (g *game) voidTo(v int32) int32 {
	if g.toStart {
		return g.start
	}
	return v
}

// outBound is the most throws a turn from one square can end with, for
// sizing the tables of moves and bounding their work: the totals, times the
// longest run of Again throws a turn follows.
func (g *game) outBound() float64 {
	return float64(g.dice.hi-g.dice.lo+1) * g.runBound()
}

// runBound is the most squares a turn throws from (run's links): 1
// without Again, AgainLimit with a limit, else as far as turnTiny lets a
// run go.
func (g *game) runBound() float64 {
	if g.again == 0 {
		return 1
	}
	run := float64(g.limit)
	if run == 0 {
		run = float64(g.last) + 1
		if a := g.dice.weight(g.again) / g.dice.den; a < 1 {
			run = min(run, math.Ceil(math.Log(turnTiny)/math.Log(a))+1)
		}
	}
	return run
}

// moves appends to edges the ends of the turns from square v, each with
// its weight out of dice.den; a turn that ends where it began (an
// overshoot under Stay, a voided turn) is an edge to v itself. A fair
// die's rolls are merged by destination, in the order first reached;
// other turns' throws only where one ends where the one before did (the
// runs of totals past the end), since merging them all costs more than
// the few repeated ends save.
func (g *game) moves(v int32, ts *turnScratch, edges []edge) []edge {
	if !g.simple {
		from := len(edges)
		for _, o := range g.turn(v, ts, turnTiny) {
			if o.how != turnGoes {
				edges = appendEnd(edges, from, o.to, o.p)
			}
		}
		return edges
	}
	// Merged through ts.at, each end's place in edges while the square's
	// rolls are listed: one look a roll, whatever the faces.
	from := len(edges)
	at := ts.at
	top := min(g.faces, g.last-v) // the rolls that stay on the board
	for roll := int32(1); roll <= g.faces; roll++ {
		var to int32
		if roll <= top {
			to = g.land(v + roll)
		} else {
			_, to = g.overshoot(v, roll)
		}
		if k := at[to]; k >= 0 {
			edges[k].n++
			continue
		}
		at[to] = int32(len(edges))
		edges = append(edges, edge{to: to, n: 1})
	}
	for _, e := range edges[from:] {
		at[e.to] = -1
	}
	return edges
}

// An edge is where a turn can end and its weight out of the game's
// dice.den: for one fair die, how many of the faces go there.
type edge struct {
	to int32
	n  float64
}

// moveTable lists every square's turns: edges[first[v]:first[v+1]] leave
// square v, none from the squares below low or from the last. It reuses
// first, edges and ts when they are large enough, and stops with ctx's
// error once ctx is done.
func (g *game) moveTable(ctx context.Context, low int32, ts *turnScratch, first []int32, edges []edge) ([]int32, []edge, error) {
	return g.table(ctx, low, g.outBound(), first, edges, func(v int32, edges []edge) []edge {
		return g.moves(v, ts, edges)
	})
}

// endTable lists every square's throws that end a turn (see endingThrows),
// as moveTable lists turns.
func (g *game) endTable(ctx context.Context, low int32, first []int32, edges []edge) ([]int32, []edge, error) {
	return g.table(ctx, low, float64(g.dice.hi-g.dice.lo+1), first, edges, g.endingThrows)
}

// table lists what each(v) appends for every square v from low up to the
// last, at most bound a square: edges[first[v]:first[v+1]]; or ctx's error
// once ctx is done.
func (g *game) table(ctx context.Context, low int32, bound float64, first []int32, edges []edge, each func(v int32, edges []edge) []edge) ([]int32, []edge, error) {
	size := int(g.last) + 1
	first = grow(first, size+1)
	// Allocated at once, since growing a slice of millions of moves copies
	// it again and again.
	if out := int(float64(size) * min(bound, float64(size))); cap(edges) < out {
		edges = make([]edge, 0, out)
	}
	edges = edges[:0]
	checked := 0
	for v := int32(0); v < g.last; v++ {
		first[v] = int32(len(edges))
		if v >= low {
			edges = each(v, edges)
		}
		if len(edges)-checked > budget.CheckEvery/16 {
			if err := budget.Stopped(ctx); err != nil {
				return first, edges, err
			}
			checked = len(edges)
		}
	}
	first[g.last] = int32(len(edges))
	first[size] = int32(len(edges))
	return first, edges, nil
}

// endingThrows appends to edges the throws from square u that end the
// turn (every total but Again; see run), each with its weight out of
// dice.den, merged where one ends where the one before did; one that
// leaves the token on u is an edge to u itself.
func (g *game) endingThrows(u int32, edges []edge) []edge {
	from := len(edges)
	for s := g.dice.lo; s <= g.dice.hi; s++ {
		n := g.dice.weight(s)
		if n == 0 || s == g.again {
			continue
		}
		_, to := g.throwFrom(u, s)
		edges = appendEnd(edges, from, to, n)
	}
	return edges
}

// appendEnd appends to edges an end at to of weight n, merged into the
// edge before when that ends there too and is not before from.
func appendEnd(edges []edge, from int, to int32, n float64) []edge {
	if k := len(edges); k > from && edges[k-1].to == to {
		edges[k-1].n += n
		return edges
	}
	return append(edges, edge{to: to, n: n})
}

// turnWork is about how many throws taking every turn from every square
// takes, which every random-play figure does, and how many ends a pass
// over every square's turns reads at most.
func (g *game) turnWork() float64 {
	return (float64(g.last) + 1) * max(g.outBound(), float64(g.faces))
}

// compileWork is what taking every turn from every square costs in steps,
// to compile the table of turns (chain.go) or to sweep the expectation of
// one fair die (expected.go): compileSteps a throw.
func (g *game) compileWork() float64 { return compileSteps * g.turnWork() }

// compileSteps is what a throw of compiling the turns costs, in steps: 10
// to 50 ns here (each throw's end found, merged and stored: on a 100×100
// board and a die of 65536 faces, 7 to 8 s for 10⁸ ends), against about
// 2 ns for a step of a walk's turn, the unit that makes MaxWork a few
// seconds. A table whose compiling alone would pass MaxWork is refused
// before it is begun.
const compileSteps = 16

// playTurn plays one turn from square v, throwing with throw, and calls
// record with each throw as a Move (Turn left 0 for the caller) until the
// turn ends or record returns false; it returns where the turn leaves the
// token.
func (g *game) playTurn(v int32, throw func() int32, record func(Move) bool) int32 {
	u := v
	for run := int32(1); ; run++ {
		s := throw()
		landed, to := g.throwFrom(u, s)
		again := s == g.again
		if again && g.limit > 0 && run == g.limit {
			landed, to = u, g.voidTo(v)
			again = false
		}
		if !record(Move{From: int(u), Roll: int(s), Landed: int(landed), To: int(to)}) || !again || to == g.last {
			return to
		}
		u = to
	}
}

// lands reports whether throw o put the token down on o.landed, taking a
// jump that starts there: not a voided turn, nor a throw that leaves the
// token where it stands (see moved).
func (g *game) lands(o *throwOut) bool {
	return o.how != turnVoids && g.moved(o.from, o.total)
}

// moved reports whether a throw of total from u puts the token down: not
// a throw that does not enter, nor an overshoot under Stay.
func (g *game) moved(u, total int32) bool {
	return !(u == 0 && g.enter > 0 && total != g.enter) && !(u+total > g.last && g.over == Stay)
}

// throwAmong is a throw of total by the token squares[p] among other
// tokens, the run-th throw of a turn that began on from: it leaves the
// token where the throw (or a void at the limit) puts it and, under Bump,
// sends back to the start the others it lands on. It returns where the
// throw landed and left the token, and whether the turn goes on (a throw
// of Again, not voided). A Game's throws and the joint chain's states
// both move by it.
func (g *game) throwAmong(squares []int32, p int, from, total, run int32) (landed, to int32, goesOn bool) {
	u := squares[p]
	landed, to = g.throwFrom(u, total)
	goesOn = total == g.again
	voided := goesOn && g.limit > 0 && run == g.limit
	if voided {
		landed, to, goesOn = u, g.voidTo(from), false
	}
	squares[p] = to
	if g.bump && !voided && to != 0 && g.moved(u, total) {
		for q, s := range squares {
			if q != p && s == to {
				squares[q] = g.start
			}
		}
	}
	return landed, to, goesOn
}

// A source is a square from which a roll lands on a given square, and the
// chance it does.
type source struct {
	from int32
	p    float64
}

// rollsOnto appends to out the squares from which a throw lands on square
// l (before any jump), with the chance, for games whose turn is one throw:
// the squares within the largest total below it, and under Bounce those
// near the end whose throws bounce back onto it.
func rollsOnto(g *game, l int32, ts *turnScratch, out []source) []source {
	if g.simple && g.over != Bounce {
		share := 1 / g.dice.den
		for v := max(l-g.faces, 0); v < l; v++ {
			out = append(out, source{v, share})
		}
		return out
	}
	add := func(v int32) {
		p := 0.0
		for _, o := range g.turn(v, ts, 0) {
			if o.landed == l && g.lands(&o) {
				p += o.p
			}
		}
		if p > 0 {
			out = append(out, source{v, p / g.dice.den})
		}
	}
	lo := max(l-g.faces, 0)
	for v := lo; v < l; v++ {
		add(v)
	}
	if g.over == Bounce {
		for v := max(g.last-g.faces, 0); v < g.last; v++ {
			if v < lo || v >= l {
				add(v)
			}
		}
	}
	return out
}
