package search

import (
	"github.com/snakesladders/snakes/internal/grid"
	"github.com/snakesladders/snakes/internal/model"
)

// This file is the searches' face: the fewest throws, the distances and a
// fewest-throws path, each by the search that suits the game.

// A Step is one throw of a path: from where, the total thrown, where it
// landed and where its jump left the token, and the turn it belongs to.
type Step struct {
	From, Roll, Landed, To, Turn int32
}

// MinRolls returns the fewest throws from g's start to its last square,
// or -1 when it cannot be reached; g has squares.
func MinRolls(g *model.Game) int {
	if ByIntervals(g) {
		if s := newThrowSearch(*g, true); s != nil {
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
		if s := newThrowSearch(*g, false); s != nil {
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
		if s := newThrowSearch(*g, false); s != nil {
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
				path = append(path, as(Step{From: v, Roll: roll, Landed: landed, To: to, Turn: turn}))
				if roll != g.Again {
					turn++
				}
				v = to
				break
			}
		}
	}
	return path, true
}
