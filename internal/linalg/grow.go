package linalg

// This file grows the engines' slices in place.

// Grow returns s with length n, reallocated only when its capacity is
// short; the contents are left for the caller to set.
func Grow[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}
