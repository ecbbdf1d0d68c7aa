package engine

import (
	"context"
	"math"

	"github.com/snakesladders/snakes/internal/budget"
	"github.com/snakesladders/snakes/internal/model"
)

// This file finds the order of magnitude of an expected length past the
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
	if size*(m+2)*16 > g.Lim.Bytes || magnitudeWork*(g.TurnWork()*(m+2)+m*m*m) > g.Lim.Work {
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
