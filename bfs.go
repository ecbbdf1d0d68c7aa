package snakes

import "math/bits"

// MinRolls returns the fewest rolls that take a token from square 1 to the
// last square under the zero [Rules]: 0 on a 1×1 board, -1 when the last
// square cannot be reached (or b is nil or empty). It is Rules{}.MinRolls(b).
func MinRolls(b *Board) int { return Rules{}.MinRolls(b) }

// Distances returns, for every label of b, the fewest rolls after which a
// turn can end on that square under the zero [Rules], or -1 where no turn
// ever ends there. Index 0 is -1. Distances(b)[b.Squares()] == MinRolls(b).
func Distances(b *Board) []int { return Rules{}.Distances(b) }

// MinRolls returns the fewest rolls, chosen freely each turn, that take a
// token from the start to the last square: 0 when the start is the last
// square (a 1×1 board starting on it), -1 when it cannot be reached, when b
// is nil or empty, or when r is invalid.
//
// It does not allocate in steady state: its buffers come from a pool.
func (r Rules) MinRolls(b *Board) int {
	g, err := r.game(b)
	if err != nil || g.last < 1 {
		return -1
	}
	sc := getScratch(g.last)
	defer putScratch(sc)
	rolls, _ := search[int32](&g, sc, nil, false)
	return rolls
}

// Distances returns, indexed by label, the fewest rolls after which a turn
// can end on each square, and -1 where none can. Index 0 is the off-board
// start: 0 under StartOffBoard, else -1. It returns nil when r is invalid.
func (r Rules) Distances(b *Board) []int {
	g, err := r.game(b)
	if err != nil {
		return nil
	}
	if g.last < 1 {
		return []int{-1}
	}
	dist := make([]int, g.last+1)
	sc := getScratch(g.last)
	defer putScratch(sc)
	search(&g, sc, dist, true)
	return dist
}

// searcher is the state of one breadth-first search.
type searcher[D int | int32] struct {
	g      *game
	seen   []uint64
	landed []uint64 // jump squares some roll has landed on
	next   []uint64 // squares reached at s.depth, the next level
	lo, hi int32    // least and greatest square in next
	queue  []int32
	tail   int // queue[:tail] holds every square reached so far
	dist   []D // optional: rolls to each square
	depth  D   // rolls taken to reach the squares now being added
	found  D   // rolls to the last square once reached, else -1

	// Jump squares landed on, whose destinations are still to be looked
	// up. On large boards g.jumps is far out of cache; looking up a batch
	// with no branch in between lets the loads overlap instead of waiting
	// on one another.
	pending  [256]int32
	npending int
}

// search runs breadth-first from the start over the squares where a turn can
// end, and returns the fewest rolls to the last square (-1 if unreachable)
// with the number of squares it reached. With dist non-nil it records each
// square's distance there (-1 where unreached). With full it explores every
// reachable square; otherwise it stops at the last square. Either way
// sc.queue[:reached] lists the reached squares in nondecreasing distance.
//
// Levels are expanded square by square while sparse, and 64 squares at a time
// (expandWords) once they fill enough of the words they span: per-square
// work branches on every roll's outcome and mispredicts, while word-at-a-time
// work streams through the bitsets in label order.
func search[D int | int32](g *game, sc *scratch, dist []D, full bool) (rolls, reached int) {
	s := searcher[D]{g: g, seen: sc.seen, landed: sc.landed, next: sc.next, queue: sc.queue, dist: dist, found: -1}
	for i := range dist {
		dist[i] = -1
	}
	cur := sc.cur
	s.lo, s.hi = g.last, 0
	s.reach(g.start)
	if s.found >= 0 && !full {
		return int(s.found), s.tail
	}
	for head := 0; head < s.tail; {
		s.depth++
		end := s.tail
		items := s.queue[head:end]
		lo, hi := s.lo>>6, s.hi>>6
		// The level just reached is in s.next; the next one collects in
		// the other bitset, which every level leaves all zero.
		cur, s.next = s.next, cur
		s.lo, s.hi = g.last, 0
		if len(items) < 16 || int(hi-lo)+1 > 2*len(items) || g.faces >= 64 {
			for _, v := range items {
				cur[v>>6] = 0
				if s.expand(v) && !full {
					return int(s.found), s.tail
				}
			}
			if s.flush(); s.found >= 0 && !full {
				return int(s.found), s.tail
			}
		} else if s.expandWords(cur, lo, hi) && !full {
			return int(s.found), s.tail
		}
		head = end
	}
	return int(s.found), s.tail
}

// expand adds every square one roll from v; it reports whether the last
// square has been reached. The game is over on the last square, so nothing
// is one roll from it even where a bounce could move it.
func (s *searcher[D]) expand(v int32) bool {
	g := s.g
	if v == g.last {
		return true
	}
	if v+g.faces <= g.last && g.faces < 64 {
		// Every roll stays on the board: take the rolls' landing squares as
		// one bit mask, add those with no jump that are new all at once, and
		// follow the jumps not landed on before one by one.
		p := v + 1
		land := uint64(1)<<uint(g.faces) - 1
		starts := window(g.starts, p) & land
		if fresh := land &^ starts &^ window(s.seen, p); fresh != 0 {
			orWindow(s.seen, p, fresh)
			orWindow(s.next, p, fresh)
			for ; fresh != 0; fresh &= fresh - 1 {
				s.add(p + int32(bits.TrailingZeros64(fresh)))
			}
		}
		jumps := starts
		if jumps != 0 {
			jumps &^= window(s.landed, p)
			orWindow(s.landed, p, jumps)
		}
		for ; jumps != 0; jumps &= jumps - 1 {
			s.follow(p + int32(bits.TrailingZeros64(jumps)))
		}
	} else {
		for roll := int32(1); roll <= g.faces; roll++ {
			_, to := g.step(v, roll)
			s.reach(to)
		}
	}
	return s.found >= 0
}

// expandWords expands every square of the level held in the bitset level,
// whose set bits lie in words lo..hi, and clears those words. The squares
// the level's rolls land on form the bitset level shifted by 1..faces; of
// those, the ones that start no jump are reached all together, word by word,
// and the jump squares not landed on before are followed one by one. It
// needs faces < 64, so that a roll crosses at most one word boundary.
func (s *searcher[D]) expandWords(level []uint64, lo, hi int32) bool {
	g := s.g
	lastWord := g.last >> 6
	if g.over != Stay {
		// Rolls past the end move the token too; only squares within one
		// roll of the end have any, and the last square has none.
		for v := max(g.last-g.faces+1, lo<<6); v < g.last; v++ {
			if has(level, v) {
				for roll := g.last - v + 1; roll <= g.faces; roll++ {
					_, to := g.step(v, roll)
					s.reach(to)
				}
			}
		}
	}
	var prev uint64 // the word before, whose high bits roll into this one
	faces := uint(g.faces)
	queue := s.queue
	for w := lo; w <= min(hi+1, lastWord); w++ {
		cur := level[w]
		level[w] = 0
		var land uint64
		for r := uint(1); r <= faces; r++ {
			land |= cur<<(r&63) | prev>>((64-r)&63) // r < 64: no shift-out masking
		}
		prev = cur
		if w == lastWord {
			land &= 1<<(uint(g.last)&63)<<1 - 1 // nothing lands past the end
		}
		if land == 0 {
			continue
		}
		starts := g.starts[w] & land
		if fresh := land &^ starts &^ s.seen[w]; fresh != 0 {
			s.seen[w] |= fresh
			s.next[w] |= fresh
			base := w << 6
			s.lo = min(s.lo, base+int32(bits.TrailingZeros64(fresh)))
			s.hi = max(s.hi, base+63-int32(bits.LeadingZeros64(fresh)))
			tail := s.tail
			for ; fresh != 0; fresh &= fresh - 1 {
				v := base | int32(bits.TrailingZeros64(fresh))
				queue[tail] = v
				tail++
				if s.dist != nil {
					s.dist[v] = s.depth
				}
			}
			s.tail = tail
			if w == lastWord && has(s.seen, g.last) && s.found < 0 {
				s.found = s.depth
			}
		}
		jumps := starts &^ s.landed[w]
		s.landed[w] |= jumps
		for ; jumps != 0; jumps &= jumps - 1 {
			s.follow(w<<6 | int32(bits.TrailingZeros64(jumps)))
		}
	}
	s.flush()
	return s.found >= 0
}

// follow queues the jump starting on square t to be taken by flush.
func (s *searcher[D]) follow(t int32) {
	if s.npending == len(s.pending) {
		s.flush()
	}
	s.pending[s.npending] = t
	s.npending++
}

// flush reaches the destinations of the pending jumps.
func (s *searcher[D]) flush() {
	batch := s.pending[:s.npending]
	for i, t := range batch {
		batch[i] = s.g.jumps[t]
	}
	for _, to := range batch {
		s.reach(to)
	}
	s.npending = 0
}

// reach records that a turn can end on square v after s.depth rolls.
func (s *searcher[D]) reach(v int32) {
	if !has(s.seen, v) {
		add(s.seen, v)
		add(s.next, v)
		s.add(v)
	}
}

// add queues square v, newly marked in seen and next, as reached after
// s.depth rolls.
func (s *searcher[D]) add(v int32) {
	s.lo, s.hi = min(s.lo, v), max(s.hi, v)
	s.queue[s.tail] = v
	s.tail++
	if s.dist != nil {
		s.dist[v] = s.depth
	}
	if v == s.g.last {
		s.found = s.depth
	}
}

// minRollsGrid is the seeds' first approach, kept as an independent check on
// Flatten and search: a plain FIFO breadth-first search that converts each
// label to its cell inside the loop and reads the jump straight off grid,
// which must be valid. Rules are the zero Rules.
func minRollsGrid(grid [][]int) int {
	n := len(grid)
	last := n * n
	if last == 1 {
		return 0
	}
	seen := make([]bool, last+1)
	seen[1] = true
	queue := []int{1}
	for rolls := 1; len(queue) > 0; rolls++ {
		var next []int
		for _, v := range queue {
			for t := v + 1; t <= min(v+6, last); t++ {
				r, c := cellOf(n, t)
				to := t
				if grid[r][c] != -1 {
					to = grid[r][c]
				}
				if to == last {
					return rolls
				}
				if !seen[to] {
					seen[to] = true
					next = append(next, to)
				}
			}
		}
		queue = next
	}
	return -1
}
