// Package search holds the searches for the fewest throws, each total
// chosen freely: the word-wise breadth-first search of a narrow fair die,
// the same search from both ends on large boards, the search by intervals
// of squares for wide dice and the house rules the word-wise search does
// not serve, and the fewest-throws paths they give. It also counts what
// the board alone says of a wide die's game (faircost.go): the squares
// reached and those that can finish, the squares moves go back to, each
// square's span of landings, so that a solve can choose its method before
// any turn is taken.
//
// It may import only the standard library and internal/errs, budget,
// linalg, grid and model.
package search
