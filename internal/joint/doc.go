// Package joint answers the races of several tokens: the chances to win,
// of each place and the length, from one walk a distinct starting square,
// exactly over the product of their chains where that is small, and,
// under Bump, from the joint chain of every token (solved once a place
// for the places); and it plays games on from a position for an estimate
// where the chain is past the bounds.
//
// It may import only the standard library and internal/errs, budget,
// linalg, grid, model, search, solve and walk.
package joint
