package search

import (
	"slices"

	"github.com/snakesladders/snakes/internal/grid"
	"github.com/snakesladders/snakes/internal/linalg"
	"github.com/snakesladders/snakes/internal/model"
)

// This file searches for the fewest throws under the rules the word-wise
// search of search.go does not serve: dice whose totals are not every one
// of 1..faces (several dice, a loaded die with a face that never shows), a
// throw needed to enter, and a limit on the throws of Again in a row. The
// player chooses each throw among the totals that can show. With a limit,
// where a token stands is not enough to say what it may throw next (a
// throw of Again that completes the run voids the turn, so no fewest path
// takes it): a state is a square and the length of the run of Again
// throws so far in the turn.

// A throwSearch is a breadth-first search over states square·runs + run.
// Its time grows with the states and jumps, not with the totals a throw
// can show: the totals that end a run (all but Again's) put the token on
// the squares of a few intervals, and each square is claimed once, by the
// first state whose interval covers it (claims).
type throwSearch struct {
	g     model.Game
	runs  int32   // states a square: AgainLimit, or 1
	dist  []int32 // per state: the throws to reach it, -1 if not reached
	queue []int32 // the states in the order reached
	spans [][2]int32
}

// newThrowSearch runs the search from the start over every state it
// reaches, or to the last square only when toEnd is set, or returns the
// error of g's memory bound when its tables do not fit (Game.Take): a
// state's distance and place in the queue, and a square's claim and, for
// a path, its place in a tree of maxima and the squares that land on it.
func newThrowSearch(g model.Game, toEnd bool) (*throwSearch, error) {
	if bytes := (8*float64(max(g.Limit, 1)) + 24) * (float64(g.Last) + 1); !g.Take(bytes) {
		return nil, g.TooBig(bytes, "the search of %d squares", g.Last)
	}
	s := &throwSearch{g: g, runs: max(g.Limit, 1), spans: g.Dice.Spans()}
	states := (int(g.Last) + 1) * int(s.runs)
	s.dist = make([]int32, states)
	for i := range s.dist {
		s.dist[i] = -1
	}
	s.queue = make([]int32, 0, states)
	start, end := g.Start*s.runs, g.Last*s.runs
	s.dist[start] = 0
	s.queue = append(s.queue, start)
	claims := newClaims(g.Last)
	if g.Start == 1 && g.Land(1) == 1 {
		claims[1] = 2 // landing there reaches the start
	}
	var d int32 // the distance of the states reached from the one at head
	single := func(_, to int32) {
		if s.dist[to] < 0 {
			s.dist[to] = d
			s.queue = append(s.queue, to)
		}
	}
	squares := func(lo, hi int32) {
		if toEnd && hi == g.Last && s.dist[end] < 0 {
			single(0, end) // the rest of the interval is not needed
			return
		}
		for p := claims.find(lo); p <= hi; p = claims.find(p + 1) {
			claims[p] = p + 1
			if to := g.Land(p) * s.runs; s.dist[to] < 0 {
				s.dist[to] = d
				s.queue = append(s.queue, to)
			}
		}
	}
	// fast: a state's throws all end its run, on one interval of squares
	// unless they pass the last square.
	fast := g.Limit == 0 && len(s.spans) == 1
	lo, hi := g.Dice.Lo, g.Dice.Hi
	// A layer's states go from the last reached back, which reaches the
	// far squares first: a wide die's search to the end stops sooner.
	// Once every square is claimed, only Again's throws can reach a state
	// not yet reached: without a limit on them, the search is over.
	for layer := 0; layer < len(s.queue); {
		next := len(s.queue)
		for i := next - 1; i >= layer; i-- {
			if toEnd && s.dist[end] >= 0 || g.Limit == 0 && claims.find(1) > g.Last {
				return s, nil
			}
			from := s.queue[i]
			d = s.dist[from] + 1
			if u := from; fast && u+hi <= g.Last && u > 0 {
				squares(u+lo, u+hi) // the common case, without each's cases
				continue
			}
			s.each(from, single, squares)
		}
		layer = next
	}
	return s, nil
}

// each calls single with the totals from state that lead to a state of
// their own (Again's, entering, an overshoot under Stay or Finish) and the
// state, and squares with the intervals of squares, before any jump, that
// the other totals land on, ending the run: together, every state the
// search can reach from state in one throw.
func (s *throwSearch) each(state int32, single func(total, to int32), squares func(lo, hi int32)) {
	g := &s.g
	u := state / s.runs
	if u == g.Last {
		return
	}
	if u == 0 && g.Enter > 0 {
		if g.Dice.Weight(g.Enter) > 0 {
			s.one(state, g.Enter, single)
		}
		return
	}
	for _, sp := range s.spans {
		lo, hi := sp[0], sp[1]
		if g.Limit > 0 && lo <= g.Again && g.Again <= hi {
			s.one(state, g.Again, single)
			s.totals(u, lo, g.Again-1, single, squares)
			lo = g.Again + 1
		}
		s.totals(u, lo, hi, single, squares)
	}
}

// one calls single with a total from state and the state it leads to,
// unless it voids the turn.
func (s *throwSearch) one(state, total int32, single func(total, to int32)) {
	s.next(state, single, total, total)
}

// totals gives each the totals lo..hi from square u that end the run.
func (s *throwSearch) totals(u, lo, hi int32, single func(total, to int32), squares func(lo, hi int32)) {
	g := &s.g
	if lo > hi {
		return
	}
	if a, b := u+lo, min(u+hi, g.Last); a <= b {
		squares(a, b)
	}
	first := max(lo, g.Last-u+1) // the first total past the last square
	if first > hi {
		return
	}
	switch g.Over {
	case model.Finish:
		single(first, g.Last*s.runs)
	case model.Stay:
		single(first, u*s.runs)
	case model.Bounce:
		folds(g, u+first, u+hi, squares)
	}
}

// folds calls squares with the intervals of squares that the positions
// lo..hi past the last square bounce back onto: all of them once the
// positions span a whole period, else at most three.
func folds(g *model.Game, lo, hi int32, squares func(lo, hi int32)) {
	if g.Last < 2 {
		squares(1, 1)
		return
	}
	period := 2 * (int64(g.Last) - 1)
	if int64(hi)-int64(lo)+1 >= period {
		squares(1, g.Last)
		return
	}
	for x := int64(lo); x <= int64(hi); {
		k := (x - 1) % period
		if k < int64(g.Last) { // rising: squares k+1 onwards
			n := min(int64(hi)-x+1, int64(g.Last)-k)
			squares(int32(k+1), int32(k+n))
			x += n
		} else { // falling: squares period-k+1 downwards
			n := min(int64(hi)-x+1, period-k)
			top := period - k + 1
			squares(int32(top-n+1), int32(top))
			x += n
		}
	}
}

// claims are the squares no state has yet claimed, as a forest whose
// roots are unclaimed: find gives the next unclaimed square in time that
// does not grow with the claimed squares it passes.
type claims []int32

func newClaims(last int32) claims { return make(claims, last+2) }

// find is the first unclaimed square from p on (last+1 when none). A
// claimed square holds a square after it, nearer its root; an unclaimed
// one holds 0.
func (c claims) find(p int32) int32 {
	root := p
	for c[root] != 0 {
		root = c[root]
	}
	for p != root {
		p, c[p] = c[p], root
	}
	return root
}

// next calls visit with each total of lo..hi the player can usefully
// throw from state, in increasing order, and the state it leads to. A throw that
// voids the turn, or leaves a token off the board, leads nowhere new.
func (s *throwSearch) next(state int32, visit func(total, to int32), lo, hi int32) {
	g := &s.g
	u, run := state/s.runs, state%s.runs
	if u == g.Last {
		return
	}
	for t := max(lo, g.Dice.Lo); t <= min(hi, g.Dice.Hi); t++ {
		if g.Dice.Weight(t) == 0 || u == 0 && g.Enter > 0 && t != g.Enter {
			continue
		}
		_, to := g.Step(u, t)
		r := int32(0)
		if t == g.Again && g.Limit > 0 {
			if r = run + 1; r == g.Limit {
				continue
			}
		}
		if to == g.Last || g.EffectOf(u, t, to) == grid.Miss {
			r = 0 // the game is over: one state; or the turn ends, and its run
		}
		visit(t, to*s.runs+r)
	}
}

// rolls returns the fewest throws to the last square, or -1.
func (s *throwSearch) rolls() int {
	return int(s.dist[s.g.Last*s.runs])
}

// distances returns, per square, the fewest throws after which the token
// can stand there, mid-turn or not, or -1.
func (s *throwSearch) distances() []int {
	out := make([]int, s.g.Last+1)
	for v := range out {
		out[v] = -1
		for r := range s.runs {
			if d := int(s.dist[int32(v)*s.runs+r]); d >= 0 && (out[v] < 0 || d < out[v]) {
				out[v] = d
			}
		}
	}
	return out
}

// throwPath returns the fewest-throw path whose totals are lexicographically
// smallest, as ShortestPath does for the word-wise search.
func throwPath[M any](s *throwSearch, as func(Step) M) ([]M, bool) {
	g := &s.g
	rolls := s.rolls()
	if rolls < 0 {
		return nil, false
	}
	end := g.Last * s.runs
	// good: the states on some fewest path, found from the farthest
	// back; best: per square before any jump, minus the distance of the
	// state that ends a run there when that state is good, so that an
	// interval of squares holds a good state one throw on when its least
	// is minus that distance (none of its states is farther).
	good := grid.NewBitset(len(s.dist))
	best := linalg.NewMinTree(int(g.Last) + 1)
	first, landers := s.landers()
	for i := len(s.queue) - 1; i >= 0; i-- {
		v := s.queue[i]
		on := v == end
		if want := s.dist[v] + 1; !on && want <= int32(rolls) {
			s.each(v, func(_, to int32) {
				on = on || s.dist[to] == want && grid.Has(good, to)
			}, func(lo, hi int32) {
				on = on || best.Min(lo, hi) == -want
			})
		}
		if on {
			grid.Add(good, v)
			if x := v / s.runs; v%s.runs == 0 {
				for _, p := range landers[first[x]:first[x+1]] {
					best.Set(p, -s.dist[v])
				}
			}
		}
	}
	path := make([]M, 0, rolls)
	turn := int32(1)
	for v := g.Start * s.runs; v != end; {
		chosen, next := int32(-1), int32(-1)
		s.next(v, func(total, to int32) {
			if chosen < 0 && s.dist[to] == s.dist[v]+1 && grid.Has(good, to) {
				chosen, next = total, to
			}
		}, g.Dice.Lo, g.Dice.Hi)
		u := v / s.runs
		landed, to := g.Step(u, chosen)
		path = append(path, as(Step{From: u, Roll: chosen, Landed: landed, To: to, Turn: turn, Effect: g.EffectOf(u, chosen, to)}))
		turn = g.NextTurn(turn, u, chosen, to)
		v = next
	}
	return path, true
}

// landers lists, for each square x, the squares a throw that lands on
// ends on x, jump taken: landers[first[x]:first[x+1]].
func (s *throwSearch) landers() (first, landers []int32) {
	g := &s.g
	first = make([]int32, g.Last+2)
	for p := int32(1); p <= g.Last; p++ {
		first[g.Land(p)+1]++
	}
	for x := int32(1); x <= g.Last+1; x++ {
		first[x] += first[x-1]
	}
	landers = make([]int32, g.Last)
	at := slices.Clone(first)
	for p := int32(1); p <= g.Last; p++ {
		x := g.Land(p)
		landers[at[x]] = p
		at[x]++
	}
	return first, landers
}
