package snakes

// This file holds the small helpers every engine uses: slices grown in
// place, and bitsets of squares.

// bitsetWords is the length of a bitset for bits 0..size-1, and the number
// of the search's blocks.
func bitsetWords(size int) int { return (size + 63) / 64 }

func newBitset(size int) []uint64 { return make([]uint64, bitsetWords(size)) }

func has(set []uint64, i int32) bool { return set[i>>6]&(1<<(uint(i)&63)) != 0 }
func add(set []uint64, i int32)      { set[i>>6] |= 1 << (uint(i) & 63) }
func clearBit(set []uint64, i int32) { set[i>>6] &^= 1 << (uint(i) & 63) }

// grow returns s with length n, reallocated only when its capacity is
// short; the contents are left for the caller to set.
func grow[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}
