package grid

import (
	"math/bits"
	"sync"
)

// This file holds a validated board's squares and the indexes built from
// them on first use: the jumps chained, the jumps by destination.

// Squares is a validated board and the indexes built from it. It is
// never changed once made, and safe for concurrent use.
type Squares struct {
	N    int     // the board is N×N
	Flat []int32 // Flat[label] is the jump's destination, -1 for none; Flat[0] is unused

	// Starts has bit label set where a jump starts, so that a search can
	// test all squares of one roll's reach at once.
	Starts []uint64

	// chained is flat with every jump followed to where a chain of jumps
	// stops (see Rules.Chain). Built on first use: most callers never chain.
	chainOnce sync.Once
	chained   []int32

	// reverse indexes the jumps by destination, for MinRolls; built on
	// first use.
	reverseOnce sync.Once
	reverse     *Reverse

	// Effects holds the squares that give another throw (Again) or cost
	// the next turn (Miss); nil when none. Sparse: a board may have 2³¹
	// squares and a few effects.
	Effects map[int32]Effect
}

// An Effect is what landing on a square does besides its jump, numbered
// as the public Effect.
type Effect uint8

// The effects.
const (
	None Effect = iota
	Again
	Miss
)

// WithEffects returns sq's board with the given effects (validated by the
// caller) in place of its own.
func (sq *Squares) WithEffects(effects map[int32]Effect) *Squares {
	out := &Squares{N: sq.N, Flat: sq.Flat, Starts: sq.Starts}
	if len(effects) > 0 {
		out.Effects = effects
	}
	return out
}

// New returns the squares of the n×n board whose validated
// label→destination array is flat (as Flat returns it).
func New(n int, flat []int32) *Squares {
	starts := NewBitset(len(flat))
	for label, to := range flat {
		if to >= 0 {
			Add(starts, int32(label))
		}
	}
	return &Squares{N: n, Flat: flat, Starts: starts}
}

// Chained returns Flat with each jump followed through further jumps,
// computed once per board. Jumps form a graph where every square has at most
// one outgoing edge, so a chain either reaches a square with no jump or runs
// into a cycle; entering a cycle at e, the token goes round and stops on the
// cycle square just before e, since the next jump would revisit e.
func (sq *Squares) Chained() []int32 {
	sq.chainOnce.Do(func() { sq.chained = ChainJumps(sq.Flat) })
	return sq.chained
}

// ChainJumps returns flat with each jump followed to where its chain
// stops, as Chained describes.
func ChainJumps(flat []int32) []int32 {
	const (
		unseen = iota
		onPath
		done
	)
	out := make([]int32, len(flat))
	copy(out, flat)
	state := make([]uint8, len(flat))
	var path []int32
	for s := range flat {
		if flat[s] < 0 || state[s] != unseen {
			continue
		}
		path = path[:0]
		v := int32(s)
		for flat[v] >= 0 && state[v] == unseen {
			state[v] = onPath
			path = append(path, v)
			v = flat[v]
		}
		var end int32 // where a chain entering at v stops
		switch {
		case flat[v] < 0:
			end = v
		case state[v] == done:
			end = out[v]
		default: // v is on path: path[i:] is a cycle entered at v
			i := 0
			for path[i] != v {
				i++
			}
			cycle := path[i:]
			for j, c := range cycle {
				out[c] = cycle[(j+len(cycle)-1)%len(cycle)]
				state[c] = done
			}
			end = out[v]
			path = path[:i]
		}
		for _, p := range path {
			out[p] = end
			state[p] = done
		}
	}
	return out
}

// What follows indexes a board's jumps by destination, for the search back
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
