package solve

import (
	"context"
	"math"
	"slices"

	"github.com/snakesladders/snakes/internal/budget"
	"github.com/snakesladders/snakes/internal/errs"
	"github.com/snakesladders/snakes/internal/grid"
	"github.com/snakesladders/snakes/internal/linalg"
	"github.com/snakesladders/snakes/internal/model"
)

// This file is what a board does, from one solve: ExpectedFrom, Variance,
// Visits and Jumps, as Rules methods and as the fundamental's own, which
// an Analysis shares.

// Insight returns a pooled fundamental for b under r, classified, its
// unknowns found, after checking the bounds, and its game; the caller
// hands it back with release. Its solves stop once ctx (when not nil) is
// done.
func Insight(ctx context.Context, r model.Rules, b *grid.Squares) (*Fundamental, *model.Game, error) {
	f := FundamentalPool.Get().(*Fundamental)
	f.Ctx = ctx
	if r.Mem == nil { // the call's memory, kept with the pooled tables
		lim := r.Lim
		if lim == nil {
			lim = &model.DefaultLimits
		}
		f.account.Reset(lim.Bytes)
		r.Mem = &f.account
	}
	g, err := insightInto(r, b, f)
	if err != nil {
		f.Release()
		return nil, nil, err
	}
	return f, g, nil
}

// insightInto readies f for b under r as insight does, compiling f's own
// chain.
func insightInto(r model.Rules, b *grid.Squares, f *Fundamental) (*model.Game, error) {
	gv, err := model.Playable(r, b)
	if err != nil {
		return nil, err
	}
	if err := CheckInsight(&gv); err != nil {
		return nil, err
	}
	// The game lives in the fundamental, so that it is not allocated.
	f.Game = gv
	if err := f.compileOwn(&f.Game); err != nil {
		return nil, err
	}
	return &f.Game, InsightOn(f, &f.Own)
}

// Share makes f's solves stop once ctx is done and count their work on
// from work: a caller's, so that they spend its bound with it.
func (f *Fundamental) Share(ctx context.Context, work float64) {
	f.Ctx, f.work = ctx, work
}

// Work returns the steps f's bounded-memory solve has counted, from the
// work f was given; 0 where it made none.
func (f *Fundamental) Work() float64 {
	if f.sys == nil {
		return 0
	}
	return f.sys.w.Work
}

// CheckInsight refuses a game whose insights, whatever their solve, would
// pass the bounds: the fundamental's tables, or the work of classifying
// its squares, both known before they start. Every caller checks it
// before insightOn, and before compiling a chain of its own.
func CheckInsight(g *model.Game) error {
	if steps := g.CompileWork() + g.TurnWork()*4; steps > g.Lim.Work {
		return g.TooLong(steps, "classifying %d squares under throws of totals up to %d", g.Last, g.Faces)
	}
	return nil
}

// InsightOn readies f over the chain c, whose game checkInsight passed,
// after checking the bounds of the structured elimination when it is the
// one that suits c.
func InsightOn(f *Fundamental, c *model.Chain) error {
	g := c.G
	if err := f.Setup(c, false); err != nil {
		return err
	}
	f.work = g.CompileWork() // its solves count from the compiled turns, as a walk does
	return nil
}

// Release hands a fundamental back to the pool, without the slices of a
// bounded-memory solve, and not at all when its tables are large: the pool
// would keep them until the next collection or two, beside whatever the
// next call allocates.
func (f *Fundamental) Release() {
	if f.how == viaGMRES {
		f.Values, f.vis, f.sys = nil, nil, nil
	}
	f.Ctx, f.c, f.work = nil, nil, 0
	f.mem.Give(f.took)
	f.mem, f.took = nil, 0
	if 16*cap(f.Own.Edges)+8*cap(f.rows) > poolUpTo {
		return
	}
	FundamentalPool.Put(f)
}

// poolUpTo is the most memory of tables a fundamental may hold and go back
// to the pool: 64 MiB, boards of about 10⁵ squares.
const poolUpTo = 64 << 20

// system returns the bounded-memory solve over the squares f solves for.
func (f *Fundamental) system() (*system, error) {
	return newSystem(&Sweep{G: f.g, C: f.c, Share: 1 / f.g.Dice.Den, Reached: f.Sure, Ctx: f.Ctx, Work: f.work})
}

// solveValues sets f.values to the expected turns from every square, by
// the method choose picks, once: +Inf off the squares f solves for, 0 on
// the last.
func (f *Fundamental) solveValues() error {
	if f.solved {
		return nil
	}
	if err := f.solveFor(nil); err != nil {
		return err
	}
	f.solved = true
	return nil
}

// solveFor sets f.values to N·rhs (rhs nil: 1 on every square) by the
// method choose picks: +Inf off the squares f solves for, 0 on the last.
func (f *Fundamental) solveFor(rhs []float64) error {
	switch f.choose() {
	case viaElimination:
		return f.Solve(rhs)
	case viaBand:
		return f.bandSolve(rhs)
	}
	var err error
	if f.sys == nil {
		if f.sys, err = f.system(); err != nil {
			return err
		}
	}
	bc := 0.0
	if rhs == nil {
		bc = 1
	}
	y, err := f.sys.solve(rhs, bc)
	if err != nil {
		return err
	}
	for v := range y[:f.g.Last] {
		if !f.Sure[v] {
			y[v] = math.Inf(1)
		}
	}
	y[f.g.Last] = 0
	f.Values = y
	return nil
}

// SolveFor readies f over c, a chain of throws whose expected turns
// solve rhs (the turns each throw adds: model.Game.Chosen), and returns
// N·rhs on every square: +Inf where the token may never finish, 0 on the
// last. The structured elimination's work is charged to c's game's meter
// before it starts; the slice is f's, overwritten by its next solve.
func (f *Fundamental) SolveFor(c *model.Chain, rhs []float64) ([]float64, error) {
	// Setup takes its tables afresh: those of the last solve go back.
	f.mem.Give(f.took)
	f.took = 0
	if err := f.Setup(c, false); err != nil {
		return nil, err
	}
	if f.choose() == viaElimination {
		if err := f.g.Spend(StructuredWork(f.g, float64(len(f.sq))), "a solve of the expected turns"); err != nil {
			return nil, err
		}
	}
	if err := f.solveFor(rhs); err != nil {
		return nil, err
	}
	return f.Values, nil
}

// ExpectedFrom is [Rules.ExpectedFrom] on the model.
func ExpectedFrom(r model.Rules, b *grid.Squares) ([]float64, error) {
	f, _, err := Insight(context.Background(), r, b)
	if err != nil {
		return nil, err
	}
	defer f.Release()
	return f.ExpectedFrom()
}

// ExpectedFrom is ExpectedFrom of f's game, a new slice.
func (f *Fundamental) ExpectedFrom() ([]float64, error) {
	if err := f.solveValues(); err != nil {
		return nil, err
	}
	return slices.Clone(f.g.OnBoard(f.Values, false)), nil
}

// variance is Variance, copying into from, when not nil, the expected
// turns from every square that its first solve gives (ExpectedFrom's), for
// a caller that needs both.
func VarianceOf(r model.Rules, b *grid.Squares, from []float64) (float64, error) {
	f, _, err := Insight(context.Background(), r, b)
	if err != nil {
		return 0, err
	}
	defer f.Release()
	v, err := f.Variance()
	if err == nil {
		copy(from, f.Values)
	}
	return v, err
}

// fromStart refuses the figures of a game from the start where the player
// may not finish from there.
func (f *Fundamental) fromStart() error {
	if !f.Sure[f.g.Start] {
		return errs.Errorf(errs.ErrNeverFinishes, "from square %d the player can reach a square with no way on to the last", f.g.Start)
	}
	return nil
}

// Variance is Variance of f's game, from its one solve.
func (f *Fundamental) Variance() (float64, error) {
	if err := f.fromStart(); err != nil {
		return 0, err
	}
	if err := f.solveValues(); err != nil {
		return 0, err
	}
	g, t := f.g, f.Values
	// Within the elimination's bounds, N·dev at the start is the start's
	// row of N, its visits, against dev: a sum of products of non-negative
	// numbers over the squares a turn can start on, and the visits serve
	// Visits and Jumps after it.
	var vis []float64
	if f.how == viaElimination {
		var err error
		if vis, err = f.StartVisits(); err != nil {
			return 0, err
		}
	}
	var at linalg.Sum
	dev := linalg.Grow(f.rhs2, len(t))
	share := 1 / g.Dice.Den
	for v := int32(0); v < g.Last; v++ {
		if !f.Sure[v] || vis != nil && vis[v] == 0 {
			dev[v] = 0
			continue
		}
		mean := 0.0
		for _, e := range f.out(v) {
			mean += t[e.To] * e.N
		}
		mean *= share
		d := 0.0
		for _, e := range f.out(v) {
			d += (t[e.To] - mean) * (t[e.To] - mean) * e.N
		}
		dev[v] = d * share
		if vis != nil {
			at.Add(vis[v] * dev[v])
		}
	}
	dev[g.Last] = 0
	f.rhs2 = dev
	switch f.how {
	case viaGMRES:
		y, err := f.sys.solve(dev, 0)
		if err != nil {
			return 0, err
		}
		return y[g.Start], nil
	case viaBand:
		out := make([]float64, len(dev))
		f.bandAgain(dev, out)
		return out[g.Start], nil
	}
	return at.Value(), nil
}

// Visits is [Rules.Visits] on the model.
func Visits(r model.Rules, b *grid.Squares) ([]float64, error) {
	f, _, err := Insight(context.Background(), r, b)
	if err != nil {
		return nil, err
	}
	defer f.Release()
	return f.Visits()
}

// Visits is Visits of f's game, a new slice for each square.
func (f *Fundamental) Visits() ([]float64, error) {
	v, err := f.StartVisits()
	if err != nil {
		return nil, err
	}
	return slices.Clone(f.g.OnBoard(v, true)), nil
}

// StartVisits is Visits of f's game, kept in f.vis: the caller copies it.
func (f *Fundamental) StartVisits() ([]float64, error) {
	if f.visited {
		return f.vis, nil
	}
	if err := f.fromStart(); err != nil {
		return nil, err
	}
	if f.choose() == viaGMRES {
		if f.sys == nil {
			var err error
			if f.sys, err = f.system(); err != nil {
				return nil, err
			}
		}
		v, err := f.sys.visits()
		if err != nil {
			return nil, err
		}
		f.vis, f.visited = v, true
		return v, nil
	}
	if err := f.solveValues(); err != nil {
		return nil, err
	}
	out := linalg.Grow(f.vis, int(f.g.Last)+1)
	if f.how == viaBand {
		f.bandVisits(out)
	} else {
		f.visits(out)
	}
	f.vis, f.visited = out, true
	return out, nil
}

// JumpStats is what one jump does in games of one player, field for field
// the public JumpStats, whose doc says what each means.
type JumpStats struct {
	From, To int
	Taken    float64
	Chance   float64
	Effect   float64
}

// Jumps is [Rules.Jumps] on the model, each jump's figures as as makes
// them: the one slice it allocates in steady state.
func Jumps[J any](r model.Rules, b *grid.Squares, as func(JumpStats) J) ([]J, error) {
	f, _, err := Insight(context.Background(), r, b)
	if err != nil {
		return nil, err
	}
	defer f.Release()
	return JumpsOf(r, b, f, as)
}

// JumpsOf is Jumps from f, readied for b.
func JumpsOf[J any](r model.Rules, b *grid.Squares, f *Fundamental, as func(JumpStats) J) ([]J, error) {
	stats, err := jumpsOf(r, b, f)
	if err != nil {
		return nil, err
	}
	f.stats = stats // kept for the next call on f
	out := make([]J, len(stats))
	for i, s := range stats {
		out[i] = as(s)
	}
	return out, nil
}

// jumpsOf is the jumps' figures from f, readied for b, in f's own slice:
// within the structured solve's bounds it reads f's solve and visits, made
// once and kept for the other insights; past them it keeps rows in f
// (jumps.go), which then serves nothing else.
func jumpsOf(r model.Rules, b *grid.Squares, f *Fundamental) ([]JumpStats, error) {
	if err := f.fromStart(); err != nil {
		return nil, err
	}
	g := f.g
	size := int(g.Last) + 1 // the chain's states: the squares, and tokens waiting
	flat := b.Flat
	n := 0
	for from := 1; from <= int(g.Top); from++ {
		if to := int(flat[from]); to >= 0 && to != from {
			n++
		}
	}
	stats := slices.Grow(f.stats[:0], n)
	for from := 1; from <= int(g.Top); from++ {
		if to := int(flat[from]); to >= 0 && to != from {
			stats = append(stats, JumpStats{From: from, To: to})
		}
	}
	floor := 1e-14 // of the length: what the structured solve's Effects keep
	var visits []float64
	if f.Dense() {
		var err error
		if visits, err = f.StartVisits(); err != nil {
			return nil, err
		}
	} else {
		if err := keepRowsWithin(r, f, g, stats); err != nil {
			return nil, err
		}
		// The fresh solves go by GMRES there, and their differences keep
		// no better than twice ExpectedTurns' error: one is worth its
		// cost only where the formula may lose four times that.
		floor = 8 * rankOneError
		if err := f.Solve(nil); err != nil {
			return nil, err
		}
		visits = linalg.Grow(f.vis, size)
		f.visits(visits)
		f.vis = visits
	}
	// A jump's rank-one change moves its landings from its start to its
	// end: on a board with effects its end may give a throw or cost a
	// turn, which that change does not follow.
	if g.Again != 0 || r.Chain || g.Eff != nil {
		return stats, freshJumps(metered(r, g), b, g, f, visits, stats)
	}
	// landed[ℓ]: the expected number of throws per game that land on ℓ,
	// before any jump.
	landed := linalg.Grow(f.landed, size)
	clear(landed)
	share := 1 / g.Dice.Den
	for v := int32(0); v < g.Last; v++ {
		if visits[v] == 0 {
			continue
		}
		p := visits[v] * share
		if !g.Simple {
			for _, o := range g.Turn(v, f.Ts, 0) { // f.ts was fitted by prepare
				if g.Lands(&o) {
					landed[o.Landed] += p * o.P
				}
			}
			continue
		}
		top := min(v+g.Faces, g.Last)
		for l := v + 1; l <= top; l++ {
			landed[l] += p
		}
		if g.Over != model.Stay {
			for roll := top - v + 1; roll <= g.Faces; roll++ {
				l, _ := g.Beyond(v, roll)
				landed[l] += p
			}
		}
	}
	f.landed = landed
	fresh, err := jumpEffects(f, g, landed, stats, floor*f.Values[g.Start])
	if err != nil {
		return nil, err
	}
	if len(fresh) == 0 {
		return stats, nil
	}
	return stats, effectsWithout(f.Ctx, metered(r, g), b, stats, fresh, f.Values[g.Start])
}

// metered returns r whose solves share one meter of g's work bound, for
// the fresh solves of Jumps: each counts the work it does, and together
// they stop at the bound.
func metered(r model.Rules, g *model.Game) model.Rules {
	if r.Meter == nil {
		r.Meter = budget.NewMeter("the jumps' figures", g.Lim.Work, g.WorkName())
	}
	r.Mem = g.Mem // and their tables count with the call's
	return r
}

// effectsWithout sets the Effect of the jumps stats[i], i in fresh, by
// solving the board without each, of expected length e, their work
// counted by r's meter.
func effectsWithout(ctx context.Context, r model.Rules, b *grid.Squares, stats []JumpStats, fresh []int, e float64) error {
	for _, i := range fresh {
		effect, err := EffectWithout(ctx, r, b, stats[i].From, e)
		if err != nil {
			return err
		}
		stats[i].Effect = effect
	}
	return nil
}

// keepRowsWithin readies f for Jumps past the structured solve's bounds,
// with a row only where Jumps reads one (jumps.go), after checking the
// bounds of that solve.
func keepRowsWithin(r model.Rules, f *Fundamental, g *model.Game, stats []JumpStats) error {
	m := float64(len(f.sq))
	if g.Again != 0 || r.Chain {
		return errs.Errorf(errs.ErrTooLarge, "the jumps of a board with %.0f squares that moves go back to, under Chain or Again: Jumps solves the board without each jump there, and does so up to %d of them", m, g.Lim.DenseUpTo)
	}
	f.keepRows(stats) // the kept rows' slots given, their memory taken by the solve
	work := keptWork(f, g, len(stats))
	if work > g.Lim.JumpsWork {
		return errs.Errorf(errs.ErrTooLarge, "the jumps of a board with %.0f squares that moves go back to take about %.3g multiply-adds, over Jumps' bound of %.3g", m, work, g.Lim.JumpsWork)
	}
	return nil
}
