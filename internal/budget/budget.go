package budget

import (
	"context"

	"github.com/snakesladders/snakes/internal/errs"
)

// This file is how a call is bounded as it runs: how long loops notice
// that its context is done, and the meter that counts the work of its
// several solves against one bound.
//
// Every loop that can run longer than about a millisecond asks Stopped at
// least that often, counting its own steps so that short calls pay nothing
// measurable: a done context's Err takes a lock. The tightest loops (the
// sweeps of the structured eliminations) look between blocks of squares,
// or, where even that costs them a tenth of their speed (ExpectedTurns'
// own sweeps, whose rows' bounds keep them within 10 ms on a board the
// server takes), before they start.

// Stopped returns ctx's error once ctx is done, and nil for a nil ctx.
func Stopped(ctx context.Context) error {
	if ctx == nil {
		return nil
	}
	return ctx.Err()
}

// CheckEvery is about how many elementary steps (a multiply-add, a move
// followed) a loop takes between two looks at its context: well under a
// millisecond here.
const CheckEvery = 1 << 18

// What follows counts the work of a call that makes several solves, against
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

// What follows counts the memory of a call's tables against one bound.

// Memory holds the bytes of the large tables a call has made and not yet
// dropped, against one bound: each is taken just before it is made, when
// its size is known, and given back when the solve that made it returns
// (Back), so that the
// bound is on what the call holds at once rather than on each table. A nil
// *Memory holds nothing and bounds nothing.
type Memory struct {
	bound, held float64
}

// NewMemory returns a Memory of bound bytes.
func NewMemory(bound float64) *Memory { return &Memory{bound: bound} }

// Reset makes m a Memory of bound bytes holding nothing: for one kept in
// a pooled object, so that a call's account costs no allocation.
func (m *Memory) Reset(bound float64) { *m = Memory{bound: bound} }

// Take adds bytes, a table about to be made, and reports whether the
// call's tables then fit the bound; a table that does not fit is not
// added, and held returns what the call holds with it.
func (m *Memory) Take(bytes float64) (held float64, ok bool) {
	if m == nil {
		return bytes, true
	}
	if m.held+bytes > m.bound {
		return m.held + bytes, false
	}
	m.held += bytes
	return m.held, true
}

// Give gives back bytes taken for tables the call has dropped.
func (m *Memory) Give(bytes float64) {
	if m != nil {
		m.held = max(m.held-bytes, 0)
	}
}

// Back gives back what was taken since Held returned held: the tables a
// solve made and has dropped, when it returns its answer.
func (m *Memory) Back(held float64) {
	if m != nil && m.held > held {
		m.held = held
	}
}

// Held returns the bytes held, 0 for a nil Memory.
func (m *Memory) Held() float64 {
	if m == nil {
		return 0
	}
	return m.held
}
