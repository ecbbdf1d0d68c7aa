package snakes

import "sync"

// scratch holds the per-search buffers, pooled so that steady-state searches
// do not allocate. All slices are sized for squares 0..last.
type scratch struct {
	queue  []int32  // squares in the order the search reached them
	seen   []uint64 // bitset: squares where some turn has already ended
	landed []uint64 // bitset: jump squares some roll has already landed on
	cur    []uint64 // bitsets of the level being expanded and the next one
	next   []uint64
	wordsA []int32 // the words of cur and next that are not zero
	wordsB []int32
	dist   []int32  // rolls to reach each square, for ShortestPath
	good   []uint64 // bitset: squares on some shortest path, for ShortestPath
}

var scratchPool = sync.Pool{New: func() any { return new(scratch) }}

// getScratch returns a scratch for squares 0..last with seen cleared.
func getScratch(last int32) *scratch {
	sc := scratchPool.Get().(*scratch)
	size := int(last) + 1
	words := bitsetWords(size)
	if cap(sc.queue) < size {
		sc.queue = make([]int32, size)
		sc.seen = newBitset(size)
		sc.landed = newBitset(size)
		sc.cur = newBitset(size)
		sc.next = newBitset(size)
		sc.wordsA = make([]int32, 0, words)
		sc.wordsB = make([]int32, 0, words)
	}
	sc.queue = sc.queue[:size]
	sc.seen = sc.seen[:words]
	sc.landed = sc.landed[:words]
	sc.cur = sc.cur[:words]
	sc.next = sc.next[:words]
	clear(sc.seen)
	clear(sc.landed)
	clear(sc.cur) // a search that stops early leaves them dirty
	clear(sc.next)
	return sc
}

func putScratch(sc *scratch) { scratchPool.Put(sc) }

// growDist makes sure sc.dist and sc.good cover squares 0..last.
func (sc *scratch) growDist(last int32) {
	size := int(last) + 1
	if cap(sc.dist) < size {
		sc.dist = make([]int32, size)
		sc.good = newBitset(size)
	}
	sc.dist = sc.dist[:size]
	sc.good = sc.good[:bitsetWords(size)]
}

// bitsetWords is the length of a bitset for bits 0..size-1, with one spare
// zero word so that window and orWindow may touch the word after a bit's.
func bitsetWords(size int) int { return (size+63)/64 + 1 }

func newBitset(size int) []uint64 { return make([]uint64, bitsetWords(size)) }

// window returns the 64 bits of set from bit p on (bit p lowest).
func window(set []uint64, p int32) uint64 {
	i, o := p>>6, uint(p)&63
	return set[i]>>o | set[i+1]<<1<<(63-o) // two shifts: o may be 0
}

// orWindow sets the bits of set that window(set, p) would return from bits.
func orWindow(set []uint64, p int32, bits uint64) {
	i, o := p>>6, uint(p)&63
	set[i] |= bits << o
	set[i+1] |= bits >> 1 >> (63 - o)
}

func has(set []uint64, i int32) bool { return set[i>>6]&(1<<(uint(i)&63)) != 0 }
func add(set []uint64, i int32)      { set[i>>6] |= 1 << (uint(i) & 63) }
func clearBit(set []uint64, i int32) { set[i>>6] &^= 1 << (uint(i) & 63) }
