package linalg

import "math"

// This file holds a tree of the least of ranges.

// A MinTree answers the least of a range of values, with point updates,
// each in time logarithmic in its size.
type MinTree []int32

// NewMinTree returns a tree of n values, each at the largest int32.
func NewMinTree(n int) MinTree {
	t := make(MinTree, 2*n)
	for i := range t {
		t[i] = math.MaxInt32
	}
	return t
}

// Set makes the value at i v.
func (t MinTree) Set(i, v int32) {
	n := int32(len(t) / 2)
	for i += n; i > 0; i /= 2 {
		t[i] = min(t[i], v)
	}
}

// Min returns the least value at lo..hi, MaxInt32 when there is none.
func (t MinTree) Min(lo, hi int32) int32 {
	n := int32(len(t) / 2)
	m := int32(math.MaxInt32)
	for lo, hi = lo+n, hi+n+1; lo < hi; lo, hi = lo/2, hi/2 {
		if lo&1 == 1 {
			m = min(m, t[lo])
			lo++
		}
		if hi&1 == 1 {
			hi--
			m = min(m, t[hi])
		}
	}
	return m
}
