package snakes

import "math"

// This file holds the arithmetic the solves and walks share: sums that
// keep their precision over millions of terms, and the vector steps of the
// eliminations and GMRES.

// A sum adds floats with Neumaier's compensation, so that a sum of millions
// of terms keeps the precision of one addition.
type sum struct{ s, c float64 }

func (a *sum) add(x float64) {
	t := a.s + x
	if math.Abs(a.s) >= math.Abs(x) {
		a.c += (a.s - t) + x
	} else {
		a.c += (x - t) + a.s
	}
	a.s = t
}

func (a *sum) value() float64 { return a.s + a.c }

// split returns the sum's value and what rounding it dropped, so that
// value + low stands for the sum to twice float64's precision.
func (a *sum) split() (value, low float64) {
	v := a.s + a.c
	return v, (a.s - v) + a.c
}

// addProduct adds x·y exactly: its rounded value and, by a fused
// multiply-add, the rounding error.
func (a *sum) addProduct(x, y float64) {
	p := x * y
	a.add(p)
	a.c += math.FMA(x, y, -p)
}

// addScaled adds f·src to the first len(src) elements of dst. It is the
// eliminations' inner loop, kept small enough to be inlined: most rows are
// a few numbers wide, where a call costs more than the loop. Two elements
// a pass, as addRow.
func addScaled(dst, src []float64, f float64) {
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

// addRow adds src to the first len(src) elements of dst: addScaled at
// weight 1, for a fair die's sweep, two elements a pass. The same adds in
// the same order (no bit changes), but half the loop's branches: with the
// loop inlined where the code around it puts it, the one-at-a-time loop
// ran a third slower in some builds than in others.
func addRow(dst, src []float64) {
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

// dot returns the inner product of a and b.
func dot(a, b []float64) float64 {
	var s float64
	for i, v := range a {
		s += v * b[i]
	}
	return s
}
