// Package engine answers the random-play questions over a compiled game
// (internal/model): the expected length and its solves (the structured
// elimination, the band, GMRES, exact rationals, extended range), the
// insights (expected turns from every square, variance, visits, what each
// jump does), the walks that move the chances turn by turn (the length
// distribution, quantiles, the mode, their geometric tails and matrix
// powers), and the races of several tokens, Bump's joint chain included.
//
// It may import only the standard library and internal/errs, budget,
// linalg, grid, model and search.
package engine
