// This file holds the sentinels and the error type that wraps them.

package errs

import (
	"errors"
	"fmt"
)

// The sentinels, documented where the root package exports them.
var (
	ErrInvalidBoard  = errors.New("snakes: invalid board")
	ErrInvalidRules  = errors.New("snakes: invalid rules")
	ErrNeverFinishes = errors.New("snakes: the game may never finish")
	ErrTooLarge      = errors.New("snakes: too large")
	ErrInvalidSpec   = errors.New("snakes: invalid design spec")
	ErrInvalidThrow  = errors.New("snakes: invalid throw")
	ErrGameOver      = errors.New("snakes: the game is over")
	ErrNoDesign      = errors.New("snakes: no board meets the design")
)

// An Error is the concrete error behind the sentinels: its message stands
// on its own ("snakes: row 3 has 5 cells, want 6") rather than repeating
// the sentinel's text, while errors.Is still sees the sentinel.
type Error struct {
	kind error
	msg  string
}

func (e *Error) Error() string { return "snakes: " + e.msg }

// Unwrap returns the sentinel e wraps.
func (e *Error) Unwrap() error { return e.kind }

// Errorf returns an *Error wrapping kind, its message formatted as by
// fmt.Sprintf.
func Errorf(kind error, format string, args ...any) error {
	return &Error{kind: kind, msg: fmt.Sprintf(format, args...)}
}

// Count writes n and the noun that agrees with it: "1 cell", "3 cells".
func Count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
