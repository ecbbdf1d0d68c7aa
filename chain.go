package snakes

import "context"

// This file compiles a board under a rule set into the chain that the
// random-play engines read: where a turn from each square can end and with
// what weight, and one classification of the squares (which can still
// finish, which surely finish, which the start reaches). The walk and its
// races and tail, the insights' eliminations (structured, band, GMRES),
// Jumps and design all read one; an Analysis compiles one for all of its
// figures. ExpectedTurns' own structured elimination (expected.go) reads
// the board directly instead: built for one figure, it skips the table
// and allocates nothing.

// A chain is a game's turns and the classes of its squares.
type chain struct {
	g     *game
	first []int32 // edges[first[v]:first[v+1]] leave square v; none leave the last
	edges []edge  // every square's turns, merged by destination
	leave []float64
	inv   []float64 // per square: 1/leave, +Inf where no turn leaves
	cost  []float64 // per square: what following its turns costs, in steps (farSteps)
	sweep float64   // what a pass over every square's turns costs

	canFinish []bool // the last square can be reached from it
	surely    []bool // the token surely reaches the last square from it
	reached   []bool // a turn from the start can end on it (see fromStart)
	trap      int32  // a reached square that cannot finish, or -1
	explored  bool   // reached and trap are found

	ts           *turnScratch
	into, intoAt []int32 // the edges by destination (see index)
	stack        []int32
}

// chainBytes is what compile allocates for size squares with at most out
// turn ends each.
func chainBytes(size, out float64) float64 {
	return size*(4+8+8+8+1+1+1+4+4+12) + size*out*(16+4)
}

// compile builds c for g, reusing c's slices where they are large enough,
// or returns ctx's error once ctx is done.
func (c *chain) compile(ctx context.Context, g *game) error {
	c.g = g
	size := int(g.last) + 1
	c.ts = c.ts.fit(size)
	var err error
	if c.first, c.edges, err = g.moveTable(ctx, 0, c.ts, c.first, c.edges); err != nil {
		return err
	}
	c.leave, c.inv, c.cost = grow(c.leave, size), grow(c.inv, size), grow(c.cost, size)
	c.sweep = float64(size)
	for v := int32(0); v <= g.last; v++ {
		leave, cost := 0.0, 0.0
		for _, e := range c.out(v) {
			if e.to != v {
				leave += e.n
			}
			cost++
			if e.to > v+nearSquares || e.to < v-nearSquares {
				cost += farSteps
			}
		}
		c.leave[v], c.inv[v], c.cost[v] = leave, 1/leave, cost
		c.sweep += cost
	}
	if err := stopped(ctx); err != nil {
		return err
	}
	c.classify()
	c.explored = false
	return nil
}

// A pass over every turn of a chain (a sweep of the solves, a push of
// the visits) costs a step an end and a square, and farSteps more for an
// end over nearSquares from where its turn starts: on a board of 10⁶
// squares with random jumps each such end is a miss of every cache, about
// 50 ns where a step is 3 to 4 (BenchmarkBounds in the bench module).
const (
	nearSquares = 1024
	farSteps    = 12
)

// sweepsFirst is how many sweeps down the board classify makes before it
// builds the index of the edges by destination: one settles every square
// whose turns only go up, and each further one a snake more, so that most
// boards settle in two.
const sweepsFirst = 3

// classify finds canFinish and surely: by sweeps down the board while they
// settle quickly, else by searches back along the index of the edges, in
// time linear in the edges whatever the board.
func (c *chain) classify() {
	g := c.g
	size := int(g.last) + 1
	can := grow(c.canFinish, size)
	clear(can)
	can[g.last] = true
	indexed := false
	settled := false
	for range sweepsFirst {
		changed := false
		for v := g.last - 1; v >= 0; v-- {
			if can[v] {
				continue
			}
			for _, e := range c.out(v) {
				if can[e.to] {
					can[v], changed = true, true
					break
				}
			}
		}
		if !changed {
			settled = true
			break
		}
	}
	stack := c.stack[:0]
	if !settled {
		c.index()
		indexed = true
		clear(can) // the search back expands only what it marks itself
		can[g.last] = true
		stack = append(c.stack[:0], g.last)
		for len(stack) > 0 {
			v := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for _, u := range c.into[c.intoAt[v]:c.intoAt[v+1]] {
				if !can[u] {
					can[u] = true
					stack = append(stack, u)
				}
			}
		}
	}
	// surely: the greatest set of squares that can finish and whose every
	// turn ends in the set. A square that cannot finish takes out of it
	// every square with a turn that ends on it, and so on back.
	sure := grow(c.surely, size)
	copy(sure, can)
	c.canFinish, c.surely = can, sure
	all := true
	for _, ok := range can {
		all = all && ok
	}
	if all { // with no square stuck, every one is sure
		c.stack = stack
		return
	}
	settled = false
	for range sweepsFirst {
		changed := false
		for v := g.last - 1; v >= 0; v-- {
			if !sure[v] {
				continue
			}
			for _, e := range c.out(v) {
				if !sure[e.to] {
					sure[v], changed = false, true
					break
				}
			}
		}
		if !changed {
			settled = true
			break
		}
	}
	if !settled {
		if !indexed {
			c.index()
		}
		stack = c.stack[:0]
		for v := range sure {
			if !sure[v] {
				stack = append(stack, int32(v))
			}
		}
		for len(stack) > 0 {
			v := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for _, u := range c.into[c.intoAt[v]:c.intoAt[v+1]] {
				if sure[u] {
					sure[u] = false
					stack = append(stack, u)
				}
			}
		}
	}
	c.stack = stack
}

// fromStart finds, once, the squares a turn from the start can end on and
// a trap among them, for the walks.
func (c *chain) fromStart() {
	if c.explored {
		return
	}
	c.reached = grow(c.reached, int(c.g.last)+1)
	clear(c.reached)
	c.trap = c.explore(c.g.start, c.reached, c.stack)
	c.explored = true
}

// index lists the edges by destination: into[intoAt[v]:intoAt[v+1]] are
// the squares with a turn that ends on v.
func (c *chain) index() {
	size := int(c.g.last) + 1
	at := grow(c.intoAt, size+1)
	clear(at)
	for _, e := range c.edges {
		at[e.to+1]++
	}
	for v := 1; v <= size; v++ {
		at[v] += at[v-1]
	}
	into := grow(c.into, len(c.edges))
	fill := grow(c.stack, size)
	copy(fill, at[:size])
	for v := int32(0); v < c.g.last; v++ {
		for _, e := range c.out(v) {
			into[fill[e.to]] = v
			fill[e.to]++
		}
	}
	c.intoAt, c.into, c.stack = at, into, fill[:0]
}

// out returns the turns from square v.
func (c *chain) out(v int32) []edge { return c.edges[c.first[v]:c.first[v+1]] }

// explore marks in reached the squares a token starting a turn on s can
// reach, and returns one among them from which the last square cannot be
// reached, or -1. stack is scratch space.
func (c *chain) explore(s int32, reached []bool, stack []int32) (trap int32) {
	trap = -1
	reached[s] = true
	stack = append(stack[:0], s)
	for len(stack) > 0 {
		v := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if !c.canFinish[v] && trap < 0 {
			trap = v
		}
		if v == c.g.last {
			continue
		}
		for _, e := range c.out(v) {
			if !reached[e.to] {
				reached[e.to] = true
				stack = append(stack, e.to)
			}
		}
	}
	return trap
}
