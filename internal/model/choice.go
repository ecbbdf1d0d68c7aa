// This file is the turn of a player who chooses: the die thrown from each
// square and the jumps taken, fixed as a strategy and compiled into the
// chain of its throws that the insights' solve reads (internal/best).

package model

import (
	"context"

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

	G Game // the game as the strategy plays it, which its chain reads: set by Chosen
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
	s.G = *g
	s.G.Jumps, s.G.Dice.Den = s.Jumps, s.Den
	p := &s.G
	throws := 0.0
	for v := int32(0); v < p.Last; v++ {
		throws += float64(p.faces(s.Die[v]))
		if s.Die[v] > 0 {
			// The fast paths of one die read g.Faces for every square.
			p.Faces, p.Simple, p.Wordwise, p.Board = max(p.Faces, s.Die[v]), false, false, nil
		}
	}
	if err := p.Spend(throws, "the throws of a strategy"); err != nil {
		return err
	}
	if bytes := 12 * throws; !p.Take(bytes) {
		return p.TooBig(bytes, "the throws of a strategy on %d squares", p.Top)
	}
	c.G = p
	size := int(p.Last) + 1
	c.Ts = c.Ts.Fit(size)
	c.First = linalg.Grow(c.First, size+1)
	if cap(c.Edges) < int(throws) {
		c.Edges = make([]Edge, 0, int(throws))
	}
	edges := c.Edges[:0]
	at := c.Ts.At
	die, n, share := int32(0), 0.0, 0.0 // the last die's weight a face and its share
	for v := int32(0); v < p.Last; v++ {
		if v%4096 == 0 {
			if err := budget.Stopped(ctx); err != nil {
				return err
			}
		}
		c.First[v] = int32(len(edges))
		from := len(edges)
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
				edges = mergeEnd(edges, at, to, n)
				turns += p.TurnsAfter(v, total, to)
			}
			cost[v] = turns * share
		} else {
			turns := 0.0
			p.throws(v, 0, func(total int32, n float64) {
				_, to := p.ThrowFrom(v, total)
				edges = mergeEnd(edges, at, to, n)
				turns += n * p.TurnsAfter(v, total, to)
			})
			cost[v] = turns / s.Den
		}
		for _, e := range edges[from:] {
			at[e.To] = -1
		}
	}
	c.First[p.Last], c.First[p.Last+1] = int32(len(edges)), int32(len(edges))
	cost[p.Last] = 0
	c.Edges = edges
	if err := c.sum(); err != nil {
		return err
	}
	c.Classify()
	c.Explored = false
	return nil
}

// faces is how many totals a throw of die (0: the rules' dice) can show.
func (g *Game) faces(die int32) int32 {
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
