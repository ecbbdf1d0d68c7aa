package snakes

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
type throwSearch struct {
	g     game
	runs  int32   // states a square: AgainLimit, or 1
	dist  []int32 // per state: the throws to reach it, -1 if not reached
	queue []int32 // the states in the order reached
}

// throwSearchBytes is what a throwSearch on g allocates.
func throwSearchBytes(g *game) float64 {
	return 8 * (float64(g.last) + 1) * float64(max(g.limit, 1))
}

// newThrowSearch runs the search from the start over every state it
// reaches, or returns nil past MaxBytes.
func newThrowSearch(g game) *throwSearch {
	if throwSearchBytes(&g) > MaxBytes {
		return nil
	}
	s := &throwSearch{g: g, runs: max(g.limit, 1)}
	states := (int(g.last) + 1) * int(s.runs)
	s.dist = make([]int32, states)
	for i := range s.dist {
		s.dist[i] = -1
	}
	s.queue = make([]int32, 0, states)
	start := g.start * s.runs
	s.dist[start] = 0
	s.queue = append(s.queue, start)
	for head := 0; head < len(s.queue); head++ {
		from := s.queue[head]
		s.next(from, func(_, state int32) {
			if s.dist[state] < 0 {
				s.dist[state] = s.dist[from] + 1
				s.queue = append(s.queue, state)
			}
		})
	}
	return s
}

// next calls visit with each total the player can usefully throw from
// state, in increasing order, and the state it leads to. A throw that
// voids the turn, or leaves a token off the board, leads nowhere new.
func (s *throwSearch) next(state int32, visit func(total, to int32)) {
	g := &s.g
	u, run := state/s.runs, state%s.runs
	if u == g.last {
		return
	}
	for t := g.dice.lo; t <= g.dice.hi; t++ {
		if g.dice.weight(t) == 0 || u == 0 && g.enter > 0 && t != g.enter {
			continue
		}
		_, to := g.step(u, t)
		r := int32(0)
		if t == g.again && g.limit > 0 {
			if r = run + 1; r == g.limit {
				continue
			}
		}
		if to == g.last {
			r = 0 // the game is over: one state
		}
		visit(t, to*s.runs+r)
	}
}

// rolls returns the fewest throws to the last square, or -1.
func (s *throwSearch) rolls() int {
	return int(s.dist[s.g.last*s.runs])
}

// distances returns, per square, the fewest throws after which the token
// can stand there, mid-turn or not, or -1.
func (s *throwSearch) distances() []int {
	out := make([]int, s.g.last+1)
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

// path returns the fewest-throw path whose totals are lexicographically
// smallest, as ShortestPath does for the word-wise search.
func (s *throwSearch) path() ([]Move, bool) {
	g := &s.g
	rolls := s.rolls()
	if rolls < 0 {
		return nil, false
	}
	end := g.last * s.runs
	// good: the states on some fewest path, from the farthest back.
	good := newBitset(len(s.dist))
	for i := len(s.queue) - 1; i >= 0; i-- {
		v := s.queue[i]
		on := v == end
		if !on && s.dist[v] < int32(rolls) {
			s.next(v, func(_, to int32) {
				on = on || s.dist[to] == s.dist[v]+1 && has(good, to)
			})
		}
		if on {
			add(good, v)
		}
	}
	path := make([]Move, 0, rolls)
	turn := 1
	for v := g.start * s.runs; v != end; {
		chosen, next := int32(-1), int32(-1)
		s.next(v, func(total, to int32) {
			if chosen < 0 && s.dist[to] == s.dist[v]+1 && has(good, to) {
				chosen, next = total, to
			}
		})
		u := v / s.runs
		landed, to := g.step(u, chosen)
		path = append(path, Move{From: int(u), Roll: int(chosen), Landed: int(landed), To: int(to), Turn: turn})
		if chosen != g.again {
			turn++
		}
		v = next
	}
	return path, true
}
