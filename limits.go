package snakes

import "github.com/snakesladders/snakes/internal/model"

// This file holds the bounds on every call (MaxBytes, MaxWork) and the
// limits each call reads them from.

// The bounds on what one call may take. A request beyond them gets an error
// wrapping [ErrTooLarge] instead of an answer, before the memory is
// allocated, so that no argument can take the process down: the Go runtime
// cannot recover from running out of memory.
const (
	// MaxBytes bounds the memory one call allocates, 2 GiB, so that a
	// server answering a few calls at once on a machine of a few
	// gigabytes stays up. It is checked against an estimate made before
	// allocating; what the process holds at its peak is up to about a
	// fifth more (the runtime's own and what the collector has yet to
	// reclaim).
	MaxBytes = 2 << 30

	// MaxWork bounds the elementary steps (a turn's end followed or a
	// square visited) that one call on random play may take. Each engine
	// prices its work in steps of 1 to 4 ns on this package's two-core
	// test machine (a turn's end far from its square, a cache miss on a
	// large board, counts 13), so that a call reaches the bound within
	// about 2 to 9 s (BenchmarkBounds in the bench module). Taking every
	// turn from every square, which every random-play figure does first,
	// counts 16 steps a throw (it costs 10 to 50 ns), and is refused
	// before it starts when that alone passes the bound. Jumps past the
	// structured solve counts its multiply-adds, 8 to a step (about 0.3 ns
	// each on two cores). [Rules.WithMaxWork] sets another bound.
	MaxWork = 1 << 31
)

// WithMaxBytes returns r whose calls refuse, with an error wrapping
// [ErrTooLarge] that says how much they need, what needs over bytes of
// memory: a server answering untrusted requests bounds each below
// [MaxBytes] this way. The bound applies to each table a call allocates,
// checked against its estimate before allocating; an [Analysis] holds the
// tables of the figures asked of it, up to about three at once (the
// compiled chain, the walk, the solve). A bound of 0 or less, or over
// MaxBytes, is MaxBytes. The bound is not part of the rules' JSON.
func (r Rules) WithMaxBytes(bytes int64) Rules {
	l := r.limitsCopy()
	l.Bytes = MaxBytes
	if bytes > 0 && bytes < MaxBytes {
		l.Bytes = float64(bytes)
	}
	r.lim = l
	return r
}

// WithMaxWork returns r whose calls refuse, with an error wrapping
// [ErrTooLarge] that says how much they would take, what takes over steps
// of work: the compiled turns, a walk's turns, a solve's sweeps, counted
// as for [MaxWork], and Jumps' multiply-adds at 8 a step. Unlike
// [Rules.WithMaxBytes] it may raise the bound past MaxWork, for a caller
// who would rather wait: Jumps on a board of 10⁶ squares and 10⁴ jumps
// needs about 1<<37 (four minutes here). A bound of 0 or less is
// MaxWork. The bound is not part of the rules' JSON.
func (r Rules) WithMaxWork(steps int64) Rules {
	l := r.limitsCopy()
	l.Work = MaxWork
	if steps > 0 {
		l.Work = float64(steps)
	}
	l.BandUpTo, l.JumpsWork = l.Work, model.JumpsPerStep*l.Work
	r.lim = l
	return r
}

// limitsCopy returns a copy of r's limits for a With method to change:
// the Rules value it came from keeps its own.
func (r Rules) limitsCopy() *model.Limits {
	l := model.DefaultLimits
	if r.lim != nil {
		l = *r.lim
	}
	return &l
}
