package snakes

import (
	"errors"
	"math"
	"math/big"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"
)

// This file checks the house rules (several dice, loaded dice, a throw to
// enter, another throw on a total, and a limit on those) against exact
// answers computed from the definitions one throw at a time. The test's
// own model of a turn does not follow a run of Again throws as a chain, as
// turn.go does: it pushes exact probability through every state of the
// turn, a square and the run of Again throws so far, and where the run has
// no limit it solves the linear equations of those states by Gauss-Jordan.
// Nothing here calls the package's turn model, dice or searches.

// refHouse is a rule set with house rules, in the test's own reading.
type refHouse struct {
	refRules
	dice    int
	weights []int // nil: a fair die of faces faces
	enter   int
	again   int
	limit   int
	toStart bool
}

func (h refHouse) rules() Rules {
	r := h.refRules.rules()
	r.Dice, r.Weights = h.dice, h.weights
	if h.dice == 1 && h.faces%2 == 0 {
		r.Dice = 0 // the zero value means one die; keep both spellings in play
	}
	r.Enter, r.Again, r.AgainLimit = h.enter, h.again, h.limit
	if h.toStart {
		r.OnLimit = BackToStart
	}
	return r
}

func (h refHouse) start() int {
	if h.offBoard || h.enter > 0 {
		return 0
	}
	return 1
}

// totals returns the exact chance of each total, by going through every
// way the dice can fall.
func (h refHouse) totals() map[int]*big.Rat {
	weight := func(face int) int64 { // face is 1-based
		if h.weights == nil {
			return 1
		}
		return int64(h.weights[face-1])
	}
	var sum int64
	for f := 1; f <= h.faces; f++ {
		sum += weight(f)
	}
	out := map[int]*big.Rat{}
	var fall func(die, total int, p *big.Rat)
	fall = func(die, total int, p *big.Rat) {
		if die == h.dice {
			if p.Sign() == 0 {
				return
			}
			if out[total] == nil {
				out[total] = new(big.Rat)
			}
			out[total].Add(out[total], p)
			return
		}
		for f := 1; f <= h.faces; f++ {
			fall(die+1, total+f, new(big.Rat).Mul(p, big.NewRat(weight(f), sum)))
		}
	}
	fall(0, 0, big.NewRat(1, 1))
	return out
}

// sortedTotals lists the totals that can show, ascending.
func (h refHouse) sortedTotals() []int {
	var ts []int
	for s := range h.totals() {
		ts = append(ts, s)
	}
	slices.Sort(ts)
	return ts
}

// fataler is what the helpers shared by tests and rapid's properties need
// of either.
type fataler interface {
	Fatal(args ...any)
	Fatalf(format string, args ...any)
}

// houseBoard is h's Rules, which must be valid, grid's Board and its
// squares' jumps.
func houseBoard(t fataler, grid [][]int, h refHouse) (Rules, *Board, []int) {
	r := h.rules()
	b, err := NewBoard(grid)
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Validate(); err != nil {
		t.Fatalf("Validate(%+v): %v", r, err)
	}
	return r, b, refFlat(grid)
}

// drawRefRules draws a die of faces lo..hi, an off-board start or not,
// an Overshoot rule and Chain or not: what every drawn rule set varies.
func drawRefRules(t *rapid.T, lo, hi int) refHouse {
	return refHouse{refRules: refRules{
		faces:    rapid.IntRange(lo, hi).Draw(t, "faces"),
		offBoard: rapid.Bool().Draw(t, "offBoard"),
		over:     Overshoot(rapid.IntRange(0, 2).Draw(t, "overshoot")),
		chain:    rapid.Bool().Draw(t, "chain"),
	}}
}

func genHouse() *rapid.Generator[refHouse] {
	return rapid.Custom(func(t *rapid.T) refHouse {
		h := drawRefRules(t, 1, 6)
		h.dice = rapid.IntRange(1, 3).Draw(t, "dice")
		if rapid.Bool().Draw(t, "loaded") {
			h.weights = rapid.SliceOfN(rapid.IntRange(0, 3), h.faces, h.faces).Draw(t, "weights")
			if !slices.ContainsFunc(h.weights, func(w int) bool { return w > 0 }) {
				h.weights[0] = 1
			}
		}
		ts := h.sortedTotals()
		if rapid.IntRange(0, 2).Draw(t, "enter?") == 0 {
			h.enter = rapid.SampledFrom(ts).Draw(t, "enter")
		}
		if rapid.Bool().Draw(t, "again?") {
			h.again = rapid.SampledFrom(ts).Draw(t, "again")
			h.limit = rapid.IntRange(0, 3).Draw(t, "limit")
			h.toStart = rapid.Bool().Draw(t, "toStart")
			if len(ts) == 1 && h.limit == 0 {
				h.limit = 2 // a turn of nothing but Again never ends: Validate refuses it
			}
		}
		return h
	})
}

// throwOf is one throw of total s from square u: where it lands, where it
// leaves the token, and whether it put the token down at all.
func (h refHouse) throwOf(flat []int, u, s int) (landed, to int, lands bool) {
	last := len(flat) - 1
	if u == 0 && h.enter > 0 && s != h.enter {
		return 0, 0, false
	}
	landed, to = h.step(flat, u, s)
	return landed, to, !(u+s > last && h.over == Stay)
}

// A refTurn is a turn from one square: the chance it ends on each square
// (the last included), the chance it takes a throw that hit reports (and
// stops there), and the expected throws that land on each square.
type refTurn struct {
	ends  []*big.Rat
	hit   *big.Rat
	lands []*big.Rat
}

func newRefTurn(size int) refTurn {
	t := refTurn{ends: make([]*big.Rat, size), hit: new(big.Rat), lands: make([]*big.Rat, size)}
	for i := range size {
		t.ends[i], t.lands[i] = new(big.Rat), new(big.Rat)
	}
	return t
}

// turns returns every square's turn; hit, when not nil, marks the landing
// squares whose throws are to be stopped and counted in refTurn.hit.
func (h refHouse) turns(flat []int, hit func(landed int) bool) []refTurn {
	last := len(flat) - 1
	size := last + 1
	totals := h.totals()
	if h.again > 0 && h.limit == 0 {
		return h.unlimitedTurns(flat, hit, totals)
	}
	out := make([]refTurn, last)
	for v := 0; v < last; v++ {
		t := newRefTurn(size)
		mass := map[int]*big.Rat{v: big.NewRat(1, 1)}
		for k := 0; len(mass) > 0; k++ {
			next := map[int]*big.Rat{}
			for u, m := range mass {
				for s, p := range totals {
					q := new(big.Rat).Mul(m, p)
					if h.again > 0 && s == h.again && k+1 == h.limit {
						back := v
						if h.toStart {
							back = h.start()
						}
						t.ends[back].Add(t.ends[back], q)
						continue
					}
					landed, to, lands := h.throwOf(flat, u, s)
					if lands {
						t.lands[landed].Add(t.lands[landed], q)
					}
					switch {
					case lands && hit != nil && hit(landed):
						t.hit.Add(t.hit, q)
					case h.again > 0 && s == h.again && to != last:
						if next[to] == nil {
							next[to] = new(big.Rat)
						}
						next[to].Add(next[to], q)
					default:
						t.ends[to].Add(t.ends[to], q)
					}
				}
			}
			mass = next
		}
		out[v] = t
	}
	return out
}

// unlimitedTurns is turns when Again has no limit: a turn from u is then
// the same whether it starts there or a run of Again throws brings it
// there, X(u) = Σ_s p(s)·(what throw s does), a throw of Again going on
// with X(to). The equations (I − P)·X = R are solved for every quantity at
// once.
func (h refHouse) unlimitedTurns(flat []int, hit func(landed int) bool, totals map[int]*big.Rat) []refTurn {
	last := len(flat) - 1
	size := last + 1
	cols := 2*size + 1 // ends, hit, lands
	m := make([][]*big.Rat, last)
	for u := range m {
		m[u] = make([]*big.Rat, last+cols)
		for j := range m[u] {
			m[u][j] = new(big.Rat)
		}
		m[u][u].SetInt64(1)
		for s, p := range totals {
			landed, to, lands := h.throwOf(flat, u, s)
			if lands {
				m[u][last+size+1+landed].Add(m[u][last+size+1+landed], p)
			}
			switch {
			case lands && hit != nil && hit(landed):
				m[u][last+size].Add(m[u][last+size], p)
			case s == h.again && to != last:
				m[u][to].Sub(m[u][to], p)
			default:
				m[u][last+to].Add(m[u][last+to], p)
			}
		}
	}
	solveWide(m)
	out := make([]refTurn, last)
	for u := range out {
		t := newRefTurn(size)
		for w := range size {
			t.ends[w] = m[u][last+w]
			t.lands[w] = m[u][last+size+1+w]
		}
		t.hit = m[u][last+size]
		out[u] = t
	}
	return out
}

// solveWide is solveRat for an n×n matrix augmented with any number of
// right-hand sides.
func solveWide(m [][]*big.Rat) {
	n := len(m)
	tmp := new(big.Rat)
	for col := range n {
		p := col
		for m[p][col].Sign() == 0 {
			p++
		}
		m[col], m[p] = m[p], m[col]
		inv := new(big.Rat).Inv(m[col][col])
		for j := col; j < len(m[col]); j++ {
			m[col][j].Mul(m[col][j], inv)
		}
		for i := range n {
			if i == col || m[i][col].Sign() == 0 {
				continue
			}
			f := new(big.Rat).Set(m[i][col])
			for j := col; j < len(m[i]); j++ {
				if m[col][j].Sign() != 0 {
					m[i][j].Sub(m[i][j], tmp.Mul(f, m[col][j]))
				}
			}
		}
	}
}

// A refKernel is a game's turns, square to square, and what follows from
// them exactly.
type refKernel struct {
	last, start int
	turns       []refTurn
}

// next calls f for every square a turn from v can end on.
func (k refKernel) next(v int, f func(to int, p *big.Rat)) {
	for to, p := range k.turns[v].ends {
		if p.Sign() != 0 {
			f(to, p)
		}
	}
}

// reach returns the squares where a turn from the start can end, and
// whether every one of them can still reach the last square.
func (k refKernel) reach() (reach map[int]bool, sure bool) {
	reach = map[int]bool{k.start: true}
	for stack := []int{k.start}; len(stack) > 0; {
		v := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if v == k.last {
			continue
		}
		k.next(v, func(to int, _ *big.Rat) {
			if !reach[to] {
				reach[to] = true
				stack = append(stack, to)
			}
		})
	}
	can := map[int]bool{k.last: true}
	for changed := true; changed; {
		changed = false
		for v := 0; v < k.last; v++ {
			k.next(v, func(to int, _ *big.Rat) {
				if can[to] && !can[v] {
					can[v], changed = true, true
				}
			})
		}
	}
	for v := range reach {
		if !can[v] {
			return reach, false
		}
	}
	return reach, true
}

// sure returns the squares from which the token surely finishes.
func (k refKernel) sure() []int {
	var out []int
	for v := 0; v < k.last; v++ {
		if (refKernel{last: k.last, start: v, turns: k.turns}).finishes() {
			out = append(out, v)
		}
	}
	return out
}

func (k refKernel) finishes() bool {
	_, ok := k.reach()
	return ok
}

// insights solves N = (I − Q)⁻¹ over the sure squares: the expected turns
// from each, the start's row (visits), and E[T²] from the start.
func (k refKernel) insights() exactInsights {
	x := exactInsights{sure: k.sure(), at: map[int]int{}}
	for i, v := range x.sure {
		x.at[v] = i
	}
	n := len(x.sure)
	if n == 0 {
		return x
	}
	x.a = make([][]*big.Rat, n)
	for i, v := range x.sure {
		x.a[i] = make([]*big.Rat, n)
		for j := range x.a[i] {
			x.a[i][j] = new(big.Rat)
		}
		x.a[i][i].SetInt64(1)
		k.next(v, func(to int, p *big.Rat) {
			if to != k.last {
				x.a[i][x.at[to]].Sub(x.a[i][x.at[to]], p)
			}
		})
	}
	x.solve(k.start, k.last)
	return x
}

// expected is the exact expected length, and false where it does not
// exist.
func (k refKernel) expected() (*big.Rat, bool) {
	if k.start == k.last {
		return new(big.Rat), true
	}
	if !k.finishes() {
		return nil, false
	}
	x := k.insights()
	return x.from[x.at[k.start]], true
}

// distribution pushes exact chances along the turns.
func (k refKernel) distribution(maxTurns int) []*big.Rat {
	out := make([]*big.Rat, maxTurns+1)
	mass := map[int]*big.Rat{k.start: big.NewRat(1, 1)}
	for t := range out {
		out[t] = new(big.Rat)
		if p, ok := mass[k.last]; ok {
			out[t].Set(p)
			delete(mass, k.last)
		}
		next := map[int]*big.Rat{}
		for v, m := range mass {
			k.next(v, func(to int, p *big.Rat) {
				if next[to] == nil {
					next[to] = new(big.Rat)
				}
				next[to].Add(next[to], new(big.Rat).Mul(m, p))
			})
		}
		mass = next
	}
	return out
}

// chanceToHit solves for the chance that a game from the start ever makes
// a throw the turns' hit counted: h(v) = hit(v) + Σ_w P(v→w)·h(w), over
// the squares from which such a throw can be reached.
func (k refKernel) chanceToHit() *big.Rat {
	in := map[int]bool{}
	for v := 0; v < k.last; v++ {
		in[v] = k.turns[v].hit.Sign() > 0
	}
	for changed := true; changed; {
		changed = false
		for v := 0; v < k.last; v++ {
			k.next(v, func(to int, _ *big.Rat) {
				if in[to] && !in[v] {
					in[v], changed = true, true
				}
			})
		}
	}
	if !in[k.start] {
		return new(big.Rat)
	}
	var order []int
	at := map[int]int{}
	for v := 0; v < k.last; v++ {
		if in[v] {
			at[v] = len(order)
			order = append(order, v)
		}
	}
	a := make([][]*big.Rat, len(order))
	b := make([]*big.Rat, len(order))
	for i, v := range order {
		a[i] = make([]*big.Rat, len(order))
		for j := range a[i] {
			a[i][j] = new(big.Rat)
		}
		a[i][i].SetInt64(1)
		b[i] = new(big.Rat).Set(k.turns[v].hit)
		k.next(v, func(to int, p *big.Rat) {
			if in[to] {
				a[i][at[to]].Sub(a[i][at[to]], p)
			}
		})
	}
	return ratSolve(a, b)[at[k.start]]
}

// A houseState is where the token stands mid-game for the searches: the
// turn's first square, the square now, and the Again throws so far in
// the turn.
type houseState struct{ v, u, k int }

// moveState applies a throw of total s in state st: the state after it,
// and the move as a Move would record it.
func (h refHouse) moveState(flat []int, st houseState, s int) (houseState, Move) {
	last := len(flat) - 1
	if h.again > 0 && s == h.again && h.limit > 0 && st.k+1 == h.limit {
		back := st.v
		if h.toStart {
			back = h.start()
		}
		return houseState{back, back, 0}, Move{From: st.u, Roll: s, Landed: st.u, To: back}
	}
	landed, to, _ := h.throwOf(flat, st.u, s)
	m := Move{From: st.u, Roll: s, Landed: landed, To: to}
	switch {
	case to == last:
		return houseState{last, last, 0}, m
	case h.again > 0 && s == h.again && h.limit > 0:
		return houseState{st.v, to, st.k + 1}, m
	}
	return houseState{to, to, 0}, m
}

// dist relaxes every throw from every state until nothing changes.
func (h refHouse) dist(flat []int) (perSquare []int, toLast int) {
	last := len(flat) - 1
	ts := h.sortedTotals()
	d := map[houseState]int{{h.start(), h.start(), 0}: 0}
	for changed := true; changed; {
		changed = false
		for st, n := range d {
			if st.u == last {
				continue
			}
			for _, s := range ts {
				next, _ := h.moveState(flat, st, s)
				if old, ok := d[next]; !ok || n+1 < old {
					d[next] = n + 1
					changed = true
				}
			}
		}
	}
	perSquare = make([]int, last+1)
	for i := range perSquare {
		perSquare[i] = -1
	}
	for st, n := range d {
		if perSquare[st.u] < 0 || n < perSquare[st.u] {
			perSquare[st.u] = n
		}
	}
	return perSquare, perSquare[last]
}

// checkHouseGame replays moves from the start under h, turn by turn.
func checkHouseGame(t *rapid.T, h refHouse, flat []int, moves []Move) {
	last := len(flat) - 1
	st := houseState{h.start(), h.start(), 0}
	turn := 1
	totals := h.totals()
	for i, m := range moves {
		if st.u == last {
			t.Fatalf("move %d after the game ended: %v", i, moves)
		}
		if totals[m.Roll] == nil {
			t.Fatalf("move %d throws %d, which the dice never show: %v", i, m.Roll, moves)
		}
		next, want := h.moveState(flat, st, m.Roll)
		want.Turn = turn
		if m != want {
			t.Fatalf("move %d is %+v, want %+v (moves %v)", i, m, want, moves)
		}
		again := h.again > 0 && m.Roll == h.again
		voids := again && h.limit > 0 && st.k+1 == h.limit
		if !again || voids || next.u == last {
			turn++
		}
		st = next
	}
}

// TestPropertyHouseRulesAgainstExact checks every figure under random house
// rules (and Chain and every Overshoot) on random boards up to 4×4 against
// the exact answers of the test's throw-by-throw model.
func TestPropertyHouseRulesAgainstExact(t *testing.T) {
	t.Parallel()
	rapid.Check(t, func(t *rapid.T) {
		grid := genGrid(1, 4).Draw(t, "grid")
		h := genHouse().Draw(t, "rules")
		r, b, flat := houseBoard(t, grid, h)
		last := len(flat) - 1
		k := refKernel{last: last, start: h.start(), turns: h.turns(flat, nil)}

		checkHouseSearches(t, h, r, b, flat)

		// Random play.
		want, finite := k.expected()
		got, err := r.ExpectedTurns(b)
		switch {
		case !finite:
			if !errors.Is(err, ErrNeverFinishes) {
				t.Fatalf("ExpectedTurns = %v, %v; want ErrNeverFinishes", got, err)
			}
		case err != nil:
			t.Fatalf("ExpectedTurns: %v; exact %s", err, want.FloatString(6))
		case !relClose(got, want, 1e-12):
			t.Fatalf("ExpectedTurns = %.17g, exact %s", got, want.FloatString(20))
		}
		if finite {
			x, err := r.ExactExpectedTurns(b)
			if err != nil || x.Cmp(want) != 0 {
				t.Fatalf("ExactExpectedTurns = %v, %v; exact %v", x, err, want)
			}
		}
		const maxTurns = 10
		dist, err := r.LengthDistribution(b, maxTurns)
		if err != nil {
			t.Fatal(err)
		}
		for turn, p := range k.distribution(maxTurns) {
			if w, _ := p.Float64(); math.Abs(dist[turn]-w) > 1e-12 {
				t.Fatalf("LengthDistribution[%d] = %.17g, exact %s", turn, dist[turn], p.FloatString(20))
			}
		}
		checkHouseInsights(t, h, r, b, flat, k)

		rng := rand.New(rand.NewPCG(3, 4))
		for range 5 {
			checkHouseGame(t, h, flat, r.Play(b, rng, 30))
		}
	})
}

// checkHouseSearches checks Distances, MinRolls and ShortestPath against
// the reference's search.
func checkHouseSearches(t *rapid.T, h refHouse, r Rules, b *Board, flat []int) {
	wantDist, rolls := h.dist(flat)
	if diff := cmp.Diff(wantDist, r.Distances(b)); diff != "" {
		t.Fatalf("Distances (-reference +got):\n%s", diff)
	}
	if got := r.MinRolls(b); got != rolls {
		t.Fatalf("MinRolls = %d, reference %d", got, rolls)
	}
	checkHousePath(t, h, r, b, flat, rolls)
}

// checkHousePath checks ShortestPath move by move, and against a brute
// force search for the smallest sequence of totals on short paths.
func checkHousePath(t *rapid.T, h refHouse, r Rules, b *Board, flat []int, rolls int) {
	last := len(flat) - 1
	path, ok := r.ShortestPath(b)
	if ok != (rolls >= 0) || ok && len(path) != rolls {
		t.Fatalf("ShortestPath = %v, %v; reference throws %d", path, ok, rolls)
	}
	if !ok {
		return
	}
	checkHouseGame(t, h, flat, path)
	if len(path) > 0 && path[len(path)-1].To != last {
		t.Fatalf("path %v does not end on %d", path, last)
	}
	if rolls > 5 {
		return
	}
	ts := h.sortedTotals()
	var brute func(st houseState, left int, seq []int) []int
	brute = func(st houseState, left int, seq []int) []int {
		if left == 0 {
			if st.u == last {
				return seq
			}
			return nil
		}
		if st.u == last {
			return nil
		}
		for _, s := range ts {
			next, _ := h.moveState(flat, st, s)
			if found := brute(next, left-1, append(seq, s)); found != nil {
				return found
			}
		}
		return nil
	}
	want := brute(houseState{h.start(), h.start(), 0}, rolls, []int{})
	got := []int{}
	for _, m := range path {
		got = append(got, m.Roll)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Fatalf("totals (-brute force +ShortestPath):\n%s", diff)
	}
}

// checkHouseInsights checks ExpectedFrom, Variance, Visits and Jumps.
func checkHouseInsights(t *rapid.T, h refHouse, r Rules, b *Board, flat []int, k refKernel) {
	last := len(flat) - 1
	x := k.insights()
	from, err := r.ExpectedFrom(b)
	if err != nil {
		t.Fatal(err)
	}
	for v := 0; v < last; v++ {
		i, ok := x.at[v]
		switch {
		case !ok && !math.IsInf(from[v], 1):
			t.Fatalf("ExpectedFrom[%d] = %v; the player may never finish from there", v, from[v])
		case ok && !relClose(from[v], x.from[i], 1e-12):
			t.Fatalf("ExpectedFrom[%d] = %.17g, exact %s", v, from[v], x.from[i].FloatString(20))
		}
	}
	if k.start == last {
		return // a game that is over before it starts
	}
	variance, err := r.Variance(b)
	visits, verr := r.Visits(b)
	stats, jerr := r.Jumps(b)
	if !x.startOK {
		if !errors.Is(err, ErrNeverFinishes) || !errors.Is(verr, ErrNeverFinishes) || !errors.Is(jerr, ErrNeverFinishes) {
			t.Fatalf("Variance, Visits, Jumps: %v, %v, %v; want ErrNeverFinishes", err, verr, jerr)
		}
		return
	}
	if err != nil || verr != nil || jerr != nil {
		t.Fatalf("Variance, Visits, Jumps: %v, %v, %v", err, verr, jerr)
	}
	e := x.from[x.at[k.start]]
	want := new(big.Rat).Sub(x.second, new(big.Rat).Mul(e, e))
	if w, _ := want.Float64(); math.Abs(variance-w) > 1e-10*math.Max(w, 1) {
		t.Fatalf("Variance = %.17g, exact %s", variance, want.FloatString(20))
	}
	for i, v := range x.sure {
		if w, _ := x.visits[i].Float64(); math.Abs(visits[v]-w) > 1e-12*math.Max(w, 1) {
			t.Fatalf("Visits[%d] = %.17g, exact %s", v, visits[v], x.visits[i].FloatString(20))
		}
	}
	ef, _ := e.Float64()
	j := 0
	for from := 1; from <= last; from++ {
		if flat[from] == -1 || flat[from] == from {
			continue
		}
		if j >= len(stats) || stats[j].From != from {
			t.Fatalf("Jumps = %+v; jump %d→%d missing", stats, from, flat[from])
		}
		js := stats[j]
		j++
		takesIt := func(l int) bool { return slices.Contains(h.takes(flat, l), from) }
		taken := new(big.Rat)
		for i, v := range x.sure {
			for l, n := range k.turns[v].lands {
				if takesIt(l) {
					taken.Add(taken, new(big.Rat).Mul(x.visits[i], n))
				}
			}
		}
		if w, _ := taken.Float64(); math.Abs(js.Taken-w) > 1e-12*math.Max(w, 1) {
			t.Fatalf("jump %d→%d: Taken %.17g, exact %s", from, flat[from], js.Taken, taken.FloatString(20))
		}
		hitK := refKernel{last: last, start: k.start, turns: h.turns(flat, takesIt)}
		if w, _ := hitK.chanceToHit().Float64(); math.Abs(js.Chance-w) > 1e-12 {
			t.Fatalf("jump %d→%d: Chance %.17g, exact %.17g", from, flat[from], js.Chance, w)
		}
		without := append([]int(nil), flat...)
		without[from] = -1
		e2, finite := refKernel{last: last, start: k.start, turns: h.turns(without, nil)}.expected()
		if !finite {
			if !math.IsInf(js.Effect, 1) {
				t.Fatalf("jump %d→%d: Effect %v; the board without it may never finish", from, flat[from], js.Effect)
			}
			continue
		}
		if w, _ := new(big.Rat).Sub(e2, e).Float64(); math.Abs(js.Effect-w) > 1e-11*math.Max(math.Abs(w), ef) {
			t.Fatalf("jump %d→%d: Effect %.17g, exact %.17g", from, flat[from], js.Effect, w)
		}
	}
}

// TestHouseKernelMatchesRolls checks the test's own turn model against the
// per-roll model of exact_test.go on plain rules, where both apply.
func TestHouseKernelMatchesRolls(t *testing.T) {
	t.Parallel()
	rapid.Check(t, func(t *rapid.T) {
		grid := genGrid(1, 4).Draw(t, "grid")
		rr := genRules().Draw(t, "rules")
		flat := refFlat(grid)
		h := refHouse{refRules: rr, dice: 1}
		k := refKernel{last: len(flat) - 1, start: h.start(), turns: h.turns(flat, nil)}
		want, ok := rr.expected(flat)
		got, gotOK := k.expected()
		if ok != gotOK || ok && got.Cmp(want) != 0 {
			t.Fatalf("kernel expectation %v, %v; per roll %v, %v", got, gotOK, want, ok)
		}
	})
}

// TestPropertySearchWideDie checks the searches against the reference on
// dice wider than the board, whose throws bounce back over it more than
// once and cover it from one square: the searches take each interval of
// squares a throw can land on at once, rather than total by total.
func TestPropertySearchWideDie(t *testing.T) {
	t.Parallel()
	rapid.Check(t, func(t *rapid.T) {
		grid := genGrid(1, 4).Draw(t, "grid")
		h := drawRefRules(t, 7, 40)
		h.dice = 1
		if rapid.Bool().Draw(t, "loaded") { // some faces never show
			h.weights = rapid.SliceOfN(rapid.IntRange(0, 2), h.faces, h.faces).Draw(t, "weights")
			h.weights[rapid.IntRange(0, h.faces-1).Draw(t, "shows")] = 1
		}
		ts := h.sortedTotals()
		if rapid.Bool().Draw(t, "enter?") {
			h.enter = rapid.SampledFrom(ts).Draw(t, "enter")
		}
		if rapid.Bool().Draw(t, "again?") && len(ts) > 1 {
			h.again = rapid.SampledFrom(ts).Draw(t, "again")
			h.limit = rapid.IntRange(0, 3).Draw(t, "limit")
		}
		r, b, flat := houseBoard(t, grid, h)
		checkHouseSearches(t, h, r, b, flat)
	})
}
