package snakes

import (
	"slices"
	"sort"
)

// This file holds the squares a walk's chances are surely on as runs of
// squares (a spread), for the price of a walk whose turn is one throw
// (walkprice.go: no Again; off the board under Enter, only a throw of
// Enter moves). A run of squares throws onto a run of landings a span of
// totals wide, broken only at the squares that start a jump, so that a
// turn's layer costs the runs and the jumps they cover, not the board's
// squares: on 10⁶ squares of 1% random jumps a layer is a few thousand
// runs, where a set of squares costs a pass over all of them.

// A spread is a set of squares as sorted runs [lo, hi], disjoint and not
// adjacent.
type spread [][2]int32

// spreadBoard is what the spreads of a game's walk read of its board, for
// the turns from their squares: prefix sums over the squares of what a
// turn from each costs and of those that can finish, the squares that
// start a jump, and where a throw may finish.
type spreadBoard struct {
	g      *game
	spans  [][2]int32
	starts []int32   // the squares that start a jump, in order
	cost   []float64 // cost[v]: what the turns from squares 0..v-1 cost at least (turnFrom), summed
	can    []int32   // can[v]: the squares among 0..v-1 that can finish
	// zone holds, in order, the squares from which a throw may finish by
	// more than far, which it does from every other square; fin is each
	// one's bound (sureTurns.finishing).
	zone []int32
	fin  []float64
	far  float64
	// scratch of image
	runs, points, merged spread
	ends                 []int32
}

// spreadBoardBytes is what newSpreadBoard allocates for g, at most: its
// sums, the zone's differences, and the zone.
func spreadBoardBytes(g *game) float64 { return 28 * (float64(g.last) + 2) }

// newSpreadBoard returns what the spreads of st's walk read, spans the
// totals that end a turn. It takes time linear in the squares times the
// spans.
func newSpreadBoard(st *sureTurns, spans [][2]int32, ends plains) *spreadBoard {
	g, d := st.g, &st.g.dice
	sb := &spreadBoard{g: g, spans: spans}
	size := int(g.last) + 1
	sb.cost, sb.can = make([]float64, size+1), make([]int32, size+1)
	for v := int32(0); v <= g.last; v++ {
		c := 0.0
		switch {
		case v < g.firstRolled():
			c = g.enterEnds(1 + farSteps) // turnFrom's
		case v < g.last:
			c = throwEnds(g, v, spans, ends)
		}
		sb.cost[v+1] = sb.cost[v] + c
		sb.can[v+1] = sb.can[v]
		if st.can[v] {
			sb.can[v+1]++
		}
		if g.jumps[v] >= 0 {
			sb.starts = append(sb.starts, v)
		}
	}
	// Outside the squares a throw reaches the last square or passes it
	// from, and those it lands on a jump to the last square from (unless
	// there are so many that finishing does not look), a throw finishes by
	// the same bound from every square.
	cover := make([]int32, size+1) // the zone's runs, as differences
	add := func(lo, hi int32) {
		if lo, hi = max(lo, 0), min(hi, g.last-1); lo <= hi {
			cover[lo]++
			cover[hi+1]--
		}
	}
	add(g.last-d.hi, g.last-1)
	if len(st.onto) <= 64 {
		for _, q := range st.onto {
			add(q-d.hi, q-d.lo)
		}
	}
	for v, c := int32(0), int32(0); v < g.last; v++ {
		if c += cover[v]; c > 0 {
			sb.zone = append(sb.zone, v)
		}
	}
	sb.fin = make([]float64, len(sb.zone))
	for i, v := range sb.zone {
		sb.fin[i] = st.finishing(v)
	}
	for v, i := int32(0), 0; v < g.last; v++ {
		if i < len(sb.zone) && sb.zone[i] == v {
			i++
			continue
		}
		sb.far = st.finishing(v) // the first square outside the zone
		break
	}
	return sb
}

// image returns in out the squares a turn from the squares of s ends on,
// the last left out: image's, for a spread. The work it returns is the
// runs and jumps it went through.
func (sb *spreadBoard) image(s, out spread) (spread, float64) {
	g := sb.g
	out, land := out[:0], sb.runs[:0]
	ends := sb.ends[:0] // squares a throw puts the token on, one by one
	add := func(lo, hi int32) { land = append(land, [2]int32{lo, hi}) }
	for _, r := range s {
		a, b := r[0], r[1]
		if a == 0 && g.enter > 0 {
			// Off the board only a throw of Enter moves; another leaves
			// the token there.
			if g.dice.weight(g.enter) > 0 {
				_, to := g.throwFrom(0, g.enter)
				ends = append(ends, to)
			}
			if g.enterStays() {
				ends = append(ends, 0)
			}
			if a++; a > b {
				continue
			}
		}
		for _, sp := range sb.spans {
			lo, hi := sp[0], sp[1]
			if x, y := a+lo, min(b+hi, g.last); x <= y {
				add(x, y)
			}
			if b+hi <= g.last {
				continue
			}
			switch g.over {
			case Stay: // a total past the last square leaves the token
				out = append(out, [2]int32{max(a, g.last-hi+1), b})
			case Bounce:
				g.folds(max(a+lo, g.last+1), b+hi, add)
			}
		}
	}
	work := float64(len(land))
	land = merge(land)
	// A square that starts a jump holds no chance: what lands there is on
	// its jump's end.
	stays := len(out)
	for _, r := range land {
		lo := r[0]
		k := sort.Search(len(sb.starts), func(i int) bool { return sb.starts[i] >= r[0] })
		for ; k < len(sb.starts) && sb.starts[k] <= r[1]; k++ {
			j := sb.starts[k]
			if lo < j {
				out = append(out, [2]int32{lo, j - 1})
			}
			ends = append(ends, g.land(j))
			lo = j + 1
		}
		if lo <= r[1] {
			out = append(out, [2]int32{lo, r[1]})
		}
	}
	work += float64(len(ends))
	slices.Sort(ends)
	points := sb.points[:0]
	for _, to := range ends {
		points = append(points, [2]int32{to, to})
	}
	// Three sorted lists: the squares left by totals past the end, the
	// landings, and the jumps' ends.
	if !slices.IsSortedFunc(out[:stays], byStart) { // several spans' stays
		slices.SortFunc(out[:stays], byStart)
	}
	merged := joinSorted(sb.merged[:0], out[:stays], out[stays:])
	out = joinSorted(out[:0], merged, points)
	sb.runs, sb.ends, sb.points, sb.merged = land, ends, points, merged
	// The last square ends the game: no chance stays on it.
	if n := len(out); n > 0 && out[n-1][1] == g.last {
		if out[n-1][0] == g.last {
			out = out[:n-1]
		} else {
			out[n-1][1] = g.last - 1
		}
	}
	return out, work + float64(len(out))
}

// merge sorts runs and joins those that overlap or touch, in place.
func merge(runs spread) spread {
	if !slices.IsSortedFunc(runs, byStart) {
		slices.SortFunc(runs, byStart)
	}
	out := runs[:0]
	for _, r := range runs {
		out = join(out, r)
	}
	return out
}

// byStart orders runs by their first square.
func byStart(x, y [2]int32) int { return int(x[0]) - int(y[0]) }

// join appends r to out, sorted by start, joined with out's last run if
// they overlap or touch.
func join(out spread, r [2]int32) spread {
	if n := len(out); n > 0 && r[0] <= out[n-1][1]+1 {
		out[n-1][1] = max(out[n-1][1], r[1])
		return out
	}
	return append(out, r)
}

// joinSorted appends to out the runs of x and y, each sorted by start,
// joined as merge joins them; out shares no array with either.
func joinSorted(out, x, y spread) spread {
	for len(x) > 0 || len(y) > 0 {
		var r [2]int32
		if len(y) == 0 || len(x) > 0 && x[0][0] <= y[0][0] {
			r, x = x[0], x[1:]
		} else {
			r, y = y[0], y[1:]
		}
		out = join(out, r)
	}
	return out
}

// turn returns what a turn from the squares of s costs at least (as
// track.turn counts it) and what it finishes at most.
func (sb *spreadBoard) turn(s spread) (cost, finish float64) {
	cost = 2*float64(sb.g.last) + turnOverhead
	squares := 0
	for _, r := range s {
		cost += sb.cost[r[1]+1] - sb.cost[r[0]]
		squares += int(r[1] - r[0] + 1)
	}
	// The zone's squares in s, walked together with its runs.
	inZone, k := 0, 0
	for i, v := range sb.zone {
		for k < len(s) && s[k][1] < v {
			k++
		}
		if k == len(s) {
			break
		}
		if s[k][0] <= v {
			finish = max(finish, sb.fin[i])
			inZone++
		}
	}
	if squares > inZone {
		finish = max(finish, sb.far)
	}
	return cost, finish
}

// sees returns what s holds, as sureTurns.sees.
func (sb *spreadBoard) sees(s spread) seen {
	var out seen
	for _, r := range s {
		out.any = true
		if sb.can[r[1]+1] > sb.can[r[0]] {
			out.can = true
			break
		}
	}
	return out
}

// intersect returns in out the squares both of x and of y.
func intersect(x, y, out spread) spread {
	out = out[:0]
	for i, j := 0, 0; i < len(x) && j < len(y); {
		if lo, hi := max(x[i][0], y[j][0]), min(x[i][1], y[j][1]); lo <= hi {
			out = append(out, [2]int32{lo, hi})
		}
		if x[i][1] < y[j][1] {
			i++
		} else {
			j++
		}
	}
	return out
}
