// This file holds an independent brute-force oracle for best play (Rules.BestPlay): every stationary strategy of small random boards, each solved exactly in big.Rat.
package snakes_test

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/snakesladders/snakes"
)

// bpCase is one random case of best play: a board of side n with its jumps
// and effects, the rules and the player's choices.
type bpCase struct {
	n       int
	jumps   map[int]int
	effects map[int]snakes.Effect
	rules   snakes.Rules
	choice  snakes.Choice
}

func (c bpCase) String() string {
	return fmt.Sprintf("n=%d jumps=%v effects=%v rules={Faces:%d StartOffBoard:%v Overshoot:%v Chain:%v} choice=%+v",
		c.n, c.jumps, c.effects, c.rules.Faces, c.rules.StartOffBoard, c.rules.Overshoot, c.rules.Chain, c.choice)
}

// bpOracle plays a case by the rules' text. Squares are 0..L, 0 off the
// board; jump[s] is the end of the jump starting on s, or -1.
type bpOracle struct {
	L          int
	jump       []int
	effect     []snakes.Effect
	over       snakes.Overshoot
	chain      bool
	declinable []bool // the jump starting there may be declined
	dice       []int  // the dice a player may choose among each turn
}

func newBPOracle(c bpCase) *bpOracle {
	L := c.n * c.n
	o := &bpOracle{L: L, jump: make([]int, L+1), effect: make([]snakes.Effect, L+1),
		over: c.rules.Overshoot, chain: c.rules.Chain, declinable: make([]bool, L+1)}
	for s := range o.jump {
		o.jump[s] = -1
	}
	for s, e := range c.jumps {
		o.jump[s] = e
		o.declinable[s] = (e > s && c.choice.DeclineLadders) || (e < s && c.choice.DeclineSnakes)
	}
	for s, e := range c.effects {
		o.effect[s] = e
	}
	o.dice = slices.Clone(c.choice.Faces)
	if len(o.dice) == 0 {
		f := c.rules.Faces
		if f == 0 {
			f = 6
		}
		o.dice = []int{f}
	}
	return o
}

// land returns where a throw of t from s leaves the token after its jumps,
// with take[j] saying whether a declinable jump on j is taken, and whether
// the throw moved the token at all.
func (o *bpOracle) land(s, t int, take []bool) (int, bool) {
	x := s + t
	if x > o.L {
		switch o.over {
		case snakes.Stay:
			return s, false
		case snakes.Finish:
			x = o.L
		case snakes.Bounce: // a ball between the walls 1 and L
			for x > o.L || x < 1 {
				if x > o.L {
					x = 2*o.L - x
				} else {
					x = 2 - x
				}
			}
		}
	}
	for steps := 0; x != o.L && o.jump[x] >= 0; steps++ {
		if steps > o.L {
			panic("oracle: a loop of jumps under Chain")
		}
		if o.declinable[x] && !take[x] {
			break
		}
		x = o.jump[x]
		if !o.chain {
			break
		}
	}
	return x, true
}

// bpRow is the equation of a turn begun on square s with a die of d faces,
// times d: d·V(s) − Σ cnt[q]·V(q) = d + k, where k adds 1 for each throw
// ending on a square that passes the next turn over and −1 for each that
// gives another throw in the turn (the throw from there is the rest of
// this turn: V(q) − 1). A throw that does not move counts for V(s) itself.
// can lists the squares the token may be on after the throw (L included).
type bpRow struct {
	d, k int
	cnt  []int // indexed by square; cnt[L] is unused (V(L) = 0)
	can  []int
}

func (o *bpOracle) row(s, d int, take []bool) bpRow {
	r := bpRow{d: d, k: d, cnt: make([]int, o.L+1)}
	for t := 1; t <= d; t++ {
		q, moved := o.land(s, t, take)
		if !slices.Contains(r.can, q) {
			r.can = append(r.can, q)
		}
		if q == o.L {
			continue
		}
		r.cnt[q]++
		if moved {
			switch o.effect[q] {
			case snakes.MissTurn:
				r.k++
			case snakes.ThrowAgain:
				r.k--
			}
		}
	}
	return r
}

// values solves the strategy whose turn begun on s has equation rows[s]
// (s = 0..L−1), exactly: nil (+Inf) for a square from which the token may
// never reach L. The last element, L's, is 0.
func (o *bpOracle) values(rows []bpRow) []*big.Rat {
	L := o.L
	// Squares that can reach L, then those from which every reachable square can.
	can := make([]bool, L+1)
	can[L] = true
	for changed := true; changed; {
		changed = false
		for s := range L {
			if can[s] {
				continue
			}
			for _, q := range rows[s].can {
				if can[q] {
					can[s], changed = true, true
					break
				}
			}
		}
	}
	sure := make([]bool, L+1)
	for s := 0; s <= L; s++ {
		seen, stack, ok := make([]bool, L+1), []int{s}, true
		seen[s] = true
		for len(stack) > 0 && ok {
			v := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if !can[v] {
				ok = false
			} else if v != L {
				for _, q := range rows[v].can {
					if !seen[q] {
						seen[q] = true
						stack = append(stack, q)
					}
				}
			}
		}
		sure[s] = ok
	}
	// Gaussian elimination over the sure squares (closed under moves).
	var idx []int
	pos := make([]int, L+1)
	for s := range L {
		if sure[s] {
			pos[s] = len(idx)
			idx = append(idx, s)
		}
	}
	m := len(idx)
	a := make([][]*big.Rat, m)
	for i, s := range idx {
		a[i] = make([]*big.Rat, m+1)
		for j := range a[i] {
			a[i][j] = new(big.Rat)
		}
		r := rows[s]
		a[i][i].SetInt64(int64(r.d))
		for q, c := range r.cnt[:L] {
			if c != 0 {
				a[i][pos[q]].Sub(a[i][pos[q]], big.NewRat(int64(c), 1))
			}
		}
		a[i][m].SetInt64(int64(r.k))
	}
	tmp := new(big.Rat)
	for c := range m {
		p := c
		for p < m && a[p][c].Sign() == 0 {
			p++
		}
		if p == m {
			panic("oracle: singular system over squares that surely finish")
		}
		a[c], a[p] = a[p], a[c]
		for i := c + 1; i < m; i++ {
			if a[i][c].Sign() == 0 {
				continue
			}
			f := new(big.Rat).Quo(a[i][c], a[c][c])
			for j := c; j <= m; j++ {
				a[i][j].Sub(a[i][j], tmp.Mul(f, a[c][j]))
			}
		}
	}
	x := make([]*big.Rat, m)
	for i := m - 1; i >= 0; i-- {
		v := new(big.Rat).Set(a[i][m])
		for j := i + 1; j < m; j++ {
			v.Sub(v, tmp.Mul(a[i][j], x[j]))
		}
		x[i] = v.Quo(v, a[i][i])
	}
	out := make([]*big.Rat, L+1)
	for i, s := range idx {
		out[s] = x[i]
	}
	out[L] = new(big.Rat)
	return out
}

// single returns V(s) for a square no throw can leave the token on (off the
// board, or a jump start that is always taken and never a rest), from its
// row and the values of the other squares: nil (+Inf) if the die never
// moves the token from s or may lead where the token may never finish.
func (o *bpOracle) single(s int, r bpRow, v []*big.Rat) *big.Rat {
	num, den := big.NewRat(int64(r.k), 1), big.NewRat(int64(r.d-r.cnt[s]), 1)
	if den.Sign() == 0 {
		return nil
	}
	for q, c := range r.cnt[:o.L] {
		if c == 0 || q == s {
			continue
		}
		if v[q] == nil {
			return nil
		}
		num.Add(num, new(big.Rat).Mul(big.NewRat(int64(c), 1), v[q]))
	}
	return num.Quo(num, den)
}

// rests returns the squares the token may be left on by some throw under
// take: 1..L−1 but the jump starts that are taken on arrival, whatever
// arrives (without Chain a jump's end is a rest even on another jump's
// start). Off the board is never returned to.
func (o *bpOracle) rests(take []bool) []bool {
	isEnd := make([]bool, o.L+1)
	for _, e := range o.jump {
		if e >= 0 {
			isEnd[e] = true
		}
	}
	rest := make([]bool, o.L+1)
	for s := 1; s < o.L; s++ {
		taken := o.jump[s] >= 0 && (!o.declinable[s] || take[s])
		rest[s] = !taken || (!o.chain && isEnd[s])
	}
	return rest
}

// best returns, for every square, the least exact expected turns over all
// stationary strategies (nil: +Inf), and how many strategies it solved.
// Every take/decline of the declinable jumps and every die on every square
// is enumerated; a square outside rests (off the board, or a jump start
// always taken on arrival) is in no other square's equation, so its die
// changes its own value alone, and all its dice are tried against each
// solve of the others: the same minimum as solving every combination.
func (o *bpOracle) best() ([]*big.Rat, int) {
	L := o.L
	var decl []int
	for s := range L {
		if o.jump[s] >= 0 && o.declinable[s] {
			decl = append(decl, s)
		}
	}
	low := make([]*big.Rat, L+1)
	better := func(s int, v *big.Rat) {
		if v != nil && (low[s] == nil || v.Cmp(low[s]) < 0) {
			low[s] = v
		}
	}
	solved := 0
	for mask := 0; mask < 1<<len(decl); mask++ {
		take := make([]bool, L+1)
		for i, s := range decl {
			take[s] = mask>>i&1 == 1
		}
		rows := make([][]bpRow, L) // rows[s][i]: square s with die o.dice[i]
		for s := range L {
			for _, d := range o.dice {
				rows[s] = append(rows[s], o.row(s, d, take))
			}
		}
		rest := o.rests(take)
		var free []int
		for s := range L {
			if rest[s] {
				free = append(free, s)
			}
		}
		pick := make([]int, len(free)) // odometer over the dice of the rests
		for {
			cur := make([]bpRow, L)
			for s := range L {
				cur[s] = rows[s][0]
				if s == 0 || !rest[s] {
					// Never entered: make it a row that cannot spoil the others'
					// classification (no other row points to it).
					cur[s] = bpRow{d: 1, k: 1, cnt: make([]int, L+1), can: []int{L}}
				}
			}
			for i, s := range free {
				cur[s] = rows[s][pick[i]]
			}
			v := o.values(cur)
			solved++
			for s := range L {
				if rest[s] {
					better(s, v[s])
					continue
				}
				for _, r := range rows[s] {
					better(s, o.single(s, r, v))
				}
			}
			i := 0
			for ; i < len(pick); i++ {
				if pick[i]++; pick[i] < len(o.dice) {
					break
				}
				pick[i] = 0
			}
			if i == len(pick) {
				break
			}
		}
	}
	low[L] = new(big.Rat)
	return low, solved
}

// strategy solves one full strategy: die[s] on square s (0..L−1), take[j]
// for the declinable jumps.
func (o *bpOracle) strategy(die []int, take []bool) []*big.Rat {
	rows := make([]bpRow, o.L)
	rest := o.rests(take)
	for s := range o.L {
		rows[s] = o.row(s, die[s], take)
		if s == 0 || !rest[s] {
			rows[s] = bpRow{d: 1, k: 1, cnt: make([]int, o.L+1), can: []int{o.L}}
		}
	}
	v := o.values(rows)
	for s := range o.L {
		if s == 0 || !rest[s] {
			v[s] = o.single(s, o.row(s, die[s], take), v)
		}
	}
	return v
}

// bpDraw draws a random case (FromJumps or WithEffects may still reject it).
func bpDraw(rng *rand.Rand) bpCase {
	c := bpCase{n: 2 + rng.IntN(2), jumps: map[int]int{}}
	L := c.n * c.n
	for range rng.IntN(4) {
		s, e := 1+rng.IntN(L-1), 1+rng.IntN(L)
		if e == s {
			continue
		}
		c.jumps[s] = e
	}
	c.rules = snakes.Rules{
		Faces:         []int{0, 1, 2, 3, 4}[rng.IntN(5)],
		StartOffBoard: rng.IntN(2) == 0,
		Overshoot:     []snakes.Overshoot{snakes.Stay, snakes.Bounce, snakes.Finish}[rng.IntN(3)],
		Chain:         rng.IntN(2) == 0,
	}
	if c.rules.Chain { // only without a loop of jumps
		for s := range c.jumps {
			for x, k := s, 0; ; k++ {
				e, ok := c.jumps[x]
				if !ok {
					break
				}
				if k > L {
					c.rules.Chain = false
					break
				}
				x = e
			}
		}
	}
	c.choice = snakes.Choice{DeclineLadders: rng.IntN(2) == 0, DeclineSnakes: rng.IntN(2) == 0}
	if rng.IntN(2) == 0 {
		k := 1 + rng.IntN(2) // the dice of 8 squares: 2^8 combinations at most
		if c.n == 2 {
			k = 1 + rng.IntN(4)
		}
		all := []int{1, 2, 3, 4, 6}
		rng.Shuffle(len(all), func(i, j int) { all[i], all[j] = all[j], all[i] })
		c.choice.Faces = all[:k]
	}
	if rng.IntN(5) < 2 {
		c.effects = map[int]snakes.Effect{}
		for range 1 + rng.IntN(2) {
			s := 1 + rng.IntN(L-1)
			if _, ok := c.jumps[s]; ok {
				continue
			}
			e := snakes.MissTurn
			if len(c.choice.Faces) == 0 && rng.IntN(2) == 0 {
				e = snakes.ThrowAgain
			}
			c.effects[s] = e
		}
	}
	return c
}

// bpClose reports whether got is within 1e-9 relative of want (nil: +Inf).
func bpClose(got float64, want *big.Rat) bool {
	if want == nil {
		return math.IsInf(got, 1)
	}
	w, _ := want.Float64()
	return math.Abs(got-w) <= 1e-9*math.Max(1, math.Abs(w))
}

func bpString(v *big.Rat) string {
	if v == nil {
		return "+Inf"
	}
	f, _ := v.Float64()
	return fmt.Sprintf("%.12g (%s)", f, v.RatString())
}

// bpFixed are small cases checked before the random ones: on each, from
// some square only another die than the rules' (unused when Choice.Faces
// is set) or a declined jump finishes; the second is the first with the
// rules' die of 6 faces, which is not among the choices.
var bpFixed = []bpCase{
	{n: 2, jumps: map[int]int{2: 1}, rules: snakes.Rules{Faces: 1}, choice: snakes.Choice{Faces: []int{1, 2}}},
	{n: 2, jumps: map[int]int{2: 1}, rules: snakes.Rules{Faces: 0}, choice: snakes.Choice{Faces: []int{1, 2}}},
	{n: 2, jumps: map[int]int{2: 1, 3: 1}, rules: snakes.Rules{Faces: 2}, choice: snakes.Choice{DeclineSnakes: true}},
	{n: 2, jumps: map[int]int{2: 3, 3: 2}, rules: snakes.Rules{Faces: 1}, choice: snakes.Choice{Faces: []int{4, 1}}},
	{n: 2, jumps: map[int]int{1: 4, 2: 1}, rules: snakes.Rules{Faces: 1, StartOffBoard: true}, choice: snakes.Choice{Faces: []int{1, 2}}},
}

// bpEffectsOracle maps a case to the random-play oracle of
// effects_oracle_test.go (1-based jump and effect slices).
func bpEffectsOracle(c bpCase) ([]int, []int, oracleRules) {
	L := c.n * c.n
	jump, effect := make([]int, L+1), make([]int, L+1)
	for s, e := range c.jumps {
		jump[s] = e
	}
	for s, e := range c.effects {
		effect[s] = int(e)
	}
	over := map[snakes.Overshoot]string{snakes.Stay: "stay", snakes.Bounce: "bounce", snakes.Finish: "finish"}[c.rules.Overshoot]
	return jump, effect, oracleRules{faces: c.rules.Faces, startOff: c.rules.StartOffBoard, overshoot: over, chain: c.rules.Chain}
}

// TestBestPlayBruteForce compares BestPlay with the minimum, square by
// square, of every stationary strategy's exact expected turns on small
// random boards, and evaluates BestPlay's own strategy by the oracle.
// Where the player has no choice, the oracle itself is checked against
// the random-play oracle of effects_oracle_test.go.
func TestBestPlayBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(20240611, 1245))
	ctx := context.Background()
	const random = 700
	compared, never, skipped, rejected, solved, selfChecked := 0, 0, 0, 0, 0, 0
	for i := range len(bpFixed) + random {
		var c bpCase
		if i < len(bpFixed) {
			c = bpFixed[i]
		} else {
			c = bpDraw(rng)
		}
		b, err := snakes.FromJumps(c.n, c.jumps)
		if err == nil && len(c.effects) > 0 {
			b, err = b.WithEffects(c.effects)
		}
		if err != nil {
			rejected++
			continue
		}
		o := newBPOracle(c)
		low, k := o.best()
		solved += k
		start := 1
		if c.rules.StartOffBoard {
			start = 0
		}
		if !c.choice.DeclineLadders && !c.choice.DeclineSnakes && len(c.choice.Faces) == 0 {
			jump, effect, r := bpEffectsOracle(c)
			want, ok := oracleExpectedTurns(c.n, jump, effect, r)
			if ok != (low[start] != nil) || ok && want.Cmp(low[start]) != 0 {
				t.Fatalf("case %d %v: the oracle gives %s from the start, random play's oracle %v (finishes: %v)", i, c, bpString(low[start]), want, ok)
			}
			selfChecked++
		}
		s, err := c.rules.BestPlay(ctx, b, c.choice)
		switch {
		case errors.Is(err, snakes.ErrNeverFinishes):
			never++
			if low[start] != nil {
				all := make([]string, len(low))
				for q, v := range low {
					all[q] = bpString(v)
				}
				t.Errorf("case %d %v: BestPlay: %v, but the oracle finishes from the start in %s (from each square: %v)", i, c, err, bpString(low[start]), all)
			}
			continue
		case errors.Is(err, snakes.ErrInvalidRules):
			skipped++
			t.Logf("case %d %v: skipped (the oracle gives %s from the start): %v", i, c, bpString(low[start]), err)
			continue
		case err != nil:
			t.Fatalf("case %d %v: BestPlay: %v", i, c, err)
		}
		compared++
		if low[start] == nil {
			t.Errorf("case %d %v: BestPlay gave %v from the start, but no strategy surely finishes", i, c, s.ExpectedTurns())
		}
		if !bpClose(s.ExpectedTurns(), low[start]) {
			t.Errorf("case %d %v: ExpectedTurns %v, oracle %s", i, c, s.ExpectedTurns(), bpString(low[start]))
		}
		from := s.ExpectedFrom()
		if len(from) != o.L+1 {
			t.Fatalf("case %d %v: ExpectedFrom has %d values, want %d", i, c, len(from), o.L+1)
		}
		for q, got := range from {
			if !bpClose(got, low[q]) {
				t.Errorf("case %d %v: ExpectedFrom[%d] = %v, oracle minimum %s", i, c, q, got, bpString(low[q]))
			}
		}
		// BestPlay's own strategy, solved by the oracle.
		die, take := make([]int, o.L), make([]bool, o.L+1)
		ok := true
		for q := range o.L {
			die[q] = s.Die(q)
			if !slices.Contains(o.dice, die[q]) {
				t.Errorf("case %d %v: Die(%d) = %d, not among %v", i, c, q, die[q], o.dice)
				ok = false
			}
			take[q] = s.Takes(q)
			switch {
			case o.jump[q] < 0 && take[q]:
				t.Errorf("case %d %v: Takes(%d) on a square without a jump", i, c, q)
			case o.jump[q] >= 0 && !o.declinable[q] && !take[q]:
				t.Errorf("case %d %v: Takes(%d) false for a jump that may not be declined", i, c, q)
			}
		}
		if d := s.Die(o.L); d != 0 {
			t.Errorf("case %d %v: Die(last) = %d, want 0", i, c, d)
		}
		if !ok {
			continue
		}
		own := o.strategy(die, take)
		for q, got := range from {
			if !math.IsInf(got, 1) && !bpClose(got, own[q]) {
				t.Errorf("case %d %v: strategy (dice %v, take %v) gives %s from %d, ExpectedFrom %v", i, c, die, take, bpString(own[q]), q, got)
			}
		}
	}
	t.Logf("%d cases compared (%d strategy solves), %d never finish, %d skipped as invalid rules, %d boards rejected, %d checked against random play's oracle",
		compared, solved, never, skipped, rejected, selfChecked)
	if compared < 100 {
		t.Fatalf("only %d cases compared, want at least 100", compared)
	}
}
