// Package grid is the one place that knows a board's numbering and its
// squares: LeetCode 909's boustrophedon labels and the grid cells they
// stand for, a grid validated and flattened into its jumps by label, the
// squares those jumps start from as bitsets, and the indexes built from
// them on first use (the jumps chained, the jumps by destination).
//
// It may import only the standard library and internal/errs.
package grid
