// This file is the turn of a player who chooses: the die thrown from each
// square and the jumps taken, fixed as a strategy and compiled into the
// chain of its throws that the insights' solve reads (internal/best).

package model

import (
	"context"
	"slices"

	"github.com/snakesladders/snakes/internal/budget"
	"github.com/snakesladders/snakes/internal/grid"
	"github.com/snakesladders/snakes/internal/linalg"
)

// A Strategy is a choice fixed on every square of a game of one throw a
// turn (no Again, no Enter): the fair die thrown from each square and the
// jumps taken.
type Strategy struct {
	// Die[v] is the faces of the fair die thrown from square v; 0 throws
	// the rules' dice.
	Die []int32
	// Jumps are the jumps the strategy takes, as Game.Jumps holds them:
	// -1 where a jump is declined, chained under Rules.Chain.
	Jumps []int32
	// Den is what the throws' weights are out of: a multiple of every
	// die's faces, or the rules' dice's Den where no die is chosen.
	Den float64
	// Stride, when above 0, is the most totals of any die a square may
	// throw: the chain then keeps that many edges for each square (a
	// turn that stays, of weight 0, fills what its throws leave), so that
	// a square's throws are compiled again in place (Dirty).
	Stride int32
	// Dirty, when not nil and the chain was compiled for the strategy
	// with a Stride before, marks the squares whose throws changed since:
	// Chosen compiles those alone, and clears it.
	Dirty []bool

	G    Game // the game as the strategy plays it, which its chain reads: set by Chosen
	laid bool // the chain holds a Stride of edges for every square
}

// Chosen compiles into c the throws of a player who follows s from every
// square of g, each throw an edge weighted out of s.Den, and sets cost[v]
// to the turns a throw from v adds on average, the one it is thrown in
// aside: 1 for a throw that ends the turn, 0 for one that gives another
// throw or ends the game, 2 for one onto a square that costs a turn. The
// expected turns from a turn begun on v are then 1 plus the solve of cost
// on c. The throws are charged to g's work bound and their table to its
// memory bound before they are made; it stops with ctx's error once ctx
// is done.
func (g *Game) Chosen(ctx context.Context, c *Chain, s *Strategy, cost []float64) error {
	again := s.laid && s.Dirty != nil && c.G == &s.G
	s.G = *g
	s.G.Jumps, s.G.Dice.Den = s.Jumps, s.Den
	p := &s.G
	throws, widest := 0.0, int32(0)
	for v := int32(0); v < p.Last; v++ {
		f := p.Totals(s.Die[v])
		widest = max(widest, f)
		if !again || s.Dirty[v] {
			throws += float64(f)
		}
		if s.Die[v] > 0 {
			// The fast paths of one die read g.Faces for every square.
			p.Faces, p.Simple, p.Wordwise, p.Board = max(p.Faces, s.Die[v]), false, false, nil
		}
	}
	stride := s.Stride
	if stride < widest {
		stride, again = 0, false // the edges are merged, with no room kept
	}
	if err := p.Spend(throws, "the throws of a strategy"); err != nil {
		return err
	}
	size := int(p.Last) + 1
	if !again {
		// A stride of edges a square is known before; merged edges are
		// taken as they grow (below).
		if stride > 0 {
			if bytes := 12 * float64(stride) * float64(p.Last); !p.Take(bytes) {
				return p.TooBig(bytes, "the throws of a strategy on %d squares", p.Top)
			}
			if need := int(stride) * int(p.Last); cap(c.Edges) < need {
				c.Edges = make([]Edge, 0, need)
			}
		}
		c.First = linalg.Grow(c.First, size+1)
	}
	c.G = p
	c.Ts = c.Ts.Fit(size)
	edges := c.Edges[:0]
	if stride > 0 {
		edges = c.Edges[:int(stride)*int(p.Last)]
	}
	at := c.Ts.At
	die, n, share := int32(0), 0.0, 0.0 // the last die's weight a face and its share
	steps := int32(0)
	for v := int32(0); v < p.Last; v++ {
		if again && !s.Dirty[v] {
			continue
		}
		// The context every CheckEvery throws or so, however wide the dice.
		if steps += p.Totals(s.Die[v]); steps > budget.CheckEvery {
			if err := budget.Stopped(ctx); err != nil {
				return err
			}
			steps = 0
		}
		// The square's edges: appended, or in its own stride of them.
		if need := len(edges) + int(p.Totals(s.Die[v])); stride == 0 && need > cap(edges) {
			more := max(need, 2*cap(edges)) - cap(edges)
			if bytes := 12 * float64(more); !p.Take(bytes) {
				return p.TooBig(bytes, "the throws of a strategy on %d squares", p.Top)
			}
			edges = slices.Grow(edges, need-len(edges)+more)
		}
		row, base := edges, len(edges)
		if stride > 0 {
			base = int(v) * int(stride)
			row = edges[base:base:(base + int(stride))]
		}
		c.First[v] = int32(base)
		from := len(row)
		if d := s.Die[v]; d > 0 {
			// One fair die, its faces a loop of their own: the hot path.
			if d != die {
				die, n, share = d, s.Den/float64(d), 1/float64(d)
			}
			turns := 0.0
			for total := int32(1); total <= d; total++ {
				var to int32
				if u := v + total; u <= p.Top {
					to = p.Land(u)
				} else {
					_, to = p.Beyond(v, total)
				}
				row = mergeEnd(row, at, to, n)
				turns += p.TurnsAfter(v, total, to)
			}
			cost[v] = turns * share
		} else {
			turns := 0.0
			p.throws(v, 0, func(total int32, n float64) {
				_, to := p.ThrowFrom(v, total)
				row = mergeEnd(row, at, to, n)
				turns += n * p.TurnsAfter(v, total, to)
			})
			cost[v] = turns / s.Den
		}
		for _, e := range row[from:] {
			at[e.To] = -1
		}
		if stride == 0 {
			edges = row
			continue
		}
		for k := len(row); k < int(stride); k++ {
			edges[base+k] = Edge{To: v}
		}
	}
	c.First[p.Last], c.First[p.Last+1] = int32(len(edges)), int32(len(edges))
	cost[p.Last] = 0
	c.Edges = edges
	s.laid = stride > 0
	clear(s.Dirty)
	if err := c.sum(!again); err != nil {
		return err
	}
	c.Classify()
	c.Explored = false
	return nil
}

// Totals is how many totals a throw of die (0: the rules' dice) can show.
func (g *Game) Totals(die int32) int32 {
	if die == 0 {
		return g.Dice.Hi - g.Dice.Lo + 1
	}
	return die
}

// throws calls each with every total a throw of die (0: the rules' dice)
// can show and its weight out of g.Dice.Den.
func (g *Game) throws(v, die int32, each func(total int32, n float64)) {
	if die == 0 {
		for t := g.Dice.Lo; t <= g.Dice.Hi; t++ {
			if n := g.Dice.Weight(t); n > 0 {
				each(t, n)
			}
		}
		return
	}
	n := g.Dice.Den / float64(die)
	for t := int32(1); t <= die; t++ {
		each(t, n)
	}
}

// Throws is throws for a caller that chooses: every total a throw of die
// (0: the rules' dice) from v can show, where it leaves the token on g
// (after the jumps g takes), and its weight out of g.Dice.Den.
func (g *Game) Throws(v, die int32, each func(total, landed, to int32, n float64)) {
	g.throws(v, die, func(total int32, n float64) {
		landed, to := g.ThrowFrom(v, total)
		each(total, landed, to, n)
	})
}

// TurnsAfter is the turns a throw of total from u that left the token on
// to adds, the turn it is thrown in aside: as NextTurn counts them, none
// once the game is won.
func (g *Game) TurnsAfter(u, total, to int32) float64 {
	if !g.moved(u, total) {
		return 1
	}
	return g.LeftOn(to)
}

// LeftOn is the turns a throw that moved the token onto square to (after
// its jump) adds in a game of one throw a turn: none once the game is
// won or when the square gives another throw, two when it costs a turn,
// else one.
func (g *Game) LeftOn(to int32) float64 {
	if g.Eff == nil {
		if to == g.Last {
			return 0
		}
		return 1
	}
	switch {
	case to == g.Last, g.Eff[to] == grid.Again:
		return 0
	case g.Eff[to] == grid.Miss:
		return 2
	}
	return 1
}

// Moved reports whether a throw of total from u puts the token down (see
// moved): for a caller that chooses what the landing does.
func (g *Game) Moved(u, total int32) bool { return g.moved(u, total) }

// MaxFaces is the most faces a die may have.
const MaxFaces = maxFaces
