package engine

import (
	"context"
	"slices"

	"github.com/snakesladders/snakes/internal/linalg"
	"github.com/snakesladders/snakes/internal/model"
	"github.com/snakesladders/snakes/internal/search"
)

// This file moves a walk's chances a turn on under one wide fair die by
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

// fairMovesBytes is what newFairMoves allocates for g.
func fairMovesBytes(g *model.Game) float64 {
	n := float64(g.Last) + 1
	if g.Over == model.Bounce {
		n = 2 * 2 * float64(g.Last) // the line: a period and a window less than one
	}
	return 3 * 8 * n
}

// fairWalkBytes is what fairWalkOn allocates for g: the walk's chances, the
// moves' scratch, the classes of the squares and the searches for them.
func fairWalkBytes(g *model.Game) float64 {
	size := float64(g.Last) + 1
	return 16*size + fairMovesBytes(g) + 3*size + search.ThrowSearchBytes(g) + 16*size
}

// newFairMoves returns the moves of g, a game whose walks go by intervals.
func newFairMoves(g *model.Game) *fairMoves {
	m := &fairMoves{g: g, width: int(g.Faces)}
	n := int(g.Last)
	if g.Over == model.Bounce {
		m.period = 2 * (int(g.Last) - 1)
		m.width = int(g.Faces) % m.period
		m.wrapping = float64(int(g.Faces) / m.period)
		n = m.period + max(m.width-1, 0)
		m.line = make([]float64, n)
	}
	m.sums, m.suffix = make([]float64, n), make([]float64, n)
	return m
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
func fairWalkOn(ctx context.Context, g *model.Game, cl *FairClasses, shared bool) *Walk {
	reached, can := cl.Reached, cl.can
	if shared {
		reached, can = slices.Clone(reached), slices.Clone(can)
	}
	c := &model.Chain{G: g, CanFinish: can, Reached: reached, Trap: cl.Trap, Explored: true}
	w := walkOn(ctx, c, fairWalkStart(g))
	w.FM = newFairMoves(g)
	return w
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
	g := *w.g
	g.Start = s
	reached, err := search.FairReached(&g, nil)
	if err != nil { // past the memory bound, which the walk's start passed
		return w.Reached, w.Trap
	}
	return reached, fairTrap(reached, w.C.CanFinish)
}

// fewReached reports whether a turn from s reaches at most raceDenseMax
// squares: else the states of a product race, each of which holds k of
// them and among which the first player's every square turns up, are
// more than raceDenseMax/k, and a walk by intervals need not compile its
// table to find that out.
func (w *Walk) fewReached(s int) bool {
	reached := w.Reached
	if int32(s) != w.g.Start {
		reached, _ = w.fairFrom(int32(s))
	}
	n := 0
	for _, ok := range reached {
		if ok {
			n++
		}
	}
	return n <= raceDenseMax
}

// table returns whether w's chain has its table of turns, which the
// solves of the tail, the powers and the product races read: a walk by
// intervals compiles it when it fits the bounds with then more steps to
// spend, counting its work.
func (w *Walk) table(then float64) bool {
	c := w.C
	if c.First != nil {
		return true
	}
	g := w.g
	work := g.CompileWork()
	if w.Work+work+then > g.Lim.Work || walkBytes(float64(g.Last)+1, min(g.OutBound(), float64(g.Last)+1)) > g.Lim.Bytes {
		return false
	}
	if err := c.Compile(w.ctx, g); err != nil {
		c.First = nil
		return false
	}
	w.Work += work
	return true
}
