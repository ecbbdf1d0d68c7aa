package snakes

import (
	"errors"
	"fmt"
)

// Sentinel errors. Every error this package returns wraps exactly one of
// them, so callers can branch with [errors.Is] while the message itself names
// the row, column, square or field that is wrong and the value found there.
var (
	// ErrInvalidBoard reports a grid or jump list that does not describe a
	// board: wrong shape, a value out of range, a jump from the last square,
	// or more squares than an int32 can label.
	ErrInvalidBoard = errors.New("snakes: invalid board")

	// ErrInvalidRules reports a Rules value with a negative or too large
	// Faces, or an Overshoot that is not one of the declared constants.
	ErrInvalidRules = errors.New("snakes: invalid rules")

	// ErrNeverFinishes reports that random play can get stuck forever with
	// positive probability (the token can reach a square from which the last
	// square is unreachable), for figures that then do not exist, such as
	// the expected length. It
	// also reports games that, while finite, last so long (an expectation
	// beyond float64, or a tail needing more than 2³¹ square-to-square steps to follow)
	// that no figure is given rather than a wrong one.
	ErrNeverFinishes = errors.New("snakes: the game may never finish")
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
