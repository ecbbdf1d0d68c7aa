package grid

import "math/bits"

// This file indexes a board's jumps by destination, for the search back
// from the last square.

// A JumpPair is one jump, for lookups by destination.
type JumpPair struct{ From, To int32 }

// Reverse indexes a board's jumps by destination, for the backward half of
// the search: into has a bit for every square some jump ends on, and
// pairs[at[k]:at[k+1]] are the jumps that end in block k (squares 64k to
// 64k+63).
type Reverse struct {
	Into  []uint64
	Pairs []JumpPair
	At    []int32
}

// ReverseJumps builds the index on first use: most boards never need it.
func (sq *Squares) ReverseJumps() *Reverse {
	sq.reverseOnce.Do(func() {
		n := 0
		for _, w := range sq.Starts {
			n += bits.OnesCount64(w)
		}
		sq.reverse = newReverse(sq.Flat, len(sq.Starts), n)
	})
	return sq.reverse
}

// newReverse lists the jumps (there are jumps of them) in label order, sorts them by destination with
// a radix sort (whose scattered writes go to a few thousand places at a
// time, not to one of n²/64 counters per jump), then indexes the sorted
// list in one pass.
func newReverse(flat []int32, blocks, jumps int) *Reverse {
	pairs := make([]JumpPair, 0, jumps)
	for label, to := range flat {
		if to >= 0 {
			pairs = append(pairs, JumpPair{From: int32(label), To: to})
		}
	}
	pairs = sortByDestination(pairs, bits.Len(uint(len(flat))))
	r := &Reverse{Into: make([]uint64, blocks), At: make([]int32, blocks+1), Pairs: pairs}
	for i, p := range pairs {
		r.Into[p.To>>6] |= 1 << (uint(p.To) & 63)
		r.At[p.To>>6+1] = int32(i + 1)
	}
	for k := 1; k <= blocks; k++ {
		r.At[k] = max(r.At[k], r.At[k-1]) // blocks no jump ends in
	}
	return r
}

// sortByDestination sorts pairs by to, whose values have at most width
// bits, with a stable least-significant-digit radix sort: as few passes of
// at most 11-bit digits as cover width, the digits split evenly so that
// small boards count into small tables.
func sortByDestination(pairs []JumpPair, width int) []JumpPair {
	passes := (width + 10) / 11
	if passes == 0 || len(pairs) < 2 {
		return pairs
	}
	digit := (width + passes - 1) / passes
	mask := int32(1)<<digit - 1
	tmp := make([]JumpPair, len(pairs))
	count := make([]int, mask+2)
	for shift := 0; shift < width; shift += digit {
		clear(count)
		for _, p := range pairs {
			count[(p.To>>shift)&mask+1]++
		}
		for d := 1; d < len(count); d++ {
			count[d] += count[d-1]
		}
		for _, p := range pairs {
			d := (p.To >> shift) & mask
			tmp[count[d]] = p
			count[d]++
		}
		pairs, tmp = tmp, pairs
	}
	return pairs
}
