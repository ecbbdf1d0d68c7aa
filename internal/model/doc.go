// Package model compiles a board and a rule set once into the game every
// engine reads: the dice and the chance of each total, how a throw moves a
// token (step, land, overshoot, chained jumps), a turn as the throws it
// can make (a run of Again throws included), the chain of every square's
// turns with its classes (the squares reached, those that can finish, the
// traps), a game of several tokens as it stands and the throw that moves
// it on (Position, Advance), and the bounds one call works within.
//
// It may import only the standard library and internal/errs, budget,
// linalg and grid.
package model
