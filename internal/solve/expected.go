package solve

import (
	"context"
	"math"
	"strconv"
	"sync"

	"github.com/snakesladders/snakes/internal/budget"
	"github.com/snakesladders/snakes/internal/errs"
	"github.com/snakesladders/snakes/internal/grid"
	"github.com/snakesladders/snakes/internal/linalg"
	"github.com/snakesladders/snakes/internal/model"
	"github.com/snakesladders/snakes/internal/search"
)

// This file is ExpectedTurns' solves, which choose.go tries in turn: the
// structured elimination (its buffers, its sweep for one fair die, whose
// throws it reads from the board, and its form for every other game), the
// band, and GMRES.

// layExpectedBand is ExpectedTurns' band (choose.go) for pick: once a
// lower bound of its work from the rules fits, it compiles the insights'
// chain and lays the band out, returning it (nil where nothing was
// compiled) with its steps and bytes, +Inf steps where it does not suit.
// err is the chain's verdict that the start may not finish, or ctx's
// error.
func layExpectedBand(ctx context.Context, r model.Rules, b *grid.Squares, g *model.Game) (f *Fundamental, steps, bytes float64, err error) {
	// The band needs the compiled turns as well as its own steps.
	if g.CompileWork()+BandReach(g, ctx) > g.Lim.BandUpTo {
		return nil, math.Inf(1), 0, nil
	}
	f, _, err = Insight(ctx, r, b)
	if err != nil {
		return nil, math.Inf(1), 0, nil // GMRES says why
	}
	if err := f.fromStart(); err != nil {
		return f, math.Inf(1), 0, err
	}
	steps, bytes = f.layBand()
	return f, steps, bytes, budget.Stopped(ctx)
}

// bandValue is ExpectedTurns by the band that f laid out
// (layExpectedBand). g comes by value, as to sweepExpected.
func bandValue(ctx context.Context, f *Fundamental, g model.Game) (float64, error) {
	if err := f.bandSolve(nil); err != nil {
		return 0, err
	}
	e := f.Values[f.g.Start]
	if math.IsInf(e, 0) || math.IsNaN(e) {
		return 0, errBeyondFloat64(ctx, g, nil)
	}
	return e, nil
}

// errBeyondFloat64 is ExpectedTurns' error for g, a game whose
// expectation came out as no float64: it surely ends (never is nil), or
// its elimination found no way on from some square, never then being the
// error that says so. Past float64's range a chance can round to 0, so
// the chain's own classification decides: a game that surely ends says
// that its figure is too large to give, not absent, with its order of
// magnitude where exact.go can find it.
func errBeyondFloat64(ctx context.Context, g model.Game, never error) error {
	lg, ok, surely, classed := ExpectedMagnitude(ctx, g)
	if never != nil && (!classed || !surely) {
		return never
	}
	if ok && lg > 300 {
		return errs.Errorf(errs.ErrTooLarge, "the game surely ends, but its expected number of turns, about %s, is beyond the float64 range (over 1.8·10³⁰⁸)", TenTo(lg))
	}
	return errs.Errorf(errs.ErrTooLarge, "the game surely ends, but its expected number of turns is beyond the float64 range (over 1.8·10³⁰⁸)")
}

// TenTo writes 10^lg as a mantissa of two digits and a power of ten:
// 5.1·10³²³.
func TenTo(lg float64) string {
	e := math.Floor(lg)
	mant := math.Pow(10, lg-e)
	if mant >= 9.95 {
		mant, e = 1, e+1
	}
	sup := []rune("⁰¹²³⁴⁵⁶⁷⁸⁹")
	var b []rune
	for _, d := range strconv.FormatFloat(e, 'f', 0, 64) {
		if d == '-' {
			b = append(b, '⁻')
		} else {
			b = append(b, sup[d-'0'])
		}
	}
	return strconv.FormatFloat(mant, 'f', 1, 64) + "·10" + string(b)
}

// sweepExpected is ExpectedTurns by the bounded-memory solve, for a game
// with m or more squares that moves go back to (the structured
// elimination stops counting past what it takes), found by a pass over
// every turn that the solve's own compiling of them repeats: both count.
// Wide dice's m is counted from the board (faircost.go), with no pass.
func sweepExpected(ctx context.Context, g model.Game, m int) (float64, error) {
	first := g.CompileWork() // the pass that found the unknowns
	if search.EndsPriced(&g) {
		first = 0 // the unknowns were counted from the board
	} else if steps := 2 * g.CompileWork(); steps > g.Lim.Work {
		return 0, g.TooLong(steps, "taking every turn (throws of totals up to %d) from %d squares twice, to find the squares that moves go back to and to solve for them,", g.Faces, g.Top)
	}
	c := new(model.Chain)
	if err := c.Compile(ctx, &g); err != nil {
		return 0, err
	}
	c.FromStart()
	if c.Trap >= 0 {
		return 0, errs.Errorf(errs.ErrNeverFinishes, "square %d can be reached, and the last square cannot be reached from it", g.Square(c.Trap))
	}
	w := &Sweep{G: &g, C: c, Share: 1 / g.Dice.Den, Reached: c.Reached, Ctx: ctx, Work: g.CompileWork() + first}
	sys, err := newSystem(w)
	if err != nil {
		return 0, err
	}
	y, err := sys.solve(nil, 1)
	if err != nil {
		return 0, err
	}
	e := y[g.Start]
	if math.IsInf(e, 0) || math.IsNaN(e) {
		return 0, errBeyondFloat64(ctx, g, nil)
	}
	return e, nil
}

// structured holds ExpectedTurns' buffers for its structured elimination, pooled so that repeated calls on
// boards of the same size do not allocate.
type structured struct {
	unknown []int32 // square → index of its unknown, or -1
	fair    []bool  // the squares the start reaches, where the board's search found them (fairReached), else nil
	squares []int32 // unknown index → its row: its square, or size+u for S(u) (expected.go)
	backs   int     // the unknowns counted, at least len(squares): for the solve ExpectedTurns takes instead

	// rows holds, per square, width = m+2 numbers: the expected turns until
	// the last square or an unknown's square is reached (column 0), the
	// chance the last square comes first (column 1), and the chance each
	// unknown's square does (column 2+k). Under Again, rows size.. hold
	// the squares' S rows.
	rows  []float64
	hi    []int32   // per row: its columns past this are 0
	div   []float64 // per unknown: its elimination divisor
	value []float64 // per unknown: its value

	// The squares the start reaches: for one fair die, found from the
	// board; for other games (expected.go) with the chain in throw
	// form, and the unknowns of their S rows.
	c        model.Chain
	unknownS []int32

	mem budget.Memory // the call's memory, where the caller has none
}

var structuredPool = sync.Pool{New: func() any { return new(structured) }}

// note makes to an unknown if a turn from v goes back to it.
func (x *structured) note(v, to int32) {
	if to < v && x.unknown[to] < 0 {
		x.unknown[to] = int32(len(x.squares))
		x.squares = append(x.squares, to)
	}
}

// row returns square v's row.
func (x *structured) row(v int32, width int) []float64 {
	return x.rows[int(v)*width : int(v+1)*width]
}

// take adds to r, the row of square v, a roll of a fair die that ends the
// turn on to: a row already swept, or one more chance of an unknown. It
// returns 1 for a roll that stays on v, for the caller to count. It counts
// in whole rolls and adds whole rows: a fair die's rows are short, and
// slicing them to their last nonzero column costs more than it saves.
// sweepFair writes it out by hand for the rolls within the board.
func (x *structured) take(r []float64, v, to int32, width int) int32 {
	switch {
	case to == v:
		return 1
	case to < v:
		r[2+x.unknown[to]]++
	default:
		linalg.AddRow(r, x.row(to, width))
	}
	return 0
}

// takeTrim is take for the throws of other dice and house rules: a throw
// of weight n, rows added only as far as their last nonzero column (their
// rows are wide and end early). It returns the weight that leaves v.
func (x *structured) takeTrim(r []float64, v, to int32, n float64, width int) float64 {
	switch {
	case to == v:
		return 0
	case to < v:
		r[2+x.unknown[to]] += n
	default:
		linalg.AddScaled(r, x.row(to, width)[:x.hi[to]], n)
	}
	return n
}

// number finds the squares g's start reaches and numbers the unknowns
// of its structured elimination, returning how many there are and the
// rows the elimination takes. It stops counting once they are more than
// the elimination takes, the count it returns then failing denseFits:
// for one die of wide totals the count comes from the board
// (fairUnknowns) before any throw is taken. x.backs holds the count and
// x.fair the squares the board's search found reached, for the solve taken
// instead.
func (x *structured) number(ctx context.Context, g *model.Game) (m, rows int, err error) {
	size := int(g.Last) + 1
	// A square's unknown, whether it is reached and its row's end.
	if bytes := 9 * float64(size); !g.Take(bytes) {
		return 0, 0, g.TooBig(bytes, "the expected length on %d squares", g.Top)
	}
	// The squares a turn can end on, and among them those some turn goes
	// back to: these carry the unknowns.
	x.unknown = linalg.Grow(x.unknown, size)
	for i := range x.unknown {
		x.unknown[i] = -1
	}
	x.squares, x.backs, x.fair = x.squares[:0], 0, nil
	rows = size
	if g.Simple {
		if x.c.Reached, err = search.FairReached(g, x.c.Reached); err != nil {
			return 0, 0, err
		}
		x.fair = x.c.Reached
		// A wide die's unknowns are counted from the board first: taking
		// its every roll to number them costs as much as the solves.
		if search.FairPriced(g) {
			if x.backs = search.FairUnknowns(g, x.c.Reached); !denseFits(g, x.backs, rows) {
				return x.backs, rows, nil
			}
		}
		x.noteFair(g)
		x.backs = len(x.squares)
		return x.backs, rows, nil
	}
	// As for a wide fair die: other wide dice's unknowns from the board,
	// before their every turn is taken.
	if search.EndsPriced(g) {
		reached, err := search.FairReached(g, nil)
		if err != nil {
			return 0, 0, err
		}
		x.fair = reached
		if x.backs = search.FairUnknowns(g, reached); !denseFits(g, x.backs, rows) {
			return x.backs, rows, nil
		}
	}
	if err := x.c.CompileThrows(ctx, g); err != nil {
		return 0, 0, err
	}
	if err := x.noteHouse(ctx, g, g.Rest); err != nil {
		return 0, 0, err
	}
	if g.Again > 0 {
		rows = 2 * size // the S rows
	}
	x.backs = len(x.squares)
	return x.backs, rows, nil
}

// solve is ExpectedTurns of g by the structured elimination over the m
// unknowns that number found, in rows rows.
func (x *structured) solve(ctx context.Context, g *model.Game, m, rows int) (float64, error) {
	size := int(g.Last) + 1
	width := m + 2
	if bytes := float64(rows)*float64(width)*8 + float64(rows)*4 + float64(m)*16; !g.Take(bytes) {
		return 0, g.TooBig(bytes, "the expected length on %d squares", g.Top)
	}
	x.rows = linalg.Grow(x.rows, rows*width)
	x.hi = linalg.Grow(x.hi, rows)
	var err error
	if g.Simple {
		err = x.sweepFair(ctx, g, width)
	} else {
		err = x.sweepHouse(ctx, g, g.Rest, width)
	}
	if err != nil {
		return 0, err
	}

	x.div, x.value = linalg.Grow(x.div, m), linalg.Grow(x.value, m)
	if k, err := linalg.Eliminate(linalg.F64{}, ctx, x.rows, width, x.squares, x.div, x.value, 1, 0); err != nil {
		return 0, err
	} else if k >= 0 {
		return 0, errBeyondFloat64(ctx, *g, errs.Errorf(errs.ErrNeverFinishes, "square %d can be reached, and the last square cannot be reached from it", x.squares[k]%int32(size)))
	}
	// The start's own row is untouched by the elimination unless the start
	// is itself an unknown, whose value is then the answer.
	var e float64
	if k := x.unknown[g.Start]; k >= 0 {
		e = x.value[k]
	} else {
		r := x.row(g.Start, width)
		e = r[0]
		for k, c := range r[2:] {
			e += c * x.value[k]
		}
	}
	if math.IsInf(e, 0) || math.IsNaN(e) {
		return 0, errBeyondFloat64(ctx, *g, nil)
	}
	return e, nil
}

// noteFair numbers the unknowns of one fair die, whose turn is its rolls,
// read straight off the board, in the order it has always had: from the
// start up. It stops, returning false, once they are more than the
// structured elimination takes.
func (x *structured) noteFair(g *model.Game) bool {
	for v := g.Start; v < g.Last; v++ {
		if !x.c.Reached[v] {
			continue
		}
		top := min(v+g.Faces, g.Last)
		for t := v + 1; t <= top; t++ {
			x.note(v, g.Land(t))
		}
		for roll := top - v + 1; roll <= g.Faces; roll++ {
			_, to := g.Beyond(v, roll)
			x.note(v, to)
		}
		if len(x.squares) > g.Lim.DenseUpTo {
			return false
		}
	}
	return true
}

// sweepFair writes, from the last square down, every reached square's
// expected turns under one fair die in terms of the unknowns. A square's
// expectation is one turn plus the average over rolls of where the roll
// ends: a square already swept, the square itself (an overshoot under
// Stay, or a jump back to it), or an unknown's square.
func (x *structured) sweepFair(ctx context.Context, g *model.Game, width int) error {
	last := g.Last
	clear(x.row(last, width))
	x.row(last, width)[1] = 1
	// No look at the context in here: one costs this loop a tenth to a
	// fifth of its speed, and the rows' bounds keep a sweep of a board the
	// server takes (250,000 squares) within 10 ms.
	if err := budget.Stopped(ctx); err != nil {
		return err
	}
	for v := last - 1; v >= g.Start; v-- {
		if !x.c.Reached[v] {
			continue
		}
		r := x.row(v, width)
		clear(r)
		stay := int32(0)
		top := min(v+g.Faces, last)
		for t := v + 1; t <= top; t++ {
			// take, by hand: the roll loop runs once a roll, and a call
			// there costs more than the row it adds.
			switch to := g.Land(t); {
			case to == v:
				stay++
			case to < v:
				r[2+x.unknown[to]]++
			default:
				linalg.AddRow(r, x.row(to, width))
			}
		}
		for roll := top - v + 1; roll <= g.Faces; roll++ {
			_, to := g.Beyond(v, roll)
			stay += x.take(r, v, to, width)
		}
		leave := float64(g.Faces - stay) // whole rolls less whole rolls: exact
		if leave == 0 {
			return errs.Errorf(errs.ErrNeverFinishes, "square %d can be reached, and no turn leaves it", v)
		}
		r[0] += g.Dice.Den // one turn, whatever it does
		inv := 1 / leave
		for k := range r {
			r[k] *= inv
		}
	}
	return nil
}

// What follows is ExpectedTurns' structured elimination for every game but
// one fair die. It reads the chain in throw form (chain.go) and a turn as
// run gives it: the links a turn throws from, each ending the turn with
// its totals other than Again. Writing
// every throw of every link into a square's row would cost a row a throw
// (15 under Enter 6, Again 6, AgainLimit 3) and make every square a run of
// Again throws snakes back past an unknown. Instead a square u that some
// run passes gets a second row, S(u): the expected turns left after a
// throw from u that ends the turn, the average over the totals other than
// Again of where it leaves the token. A turn from v then costs one row a
// link, and a link below v (a run that took a snake) is one more unknown,
// S of that square, whatever its throws reach.

// noteHouse numbers the unknowns, from the top of the board down so that a
// row holds only those numbered before its square's lowest move back: the
// squares a throw from some square goes back to, and the squares below the
// start of a turn that a run of Again throws reaches (their S rows, at row
// size+u).
func (x *structured) noteHouse(ctx context.Context, g *model.Game, rest float64) error {
	size := int32(g.Last) + 1
	x.unknownS = linalg.Grow(x.unknownS, int(size))
	for i := range x.unknownS {
		x.unknownS[i] = -1
	}
	for u := g.Last - 1; u >= g.Start; u-- {
		if u&1023 == 0 {
			if err := budget.Stopped(ctx); err != nil {
				return err
			}
		}
		if !x.c.Reached[u] && !x.c.Chained[u] {
			continue
		}
		for _, e := range x.c.Out(u) {
			x.note(u, e.To)
		}
		if !x.c.Reached[u] {
			continue
		}
		links, stop := g.Run(u, x.c.Ts, model.TurnTiny)
		for _, l := range links {
			if l.U < u && rest > 0 && x.unknownS[l.U] < 0 {
				x.unknownS[l.U] = int32(len(x.squares))
				x.squares = append(x.squares, size+l.U)
			}
		}
		if end, ok := g.RunEnd(u, stop); ok {
			x.note(u, end)
		}
	}
	return nil
}

// takeEnds adds to r, a row of square u, the throws ends from u at weight
// f each, and returns the weight of those that leave the token on u and
// of those that move it.
func (x *structured) takeEnds(r []float64, u int32, ends []model.Edge, f float64, width int) (stay, moved float64) {
	for _, e := range ends {
		if e.To == u {
			stay += f * e.N
		} else {
			moved += x.takeTrim(r, u, e.To, f*e.N, width)
		}
	}
	return stay, moved
}

// sweepHouse writes, from the last square down, every reached square's
// expected turns (row u) and every chained square's S (row size+u) in
// terms of the unknowns. rest is the weight of the totals other than
// Again.
func (x *structured) sweepHouse(ctx context.Context, g *model.Game, rest float64, width int) error {
	size := g.Last + 1
	a := g.Dice.Weight(g.Again) // 0 without Again
	last := x.row(g.Last, width)
	clear(last)
	last[1] = 1
	x.hi[g.Last] = 2
	// No look at the context in here, as in sweepFair.
	if err := budget.Stopped(ctx); err != nil {
		return err
	}
	for u := g.Last - 1; u >= g.Start; u-- {
		reached, chained := x.c.Reached[u], x.c.Chained[u] && rest > 0
		if !reached && !chained {
			continue
		}
		ends := x.c.Out(u)
		var s []float64
		var stay, moved float64
		if chained { // S(u), not yet divided by rest nor counting the stays
			s = x.row(size+u, width)
			clear(s)
			stay, moved = x.takeEnds(s, u, ends, 1, width)
			s = s[:lastNonzero(s)]
		}
		if reached {
			r := x.row(u, width)
			clear(r)
			leave := 0.0 // the weight of the turns that leave u, summed
			links, stop := g.Run(u, x.c.Ts, model.TurnTiny)
			for _, l := range links {
				switch {
				case l.U == u && chained:
					linalg.AddScaled(r, s, l.F)
					leave += l.F * moved
				case l.U == u:
					_, m := x.takeEnds(r, u, ends, l.F, width)
					leave += m
				case rest == 0: // every throw is Again: the links end nothing
				case l.U > u:
					sr := size + l.U
					linalg.AddScaled(r, x.row(sr, width)[:x.hi[sr]], l.F*rest)
					leave += l.F * rest
				default:
					r[2+x.unknownS[l.U]] += l.F * rest
					leave += l.F * rest
				}
			}
			if end, ok := g.RunEnd(u, stop); ok {
				leave += x.takeTrim(r, u, end, links[len(links)-1].F*a, width)
			}
			if leave == 0 {
				return errs.Errorf(errs.ErrNeverFinishes, "square %d can be reached, and no turn leaves it", u)
			}
			r[0] += g.Dice.Den // one turn, whatever it does
			scaleRow(r, 1/leave)
			x.hi[u] = lastNonzero(r)
			// A throw from u that leaves the token there ends the turn on
			// u: S(u) counts the expected turns from u for it.
			if chained && stay > 0 {
				s = x.row(size+u, width)[:max(len(s), int(x.hi[u]))]
				linalg.AddScaled(s, r[:x.hi[u]], stay)
			}
		}
		if chained {
			scaleRow(s, 1/rest)
			x.hi[size+u] = max(lastNonzero(s), 2)
		}
	}
	return nil
}

// lastNonzero returns one past the last nonzero column of row r, at least
// 2 (the columns past it are 0, and later rows add r only that far).
func lastNonzero(r []float64) int32 {
	hi := int32(len(r))
	for hi > 2 && r[hi-1] == 0 {
		hi--
	}
	return hi
}

// scaleRow multiplies r by f.
func scaleRow(r []float64, f float64) {
	for k := range r {
		r[k] *= f
	}
}
