package budget

import "context"

// This file is how long loops notice that their call's context is done.
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
