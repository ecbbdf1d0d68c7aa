// Package joint answers the races of several tokens: the chances to win
// and the length, from one walk a distinct starting square, exactly over
// the product of their chains where that is small, and, under Bump, from
// the joint chain of every token.
//
// It may import only the standard library and internal/errs, budget,
// linalg, grid, model, search, solve and walk.
package joint
