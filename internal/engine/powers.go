package engine

import (
	"math"

	"github.com/snakesladders/snakes/internal/errs"
	"github.com/snakesladders/snakes/internal/linalg"
)

// This file answers quantiles on small boards by powers of the turn
// matrix: P(T ≤ t) for any t from log₂ t products, exact to rounding
// however long the game and whether or not the token can be trapped. The
// walk of walk.go answers them turn by turn, and skips the settled tail
// of a long game; but a game that waits 10⁹ turns on a rare throw beside
// a trap has no tail to skip, and there a walk would take 10⁹ turns.

// powersMax is the most squares (reached, the last excluded) on which
// quantiles go by powers of the turn matrix: 64, about 2·10⁷
// multiply-adds and 2 MB for 63 squarings.
const powersMax = 64

// powersSquarings bounds the squarings: an answer past 2⁶³ turns is
// past the int range.
const powersSquarings = 63

// A powers holds the turn matrix of a walk's reached squares, with the
// last square as one more state that keeps what reaches it, and its
// squarings: pow[k] is the matrix of 2ᵏ turns.
type powers struct {
	n      int   // states: the reached squares, then the last
	at     []int // square → its state, or -1
	can    []bool
	pow    [][]float64
	start  []float64
	trap   bool
	lastAt int
}

// powersCost is what the squarings of a chain of m reached squares cost,
// in steps.
func powersCost(m int) float64 {
	n := float64(m + 1)
	return powersSquarings * n * n * n
}

// newPowers builds the turn matrix of w's reached squares, at most
// powersMax of them.
func (w *Walk) newPowers() *powers {
	g := w.g
	p := &powers{at: make([]int, g.Last+1), trap: w.Trap >= 0}
	for v := range p.at {
		p.at[v] = -1
		if w.Reached[v] && int32(v) != g.Last {
			p.at[v] = p.n
			p.n++
			p.can = append(p.can, w.C.CanFinish[v])
		}
	}
	p.lastAt = p.n
	p.at[g.Last] = p.n
	p.can = append(p.can, false)
	p.n++
	n := p.n
	a := make([]float64, n*n)
	for v, i := range p.at {
		if i < 0 || int32(v) == g.Last {
			continue
		}
		for _, e := range w.C.Out(int32(v)) {
			a[i*n+p.at[e.To]] += e.N * w.share
		}
	}
	a[p.lastAt*n+p.lastAt] = 1
	p.complement(a)
	p.pow = [][]float64{a}
	p.start = make([]float64, n)
	p.start[p.at[g.Start]] = 1
	return p
}

// square returns the next power, the square of the latest.
func (p *powers) square() []float64 {
	n := p.n
	a := p.pow[len(p.pow)-1]
	b := make([]float64, n*n)
	for i := range n {
		row := b[i*n : (i+1)*n]
		for k, x := range a[i*n : (i+1)*n] {
			if x == 0 {
				continue
			}
			for j, y := range a[k*n : (k+1)*n] {
				row[j] += x * y
			}
		}
	}
	p.complement(b)
	p.pow = append(p.pow, b)
	return b
}

// complement sets the largest entry of each row of a to 1 less the sum of
// the row's other entries. A game that waits on a rare throw keeps nearly
// all of a row's chance in a few entries (where the token stands, or the
// squares a cycle takes it round), and what leaves them, p a turn, float64
// keeps in their sum only to 10⁻¹⁶/p; each squaring doubles that error (a
// wait of 2ᵏ turns would be off by 2ᵏ·10⁻¹⁶). The other entries are sums
// of non-negative terms that keep their relative precision, and so does
// their sum; the rows are whole chances, the last square's column
// included, so they add up to 1; and the largest entry is at least 1/n of
// it, so the subtraction loses at most a factor n.
func (p *powers) complement(a []float64) {
	n := p.n
	for i := range n {
		row := a[i*n : (i+1)*n]
		top := 0
		for j, x := range row {
			if x > row[top] {
				top = j
			}
		}
		var rest linalg.Sum
		for j, x := range row {
			if j != top {
				rest.Add(x)
			}
		}
		row[top] = 1 - rest.Value()
	}
}

// times returns x after 2ᵏ turns.
func (p *powers) times(x []float64, k int) []float64 {
	n := p.n
	y := make([]float64, n)
	for i, xi := range x {
		if xi == 0 {
			continue
		}
		for j, a := range p.pow[k][i*n : (i+1)*n] {
			y[j] += xi * a
		}
	}
	return y
}

// reached is quantiles' test on a distribution x over the states: the
// chance of having finished is at least q (q < 1), or, where the token
// cannot be trapped, that of still playing at most tailBound(q). Both are
// sums of non-negative terms.
func (p *powers) reached(x []float64, q float64) bool {
	if q < 1 && x[p.lastAt] >= q {
		return true
	}
	if p.trap {
		return false
	}
	var alive linalg.Sum
	for i, xi := range x {
		if p.can[i] {
			alive.Add(xi)
		}
	}
	a, low := alive.Split()
	return a < TailBound(q) || a == TailBound(q) && low <= 0
}

// quantiles appends to out, the answers to qs found so far, those to the
// rest of qs.
func (p *powers) quantiles(w *Walk, qs []float64, out []int) ([]int, error) {
	for _, q := range qs[len(out):] {
		t, err := p.quantile(w, q)
		if err != nil {
			return nil, err
		}
		out = append(out, t)
	}
	return out, nil
}

// quantile returns the first turn t at which the distribution after t
// turns from the start passes reached for q, by bisection over the powers:
// squarings until one passes, then the bits of t from the highest down.
// It charges w with the work, and stops with w's budget's error.
func (p *powers) quantile(w *Walk, q float64) (int, error) {
	if p.reached(p.start, q) {
		return 0, nil
	}
	n := float64(p.n)
	k := 0
	for x := p.times(p.start, 0); !p.reached(x, q); x = p.times(p.start, k) {
		if k == powersSquarings {
			if p.trap {
				var can linalg.Sum
				for i, xi := range x {
					if p.can[i] || i == p.lastAt {
						can.Add(xi)
					}
				}
				return 0, errs.Errorf(errs.ErrNeverFinishes, "the player finishes with probability at most %.4g, less than %v", can.Value(), q)
			}
			return 0, errs.Errorf(errs.ErrTooLarge, "the %v quantile of the length is over %.3g turns, more than an int holds", q, math.Ldexp(1, powersSquarings))
		}
		if k+1 >= len(p.pow) {
			p.square()
			w.Work += n * n * n
			if err := w.Budget(); err != nil {
				return 0, err
			}
		}
		k++
	}
	// After 2ᵏ turns q is reached, and not after 2ᵏ⁻¹: find the last turn
	// short of it, bit by bit.
	x, t := p.start, uint64(0)
	for j := k - 1; j >= 0; j-- {
		if y := p.times(x, j); !p.reached(y, q) {
			x, t = y, t+1<<j
		}
		w.Work += n * n
	}
	if t >= math.MaxInt {
		return 0, errs.Errorf(errs.ErrTooLarge, "the %v quantile of the length is over %.3g turns, more than an int holds", q, float64(t))
	}
	return int(t + 1), nil
}
