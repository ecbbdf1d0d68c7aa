package snakes

import "strconv"

// The bounds on what one call may take. A request beyond them gets an error
// wrapping [ErrTooLarge] instead of an answer, before the memory is
// allocated, so that no argument can take the process down: the Go runtime
// cannot recover from running out of memory.
const (
	// MaxBytes bounds the memory one call allocates, 8 GiB: a third of
	// the 24 GiB machines this package is tested on, so that a board of
	// the largest size (about 4 bytes a square) and a call on it fit.
	MaxBytes = 8 << 30

	// MaxWork bounds the elementary steps (a roll or a square visited,
	// about a nanosecond each) that one call on random play may take,
	// about ten to thirty seconds.
	MaxWork = 1 << 34

	// maxPlayMoves bounds the moves Play records, 32 bytes each.
	maxPlayMoves = 1 << 24

	// maxPlayers bounds the players of WinChances and GameLength.
	maxPlayers = 1 << 20
)

// tooBig returns an ErrTooLarge error when bytes is over MaxBytes: what
// describes the request, as "the length distribution to turn 17179869184".
func tooBig(what string, bytes float64) error {
	if bytes <= MaxBytes {
		return nil
	}
	return errorf(ErrTooLarge, "%s needs about %s of memory, over the bound of %s (MaxBytes)", what, size(bytes), size(MaxBytes))
}

// tooLong returns an ErrTooLarge error when steps is over MaxWork.
func tooLong(what string, steps float64) error {
	if steps <= MaxWork {
		return nil
	}
	return errorf(ErrTooLarge, "%s takes about %.3g steps, over the bound of %.3g (MaxWork)", what, steps, float64(MaxWork))
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
