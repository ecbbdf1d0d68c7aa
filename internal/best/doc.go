// Package best finds a player's best play where the rules leave a choice:
// jumps that may be declined and a die picked each turn. A strategy fixed
// on every square is compiled by the turn model (model.Game.Chosen) and
// solved by the insights' one solve (solve.Fundamental.SolveFor); policy
// iteration improves it square by square until no choice does better.
//
// It may import only the standard library and internal/errs, budget,
// linalg, grid, model, solve and joint.
package best
