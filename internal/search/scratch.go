package search

import (
	"math/bits"
	"sync"

	"github.com/snakesladders/snakes/internal/grid"
	"github.com/snakesladders/snakes/internal/model"
)

// This file pools the searches' buffers.

// scratch holds the per-search buffers, pooled so that steady-state searches
// do not allocate.
type scratch struct {
	blocks []block // squares 0..last, 64 to a block
	wordsA []int32 // the blocks with squares in one level or the next
	wordsB []int32
	wordsC []int32 // the same for the backward search
	wordsD []int32
	queue  []int32  // squares in the order the search reached them, when asked
	dist   []int32  // rolls to reach each square, when asked
	good   []uint64 // bitset: squares on some shortest path, for ShortestPath

	// dirty has a bit for every block a search wrote to. Blocks are zero
	// between searches, and putScratch clears only the dirty ones, so a
	// search costs what it touches rather than the size of the board: on
	// 10⁸ squares clearing every block would cost more than the search.
	dirty []uint64
}

// A block is a search's state for 64 squares, bit i for square 64·k+i of
// block k. It is kept together so that a block touched at random costs one
// cache miss rather than one per bitset.
type block struct {
	seen   uint64    // squares where some turn has already ended
	landed uint64    // jump squares some roll has already landed on
	level  [2]uint64 // squares of the level being expanded and of the next
	back   uint64    // squares known to reach the last square in back rolls or fewer
	blevel [2]uint64 // the same two levels of the backward search
}

var scratchPool = sync.Pool{New: func() any { return new(scratch) }}

// getScratch returns a scratch for the squares of g, its blocks zero.
func getScratch(g *model.Game) *scratch {
	sc := scratchPool.Get().(*scratch)
	words := len(g.Starts)
	if cap(sc.blocks) < words {
		sc.blocks = make([]block, words)
		sc.dirty = grid.NewBitset(words)
		sc.wordsA = make([]int32, 0, words)
		sc.wordsB = make([]int32, 0, words)
		sc.wordsC = make([]int32, 0, words)
		sc.wordsD = make([]int32, 0, words)
	}
	sc.blocks = sc.blocks[:words]
	return sc
}

// putScratch zeroes the blocks the search touched and pools sc.
func putScratch(sc *scratch) {
	for i, d := range sc.dirty {
		for ; d != 0; d &= d - 1 {
			sc.blocks[:cap(sc.blocks)][i<<6|bits.TrailingZeros64(d)] = block{}
		}
		sc.dirty[i] = 0
	}
	scratchPool.Put(sc)
}

// reached reports whether the last search reached square v.
func (sc *scratch) reached(v int32) bool { return sc.blocks[v>>6].seen&(1<<(uint(v)&63)) != 0 }

// growQueue makes sure sc.queue covers squares 0..last.
func (sc *scratch) growQueue(last int32) {
	if cap(sc.queue) <= int(last) {
		sc.queue = make([]int32, last+1)
	}
	sc.queue = sc.queue[:last+1]
}

// growDist makes sure sc.dist and sc.good cover squares 0..last.
func (sc *scratch) growDist(last int32) {
	size := int(last) + 1
	if cap(sc.dist) < size {
		sc.dist = make([]int32, size)
		sc.good = grid.NewBitset(size)
	}
	sc.dist = sc.dist[:size]
	sc.good = sc.good[:grid.Words(size)]
}
