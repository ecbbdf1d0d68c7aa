// This file is the race of two players who play to win: the zero-sum game
// over the pairs of squares, its values found by sweeps until they
// satisfy their own equations, and the choices they make.

package best

import (
	"context"
	"math"

	"github.com/snakesladders/snakes/internal/budget"
	"github.com/snakesladders/snakes/internal/errs"
	"github.com/snakesladders/snakes/internal/grid"
	"github.com/snakesladders/snakes/internal/model"
)

// A Race is two players' play to win: for every pair of squares (the
// mover's and the other's, neither the last), the mover's chance to win
// when both play to win, the die the mover picks and, for every square a
// throw can put a token down on beside the other's square, whether the
// jump from it is taken.
type Race struct {
	Top    int32     // the last square; squares 0..Top-1 make the pairs
	Win    []float64 // [k*Top²+a*Top+b]: the mover's chance on a, the other on b, its next turn passed over where k is 1
	Die    []int32   // [k*Top²+a*Top+b]: the faces of the die picked; 0 for the rules' dice
	Take   []bool    // [k*(Top+1)*Top+x*Top+b]: the jump from x is taken, the other on b
	Start  int32
	Sweeps int
}

// raceSteps is the work of one throw of a sweep, in steps: about 8 ns
// here, four times a step of the walks.
const raceSteps = 4

// raceTolerance is how far the race's values may be from their equations:
// the sweeps stop once no value moves by more.
const raceTolerance = 1e-14

// SolveRace returns the race of two players who play to win on sq under r
// with choice c, which Check has passed; where a square costs a turn, the
// pairs where the other's next turn is passed over are a second layer
// (Win, Die and Take hold layer 0, then layer 1). Each sweep
// goes over every pair of squares, the farthest first: first it finds for
// every square a throw can put a token down on, beside each square of the
// other's, the best of the stops its jumps allow (each chain followed
// once), then each pair's best die. The sweeps end once no value moves by
// more than 1e-14; they are charged to r's work bound as they run and the
// tables to its memory bound before they are made.
func SolveRace(ctx context.Context, r model.Rules, sq *grid.Squares, c Choice) (*Race, error) {
	g, err := compile(r, sq, c, "the race played to win")
	if err != nil {
		return nil, err
	}
	// The game is zero-sum where it surely ends: every square must have a
	// play that surely finishes from it (the best play's search finds
	// them), else a pair of squares neither can leave would be worth a
	// half to each.
	r.Meter = g.Meter
	plan, err := Solve(ctx, r, sq, c)
	if err != nil {
		return nil, err
	}
	for v, e := range plan.From {
		if math.IsInf(e, 1) {
			return nil, errs.Errorf(errs.ErrNeverFinishes, "from square %d no play surely reaches the last square: a race played to win is held where every square has one", v)
		}
	}
	top := g.Top
	// A second layer of pairs where a square costs a turn: the other's
	// next turn is passed over, so that the mover moves again after this.
	layers := 1
	for _, e := range g.Eff {
		if e == grid.Miss {
			layers = 2
		}
	}
	pairs := float64(layers) * float64(top) * float64(top)
	dice := []int32{0}
	if len(c.Faces) > 0 {
		dice = appendFaces(nil, c.Faces)
	}
	// A sweep's throws: every pair, every die's totals. The first sweep's
	// work is known before the tables are made: a race past the bound is
	// refused before they are.
	throws, _ := totals(g, dice)
	throws *= pairs
	if err := g.Spend(raceSteps*throws+pairs, "a sweep of the race"); err != nil {
		return nil, err
	}
	chained := (c.Ladders || c.Snakes) && r.Chain // the best stops are a table of their own
	bytes := 14 * pairs
	if chained {
		bytes += 8 * pairs
	}
	if !g.Take(bytes) {
		return nil, g.TooBig(bytes, "the race of two players on %d squares", top)
	}
	can := c.declinable(sq.Flat, nil)
	n := int(top)
	nn := n * n
	rc := &Race{Top: top, Win: make([]float64, layers*nn), Die: make([]int32, layers*nn), Take: make([]bool, layers*(n+1)*n), Start: g.Start}
	var best []float64 // [k*(Top+1)*Top + x*Top+b]: the best stop of a token put down on x, the other on b
	if chained {
		best = make([]float64, layers*(n+1)*n)
	}
	done := make([]bool, n+1)
	stack := []int32(nil)
	// stopValue is what stopping on s (moved there, not the last square
	// but for a win) is worth to the mover, the other on b; stayValue is
	// a throw that does not move the mover, on a.
	stopValue := func(k int, s, b int32) float64 {
		if s == top {
			return 1
		}
		return rc.worth(rc.after(g, k, s, b, true))
	}
	stayValue := func(k int, a, b int32) float64 { return rc.worth(rc.after(g, k, a, b, false)) }
	// landValue is what a throw that puts the mover down on x is worth,
	// the other on b, the jumps taken or declined at their best: from the
	// values as they stand, so that a sweep carries what it learns at once;
	// under Chain where a jump may be declined, from the table of best
	// stops (bestStops) the sweep began with.
	landValue := func(k int, x, b int32) float64 {
		to := sq.Flat[x]
		switch {
		case x == top:
			return 1
		case can == nil:
			return stopValue(k, g.Land(x), b)
		case to < 0 || to == x:
			return stopValue(k, x, b)
		case r.Chain:
			return best[k*(n+1)*n+int(x)*n+int(b)]
		}
		went := stopValue(k, to, b)
		if can[x] {
			return max(stopValue(k, x, b), went)
		}
		return went
	}
	steps := 0 // throws since the context was looked at
	for {
		rc.Sweeps++
		if rc.Sweeps > 1 { // the first was charged before the tables
			if err := g.Spend(raceSteps*throws+pairs, "a sweep of the race"); err != nil {
				return nil, err
			}
		}
		if err := budget.Stopped(ctx); err != nil {
			return nil, err
		}
		if chained {
			for k := range layers {
				bestStops(rc, k, sq, can, best, done, &stack, stopValue)
			}
		}
		// Each pair's best die, the pairs farthest on first, so that a
		// sweep carries most of what it learns forward at once.
		moved := 0.0
		for sum := 2*int(top) - 2; sum >= 0; sum-- {
			for a, k := min(sum, n-1), layers-1; a >= 0 && sum-a < n; {
				b := int32(sum - a)
				i := k*nn + a*n + int(b)
				if steps += int(throws / pairs); steps > budget.CheckEvery {
					if err := budget.Stopped(ctx); err != nil {
						return nil, err
					}
					steps = 0
				}
				w, pick := math.Inf(-1), int32(0)
				for _, d := range dice {
					// Each throw's weight is out of the rules' dice's Den.
					v := 0.0
					g.Throws(int32(a), d, func(total, landed, _ int32, wt float64) {
						if !g.Moved(int32(a), total) {
							v += wt * stayValue(k, int32(a), b)
						} else {
							v += wt * landValue(k, landed, b)
						}
					})
					if v /= g.Dice.Den; v > w { // ties keep the die listed first
						w, pick = v, d
					}
				}
				moved = max(moved, math.Abs(w-rc.Win[i]))
				rc.Win[i], rc.Die[i] = w, pick
				if k--; k < 0 {
					a, k = a-1, layers-1
				}
			}
		}
		if moved <= raceTolerance {
			break
		}
	}
	// The jumps' choices under the values found.
	for k := range layers {
		if chained {
			bestStops(rc, k, sq, can, best, done, &stack, stopValue)
			continue
		}
		for x := int32(1); x < top; x++ {
			to := sq.Flat[x]
			if to < 0 || to == x {
				continue
			}
			for b := int32(0); b < top; b++ {
				rc.Take[k*(n+1)*n+int(x)*n+int(b)] = can == nil || !can[x] || stopValue(k, to, b) > stopValue(k, x, b)
			}
		}
	}
	if err := rc.ends(ctx, g, sq, can, r.Chain, layers); err != nil {
		return nil, err
	}
	return rc, nil
}

// worth is what state (k, a, b) is worth to the player who threw into it:
// the mover's chance there where it moves again (same), else one less.
func (rc *Race) worth(k int, a, b int32, same bool) float64 {
	n := int(rc.Top)
	w := rc.Win[k*n*n+int(a)*n+int(b)]
	if !same {
		w = 1 - w
	}
	return w
}

// after is the state after a throw that left the mover, in layer k with
// the other on b, on s (moved: the throw moved it there; s is not the
// last square): its layer, the squares of the player who moves in it and
// of the other, and whether that is the same player. Under Bump a mover
// that stops on the other sends it back to the start (keeping a turn it is
// to miss); a square that gives another throw keeps the mover moving; one
// that costs a turn gives the other two turns in a row; and where the
// other's turn is passed over (k is 1) the mover moves again.
func (rc *Race) after(g *model.Game, k int, s, b int32, moved bool) (k2 int, a2, b2 int32, same bool) {
	if moved && g.Bump && s == b && s != 0 {
		b = rc.Start
	}
	e := grid.None
	if moved {
		e = g.Eff[s]
	}
	switch {
	case e == grid.Again:
		return k, s, b, true
	case e == grid.Miss && k == 1:
		return 0, b, s, false
	case e == grid.Miss:
		return 1, b, s, false
	case k == 1:
		return 0, s, b, true
	}
	return 0, b, s, false
}

// ends returns an error wrapping errs.ErrNeverFinishes where players who
// both follow rc from the start may never finish: under Bump, two tokens
// that send each other back for ever, where the game is not the zero-sum
// one the values are of (or where a choice that loops is worth as much as
// one that goes on). It follows the pairs the start reaches, then marks
// back from those with a throw that wins.
func (rc *Race) ends(ctx context.Context, g *model.Game, sq *grid.Squares, can []bool, chain bool, layers int) error {
	top, n := rc.Top, int(rc.Top)
	nn := n * n
	// stop is where the mover, put down on x with the other on b, stops
	// as rc plays the jumps in layer k.
	stop := func(k int, x, b int32) int32 {
		if can == nil {
			return g.Land(x) // every jump taken, chained as the game chains them
		}
		for { // a chain with a jump that may be declined has no loop (Check)
			to := sq.Flat[x]
			if to < 0 || to == x || !rc.Take[k*(n+1)*n+int(x)*n+int(b)] {
				return x
			}
			if !chain {
				return to
			}
			x = to
		}
	}
	at := func(k int, a, b int32, _ bool) int { return k*nn + int(a)*n + int(b) }
	// next calls each with the states a throw from state i can leave
	// (after), or -1 for a win.
	next := func(i int, each func(j int)) {
		k, a, b := i/nn, int32(i%nn/n), int32(i%n)
		g.Throws(a, rc.Die[i], func(total, landed, _ int32, _ float64) {
			switch {
			case !g.Moved(a, total):
				each(at(rc.after(g, k, a, b, false)))
			case stop(k, landed, b) == top:
				each(-1)
			default:
				each(at(rc.after(g, k, stop(k, landed, b), b, true)))
			}
		})
	}
	start := at(0, rc.Start, rc.Start, false)
	if rc.Start >= top {
		return nil
	}
	// The states reached, those that can finish, and the queue of them.
	if bytes := 10 * float64(layers*nn); !g.Take(bytes) {
		return g.TooBig(bytes, "following the race of two players on %d squares", top)
	}
	reached := make([]bool, layers*nn)
	reached[start] = true
	queue := []int{start}
	for k := 0; k < len(queue); k++ {
		if k%4096 == 0 {
			if err := budget.Stopped(ctx); err != nil {
				return err
			}
		}
		i := queue[k]
		next(i, func(j int) {
			if j >= 0 && !reached[j] {
				reached[j] = true
				queue = append(queue, j)
			}
		})
	}
	// The pairs that can end the game, by sweeps until none is added.
	finish := make([]bool, layers*nn)
	for added := true; added; {
		added = false
		if err := budget.Stopped(ctx); err != nil {
			return err
		}
		for k := len(queue) - 1; k >= 0; k-- {
			i := queue[k]
			if finish[i] {
				continue
			}
			next(i, func(j int) {
				if j < 0 || finish[j] {
					finish[i] = true
				}
			})
			added = added || finish[i]
		}
	}
	for _, i := range queue {
		if !finish[i] {
			return errs.Errorf(errs.ErrNeverFinishes, "two players who play to win may never finish: from a token on %d and the other on %d they can send each other back for ever, and the race is not the zero-sum game its values are of", i%nn/n, i%n)
		}
	}
	return nil
}

// bestStops sets best[x*Top+b], for every square x a throw can put the
// mover down on and every square b of the other's, to the best of the
// stops x's chain of jumps allows (each jump taken or, where can says,
// declined; Chain, with no loop: Check), and rc.Take to the choice at x:
// each chain followed once, the next square of a chain before it.
func bestStops(rc *Race, k int, sq *grid.Squares, can []bool, best []float64, done []bool, stack *[]int32, stopValue func(k int, s, b int32) float64) {
	top, n := rc.Top, int(rc.Top)
	base := k * (n + 1) * n // layer k's stops
	clear(done)
	for x := int32(1); x <= top; x++ {
		st := append((*stack)[:0], x)
		for len(st) > 0 {
			s := st[len(st)-1]
			to := sq.Flat[s]
			if to >= 0 && to != s && !done[to] {
				st = append(st, to)
				continue
			}
			st = st[:len(st)-1]
			done[s] = true
			for b := int32(0); b < top; b++ {
				v, take := 0.0, false
				switch {
				case s == top:
					v = 1
				case to < 0 || to == s:
					v = stopValue(k, s, b)
				default:
					stay, went := math.Inf(-1), best[base+int(to)*n+int(b)]
					if can[s] {
						stay = stopValue(k, s, b)
					}
					v, take = max(stay, went), went > stay
				}
				best[base+int(s)*n+int(b)] = v
				rc.Take[base+int(s)*n+int(b)] = take
			}
		}
		*stack = st
	}
}
