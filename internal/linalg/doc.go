// Package linalg holds the numerics the engines share: sums that keep
// their precision over millions of terms, the vector steps of the
// eliminations, the subtraction-free eliminations (Grassmann–Taksar–Heyman)
// of the squares that moves go back to and of a dense absorbing chain,
// loops shared among the cores, and the small structures the engines share
// (slices grown in place, a tree of the least of ranges).
//
// It may import only the standard library and internal/budget (to notice
// that a call's context is done); it knows nothing of boards or rules.
package linalg
