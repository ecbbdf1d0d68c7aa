package solve

import (
	"context"
	"math"
	"math/big"

	"github.com/snakesladders/snakes/internal/budget"
	"github.com/snakesladders/snakes/internal/errs"
	"github.com/snakesladders/snakes/internal/grid"
	"github.com/snakesladders/snakes/internal/linalg"
	"github.com/snakesladders/snakes/internal/model"
)

// This file is ExactExpectedTurns, the expected length as an exact
// fraction, and the order of magnitude of an expected length past the
// float64 range: both the one structured elimination (linalg.Eliminate)
// in their own number types.

// maxExactSquares and maxExactEntries bound ExactExpectedTurns: its
// fractions' digits grow with the squares (a denominator can be a power of
// Faces as long as the board), and it keeps squares·(m+2) of them, the
// bound counting squares·(m+1).
const (
	maxExactSquares = 1024
	maxExactEntries = 1 << 16
)

// ExactExpectedTurns is [Rules.ExactExpectedTurns] on the model.
func ExactExpectedTurns(r model.Rules, b *grid.Squares) (*big.Rat, error) {
	g, err := model.Playable(r, b)
	if err != nil {
		return nil, err
	}
	if g.Top > maxExactSquares {
		return nil, errs.Errorf(errs.ErrTooLarge, "exact arithmetic on %d squares: over the bound of %d squares", g.Top, maxExactSquares)
	}
	if g.Start == g.Last {
		return new(big.Rat), nil
	}
	if err := g.CheckRolls(); err != nil {
		return nil, err
	}
	out, err := exactTurns(&g)
	if err != nil {
		return nil, err
	}
	// The squares a turn can end on, and among them those some turn goes
	// back to.
	reached := make([]bool, g.Last+1)
	reached[g.Start] = true
	stack := []int32{g.Start}
	for len(stack) > 0 {
		v := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, e := range out[v] {
			if !reached[e.to] {
				reached[e.to] = true
				stack = append(stack, e.to)
			}
		}
	}
	unk := make([]int32, g.Last+1)
	var back []int32
	for v := range unk {
		unk[v] = -1
	}
	for v := g.Start; v < g.Last; v++ {
		for _, e := range out[v] {
			if reached[v] && e.to < v && unk[e.to] < 0 {
				unk[e.to] = int32(len(back))
				back = append(back, e.to)
			}
		}
	}
	m := len(back)
	// The bound counts a row's constant and unknowns, as it always has: the
	// column of the chance to finish first rides along.
	if entries := float64(g.Last+1) * float64(m+1); entries > maxExactEntries {
		return nil, errs.Errorf(errs.ErrTooLarge, "exact arithmetic on %d squares with %d squares that moves go back to: over the bound of %d fractions", g.Last, m, maxExactEntries)
	}
	if steps := exactSteps(&g, out, m); steps > g.Lim.Work {
		return nil, g.TooLong(steps, "exact arithmetic on %d squares with %d squares that moves go back to", g.Last, m)
	}
	e, stuck, err := expectIn(newRatArith(), nil, g.Last, g.Start, reached, unk, back, big.NewRat(1, 1), func(v int32, each func(to int32, p *big.Rat)) {
		for _, e := range out[v] {
			each(e.to, e.p)
		}
	})
	if err != nil {
		return nil, err
	}
	if stuck >= 0 {
		return nil, errs.Errorf(errs.ErrNeverFinishes, "square %d can be reached, and the last square cannot be reached from it", g.Square(stuck))
	}
	return e, nil
}

// exactSteps is about how many steps ExactExpectedTurns takes: its
// fraction operations (a term a turn's end and unknown in the sweep, m³ in
// the elimination), each on numbers whose products and reductions cost the
// square of their length in words, plus a word's worth of overhead. A row's
// fractions gain the bits of a throw's chance for every square the sweep
// passes (their denominators are products of the chances), and the
// elimination's grow with m: the length is the larger. A word operation of big.Rat
// costs 5 to 15 ns here, four steps: on 32×32 boards of 5% random jumps
// the arithmetic that takes 2 to 5 s is counted 0.9 to 1.5·10⁹ steps, and
// what would take 12 s to 2 minutes is refused (TestExactTooLong).
func exactSteps(g *model.Game, out [][]exactEdge, m int) float64 {
	ends, bits := 0.0, 1.0
	for _, edges := range out {
		ends += float64(len(edges))
		for _, e := range edges {
			bits = max(bits, float64(e.p.Denom().BitLen()))
		}
	}
	// A square's row gains the bits of the dice's denominator, that of
	// a throw's chance; a run of Again throws' series has larger ones, but
	// they recur from square to square and do not add up.
	words := max(float64(len(out))*math.Log2(g.Dice.Den), float64(m+1)*max(bits, 64)) / 64
	return exactWordSteps * (ends*float64(m+1) + math.Pow(float64(m), 3)) * (words*words + 16)
}

// exactWordSteps is what a word operation of the exact arithmetic costs in
// steps.
const exactWordSteps = 4

// An exactEdge is where a turn can end and its exact chance.
type exactEdge struct {
	to int32
	p  *big.Rat
}

// exactTurns lists every square's turns with their exact chances, merged
// by destination: the turn model of turn.go followed to the end of every
// run of Again throws, its weights made exact from the dice's counts. It
// is the one table of turns the chain (chain.go) does not give: the
// chain's weights are float64, and its runs stop at turnTiny, which would
// leave out squares reached only after a run less likely than 2⁻⁶⁴, so
// the squares reached are found from this table too.
func exactTurns(g *model.Game) ([][]exactEdge, error) {
	d := &g.Dice
	if d.N != nil && d.Counts == nil {
		return nil, errs.Errorf(errs.ErrTooLarge, "exact arithmetic on dice with over 2⁵³ outcomes a throw")
	}
	weight := func(s int32) *big.Rat {
		if d.N == nil {
			return big.NewRat(1, int64(d.Den))
		}
		return big.NewRat(d.Counts[s-d.Lo], int64(d.Den))
	}
	var a, rest *big.Rat // the chance of Again, and of any other total
	if g.Again > 0 {
		a, rest = weight(g.Again), new(big.Rat)
		for s := d.Lo; s <= d.Hi; s++ {
			if s != g.Again {
				rest.Add(rest, weight(s))
			}
		}
	}
	pow := []*big.Rat{big.NewRat(1, 1)} // pow[k] = a^k
	power := func(k int32) *big.Rat {
		for int32(len(pow)) <= k {
			pow = append(pow, new(big.Rat).Mul(pow[len(pow)-1], a))
		}
		return pow[k]
	}
	cycles := map[int32]*big.Rat{} // period P → 1/(1 − a^P), as (1 − a)·(1 + … + a^(P−1))
	out := make([][]exactEdge, g.Last+1)
	ts := new(model.TurnScratch).Fit(int(g.Last) + 1)
	at := make([]int, g.Last+1)
	if g.Eff != nil {
		// Counted as it goes: a throw's chance made exact (about 1.5 µs),
		// and the places' elimination, about k³ operations on fractions
		// for k places.
		steps := 0.0
		for v := g.Start; v < g.Last; v++ {
			edges, places, throws, err := exactBranch(g, v, ts, weight, at)
			if err != nil {
				return nil, err
			}
			out[v] = edges
			k := float64(places)
			if steps += exactWordSteps * (128*float64(throws) + 4*k*k*(k+1)); steps > g.Lim.Work {
				return nil, g.TooLong(steps, "exact arithmetic on the turns of %d squares with effects", g.Top)
			}
		}
		return out, nil
	}
	for v := g.Start; v < g.Last; v++ {
		var edges []exactEdge
		for _, o := range g.Turn(v, ts, 0) {
			if o.How == model.TurnGoes {
				continue
			}
			p := weight(o.Total)
			if o.K > 0 {
				p.Mul(p, power(o.K))
			}
			if o.Cycle > 0 {
				f, ok := cycles[o.Cycle]
				if !ok {
					series := new(big.Rat)
					for k := range o.Cycle {
						series.Add(series, power(k))
					}
					f = new(big.Rat).Inv(series.Mul(series, rest))
					cycles[o.Cycle] = f
				}
				p.Mul(p, f)
			}
			edges = addExact(edges, at, o.To, p)
		}
		out[v] = settle(edges, at)
	}
	return out, nil
}

// addExact adds chance p of ending on to to edges, merged through at
// (each destination's place in edges, plus 1, or 0).
func addExact(edges []exactEdge, at []int, to int32, p *big.Rat) []exactEdge {
	if at[to] == 0 {
		edges = append(edges, exactEdge{to: to, p: p})
		at[to] = len(edges)
		return edges
	}
	e := edges[at[to]-1].p
	e.Add(e, p)
	return edges
}

// settle clears at for the next square's edges, and returns them.
func settle(edges []exactEdge, at []int) []exactEdge {
	for _, e := range edges {
		at[e.to] = 0
	}
	return edges
}

// exactBranch is the turns from state v, merged by destination through
// at (0 everywhere between calls), on a board with effects: from the
// turn's places (model.Places), the chance of ending on each destination
// d solves x = A·x + b_d, A the chances of the throws from place to place
// and b_d those of the throws that end the turn on d, by the
// subtraction-free elimination over the places; the turn begins at the
// first.
func exactBranch(g *model.Game, v int32, ts *model.TurnScratch, weight func(int32) *big.Rat, at []int) (edges []exactEdge, places, throws int, err error) {
	switch {
	case v > g.Top: // a token waiting: its turn is passed over
		return []exactEdge{{to: g.Square(v), p: big.NewRat(1, 1)}}, 0, 1, nil
	case v == g.Top:
		return nil, 0, 0, nil
	}
	pl, th := g.Places(v, v, 0, ts)
	k := len(pl)
	a := newRatArith()
	q, exit := make([]*big.Rat, k*k), make([]*big.Rat, k)
	for i := range q {
		q[i] = a.Zero()
	}
	var rhs [][]*big.Rat
	for p, from := range pl {
		exit[p] = a.Zero()
		for _, o := range th[from.First : from.First+from.N] {
			w := weight(o.Total)
			if o.Next >= 0 {
				q[p*k+int(o.Next)].Add(q[p*k+int(o.Next)], w)
				continue
			}
			exit[p].Add(exit[p], w)
			if at[o.To] == 0 {
				edges = append(edges, exactEdge{to: o.To})
				at[o.To] = len(edges)
				b := make([]*big.Rat, k)
				for i := range b {
					b[i] = a.Zero()
				}
				rhs = append(rhs, b)
			}
			b := rhs[at[o.To]-1]
			b[p].Add(b[p], w)
		}
	}
	if _, err := linalg.SolveChain(a, nil, k, q, exit, rhs...); err != nil {
		return nil, 0, 0, err
	}
	for i := range edges {
		edges[i].p = rhs[i][0]
	}
	return settle(edges, at), k, len(th), nil
}

// What follows finds the order of magnitude of an expected length past the
// float64 range: the structured elimination of fundamental.go again, in
// numbers whose exponent does not overflow. A game that surely ends can
// still need, say, 416 sixes in a row: its expected length, about 6⁴¹⁶,
// and the chance of finishing before falling back, 6⁻⁴¹⁶, are both
// outside float64, though every step that leads to them is not.

// An xfloat is a non-negative number frac·2^exp, frac in [0.5, 1) or 0:
// float64's precision with an exponent that cannot overflow here.
type xfloat struct {
	frac float64
	exp  int64
}

func toX(x float64) xfloat { return normX(x, 0) }

func normX(f float64, e int64) xfloat {
	if f == 0 {
		return xfloat{}
	}
	g, k := math.Frexp(f)
	return xfloat{g, e + int64(k)}
}

func (a xfloat) mul(b xfloat) xfloat { return normX(a.frac*b.frac, a.exp+b.exp) }
func (a xfloat) div(b xfloat) xfloat { return normX(a.frac/b.frac, a.exp-b.exp) }

func (a xfloat) add(b xfloat) xfloat {
	switch {
	case a.frac == 0:
		return b
	case b.frac == 0:
		return a
	case a.exp < b.exp:
		a, b = b, a
	}
	if d := a.exp - b.exp; d <= 64 {
		return normX(a.frac+math.Ldexp(b.frac, -int(d)), a.exp)
	}
	return a
}

// log10 is the decimal logarithm of a positive a.
func (a xfloat) log10() float64 { return math.Log10(a.frac) + float64(a.exp)*math.Log10(2) }

// magnitudeWork is what an xfloat operation costs in steps.
const magnitudeWork = 8

// ExpectedMagnitude returns log₁₀ of the expected turns from g's start, a
// game that surely ends, and false where the structured elimination does
// not suit it or would pass the bounds (its memory is 16 bytes a square
// and unknown, twice float64's), or where ctx is done. surely reports
// whether g's chain, compiled for it, says the game surely ends; classed,
// whether that chain could be compiled within the bounds.
func ExpectedMagnitude(ctx context.Context, g model.Game) (lg float64, ok, surely, classed bool) {
	if CheckInsight(&g) != nil {
		return 0, false, false, false
	}
	f := FundamentalPool.Get().(*Fundamental)
	defer f.Release()
	f.Ctx = ctx
	f.Game = g
	if f.Prepare(&f.Game, false) != nil {
		return 0, false, false, false
	}
	if !f.Sure[g.Start] {
		return 0, false, false, true
	}
	size, m := float64(g.Last)+1, float64(len(f.sq))
	if magnitudeWork*(g.TurnWork()*(m+2)+m*m*m) > g.Lim.Work || !f.take(size*(m+2)*16) {
		return 0, false, true, true
	}
	lg, ok = f.magnitude()
	return lg, ok, true, true
}

// magnitude is expectedMagnitude on f, prepared: the structured
// elimination in xfloats over f's turns and unknowns.
func (f *Fundamental) magnitude() (float64, bool) {
	g := f.g
	e, stuck, err := expectIn(xArith{}, f.Ctx, g.Last, g.Start, f.Sure, f.unk, f.sq, toX(g.Dice.Den), func(v int32, each func(to int32, n xfloat)) {
		for _, e := range f.out(v) {
			each(e.To, toX(e.N))
		}
	})
	if err != nil || stuck >= 0 || e.frac == 0 {
		return 0, false
	}
	return e.log10(), true
}

// What follows is the structured elimination in a number type of its
// caller's: exact rationals for ExactExpectedTurns, xfloats for the
// magnitude. Its rows are those of fundamental.go's (the value without the
// unknowns, the chance that the last square comes first, the chance of
// each unknown), and linalg.Eliminate solves them as it does float64's.
// Float64 keeps its own sweeps of the rows, whose loops its speed rests on
// (a generic loop, its arithmetic called through the instantiation's
// dictionary, is not inlined).

// expectIn returns the expected turns from start, in a's arithmetic: the
// rows of the squares on (every other worth nothing), swept from last
// down, each a turn from its square (turns gives its ends and their
// weights, unit being the weight of a whole turn) in terms of the
// unknowns, the squares sq (unk: a square's index among them, or -1)
// that some turn goes back to. stuck is a square no turn leaves or from
// which the last square cannot be reached, or -1; err is ctx's.
func expectIn[T any, A linalg.Arith[T]](a A, ctx context.Context, last, start int32, on []bool, unk, sq []int32, unit T, turns func(v int32, each func(to int32, w T))) (e T, stuck int32, err error) {
	width := len(sq) + 2
	rows := make([]T, (int(last)+1)*width)
	row := func(v int32) []T { return rows[int(v)*width : int(v+1)*width] }
	for k := range row(last) {
		row(last)[k] = a.Zero()
	}
	row(last)[1] = a.One()
	add := func(x, y T) T { return a.Sum(x, []T{y}) }
	for v := last - 1; v >= 0; v-- {
		if v%1024 == 0 {
			if err := budget.Stopped(ctx); err != nil {
				return e, -1, err
			}
		}
		if !on[v] {
			continue
		}
		r := row(v)
		for k := range r {
			r[k] = a.Zero()
		}
		leave := a.Zero()
		turns(v, func(to int32, w T) {
			switch {
			case to == v:
				return
			case to < v:
				r[2+unk[to]] = add(r[2+unk[to]], w)
			default:
				a.AddScaled(r, row(to), w)
			}
			leave = add(leave, w)
		})
		if a.IsZero(leave) {
			return e, v, nil
		}
		r[0] = add(r[0], unit)
		a.Scale(r, a.Quo(a.One(), leave))
	}
	m := len(sq)
	div, val := make([]T, m), make([]T, m)
	if k, err := linalg.Eliminate(a, ctx, rows, width, sq, div, val, 1, 0); err != nil || k >= 0 {
		if err != nil {
			return e, -1, err
		}
		return e, sq[k], nil
	}
	if k := unk[start]; k >= 0 {
		return val[k], -1, nil
	}
	return a.Dot(row(start)[0], row(start)[2:], val), -1, nil
}

// ratArith is the linalg.Arith of exact rationals, each value its own
// big.Rat; tmp is the scratch of its products.
type ratArith struct{ tmp *big.Rat }

func newRatArith() ratArith { return ratArith{tmp: new(big.Rat)} }

func (ratArith) Zero() *big.Rat                       { return new(big.Rat) }
func (ratArith) One() *big.Rat                        { return big.NewRat(1, 1) }
func (ratArith) IsZero(x *big.Rat) bool               { return x.Sign() == 0 }
func (ratArith) Quo(x, y *big.Rat) *big.Rat           { return new(big.Rat).Quo(x, y) }
func (ratArith) Mul(x, y *big.Rat) *big.Rat           { return new(big.Rat).Mul(x, y) }
func (r ratArith) AddMul(acc, x, y *big.Rat) *big.Rat { return acc.Add(acc, r.tmp.Mul(x, y)) }

func (ratArith) Sum(first *big.Rat, xs []*big.Rat) *big.Rat {
	s := new(big.Rat).Set(first)
	for _, x := range xs {
		s.Add(s, x)
	}
	return s
}

func (r ratArith) Total(first *big.Rat, xs []*big.Rat) *big.Rat { return r.Sum(first, xs) }

func (r ratArith) Dot(first *big.Rat, xs, ys []*big.Rat) *big.Rat {
	s := new(big.Rat).Set(first)
	for i, x := range xs {
		if x.Sign() != 0 {
			s.Add(s, r.tmp.Mul(x, ys[i]))
		}
	}
	return s
}

func (r ratArith) AddScaled(dst, src []*big.Rat, f *big.Rat) {
	for i, x := range src {
		if x.Sign() != 0 {
			dst[i].Add(dst[i], r.tmp.Mul(f, x))
		}
	}
}

func (ratArith) Scale(row []*big.Rat, f *big.Rat) {
	for _, x := range row {
		x.Mul(x, f)
	}
}

// xArith is the linalg.Arith of xfloats.
type xArith struct{}

func (xArith) Zero() xfloat                   { return xfloat{} }
func (xArith) One() xfloat                    { return toX(1) }
func (xArith) IsZero(x xfloat) bool           { return x.frac == 0 }
func (xArith) Quo(x, y xfloat) xfloat         { return x.div(y) }
func (xArith) Mul(x, y xfloat) xfloat         { return x.mul(y) }
func (xArith) AddMul(acc, x, y xfloat) xfloat { return acc.add(x.mul(y)) }

func (xArith) Sum(first xfloat, xs []xfloat) xfloat {
	for _, x := range xs {
		first = first.add(x)
	}
	return first
}

func (a xArith) Total(first xfloat, xs []xfloat) xfloat { return a.Sum(first, xs) }

func (xArith) Dot(first xfloat, xs, ys []xfloat) xfloat {
	for i, x := range xs {
		first = first.add(x.mul(ys[i]))
	}
	return first
}

func (xArith) AddScaled(dst, src []xfloat, f xfloat) {
	for i, x := range src {
		dst[i] = dst[i].add(x.mul(f))
	}
}

func (xArith) Scale(row []xfloat, f xfloat) {
	for i, x := range row {
		row[i] = x.mul(f)
	}
}
