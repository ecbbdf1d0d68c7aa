package search

import (
	"math/bits"
	"sync"

	"github.com/snakesladders/snakes/internal/grid"
	"github.com/snakesladders/snakes/internal/model"
)

// This file is the searches' face: the fewest throws, the distances and a
// fewest-throws path, each by the search that suits the game.

// A Step is one throw of a path: from where, the total thrown, where it
// landed and where its jump left the token, and the turn it belongs to.
type Step struct {
	From, Roll, Landed, To, Turn int32
	Effect                       grid.Effect // what the square it left the token on did
}

// MinRolls returns the fewest throws from g's start to its last square,
// or -1 when it cannot be reached; g has squares.
func MinRolls(g *model.Game) int {
	if ByIntervals(g) {
		if s, err := newThrowSearch(*g, true); err == nil {
			return s.rolls()
		}
		return -1
	}
	sc := getScratch(g)
	defer putScratch(sc)
	rolls, _ := search(*g, sc, nil, false, false)
	return rolls
}

// Distances returns the fewest throws to every square of g, -1 where no
// turn ends, or nil past g's memory bound; g has squares.
func Distances(g *model.Game) []int {
	if ByIntervals(g) {
		if s, err := newThrowSearch(*g, false); err == nil {
			return s.distances()
		}
		return nil
	}
	sc := getScratch(g)
	defer putScratch(sc)
	sc.growDist(g.Last)
	search(*g, sc, sc.dist, true, false)
	dist := make([]int, g.Last+1)
	for i, d := range sc.dist {
		dist[i] = int(d)
	}
	return dist
}

// Path returns a fewest-throws path from g's start to its last square,
// the lexicographically smallest in its totals, each throw as as makes it
// of a Step, and whether there is one; g has squares. It allocates the
// path alone, besides pooled buffers.
func Path[M any](g *model.Game, as func(Step) M) ([]M, bool) {
	if ByIntervals(g) {
		if s, err := newThrowSearch(*g, false); err == nil {
			return throwPath(s, as)
		}
		return nil, false
	}
	sc := getScratch(g)
	defer putScratch(sc)
	if g.Board != nil && g.Last >= g.Lim.BothWaysFrom {
		// The fewest throws by the search both ways, then the path from
		// what two searches of that many levels touch (pathboth.go).
		rolls, _ := search(*g, sc, nil, false, false)
		if rolls < 0 {
			return nil, false
		}
		return bothWaysPath(g, rolls, as), true
	}
	sc.growDist(g.Last)
	dist, good := sc.dist, sc.good
	rolls, reached := search(*g, sc, dist, false, true)
	if rolls < 0 {
		return nil, false
	}
	// Walking the reached squares from the farthest back marks every square
	// that lies on some shortest path: the last square, and any square with a
	// roll to a marked square one roll farther out.
	for i := reached - 1; i >= 0; i-- {
		v := sc.queue[i]
		on := v == g.Last
		for roll := int32(1); !on && dist[v] < int32(rolls) && roll <= g.Faces; roll++ {
			_, to := g.Step(v, roll)
			on = dist[to] == dist[v]+1 && grid.Has(good, to)
		}
		if on {
			grid.Add(good, v)
		} else {
			grid.Clear(good, v)
		}
	}
	// From the start, the smallest roll to a marked square one roll farther
	// out always leaves a way to finish in the remaining rolls.
	path := make([]M, 0, rolls)
	turn := int32(1)
	for v := g.Start; v != g.Last; {
		for roll := int32(1); roll <= g.Faces; roll++ {
			landed, to := g.Step(v, roll)
			if dist[to] == dist[v]+1 && grid.Has(good, to) {
				path = append(path, as(Step{From: v, Roll: roll, Landed: landed, To: to, Turn: turn, Effect: g.EffectOf(v, roll, to)}))
				turn = g.NextTurn(turn, v, roll, to)
				v = to
				break
			}
		}
	}
	return path, true
}

// What follows is the breadth-first search over bitsets of 64 squares that
// MinRolls, Distances and ShortestPath share, forward and both ways.

// searcher is the state of one breadth-first search over the squares where
// a turn can end. A level (the squares first reached after the same number
// of rolls) is a bitset, so that the squares one roll further are the level
// shifted by 1..faces, 64 squares to a machine word.
type searcher struct {
	g        model.Game
	lastWord int32  // the block holding the last square
	lastBit  uint64 // the last square's bit in it
	blocks   []block
	dirty    []uint64 // the blocks written to, for putScratch to clear
	nx       int      // blocks[w].level[nx] is the next level, [1-nx] the current
	words    []int32  // the blocks where the next level is not empty
	queue    []int32  // optional: every square reached so far, in order
	tail     int
	dist     []int32 // optional: rolls to each square
	depth    int32   // rolls taken to reach the squares now being added
	found    int32   // rolls to the last square once known, else -1
	full     bool    // explore everything, not just up to the last square

	// The backward search, when there is one: back and blevel in the blocks,
	// the blocks of its next level, which of blevel that is, and its depth.
	// Without one, back holds the last square alone at depth 0.
	bwords    []int32
	bnx       int
	backDepth int32

	// Jump squares landed on, whose destinations are still to be looked
	// up. On large boards g.jumps is far out of cache; looking up a batch
	// with no branch in between lets the loads overlap instead of waiting
	// on one another.
	pending  [256]int32
	npending int
}

// search runs breadth-first from the start and returns the fewest rolls to
// the last square (-1 if unreachable). With full it explores every reachable
// square; otherwise it stops as soon as it knows the fewest rolls.
// sc.reached then tells the squares reached. With dist non-nil it records
// each square's distance there (-1 where unreached); with queue it lists the
// squares reached in sc.queue in nondecreasing distance and returns their
// number as reached. Without either it never looks at single squares of a
// level, only at words of them.
//
// A level is expanded a word at a time: in label order across the blocks it
// spans when it fills enough of them, else block by block as they were first
// touched. Either way 64 squares cost a few shifts and masks, rather than a
// branch per roll that the processor cannot predict.
func search(g model.Game, sc *scratch, dist []int32, full, queue bool) (rolls, reached int) {
	s := searcher{
		g: g, lastWord: g.Last >> 6, lastBit: 1 << (uint(g.Last) & 63),
		blocks: sc.blocks, dirty: sc.dirty, words: sc.wordsA[:0], dist: dist, found: -1, full: full,
	}
	s.touch(s.lastWord)
	last := &s.blocks[s.lastWord]
	last.seen = -s.lastBit << 1 // squares past the end: never reached
	last.back = s.lastBit       // the last square is zero rolls from itself
	if queue {
		sc.growQueue(g.Last)
		s.queue = sc.queue
	}
	for i := range dist {
		dist[i] = -1
	}
	// Searching back from the last square as well meets the forward search
	// halfway, long before either alone would end, on boards whose levels
	// grow fast. It needs the jumps indexed by destination, built once per
	// board, which small boards, quick to search forward, do without; and
	// it only gives the fewest rolls.
	var rev *grid.Reverse
	if g.Board != nil && g.Last >= g.Lim.BothWaysFrom && !full && dist == nil && !queue {
		rev = g.Board.ReverseJumps()
		s.bwords = append(sc.wordsC[:0], s.lastWord)
		last.blevel[s.bnx] = s.lastBit
	}
	words, bwords := sc.wordsB[:0], sc.wordsD[:0]
	s.reach(g.Start)
	for s.full || s.found < 0 {
		if rev != nil {
			if len(s.bwords) == 0 {
				break // nothing new reaches the last square: the start cannot
			}
			if len(s.bwords) < len(s.words) {
				bwords = s.backward(rev, bwords)
				continue
			}
		}
		if len(s.words) == 0 {
			break
		}
		words = s.forward(words)
	}
	return int(s.found), s.tail
}

// forward expands the forward search by one level, given a spare list for
// the blocks of the next; it returns the list of the level it expanded,
// emptied, to be the next spare.
func (s *searcher) forward(spare []int32) []int32 {
	s.depth++
	s.nx ^= 1 // the level just reached becomes the current one
	words := s.words
	s.words = spare[:0]
	cur := 1 - s.nx
	g := &s.g
	if g.Faces >= 64 { // a roll may cross more than one block
		for _, w := range words {
			for c := s.blocks[w].level[cur]; c != 0; c &= c - 1 {
				s.expand(w<<6 | int32(bits.TrailingZeros64(c)))
			}
			s.blocks[w].level[cur] = 0
		}
	} else {
		if g.Over != model.Stay {
			s.overshoot(cur)
		}
		lo, hi := words[0], words[0]
		for _, w := range words {
			lo, hi = min(lo, w), max(hi, w)
		}
		if 4*len(words) >= int(hi-lo)+1 {
			s.sweep(cur, lo, hi)
		} else {
			for _, w := range words {
				s.expandWord(cur, w)
			}
		}
	}
	s.flush()
	return words[:0]
}

// backward expands the backward search by one level: the squares from
// which one roll ends the turn on a square of the level. Like forward it
// takes and returns a spare list.
func (s *searcher) backward(rev *grid.Reverse, spare []int32) []int32 {
	s.backDepth++
	s.bnx ^= 1
	words := s.bwords
	s.bwords = spare[:0]
	cur := 1 - s.bnx
	for _, w := range words {
		b := &s.blocks[w]
		x := b.blevel[cur]
		b.blevel[cur] = 0
		// A roll landing on a square of x with no jump ends the turn there,
		if y := x &^ s.g.Starts[w]; y != 0 {
			s.backLand(w, s.downWithin(y))
			if w > 0 {
				s.backLand(w-1, s.downAcross(y))
			}
		}
		// and so does one landing on a jump into x.
		if in := x & rev.Into[w]; in != 0 {
			for _, p := range rev.Pairs[rev.At[w]:rev.At[w+1]] {
				if in&(1<<(uint(p.To)&63)) != 0 {
					for v := p.From - 1; v >= max(p.From-s.g.Faces, 0); v-- {
						s.backLand(v>>6, 1<<(uint(v)&63))
					}
				}
			}
		}
		if s.found >= 0 {
			break
		}
	}
	return words[:0]
}

// backLand adds the squares set in p, of block w, to the backward search.
// One the forward search has reached closes the gap: the two searches have
// met, and no shorter way exists, since every square either has reached is
// at most its depth away.
func (s *searcher) backLand(w int32, p uint64) {
	b := &s.blocks[w]
	fresh := p &^ b.back
	if fresh == 0 {
		return
	}
	s.touch(w)
	b.back |= fresh
	if b.blevel[s.bnx] == 0 {
		s.bwords = append(s.bwords, w)
	}
	b.blevel[s.bnx] |= fresh
	if s.found < 0 && fresh&b.seen != 0 {
		s.found = s.depth + s.backDepth
	}
}

// downWithin returns the squares of a block one roll before its squares
// set in c.
func (s *searcher) downWithin(c uint64) uint64 {
	if s.g.Faces == 6 {
		c |= c >> 1
		c |= c >> 2
		c |= c >> 2
		return c >> 1
	}
	var from uint64
	for r := uint(1); r <= uint(s.g.Faces); r++ {
		from |= c >> (r & 63)
	}
	return from
}

// downAcross returns the squares of the block before one roll before the
// squares set in c.
func (s *searcher) downAcross(c uint64) uint64 {
	if s.g.Faces == 6 {
		c <<= 58 // the squares within six of the block before
		c |= c << 1
		c |= c << 2
		c |= c << 2
		return c
	}
	var from uint64
	for r := uint(1); r <= uint(s.g.Faces); r++ {
		from |= c << ((64 - r) & 63)
	}
	return from
}

// sweep expands the current level, whose blocks lie in lo..hi, in label
// order from the top down, and clears it. Going down, a search that only
// wants the last square stops as soon as it is reached: the rolls that
// reach it are from the top of the level, and the last level is the largest.
func (s *searcher) sweep(cur int, lo, hi int32) {
	for w := min(hi+1, s.lastWord); w >= lo; w-- {
		c := s.blocks[w].level[cur]
		var below uint64 // the block below, whose high squares roll into this one
		if w > 0 {
			below = s.blocks[w-1].level[cur]
		}
		if c|below == 0 {
			continue
		}
		s.blocks[w].level[cur] = 0
		c = s.within(c) | s.across(below)
		// land, by hand: this loop is the hot one on large boards.
		b := &s.blocks[w]
		starts := s.g.Starts[w] & c
		if fresh, jumps := c&^starts&^b.seen, starts&^b.landed; fresh|jumps != 0 {
			s.take(b, w, fresh, jumps)
			if s.found >= 0 && !s.full {
				return
			}
		}
	}
}

// expandWord expands the squares of the current level in block w, which
// rolls carry into blocks w and w+1, and clears them.
func (s *searcher) expandWord(cur int, w int32) {
	c := s.blocks[w].level[cur]
	s.blocks[w].level[cur] = 0
	s.land(w, s.within(c))
	if w < s.lastWord {
		s.land(w+1, s.across(c))
	}
}

// within returns the squares of a block that rolls from its squares set in
// c land on.
func (s *searcher) within(c uint64) uint64 {
	if s.g.Faces == 6 { // the usual die, in three shifts
		c |= c << 1
		c |= c << 2
		c |= c << 2
		return c << 1
	}
	var land uint64
	for r := uint(1); r <= uint(s.g.Faces); r++ {
		land |= c << (r & 63) // r < 64: no shift-out masking
	}
	return land
}

// across returns the squares of the next block that rolls from the squares
// set in c land on.
func (s *searcher) across(c uint64) uint64 {
	if s.g.Faces == 6 {
		c >>= 58 // the squares within six of the next block
		c |= c >> 1
		c |= c >> 2
		c |= c >> 2
		return c
	}
	var land uint64
	for r := uint(1); r <= uint(s.g.Faces); r++ {
		land |= c >> ((64 - r) & 63)
	}
	return land
}

// land takes the rolls that land on the squares of block w set in land: the
// squares that start no jump are reached all at once, and the jumps not
// landed on before are queued to be followed. It is small enough to be
// inlined; most blocks of a dense level have nothing new. Squares past the
// end are marked seen when the search starts, so nothing lands there.
func (s *searcher) land(w int32, land uint64) {
	b := &s.blocks[w]
	starts := s.g.Starts[w] & land
	if fresh, jumps := land&^starts&^b.seen, starts&^b.landed; fresh|jumps != 0 {
		s.take(b, w, fresh, jumps)
	}
}

// take reaches the squares fresh of block b (index w) and follows the jumps
// from the squares jumps, both newly landed on.
func (s *searcher) take(b *block, w int32, fresh, jumps uint64) {
	s.touch(w)
	if fresh != 0 {
		b.seen |= fresh
		s.mark(b, w, fresh)
		if s.queue != nil || s.dist != nil {
			s.record(w, fresh)
		}
		if s.found < 0 && fresh&b.back != 0 {
			s.found = s.depth + s.backDepth
		}
	}
	b.landed |= jumps
	for ; jumps != 0; jumps &= jumps - 1 {
		if s.npending == len(s.pending) {
			s.flush()
		}
		s.pending[s.npending] = w<<6 | int32(bits.TrailingZeros64(jumps))
		s.npending++
	}
}

// overshoot takes the rolls past the end from the current level's squares
// within one roll of it, under the rules where those rolls move the token.
// The game is over on the last square, so it has none.
func (s *searcher) overshoot(cur int) {
	g := &s.g
	for v := max(g.Last-g.Faces+1, 0); v < g.Last; v++ {
		if s.blocks[v>>6].level[cur]&(1<<(uint(v)&63)) != 0 {
			for roll := g.Last - v + 1; roll <= g.Faces; roll++ {
				_, to := g.Step(v, roll)
				s.reach(to)
			}
		}
	}
}

// expand takes every roll from square v one by one, for dice too big for
// the word-wise expansion.
func (s *searcher) expand(v int32) {
	if v == s.g.Last {
		return
	}
	for roll := int32(1); roll <= s.g.Faces; roll++ {
		_, to := s.g.Step(v, roll)
		s.reach(to)
	}
}

// flush reaches the destinations of the pending jumps.
func (s *searcher) flush() {
	batch := s.pending[:s.npending]
	for i, t := range batch {
		batch[i] = s.g.Jumps[t]
	}
	for _, to := range batch {
		if s.blocks[to>>6].seen&(1<<(uint(to)&63)) == 0 { // most are, late on
			s.reach(to)
		}
	}
	s.npending = 0
}

// reach records that a turn can end on square v after depth rolls.
func (s *searcher) reach(v int32) {
	w, bit := v>>6, uint64(1)<<(uint(v)&63)
	b := &s.blocks[w]
	if b.seen&bit != 0 {
		return
	}
	b.seen |= bit
	s.mark(b, w, bit)
	if s.queue != nil || s.dist != nil {
		s.record(w, bit)
	}
	if s.found < 0 && b.back&bit != 0 {
		s.found = s.depth + s.backDepth
	}
}

// record queues the squares set in block w of squares and notes their
// distance, for the callers that asked for either.
func (s *searcher) record(w int32, squares uint64) {
	base := w << 6
	for ; squares != 0; squares &= squares - 1 {
		v := base | int32(bits.TrailingZeros64(squares))
		if s.queue != nil {
			s.queue[s.tail] = v
			s.tail++
		}
		if s.dist != nil {
			s.dist[v] = s.depth
		}
	}
}

// mark adds the squares set in squares, of block b at index w, to the next
// level.
func (s *searcher) mark(b *block, w int32, squares uint64) {
	s.touch(w)
	if b.level[s.nx] == 0 {
		s.words = append(s.words, w)
	}
	b.level[s.nx] |= squares
}

// touch notes that the search writes to block w.
func (s *searcher) touch(w int32) { s.dirty[w>>6] |= 1 << (uint(w) & 63) }

// What follows pools the searches' buffers.

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
