package engine

import (
	"context"

	"github.com/snakesladders/snakes/internal/grid"
	"github.com/snakesladders/snakes/internal/model"
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
//   - viaBand, the banded elimination (band.go): square by square within a
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
// expectedhouse.go) counts the unknowns of the squares the start reaches
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

// The thresholds are the limits' (limits.go): the structured elimination
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
	// The least either solve needs: a square's unknown index, its row of
	// two numbers, its bit in the search.
	if bytes := 21 * float64(g.Last); bytes > g.Lim.Bytes {
		return 0, g.TooBig(bytes, "the expected length on %d squares", g.Last)
	}
	// Either solve takes every roll from every square.
	if err := g.CheckRolls(); err != nil {
		return 0, err
	}
	if g.Start == g.Last {
		return 0, nil
	}
	x := structuredPool.Get().(*structured)
	defer structuredPool.Put(x) // its squares reached serve sweepExpected too
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
		if err := g.Spend(StructuredWork(&g, float64(m)), "the structured elimination"); err != nil {
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
