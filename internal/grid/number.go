package grid

// This file knows the numbering: how LeetCode 909's boustrophedon labels
// map to rows and columns, and back.

// MaxSide is the largest n whose n² labels fit in an int32, which is what the
// searches store per square to keep a 10⁸-square board within a few bytes a
// square.
const MaxSide = 46340 // 46340² = 2147395600 ≤ math.MaxInt32 < 46341²

// CellOf returns the grid cell of label on an n×n board, for label in 1..n².
// Together with LabelOf it is the only code that knows the boustrophedon
// numbering: label 1 is grid[n-1][0], the bottom row runs left to right, the
// row above it right to left, and so on upwards.
func CellOf(n, label int) (row, col int) {
	band, off := (label-1)/n, (label-1)%n
	if band%2 == 1 {
		off = n - 1 - off
	}
	return n - 1 - band, off
}

// LabelOf is the inverse of CellOf, for row and col in 0..n-1.
func LabelOf(n, row, col int) int {
	band := n - 1 - row
	if band%2 == 1 {
		col = n - 1 - col
	}
	return band*n + col + 1
}
