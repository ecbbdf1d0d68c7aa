package search

import (
	"slices"

	"github.com/snakesladders/snakes/internal/grid"
	"github.com/snakesladders/snakes/internal/model"
)

// This file finds the fewest-throw path on boards large enough for the
// search to go both ways, at the cost of what the search touches rather
// than of the board. Once the fewest throws m are known, the squares of
// fewest-throw paths are those whose distance from the start and distance
// to the end add up to m. Searching forward from the start for df levels
// and back from the end for db levels, df + db = m, each side growing the
// smaller frontier as the search does, gives both distances wherever the
// path can go: the first df squares of a path lie on the forward levels,
// the rest on the backward ones. The path then takes, throw by throw, the
// smallest total that stays on such a square, as ShortestPath always has.
// Distances live in tables of the squares touched, so memory follows
// them, and jumps are looked up only where the bitset of jump starts says
// a square starts one.

// stepAt is step, looking a square up in the board's jumps only when the
// bitset of jump starts says it starts one: on a board of 10⁸ squares the
// jumps are far out of cache, and most squares start none.
func stepAt(g *model.Game, from, roll int32) (landed, to int32) {
	if t := from + roll; t <= g.Last && g.Starts[t>>6]&(1<<(uint(t)&63)) == 0 {
		return t, t
	}
	return g.Step(from, roll)
}

// bothWaysPath returns the fewest-throw path of m throws with the
// lexicographically smallest totals, for a word-wise game on a board with
// its reverse index.
func bothWaysPath[M any](g *model.Game, m int, as func(Step) M) []M {
	// Searches on large boards touch tens of thousands of squares: tables
	// that start near that size are not rebuilt level by level.
	guess := min(g.Last+1, 1<<15)
	fdist, bdist := NewDistances(guess), NewDistances(guess)
	fdist.Add(g.Start, 0)
	bdist.Add(g.Last, 0)
	// Each side's frontier and the next, their arrays swapped level by
	// level.
	forward, fnext := append(make([]int32, 0, 1024), g.Start), make([]int32, 0, 1024)
	back, bnext := append(make([]int32, 0, 1024), g.Last), make([]int32, 0, 1024)
	rev := g.Board.ReverseJumps()
	df, db := 0, 0
	for df+db < m {
		if len(forward) <= len(back) {
			fnext = fnext[:0]
			for _, u := range forward {
				if u == g.Last {
					continue
				}
				for roll := int32(1); roll <= g.Faces; roll++ {
					if _, to := stepAt(g, u, roll); fdist.Add(to, int32(df+1)) {
						fnext = append(fnext, to)
					}
				}
			}
			forward, fnext = fnext, forward
			df++
		} else {
			bnext = bnext[:0]
			for _, x := range back {
				throwsOnto(g, x, rev, func(v int32) {
					if bdist.Add(v, int32(db+1)) {
						bnext = append(bnext, v)
					}
				})
			}
			back, bnext = bnext, back
			db++
		}
	}
	// on reports whether square to, d throws out, lies on a fewest-throw
	// path: past the forward levels by its distance to the end; on them by
	// a search forward in roll order, whose answers are kept, so that the
	// path looks only at the squares it tries.
	known := NewDistances(int32(m) * g.Faces) // square → 1 on a path, 2 not
	var on func(to int32, d int) bool
	on = func(to int32, d int) bool {
		if d > df {
			e, ok := bdist.Get(to)
			return ok && e == int32(m-d)
		}
		if d == df {
			e, ok := bdist.Get(to)
			f, fok := fdist.Get(to)
			return ok && e == int32(m-d) && fok && f == int32(d)
		}
		if f, ok := fdist.Get(to); !ok || f != int32(d) {
			return false
		}
		if k, ok := known.Get(to); ok {
			return k == 1
		}
		for roll := int32(1); roll <= g.Faces && to != g.Last; roll++ {
			if _, next := stepAt(g, to, roll); on(next, d+1) {
				known.Add(to, 1)
				return true
			}
		}
		known.Add(to, 2)
		return false
	}
	path := make([]M, 0, m)
	turn := int32(1)
	for d, v := 0, g.Start; d < m; d++ {
		for roll := int32(1); roll <= g.Faces; roll++ {
			if landed, to := stepAt(g, v, roll); on(to, d+1) {
				path = append(path, as(Step{From: v, Roll: roll, Landed: landed, To: to, Turn: turn, Effect: g.EffectOf(v, roll, to)}))
				turn = g.NextTurn(turn, v, roll, to)
				v = to
				break
			}
		}
	}
	return path
}

// throwsOnto calls each with every square from which one throw ends on x:
// the throws that land on x when no jump starts there, those that land on
// a square whose jumps lead to x, and the throws past the end, each
// checked by step. rev indexes the board's jumps by destination.
func throwsOnto(g *model.Game, x int32, rev *grid.Reverse, each func(v int32)) {
	try := func(landing int32) { // every throw onto landing ends on x
		for v := max(landing-g.Faces, 0); v < landing; v++ {
			each(v)
		}
	}
	if g.Jumps[x] < 0 || g.Jumps[x] == x {
		try(x)
	}
	// The squares whose jump, or chain of jumps, ends on x.
	if rev.Into[x>>6]&(1<<(uint(x)&63)) != 0 {
		// Chains are short: the squares seen are kept in a small slice
		// rather than a map.
		var buf [16]int32
		seen := append(buf[:0], x)
		for next := 0; next < len(seen); next++ {
			y := seen[next]
			w := y >> 6
			for _, p := range rev.Pairs[rev.At[w]:rev.At[w+1]] {
				if p.To == y && !slices.Contains(seen, p.From) {
					seen = append(seen, p.From)
					if g.Jumps[p.From] == x {
						try(p.From)
					}
				}
			}
		}
	}
	// Throws past the end (Bounce and Finish move the token).
	if g.Over != model.Stay {
		for v := max(g.Last-g.Faces, 0); v < g.Last; v++ {
			for roll := g.Last - v + 1; roll <= g.Faces; roll++ {
				if _, to := g.Step(v, roll); to == x {
					each(v)
					break
				}
			}
		}
	}
}

// A Dists maps the squares a search touched to their Dists: open
// addressing over a table twice the squares or more, so that memory and
// time follow the touched squares, without the cost of a Go map.
type Dists struct {
	slots []distance
	n     int
}

// A distance is a slot of a distances: a square, or -1, and its distance,
// side by side so that a probe reads one cache line.
type distance struct{ square, d int32 }

// NewDistances returns an empty table sized for about squares squares
// (it grows past them).
func NewDistances(squares int32) *Dists {
	n := 1 << 10
	for n < 2*int(squares) {
		n <<= 1
	}
	d := &Dists{slots: make([]distance, n)}
	for i := range d.slots {
		d.slots[i].square = -1
	}
	return d
}

// slot returns where square v is, or would go.
func (d *Dists) slot(v int32) int {
	mask := len(d.slots) - 1
	i := int(uint32(v)*0x9E3779B1) & mask
	for d.slots[i].square >= 0 && d.slots[i].square != v {
		i = (i + 1) & mask
	}
	return i
}

// Get returns v's distance and whether it has one.
func (d *Dists) Get(v int32) (int32, bool) {
	s := d.slots[d.slot(v)]
	return s.d, s.square == v
}

// Add gives v the distance x unless it has one, and reports whether it
// was new.
func (d *Dists) Add(v, x int32) bool {
	i := d.slot(v)
	if d.slots[i].square == v {
		return false
	}
	d.slots[i] = distance{v, x}
	if d.n++; 2*d.n > len(d.slots) {
		old := d.slots
		d.slots = NewDistances(int32(len(old))).slots // twice as many
		for _, s := range old {
			if s.square >= 0 {
				d.slots[d.slot(s.square)] = s
			}
		}
	}
	return true
}
