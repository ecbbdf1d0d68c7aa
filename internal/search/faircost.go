package search

import (
	"github.com/snakesladders/snakes/internal/grid"
	"github.com/snakesladders/snakes/internal/linalg"
	"github.com/snakesladders/snakes/internal/model"
)

// This file prices the solves of a game of wide dice (endsPriced: one die,
// fair or loaded, or several) from its board alone, in time linear in the
// squares and jumps rather than squares times faces: the squares the start
// reaches, how many unknowns the structured elimination would have, each
// square's span for the band, and the least a pass over every turn costs.
// A die of thousands of faces is then sent to the solve that suits it, or
// refused, before any of its turns is taken (choose.go).
//
// A fair die's turn from v ends on land(t) for every t in (v, top], top =
// min(v+faces, last), and for each roll past the last square on the last
// square (Finish), on v (Stay), or under Bounce on land(b): the rolls fold
// back from the last square, so that those from v reach every b in
// [bounceLo(v), last-1] (and the last square again on a fold of two board
// lengths, which adds nothing here). Dice whose totals are lo..hi, lo > 1,
// end a turn on land(t) for t in [v+lo, v+hi], and fold onto
// [bounceLo(v), bounceHi(v)]; they are priced on boards longer than their
// highest total, where no throw folds twice. Under Enter, square 0's turn
// ends on square 0 or, on a throw of Enter, where that throw puts the
// token: its one end besides itself (enterEnd).

// FairPriced reports whether g is a game of one fair die wide enough that
// the searches go by intervals (choose.go): its walks go by intervals too
// (walk.go), and ExpectedTurns sweeps its rolls directly.
func FairPriced(g *model.Game) bool { return g.Simple && ByIntervals(g) }

// EndsPriced reports whether g is a game whose solves this file prices:
// one throw a turn of dice that can show every total lo..hi, fair or
// loaded, one die or several, of enough totals that the searches go by
// intervals, with or without a throw to enter; several dice (lo > 1) on a
// board longer than their highest total. Where its turns end, which is
// all the prices read, does not depend on the chances.
func EndsPriced(g *model.Game) bool {
	d := &g.Dice
	return g.Again == 0 && g.Limit == 0 && g.EveryTotal() && d.Hi-d.Lo+1 >= g.Lim.IntervalsFrom &&
		(d.Lo == 1 || d.Hi < g.Last)
}

// enterEnd returns where square 0's turn ends besides square 0 itself
// under Enter, and false where it has no other end (a throw of Enter that
// cannot show, or one past the last square under Stay).
func enterEnd(g *model.Game) (int32, bool) {
	if g.Dice.Weight(g.Enter) == 0 {
		return 0, false
	}
	_, to := g.ThrowFrom(0, g.Enter)
	return to, to != 0
}

// firstRolled is the lowest square whose turns are every total's: 1 under
// Enter, where square 0 moves only on a throw of Enter, else 0.
func firstRolled(g *model.Game) int32 {
	if g.Enter > 0 {
		return 1
	}
	return 0
}

// bounceLo returns the lowest square the rolls from v fold back to under
// Bounce, or last when none passes the last square.
func bounceLo(g *model.Game, v int32) int32 {
	if v+g.Faces <= g.Last {
		return g.Last
	}
	return max(1, 2*g.Last-min(v+g.Faces, 2*g.Last-1))
}

// bounceHi returns the highest square the rolls from v fold back to under
// Bounce, where some do: last-1 unless even the lowest total passes the
// last square by two or more.
func bounceHi(g *model.Game, v int32) int32 {
	return min(g.Last-1, 2*g.Last-v-g.Dice.Lo)
}

// FairReached returns the squares the start of g, a fair die, reaches,
// in into when it is large enough: word by word for a narrow die, by
// intervals for a wide one, whose time does not grow with its faces.
func FairReached(g *model.Game, into []bool) ([]bool, error) {
	size := int(g.Last) + 1
	into = linalg.Grow(into, size)
	if ByIntervals(g) {
		defer g.Mem.Back(g.Mem.Held()) // the search is dropped
		s, err := newThrowSearch(*g, false)
		if err != nil {
			return into, err
		}
		for v := range into {
			into[v] = s.dist[v] >= 0 // one state a square: no AgainLimit
		}
		return into, nil
	}
	sc := getScratch(g)
	defer putScratch(sc)
	search(*g, sc, nil, true, false)
	for v := range into {
		into[v] = sc.reached(int32(v))
	}
	return into, nil
}

// FairUnknowns returns how many squares some turn from a square in
// reached goes back to: the unknowns of the structured elimination, the
// same as noteFair and noteHouse number one by one. A jump from t down to
// d adds d when a reached square in (d, t) is one throw below t; a fold
// back under Bounce onto b adds b, or the end of b's jump, when a reached
// square above it folds onto b.
func FairUnknowns(g *model.Game, reached []bool) int {
	last, lo, hi := g.Last, g.Dice.Lo, g.Dice.Hi
	// upTo[i]: the reached squares below i.
	upTo := make([]int32, last+2)
	for v := int32(0); v <= last; v++ {
		upTo[v+1] = upTo[v]
		if reached[v] {
			upTo[v+1]++
		}
	}
	anyReached := func(lo, hi int32) bool { return lo <= hi && upTo[hi+1] > upTo[lo] }
	back := grid.NewBitset(int(last) + 1)
	m := 0
	mark := func(d int32) {
		if !grid.Has(back, d) {
			grid.Add(back, d)
			m++
		}
	}
	for t := int32(1); t <= last; t++ {
		if d := g.Jumps[t]; d >= 0 && d < t && anyReached(max(t-hi, d+1), t-lo) {
			mark(d)
		}
	}
	if g.Over != model.Bounce {
		return m
	}
	// The squares v whose throws fold onto b: some total in lo..hi takes v
	// to 2·last−b, and some passes the last square. Square 0 under Enter
	// moves only on a throw of Enter, which goes up: it is left out.
	folding := max(last-hi+1, firstRolled(g))
	for b := int32(1); b < last; b++ {
		vlo, vhi := max(2*last-hi-b, folding), min(2*last-lo-b, last-1)
		to := b
		if d := g.Jumps[b]; d >= 0 {
			to = d
		}
		if anyReached(max(vlo, to+1), vhi) {
			mark(to)
		}
	}
	return m
}

// FairSpans calls each with every square v from the start up and the
// lowest and highest squares other than the last that its turns end on
// (v itself when none is lower or higher), until each returns false: what
// bandReach reads of every turn, from two queues of the jumps' ends over
// the window of the rolls and two tables of them over the folds.
func FairSpans(g *model.Game, each func(v, lo, hi int32) bool) {
	last, first, faces := g.Last, g.Dice.Lo, g.Faces
	// The ends past the last square are sentinels that never win.
	lowKey := func(t int32) int32 {
		if d := g.Land(t); d != last {
			return d
		}
		return last + 1
	}
	highKey := func(t int32) int32 {
		if d := g.Land(t); d != last {
			return d
		}
		return -1
	}
	var foldLo, foldHi []int32 // per b: the lowest and highest end of b..last-1
	if g.Over == model.Bounce {
		foldLo, foldHi = make([]int32, last+1), make([]int32, last+1)
		foldLo[last], foldHi[last] = last+1, -1
		for b := last - 1; b >= 1; b-- {
			foldLo[b] = min(foldLo[b+1], lowKey(b))
			foldHi[b] = max(foldHi[b+1], highKey(b))
		}
	}
	// Monotone queues of the throws' squares t in [v+first, top]: the
	// front of mins has the lowest end, of maxs the highest.
	var mins, maxs []int32
	next := g.Start + first // the next square to enter the window
	for v := g.Start; v < last; v++ {
		if v < firstRolled(g) {
			lo, hi := v, v
			if to, ok := enterEnd(g); ok && to != last {
				hi = to
			}
			if !each(v, lo, hi) {
				return
			}
			continue
		}
		top := min(v+faces, last)
		next = max(next, v+first)
		for ; next <= top; next++ {
			k := lowKey(next)
			for len(mins) > 0 && lowKey(mins[len(mins)-1]) >= k {
				mins = mins[:len(mins)-1]
			}
			mins = append(mins, next)
			k = highKey(next)
			for len(maxs) > 0 && highKey(maxs[len(maxs)-1]) <= k {
				maxs = maxs[:len(maxs)-1]
			}
			maxs = append(maxs, next)
		}
		for len(mins) > 0 && mins[0] < v+first {
			mins = mins[1:]
		}
		for len(maxs) > 0 && maxs[0] < v+first {
			maxs = maxs[1:]
		}
		lo, hi := v, v
		if len(mins) > 0 {
			lo = min(lo, lowKey(mins[0]))
			hi = max(hi, highKey(maxs[0]))
		}
		if foldLo != nil && v+faces > last {
			b, bh := bounceLo(g, v), bounceHi(g, v)
			if bh == last-1 {
				lo, hi = min(lo, foldLo[b]), max(hi, foldHi[b])
			} else {
				// Even the lowest total folds (several dice near the
				// end): fewer squares than the dice.
				for ; b <= bh; b++ {
					lo, hi = min(lo, lowKey(b)), max(hi, highKey(b))
				}
			}
		}
		if !each(v, lo, hi) {
			return
		}
	}
}

// FairCan returns, for every square, whether the last square can be
// reached from it: the chain's canFinish, for one fair die.
func FairCan(g *model.Game) []bool { return spanCan(g, g.Dice.Spans()) }

// spanCan returns, for every square, whether the last square can be
// reached from it, for a game whose turn is one throw of the totals in
// spans (no Again): the chain's canFinish, by a search back from the last
// square by intervals, square 0 under Enter last of all. The squares a throw takes to p are those
// a span's totals below it, and under Bounce those whose fold covers it,
// each claimed once: its time grows with the squares, the jumps and the
// spans, not the totals.
func spanCan(g *model.Game, spans [][2]int32) []bool {
	last := g.Last
	can := make([]bool, last+1)
	switch {
	case last <= 1:
		for v := range can {
			can[v] = true
		}
	case len(spans) == 0: // no total of them shows: only the last square is there
		can[last] = true
	default:
		searchCan(g, spans, can)
	}
	if g.Enter > 0 {
		to, ok := enterEnd(g)
		can[0] = ok && can[to]
	}
	return can
}

// searchCan is spanCan's search, on a board of two squares or more.
func searchCan(g *model.Game, spans [][2]int32, can []bool) {
	last := g.Last
	// into[at[s]:at[s+1]]: the squares whose jump lands on s.
	at := make([]int32, last+2)
	for t := int32(1); t <= last; t++ {
		if d := g.Jumps[t]; d >= 0 {
			at[d+1]++
		}
	}
	for s := int32(1); s <= last+1; s++ {
		at[s] += at[s-1]
	}
	into := make([]int32, at[last+1])
	fill := append([]int32(nil), at...)
	for t := int32(1); t <= last; t++ {
		if d := g.Jumps[t]; d >= 0 {
			into[fill[d]] = t
			fill[d]++
		}
	}
	claims := newClaims(last)
	queue := make([]int32, 0, last+1)
	low := firstRolled(g) // square 0 under Enter is settled after
	claim := func(lo, hi int32) {
		lo = max(lo, low)
		if lo > hi {
			return
		}
		for u := claims.find(lo); u <= hi; u = claims.find(u + 1) {
			claims[u] = u + 1
			can[u] = true
			queue = append(queue, u)
		}
	}
	claim(last, last)
	top := int64(spans[len(spans)-1][1])
	period := 2 * (int64(last) - 1)
	// span claims the squares u a span's total takes to a position in
	// x..y.
	span := func(x, y int64) {
		for _, sp := range spans {
			claim(int32(max(x-int64(sp[1]), 0)), int32(min(y-int64(sp[0]), int64(last)-1)))
		}
	}
	// from takes the squares whose throw lands on a square of lo..hi, all
	// below the last or the last alone, before its jump.
	from := func(lo, hi int32) {
		span(int64(lo), int64(hi))
		switch {
		case g.Over == model.Finish && hi == last:
			claim(int32(max(int64(last)-top+1, 0)), last-1) // past the last square
		case g.Over == model.Bounce:
			// The positions past the last square that fold onto them: on
			// the way back, and again every period.
			firsts := [][2]int64{{2*int64(last) - int64(hi), 2*int64(last) - int64(lo)}, {int64(lo) + period, int64(hi) + period}}
			if lo == last {
				firsts = firsts[1:]
			}
			for _, x := range firsts {
				for ; x[0]-top <= int64(last)-1; x[0], x[1] = x[0]+period, x[1]+period {
					span(x[0], min(x[1], int64(last)-1+top))
				}
			}
		}
	}
	for i := 0; i < len(queue); i++ {
		s := queue[i]
		// The squares a claim queued come in order: those of a run below
		// the last that start no jump are taken at once.
		j := i
		if g.Jumps[s] < 0 {
			for s < last && j+1 < len(queue) && queue[j+1] == queue[j]+1 && queue[j+1] < last && g.Jumps[queue[j+1]] < 0 {
				j++
			}
			from(s, queue[j])
		}
		for _, u := range queue[i : j+1] {
			for _, p := range into[at[u]:at[u+1]] {
				from(p, p)
			}
		}
		i = j
	}
}

// ByIntervals reports whether the searches (MinRolls, Distances,
// ShortestPath) go by intervals of squares (throwsearch.go) rather than
// word by word (search.go). The word-wise search shifts a word of squares
// once a total, so its time grows with squares·faces/64; the search by
// intervals takes every total that ends a run at once, in time linear in
// the squares and jumps, but a few times the word-wise search's on a
// narrow die. It also serves every die the word-wise search cannot: a
// total that never shows, a throw to enter, a limit on Again.
func ByIntervals(g *model.Game) bool {
	return !g.Wordwise || g.Dice.Hi-g.Dice.Lo+1 >= g.Lim.IntervalsFrom
}
