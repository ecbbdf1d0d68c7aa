package solve

import (
	"context"
	"fmt"
	"math"
	"math/big"

	"github.com/snakesladders/snakes/internal/budget"
	"github.com/snakesladders/snakes/internal/errs"
	"github.com/snakesladders/snakes/internal/grid"
	"github.com/snakesladders/snakes/internal/model"
)

// This file is ExactExpectedTurns, the expected length as an exact
// fraction by elimination over big.Rat, and the order of magnitude of an
// expected length past the float64 range.

// maxExactSquares and maxExactEntries bound ExactExpectedTurns: its
// fractions' digits grow with the squares (a denominator can be a power of
// Faces as long as the board), and it keeps squares·(m+1) of them.
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
	unknown := make([]int, g.Last+1)
	var back []int32
	for v := range unknown {
		unknown[v] = -1
	}
	for v := g.Start; v < g.Last; v++ {
		for _, e := range out[v] {
			if reached[v] && e.to < v && unknown[e.to] < 0 {
				unknown[e.to] = len(back)
				back = append(back, e.to)
			}
		}
	}
	m := len(back)
	if entries := float64(g.Last+1) * float64(m+1); entries > maxExactEntries {
		return nil, errs.Errorf(errs.ErrTooLarge, "exact arithmetic on %d squares with %d squares that moves go back to: over the bound of %d fractions", g.Last, m, maxExactEntries)
	}
	if steps := exactSteps(&g, out, m); steps > g.Lim.Work {
		return nil, g.TooLong(steps, "exact arithmetic on %d squares with %d squares that moves go back to", g.Last, m)
	}

	// rows[v] = [c, a_0, …, a_{m−1}]: E(v) = c + Σ a_k·x_k, where x_k is the
	// expectation on the k-th square moves go back to.
	width := m + 1
	rows := make([][]*big.Rat, g.Last+1)
	tmp := new(big.Rat)
	for v := g.Last - 1; v >= g.Start; v-- {
		if !reached[v] {
			continue
		}
		row := make([]*big.Rat, width)
		for k := range row {
			row[k] = new(big.Rat)
		}
		row[0].SetInt64(1)
		leave := new(big.Rat)
		for _, e := range out[v] {
			p := e.p
			switch {
			case e.to == v:
				continue
			case e.to < v:
				row[1+unknown[e.to]].Add(row[1+unknown[e.to]], p)
			case e.to != g.Last:
				for k, c := range rows[e.to] {
					if c.Sign() != 0 {
						row[k].Add(row[k], tmp.Mul(p, c))
					}
				}
			}
			leave.Add(leave, p)
		}
		if leave.Sign() == 0 {
			return nil, errs.Errorf(errs.ErrNeverFinishes, "square %d can be reached, and no turn leaves it", g.Square(v))
		}
		leave.Inv(leave)
		for _, c := range row {
			c.Mul(c, leave)
		}
		rows[v] = row
	}

	// x_k = rows[back[k]]·[1, x]: (I − A)·x = c, by Gauss-Jordan.
	sys := make([][]*big.Rat, m)
	for k, sq := range back {
		eq := make([]*big.Rat, m+1)
		for j := range m {
			eq[j] = new(big.Rat).Neg(rows[sq][1+j])
		}
		eq[k].Add(eq[k], big.NewRat(1, 1))
		eq[m] = new(big.Rat).Set(rows[sq][0])
		sys[k] = eq
	}
	if err := gaussJordan(sys); err != nil {
		return nil, err
	}
	e := new(big.Rat).Set(rows[g.Start][0])
	for k := range m {
		e.Add(e, tmp.Mul(rows[g.Start][1+k], sys[k][m]))
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

// gaussJordan solves the augmented m×(m+1) system in place, leaving the
// solution in the last column.
func gaussJordan(sys [][]*big.Rat) error {
	m := len(sys)
	tmp := new(big.Rat)
	for col := range m {
		p := col
		for p < m && sys[p][col].Sign() == 0 {
			p++
		}
		if p == m {
			return fmt.Errorf("%w: singular equations at unknown %d", errs.ErrNeverFinishes, col)
		}
		sys[col], sys[p] = sys[p], sys[col]
		inv := new(big.Rat).Inv(sys[col][col])
		for j := col; j <= m; j++ {
			sys[col][j].Mul(sys[col][j], inv)
		}
		for i := range m {
			if i == col || sys[i][col].Sign() == 0 {
				continue
			}
			f := new(big.Rat).Set(sys[i][col])
			for j := col; j <= m; j++ {
				if sys[col][j].Sign() != 0 {
					sys[i][j].Sub(sys[i][j], tmp.Mul(f, sys[col][j]))
				}
			}
		}
	}
	return nil
}

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
// at (0 everywhere between calls), on a board with effects: the chance
// that the turn throws from each of its places (model.Places) solves
// F = e₀ + Aᵀ·F, A the chances of the throws from place to place, by
// elimination over the places; a turn ends from a place with that chance
// times its throw's. Gauss–Jordan elimination leaves F in the last column.
func exactBranch(g *model.Game, v int32, ts *model.TurnScratch, weight func(int32) *big.Rat, at []int) (edges []exactEdge, places, throws int, err error) {
	switch {
	case v > g.Top: // a token waiting: its turn is passed over
		return []exactEdge{{to: g.Square(v), p: big.NewRat(1, 1)}}, 0, 1, nil
	case v == g.Top:
		return nil, 0, 0, nil
	}
	pl, th := g.Places(v, v, 0, ts)
	k := len(pl)
	// (I − Aᵀ)·F = e₀, row q: F[q] − Σ over throws p→q of F[p]·w.
	a := make([][]*big.Rat, k)
	for q := range a {
		a[q] = make([]*big.Rat, k+1)
		for c := range a[q] {
			a[q][c] = new(big.Rat)
		}
		a[q][q].SetInt64(1)
	}
	a[0][k].SetInt64(1)
	for p, at := range pl {
		for _, o := range th[at.First : at.First+at.N] {
			if o.Next >= 0 {
				a[o.Next][p].Sub(a[o.Next][p], weight(o.Total))
			}
		}
	}
	if err := gaussJordan(a); err != nil {
		return nil, 0, 0, err
	}
	for p, from := range pl {
		for _, o := range th[from.First : from.First+from.N] {
			if o.Next >= 0 {
				continue
			}
			edges = addExact(edges, at, o.To, new(big.Rat).Mul(a[p][k], weight(o.Total)))
		}
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

// magnitude is expectedMagnitude on f, prepared.
func (f *Fundamental) magnitude() (float64, bool) {
	g := f.g
	w := len(f.sq) + 2
	rows := make([]xfloat, (int(g.Last)+1)*w)
	row := func(v int32) []xfloat { return rows[int(v)*w : int(v+1)*w] }
	row(g.Last)[1] = toX(1)
	den := toX(g.Dice.Den)
	for v := g.Last - 1; v >= 0; v-- {
		if v%1024 == 0 && budget.Stopped(f.Ctx) != nil {
			return 0, false
		}
		if !f.Sure[v] {
			continue
		}
		r := row(v)
		for _, e := range f.out(v) {
			n := toX(e.N)
			switch to := e.To; {
			case to == v:
			case !f.Sure[to]:
				r[1] = r[1].add(n)
			case to < v:
				k := 2 + f.unk[to]
				r[k] = r[k].add(n)
			default:
				for k, x := range row(to) {
					r[k] = r[k].add(x.mul(n))
				}
			}
		}
		r[0] = r[0].add(den)
		inv := toX(f.c.Inv[v])
		for k := range r {
			r[k] = r[k].mul(inv)
		}
	}
	// The unknowns, last to first, each divisor a sum (fundamental.go).
	m := len(f.sq)
	div, val := make([]xfloat, m), make([]xfloat, m)
	for k := m - 1; k >= 0; k-- {
		if budget.Stopped(f.Ctx) != nil {
			return 0, false
		}
		rk := row(f.sq[k])[:2+k]
		d := rk[1]
		for _, c := range rk[2:] {
			d = d.add(c)
		}
		if d.frac == 0 {
			return 0, false
		}
		div[k] = d
		for i := range k {
			ri := row(f.sq[i])
			if c := ri[2+k]; c.frac != 0 {
				s := c.div(d)
				for j, x := range rk {
					ri[j] = ri[j].add(x.mul(s))
				}
			}
		}
	}
	for k := range m {
		rk := row(f.sq[k])
		u := rk[0]
		for j, c := range rk[2 : 2+k] {
			u = u.add(c.mul(val[j]))
		}
		val[k] = u.div(div[k])
	}
	e := row(g.Start)[0]
	if u := f.unk[g.Start]; u >= 0 {
		e = val[u]
	} else {
		for k, c := range row(g.Start)[2:] {
			e = e.add(c.mul(val[k]))
		}
	}
	if e.frac == 0 {
		return 0, false
	}
	return e.log10(), true
}
