package walk

import (
	"context"
	"math"
	"slices"

	"github.com/snakesladders/snakes/internal/errs"
	"github.com/snakesladders/snakes/internal/grid"
	"github.com/snakesladders/snakes/internal/linalg"
	"github.com/snakesladders/snakes/internal/model"
	"github.com/snakesladders/snakes/internal/search"
	"github.com/snakesladders/snakes/internal/solve"
)

// This file is the walk: the chances of where one player's token may be,
// moved turn by turn over a chain's turns (or, under one wide fair die,
// by intervals with no table of turns), with what it costs and allocates,
// its budget, and its look for a settled geometric tail. figures.go and
// race.go read figures from it.

// Walk follows where one player's token may be, turn by turn, over a
// chain's turns.
type Walk struct {
	solve.Sweep
	FM       *fairMoves // when set, the turns go by intervals, not by C's table
	Mass     []float64
	next     []float64 // after a turn: the mass before it
	Left     float64   // chance of not having finished, kept as 1 − Σ finished
	Alive    float64   // chance of not having finished but still being able to
	AliveLow float64   // what alive, a compensated sum, rounded away
	Finished float64   // chance of having finished on the latest turn

	Trap  int32 // a square the token can reach with no way on, or -1
	Turns int
}

// chainWalk is newWalk over the chain compiled returns, compiled afresh
// when compiled is nil.
func chainWalk(ctx context.Context, g *model.Game, compiled func() (*model.Chain, error)) (*Walk, error) {
	if err := g.CheckRolls(); err != nil {
		return nil, err
	}
	if compiled == nil {
		compiled = func() (*model.Chain, error) {
			c := new(model.Chain)
			return c, c.Compile(ctx, g)
		}
	}
	c, err := compiled()
	if err != nil {
		return nil, err
	}
	return walkOn(ctx, c, g.CompileWork())
}

// PlayWalk returns a walk from g's start for a random-play figure, which
// stops once ctx is done: the one choice of how they move, by intervals
// where g's walks go so (by intervals, over the classes kept returns, found
// afresh when it is nil), else over the chain compiled returns (see
// chainWalk).
func PlayWalk(ctx context.Context, g *model.Game, compiled func() (*model.Chain, error), kept func() (*FairClasses, error)) (*Walk, error) {
	if err := CheckPlay(g); err != nil {
		return nil, err
	}
	if WalksByIntervals(g) {
		shared := kept != nil // else the classes are the walk's own
		if !shared {
			kept = func() (*FairClasses, error) { return NewFairClasses(g) }
		}
		cl, err := kept()
		if err != nil {
			return nil, err
		}
		return fairWalkOn(ctx, g, cl, shared)
	}
	return chainWalk(ctx, g, compiled)
}

// CheckPlay refuses a game whose walks for the random-play figures, as
// PlayWalk makes them, would pass the work bound before a turn is taken:
// a walk over the chain takes every turn from every square.
func CheckPlay(g *model.Game) error {
	if WalksByIntervals(g) {
		return nil
	}
	return g.CheckRolls()
}

// walkOn returns a walk over c's turns from the start, having spent work
// steps, or the error of the memory bound.
func walkOn(ctx context.Context, c *model.Chain, work float64) (*Walk, error) {
	g := c.G
	size := int(g.Last) + 1
	if bytes := 16 * float64(size); !g.Take(bytes) {
		return nil, g.TooBig(bytes, "following random play on %d squares", g.Top)
	}
	c.FromStart()
	w := &Walk{Sweep: solve.Sweep{G: g, C: c, Share: 1 / g.Dice.Den, Ctx: ctx, Reached: c.Reached, Work: work},
		Mass: make([]float64, size), next: make([]float64, size), Trap: c.Trap}
	if g.Start == g.Last {
		w.Finished = 1
	} else {
		w.Mass[g.Start], w.Left = 1, 1
		if c.CanFinish[g.Start] {
			w.Alive = 1
		}
	}
	return w, nil
}

// From returns a new walk over the same moves, From square s: the token
// starts a turn there; or the error of the memory bound.
func (w *Walk) From(s int32) (*Walk, error) {
	if bytes := 17 * float64(len(w.Mass)); !w.G.Take(bytes) {
		return nil, w.G.TooBig(bytes, "following random play from square %d", w.G.Square(s))
	}
	v := *w
	v.Mass, v.next = make([]float64, len(w.Mass)), make([]float64, len(w.Mass))
	v.Finished, v.Left, v.Alive, v.AliveLow, v.Turns = 0, 0, 0, 0, 0
	switch {
	case s == w.G.Start:
	case w.FM != nil:
		v.Reached, v.Trap = w.fairFrom(s)
	default:
		v.Reached = make([]bool, len(w.Mass))
		v.Trap = w.C.Explore(s, v.Reached, nil)
	}
	if w.FM != nil {
		fm, err := newFairMoves(w.G) // scratch of its own
		if err != nil {
			return nil, err
		}
		v.FM = fm
	}
	if s == w.G.Last {
		v.Finished = 1
	} else {
		v.Mass[s], v.Left = 1, 1
		if w.C.CanFinish[s] {
			v.Alive = 1
		}
	}
	return &v, nil
}

// out returns the edges leaving square v.
func (w *Walk) out(v int32) []model.Edge { return w.C.Out(v) }

// Turn advances one Turn and returns the chance of finishing on it.
func (w *Walk) Turn() float64 {
	last := w.G.Last
	if w.FM != nil {
		w.Work += w.FM.turn(w.Mass, w.next)
	} else {
		clear(w.next)
		for v, p := range w.Mass[:last] {
			if p == 0 {
				continue
			}
			p *= w.Share
			out := w.out(int32(v))
			for _, e := range out {
				w.next[e.To] += p * e.N
			}
			w.Work += w.C.Cost[v]
		}
	}
	w.Mass, w.next = w.next, w.Mass
	w.Finished = w.Mass[last]
	w.Mass[last] = 0
	// left is not summed from the mass but carried down by what finishes,
	// so that left before a turn minus left after it is exactly what
	// finished on it: the race's terms then telescope, and their sum stays
	// 1 over millions of turns instead of gathering a rounding error a turn.
	w.Left = max(w.Left-w.Finished, 0)
	// A chance below 2⁻⁶⁰⁰ of what was still playing is dropped: it adds
	// nothing any figure can show, and left to fade it turns subnormal,
	// whose arithmetic is a hundred times slower (a die of 65536 faces on
	// 900 squares: 56 µs a turn instead of 5).
	tiny := w.Alive * 0x1p-600
	var alive linalg.Sum
	for v, p := range w.Mass {
		if p < tiny {
			w.Mass[v], p = 0, 0
		}
		if w.C.CanFinish[v] {
			alive.Add(p)
		}
	}
	w.Alive, w.AliveLow = alive.Split()
	w.Turns++
	w.Work += 2*float64(last) + turnOverhead
	return w.Finished
}

// ReachedSquares counts the squares of reached but the last: those a
// quantile's powers of the turn matrix would take (quantiles.go).
func ReachedSquares(g *model.Game, reached []bool) int {
	n := 0
	for v, ok := range reached {
		if ok && int32(v) != g.Last {
			n++
		}
	}
	return n
}

// turnOverhead is what a turn of a walk costs besides its moves and its
// squares (two steps each: the mass cleared, moved and summed with
// compensation), in steps: the tail's logarithm and the turn's own
// bookkeeping, about 100 ns here, as long as some 50 steps. On a board of a few squares it is
// most of a turn, and a game of 10⁹ turns there is refused within seconds
// instead of minutes.
const turnOverhead = 64

// tailTolerance bounds, in absolute terms, how far the geometric tail that
// geometric returns may be from any chance it stands for.
const tailTolerance = 1e-14

// Geometric reports whether, after the latest turn, the game has settled
// into its Geometric tail: the mass m after the turn is, square by square,
// λ times the mass before it, where λ is the chance of not finishing on a
// turn. From then on the chance of finishing on each later turn is
// (1−λ)·λ^j·left. Writing δ for Σ|m − λ·m_before|, every later mass vector
// is within δ/(1−λ) of that model (a turn moves an error no further than
// its size), and so is every chance; Geometric answers true only when that
// bound is below tailTolerance. It answers false on boards where the token
// can be trapped, whose unfinished mass does not vanish.
func (w *Walk) Geometric() (lambda float64, ok bool) {
	if w.Trap >= 0 || w.Left == 0 || w.Finished == 0 {
		return 0, false
	}
	var now, before float64
	for v, p := range w.Mass {
		now += p
		before += w.next[v]
	}
	if before == 0 {
		return 0, false
	}
	ratio := now / before
	delta := 0.0
	for v, p := range w.Mass {
		delta += math.Abs(p - ratio*w.next[v])
	}
	w.Work += 2 * float64(len(w.Mass))
	// 1 − λ is the chance of finishing on a turn from where the mass was:
	// computed from the finishing chance, it loses nothing to cancellation.
	gap := w.Finished / (w.Left + w.Finished)
	if gap <= 0 || delta/gap > tailTolerance {
		return 0, false
	}
	return w.Left / (w.Left + w.Finished), true
}

// SettledEvery is how often, in turns, the walks look for the geometric tail.
const SettledEvery = 8

// Budget reports ErrTooLarge once the walk has taken more than MaxWork
// steps, or its game's meter is past its bound; it also reports the
// context's error once the walk's context is done, looking every
// budget.CheckEvery steps.
func (w *Walk) Budget() error {
	if w.Work > w.G.Lim.Work {
		return errs.Errorf(errs.ErrTooLarge, "games last too long to evaluate: after %d turns %.3g%% of games are still going, and following them further would take over %.3g steps%s", w.Turns, 100*w.Left, w.G.Lim.Work, w.G.WorkName())
	}
	return w.Charge("following random play")
}

// PlayWalkOn returns a walk on b under r for a random-play figure, which
// stops once ctx is done.
func PlayWalkOn(ctx context.Context, r model.Rules, b *grid.Squares) (*Walk, error) {
	g, err := model.Playable(r, b)
	if err != nil {
		return nil, err
	}
	return PlayWalk(ctx, &g, nil, nil)
}

// What follows moves a walk's chances a turn on under one wide fair die by
// intervals, with no table of turns: the rolls from a square land on a run
// of squares, so what lands on a square is a sum over a window of the
// squares before it, and a turn takes time linear in the squares whatever
// the faces. The walks of LengthDistribution, Quantile, ModeTurns and the
// races go this way on a board of more than powersMax squares under a fair
// die of intervalsFrom faces or more (walksByIntervals; playWalk chooses):
// a die of 65536 faces on 10⁴ squares, whose table alone would take 10¹⁰
// steps, walks a turn in 6·10⁴.

// WalksByIntervals reports whether g's walks move by intervals: on fewer
// squares the powers of the turn matrix and the product races, which read
// the table, answer what a walk cannot, and the table costs little.
func WalksByIntervals(g *model.Game) bool { return search.FairPriced(g) && g.Last > powersMax }

// fairMoves moves a walk's chances by intervals. Its slices are scratch
// space of one walk.
type fairMoves struct {
	g        *model.Game
	sums     []float64 // per square (per place on the fold's line under Bounce): its window's sum
	suffix   []float64 // windows' scratch
	line     []float64 // under Bounce: the chances laid along the fold's period
	period   int       // under Bounce: 2·(last−1), the squares of one fold and back
	width    int       // the window: the faces, or under Bounce the faces past whole periods
	wrapping float64   // under Bounce: the whole periods the faces go round
}

// newFairMoves returns the moves of g, a game whose walks go by
// intervals, or the error of the memory bound.
func newFairMoves(g *model.Game) (*fairMoves, error) {
	m := &fairMoves{g: g, width: int(g.Faces)}
	n, lines := int(g.Last), 2
	if g.Over == model.Bounce {
		m.period = 2 * (int(g.Last) - 1)
		m.width = int(g.Faces) % m.period
		m.wrapping = float64(int(g.Faces) / m.period)
		n, lines = m.period+max(m.width-1, 0), 3
	}
	if bytes := 8 * float64(lines*n); !g.Take(bytes) {
		return nil, g.TooBig(bytes, "following random play on %d squares", g.Top)
	}
	if lines == 3 {
		m.line = make([]float64, n)
	}
	m.sums, m.suffix = make([]float64, n), make([]float64, n)
	return m, nil
}

// turn moves the chances in mass a turn on into next, mass[last] being
// 0, and returns what that cost in steps.
func (m *fairMoves) turn(mass, next []float64) float64 {
	g := m.g
	last, faces := int(g.Last), int(g.Faces)
	share := 1 / float64(faces)
	clear(next)
	if g.Over == model.Bounce {
		return m.folded(mass, next, share)
	}
	// A roll from v lands on t in (v, v+faces]: what lands on t comes from
	// the window of squares [t-faces, t-1].
	windows(mass[:last], m.width, m.sums, m.suffix)
	for t := 1; t <= last; t++ {
		next[g.Land(int32(t))] += m.sums[t-1] * share
	}
	// The v+faces-last rolls from v past the last square.
	for v := max(last-faces+1, 0); v < last; v++ {
		p := mass[v] * float64(v+faces-last) * share
		if g.Over == model.Finish {
			next[last] += p
		} else {
			next[v] += p // Stay
		}
	}
	return fairMoveSteps * float64(last)
}

// folded is turn under Bounce. A roll from v reaches position t = v+roll
// of a ball going back and forth between squares 1 and last, whose place
// k = (t−1) mod period is square k+1 on the way out and period−k+1 on the
// way back. The faces' places from v are every place wrapping times and
// the width of them from v's own place v on; what reaches place k from
// the rolls of that width comes from the window of places [k−width+1, k]
// round the period, which line lays out straight.
func (m *fairMoves) folded(mass, next []float64, share float64) float64 {
	g := m.g
	last, period, width := int(g.Last), m.period, m.width
	whole := 0.0 // what every place gets of the whole periods
	if m.wrapping > 0 {
		var all linalg.Sum
		for _, p := range mass[:last] {
			all.Add(p)
		}
		whole = m.wrapping * all.Value()
	}
	if width > 0 {
		// line[i] is the chance at place i−(width−1) round the period: the
		// squares 0..last-1 at their own places, nothing on the way back.
		for i := range m.line {
			k := (i - (width - 1) + period) % period
			m.line[i] = 0
			if k < last {
				m.line[i] = mass[k]
			}
		}
		windows(m.line, width, m.sums, m.suffix)
	}
	for k := range period {
		p := whole
		if width > 0 {
			p += m.sums[k+width-1]
		}
		t := k + 1
		if k >= last {
			t = period - k + 1
		}
		next[g.Land(int32(t))] += p * share
	}
	return fairMoveSteps * float64(len(m.line)+period)
}

// fairMoveSteps is what moving the chances by intervals costs a square
// (a place, under Bounce), in steps.
const fairMoveSteps = 4

// fairWalkStart is what a walk by intervals has spent before its first
// turn: the searches of its classes.
func fairWalkStart(g *model.Game) float64 { return 8 * (float64(g.Last) + 1) }

// windows sets out[i] to the sum of src[i−width+1..i] (from 0 near the
// start) for every i, width ≥ 1: by blocks of width, each window the end
// of one block from its start and the rest of the block before, so that
// every sum is of non-negative terms with nothing subtracted to cancel.
// suffix is scratch as long as src.
func windows(src []float64, width int, out, suffix []float64) {
	n := len(src)
	for lo := 0; lo < n; lo += width {
		hi := min(lo+width, n)
		s := 0.0
		for i := lo; i < hi; i++ {
			s += src[i]
			out[i] = s
		}
		s = 0
		for i := hi - 1; i >= lo; i-- {
			s += src[i]
			suffix[i] = s
		}
	}
	for i := width; i < n; i++ {
		if from := i - width + 1; from%width != 0 {
			out[i] += suffix[from]
		}
	}
}

// FairClasses are the classes of the squares of a game whose walks go by
// intervals: those the start reaches, those that can finish, and a trap.
type FairClasses struct {
	Reached, can []bool
	Trap         int32
}

// NewFairClasses returns the classes of g's squares, from the searches of
// faircost.go.
func NewFairClasses(g *model.Game) (*FairClasses, error) {
	if bytes := 2 * float64(g.Last+1); !g.Take(bytes) {
		return nil, g.TooBig(bytes, "the classes of %d squares", g.Top)
	}
	reached, err := search.FairReached(g, nil)
	if err != nil {
		return nil, err
	}
	can := search.FairCan(g)
	return &FairClasses{Reached: reached, can: can, Trap: fairTrap(reached, can)}, nil
}

// fairWalkOn returns a walk of g from its start that moves by intervals
// over the classes cl, copied where shared, and stops once ctx is done;
// the caller has checked its memory (checkPlay). Its chain has the
// classes and no table of turns until one is needed (walk.table), which
// may compile over them.
func fairWalkOn(ctx context.Context, g *model.Game, cl *FairClasses, shared bool) (*Walk, error) {
	reached, can := cl.Reached, cl.can
	if shared {
		if bytes := 2 * float64(len(reached)); !g.Take(bytes) {
			return nil, g.TooBig(bytes, "the classes of %d squares", g.Top)
		}
		reached, can = slices.Clone(reached), slices.Clone(can)
	}
	c := &model.Chain{G: g, CanFinish: can, Reached: reached, Trap: cl.Trap, Explored: true}
	w, err := walkOn(ctx, c, fairWalkStart(g))
	if err != nil {
		return nil, err
	}
	w.FM, err = newFairMoves(g)
	return w, err
}

// fairTrap returns the lowest square in reached that cannot finish, or -1.
func fairTrap(reached, can []bool) int32 {
	for v, ok := range reached {
		if ok && !can[v] {
			return int32(v)
		}
	}
	return -1
}

// fairFrom is walk.from's search for a walk by intervals: the squares a
// turn from s reaches, and the lowest among them that cannot finish.
func (w *Walk) fairFrom(s int32) (reached []bool, trap int32) {
	g := *w.G
	g.Start = s
	reached, err := search.FairReached(&g, nil)
	if err != nil { // past the memory bound, which the walk's start passed
		return w.Reached, w.Trap
	}
	return reached, fairTrap(reached, w.C.CanFinish)
}

// FewReached reports whether a turn from s reaches at most raceDenseMax
// squares: else the states of a product race, each of which holds k of
// them and among which the first player's every square turns up, are
// more than raceDenseMax/k, and a walk by intervals need not compile its
// table to find that out.
func (w *Walk) FewReached(s int) bool {
	reached := w.Reached
	if int32(s) != w.G.Start {
		reached, _ = w.fairFrom(int32(s))
	}
	n := 0
	for _, ok := range reached {
		if ok {
			n++
		}
	}
	return n <= RaceDenseMax
}

// Table returns whether w's chain has its Table of turns, which the
// solves of the tail, the powers and the product races read: a walk by
// intervals compiles it when it fits the bounds with then more steps to
// spend, counting its work.
func (w *Walk) Table(then float64) bool {
	c := w.C
	if c.First != nil {
		return true
	}
	g := w.G
	work := g.CompileWork()
	if w.Work+work+then > g.Lim.Work {
		return false
	}
	if err := c.Compile(w.Ctx, g); err != nil {
		c.First = nil
		return false
	}
	w.Work += work
	return true
}

// RaceDenseMax is the most unknowns the product chain is eliminated over:
// 640, 3.3 MB and about 10⁸ multiply-adds, a few tens of milliseconds.
const RaceDenseMax = 640
