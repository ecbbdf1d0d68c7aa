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

	canFinish []bool // the last square can be reached from it
	surely    []bool // the token surely reaches the last square from it
	reached   []bool // a turn from the start can end on it
	trap      int32  // a reached square that cannot finish, or -1

	ts           *turnScratch
	into, intoAt []int32 // the edges by destination (see index)
	stack        []int32
}

// chainBytes is what compile allocates for size squares with at most out
// turn ends each.
func chainBytes(size, out float64) float64 {
	return size*(4+8+8+1+1+1+4+4+12) + size*out*(16+4)
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
	c.leave, c.inv = grow(c.leave, size), grow(c.inv, size)
	for v := int32(0); v <= g.last; v++ {
		leave := 0.0
		for _, e := range c.out(v) {
			if e.to != v {
				leave += e.n
			}
		}
		c.leave[v], c.inv[v] = leave, 1/leave
	}
	if err := stopped(ctx); err != nil {
		return err
	}
	c.index()
	// canFinish: back from the last square along the edges.
	c.canFinish = grow(c.canFinish, size)
	clear(c.canFinish)
	c.canFinish[g.last] = true
	stack := append(c.stack[:0], g.last)
	for len(stack) > 0 {
		v := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, u := range c.into[c.intoAt[v]:c.intoAt[v+1]] {
			if !c.canFinish[u] {
				c.canFinish[u] = true
				stack = append(stack, u)
			}
		}
	}
	// surely: the greatest set of squares that can finish and whose every
	// turn ends in the set. A square that cannot finish takes out of it
	// every square with a turn that ends on it, and so on back.
	c.surely = grow(c.surely, size)
	copy(c.surely, c.canFinish)
	for v := range c.canFinish {
		if !c.canFinish[v] {
			stack = append(stack, int32(v))
		}
	}
	for len(stack) > 0 {
		v := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, u := range c.into[c.intoAt[v]:c.intoAt[v+1]] {
			if c.surely[u] {
				c.surely[u] = false
				stack = append(stack, u)
			}
		}
	}
	c.reached = grow(c.reached, size)
	clear(c.reached)
	c.trap = c.explore(g.start, c.reached, stack)
	c.stack = stack
	return nil
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
