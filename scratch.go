package snakes

import "sync"

// scratch holds the per-search buffers, pooled so that steady-state searches
// do not allocate. All slices are sized for squares 0..last.
type scratch struct {
	queue []int32  // squares in the order the search reached them
	seen  []uint64 // bitset: squares where some turn has already ended
	level []uint64 // bitset of one level, kept all-zero between uses
	dist  []int32  // rolls to reach each square, for ShortestPath
	good  []uint64 // bitset: squares on some shortest path, for ShortestPath
}

var scratchPool = sync.Pool{New: func() any { return new(scratch) }}

// getScratch returns a scratch for squares 0..last with seen cleared.
func getScratch(last int32) *scratch {
	sc := scratchPool.Get().(*scratch)
	size := int(last) + 1
	words := (size + 63) / 64
	if cap(sc.queue) < size {
		sc.queue = make([]int32, size)
		sc.seen = make([]uint64, words)
		sc.level = make([]uint64, words)
	}
	sc.queue = sc.queue[:size]
	sc.seen = sc.seen[:words]
	sc.level = sc.level[:words]
	clear(sc.seen)
	return sc
}

func putScratch(sc *scratch) { scratchPool.Put(sc) }

// growDist makes sure sc.dist and sc.good cover squares 0..last.
func (sc *scratch) growDist(last int32) {
	size := int(last) + 1
	if cap(sc.dist) < size {
		sc.dist = make([]int32, size)
		sc.good = make([]uint64, (size+63)/64)
	}
	sc.dist = sc.dist[:size]
	sc.good = sc.good[:(size+63)/64]
}

func has(set []uint64, i int32) bool { return set[i>>6]&(1<<(uint(i)&63)) != 0 }
func add(set []uint64, i int32)      { set[i>>6] |= 1 << (uint(i) & 63) }
func clearBit(set []uint64, i int32) { set[i>>6] &^= 1 << (uint(i) & 63) }
