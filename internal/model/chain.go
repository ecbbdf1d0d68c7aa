package model

import (
	"context"

	"github.com/snakesladders/snakes/internal/budget"
	"github.com/snakesladders/snakes/internal/linalg"
)

// This file compiles a board under a rule set into the chain that the
// random-play engines read, in one of two forms. In turn form (compile)
// it lists where a turn from each square can end and with what weight,
// with one classification of the squares (which can still finish, which
// surely finish, which the start reaches): the walk and its races and
// tail, the insights' eliminations (structured, band, GMRES), Jumps and
// design read it, and an Analysis compiles one for all of its figures. In
// throw form (CompileThrows) it lists the throws inside a turn instead,
// for ExpectedTurns' structured elimination (expected.go), which
// follows a turn as the run of squares its throws of Again pass: listing
// every turn would cost it as many ends a square as a run has throws (26
// for a six with another throw on a six). One fair die's throws need no
// table at all: they are a run of the board's squares, read through its
// jumps, and its chain holds only the classes the board's searches find
// (faircost.go), for ExpectedTurns (expected.go) and the walks by
// intervals (walk.go).

// A Chain is a game's turns, or the throws inside them, and the classes
// of its squares.
type Chain struct {
	G     *Game   // nil in throw form
	First []int32 // edges[first[v]:first[v+1]] leave square v; none leave the last
	Edges []Edge  // every square's turns, merged by destination; in throw form its throws that end a turn
	Leave []float64
	Inv   []float64 // per square: 1/leave, +Inf where no turn leaves
	Cost  []float64 // per square: what following its turns costs, in steps (farSteps)
	Sweep float64   // what a pass over every square's turns costs

	CanFinish []bool // the last square can be reached from it
	Surely    []bool // the token surely reaches the last square from it
	Reached   []bool // a turn from the start can end on it (see fromStart)
	Trap      int32  // a reached square that cannot finish, or -1
	Explored  bool   // reached and trap are found

	// In throw form: the squares a run of Again throws goes on from, in
	// some turn from a square the start reaches. Neither canFinish nor
	// surely is found, nor the trap: the elimination finds a square with
	// no way on as it solves.
	Chained []bool

	Ts           *TurnScratch
	into, intoAt []int32 // the edges by destination (see index)
	stack        []int32
}

// squareBytes is what a chain holds a square besides its turns: the
// sums, the classes, the squares reached and the index by destination.
const squareBytes = 4 + 8 + 8 + 8 + 1 + 1 + 1 + 4 + 4 + 12

// Compile builds c for g, reusing c's slices where they are large enough,
// or returns ctx's error once ctx is done.
func (c *Chain) Compile(ctx context.Context, g *Game) error {
	c.G = g
	size := int(g.Last) + 1
	c.Ts = c.Ts.Fit(size)
	var err error
	if c.First, c.Edges, err = g.moveTable(ctx, 0, c.Ts, c.First, c.Edges); err != nil {
		return err
	}
	if err := c.sum(true); err != nil {
		return err
	}
	if err := budget.Stopped(ctx); err != nil {
		return err
	}
	c.Classify()
	c.Explored = false
	return nil
}

// sum sets what c's turns leave each square with and what following them
// costs, and with take takes the memory of c's tables from its game's
// bound (a chain compiled again in place holds it already).
func (c *Chain) sum(take bool) error {
	g := c.G
	size := int(g.Last) + 1
	if bytes := squareBytes*float64(size) + 4*float64(len(c.Edges)); take && !g.Take(bytes) {
		return g.TooBig(bytes, "the chain of %d squares", g.Top)
	}
	c.Leave, c.Inv, c.Cost = linalg.Grow(c.Leave, size), linalg.Grow(c.Inv, size), linalg.Grow(c.Cost, size)
	c.Sweep = float64(size)
	for v := int32(0); v <= g.Last; v++ {
		leave, cost := 0.0, 0.0
		for _, e := range c.Out(v) {
			if e.To != v {
				leave += e.N
			}
			cost++
			if e.To > v+nearSquares || e.To < v-nearSquares {
				cost += farSteps
			}
		}
		c.Leave[v], c.Inv[v], c.Cost[v] = leave, 1/leave, cost
		c.Sweep += cost
	}
	return nil
}

// CompileThrows builds c in throw form for g: every square's throws that
// end a turn from the start up (see endingThrows), the squares a turn from
// the start can end on (reached) and those a run of Again throws goes on
// from (chained), following turns as runs (game.run); or returns ctx's
// error once ctx is done. It reuses c's slices where they are large enough.
func (c *Chain) CompileThrows(ctx context.Context, g *Game) error {
	// c keeps no pointer to g: ExpectedTurns' game lives on its stack.
	c.G = nil
	size := int(g.Last) + 1
	c.Ts = c.Ts.Fit(size)
	var err error
	if c.First, c.Edges, err = g.endTable(ctx, g.Start, c.First, c.Edges); err != nil {
		return err
	}
	if bytes := 2 * float64(size); !g.Take(bytes) {
		return g.TooBig(bytes, "the chain of %d squares", g.Top)
	}
	c.Reached, c.Chained = linalg.Grow(c.Reached, size), linalg.Grow(c.Chained, size)
	clear(c.Reached)
	clear(c.Chained)
	c.Reached[g.Start] = true
	stack := append(c.stack[:0], g.Start)
	for len(stack) > 0 {
		v := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if v == g.Last {
			continue
		}
		links, stop := g.Run(v, c.Ts, TurnTiny)
		for k, l := range links {
			if k > 0 {
				c.Chained[l.U] = true
			}
			for _, e := range c.Out(l.U) {
				if !c.Reached[e.To] {
					c.Reached[e.To] = true
					stack = append(stack, e.To)
				}
			}
		}
		if end, ok := g.RunEnd(v, stop); ok && !c.Reached[end] {
			c.Reached[end] = true
			stack = append(stack, end)
		}
	}
	c.stack = stack
	c.CanFinish, c.Surely, c.Trap, c.Explored = nil, nil, -1, false
	return nil
}

// RunEnd is where the last throw of Again of a turn from v leaves the
// token when it ends the turn: on the last square, or back after the
// run's limit.
func (g *Game) RunEnd(v int32, stop int8) (int32, bool) {
	switch stop {
	case TurnEnds:
		return g.Last, true
	case TurnVoids:
		return g.VoidTo(v), true
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

// SweepsFirst is how many sweeps down the board classify makes before it
// builds the index of the edges by destination: one settles every square
// whose turns only go up, and each further one a snake more, so that most
// boards settle in two.
const SweepsFirst = 3

// Classify finds canFinish and surely: by sweeps down the board while they
// settle quickly, else by searches back along the index of the edges, in
// time linear in the edges whatever the board.
func (c *Chain) Classify() {
	g := c.G
	size := int(g.Last) + 1
	can := linalg.Grow(c.CanFinish, size)
	clear(can)
	can[g.Last] = true
	indexed := false
	settled := false
	for range SweepsFirst {
		changed := false
		for v := g.Last - 1; v >= 0; v-- {
			if can[v] {
				continue
			}
			for _, e := range c.Out(v) {
				if can[e.To] {
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
		c.Index()
		indexed = true
		clear(can) // the search back expands only what it marks itself
		can[g.Last] = true
		stack = append(c.stack[:0], g.Last)
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
	sure := linalg.Grow(c.Surely, size)
	copy(sure, can)
	c.CanFinish, c.Surely = can, sure
	all := true
	for _, ok := range can {
		all = all && ok
	}
	if all { // with no square stuck, every one is sure
		c.stack = stack
		return
	}
	settled = false
	for range SweepsFirst {
		changed := false
		for v := g.Last - 1; v >= 0; v-- {
			if !sure[v] {
				continue
			}
			for _, e := range c.Out(v) {
				if !sure[e.To] {
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
			c.Index()
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

// FromStart finds, once, the squares a turn from the start can end on and
// a trap among them, for the walks.
func (c *Chain) FromStart() {
	if c.Explored {
		return
	}
	c.Reached = linalg.Grow(c.Reached, int(c.G.Last)+1)
	clear(c.Reached)
	c.Trap = c.Explore(c.G.Start, c.Reached, c.stack)
	c.Explored = true
}

// Index lists the edges by destination: into[intoAt[v]:intoAt[v+1]] are
// the squares with a turn that ends on v.
func (c *Chain) Index() {
	size := int(c.G.Last) + 1
	at := linalg.Grow(c.intoAt, size+1)
	clear(at)
	for _, e := range c.Edges {
		at[e.To+1]++
	}
	for v := 1; v <= size; v++ {
		at[v] += at[v-1]
	}
	into := linalg.Grow(c.into, len(c.Edges))
	fill := linalg.Grow(c.stack, size)
	copy(fill, at[:size])
	for v := int32(0); v < c.G.Last; v++ {
		for _, e := range c.Out(v) {
			into[fill[e.To]] = v
			fill[e.To]++
		}
	}
	c.intoAt, c.into, c.stack = at, into, fill[:0]
}

// Out returns the turns from square v.
func (c *Chain) Out(v int32) []Edge { return c.Edges[c.First[v]:c.First[v+1]] }

// Explore marks in reached the squares a token starting a turn on s can
// reach, and returns one among them from which the last square cannot be
// reached, or -1. stack is scratch space.
func (c *Chain) Explore(s int32, reached []bool, stack []int32) (trap int32) {
	trap = -1
	reached[s] = true
	stack = append(stack[:0], s)
	for len(stack) > 0 {
		v := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if !c.CanFinish[v] && trap < 0 {
			trap = v
		}
		if v == c.G.Last {
			continue
		}
		for _, e := range c.Out(v) {
			if !reached[e.To] {
				reached[e.To] = true
				stack = append(stack, e.To)
			}
		}
	}
	return trap
}
