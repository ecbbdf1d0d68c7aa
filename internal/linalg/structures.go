package linalg

import (
	"math"
	"sync"
)

// This file holds the small structures the engines share: slices grown in
// place, a tree of the least of ranges, and loops shared among the cores.

// Grow returns s with length n, reallocated only when its capacity is
// short; the contents are left for the caller to set.
func Grow[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}

// What follows holds a tree of the least of ranges.

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

// What follows shares a loop among the cores.

// Parallel runs work over [0, n) in workers contiguous parts, the w-th
// getting [lo, hi), and waits for them.
func Parallel(n, workers int, work func(w, lo, hi int)) {
	workers = max(min(workers, n), 1)
	var wg sync.WaitGroup
	for w := range workers {
		lo, hi := n*w/workers, n*(w+1)/workers
		wg.Add(1)
		go func() {
			defer wg.Done()
			work(w, lo, hi)
		}()
	}
	wg.Wait()
}
