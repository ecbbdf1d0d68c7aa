package snakes

// A jumpPair is one jump, for lookups by destination.
type jumpPair struct{ from, to int32 }

// reverse indexes a board's jumps by destination, for the backward half of
// the search: into has a bit for every square some jump ends on, and
// pairs[at[k]:at[k+1]] are the jumps that end in block k (squares 64k to
// 64k+63).
type reverse struct {
	into  []uint64
	pairs []jumpPair
	at    []int32
}

// reverseJumps builds b's index on first use: most boards never need it.
func (b *Board) reverseJumps() *reverse {
	b.reverseOnce.Do(func() {
		blocks := len(b.starts)
		r := &reverse{into: make([]uint64, blocks), at: make([]int32, blocks+1)}
		n := 0
		for _, to := range b.flat {
			if to >= 0 {
				r.at[to>>6+1]++
				r.into[to>>6] |= 1 << (uint(to) & 63)
				n++
			}
		}
		for k := 1; k <= blocks; k++ {
			r.at[k] += r.at[k-1]
		}
		r.pairs = make([]jumpPair, n)
		next := make([]int32, blocks)
		copy(next, r.at)
		for label, to := range b.flat {
			if to >= 0 {
				r.pairs[next[to>>6]] = jumpPair{from: int32(label), to: to}
				next[to>>6]++
			}
		}
		b.reverse = r
	})
	return b.reverse
}
