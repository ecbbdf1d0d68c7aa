package model

import (
	"fmt"
	"strconv"

	"github.com/snakesladders/snakes/internal/errs"
)

// This file holds the bounds and thresholds one call works within, and
// the errors that name them.

// Limits are the bounds and thresholds one call works within: the
// package's (DefaultLimits), or, in tests, those of the Rules value the
// call is made on (the root's Rules.lim), so that a test reaches a bound cheaply or
// sends a board to one solver without touching what other calls see.
type Limits struct {
	Work  float64 // steps of random play: MaxWork
	Bytes float64 // memory of one table or solve: MaxBytes, or less (Rules.WithMaxBytes)
	Play  int     // the most moves Play records (40 bytes each: 160 MiB)
	// JumpsWork bounds the multiply-adds of Jumps past the structured
	// solve, 8 a step of work (2³⁴ by default): they run in tight loops
	// over rows on every core, about 0.3 ns each on two cores here.
	JumpsWork  float64
	DenseUpTo  int     // unknowns of the structured elimination (choose.go)
	DenseBytes int     // and memory for its rows, unless it has at most 4
	BandUpTo   float64 // steps of the banded elimination (choose.go)

	// ParallelFrom is the work (multiply-adds, about) past which a sweep
	// of the rows, a step of the elimination or Jumps' batches are shared
	// among the cores: below it, starting goroutines costs more than it
	// saves.
	ParallelFrom float64

	// BothWaysFrom is the fewest squares on which the searches go both
	// ways, from the start and back from the last square: 4096.
	BothWaysFrom int32

	// IntervalsFrom is the fewest totals a throw can show past which
	// the searches go by intervals of squares (choose.go): 24.
	IntervalsFrom int32
}

// DefaultLimits are every call's limits, never changed.
var DefaultLimits = Limits{
	Work:          MaxWork,
	Bytes:         MaxBytes,
	Play:          1 << 22,
	JumpsWork:     JumpsPerStep * MaxWork,
	DenseUpTo:     256,
	DenseBytes:    32 << 20,
	BandUpTo:      MaxWork,
	ParallelFrom:  1 << 24,
	BothWaysFrom:  1 << 12,
	IntervalsFrom: 24,
}

// JumpsPerStep is how many of Jumps' multiply-adds make a step of work:
// a step of a walk or a sweep costs about as much as 8 of them.
const JumpsPerStep = 8

// CheckRolls refuses a game whose every turn from every square, which
// every random-play figure takes, would be over the work bound.
func (g *Game) CheckRolls() error {
	if steps := g.CompileWork(); steps > g.Lim.Work {
		return g.TooLong(steps, "taking every turn (throws of totals up to %d) from %d squares", g.Faces, g.Last)
	}
	return nil
}

// TooBig returns the errs.ErrTooLarge error for a request of bytes, over g's
// memory bound, which format and args describe ("the length distribution
// to turn %d"). Callers compare with the bound themselves first, so that
// the description is only made for the error.
func (g *Game) TooBig(bytes float64, format string, args ...any) error {
	name := " (MaxBytes)"
	if g.Lim.Bytes < MaxBytes {
		name = ""
	}
	return errs.Errorf(errs.ErrTooLarge, "%s needs about %s of memory, over the bound of %s%s", fmt.Sprintf(format, args...), size(bytes), size(g.Lim.Bytes), name)
}

// Spend charges steps, the work of what, to g's meter: an error wrapping
// errs.ErrTooLarge once the call's solves together pass its bound.
func (g *Game) Spend(steps float64, what string) error {
	return g.Meter.Charge(steps, what)
}

// TooLong is TooBig for a request of steps, over g's work bound.
func (g *Game) TooLong(steps float64, format string, args ...any) error {
	return errs.Errorf(errs.ErrTooLarge, "%s takes about %.3g steps, over the bound of %.3g%s", fmt.Sprintf(format, args...), steps, g.Lim.Work, g.WorkName())
}

// WorkName names g's work bound in a message: " (MaxWork)" where it is
// the package's.
func (g *Game) WorkName() string {
	if g.Lim.Work == MaxWork {
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
