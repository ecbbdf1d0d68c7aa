// Package walk moves the chances of where one token may be turn by turn,
// over a game's compiled turns or, under one wide fair die, by intervals
// of squares, and reads from them the length distribution, the quantiles
// and the mode, with the settled geometric tail of long games and powers
// of the turn matrix on small boards.
//
// It may import only the standard library and internal/errs, budget,
// linalg, grid, model, search and solve.
package walk
