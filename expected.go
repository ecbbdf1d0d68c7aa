package snakes

import (
	"context"
	"errors"
	"math"
	"sync"
)

// ExpectedTurns returns the expected number of turns one player takes to
// reach the last square rolling a fair die every turn. It solves the linear
// equations of the game; it does not simulate.
//
// It returns an error wrapping [ErrNeverFinishes] when the player can, with
// positive probability, reach a square from which the last square cannot be
// reached, wrapping [ErrInvalidRules] for invalid r, wrapping
// [ErrInvalidBoard] for a nil or empty board, and wrapping [ErrTooLarge]
// when the squares times Faces exceed [MaxWork] or the memory below
// exceeds [MaxBytes].
//
// Moves only go forward except along snakes (and bounces), so the equations
// reduce to one unknown per square that some move goes back to, m of them
// (10 on the classic board). With m up to 256 (and rows of at most 32 MiB,
// or m up to 4), a sweep from the last square down writes every square's
// expectation as an affine function of those unknowns, and a
// subtraction-free elimination (Grassmann–Taksar–Heyman) solves them: time
// n²·Faces·m + m³, memory n²·(m+2) floats, pooled, so that steady-state
// calls do not allocate; within about 1e-13 relative. Past that, the
// unknowns are solved by GMRES, each step one sweep of the board, and the
// answer is checked by its residual on every square, which bounds its
// relative error by the larger of 1e-13 and 2⁻⁴⁹ times the longest expected
// game from any square: memory about 150 bytes a square, time n²·Faces per
// step, with tens to hundreds of steps (1000×1000 boards with 1% random
// jumps: about 330 bytes a square allocated in all, and 2–3 s).
func (r Rules) ExpectedTurns(b *Board) (float64, error) {
	return r.expectedTurns(context.Background(), b)
}

// expectedTurns is ExpectedTurns, stopping with ctx's error once ctx is
// done.
func (r Rules) expectedTurns(ctx context.Context, b *Board) (float64, error) {
	g, err := r.playable(b)
	if err != nil {
		return 0, err
	}
	// The least either solve needs: a square's unknown index, its row of
	// two numbers, its bit in the search.
	if bytes := 21 * float64(g.last); bytes > MaxBytes {
		return 0, tooBig(bytes, "the expected length on %d squares", g.last)
	}
	// Either solve takes every roll from every square.
	if err := g.checkRolls(); err != nil {
		return 0, err
	}
	x := exactPool.Get().(*exact)
	e, err := x.expected(&g)
	m := len(x.squares)
	exactPool.Put(x)
	if err == errSweep {
		return sweepExpected(ctx, g, m) // by value: only that path moves g to the heap
	}
	return e, err
}

// errSweep tells ExpectedTurns that the structured elimination would be
// too large and the bounded-memory solve of solve.go is to be used.
var errSweep = errors.New("solve by sweeps")

// denseUpTo is the most unknowns the structured elimination takes, and
// denseBytes the most memory for its rows: past either, the bounded-memory
// solve is faster as well as smaller. Variables so that tests can send
// every board either way.
var (
	denseUpTo  = 256
	denseBytes = 32 << 20
)

// sweepExpected is ExpectedTurns by the bounded-memory solve, for a game
// with m squares that moves go back to.
func sweepExpected(ctx context.Context, g game, m int) (float64, error) {
	size := float64(g.last) + 1
	out := float64(min(int(g.faces), int(size)))
	bytes := walkBytes(size, out) + systemBytes(size, float64(m), float64(min(m, 64)))
	if bytes > MaxBytes {
		return 0, tooBig(bytes, "the expected length on %d squares with %d squares moves go back to", g.last, m)
	}
	w, err := newWalk(&g)
	if err != nil {
		return 0, err
	}
	w.ctx = ctx
	if w.trap >= 0 {
		return 0, errorf(ErrNeverFinishes, "square %d can be reached, and the last square cannot be reached from it", w.trap)
	}
	y, err := newSystem(w).solve(nil, 1)
	if err != nil {
		return 0, err
	}
	e := y[g.start]
	if math.IsInf(e, 0) || math.IsNaN(e) {
		return 0, errorf(ErrNeverFinishes, "the expected number of turns exceeds the float64 range")
	}
	return e, nil
}

// playable is game plus the check that there is a board to play on.
func (r Rules) playable(b *Board) (game, error) {
	g, err := r.game(b)
	if err == nil && g.last < 1 {
		err = errorf(ErrInvalidBoard, "the board has no squares")
	}
	return g, err
}

// exact holds ExpectedTurns' buffers, pooled so that repeated calls on
// boards of the same size do not allocate.
type exact struct {
	unknown []int32 // square → index of its unknown, or -1
	squares []int32 // unknown index → square

	// rows holds, per square, width = m+2 numbers: the expected turns until
	// the last square or an unknown's square is reached (column 0), the
	// chance the last square comes first (column 1), and the chance each
	// unknown's square does (column 2+k).
	rows  []float64
	value []float64 // per unknown: its elimination divisor, then its value
}

var exactPool = sync.Pool{New: func() any { return new(exact) }}

func grow[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}

// addScaled adds f·src to the first len(src) elements of dst.
func addScaled(dst, src []float64, f float64) {
	dst = dst[:len(src)]
	for i, v := range src {
		dst[i] += f * v
	}
}

// note makes to an unknown if a roll from v goes back to it.
func (x *exact) note(v, to int32) {
	if to < v && x.unknown[to] < 0 {
		x.unknown[to] = int32(len(x.squares))
		x.squares = append(x.squares, to)
	}
}

// row returns square v's row.
func (x *exact) row(v int32, width int) []float64 {
	return x.rows[int(v)*width : int(v+1)*width]
}

// take adds to r, the row of square v, a roll that ends the turn on to: a
// row already swept, or one more chance of an unknown. It returns 1 for a
// roll that stays on v, for the caller to count.
func (x *exact) take(r []float64, v, to int32, width int) int32 {
	switch {
	case to == v:
		return 1
	case to < v:
		r[2+x.unknown[to]]++
	default:
		addScaled(r, x.row(to, width), 1)
	}
	return 0
}

func (x *exact) expected(g *game) (float64, error) {
	last := g.last
	size := int(last) + 1
	if g.start == last {
		return 0, nil
	}

	// The squares a turn can end on, and among them those some move goes
	// back to: these carry the unknowns.
	sc := getScratch(g)
	defer putScratch(sc)
	search(*g, sc, nil, true, false)
	x.unknown = grow(x.unknown, size)
	for i := range x.unknown {
		x.unknown[i] = -1
	}
	x.squares = x.squares[:0]
	for v := g.start; v < last; v++ {
		if !sc.reached(v) {
			continue
		}
		top := min(v+g.faces, last)
		for t := v + 1; t <= top; t++ {
			x.note(v, g.land(t))
		}
		for roll := top - v + 1; roll <= g.faces; roll++ {
			_, to := g.overshoot(v, roll)
			x.note(v, to)
		}
	}
	m := len(x.squares)
	width := m + 2
	// A few unknowns make rows narrow enough for any board.
	if bytes := size * width * 8; m > denseUpTo || bytes > denseBytes && m > 4 {
		return 0, errSweep
	} else if bytes > MaxBytes {
		return 0, tooBig(float64(bytes), "the expected length on %d squares", last)
	}
	x.rows = grow(x.rows, size*width)

	// Sweep down from the last square. A square's expectation is one turn
	// plus the average over rolls of where the roll ends: a square already
	// swept, the square itself (an overshoot under Stay, or a jump back to
	// it), or an unknown's square.
	clear(x.row(last, width))
	x.row(last, width)[1] = 1
	for v := last - 1; v >= g.start; v-- {
		if !sc.reached(v) {
			continue
		}
		r := x.row(v, width)
		clear(r)
		// The rolls that stay on the board, then those past its end.
		stay := int32(0)
		top := min(v+g.faces, last)
		for t := v + 1; t <= top; t++ {
			stay += x.take(r, v, g.land(t), width)
		}
		for roll := top - v + 1; roll <= g.faces; roll++ {
			_, to := g.overshoot(v, roll)
			stay += x.take(r, v, to, width)
		}
		if stay == g.faces {
			return 0, errorf(ErrNeverFinishes, "square %d can be reached, and no roll leaves it", v)
		}
		r[0] += float64(g.faces) // one turn for each of the rolls
		inv := 1 / float64(g.faces-stay)
		for k := range r {
			r[k] *= inv
		}
	}

	// Each unknown equals its own square's row. Eliminate them last to
	// first; a divisor is one minus the chance to return to the same
	// unknown, computed as the sum of the chances to go anywhere else so that
	// no subtraction loses precision. A zero divisor means a closed set of
	// squares the last square cannot be reached from.
	x.value = grow(x.value, m)
	for k := m - 1; k >= 0; k-- {
		rk := x.row(x.squares[k], width)[:2+k]
		d := rk[1]
		for _, c := range rk[2:] {
			d += c
		}
		if d == 0 {
			return 0, errorf(ErrNeverFinishes, "square %d can be reached, and the last square cannot be reached from it", x.squares[k])
		}
		x.value[k] = d
		for i := 0; i < k; i++ {
			ri := x.row(x.squares[i], width)
			if f := ri[2+k] / d; f != 0 {
				addScaled(ri, rk, f)
			}
		}
	}
	// Back-substitute: unknown k depends only on unknowns 0..k-1.
	for k := 0; k < m; k++ {
		rk := x.row(x.squares[k], width)
		u := rk[0]
		for j, c := range rk[2 : 2+k] {
			u += c * x.value[j]
		}
		x.value[k] = u / x.value[k]
	}
	// The start's own row is untouched by the elimination unless the start
	// is itself an unknown, whose value is then the answer.
	var e float64
	if k := x.unknown[g.start]; k >= 0 {
		e = x.value[k]
	} else {
		r := x.row(g.start, width)
		e = r[0]
		for k, c := range r[2:] {
			e += c * x.value[k]
		}
	}
	if math.IsInf(e, 0) || math.IsNaN(e) {
		return 0, errorf(ErrNeverFinishes, "the expected number of turns exceeds the float64 range")
	}
	return e, nil
}
