package model

import (
	"context"
	"maps"
	"math"
	"slices"

	"github.com/snakesladders/snakes/internal/errs"
	"github.com/snakesladders/snakes/internal/grid"

	"github.com/snakesladders/snakes/internal/budget"
	"github.com/snakesladders/snakes/internal/linalg"
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
	TurnEnds  = iota // the turn ends where the throw put the token (on the last square, the game too)
	TurnGoes         // another throw follows from where it put the token
	TurnVoids        // the run of Again throws is at its limit: the token goes back, the turn ends
)

// A Throw is one throw a turn can make.
type Throw struct {
	K                int32   // the throws before it in the turn
	Total            int32   // what the dice show
	From, Landed, To int32   // where it is thrown from, lands (before a jump), and leaves the token
	Next             int32   // on a board with effects, the place it leads to (see Places), or -1
	P                float64 // its chance, times dice.den: the chance of getting to it, times its total's weight
	How              int8    // TurnEnds, TurnGoes or TurnVoids
	Cycle            int32   // on a chain of Again throws that repeats, its length in throws; else 0
}

// TurnTiny is where a float64 turn stops following a run of Again throws
// without a limit that has not ended or repeated: the chance of getting
// that far, below 2⁻⁶⁴, is lost in rounding beside the turn's other
// chances. A run with a limit is followed to it (at most 64 throws): the
// void at its end can be a square's only way out (a square every throw
// overshoots under Stay, left only by a run of Again throws to the limit
// under BackToStart), which a cut would make a trap.
const TurnTiny = 0x1p-64

// A TurnScratch holds what building turns needs, once per call.
type TurnScratch struct {
	outs  []Throw // the throws of the latest turn
	links []Link  // the squares the latest turn throws from
	At    []int32 // per square: its place in chain, or -1

	// On a board with effects, the places of the latest turn (Places).
	places []place
	index  map[int64]int32
	queue  []int32
	q      []float64 // solvePlaces' scratch
}

// Fit makes ts cover size squares, reusing its buffers when they are
// large enough (between turns at is -1 everywhere).
func (ts *TurnScratch) Fit(size int) *TurnScratch {
	if ts == nil {
		ts = new(TurnScratch)
	}
	if len(ts.At) < size {
		ts.At = make([]int32, size)
		for i := range ts.At {
			ts.At[i] = -1
		}
	}
	return ts
}

// ThrowFrom is step for a throw of total s from square u, with the rule
// that only a throw of Enter leaves square 0.
func (g *Game) ThrowFrom(u, s int32) (landed, to int32) {
	if u == 0 && g.Enter > 0 && s != g.Enter {
		return 0, 0
	}
	return g.Step(u, s)
}

// Turn returns every throw a Turn from square v can make, in the order of
// the throws and, within one, of the totals, in ts.outs (overwritten by
// the next call). tiny is the chance of going on below which a run of
// Again throws is cut off: TurnTiny for float64 callers, 0 for exact ones
// (the run then always ends, repeats or reaches its limit, after at most
// one throw a square). ts must cover the squares.
func (g *Game) Turn(v int32, ts *TurnScratch, tiny float64) []Throw {
	if g.Eff != nil {
		return g.branch(v, ts, tiny)
	}
	d := &g.Dice
	outs := ts.outs[:0]
	o := Throw{From: v}
	if g.Again == 0 {
		for s := d.Lo; s <= d.Hi; s++ {
			if n := d.Weight(s); n > 0 {
				o.Total, o.P = s, n
				o.Landed, o.To = g.ThrowFrom(v, s)
				outs = append(outs, o)
			}
		}
		ts.outs = outs
		return outs
	}
	links, stop := g.Run(v, ts, tiny)
	if need := len(links) * int(d.Hi-d.Lo+1); cap(outs) < need {
		outs = make([]Throw, 0, need)
	}
	for k, l := range links {
		for s := d.Lo; s <= d.Hi; s++ {
			n := d.Weight(s)
			if n == 0 {
				continue
			}
			outs = outs[:len(outs)+1] // filled in place: copying a Throw costs more
			o := &outs[len(outs)-1]
			o.K, o.Total, o.From, o.P, o.How, o.Cycle = int32(k), s, l.U, l.F*n, TurnEnds, l.Cycle
			switch {
			case s != g.Again:
				o.Landed, o.To = g.ThrowFrom(l.U, s)
			case k < len(links)-1 || stop == TurnGoes:
				o.How = TurnGoes
				o.Landed, o.To = g.ThrowFrom(l.U, s)
			case stop == TurnEnds: // onto the last square
				o.Landed, o.To = g.ThrowFrom(l.U, s)
			default: // the run's limit: not moved
				o.How, o.Landed, o.To = TurnVoids, l.U, g.VoidTo(v)
			}
		}
	}
	ts.outs = outs
	return outs
}

// A Link is a square a turn throws from: the square it starts on, or one
// a throw of Again put the token on.
type Link struct {
	U     int32
	F     float64 // the chance that the turn throws from u (on a repeating chain, times the repeats)
	Cycle int32   // on a chain of Again throws that repeats, its length in throws; else 0
}

// Run returns the squares a turn from v throws from, in order, in
// ts.links (overwritten by the next call), and what the last one's throw
// of Again does: TurnEnds if it reaches the last square, TurnVoids if it
// is the Run's limit, TurnGoes if the turn goes on (round a repeating
// chain, whose repeats the chances count, or past tiny: see turn). Every
// other total thrown from a link ends the turn. A turn without Again
// throws from v alone.
func (g *Game) Run(v int32, ts *TurnScratch, tiny float64) ([]Link, int8) {
	d := &g.Dice
	links := ts.links[:0]
	if g.Again == 0 {
		ts.links = append(links, Link{U: v, F: 1})
		return ts.links, TurnGoes
	}
	a := d.Weight(g.Again)
	stop, repeat := int8(TurnGoes), int32(-1)
	u, chance := v, 1.0
	for k := int32(0); ; k++ {
		links = append(links, Link{U: u, F: chance})
		if g.Limit == 0 {
			ts.At[u] = k // a run with a limit ends anyway: no need to spot a repeat
		}
		if g.Limit > 0 && k+1 == g.Limit {
			stop = TurnVoids
			break
		}
		_, to := g.ThrowFrom(u, g.Again)
		if to == g.Last {
			stop = TurnEnds
			break
		}
		if g.Limit == 0 && ts.At[to] >= 0 {
			repeat = ts.At[to]
			break
		}
		// A run with a limit is followed to it, however unlikely: its void
		// may be the only way a square is ever left.
		if chance *= a / d.Den; chance < tiny && g.Limit == 0 {
			break
		}
		u = to
	}
	if g.Limit == 0 {
		for _, l := range links {
			ts.At[l.U] = -1
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
		pa *= a / d.Den
	}
	factor := d.Den / (g.Rest * series)
	for k := repeat; k < int32(len(links)); k++ {
		links[k].F *= factor
		links[k].Cycle = cycle
	}
	return links, stop
}

// VoidTo is where a turn from v that reaches the limit of Again throws
// leaves the token.
func (g *Game) VoidTo(v int32) int32 {
	if g.ToStart {
		return g.Start
	}
	return v
}

// OutBound is the most throws a turn from one square can end with, for
// sizing the tables of moves and bounding their work: the totals, times the
// longest run of Again throws a turn follows (on a board with effects, of
// the places a turn throws from, a bound not known before the turns are
// taken: see moveTable).
func (g *Game) OutBound() float64 {
	return float64(g.Dice.Hi-g.Dice.Lo+1) * g.runBound()
}

// runBound is the most squares a turn throws from (run's links): 1
// without Again, AgainLimit with a limit, else as far as TurnTiny lets a
// run go.
func (g *Game) runBound() float64 {
	if g.Again == 0 {
		return 1
	}
	run := float64(g.Limit)
	if run == 0 {
		run = float64(g.Last) + 1
		if a := g.Dice.Weight(g.Again) / g.Dice.Den; a < 1 {
			run = min(run, math.Ceil(math.Log(TurnTiny)/math.Log(a))+1)
		}
	}
	return run
}

// Moves appends to edges the ends of the turns from square v, each with
// its weight out of dice.den, merged by destination in the order first
// reached, so that a square has at most as many ends as the board has
// squares, whatever the throws (a die of thousands of faces under Bounce
// folds them onto the same few squares); a turn that ends where it began
// (an overshoot under Stay, a voided turn) is an edge to v itself. ts must
// cover the squares.
func (g *Game) Moves(v int32, ts *TurnScratch, edges []Edge) []Edge {
	// Merged through ts.At, each end's place in edges while the square's
	// throws are listed: one look a throw, whatever the faces. A turn
	// leaves ts.At at -1 everywhere.
	from := len(edges)
	at := ts.At
	if !g.Simple {
		for _, o := range g.Turn(v, ts, TurnTiny) {
			if o.How != TurnGoes {
				edges = mergeEnd(edges, at, o.To, o.P)
			}
		}
	} else {
		top := min(g.Faces, g.Top-v) // the rolls that stay on the board
		for roll := int32(1); roll <= g.Faces; roll++ {
			var to int32
			if roll <= top {
				to = g.Land(v + roll)
			} else {
				_, to = g.Beyond(v, roll)
			}
			edges = mergeEnd(edges, at, to, 1)
		}
	}
	for _, e := range edges[from:] {
		at[e.To] = -1
	}
	return edges
}

// mergeEnd adds weight n to the end at to in edges, through at (each
// square's place in edges, or -1), appending it where it is new.
func mergeEnd(edges []Edge, at []int32, to int32, n float64) []Edge {
	if k := at[to]; k >= 0 {
		edges[k].N += n
		return edges
	}
	at[to] = int32(len(edges))
	return append(edges, Edge{To: to, N: n})
}

// An Edge is where a turn can end and its weight out of the game's
// dice.den: for one fair die, how many of the faces go there.
type Edge struct {
	To int32
	N  float64
}

// moveTable lists every square's turns: edges[first[v]:first[v+1]] leave
// square v, none from the squares below low or from the last. It reuses
// first, edges and ts when they are large enough, and stops with ctx's
// error once ctx is done. On a board with effects, whose turns' throws
// are not known before they are taken, it counts them as it goes, and
// the table's memory, and stops with an error wrapping errs.ErrTooLarge
// once either passes its bound.
func (g *Game) moveTable(ctx context.Context, low int32, ts *TurnScratch, first []int32, edges []Edge) ([]int32, []Edge, error) {
	var over error
	throws := 0.0
	held := int(float64(g.Last+1) * min(g.OutBound(), float64(g.Last+1))) // what Table takes
	first, edges, err := g.Table(ctx, low, g.OutBound(), first, edges, func(v int32, edges []Edge) []Edge {
		if over != nil {
			return edges
		}
		edges = g.Moves(v, ts, edges)
		if g.Eff != nil {
			throws += float64(len(ts.outs))
			if steps := compileSteps * throws; steps > g.Lim.Work {
				over = g.TooLong(steps, "taking every turn on %d squares with effects", g.Top)
			} else if c := cap(edges); c > held {
				// The table outgrew what Table took for it.
				if bytes := 16 * float64(c-held); !g.Take(bytes) {
					over = g.TooBig(bytes, "the turns of %d squares with effects", g.Top)
				}
				held = c
			}
		}
		return edges
	})
	if over != nil {
		return first, edges, over
	}
	return first, edges, err
}

// endTable lists every square's throws that end a turn (see endingThrows),
// as moveTable lists turns.
func (g *Game) endTable(ctx context.Context, low int32, first []int32, edges []Edge) ([]int32, []Edge, error) {
	return g.Table(ctx, low, float64(g.Dice.Hi-g.Dice.Lo+1), first, edges, g.endingThrows)
}

// Table lists what each(v) appends for every square v from low up to the
// last, at most bound a square: edges[first[v]:first[v+1]]; or ctx's error
// once ctx is done, or the error of the memory bound when the table does
// not fit it (its memory is taken, and held while the game is).
func (g *Game) Table(ctx context.Context, low int32, bound float64, first []int32, edges []Edge, each func(v int32, edges []Edge) []Edge) ([]int32, []Edge, error) {
	size := int(g.Last) + 1
	out := int(float64(size) * min(bound, float64(size)))
	if bytes := 4*float64(size+1) + 16*float64(out); !g.Take(bytes) {
		return first, edges, g.TooBig(bytes, "the turns of %d squares", g.Top)
	}
	first = linalg.Grow(first, size+1)
	// Allocated at once, since growing a slice of millions of moves copies
	// it again and again.
	if cap(edges) < out {
		edges = make([]Edge, 0, out)
	}
	edges = edges[:0]
	checked := 0
	for v := int32(0); v < g.Last; v++ {
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
	first[g.Last] = int32(len(edges))
	first[size] = int32(len(edges))
	return first, edges, nil
}

// endingThrows appends to edges the throws from square u that end the
// turn (every total but Again; see run), each with its weight out of
// dice.den, merged where one ends where the one before did; one that
// leaves the token on u is an edge to u itself.
func (g *Game) endingThrows(u int32, edges []Edge) []Edge {
	from := len(edges)
	for s := g.Dice.Lo; s <= g.Dice.Hi; s++ {
		n := g.Dice.Weight(s)
		if n == 0 || s == g.Again {
			continue
		}
		_, to := g.ThrowFrom(u, s)
		edges = appendEnd(edges, from, to, n)
	}
	return edges
}

// appendEnd appends to edges an end at to of weight n, merged into the
// edge before when that ends there too and is not before from.
func appendEnd(edges []Edge, from int, to int32, n float64) []Edge {
	if k := len(edges); k > from && edges[k-1].To == to {
		edges[k-1].N += n
		return edges
	}
	return append(edges, Edge{To: to, N: n})
}

// TurnWork is about how many throws taking every turn from every square
// takes, which every random-play figure does, and how many ends a pass
// over every square's turns reads at most.
func (g *Game) TurnWork() float64 {
	return (float64(g.Last) + 1) * max(g.OutBound(), float64(g.Faces))
}

// CompileWork is what taking every turn from every square costs in steps,
// to compile the table of turns (chain.go) or to sweep the expectation of
// one fair die (expected.go): compileSteps a throw.
func (g *Game) CompileWork() float64 { return compileSteps * g.TurnWork() }

// compileSteps is what a throw of compiling the turns costs, in steps: 10
// to 50 ns here (each throw's end found, merged and stored: on a 100×100
// board and a die of 65536 faces, 7 to 8 s for 10⁸ ends), against about
// 2 ns for a step of a walk's turn, the unit that makes MaxWork a few
// seconds. A table whose compiling alone would pass MaxWork is refused
// before it is begun.
const compileSteps = 16

// Lands reports whether throw o put the token down on o.landed, taking a
// jump that starts there: not a voided turn, nor a throw that leaves the
// token where it stands (see moved).
func (g *Game) Lands(o *Throw) bool {
	return o.How != TurnVoids && g.moved(o.From, o.Total)
}

// moved reports whether a throw of total from u puts the token down: not
// a throw that does not enter, nor an overshoot under Stay.
func (g *Game) moved(u, total int32) bool {
	return !(u == 0 && g.Enter > 0 && total != g.Enter) && !(u+total > g.Top && g.Over == Stay)
}

// ThrowAmong is a throw of total by the token squares[p] among other
// tokens, in a turn that began on from after run throws of Again in a row:
// it leaves the token where the throw (or a void at the limit) puts it
// and, under Bump, sends back to the start the others it lands on. It
// returns where the throw landed and left the token, how the turn goes on
// (TurnEnds, TurnGoes or TurnVoids), the run of Again throws after it and
// the effect of the square it left the token on, if the throw set it off
// (see throwIn). A Game's throws, Play's and the joint chain's states all
// move by it.
func (g *Game) ThrowAmong(squares []int32, p int, from, total, run int32) (landed, to int32, how int8, next int32, eff grid.Effect) {
	u := squares[p]
	how, landed, to, next, eff = g.throwIn(from, u, run, total)
	squares[p] = to
	if g.Bump && how != TurnVoids && to != 0 && to != g.Last && g.moved(u, total) {
		at := g.Square(to)
		for q, s := range squares {
			if q != p && g.Square(s) == at {
				squares[q] = g.StateOf(g.Start, s > g.Top) // a wait is kept
			}
		}
	}
	return landed, to, how, next, eff
}

// throwIn is a throw of total from square u in a turn that began on v,
// after run throws of Again in a row: how the turn goes on, where the
// throw lands and leaves the token, the run after it, and the effect it
// set off. The turn goes on after a throw of Again, unless it is the
// run's limit (a void: the token goes back) or it reaches the last square
// or a square that costs a turn; and after a throw of another total that
// moves the token onto a square that gives another throw, which starts
// the run afresh. A token left waiting on a square that costs a turn is
// on its state of Waits where the game has them.
func (g *Game) throwIn(v, u, run, total int32) (how int8, landed, to, next int32, eff grid.Effect) {
	landed, to = g.ThrowFrom(u, total)
	again := total == g.Again
	switch {
	case again && g.Limit > 0 && run+1 == g.Limit:
		return TurnVoids, u, g.VoidTo(v), 0, grid.None
	case to == g.Last:
		return TurnEnds, landed, to, 0, grid.None
	}
	switch eff = g.EffectOf(u, total, to); {
	case eff == grid.Miss:
		return TurnEnds, landed, g.waitOn(to), 0, eff
	case again && g.Limit > 0:
		return TurnGoes, landed, to, run + 1, eff
	case again: // without a limit the run is not counted
		return TurnGoes, landed, to, 0, eff
	case eff == grid.Again:
		return TurnGoes, landed, to, 0, eff
	}
	return TurnEnds, landed, to, 0, eff
}

// EffectOf is the effect a throw of total from u that left the token on
// square to sets off: that of the square, if the throw moved the token
// and did not end the game.
func (g *Game) EffectOf(u, total, to int32) grid.Effect {
	if g.Eff == nil || to == g.Last || !g.moved(u, total) {
		return grid.None
	}
	return g.Eff[to]
}

// NextTurn is the turn of the throw after one of total from u, in turn
// turn, that left the token on square to, on a path of the searches
// (which never void a turn): the same turn after a throw of Again or onto
// a square that gives another throw, the one after a square that costs a
// turn passed over, else the next.
func (g *Game) NextTurn(turn, u, total, to int32) int32 {
	switch eff := g.EffectOf(u, total, to); {
	case eff == grid.Miss:
		return turn + 2
	case total == g.Again || eff == grid.Again:
		return turn
	}
	return turn + 1
}

// waitOn is the state of a token waiting on square m, which costs a turn:
// its state among Waits, or m where the game has none.
func (g *Game) waitOn(m int32) int32 {
	if k, ok := slices.BinarySearch(g.Waits, m); ok {
		return g.Top + 1 + int32(k)
	}
	return m
}

// What follows is the turn on a board with square effects, where it
// branches: a throw of any total can land on a square that gives another
// throw. Its places (a square and the run of Again throws before it) form
// a small chain of their own, which may go round: Places lists it, and
// branch finds the chance that the turn throws from each place by passing
// it on from place to place until what is left to pass on is below tiny;
// an exact caller solves the places' equations instead.

// A place is where a turn on a board with effects throws from: a square,
// and the run of Again throws before it in the turn, whose throws are
// throws[First:First+N] of Places; and, once passOn has found it, the
// chance that the turn throws from there (with what of it is not yet
// passed on, while it passes the chances on).
type place struct {
	U, Run   int32
	First, N int32
	f, todo  float64
	queued   bool
}

// Places lists the places of a turn that began on square v, from the
// place (u, run) on, the first, and each one's throws, in the order of the
// totals: P is the total's weight out of dice.den, and Next the place a
// throw that goes on leads to (-1 for one that ends the turn). Both slices
// live in ts until the next call.
func (g *Game) Places(v, u, run int32, ts *TurnScratch) ([]place, []Throw) {
	if ts.index == nil {
		ts.index = map[int64]int32{}
	}
	clear(ts.index)
	places, outs := ts.places[:0], ts.outs[:0]
	at := func(u, run int32) int32 {
		key := int64(u)<<7 | int64(run)
		k, ok := ts.index[key]
		if !ok {
			k = int32(len(places))
			ts.index[key] = k
			places = append(places, place{U: u, Run: run})
		}
		return k
	}
	at(u, run)
	d := &g.Dice
	for k := 0; k < len(places); k++ {
		u, run := places[k].U, places[k].Run
		places[k].First = int32(len(outs))
		for s := d.Lo; s <= d.Hi; s++ {
			if n := d.Weight(s); n > 0 {
				how, landed, to, next, _ := g.throwIn(v, u, run, s)
				o := Throw{Total: s, From: u, Landed: landed, To: to, P: n, How: how, Next: -1}
				if how == TurnGoes {
					o.Next = at(to, next)
				}
				outs = append(outs, o)
			}
		}
		places[k].N = int32(len(outs)) - places[k].First
	}
	ts.places, ts.outs = places, outs
	return places, outs
}

// branch is Turn on a board with effects. From a token waiting on a
// square that costs a turn, the turn is passed over: one throw of total 0
// that voids, from v to the square. tiny is at least TurnTiny, since a
// turn may go round.
func (g *Game) branch(v int32, ts *TurnScratch, tiny float64) []Throw {
	d := &g.Dice
	switch {
	case v > g.Top: // a token waiting: its turn is passed over
		m := g.Waits[v-g.Top-1]
		ts.outs = append(ts.outs[:0], Throw{From: v, Landed: m, To: m, P: d.Den, How: TurnVoids, Next: -1})
		return ts.outs
	case v == g.Top: // the end, or in a game with Waits no state at all
		ts.outs = ts.outs[:0]
		return ts.outs
	}
	places, outs := g.passOn(v, v, 0, ts, tiny)
	for _, p := range places {
		for i := range outs[p.First : p.First+p.N] {
			outs[p.First+int32(i)].P *= p.f
		}
	}
	return outs
}

// passOn is Places with each place's chance that the turn throws from it,
// passed on from place to place until what is left is below tiny (at
// least TurnTiny, since a turn may go round).
func (g *Game) passOn(v, u, run int32, ts *TurnScratch, tiny float64) ([]place, []Throw) {
	d := &g.Dice
	tiny = max(tiny, TurnTiny)
	places, outs := g.Places(v, u, run, ts)
	if len(places) <= solvedPlaces {
		solvePlaces(places, outs, d.Den, ts)
		return places, outs
	}
	places[0].f, places[0].todo, places[0].queued = 1, 1, true
	queue := append(ts.queue[:0], 0)
	for head := 0; head < len(queue); head++ {
		if head > passesPerPlace*len(places) && len(places) <= 32*solvedPlaces {
			// A turn that goes round with a chance near 1 passes its
			// chances on for ever: solved instead.
			solvePlaces(places, outs, d.Den, ts)
			ts.queue = queue[:0]
			return places, outs
		}
		p := &places[queue[head]]
		f := p.todo / d.Den
		p.todo, p.queued = 0, false
		for _, o := range outs[p.First : p.First+p.N] {
			if o.Next >= 0 {
				q := &places[o.Next]
				q.f += f * o.P
				q.todo += f * o.P
				if !q.queued && q.todo > tiny {
					q.queued = true
					queue = append(queue, o.Next)
				}
			}
		}
	}
	ts.queue = queue
	return places, outs
}

// solvedPlaces is the most places of a turn solved by elimination rather
// than passed on, and passesPerPlace how many times each is passed on, on
// average, before the elimination takes over a turn of up to 32 times
// that many places: (4/3)·m³ steps for m places.
const (
	solvedPlaces   = 16
	passesPerPlace = 64
)

// solvePlaces sets each place's chance that the turn throws from it, the
// expected visits of the places' chain from the first, by the
// subtraction-free elimination: for each place p, x = A·x + e_p, A the
// chances from place to place, gives the visits to p from each place, the
// first's being its f. The chance of leaving a place is the sum of its
// throws that end the turn. ts holds the scratch.
func solvePlaces(places []place, outs []Throw, den float64, ts *TurnScratch) {
	m := len(places)
	ts.q = linalg.Grow(ts.q, m*m+m+m*m)
	clear(ts.q)
	q, exit, x := ts.q[:m*m], ts.q[m*m:m*m+m], ts.q[m*m+m:]
	rhs := make([][]float64, m)
	for i, p := range places {
		for _, o := range outs[p.First : p.First+p.N] {
			if o.Next >= 0 {
				q[i*m+int(o.Next)] += o.P / den
			} else {
				exit[i] += o.P / den
			}
		}
		rhs[i] = x[i*m : (i+1)*m]
		rhs[i][i] = 1
	}
	linalg.SolveChain(linalg.F64{}, context.Background(), m, q, exit, rhs...) // no context to stop: never done
	for i := range places {
		places[i].f = rhs[i][0]
	}
}

// RestOfTurn is how a turn that began on square v goes on from square u
// after run throws of Again in a row: the chance that it finishes, and
// where else it can end, each state once with its chance. ts may be nil.
func (g *Game) RestOfTurn(v, u, run int32, ts *TurnScratch) (finish float64, ends []Edge) {
	ts = ts.Fit(int(g.Last) + 1)
	places, outs := g.passOn(v, u, run, ts, TurnTiny)
	for _, p := range places {
		for _, o := range outs[p.First : p.First+p.N] {
			c := p.f * o.P / g.Dice.Den
			switch {
			case o.Next >= 0:
			case o.To == g.Last:
				finish += c
			default:
				ends = mergeEnd(ends, ts.At, o.To, c)
			}
		}
	}
	for _, e := range ends {
		ts.At[e.To] = -1
	}
	return finish, ends
}

// checkEffects refuses a board of sq on which a turn can go on for ever:
// where from some square every throw gives another throw, and so on from
// every square those throws reach. With AgainLimit every turn can end (a
// run of Again throws reaches the limit). Such a square's throw of s0, the
// least total but Again, leaves the token on a square that gives a throw:
// it lands there, or on a jump that leads there (the board's jumps read
// back from those squares), or it throws past the end; only those squares
// are looked at, in time that grows with the effects and the jumps that
// lead to them, not with the board.
func (g *Game) checkEffects(sq *grid.Squares) error {
	d := &g.Dice
	s0 := int32(-1)
	for s := d.Lo; s <= d.Hi && s0 < 0; s++ {
		if d.Weight(s) > 0 && s != g.Again {
			s0 = s
		}
	}
	if g.Again != 0 && g.Limit > 0 || s0 < 0 { // Again alone: NewDice refused it without a limit
		return nil
	}
	var lands []int32 // where a throw lands to end on a square that gives a throw
	seen := map[int32]bool{}
	for a, e := range g.Eff {
		if e == grid.Again {
			lands, seen[a] = append(lands, a), true
		}
	}
	rev := sq.ReverseJumps()
	for i := 0; i < len(lands); i++ {
		x := lands[i]
		for _, p := range rev.Pairs[rev.At[x>>6]:rev.At[x>>6+1]] {
			if p.To == x && !seen[p.From] {
				lands, seen[p.From] = append(lands, p.From), true
			}
		}
	}
	caught := map[int32]bool{0: true}
	for _, t := range lands {
		if t >= s0 {
			caught[t-s0] = true
		}
	}
	for u := max(g.Top-d.Hi, 0); u < g.Top; u++ {
		caught[u] = true
	}
	// The squares every throw from which goes on, to squares that do.
	goes := func(u int32) bool {
		for s := d.Lo; s <= d.Hi; s++ {
			if d.Weight(s) == 0 {
				continue
			}
			if how, _, to, _, _ := g.throwIn(u, u, 0, s); how != TurnGoes || !caught[to] {
				return false
			}
		}
		return true
	}
	for changed := true; changed; {
		changed = false
		for u := range caught {
			if !goes(u) {
				delete(caught, u)
				changed = true
			}
		}
	}
	if len(caught) == 0 {
		return nil
	}
	return errs.Errorf(errs.ErrInvalidRules, "a turn from square %d never ends: every throw from it, and from every square those throws reach, gives another throw (squares that give another throw catch them all)", slices.Min(slices.Collect(maps.Keys(caught))))
}

// A Source is a square from which a roll lands on a given square, and the
// chance it does.
type Source struct {
	From int32
	P    float64
}

// RollsOnto appends to out the squares from which a throw lands on square
// l (before any jump), with the chance, for games whose turn is one throw:
// the squares within the largest total below it, and under Bounce those
// near the end whose throws bounce back onto it.
func RollsOnto(g *Game, l int32, ts *TurnScratch, out []Source) []Source {
	if g.Simple && g.Over != Bounce {
		share := 1 / g.Dice.Den
		for v := max(l-g.Faces, 0); v < l; v++ {
			out = append(out, Source{v, share})
		}
		return out
	}
	add := func(v int32) {
		p := 0.0
		for _, o := range g.Turn(v, ts, 0) {
			if o.Landed == l && g.Lands(&o) {
				p += o.P
			}
		}
		if p > 0 {
			out = append(out, Source{v, p / g.Dice.Den})
		}
	}
	lo := max(l-g.Faces, 0)
	for v := lo; v < l; v++ {
		add(v)
	}
	if g.Over == Bounce {
		for v := max(g.Top-g.Faces, 0); v < g.Top; v++ {
			if v < lo || v >= l {
				add(v)
			}
		}
	}
	return out
}
