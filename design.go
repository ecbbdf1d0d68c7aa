package snakes

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"strings"
	"sync"

	"github.com/snakesladders/snakes/internal/budget"
	"github.com/snakesladders/snakes/internal/errs"
	"github.com/snakesladders/snakes/internal/linalg"
	"github.com/snakesladders/snakes/internal/model"
	"github.com/snakesladders/snakes/internal/solve"
)

// This file designs boards: a local search for a board whose game lasts as
// long as a Spec asks.

// A Spec says what board to design. Its JSON names its fields in lower
// case ("size", "ladders", "turns"), as the rules' are.
type Spec struct {
	Size      int     `json:"size"`      // n: the board is n×n, n ≥ 2
	Ladders   int     `json:"ladders"`   // exactly this many ladders (destination above the start)
	Snakes    int     `json:"snakes"`    // exactly this many snakes (destination below the start)
	Jumps     int     `json:"jumps"`     // when > 0, Ladders and Snakes must be 0: this many jumps in any mix
	Rules     Rules   `json:"rules"`     // the rules the game is played under
	Turns     float64 `json:"turns"`     // the wanted ExpectedTurns
	Tolerance float64 `json:"tolerance"` // |ExpectedTurns − Turns| allowed; 0 means 5e-7 (six decimals)
	Seed      uint64  `json:"seed"`      // the same Spec and Seed give the same board
}

// maxDesignSide bounds Spec.Size: each step of the search solves the board.
const maxDesignSide = 100

// designWork bounds the work of each worker's moves when ctx has no
// deadline, counted as the moves are made (a move's compile of every turn
// and its elimination, or the solves a move under Again makes), so that a
// search without a deadline ends within about a minute on two cores,
// whatever the board.
const designWork = 1 << 34

// designStall is how many rounds in a row the search may come no closer
// to a target it is still designFar from (a share of the target) before
// it gives up: 2¹⁵ moves of each worker, a second or two on 10×10, where a
// search that will meet its target improves every few rounds. Close to
// the target, improvements come rarely and the search goes on to its end.
const (
	designStall = 128
	designFar   = 0.01
)

// designRound is how many moves each worker makes between the points where
// the workers compare notes. Rounds are counted in moves, not time, so that
// the result does not depend on how the workers are scheduled.
const designRound = 256

// Design searches for a board that meets s: s.Size×s.Size, with exactly the
// jumps asked for, on which one player's ExpectedTurns under s.Rules is
// within s.Tolerance of s.Turns. Every board it returns is one a person
// could print: no jump starts on square 1 or the last square, no square is
// the start or end of more than one jump (so Chain changes nothing), and
// every jump starts and ends on different rows.
//
// The search is local: from a random board it moves one jump's end at a
// time. Under rules whose turn is one throw (no Again) it scores every
// end a jump could move to at once: the move changes
// the transition matrix by a matrix of rank one, so one solve of the board
// and one more sweep give every candidate's exact expectation
// (Sherman–Morrison, as [Rules.Jumps] does), about a hundred candidates
// for the cost of two solves; under [Rules.Again] a move changes the
// turns of many squares, and it scores up to 64 ends by a solve each. Now and then it moves a jump's start instead,
// or takes a candidate at random, to leave a local minimum. Two workers
// search from different boards, using both cores, and compare notes every
// 256 moves: the result is the first worker's first board within tolerance
// in the first round that has one, so it depends only on s (Seed
// included), not on GOMAXPROCS or timing. A board is checked with
// [Rules.ExactExpectedTurns] (boards of up to 1024 squares) before it is
// returned; a board that misses the tolerance is never returned without
// an error.
//
// Bad specs give nil and an error wrapping [ErrInvalidSpec] naming the
// field and value: Size outside 2..100, negative counts, Jumps with
// Ladders or Snakes, more jumps than the board has room for, a Turns that
// is not finite and positive, a negative or NaN Tolerance, invalid Rules,
// or squares times the throws a turn may take over 2¹⁸ (each move takes
// every turn from every square).
// When no board within tolerance is found before ctx ends, after 2¹⁵
// moves per worker that come no closer while the closest board is over 1%
// of Turns away, or, when ctx has no deadline, once a worker's moves have
// counted 2³⁴ steps of work (each move's compile of every turn, 16 steps
// a throw, and its elimination, or under Again the solves it makes), Design
// returns the closest board found and an error wrapping [ErrNoDesign] that
// says why it stopped and gives that board's expected turns and their
// distance to Turns, or why it has none. With context.Background() it
// ends within that budget: at most about 40 s here on two cores (a
// 100×100 board of 60 jumps; BenchmarkDesign's boards take well under a
// second), and never a minute. A cancelled ctx returns within a few
// milliseconds. Each move takes about two solves of the board (tens of
// microseconds on 10×10), and memory a few solves' worth.
func Design(ctx context.Context, s Spec) (*Board, error) {
	return DesignProgress(ctx, s, nil)
}

// DesignProgress is [Design], calling progress (when not nil) every 256
// moves of each worker with the distance from Turns of the closest board
// found so far, for a caller that shows how the search goes.
func DesignProgress(ctx context.Context, s Spec, progress func(distance float64)) (*Board, error) {
	if err := s.check(); err != nil {
		return nil, err
	}
	if s.Tolerance == 0 {
		s.Tolerance = 5e-7
	}
	if s.total() == 0 { // one board only: nothing to search
		b := newBoard(s.Size, newDesigner(s, 0, math.Inf(1)).flatOf(nil, nil))
		if s.meets(b) {
			return b, nil
		}
		return b, errs.Errorf(ErrNoDesign, "a %d×%d board with no jumps cannot meet %v turns: %s", s.Size, s.Size, s.Turns, s.closest(b, "it"))
	}
	// Without a deadline each worker's moves count against designWork;
	// with one, the deadline alone ends the search.
	_, deadline := ctx.Deadline()
	bound := float64(designWork)
	if deadline {
		bound = math.Inf(1)
	}
	workers := []*designer{newDesigner(s, 0, bound), newDesigner(s, 1, bound)}
	for _, d := range workers {
		if !d.place() {
			return nil, errs.Errorf(ErrInvalidSpec, "the %d×%d board has no room for %d printable jumps", s.Size, s.Size, s.total())
		}
	}
	best, stalled := math.Inf(1), 0
	for steps := 0; ; steps += designRound {
		var wg sync.WaitGroup
		for _, d := range workers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				d.run(ctx, designRound)
			}()
		}
		wg.Wait()
		for _, d := range workers {
			if d.found != nil {
				return d.found, nil
			}
		}
		round := math.Inf(1)
		for _, d := range workers {
			round = min(round, d.bestDist)
		}
		if progress != nil {
			progress(round)
		}
		// A target out of reach of the jumps asked for shows as a search
		// that stops coming closer: it ends then, not at the deadline.
		if stalled++; round < best {
			best, stalled = round, 0
		}
		if ctx.Err() != nil || stalled >= designStall && best > designFar*s.Turns || !deadline && spent(workers) >= designWork {
			break
		}
	}
	closest := workers[0]
	for _, d := range workers[1:] {
		if d.bestDist < closest.bestDist {
			closest = d
		}
	}
	why := "the search was exhausted"
	switch {
	case ctx.Err() != nil:
		why = "the context ended (" + ctx.Err().Error() + ")"
	case stalled >= designStall && best > designFar*s.Turns:
		why = fmt.Sprintf("the search came no closer in %d moves of each worker", designStall*designRound)
	case !deadline:
		why = fmt.Sprintf("the search spent its budget of %.3g steps of work", float64(designWork))
	}
	b := newBoard(s.Size, closest.flatOf(closest.bestFrom, closest.bestTo))
	return b, errs.Errorf(ErrNoDesign, "%s before a board came within %g of %v turns: %s", why, s.Tolerance, s.Turns, s.closest(b, "the closest found"))
}

// spent returns the most work one of the workers has done.
func spent(workers []*designer) float64 {
	var most float64
	for _, d := range workers {
		most = max(most, d.meter.Spent())
	}
	return most
}

// closest says how far b, named as name, is from s.Turns, or why its
// expected turns are not known: never a figure that was not computed.
func (s Spec) closest(b *Board, name string) string {
	e, err := s.Rules.ExpectedTurns(b)
	if err != nil {
		return name + " has no expected length: " + strings.TrimPrefix(err.Error(), "snakes: ")
	}
	return fmt.Sprintf("%s has %.12g expected turns, %.3g away", name, e, math.Abs(e-s.Turns))
}

func (s Spec) total() int { return s.Ladders + s.Snakes + s.Jumps }

// check validates s.
func (s Spec) check() error {
	n := s.Size
	switch {
	case n < 2 || n > maxDesignSide:
		return errs.Errorf(ErrInvalidSpec, "Size is %d, want 2..%d", n, maxDesignSide)
	case s.Ladders < 0:
		return errs.Errorf(ErrInvalidSpec, "Ladders is %d, want 0 or more", s.Ladders)
	case s.Snakes < 0:
		return errs.Errorf(ErrInvalidSpec, "Snakes is %d, want 0 or more", s.Snakes)
	case s.Jumps < 0:
		return errs.Errorf(ErrInvalidSpec, "Jumps is %d, want 0 or more", s.Jumps)
	case s.Jumps > 0 && s.Ladders+s.Snakes > 0:
		return errs.Errorf(ErrInvalidSpec, "Jumps is %d with Ladders %d and Snakes %d; give either Jumps or Ladders and Snakes", s.Jumps, s.Ladders, s.Snakes)
	case 2*s.total() > n*n-2 || s.Ladders > n*(n-1)-1 || s.Snakes > n*(n-1)-1:
		return errs.Errorf(ErrInvalidSpec, "%d ladders, %d snakes and %d jumps: more than a %d×%d board has room for, with every start and end on its own square", s.Ladders, s.Snakes, s.Jumps, n, n)
	case math.IsNaN(s.Turns) || math.IsInf(s.Turns, 0) || s.Turns <= 0:
		return errs.Errorf(ErrInvalidSpec, "Turns is %v, want a finite number above 0", s.Turns)
	case math.IsNaN(s.Tolerance) || s.Tolerance < 0:
		return errs.Errorf(ErrInvalidSpec, "Tolerance is %v, want 0 (meaning 5e-7) or more", s.Tolerance)
	}
	if err := s.Rules.Validate(); err != nil {
		return errs.Errorf(ErrInvalidSpec, "Rules: %s", err.Error()[len("snakes: "):])
	}
	// Each move takes every turn from every square, a few times over;
	// past this a move would take long enough to make cancelling slow.
	g, _ := s.Rules.game(nil)
	g.Last = int32(n * n)
	if rolls := g.TurnWork(); rolls > maxDesignRolls {
		return errs.Errorf(ErrInvalidSpec, "Size %d with throws of totals up to %d: about %.0f throws a move, over the bound of %d", n, g.Faces, rolls, maxDesignRolls)
	}
	return nil
}

// maxDesignRolls bounds squares × faces for Design.
const maxDesignRolls = 1 << 18

// A designer is one worker's search.
type designer struct {
	s        Spec
	n, last  int32
	rng      *rand.Rand
	from, to []int32 // the jumps
	kind     []int8  // +1 ladder, -1 snake, 0 either (Spec.Jumps)
	used     []bool  // squares that start or end a jump
	f        solve.Fundamental
	all      []int32 // every square, for again
	z        []float64
	dist     float64         // the current board's distance to the target
	meter    *budget.Meter   // its moves' work: bounded by designWork without a deadline
	ctx      context.Context // the search's, while a round runs

	bestDist         float64
	bestFrom, bestTo []int32
	found            *Board
}

func newDesigner(s Spec, worker uint64, work float64) *designer {
	last := int32(s.Size * s.Size)
	d := &designer{s: s, n: int32(s.Size), last: last, rng: rand.New(rand.NewPCG(s.Seed, worker)), meter: budget.NewMeter("the design", work, ""),
		used: make([]bool, last+1), all: make([]int32, last+1), z: make([]float64, last+1), bestDist: math.Inf(1)}
	for i := range d.all {
		d.all[i] = int32(i)
	}
	for range s.Ladders {
		d.kind = append(d.kind, 1)
	}
	for range s.Snakes {
		d.kind = append(d.kind, -1)
	}
	for range s.Jumps {
		d.kind = append(d.kind, 0)
	}
	d.from = make([]int32, len(d.kind))
	d.to = make([]int32, len(d.kind))
	return d
}

func (d *designer) row(label int32) int32 { return (label - 1) / d.n }

// fits reports whether a jump of kind k from a to b is printable on the
// squares left free.
func (d *designer) fits(k int8, a, b int32) bool {
	switch {
	case a <= 1 || a >= d.last || b < 1 || b > d.last || a == b:
		return false
	case d.used[a] || d.used[b] || d.row(a) == d.row(b):
		return false
	case k > 0 && b < a, k < 0 && b > a:
		return false
	}
	return true
}

// place puts the jumps on the board at random, and reports whether it could.
func (d *designer) place() bool {
	for i, k := range d.kind {
		ok := false
		for try := 0; try < 10000 && !ok; try++ {
			a, b := 2+d.rng.Int32N(d.last-2), 1+d.rng.Int32N(d.last)
			if ok = d.fits(k, a, b); ok {
				d.from[i], d.to[i] = a, b
				d.used[a], d.used[b] = true, true
			}
		}
		if !ok {
			return false
		}
	}
	return true
}

func (d *designer) flatOf(from, to []int32) []int32 {
	flat := make([]int32, d.last+1)
	for i := range flat {
		flat[i] = -1
	}
	for i, a := range from {
		flat[a] = to[i]
	}
	return flat
}

// run makes up to steps moves, stopping early when ctx ends or a board is
// found.
func (d *designer) run(ctx context.Context, steps int) {
	d.ctx = ctx
	for range steps {
		if d.found != nil || ctx.Err() != nil {
			return
		}
		d.step()
	}
}

// step solves the current board, scores every end the chosen jump could
// move to, and moves.
func (d *designer) step() {
	s := d.s
	b := newBoard(s.Size, d.flatOf(d.from, d.to))
	g, err := s.Rules.playable(b)
	if err != nil {
		return
	}
	d.meter.Charge(g.CompileWork(), "a move") // the search looks at the meter between rounds
	if g.Again != 0 {
		d.stepFresh(b)
		return
	}
	f := &d.f
	f.Game = g
	f.Ctx = d.ctx
	if err := f.Prepare(&f.Game, false); err != nil || !f.Sure[g.Start] || !f.Dense() {
		// A board the player may be trapped on, or too large for the
		// structured solve: no scores; move a jump at random.
		d.dist = math.Inf(1)
		if e, err := d.expected(b); err == nil {
			d.note(e)
		}
		d.moveStart()
		return
	}
	m := float64(f.Unknowns())
	d.meter.Charge(m*m*m, "a move")
	if err := f.Solve(nil); err != nil {
		d.dist = math.Inf(1)
		d.moveStart()
		return
	}
	t := f.Values
	e := t[g.Start]
	if d.begin(e) {
		return
	}
	// Score every end jump j could move to: z = N·u, u the chance to land
	// on its start, and E' = E + z(start)·(t(new) − t(old))/(1 + z(old) − z(new)).
	j := d.rng.IntN(len(d.from))
	a, old := d.from[j], d.to[j]
	u := linalg.Grow(f.One, len(t))
	clear(u)
	f.Sources = model.RollsOnto(&f.Game, a, f.Ts, f.Sources[:0])
	for _, src := range f.Sources {
		if f.Sure[src.From] {
			u[src.From] += src.P
		}
	}
	f.One = u
	f.Again(u, d.all, d.z)
	z := d.z
	bestTo, bestDist := int32(-1), d.dist
	var near []int32                      // candidates within the current distance, for variety
	d.used[a], d.used[old] = false, false // the jump's own squares are free to it
	for c := int32(1); c <= d.last; c++ {
		if c == old || !d.fits(d.kind[j], a, c) || math.IsInf(t[c], 1) {
			continue
		}
		denom := 1 + z[old] - z[c]
		if denom <= 1e-12 {
			continue
		}
		e2 := e + z[g.Start]*(t[c]-t[old])/denom
		dist := math.Abs(e2 - s.Turns)
		if dist < bestDist {
			bestTo, bestDist = c, dist
		}
		if dist <= 2*d.dist+1 {
			near = append(near, c)
		}
	}
	switch {
	case bestTo >= 0 && d.rng.IntN(4) != 0:
		d.to[j] = bestTo
	case len(near) > 0:
		d.to[j] = near[d.rng.IntN(len(near))]
	}
	d.used[a], d.used[d.to[j]] = true, true
}

// begin notes the current board's expectation e and, one step in eight,
// moves a jump's start instead of an end; it reports whether the step is
// over (a board was found, or a start moved).
func (d *designer) begin(e float64) bool {
	d.note(e)
	if d.found != nil {
		return true
	}
	if d.rng.IntN(8) == 0 {
		d.moveStart()
		return true
	}
	return false
}

// freshTries is how many ends of a jump stepFresh scores at most.
const freshTries = 64

// stepFresh is step under house rules, where moving a jump's end changes
// the turns from many squares at once and no one solve scores every end:
// it scores a few ends, each by a solve of the board with the jump moved.
func (d *designer) stepFresh(b *Board) {
	e, err := d.expected(b)
	if err != nil {
		d.dist = math.Inf(1)
		d.moveStart()
		return
	}
	if d.begin(e) {
		return
	}
	j := d.rng.IntN(len(d.from))
	a, old := d.from[j], d.to[j]
	d.used[a], d.used[old] = false, false
	bestTo, bestDist := int32(-1), d.dist
	var near []int32
	for _, c := range d.ends(j, a, old) {
		d.to[j] = c
		e2, err := d.expected(newBoard(d.s.Size, d.flatOf(d.from, d.to)))
		if err != nil {
			continue
		}
		dist := math.Abs(e2 - d.s.Turns)
		if dist < bestDist {
			bestTo, bestDist = c, dist
		}
		if dist <= 2*d.dist+1 {
			near = append(near, c)
		}
	}
	d.to[j] = old
	switch {
	case bestTo >= 0:
		d.to[j] = bestTo
	case len(near) > 0 && d.rng.IntN(4) == 0:
		d.to[j] = near[d.rng.IntN(len(near))]
	}
	d.used[a], d.used[d.to[j]] = true, true
}

// expected is ExpectedTurns of b under the spec's rules, its work charged
// to d's meter, stopping once the search's context is done.
func (d *designer) expected(b *Board) (float64, error) {
	r := d.s.Rules.spec()
	r.Meter = d.meter
	return solve.ExpectedTurns(cmp.Or(d.ctx, context.Background()), r, b.squares())
}

// ends returns up to freshTries ends that jump j from a could move to
// instead of old, in random order.
func (d *designer) ends(j int, a, old int32) []int32 {
	var out []int32
	for c := int32(1); c <= d.last; c++ {
		if c != old && d.fits(d.kind[j], a, c) {
			out = append(out, c)
		}
	}
	d.rng.Shuffle(len(out), func(i, k int) { out[i], out[k] = out[k], out[i] })
	return out[:min(len(out), freshTries)]
}

// moveStart moves a random jump's start to a random square it fits on.
func (d *designer) moveStart() {
	j := d.rng.IntN(len(d.from))
	d.used[d.from[j]], d.used[d.to[j]] = false, false // the jump's own squares are free to it
	for try := 0; try < 64; try++ {
		if a := 2 + d.rng.Int32N(d.last-2); d.fits(d.kind[j], a, d.to[j]) {
			d.from[j] = a
			break
		}
	}
	d.used[d.from[j]], d.used[d.to[j]] = true, true
}

// note records the current board's expectation e: the best so far, and a
// board within tolerance once the exact fraction confirms it.
func (d *designer) note(e float64) {
	d.dist = math.Abs(e - d.s.Turns)
	if d.dist < d.bestDist {
		d.bestDist = d.dist
		d.bestFrom = append(d.bestFrom[:0], d.from...)
		d.bestTo = append(d.bestTo[:0], d.to...)
	}
	if d.dist <= d.s.Tolerance {
		b := newBoard(d.s.Size, d.flatOf(d.from, d.to))
		if d.s.meets(b) {
			d.found = b
		}
	}
}

// meets checks b exactly: with the exact fraction where it can be had, or
// ExpectedTurns.
func (s Spec) meets(b *Board) bool {
	if exact, err := s.Rules.ExactExpectedTurns(b); err == nil {
		gap := new(big.Rat).Sub(exact, new(big.Rat).SetFloat64(s.Turns))
		gap.Abs(gap)
		return gap.Cmp(new(big.Rat).SetFloat64(s.Tolerance)) <= 0
	}
	e, err := s.Rules.ExpectedTurns(b)
	return err == nil && math.Abs(e-s.Turns) <= s.Tolerance
}
