package snakes

import (
	"context"

	"github.com/snakesladders/snakes/internal/budget"
)

// This file compiles a board under a rule set into the chain that the
// random-play engines read, in one of two forms. In turn form (compile)
// it lists where a turn from each square can end and with what weight,
// with one classification of the squares (which can still finish, which
// surely finish, which the start reaches): the walk and its races and
// tail, the insights' eliminations (structured, band, GMRES), Jumps and
// design read it, and an Analysis compiles one for all of its figures. In
// throw form (compileThrows) it lists the throws inside a turn instead,
// for ExpectedTurns' structured elimination (expectedhouse.go), which
// follows a turn as the run of squares its throws of Again pass: listing
// every turn would cost it as many ends a square as a run has throws (26
// for a six with another throw on a six). One fair die's throws need no
// table at all: they are a run of the board's squares, read through its
// jumps, and its chain holds only the classes the board's searches find
// (faircost.go), for ExpectedTurns (expected.go) and the walks by
// intervals (fairwalk.go).

// A chain is a game's turns, or the throws inside them, and the classes
// of its squares.
type chain struct {
	g     *game   // nil in throw form
	first []int32 // edges[first[v]:first[v+1]] leave square v; none leave the last
	edges []edge  // every square's turns, merged by destination; in throw form its throws that end a turn
	leave []float64
	inv   []float64 // per square: 1/leave, +Inf where no turn leaves
	cost  []float64 // per square: what following its turns costs, in steps (farSteps)
	sweep float64   // what a pass over every square's turns costs

	canFinish []bool // the last square can be reached from it
	surely    []bool // the token surely reaches the last square from it
	reached   []bool // a turn from the start can end on it (see fromStart)
	trap      int32  // a reached square that cannot finish, or -1
	explored  bool   // reached and trap are found

	// In throw form: the squares a run of Again throws goes on from, in
	// some turn from a square the start reaches. Neither canFinish nor
	// surely is found, nor the trap: the elimination finds a square with
	// no way on as it solves.
	chained []bool

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
	if err := budget.Stopped(ctx); err != nil {
		return err
	}
	c.classify()
	c.explored = false
	return nil
}

// compileThrows builds c in throw form for g: every square's throws that
// end a turn from the start up (see endingThrows), the squares a turn from
// the start can end on (reached) and those a run of Again throws goes on
// from (chained), following turns as runs (game.run); or returns ctx's
// error once ctx is done. It reuses c's slices where they are large enough.
func (c *chain) compileThrows(ctx context.Context, g *game) error {
	// c keeps no pointer to g: ExpectedTurns' game lives on its stack.
	c.g = nil
	size := int(g.last) + 1
	c.ts = c.ts.fit(size)
	var err error
	if c.first, c.edges, err = g.endTable(ctx, g.start, c.first, c.edges); err != nil {
		return err
	}
	c.reached, c.chained = grow(c.reached, size), grow(c.chained, size)
	clear(c.reached)
	clear(c.chained)
	c.reached[g.start] = true
	stack := append(c.stack[:0], g.start)
	for len(stack) > 0 {
		v := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if v == g.last {
			continue
		}
		links, stop := g.run(v, c.ts, turnTiny)
		for k, l := range links {
			if k > 0 {
				c.chained[l.u] = true
			}
			for _, e := range c.out(l.u) {
				if !c.reached[e.to] {
					c.reached[e.to] = true
					stack = append(stack, e.to)
				}
			}
		}
		if end, ok := g.runEnd(v, stop); ok && !c.reached[end] {
			c.reached[end] = true
			stack = append(stack, end)
		}
	}
	c.stack = stack
	c.canFinish, c.surely, c.trap, c.explored = nil, nil, -1, false
	return nil
}

// runEnd is where the last throw of Again of a turn from v leaves the
// token when it ends the turn: on the last square, or back after the
// run's limit.
func (g *game) runEnd(v int32, stop int8) (int32, bool) {
	switch stop {
	case turnEnds:
		return g.last, true
	case turnVoids:
		return g.voidTo(v), true
	}
	return 0, false
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
