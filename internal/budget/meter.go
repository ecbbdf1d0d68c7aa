package budget

import "github.com/snakesladders/snakes/internal/errs"

// This file counts the work of a call that makes several solves, against
// one bound for all of them.

// A Meter counts the steps a call's solves take, each charging what it
// does as it does it, against one bound. A nil *Meter counts nothing: each
// solve then answers to its own bound alone.
type Meter struct {
	figure       string // what the call answers, for messages
	bound, spent float64
	name         string // the bound's name in a message: " (MaxWork)", or ""
}

// NewMeter returns a Meter of bound steps for the call that answers
// figure, the bound named in its errors by name (" (MaxWork)" for the
// package's bound, else "").
func NewMeter(figure string, bound float64, name string) *Meter {
	return &Meter{figure: figure, bound: bound, name: name}
}

// Charge adds steps, the work of what, and returns an error wrapping
// errs.ErrTooLarge once the steps charged pass the bound.
func (m *Meter) Charge(steps float64, what string) error {
	if m == nil {
		return nil
	}
	m.spent += steps
	if m.spent > m.bound {
		return errs.Errorf(errs.ErrTooLarge, "%s: %s brings its work to %.3g steps, over the bound of %.3g%s", m.figure, what, m.spent, m.bound, m.name)
	}
	return nil
}

// Spent returns the steps charged so far, 0 for a nil Meter.
func (m *Meter) Spent() float64 {
	if m == nil {
		return 0
	}
	return m.spent
}
