package grid

import "sync"

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
