package snakes

import (
	"math"
	"sync"
)

// ExpectedTurns returns the expected number of turns one player takes to
// reach the last square rolling a fair die every turn. The result is exact
// up to floating-point rounding (within about 1e-13 relative on boards of a
// few hundred squares): it solves the linear equations of the game directly,
// it does not simulate or iterate to a tolerance.
//
// It returns an error wrapping [ErrNeverFinishes] when the player can, with
// positive probability, reach a square from which the last square cannot be
// reached, wrapping [ErrInvalidRules] for invalid r, and wrapping
// [ErrInvalidBoard] for a nil or empty board.
//
// Moves only go forward except along snakes (and bounces), so the equations
// reduce to one unknown per square that some move goes back to: a sweep from
// the last square down writes every square's expectation as an affine
// function of those unknowns, and a small subtraction-free elimination
// (Grassmann–Taksar–Heyman) solves them. Time grows as n²·Faces·m + m³ and
// memory as n²·m, for m such squares; on the classic board m is 10.
func (r Rules) ExpectedTurns(b *Board) (float64, error) {
	g, err := r.playable(b)
	if err != nil {
		return 0, err
	}
	x := exactPool.Get().(*exact)
	defer exactPool.Put(x)
	return x.expected(&g)
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
	unknown []int32   // square → index of its unknown, or -1
	squares []int32   // unknown index → square
	cons    []float64 // per square: expected turns until the last square or an unknown is hit
	exit    []float64 // per square: probability the last square is hit before any unknown
	coef    []float64 // per square, m wide: probability each unknown is hit first
	pivot   []float64 // per unknown: its elimination divisor, then its value
}

var exactPool = sync.Pool{New: func() any { return new(exact) }}

func grow[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
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
		for roll := int32(1); roll <= g.faces; roll++ {
			if _, to := g.step(v, roll); to < v && x.unknown[to] < 0 {
				x.unknown[to] = int32(len(x.squares))
				x.squares = append(x.squares, to)
			}
		}
	}
	m := len(x.squares)

	// Sweep down from the last square. A square's expectation is one turn
	// plus the average over rolls of where the roll ends: a square already
	// swept, the square itself (an overshoot under Stay, or a jump back to
	// it), or an unknown.
	x.cons = grow(x.cons, size)
	x.exit = grow(x.exit, size)
	x.coef = grow(x.coef, size*m)
	x.cons[last], x.exit[last] = 0, 1
	clear(x.coef[int(last)*m:])
	faces := float64(g.faces)
	for v := last - 1; v >= g.start; v-- {
		if !sc.reached(v) {
			continue
		}
		row := x.coef[int(v)*m : int(v+1)*m]
		clear(row)
		cons, exit, stay := faces, 0.0, 0
		for roll := int32(1); roll <= g.faces; roll++ {
			_, to := g.step(v, roll)
			switch {
			case to == v:
				stay++
			case to < v:
				row[x.unknown[to]]++
			default:
				cons += x.cons[to]
				exit += x.exit[to]
				for k, c := range x.coef[int(to)*m : int(to+1)*m] {
					row[k] += c
				}
			}
		}
		if stay == int(g.faces) {
			return 0, errorf(ErrNeverFinishes, "square %d can be reached, and no roll leaves it", v)
		}
		moving := faces - float64(stay)
		x.cons[v], x.exit[v] = cons/moving, exit/moving
		for k := range row {
			row[k] /= moving
		}
	}

	// Each unknown equals its own square's affine expression. Eliminate them
	// last to first; a divisor is one minus the chance to return to the same
	// unknown, computed as the sum of the chances to go anywhere else so that
	// no subtraction loses precision. A zero divisor means a closed set of
	// squares the last square cannot be reached from.
	x.pivot = grow(x.pivot, m)
	a := func(i, j int) *float64 { return &x.coef[int(x.squares[i])*m+j] }
	for k := m - 1; k >= 0; k-- {
		q := x.squares[k]
		d := x.exit[q]
		for j := 0; j < k; j++ {
			d += *a(k, j)
		}
		if d == 0 {
			return 0, errorf(ErrNeverFinishes, "square %d can be reached, and the last square cannot be reached from it", q)
		}
		x.pivot[k] = d
		for i := 0; i < k; i++ {
			f := *a(i, k) / d
			if f == 0 {
				continue
			}
			qi := x.squares[i]
			for j := 0; j < k; j++ {
				*a(i, j) += f * *a(k, j)
			}
			x.cons[qi] += f * x.cons[q]
			x.exit[qi] += f * x.exit[q]
		}
	}
	// Back-substitute: unknown k depends only on unknowns 0..k-1. The values
	// are kept in pivot, which is no longer needed.
	for k := 0; k < m; k++ {
		q := x.squares[k]
		u := x.cons[q]
		for j := 0; j < k; j++ {
			u += *a(k, j) * x.pivot[j]
		}
		x.pivot[k] = u / x.pivot[k]
	}
	// The start's own row is untouched by the elimination unless the start
	// is itself an unknown, whose value is then the answer.
	var e float64
	if k := x.unknown[g.start]; k >= 0 {
		e = x.pivot[k]
	} else {
		e = x.cons[g.start]
		for k, c := range x.coef[int(g.start)*m : int(g.start+1)*m] {
			e += c * x.pivot[k]
		}
	}
	if math.IsInf(e, 0) || math.IsNaN(e) {
		return 0, errorf(ErrNeverFinishes, "the expected number of turns exceeds the float64 range")
	}
	return e, nil
}
