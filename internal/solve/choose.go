package solve

import (
	"context"
	"math"

	"github.com/snakesladders/snakes/internal/budget"
	"github.com/snakesladders/snakes/internal/grid"
	"github.com/snakesladders/snakes/internal/linalg"
	"github.com/snakesladders/snakes/internal/model"
	"github.com/snakesladders/snakes/internal/search"
)

// This file is the one place that chooses how a game's equations are
// solved, and holds every threshold of that choice. Three methods answer
// the same questions (the expected turns from every square, further
// right-hand sides for Variance, the transposed equations for Visits):
//
//   - viaElimination, the structured elimination (fundamental.go): a sweep
//     down the board writes every square's row as an affine function of the
//     m squares that moves go back to, and a subtraction-free elimination
//     solves those: time squares·e·m + m³, memory squares·(m+2) floats. The
//     fastest while m and the rows stay small.
//   - viaBand, the banded elimination (choose.go): square by square within a
//     window of columns, for boards whose turns end near where they start:
//     time about squares·forward·back, whatever the length of the game.
//   - viaGMRES, GMRES over the m unknowns (gmres.go), each step one sweep of
//     the board: memory linear in the squares, time a sweep a step.
//
// pick makes the choice for every question, in that order, from the
// unknowns and rows of the structured elimination and the steps of the
// band. Two kinds of callers ask it: the insights of a chain (choose, for
// ExpectedFrom, Variance, Visits, Jumps), and ExpectedTurns alone
// (expectedTurns), whose own structured elimination (expected.go,
// expected.go) counts the unknowns of the squares the start reaches
// from the chain in throw form, or from the board for one fair die, and
// whose band is tried only once a lower bound of its work and its
// compile's from the rules alone fits. Under a die of intervalsFrom faces
// or more, whose turns cost as much to take as the solves, ExpectedTurns
// counts the unknowns and the band's least work from the board
// (faircost.go) before any turn is taken.

// method is how a fundamental's equations are solved.
type method int8

const (
	unchosen method = iota
	viaElimination
	viaBand
	viaGMRES
)

// The thresholds are the limits' (rules.go): the structured elimination
// takes at most denseUpTo unknowns (256) and denseBytes of rows (32 MiB,
// unless it has at most 4 unknowns), past which the band or GMRES is faster
// as well as smaller; the band takes at most bandUpTo steps (MaxWork, a few
// seconds).

// Dense reports whether the structured elimination suits f's board: few
// unknowns, rows within denseBytes, and its work within the bound (past
// it, on a die of thousands of faces, the band or GMRES may still answer).
func (f *Fundamental) Dense() bool {
	return denseFits(f.g, len(f.sq), int(f.g.Last)+1)
}

// Unknowns returns how many squares of f's board moves go back to: the
// unknowns its structured elimination solves for.
func (f *Fundamental) Unknowns() int { return len(f.sq) }

// denseFits reports whether the structured elimination of g with m
// unknowns and rows rows of them suits: at most denseUpTo unknowns, rows
// within denseBytes (unless there are at most 4 unknowns), its work within
// the bound. Each grows with m, so that it holds for no more unknowns than
// a board's least count where it fails for that count.
func denseFits(g *model.Game, m, rows int) bool {
	lim := g.Lim
	return m <= lim.DenseUpTo && (rows*(m+2)*8 <= lim.DenseBytes || m <= 4) && StructuredWork(g, float64(m)) <= lim.Work
}

// StructuredWork is what the structured elimination of g with m unknowns
// costs in steps: every end of every turn adds a row of m+2 numbers (a
// fair die's rolls are not merged by square), and the elimination of the
// unknowns is m³. Past the work bound the band or GMRES is tried instead.
func StructuredWork(g *model.Game, m float64) float64 {
	return g.TurnWork()*(m+2) + m*m*m
}

// bandFits reports whether the banded elimination of g fits its bounds:
// at most bandUpTo steps and MaxBytes.
func bandFits(g *model.Game, steps, bytes float64) bool {
	return steps <= g.Lim.BandUpTo && bytes <= g.Lim.Bytes
}

// pick is the one choice of a method for a game's equations, for every
// question: the structured elimination when its m unknowns over rows rows
// fit (denseFits), else the band when band lays it out within bandUpTo
// steps and MaxBytes (band is called only then), else GMRES.
func pick(g *model.Game, m, rows int, band func() (steps, bytes float64)) method {
	if denseFits(g, m, rows) {
		return viaElimination
	}
	if steps, bytes := band(); bandFits(g, steps, bytes) {
		return viaBand
	}
	return viaGMRES
}

// choose picks the method for f's board, once.
func (f *Fundamental) choose() method {
	if f.how == unchosen {
		f.how = pick(f.g, len(f.sq), int(f.g.Last)+1, f.layBand)
	}
	return f.how
}

// ExpectedTurns is ExpectedTurns, stopping with ctx's error once ctx is
// done: pick's method for the unknowns of its own structured elimination.
//
// Moves only go forward except along snakes (and bounces), so the equations
// reduce to one unknown per square that some move goes back to. The
// structured elimination sweeps from the last square down, writing every
// square's expectation as an affine function of those unknowns, and solves
// them without subtraction (Grassmann–Taksar–Heyman); a row gains e
// entries a square (under Again, the totals but Again plus one a square a
// run of Again throws goes on from: 8 under Enter 6, Again 6, AgainLimit
// 3, where a run that takes a snake adds one unknown, not one per square
// its throws reach). The band keeps each square's row within a window from
// the lowest square its turns or those of the squares ahead of it go back
// to, up to the highest its own turns reach (a 100×100 board with every
// jump within 300 squares: under 0.3 s). GMRES solves the unknowns, each
// step one sweep of the board, and its answer is checked by its residual
// on every square, which bounds its relative error since (I − Q)⁻¹ is
// non-negative.
func ExpectedTurns(ctx context.Context, r model.Rules, b *grid.Squares) (float64, error) {
	g, err := model.Playable(r, b)
	if err != nil {
		return 0, err
	}
	// Either solve takes every roll from every square.
	if err := g.CheckRolls(); err != nil {
		return 0, err
	}
	if g.Start == g.Last {
		return 0, nil
	}
	if g.Eff != nil { // a turn that branches has no run to follow: the insights' solve, by turns
		return expectedByTurns(ctx, r, b, g)
	}
	x := structuredPool.Get().(*structured)
	defer structuredPool.Put(x) // its squares reached serve sweepExpected too
	// Its tables are dropped when it returns, and a solve it compiles
	// afresh (the band's) counts with them; the account, unless a
	// caller's, is kept with the pooled buffers.
	if g.Mem == nil {
		x.mem.Reset(g.Lim.Bytes)
		g.Mem = &x.mem
	}
	defer g.Mem.Back(g.Mem.Held())
	r.Mem = g.Mem
	m, rows, err := x.number(ctx, &g)
	if err != nil {
		return 0, err
	}
	var band *Fundamental // what the band compiled, if pick tried it
	defer func() {
		if band != nil {
			band.Release()
		}
	}()
	var bandSteps float64
	how := pick(&g, m, rows, func() (steps, bytes float64) {
		band, steps, bytes, err = layExpectedBand(ctx, r, b, &g)
		bandSteps = steps
		return steps, bytes
	})
	switch {
	case err != nil:
		return 0, err
	case how == viaElimination:
		// Its multiply-adds run in tight loops over rows, 8 to a step.
		if err := g.Spend(StructuredWork(&g, float64(m))/model.JumpsPerStep, "the structured elimination"); err != nil {
			return 0, err
		}
		return x.solve(ctx, &g, m, rows)
	case how == viaBand:
		if err := g.Spend(g.CompileWork()+bandSteps, "the banded elimination"); err != nil {
			return 0, err
		}
		return bandValue(ctx, band, g)
	}
	if band != nil {
		band.Release() // before GMRES takes its memory
		band = nil
	}
	return sweepExpected(ctx, g, x.backs) // by value: only that path moves g to the heap
}

// expectedByTurns is ExpectedTurns of g, the game of b under r, by the
// insights' one choice of solve over the table of turns (the structured
// elimination, the band or GMRES): for a game whose turns branch.
func expectedByTurns(ctx context.Context, r model.Rules, b *grid.Squares, g model.Game) (float64, error) {
	f, _, err := Insight(ctx, r, b)
	if err != nil {
		return 0, err
	}
	defer f.Release()
	if err := f.fromStart(); err != nil {
		return 0, err
	}
	if err := f.solveValues(); err != nil {
		return 0, err
	}
	e := f.Values[g.Start]
	if math.IsInf(e, 0) || math.IsNaN(e) {
		return 0, errBeyondFloat64(ctx, g, nil)
	}
	return e, nil
}

// What follows solves the equations of boards whose moves mostly stay near the
// square they leave, as on a level whose snakes and ladders are short:
// such a board can have thousands of squares that moves go back to, too
// many for the structured elimination, and games long enough that GMRES
// needs more steps than it may take. Eliminated square by square from the
// top down, its equations keep each row within a window of columns: from
// the lowest square the row or anything it reaches forward goes back to,
// up to the highest square the row's own turns reach. The windows are
// found before the elimination (a skyline), so one long ladder widens only
// the rows it starts from, not every row.
//
// The elimination censors the chain (Grassmann–Taksar–Heyman): removing
// square k sends what went to k on to where k goes, in proportion, each
// row's divisor the sum of the weights that leave it. Nothing is
// subtracted, so every value keeps its relative precision however long
// the game. The factors it leaves (the multipliers, in the columns of the
// eliminated squares, and each row's divisor) solve further right-hand
// sides (Variance) and the transposed equations (Visits) in a pass over
// the windows each.

// layBand finds the windows of f's sure squares, for bandSolve, and
// returns what the banded elimination over them costs: its steps and its
// bytes. It stops early with +Inf steps once a lower bound of them passes
// bandUpTo, or once f's context is done (the caller's solve reports it).
// pick tries the band after the structured elimination and before
// GMRES, whose steps grow with the length of the game where the band's do
// not.
func (f *Fundamental) layBand() (steps, bytes float64) {
	g := f.g
	size := int(g.Last) + 1
	f.bandLo = linalg.Grow(f.bandLo, size)
	f.bandHi = linalg.Grow(f.bandHi, size)
	f.bandOff = linalg.Grow(f.bandOff, size+1)
	cover := linalg.Grow(f.sc.y, size+1) // cover[k]: the rows i < k whose window reaches k, as differences
	clear(cover)
	reach, drop := int32(0), int32(0) // the farthest a window reaches forward, and back
	forward := 0.0                    // the windows' reach forward, summed
	for v := int32(0); v < g.Last; v++ {
		lo, hi := v, v
		if f.Sure[v] {
			for _, e := range f.out(v) {
				if e.To != g.Last {
					lo, hi = min(lo, e.To), max(hi, e.To)
				}
			}
		}
		f.bandLo[v], f.bandHi[v] = lo, hi
		reach = max(reach, hi-v)
		cover[v+1]++
		cover[hi+1]--
		// The windows reaching forward are a lower bound of the work: a
		// board of long ladders is refused before the pass below, which
		// costs as much.
		if forward += float64(hi - v); forward > g.Lim.BandUpTo {
			return math.Inf(1), 0
		}
	}
	// Top down, a row's window reaches as low as those of the rows its
	// turns reach forward: eliminating them fills its row there. The
	// lowest among those rows comes from a tree of minima over the rows
	// done, so that a long ladder costs a logarithm rather than its length.
	low := linalg.NewMinTree(size)
	for k := g.Last - 1; k >= 0; k-- {
		if !f.Sure[k] {
			continue
		}
		if k&1023 == 0 && budget.Stopped(f.Ctx) != nil {
			return math.Inf(1), 0 // the caller's solve reports it
		}
		lo := min(f.bandLo[k], low.Min(k+1, f.bandHi[k]))
		f.bandLo[k] = lo
		low.Set(k, lo)
		drop = max(drop, k-lo)
	}
	f.ahead, f.behind = reach, drop
	cells, covering := 0, 0.0
	for k := int32(0); k < g.Last; k++ {
		f.bandOff[k] = cells
		cells += int(f.bandHi[k]-f.bandLo[k]) + 1
		covering += cover[k]
		steps += covering*float64(k-f.bandLo[k]+1) + float64(reach+drop)
	}
	f.bandOff[g.Last] = cells
	return steps, float64(cells)*8 + float64(size)*(4+4+8+8+8+8)
}

// BandReach is a lower bound of the banded elimination's work found from
// the rules alone, so that ExpectedTurns can pass a board of long jumps on
// to GMRES without building the tables the band needs: each square costs
// at least the rows whose turns reach over it times how far back its own
// turns go. One pass up the board, since the rows reaching over a square
// all start below it; it allocates the turns' scratch and 4 bytes a square.
// Once ctx is done it returns +Inf: no band, and the caller's next solve
// says why.
func BandReach(g *model.Game, ctx context.Context) float64 {
	cover := make([]int32, g.Last+2) // the rows reaching over each square, as differences
	sum, covering := 0.0, int32(0)
	span := func(v, lo, hi int32) bool {
		covering += cover[v]
		sum += float64(covering) * float64(v-lo+1)
		cover[v+1]++
		cover[hi+1]--
		return sum <= g.Lim.BandUpTo
	}
	if search.EndsPriced(g) {
		search.FairSpans(g, span) // from the board, in time linear in it
		return sum
	}
	ts := new(model.TurnScratch).Fit(int(g.Last) + 1)
	var ends []model.Edge
	for v := g.Start; v < g.Last; v++ {
		if v&1023 == 0 && budget.Stopped(ctx) != nil {
			return math.Inf(1)
		}
		lo, hi := v, v
		ends = g.Moves(v, ts, ends[:0])
		for _, e := range ends {
			if e.To != g.Last {
				lo, hi = min(lo, e.To), max(hi, e.To)
			}
		}
		if !span(v, lo, hi) {
			break
		}
	}
	return sum
}

// bandAt returns the index in f.band of square i's column j.
func (f *Fundamental) bandAt(i, j int32) int {
	return f.bandOff[i] + int(j-f.bandLo[i])
}

// covering calls each with the sure rows i < k whose window reaches k.
func (f *Fundamental) covering(k int32, each func(i int32)) {
	for i := k - 1; i >= max(k-f.ahead, 0); i-- {
		if f.Sure[i] && f.bandHi[i] >= k {
			each(i)
		}
	}
}

// bandSolve eliminates the sure squares' equations and sets f.values to N·b
// (b ≡ 1 when rhs is nil), 0 on the last square and +Inf off the sure
// squares, as solve does. layBand must have laid out its windows. It stops
// with f.ctx's error once that is done.
func (f *Fundamental) bandSolve(rhs []float64) error {
	g := f.g
	size := int(g.Last) + 1
	if need := 8 * (float64(f.bandOff[g.Last]) + 3*float64(size)); need > f.rowsTook {
		if !f.take(need - f.rowsTook) {
			return g.TooBig(need-f.rowsTook, "the banded elimination of %d squares", g.Top)
		}
		f.rowsTook = need
	}
	f.band = linalg.Grow(f.band, f.bandOff[g.Last])
	clear(f.band)
	f.bandExit = linalg.Grow(f.bandExit, size)
	f.div = linalg.Grow(f.div, size)
	r := linalg.Grow(f.rhs2, size)
	clear(f.bandExit)
	for v := int32(0); v < g.Last; v++ {
		r[v] = 0
		if !f.Sure[v] {
			continue
		}
		for _, e := range f.out(v) {
			switch e.To {
			case v: // a turn that stays: it leaves neither side
			case g.Last:
				f.bandExit[v] += e.N
			default:
				f.band[f.bandAt(v, e.To)] += e.N
			}
		}
		r[v] = g.Dice.Den
		if rhs != nil {
			r[v] *= rhs[v]
		}
	}
	steps := 0
	for k := g.Last - 1; k >= 0; k-- {
		if !f.Sure[k] {
			continue
		}
		lo := f.bandLo[k]
		rowK := f.band[f.bandAt(k, lo):f.bandAt(k, k)] // its columns below k, the live ones
		if steps += len(rowK) * int(f.ahead+1); steps > budget.CheckEvery {
			if err := budget.Stopped(f.Ctx); err != nil {
				return err
			}
			steps = 0
		}
		d := f.bandExit[k]
		for _, a := range rowK {
			d += a
		}
		f.div[k] = d
		f.covering(k, func(i int32) {
			at := f.bandAt(i, k)
			c := f.band[at]
			if c == 0 {
				return
			}
			m := c / d
			f.band[at] = m // the multiplier, for further right-hand sides
			linalg.AddScaled(f.band[f.bandAt(i, lo):f.bandAt(i, k)], rowK, m)
			f.bandExit[i] += m * f.bandExit[k]
			r[i] += m * r[k]
		})
	}
	f.rhs2 = r
	f.Values = linalg.Grow(f.Values, size)
	f.bandBack(r, f.Values)
	return nil
}

// bandBack back-substitutes the eliminated right-hand side r into out, from
// the bottom of the board up.
func (f *Fundamental) bandBack(r, out []float64) {
	g := f.g
	for k := int32(0); k < g.Last; k++ {
		if !f.Sure[k] {
			out[k] = 0
			if !f.absorb {
				out[k] = math.Inf(1)
			}
			continue
		}
		lo := f.bandLo[k]
		t := r[k]
		for j, a := range f.band[f.bandAt(k, lo):f.bandAt(k, k)] {
			if a != 0 {
				t += a * out[lo+int32(j)]
			}
		}
		out[k] = t / f.div[k]
	}
	out[g.Last] = 0
}

// bandAgain sets out to N·rhs on every square, reusing bandSolve's
// elimination: the multipliers carry rhs down, then it is substituted back.
func (f *Fundamental) bandAgain(rhs, out []float64) {
	g := f.g
	r := linalg.Grow(f.sc.y, int(g.Last)+1)
	for v := int32(0); v < g.Last; v++ {
		r[v] = 0
		if f.Sure[v] {
			r[v] = rhs[v] * g.Dice.Den
		}
	}
	for k := g.Last - 1; k >= 0; k-- {
		if !f.Sure[k] || r[k] == 0 {
			continue
		}
		f.covering(k, func(i int32) { r[i] += f.band[f.bandAt(i, k)] * r[k] })
	}
	f.sc.y = r
	f.bandBack(r, out)
}

// bandVisits sets out to the start's row of N, the expected turns that
// start on each square, by the transposed equations: with the elimination
// as A = L·U in its order (top down), Uᵀz = e_start from the top down,
// then Lᵀy = z from the bottom up, every term non-negative.
func (f *Fundamental) bandVisits(out []float64) {
	g := f.g
	clear(out)
	z := out
	z[g.Start] = g.Dice.Den // A = dice.den·(I − Q)
	for j := g.Last - 1; j >= 0; j-- {
		if !f.Sure[j] {
			z[j] = 0
			continue
		}
		s := z[j]
		for k := j + 1; k <= min(j+f.behind, g.Last-1); k++ {
			if f.Sure[k] && z[k] != 0 && f.bandLo[k] <= j {
				s += f.band[f.bandAt(k, j)] * z[k]
			}
		}
		z[j] = s / f.div[j]
	}
	for k := int32(0); k < g.Last; k++ {
		if !f.Sure[k] {
			continue
		}
		y := z[k]
		f.covering(k, func(i int32) {
			if out[i] != 0 {
				y += f.band[f.bandAt(i, k)] * out[i]
			}
		})
		out[k] = y
	}
	out[g.Last] = 0
}
