package linalg

// This file is the arithmetic the eliminations are written in, so that
// one elimination answers in float64, in extended range and in exact
// rationals: an Arith for each number type, F64 for float64 here, the
// others beside the engine that needs them.

// An Arith is the arithmetic of a number type T over non-negative
// numbers. Values it returns are new, except where a method says it may
// reuse an argument's storage (a big.Rat is a pointer); the row methods
// work in place. The eliminations call it a row or a pivot at a time, so
// that float64's loops stay tight.
type Arith[T any] interface {
	Zero() T
	One() T
	IsZero(x T) bool
	Quo(x, y T) T
	Mul(x, y T) T
	// AddMul returns acc + x·y, reusing acc's storage.
	AddMul(acc, x, y T) T
	// Sum returns first + Σ xs, and Dot first + Σ xs[i]·ys[i], both new;
	// Total is Sum for a pivot of many terms, compensated where rounding
	// would build up.
	Sum(first T, xs []T) T
	Total(first T, xs []T) T
	Dot(first T, xs, ys []T) T
	// AddScaled adds f·src to dst[:len(src)], and Scale multiplies row
	// by f.
	AddScaled(dst, src []T, f T)
	Scale(row []T, f T)
}

// F64 is the Arith of float64.
type F64 struct{}

func (F64) Zero() float64                           { return 0 }
func (F64) One() float64                            { return 1 }
func (F64) IsZero(x float64) bool                   { return x == 0 }
func (F64) Quo(x, y float64) float64                { return x / y }
func (F64) Mul(x, y float64) float64                { return x * y }
func (F64) AddMul(acc, x, y float64) float64        { return acc + x*y }
func (F64) AddScaled(dst, src []float64, f float64) { AddScaled(dst, src, f) }

func (F64) Sum(first float64, xs []float64) float64 {
	for _, x := range xs {
		first += x
	}
	return first
}

// Total is compensated (a Sum), so that a pivot summed from hundreds of
// small chances keeps its precision.
func (F64) Total(first float64, xs []float64) float64 {
	var s Sum
	s.Add(first)
	for _, x := range xs {
		s.Add(x)
	}
	return s.Value()
}

func (F64) Dot(first float64, xs, ys []float64) float64 {
	for i, x := range xs {
		first += x * ys[i]
	}
	return first
}

func (F64) Scale(row []float64, f float64) {
	for i := range row {
		row[i] *= f
	}
}
