package engine

import (
	"math"

	"github.com/snakesladders/snakes/internal/errs"
	"github.com/snakesladders/snakes/internal/linalg"
)

// Distribution follows w from the start to turn maxTurns, or to its
// settled tail, for LengthDistribution.
func (w *Walk) Distribution(maxTurns int) ([]float64, error) {
	dist := make([]float64, maxTurns+1)
	dist[0] = w.Finished
	for t := 1; t <= maxTurns; t++ {
		dist[t] = w.Turn()
		if w.alive == 0 {
			break // nothing left can finish: the rest are 0
		}
		if t%settled == 0 {
			if lambda, ok := w.geometric(); ok {
				p := w.left * (1 - lambda)
				for u := t + 1; u <= maxTurns && p != 0; u++ {
					dist[u] = p
					p *= lambda
				}
				break
			}
		}
		if err := w.Budget(); err != nil {
			return nil, err
		}
	}
	return dist, nil
}

// Quantiles follows w from where it stands to each of qs, ascending: to
// the first turn by which the chance of having finished reaches q, or the
// chance of still playing falls to tailBound(q), on a board the token
// cannot be trapped on. Where that turn is over tailFrom turns beyond the
// settled tail (tail.go), or more than the work bound leaves for turns as
// dear as the latest, the walk skips whole windows of it and follows the
// last two windows turn by turn; or, where the bound leaves less than two
// windows and the chances do not cycle, all but the last tailNear turns.
func (w *Walk) Quantiles(qs []float64) ([]int, error) {
	out := make([]int, 0, len(qs))
	var done linalg.Sum // chance of having finished by turn t, until a skip
	done.Add(w.Finished)
	skipped := false
	var tl tail
	// Before a skip, the chance of still playing is the sum of what is left
	// on the squares, precise however small, while the chance of having
	// finished rounds to 1 near it: q = 1 reads only the first. After one,
	// what the tail has counted.
	reached := func(q float64) bool {
		if skipped {
			return tl.past(TailBound(q))
		}
		return q < 1 && done.Value() >= q || w.Trap < 0 && w.aliveAtMost(TailBound(q))
	}
	// On a board of few squares, powers of the turn matrix (powers.go)
	// answer any length at a fixed cost: once the walk has spent that, the
	// rest goes by them.
	squares, start := reachedSquares(w.g, w.Reached), w.Work
	perTurn := 0.0 // what the latest turn cost
	for t := 0; ; t++ {
		if t > 0 {
			before, spent := w.alive, w.Work
			f := w.Turn()
			perTurn = w.Work - spent
			done.Add(f)
			if w.Trap < 0 {
				tl.observe(f, before)
			}
		}
		for len(out) < len(qs) && reached(qs[len(out)]) {
			out = append(out, t)
		}
		if len(out) == len(qs) {
			return out, nil
		}
		switch q := qs[len(out)]; {
		case w.Trap >= 0 && q == 1:
			return nil, errs.Errorf(errs.ErrNeverFinishes, "square %d can be reached, and the last square cannot be reached from it", w.Trap)
		case w.Trap >= 0 && done.Value()+w.alive < q:
			// What has finished and what still can: a bound, which falls
			// turn by turn towards the chance of finishing.
			return nil, errs.Errorf(errs.ErrNeverFinishes, "the player finishes with probability at most %.4g (found after %d turns), less than %v", done.Value()+w.alive, t, q)
		}
		if squares <= powersMax && w.Work-start > powersCost(squares) && w.table(powersCost(squares)) {
			return w.newPowers().quantiles(w, qs, out)
		}
		if j := tl.turnsUntil(TailBound(qs[len(out)])); tl.settled(w) && (j > TailFrom || w.Work+j*perTurn > w.g.Lim.Work) {
			if float64(t)+j > math.MaxInt-2*tailWindow {
				return nil, errs.Errorf(errs.ErrTooLarge, "the %v quantile of the length is about %.3g turns, more than an int holds", qs[len(out)], float64(t)+j)
			}
			n := (math.Floor(min(j, tl.skippable())/tailWindow) - 1) * tailWindow
			if tl.wobble <= 0.5 && w.Work+2*tailWindow*perTurn > w.g.Lim.Work {
				// Two windows are more than the bound leaves, and no cycle
				// needs whole windows to keep its phase: skip to tailNear
				// turns short.
				n = math.Floor(j) - tailNear
			}
			if n > 0 {
				w.skip(int(n), math.Exp(-tl.rate*n))
				tl.skip(n)
				t += int(n)
				skipped = true
			}
		}
		if err := w.Budget(); err != nil {
			return nil, err
		}
	}
}

// aliveAtMost reports whether the chance of still playing is at most p,
// counting what its rounding dropped: on boards whose chances are powers of
// two, alive can round onto p exactly while the sum it stands for is above.
func (w *Walk) aliveAtMost(p float64) bool {
	return w.alive < p || w.alive == p && w.aliveLow <= 0
}

// skip moves w on by n turns of its settled tail, over which the chance on
// every square falls by factor.
func (w *Walk) skip(n int, factor float64) {
	for v := range w.Mass {
		w.Mass[v] *= factor
	}
	w.alive *= factor
	w.aliveLow *= factor
	w.left *= factor
	w.Turns += n
}

// Mode follows w from where it stands to its most likely length: until no
// later turn can be likelier, for want of enough games still going, or
// until one whole window past the settled tail (tail.go), after which each
// window's chances are the last one's times λ^tailWindow.
func (w *Walk) Mode() (int, error) {
	best, mode := w.Finished, 0
	var tl tail
	stop := -1 // the turn the walk stops on, once the tail has settled
	for t := 1; w.alive > best && t != stop; t++ {
		before := w.alive
		f := w.Turn()
		if f > best {
			best, mode = f, t
		}
		if w.Trap < 0 && stop < 0 {
			if tl.observe(f, before); tl.settled(w) {
				stop = t + tailWindow
			}
		}
		if err := w.Budget(); err != nil {
			return 0, err
		}
	}
	if best == 0 {
		return 0, errs.Errorf(errs.ErrNeverFinishes, "the player can never reach square %d", w.g.Last)
	}
	return mode, nil
}
