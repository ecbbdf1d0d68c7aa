// Package solve answers the questions of one token's random play that
// follow from the game's equations, over a compiled game (internal/model):
// the expected length and the one choice of its method (the structured
// elimination, the band, GMRES), exact rationals and extended range, and
// the insights (expected turns from every square, variance, visits, what
// each jump does).
//
// It may import only the standard library and internal/errs, budget,
// linalg, grid, model and search.
package solve
