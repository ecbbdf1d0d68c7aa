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
	g     *game
	seen  []uint64
	queue []int32
	tail  int // queue[:tail] holds every square reached so far
	dist  []D // optional: rolls to each square
	depth D   // rolls taken to reach the squares now being added
	found D   // rolls to the last square once reached, else -1
}

// search runs breadth-first from the start over the squares where a turn can
// end, and returns the fewest rolls to the last square (-1 if unreachable)
// with the number of squares it reached. With dist non-nil it records each
// square's distance there (-1 where unreached). With full it explores every
// reachable square; otherwise it stops at the last square. Either way
// sc.queue[:reached] lists the reached squares in nondecreasing distance.
//
// Levels are expanded in queue order while small, and in label order when
// they are dense enough that a sweep over their span of the level bitset is
// cheap: on large boards with long jumps the queue order is random, and
// walking the level by label turns the reads of g.jumps into a stream.
func search[D int | int32](g *game, sc *scratch, dist []D, full bool) (rolls, reached int) {
	s := searcher[D]{g: g, seen: sc.seen, queue: sc.queue, dist: dist, found: -1}
	for i := range dist {
		dist[i] = -1
	}
	s.reach(g.start)
	if s.found >= 0 && !full {
		return int(s.found), s.tail
	}
	level := sc.level
	for head := 0; head < s.tail; {
		s.depth++
		end := s.tail
		items := s.queue[head:end]
		lo, hi := items[0], items[0]
		for _, v := range items {
			lo, hi = min(lo, v), max(hi, v)
		}
		if sweep := int(hi>>6-lo>>6) + 1; len(items) < 64 || sweep > 4*len(items) {
			for _, v := range items {
				if s.expand(v) && !full {
					return int(s.found), s.tail
				}
			}
		} else {
			for _, v := range items {
				add(level, v)
			}
			for w := lo >> 6; w <= hi>>6; w++ {
				word := level[w]
				level[w] = 0
				for word != 0 {
					v := w<<6 | int32(bits.TrailingZeros64(word))
					word &= word - 1
					if s.expand(v) && !full {
						clear(level[w+1 : hi>>6+1])
						return int(s.found), s.tail
					}
				}
			}
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
	if v+g.faces <= g.last { // every roll stays on the board
		for t := v + 1; t <= v+g.faces; t++ {
			to := t
			if d := g.jumps[t]; d >= 0 {
				to = d
			}
			s.reach(to)
		}
	} else {
		for roll := int32(1); roll <= g.faces; roll++ {
			_, to := g.step(v, roll)
			s.reach(to)
		}
	}
	return s.found >= 0
}

// reach records that a turn can end on square v after s.depth rolls.
func (s *searcher[D]) reach(v int32) {
	if has(s.seen, v) {
		return
	}
	add(s.seen, v)
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
