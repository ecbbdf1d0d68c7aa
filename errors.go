package snakes

import "github.com/snakesladders/snakes/internal/errs"

// This file holds the sentinel errors, defined in internal/errs so that
// every layer can wrap them.

// Sentinel errors. Every error this package returns wraps exactly one of
// them, so callers can branch with [errors.Is] while the message itself names
// the row, column, square or field that is wrong and the value found there.
var (
	// ErrInvalidBoard reports a grid or jump list that does not describe a
	// board: wrong shape, a value out of range, a jump from the last square,
	// or more squares than an int32 can label.
	ErrInvalidBoard = errs.ErrInvalidBoard

	// ErrInvalidRules reports a Rules value that describes no game: a
	// negative or too large Faces or Dice, weights that are negative or all
	// zero, an Enter or Again the dice never show, an Overshoot or OnLimit
	// that is not one of the declared constants (see [Rules.Validate]).
	ErrInvalidRules = errs.ErrInvalidRules

	// ErrNeverFinishes reports that random play can get stuck forever with
	// positive probability (the token can reach a square from which the last
	// square is unreachable), for figures that then do not exist, such as
	// the expected length.
	ErrNeverFinishes = errs.ErrNeverFinishes

	// ErrTooLarge reports a request whose memory or work is beyond the
	// package's documented bounds ([MaxBytes], [MaxWork]): a result too
	// large to allocate, games so long that following them would take
	// longer than the bound allows, or an expectation beyond the float64
	// range. The game itself may well finish; the
	// package declines to follow it. The message says what was asked and
	// the bound. It is returned before the memory is allocated.
	ErrTooLarge = errs.ErrTooLarge

	// ErrInvalidSpec reports a design Spec that asks for no board: a size,
	// count, target or tolerance out of range, or invalid Rules.
	ErrInvalidSpec = errs.ErrInvalidSpec

	// ErrInvalidThrow reports a throw a [Game] cannot take: the wrong
	// number of faces, or a face out of range or of weight zero, naming
	// the die and the value; decoding a game, the index of the throw too.
	ErrInvalidThrow = errs.ErrInvalidThrow

	// ErrGameOver reports a throw in a [Game] that someone has won.
	ErrGameOver = errs.ErrGameOver

	// ErrNoDesign reports that [Design] found no board within tolerance
	// before its context ended or its search was exhausted; it comes with
	// the closest board found.
	ErrNoDesign = errs.ErrNoDesign
)
