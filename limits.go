package snakes

import (
	"fmt"
	"strconv"

	"github.com/snakesladders/snakes/internal/errs"
)

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

	// maxPlayers bounds the players of WinChances and GameLength.
	maxPlayers = 1 << 20
)

// limits are the bounds and thresholds one call works within: the
// package's (defaultLimits), or, in tests, those of the Rules value the
// call is made on (Rules.lim), so that a test reaches a bound cheaply or
// sends a board to one solver without touching what other calls see.
type limits struct {
	work  float64 // steps of random play: MaxWork
	bytes float64 // memory of one table or solve: MaxBytes, or less (Rules.WithMaxBytes)
	play  int     // the most moves Play records (40 bytes each: 160 MiB)
	// jumpsWork bounds the multiply-adds of Jumps past the structured
	// solve, 8 a step of work (2³⁴ by default): they run in tight loops
	// over rows on every core, about 0.3 ns each on two cores here.
	jumpsWork  float64
	denseUpTo  int     // unknowns of the structured elimination (choose.go)
	denseBytes int     // and memory for its rows, unless it has at most 4
	bandUpTo   float64 // steps of the banded elimination (choose.go)

	// parallelFrom is the work (multiply-adds, about) past which a sweep
	// of the rows, a step of the elimination or Jumps' batches are shared
	// among the cores: below it, starting goroutines costs more than it
	// saves.
	parallelFrom float64

	// bothWaysFrom is the fewest squares on which the searches go both
	// ways, from the start and back from the last square: 4096.
	bothWaysFrom int32

	// intervalsFrom is the fewest totals a throw can show past which
	// the searches go by intervals of squares (choose.go): 24.
	intervalsFrom int32
}

// defaultLimits are every call's limits, never changed.
var defaultLimits = limits{
	work:          MaxWork,
	bytes:         MaxBytes,
	play:          1 << 22,
	jumpsWork:     jumpsPerStep * MaxWork,
	denseUpTo:     256,
	denseBytes:    32 << 20,
	bandUpTo:      MaxWork,
	parallelFrom:  1 << 24,
	bothWaysFrom:  1 << 12,
	intervalsFrom: 24,
}

// jumpsPerStep is how many of Jumps' multiply-adds make a step of work:
// a step of a walk or a sweep costs about as much as 8 of them.
const jumpsPerStep = 8

// checkRolls refuses a game whose every turn from every square, which
// every random-play figure takes, would be over the work bound.
func (g *game) checkRolls() error {
	if steps := g.compileWork(); steps > g.lim.work {
		return g.tooLong(steps, "taking every turn (throws of totals up to %d) from %d squares", g.faces, g.last)
	}
	return nil
}

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
	l.bytes = MaxBytes
	if bytes > 0 && bytes < MaxBytes {
		l.bytes = float64(bytes)
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
	l.work = MaxWork
	if steps > 0 {
		l.work = float64(steps)
	}
	l.bandUpTo, l.jumpsWork = l.work, jumpsPerStep*l.work
	r.lim = l
	return r
}

// limitsCopy returns a copy of r's limits for a With method to change:
// the Rules value it came from keeps its own.
func (r Rules) limitsCopy() *limits {
	l := defaultLimits
	if r.lim != nil {
		l = *r.lim
	}
	return &l
}

// tooBig returns the ErrTooLarge error for a request of bytes, over g's
// memory bound, which format and args describe ("the length distribution
// to turn %d"). Callers compare with the bound themselves first, so that
// the description is only made for the error.
func (g *game) tooBig(bytes float64, format string, args ...any) error {
	name := " (MaxBytes)"
	if g.lim.bytes < MaxBytes {
		name = ""
	}
	return errs.Errorf(ErrTooLarge, "%s needs about %s of memory, over the bound of %s%s", fmt.Sprintf(format, args...), size(bytes), size(g.lim.bytes), name)
}

// tooLong is tooBig for a request of steps, over g's work bound.
func (g *game) tooLong(steps float64, format string, args ...any) error {
	return errs.Errorf(ErrTooLarge, "%s takes about %.3g steps, over the bound of %.3g%s", fmt.Sprintf(format, args...), steps, g.lim.work, g.workName())
}

// workName names g's work bound in a message: " (MaxWork)" where it is
// the package's.
func (g *game) workName() string {
	if g.lim.work == MaxWork {
		return " (MaxWork)"
	}
	return ""
}

// size writes a byte count in the largest binary unit that keeps it above 1.
func size(bytes float64) string {
	units := []string{"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"}
	i := 0
	for bytes >= 1024 && i < len(units)-1 {
		bytes /= 1024
		i++
	}
	return strconv.FormatFloat(bytes, 'g', 3, 64) + " " + units[i]
}
