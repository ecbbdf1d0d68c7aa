package snakes

import "math"

// This file solves the equations of boards whose moves all stay near the
// square they leave: every turn ends at most fwd squares up the board or
// back squares down it (the last square aside), as on a level whose snakes
// and ladders are all short. Such a board can have thousands of squares
// that moves go back to, too many for the structured elimination, and its
// games can last long enough that GMRES needs more steps than it may take;
// but eliminated square by square from the top down, its equations keep
// every row within the band [i − back, i + fwd], so the elimination costs
// squares·fwd·back steps whatever the number of snakes.
//
// The elimination censors the chain (Grassmann–Taksar–Heyman): removing
// square k sends what went to k on to where k goes, in proportion, each
// row's divisor the sum of the weights that leave it. Nothing is
// subtracted, so every value keeps its relative precision however long
// the game. The factors it leaves (the multipliers below the diagonal, in
// the columns of the eliminated squares, and each row's divisor) solve
// further right-hand sides (Variance) and the transposed equations
// (Visits) in squares·(fwd + back) steps each.

// bandFits finds the band of f's sure squares and reports whether the
// banded elimination suits them: within bandUpTo steps and MaxBytes. The
// callers try it after the structured elimination and before GMRES, whose
// steps grow with the length of the game where the band's do not.
func (f *fundamental) bandFits() bool {
	g := f.g
	back, fwd := int32(0), int32(0)
	for v := int32(0); v < g.last; v++ {
		if !f.sure[v] {
			continue
		}
		for _, e := range f.out(v) {
			switch {
			case e.to == g.last:
			case e.to < v:
				back = max(back, v-e.to)
			default:
				fwd = max(fwd, e.to-v)
			}
		}
	}
	f.behind, f.ahead = back, fwd
	size := float64(g.last) + 1
	return bandSteps(size, back, fwd) <= bandUpTo && bandBytes(size, back, fwd) <= MaxBytes
}

// bandUpTo is the most steps the banded elimination takes: MaxWork, a few
// seconds.
// A variable so that tests can send boards either way.
var bandUpTo float64 = MaxWork

// bandSteps is about how many steps the banded elimination of size squares
// with the given band takes.
func bandSteps(size float64, back, fwd int32) float64 {
	return size * (float64(fwd) + 1) * (float64(back) + 2)
}

// bandBytes is what the banded elimination holds for size squares: a row
// of back+fwd+1 numbers, its weight to the last square, its right-hand
// side and divisor.
func bandBytes(size float64, back, fwd int32) float64 {
	return size * (float64(back+fwd+1) + 3) * 8
}

// bandAt returns the index in f.band of square i's column j.
func (f *fundamental) bandAt(i, j int32) int {
	return int(i)*int(f.behind+f.ahead+1) + int(j-i+f.behind)
}

// bandSolve eliminates the sure squares' equations and sets f.values to N·b
// (b ≡ 1 when rhs is nil), 0 on the last square and +Inf off the sure
// squares, as solve does.
func (f *fundamental) bandSolve(rhs []float64) {
	g := f.g
	size := int(g.last) + 1
	width := int(f.behind + f.ahead + 1)
	f.band = grow(f.band, size*width)
	clear(f.band)
	f.bandExit = grow(f.bandExit, size)
	f.div = grow(f.div, size)
	r := grow(f.rhs2, size)
	clear(f.bandExit)
	for v := int32(0); v < g.last; v++ {
		r[v] = 0
		if !f.sure[v] {
			continue
		}
		for _, e := range f.out(v) {
			switch e.to {
			case v: // a turn that stays: it leaves neither side
			case g.last:
				f.bandExit[v] += e.n
			default:
				f.band[f.bandAt(v, e.to)] += e.n
			}
		}
		r[v] = g.dice.den
		if rhs != nil {
			r[v] *= rhs[v]
		}
	}
	for k := g.last - 1; k >= 0; k-- {
		if !f.sure[k] {
			continue
		}
		lo := max(k-f.behind, 0)
		rowK := f.band[f.bandAt(k, lo):f.bandAt(k, k)] // its columns below k, the live ones
		d := f.bandExit[k]
		for _, a := range rowK {
			d += a
		}
		f.div[k] = d
		for i := max(k-f.ahead, 0); i < k; i++ {
			at := f.bandAt(i, k)
			c := f.band[at]
			if c == 0 || !f.sure[i] {
				continue
			}
			m := c / d
			f.band[at] = m // the multiplier, for further right-hand sides
			addScaled(f.band[f.bandAt(i, lo):f.bandAt(i, k)], rowK, m)
			f.bandExit[i] += m * f.bandExit[k]
			r[i] += m * r[k]
		}
	}
	f.rhs2 = r
	f.values = grow(f.values, size)
	f.bandBack(r, f.values)
}

// bandBack back-substitutes the eliminated right-hand side r into out, from
// the bottom of the board up.
func (f *fundamental) bandBack(r, out []float64) {
	g := f.g
	for k := int32(0); k < g.last; k++ {
		if !f.sure[k] {
			out[k] = 0
			if !f.absorb {
				out[k] = math.Inf(1)
			}
			continue
		}
		lo := max(k-f.behind, 0)
		t := r[k]
		for j, a := range f.band[f.bandAt(k, lo):f.bandAt(k, k)] {
			if a != 0 {
				t += a * out[lo+int32(j)]
			}
		}
		out[k] = t / f.div[k]
	}
	out[g.last] = 0
}

// bandAgain sets out to N·rhs on every square, reusing bandSolve's
// elimination: the multipliers carry rhs down, then it is substituted back.
func (f *fundamental) bandAgain(rhs, out []float64) {
	g := f.g
	r := grow(f.y, int(g.last)+1)
	for v := int32(0); v < g.last; v++ {
		r[v] = 0
		if f.sure[v] {
			r[v] = rhs[v] * g.dice.den
		}
	}
	for k := g.last - 1; k >= 0; k-- {
		if !f.sure[k] || r[k] == 0 {
			continue
		}
		for i := max(k-f.ahead, 0); i < k; i++ {
			if f.sure[i] {
				r[i] += f.band[f.bandAt(i, k)] * r[k]
			}
		}
	}
	f.y = r
	f.bandBack(r, out)
}

// bandVisits sets out to the start's row of N, the expected turns that
// start on each square, by the transposed equations: with the elimination
// as A = L·U in its order (top down), Uᵀz = e_start from the top down,
// then Lᵀy = z from the bottom up, every term non-negative.
func (f *fundamental) bandVisits(out []float64) {
	g := f.g
	clear(out)
	z := out
	z[g.start] = g.dice.den // A = dice.den·(I − Q)
	for j := g.last - 1; j >= 0; j-- {
		if !f.sure[j] {
			z[j] = 0
			continue
		}
		s := z[j]
		for k := j + 1; k <= min(j+f.behind, g.last-1); k++ {
			if f.sure[k] && z[k] != 0 {
				s += f.band[f.bandAt(k, j)] * z[k]
			}
		}
		z[j] = s / f.div[j]
	}
	for k := int32(0); k < g.last; k++ {
		if !f.sure[k] {
			continue
		}
		y := z[k]
		for i := max(k-f.ahead, 0); i < k; i++ {
			if f.sure[i] && out[i] != 0 {
				y += f.band[f.bandAt(i, k)] * out[i]
			}
		}
		out[k] = y
	}
	out[g.last] = 0
}
