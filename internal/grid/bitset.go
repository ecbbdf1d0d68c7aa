package grid

// This file holds bitsets of squares: a bit a square, 64 to a word.

// Words is the length of a bitset for bits 0..size-1, and the number
// of the search's blocks.
func Words(size int) int { return (size + 63) / 64 }

// NewBitset returns an empty bitset for bits 0..size-1.
func NewBitset(size int) []uint64 { return make([]uint64, Words(size)) }

// Has reports whether bit i of set is set.
func Has(set []uint64, i int32) bool { return set[i>>6]&(1<<(uint(i)&63)) != 0 }

// Add sets bit i of set.
func Add(set []uint64, i int32) { set[i>>6] |= 1 << (uint(i) & 63) }

// Clear clears bit i of set.
func Clear(set []uint64, i int32) { set[i>>6] &^= 1 << (uint(i) & 63) }
