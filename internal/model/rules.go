package model

import (
	"math"
	"strconv"

	"github.com/snakesladders/snakes/internal/budget"
	"github.com/snakesladders/snakes/internal/errs"
)

// This file holds the rules as the model reads them (the root package's
// Rules without their JSON or methods) and what one throw of the dice can
// show: the totals and their chances.

// Rules are the fields of the public Rules, documented there.
type Rules struct {
	Faces         int
	StartOffBoard bool
	Overshoot     Overshoot
	Chain         bool
	Dice          int
	Weights       []int
	Enter         int
	Again         int
	AgainLimit    int
	OnLimit       Penalty
	Bump          bool
	PlayOn        bool

	Lim *Limits // the call's bounds: nil for DefaultLimits

	// Meter, when not nil, counts against one bound the work of the solves
	// that charge it (the expected length's methods, GMRES, the walks, a
	// jump's chance): a call that makes many solves shares it.
	Meter *budget.Meter
	// Mem, when not nil, holds the memory of the call's tables: a call
	// that compiles several games shares it, and one kept in pooled
	// scratch costs no allocation. Else a game makes its own (Game.Take).
	Mem *budget.Memory
}

// Overshoot is what a roll past the last square does, numbered as the
// public Overshoot.
type Overshoot int

// The overshoots.
const (
	Stay Overshoot = iota
	Bounce
	Finish
)

// Penalty is where a token goes when a run of Again throws reaches
// AgainLimit, numbered as the public Penalty.
type Penalty int

// The penalties.
const (
	VoidTurn Penalty = iota
	BackToStart
)

// The bounds on what one call may take, documented where the root package
// exports them.
const (
	MaxBytes = 2 << 30
	MaxWork  = 1 << 31
)

// What follows knows what one throw of the dice can show: the totals and
// their chances, from Rules.Faces, Dice and Weights.

// A Dice is the distribution of one throw's total: total lo+i comes up
// n[i] times in den. For the fair dice and integer weights people use, n
// and den are whole numbers, exactly represented, so that sums of them
// are exact; for dice whose counts pass 2⁵³ they are chances, den 1.
type Dice struct {
	Lo, Hi int32     // the smallest and largest total that can show
	N      []float64 // nil for one fair die: each of 1..hi is 1 in hi
	Den    float64
	Counts []int64 // the exact counts behind n when they fit, for exact arithmetic; nil for one fair die
}

// Spans are the intervals of totals that can show, in increasing order.
func (t *Dice) Spans() [][2]int32 {
	if t.N == nil {
		return [][2]int32{{t.Lo, t.Hi}}
	}
	var out [][2]int32
	for s := t.Lo; s <= t.Hi; s++ {
		if t.Weight(s) == 0 {
			continue
		}
		if n := len(out); n > 0 && out[n-1][1] == s-1 {
			out[n-1][1] = s
		} else {
			out = append(out, [2]int32{s, s})
		}
	}
	return out
}

// Weight returns how many of den throws total s.
func (t *Dice) Weight(s int32) float64 {
	if s < t.Lo || s > t.Hi {
		return 0
	}
	if t.N == nil {
		return 1
	}
	return t.N[s-t.Lo]
}

// NewDice validates r's fields and works out the distribution of a
// throw's total. One fair die allocates nothing.
func NewDice(r Rules) (Dice, error) {
	switch {
	case r.Faces < 0 || r.Faces > maxFaces:
		return Dice{}, errs.Errorf(errs.ErrInvalidRules, "Faces is %d, want 0 (meaning 6) or 1..%d", r.Faces, maxFaces)
	case r.Overshoot < Stay || r.Overshoot > Finish:
		return Dice{}, errs.Errorf(errs.ErrInvalidRules, "Overshoot is %d, want Stay (0), Bounce (1) or Finish (2)", int(r.Overshoot))
	case r.OnLimit < VoidTurn || r.OnLimit > BackToStart:
		return Dice{}, errs.Errorf(errs.ErrInvalidRules, "OnLimit is %d, want VoidTurn (0) or BackToStart (1)", int(r.OnLimit))
	case r.Dice < 0:
		return Dice{}, errs.Errorf(errs.ErrInvalidRules, "Dice is %d, want 0 (meaning 1) or more", r.Dice)
	case r.Enter < 0:
		return Dice{}, errs.Errorf(errs.ErrInvalidRules, "Enter is %d, want 0 (no throw needed to enter) or a total the dice can show", r.Enter)
	case r.Again < 0:
		return Dice{}, errs.Errorf(errs.ErrInvalidRules, "Again is %d, want 0 (no throw again) or a total the dice can show", r.Again)
	case r.AgainLimit < 0 || r.AgainLimit > maxAgainLimit:
		return Dice{}, errs.Errorf(errs.ErrInvalidRules, "AgainLimit is %d, want 0 (no limit) or 1..%d", r.AgainLimit, maxAgainLimit)
	case r.AgainLimit > 0 && r.Again == 0:
		return Dice{}, errs.Errorf(errs.ErrInvalidRules, "AgainLimit is %d but Again is 0: a limit needs a total that throws again", r.AgainLimit)
	case len(r.Weights) > 0 && r.Faces != 0 && r.Faces != len(r.Weights):
		return Dice{}, errs.Errorf(errs.ErrInvalidRules, "Faces is %d beside %d Weights, want 0 or %d", r.Faces, len(r.Weights), len(r.Weights))
	case len(r.Weights) > maxFaces:
		return Dice{}, errs.Errorf(errs.ErrInvalidRules, "Weights has %d faces, over the bound of %d", len(r.Weights), maxFaces)
	}
	faces := r.Faces
	if len(r.Weights) > 0 {
		faces = len(r.Weights)
	} else if faces == 0 {
		faces = 6
	}
	dice := max(r.Dice, 1)
	if total := float64(dice) * float64(faces); total > maxFaces {
		return Dice{}, errs.Errorf(errs.ErrInvalidRules, "Dice is %d of %d faces: totals up to %.0f, over the bound of %d", dice, faces, total, maxFaces)
	}
	var t Dice
	if len(r.Weights) == 0 && dice == 1 {
		t = Dice{Lo: 1, Hi: int32(faces), Den: float64(faces)}
	} else {
		var err error
		if t, err = weighDice(r.Weights, faces, dice); err != nil {
			return Dice{}, err
		}
	}
	if r.Enter > 0 && t.Weight(int32(min(r.Enter, maxFaces+1))) == 0 {
		return Dice{}, errs.Errorf(errs.ErrInvalidRules, "Enter is %d, a total the dice never show (they show %s)", r.Enter, t.shows())
	}
	if r.Again > 0 {
		a := t.Weight(int32(min(r.Again, maxFaces+1)))
		switch {
		case a == 0:
			return Dice{}, errs.Errorf(errs.ErrInvalidRules, "Again is %d, a total the dice never show (they show %s)", r.Again, t.shows())
		case a == t.Den && r.AgainLimit == 0:
			return Dice{}, errs.Errorf(errs.ErrInvalidRules, "Again is %d, the only total the dice show, with no AgainLimit: a turn would never end", r.Again)
		}
	}
	return t, nil
}

// shows says which totals t can show, for error messages.
func (t *Dice) shows() string {
	if t.Lo == t.Hi {
		return itoa(t.Lo) + " only"
	}
	if t.N == nil {
		return itoa(t.Lo) + ".." + itoa(t.Hi)
	}
	for s := t.Lo; s <= t.Hi; s++ {
		if t.Weight(s) == 0 {
			return "some of " + itoa(t.Lo) + ".." + itoa(t.Hi)
		}
	}
	return itoa(t.Lo) + ".." + itoa(t.Hi)
}

func itoa(v int32) string { return strconv.FormatInt(int64(v), 10) }

// weighDice adds up dice dice of faces faces, loaded by weights (fair when
// weights is empty), into the chance of each total.
func weighDice(weights []int, faces, dice int) (Dice, error) {
	w := make([]float64, faces)
	var sum float64
	var drawn int64 // the weights' sum, which a throw draws from
	for k := range w {
		w[k] = 1
		if len(weights) > 0 {
			if weights[k] < 0 {
				return Dice{}, errs.Errorf(errs.ErrInvalidRules, "Weights[%d] is %d, want 0 or more", k, weights[k])
			}
			if int64(weights[k]) > math.MaxInt64-drawn {
				return Dice{}, errs.Errorf(errs.ErrInvalidRules, "Weights[%d] is %d, which brings the weights' sum past 2⁶³−1", k, weights[k])
			}
			drawn += int64(weights[k])
			w[k] = float64(weights[k])
		}
		sum += w[k]
	}
	if sum == 0 {
		return Dice{}, errs.Errorf(errs.ErrInvalidRules, "Weights are all 0: no face can show")
	}
	if work := float64(dice) * float64(dice) * float64(faces) * float64(faces) / 2; dice > 1 && work > maxDiceWork {
		return Dice{}, errs.Errorf(errs.ErrInvalidRules, "Dice is %d of %d faces: adding up their chances takes about %.3g steps, over the bound of %d", dice, faces, work, maxDiceWork)
	}
	// Counts stay whole numbers while the number of outcomes fits in 2⁵³;
	// past that each die's weights become chances.
	whole := float64(dice)*math.Log2(sum) <= 53
	if !whole {
		for k := range w {
			w[k] /= sum
		}
	}
	lo, hi := 0, faces-1 // the faces that show, 0-based
	for w[lo] == 0 {
		lo++
	}
	for w[hi] == 0 {
		hi--
	}
	face := w[lo : hi+1]
	dist := append([]float64(nil), face...)
	for d := 1; d < dice; d++ {
		next := make([]float64, len(dist)+len(face)-1)
		for i, a := range dist {
			if a == 0 {
				continue
			}
			for j, b := range face {
				next[i+j] += a * b
			}
		}
		dist = next
	}
	t := Dice{Lo: int32(dice * (lo + 1)), Hi: int32(dice * (hi + 1)), N: dist}
	for _, c := range dist {
		t.Den += c
	}
	if whole {
		t.Counts = make([]int64, len(dist))
		for i, c := range dist {
			t.Counts[i] = int64(c)
		}
	}
	return t, nil
}

// maxFaces bounds Rules.Faces, and the largest total of a throw, so that
// per-square move tables stay small.
const maxFaces = 1 << 16

// maxAgainLimit bounds Rules.AgainLimit: the searches keep one state for
// each square and each length of a run of Again throws.
const maxAgainLimit = 64

// maxDiceWork bounds the work of adding up Dice dice into the chances of
// each total, about Dice² · faces² / 2 steps for a loaded die.
const maxDiceWork = 1 << 24
