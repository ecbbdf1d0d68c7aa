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
	Win    []float64 // [a*Top+b]: the mover's chance on a, the other on b
	Die    []int32   // [a*Top+b]: the faces of the die picked; 0 for the rules' dice
	Take   []bool    // [x*Top+b]: the jump from x is taken, the other on b
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
// with choice c, which Check has passed; squares with effects are refused
// with errs.ErrInvalidRules naming the lowest (not held yet). Each sweep
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
	if len(g.Eff) > 0 {
		least := int32(-1)
		for s := range g.Eff {
			if least < 0 || s < least {
				least = s
			}
		}
		return nil, errs.Errorf(errs.ErrInvalidRules, "square %d has an effect: a race played to win on a board with squares that give another throw or cost a turn is not held", least)
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
	pairs := float64(top) * float64(top)
	if bytes := 22 * pairs; !g.Take(bytes) {
		return nil, g.TooBig(bytes, "the race of two players on %d squares", top)
	}
	dice := []int32{0}
	if len(c.Faces) > 0 {
		dice = appendFaces(nil, c.Faces)
	}
	var can []bool
	if c.Ladders || c.Snakes {
		can = make([]bool, top+1)
		for s, to := range sq.Flat {
			can[s] = to >= 0 && (to > int32(s) && c.Ladders || to < int32(s) && c.Snakes)
		}
	}
	n := int(top)
	rc := &Race{Top: top, Win: make([]float64, n*n), Die: make([]int32, n*n), Take: make([]bool, (n+1)*n), Start: g.Start}
	best := make([]float64, (n+1)*n) // [x*Top+b]: the best stop of a token put down on x, the other on b
	done := make([]bool, n+1)
	stack := []int32(nil)
	// A pass's throws: every pair, every die's totals.
	throws := 0.0
	for _, d := range dice {
		if d == 0 {
			throws += float64(g.Dice.Hi - g.Dice.Lo + 1)
		} else {
			throws += float64(d)
		}
	}
	throws *= pairs
	// stopValue is what stopping on s is worth to a mover whose throw put
	// it down, the other on b: a win on the last square, else the other's
	// turn, the other sent back under Bump where the mover stops on it.
	stopValue := func(s, b int32) float64 {
		if s == top {
			return 1
		}
		if g.Bump && s == b && s != 0 {
			b = g.Start
		}
		return 1 - rc.Win[int(b)*n+int(s)]
	}
	// landValue is what a throw that puts the mover down on x is worth,
	// the other on b, the jumps taken or declined at their best: from the
	// values as they stand, so that a sweep carries what it learns at once;
	// under Chain where a jump may be declined, from the table of best
	// stops (bestStops) the sweep began with.
	landValue := func(x, b int32) float64 {
		to := sq.Flat[x]
		switch {
		case x == top:
			return 1
		case can == nil:
			return stopValue(g.Land(x), b)
		case to < 0 || to == x:
			return stopValue(x, b)
		case r.Chain:
			return best[int(x)*n+int(b)]
		}
		went := stopValue(to, b)
		if can[x] {
			return max(stopValue(x, b), went)
		}
		return went
	}
	for {
		rc.Sweeps++
		if err := g.Spend(raceSteps*throws+pairs, "a sweep of the race"); err != nil {
			return nil, err
		}
		if err := budget.Stopped(ctx); err != nil {
			return nil, err
		}
		if can != nil && r.Chain {
			bestStops(rc, sq, can, best, done, &stack, stopValue)
		}
		// Each pair's best die, the pairs farthest on first, so that a
		// sweep carries most of what it learns forward at once.
		moved := 0.0
		for sum := 2*int(top) - 2; sum >= 0; sum-- {
			for a := min(sum, n-1); a >= 0 && sum-a < n; a-- {
				b := int32(sum - a)
				i := a*n + int(b)
				w, pick := math.Inf(-1), int32(0)
				for _, d := range dice {
					// Each throw's weight is out of the rules' dice's Den.
					v := 0.0
					g.Throws(int32(a), d, func(total, landed, _ int32, wt float64) {
						if !g.Moved(int32(a), total) {
							v += wt * (1 - rc.Win[int(b)*n+a])
						} else {
							v += wt * landValue(landed, b)
						}
					})
					if v /= g.Dice.Den; v > w { // ties keep the die listed first
						w, pick = v, d
					}
				}
				moved = max(moved, math.Abs(w-rc.Win[i]))
				rc.Win[i], rc.Die[i] = w, pick
			}
		}
		if moved <= raceTolerance {
			break
		}
	}
	// The jumps' choices under the values found.
	if can != nil && r.Chain {
		bestStops(rc, sq, can, best, done, &stack, stopValue)
		return rc, nil
	}
	for x := int32(1); x < top; x++ {
		to := sq.Flat[x]
		if to < 0 || to == x {
			continue
		}
		for b := int32(0); b < top; b++ {
			rc.Take[int(x)*n+int(b)] = can == nil || !can[x] || stopValue(to, b) > stopValue(x, b)
		}
	}
	return rc, nil
}

// bestStops sets best[x*Top+b], for every square x a throw can put the
// mover down on and every square b of the other's, to the best of the
// stops x's chain of jumps allows (each jump taken or, where can says,
// declined; Chain, with no loop: Check), and rc.Take to the choice at x:
// each chain followed once, the next square of a chain before it.
func bestStops(rc *Race, sq *grid.Squares, can []bool, best []float64, done []bool, stack *[]int32, stopValue func(s, b int32) float64) {
	top, n := rc.Top, int(rc.Top)
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
					v = stopValue(s, b)
				default:
					stay, went := math.Inf(-1), best[int(to)*n+int(b)]
					if can[s] {
						stay = stopValue(s, b)
					}
					v, take = max(stay, went), went > stay
				}
				best[int(s)*n+int(b)] = v
				rc.Take[int(s)*n+int(b)] = take
			}
		}
		*stack = st
	}
}
