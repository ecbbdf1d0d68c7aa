package snakes

import (
	"fmt"
	"strconv"
)

// The bounds on what one call may take. A request beyond them gets an error
// wrapping [ErrTooLarge] instead of an answer, before the memory is
// allocated, so that no argument can take the process down: the Go runtime
// cannot recover from running out of memory.
const (
	// MaxBytes bounds the memory one call allocates, 8 GiB: a third of
	// the 24 GiB machines this package is tested on, so that a board of
	// the largest size (about 4 bytes a square) and a call on it fit.
	MaxBytes = 8 << 30

	// MaxWork bounds the elementary steps (a roll followed or a square
	// visited, one to five nanoseconds each on this package's test machine)
	// that one call on random play may take: about ten seconds to a minute.
	MaxWork = 1 << 32

	// maxPlayers bounds the players of WinChances and GameLength.
	maxPlayers = 1 << 20
)

// workBound and playCap are MaxWork and the most moves Play records (32
// bytes each: 128 MiB), as variables so that tests can reach them cheaply.
var (
	workBound float64 = MaxWork
	playCap           = 1 << 22
)

// checkRolls refuses a game whose every turn from every square, which
// every random-play figure takes, would be over the work bound.
func (g *game) checkRolls() error {
	if steps := g.turnWork(); steps > workBound {
		return tooLong(steps, "taking every turn (throws of totals up to %d) from %d squares", g.faces, g.last)
	}
	return nil
}

// tooBig returns the ErrTooLarge error for a request of bytes, over
// MaxBytes, which format and args describe ("the length distribution to
// turn %d"). Callers compare with MaxBytes themselves first, so that the
// description is only made for the error.
func tooBig(bytes float64, format string, args ...any) error {
	return errorf(ErrTooLarge, "%s needs about %s of memory, over the bound of %s (MaxBytes)", fmt.Sprintf(format, args...), size(bytes), size(MaxBytes))
}

// tooLong is tooBig for a request of steps, over MaxWork.
func tooLong(steps float64, format string, args ...any) error {
	return errorf(ErrTooLarge, "%s takes about %.3g steps, over the bound of %.3g (MaxWork)", fmt.Sprintf(format, args...), steps, workBound)
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
