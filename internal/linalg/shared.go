package linalg

import (
	"math"
	"sync"
)

// This file holds the small pieces the engines share: slices grown in
// place, a tree of the least of ranges, loops shared among the cores, sums
// that keep their precision over millions of terms, and the vector steps
// of the eliminations and GMRES.

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

// What follows holds the arithmetic the solves and walks share.

// A Sum adds floats with Neumaier's compensation, so that a Sum of millions
// of terms keeps the precision of one addition.
type Sum struct{ s, c float64 }

// Add adds x, keeping what rounding drops in the compensation.
func (a *Sum) Add(x float64) {
	t := a.s + x
	if math.Abs(a.s) >= math.Abs(x) {
		a.c += (a.s - t) + x
	} else {
		a.c += (x - t) + a.s
	}
	a.s = t
}

// Value returns the sum, its compensation added.
func (a *Sum) Value() float64 { return a.s + a.c }

// Split returns the sum's value and what rounding it dropped, so that
// value + low stands for the sum to twice float64's precision.
func (a *Sum) Split() (value, low float64) {
	v := a.s + a.c
	return v, (a.s - v) + a.c
}

// AddProduct adds x·y exactly: its rounded value and, by a fused
// multiply-add, the rounding error.
func (a *Sum) AddProduct(x, y float64) {
	p := x * y
	a.Add(p)
	a.c += math.FMA(x, y, -p)
}

// AddScaled adds f·src to the first len(src) elements of dst. It is the
// eliminations' inner loop, kept small enough to be inlined: most rows are
// a few numbers wide, where a call costs more than the loop. Two elements
// a pass, as AddRow.
func AddScaled(dst, src []float64, f float64) {
	dst = dst[:len(src)]
	i := 1
	for ; i < len(src); i += 2 {
		dst[i-1] += f * src[i-1]
		dst[i] += f * src[i]
	}
	if i == len(src) {
		dst[i-1] += f * src[i-1]
	}
}

// AddRow adds src to the first len(src) elements of dst: AddScaled at
// weight 1, for a fair die's sweep, two elements a pass. The same adds in
// the same order (no bit changes), but half the loop's branches: with the
// loop inlined where the code around it puts it, the one-at-a-time loop
// ran a third slower in some builds than in others.
func AddRow(dst, src []float64) {
	dst = dst[:len(src)]
	i := 1
	for ; i < len(src); i += 2 {
		dst[i-1] += src[i-1]
		dst[i] += src[i]
	}
	if i == len(src) {
		dst[i-1] += src[i-1]
	}
}

// Dot returns the inner product of a and b.
func Dot(a, b []float64) float64 {
	var s float64
	for i, v := range a {
		s += v * b[i]
	}
	return s
}
