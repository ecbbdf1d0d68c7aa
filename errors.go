package snakes

import (
	"errors"
	"fmt"
)

// This file holds the sentinel errors and the error type behind them.

// Sentinel errors. Every error this package returns wraps exactly one of
// them, so callers can branch with [errors.Is] while the message itself names
// the row, column, square or field that is wrong and the value found there.
var (
	// ErrInvalidBoard reports a grid or jump list that does not describe a
	// board: wrong shape, a value out of range, a jump from the last square,
	// or more squares than an int32 can label.
	ErrInvalidBoard = errors.New("snakes: invalid board")

	// ErrInvalidRules reports a Rules value that describes no game: a
	// negative or too large Faces or Dice, weights that are negative or all
	// zero, an Enter or Again the dice never show, an Overshoot or OnLimit
	// that is not one of the declared constants (see [Rules.Validate]).
	ErrInvalidRules = errors.New("snakes: invalid rules")

	// ErrNeverFinishes reports that random play can get stuck forever with
	// positive probability (the token can reach a square from which the last
	// square is unreachable), for figures that then do not exist, such as
	// the expected length.
	ErrNeverFinishes = errors.New("snakes: the game may never finish")

	// ErrTooLarge reports a request whose memory or work is beyond the
	// package's documented bounds ([MaxBytes], [MaxWork]): a result too
	// large to allocate, games so long that following them would take
	// longer than the bound allows, or an expectation beyond the float64
	// range. The game itself may well finish; the
	// package declines to follow it. The message says what was asked and
	// the bound. It is returned before the memory is allocated.
	ErrTooLarge = errors.New("snakes: too large")

	// ErrInvalidSpec reports a design Spec that asks for no board: a size,
	// count, target or tolerance out of range, or invalid Rules.
	ErrInvalidSpec = errors.New("snakes: invalid design spec")

	// ErrInvalidThrow reports a throw a [Game] cannot take: the wrong
	// number of faces, or a face out of range or of weight zero, naming
	// the die and the value; decoding a game, the index of the throw too.
	ErrInvalidThrow = errors.New("snakes: invalid throw")

	// ErrGameOver reports a throw in a [Game] that someone has won.
	ErrGameOver = errors.New("snakes: the game is over")

	// ErrNoDesign reports that [Design] found no board within tolerance
	// before its context ended or its search was exhausted; it comes with
	// the closest board found.
	ErrNoDesign = errors.New("snakes: no board meets the design")
)

// invalid is the concrete error behind the sentinels: the message stands on
// its own ("snakes: row 3 has 5 cells, want 6") rather than repeating the
// sentinel's text, while errors.Is still sees the sentinel.
type invalid struct {
	kind error
	msg  string
}

func (e *invalid) Error() string { return "snakes: " + e.msg }
func (e *invalid) Unwrap() error { return e.kind }

func errorf(kind error, format string, args ...any) error {
	return &invalid{kind: kind, msg: fmt.Sprintf(format, args...)}
}

// count writes n and the noun that agrees with it: "1 cell", "3 cells".
func count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
