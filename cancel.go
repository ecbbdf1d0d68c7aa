package snakes

import "context"

// This file is how long loops notice that their call's context is done.
// Every loop that can run longer than about a millisecond asks stopped at
// least that often, counting its own steps so that short calls pay nothing
// measurable: a done context's Err takes a lock.

// stopped returns ctx's error once ctx is done, and nil for a nil ctx.
func stopped(ctx context.Context) error {
	if ctx == nil {
		return nil
	}
	return ctx.Err()
}

// checkEvery is about how many elementary steps (a multiply-add, a move
// followed) a loop takes between two looks at its context: well under a
// millisecond here.
const checkEvery = 1 << 18
