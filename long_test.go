package snakes

import (
	"errors"
	"math"
	"math/big"
	"testing"

	"pgregory.net/rapid"

	"github.com/snakesladders/snakes/internal/model"
	"github.com/snakesladders/snakes/internal/walk"
)

// This file checks the figures of very long games (10⁴ to 10²⁰ turns)
// against the test's own throw-by-throw model in high precision.

// genLongGame draws a board of side 2..4 and rules whose die is loaded so
// unevenly (weights up to 10⁹ to 1) that many games last for ages.
func genLongGame() *rapid.Generator[refHouse] {
	return rapid.Custom(func(t *rapid.T) refHouse {
		h := drawRefRules(t, 2, 4)
		h.dice = 1
		h.weights = make([]int, h.faces)
		for i := range h.weights {
			h.weights[i] = []int{1, 1, 1000, 1_000_000, 1_000_000_000}[rapid.IntRange(0, 4).Draw(t, "weight")]
		}
		return h
	})
}

// drawLongGame draws a board of side lo..hi and long-game rules, and
// returns them with the board's flat labels and the test's turn kernel.
func drawLongGame(t *rapid.T, lo, hi int) (refHouse, Rules, *Board, []int, refKernel) {
	grid := genGrid(lo, hi).Draw(t, "grid")
	h := genLongGame().Draw(t, "rules")
	b, err := NewBoard(grid)
	if err != nil {
		t.Fatal(err)
	}
	flat := refFlat(grid)
	return h, h.rules(), b, flat, refKernel{last: len(flat) - 1, start: h.start(), turns: h.turns(flat, nil)}
}

// precise is the precision of the reference's floats, far beyond what
// 70 squarings of a matrix can lose.
const precise = 400

// refTail answers P(T > t) ≤ p questions by powers of the turn matrix in
// high precision: pow[k] is Q^(2^k) over the squares 0..last-1.
type refTail struct {
	k   refKernel
	n   int
	pow [][][]*big.Float
}

func newRefTail(k refKernel, levels int) *refTail {
	n := k.last
	q := make([][]*big.Float, n)
	for v := range q {
		q[v] = make([]*big.Float, n)
		for to := range q[v] {
			q[v][to] = new(big.Float).SetPrec(precise)
		}
		k.next(v, func(to int, p *big.Rat) {
			if to < n {
				q[v][to].SetRat(p)
			}
		})
	}
	rt := &refTail{k: k, n: n, pow: [][][]*big.Float{q}}
	for range levels {
		rt.pow = append(rt.pow, rt.mul(rt.pow[len(rt.pow)-1], rt.pow[len(rt.pow)-1]))
	}
	return rt
}

func (rt *refTail) mul(a, b [][]*big.Float) [][]*big.Float {
	out := make([][]*big.Float, rt.n)
	t := new(big.Float).SetPrec(precise)
	for i := range out {
		out[i] = make([]*big.Float, rt.n)
		for j := range out[i] {
			s := new(big.Float).SetPrec(precise)
			for k := range rt.n {
				if a[i][k].Sign() != 0 && b[k][j].Sign() != 0 {
					addTo(s, t.Mul(a[i][k], b[k][j]))
				}
			}
			out[i][j] = s
		}
	}
	return out
}

// addTo adds x ≥ 0 to s ≥ 0, skipping the addition where one of them is
// below the other's last bit: big.Float aligns the two by shifting, which
// costs as much as their exponents differ, and the entries of high powers
// of the turn matrix differ by millions of binary orders.
func addTo(s, x *big.Float) {
	switch {
	case x.Sign() == 0:
	case s.Sign() == 0 || s.MantExp(nil)+precise+8 < x.MantExp(nil):
		s.Set(x)
	case x.MantExp(nil)+precise+8 >= s.MantExp(nil):
		s.Add(s, x)
	}
}

// quantile returns the smallest t with P(T > t) ≤ p, or false if it is past
// 2^levels.
func (rt *refTail) quantile(p float64) (*big.Int, bool) {
	if rt.k.start == rt.k.last {
		return new(big.Int), true
	}
	bound := new(big.Float).SetPrec(precise).SetFloat64(p)
	v := make([]*big.Float, rt.n)
	for i := range v {
		v[i] = new(big.Float).SetPrec(precise)
	}
	v[rt.k.start].SetInt64(1)
	t := new(big.Int)
	// Binary lifting: the largest t with P(T > t) > p, then one more.
	for lvl := len(rt.pow) - 1; lvl >= 0; lvl-- {
		next := make([]*big.Float, rt.n)
		tot := new(big.Float).SetPrec(precise)
		for j := range next {
			s := new(big.Float).SetPrec(precise)
			for i := range rt.n {
				if v[i].Sign() != 0 && rt.pow[lvl][i][j].Sign() != 0 {
					addTo(s, new(big.Float).SetPrec(precise).Mul(v[i], rt.pow[lvl][i][j]))
				}
			}
			next[j] = s
			addTo(tot, s)
		}
		if tot.Cmp(bound) > 0 {
			v = next
			t.Add(t, new(big.Int).Lsh(big.NewInt(1), uint(lvl)))
		}
	}
	if t.BitLen() >= len(rt.pow) {
		return nil, false
	}
	return t.Add(t, big.NewInt(1)), true
}

// survival returns P(T > t) for t below 2^levels.
func (rt *refTail) survival(t *big.Int) *big.Float {
	v := make([]*big.Float, rt.n)
	for i := range v {
		v[i] = new(big.Float).SetPrec(precise)
	}
	tot := new(big.Float).SetPrec(precise)
	if rt.k.start == rt.k.last {
		return tot
	}
	v[rt.k.start].SetInt64(1)
	for lvl := range rt.pow {
		if t.Bit(lvl) == 0 {
			continue
		}
		next := make([]*big.Float, rt.n)
		for j := range next {
			next[j] = new(big.Float).SetPrec(precise)
			for i := range rt.n {
				next[j].Add(next[j], new(big.Float).SetPrec(precise).Mul(v[i], rt.pow[lvl][i][j]))
			}
		}
		v = next
	}
	for _, x := range v {
		tot.Add(tot, x)
	}
	return tot
}

// slack is how many turns float64 cannot tell apart at turn t: where each
// turn changes the chance of still playing by a fraction rate, a rounding
// of 2⁻⁵³ of that chance moves the turn at which it crosses a bound by
// 2⁻⁵³/rate turns; Quantile's bound allows four such roundings.
func (rt *refTail) slack(t *big.Int) float64 {
	const d = 1 << 40
	s0 := rt.survival(t)
	s1 := rt.survival(new(big.Int).Add(t, big.NewInt(d)))
	if s0.Sign() == 0 {
		return 0
	}
	drop := new(big.Float).SetPrec(precise).Sub(s0, s1)
	drop.Quo(drop, s0)
	rate, _ := drop.Float64()
	rate /= d
	if rate <= 0 {
		return math.Inf(1)
	}
	return 0x1p-51 / rate
}

// TestPropertyLongGameQuantiles checks Quantile at 0.5, 0.9 and 1 against
// the high-precision reference on games of up to 10²⁰ turns, boards the
// token can be trapped on included: within one turn, 1e-7 relative, or the
// turns over which float64 cannot see the chance of still playing change
// (2⁻⁵¹/(1 − λ)); ErrTooLarge only where the answer passes the int range,
// ErrNeverFinishes only where the chance of finishing is below q. On
// these boards of at most 9 squares every quantile is answered, by the
// walk or by powers of the turn matrix (quantiles.go), even under a work
// bound lowered to 2²³ steps.
func TestPropertyLongGameQuantiles(t *testing.T) {
	t.Parallel()
	long, byTail, trapped, longest := 0, 0, 0, 0.0
	rapid.Check(t, func(t *rapid.T) {
		_, r, b, _, k := drawLongGame(t, 2, 3)
		r = tuned(r, func(l *model.Limits) { l.Work = 1 << 23 })
		want, finite := k.expected()
		if !finite {
			trapped++
			if _, err := r.Quantile(b, 1); !errors.Is(err, ErrNeverFinishes) {
				t.Fatalf("Quantile(1) = %v on a board the token can be trapped on", err)
			}
		} else if e, _ := want.Float64(); e > 1e4 {
			long++
			longest = max(longest, e)
		}
		rt := newRefTail(k, 72)
		for _, q := range []float64{0.5, 0.9, 1} {
			if !finite && q == 1 {
				continue
			}
			got, err := r.Quantile(b, q)
			want, ok := rt.quantile(walk.TailBound(q))
			switch {
			case !ok && !finite:
				if !errors.Is(err, ErrNeverFinishes) && !errors.Is(err, ErrTooLarge) {
					t.Fatalf("Quantile(%v) = %d, %v; the chance of finishing stays below q, or the answer is past 2⁷² turns", q, got, err)
				}
			case !ok || !want.IsInt64() || want.Int64() > math.MaxInt:
				if !errors.Is(err, ErrTooLarge) {
					t.Fatalf("Quantile(%v) = %d, %v; the answer is past the int range", q, got, err)
				}
			case err != nil:
				t.Fatalf("Quantile(%v): %v; want %v", q, err, want)
			default:
				w := float64(want.Int64())
				if diff := math.Abs(float64(got) - w); diff > max(1, 1e-7*w) && diff > rt.slack(want) {
					t.Fatalf("Quantile(%v) = %d, want %v (within %.3g turns)", q, got, want, max(1, 1e-7*w, rt.slack(want)))
				}
				if w > walk.TailFrom {
					byTail++
				}
			}
		}
	})
	t.Logf("%d games longer than 10⁴ turns, the longest %.3g; %d quantiles past 2¹⁶ turns right; %d boards with traps", long, longest, byTail, trapped)
	// What the property is for: long games answered, not only refused.
	// About one draw in six is a long game, so none in a run happens
	// once in 10⁸ runs.
	if long == 0 || byTail == 0 || trapped == 0 {
		t.Errorf("%d long games drawn, %d quantiles past 2¹⁶ turns answered, %d boards with traps: the property checked too little", long, byTail, trapped)
	}
}

// TestPropertyLongGameJumps checks Jumps on the long games of
// genLongGame against exact rationals: every Effect within 1e-9 relative
// plus 1e-13 times the expected length, +Inf exactly where the board
// without the jump may never finish; Chance in [0, 1] and within 1e-12;
// Taken within 1e-9 relative; never NaN.
func TestPropertyLongGameJumps(t *testing.T) {
	t.Parallel()
	long, worst, worstAbs := 0, 0.0, 0.0
	rapid.Check(t, func(t *rapid.T) {
		h, r, b, flat, k := drawLongGame(t, 2, 3)
		last := k.last
		stats, err := r.Jumps(b)
		if !k.finishes() {
			if !errors.Is(err, ErrNeverFinishes) {
				t.Fatalf("Jumps: %v, want ErrNeverFinishes", err)
			}
			return
		}
		if err != nil {
			t.Fatal(err)
		}
		x := k.insights()
		e := x.from[x.at[k.start]]
		ef, _ := e.Float64()
		if ef > 1e4 {
			long++
		}
		for _, js := range stats {
			j := js.From
			if math.IsNaN(js.Effect) || !(js.Chance >= 0 && js.Chance <= 1) {
				t.Fatalf("jump %d→%d: %+v", j, js.To, js)
			}
			// A throw takes the jump if it lands on its start, or, under
			// Chain, on a square whose chain of jumps passes through it.
			// (refRules.step's chain: on while the next square is new).
			takes := func(l int) bool {
				passed := map[int]bool{l: true}
				for v := l; flat[v] >= 0 && !passed[flat[v]]; v = flat[v] {
					if v == j {
						return true
					}
					if !h.chain {
						break
					}
					passed[flat[v]] = true
				}
				return false
			}
			taken := new(big.Rat)
			for i, s := range x.sure {
				for l := range flat {
					if takes(l) {
						taken.Add(taken, new(big.Rat).Mul(x.visits[i], k.turns[s].lands[l]))
					}
				}
			}
			if w, _ := taken.Float64(); math.Abs(js.Taken-w) > 1e-9*w {
				t.Fatalf("jump %d→%d: Taken %.17g, exact %.17g", j, js.To, js.Taken, w)
			}
			if js.Taken == 0 {
				continue
			}
			hk := refKernel{last: last, start: k.start, turns: h.turns(flat, takes)}
			if w, _ := hk.chanceToHit().Float64(); math.Abs(js.Chance-w) > 1e-12 {
				t.Fatalf("jump %d→%d: Chance %.17g, exact %.17g", j, js.To, js.Chance, w)
			}
			without := append([]int(nil), flat...)
			without[j] = -1
			wk := refKernel{last: last, start: k.start, turns: h.turns(without, nil)}
			e2, finite := wk.expected()
			if !finite {
				if !math.IsInf(js.Effect, 1) {
					t.Fatalf("jump %d→%d: Effect %v; the board without it may never finish", j, js.To, js.Effect)
				}
				continue
			}
			w, _ := new(big.Rat).Sub(e2, e).Float64()
			if err := math.Abs(js.Effect - w); err > 1e-9*math.Abs(w)+1e-13*ef {
				t.Fatalf("jump %d→%d: Effect %.17g, exact %.17g (expected length %.3g)", j, js.To, js.Effect, w, ef)
			} else {
				worstAbs = max(worstAbs, err/max(ef, math.Abs(w)))
				if math.Abs(w) >= 1e-3*ef {
					worst = max(worst, err/math.Abs(w))
				}
			}
		}
	})
	t.Logf("%d games longer than 10⁴ turns; worst Effect error %.3g relative (Effects over 1e-3 of the length), %.3g of the larger of it and the length", long, worst, worstAbs)
	if long == 0 {
		t.Errorf("no long game drawn: the property checked none")
	}
}

// TestPropertyLongGameWinChances checks WinChances for two players on the
// long games of genLongGame (boards of 2×2) against the exact chances of
// the race, solved over pairs of squares: W(a, b), the chance that the
// player to move from a wins while the other stands on b, is
// Σ P(a→a')·(1 if a' is last, else 1 − W(b, a')).
func TestPropertyLongGameWinChances(t *testing.T) {
	t.Parallel()
	long, refused := 0, 0
	rapid.Check(t, func(t *rapid.T) {
		_, r, b, _, k := drawLongGame(t, 2, 2)
		r = tuned(r, func(l *model.Limits) { l.Work = 1 << 23 }) // as in TestPropertyLongGameQuantiles
		last := k.last
		if !k.finishes() {
			return
		}
		x := k.insights()
		if e, _ := x.from[x.at[k.start]].Float64(); e > 1e4 {
			long++
		}
		// Unknowns: the pairs of sure squares.
		sure := x.sure
		n := len(sure)
		at := func(a, b int) int { return x.at[a]*n + x.at[b] }
		sys := make([][]*big.Rat, n*n)
		for _, a := range sure {
			for _, bq := range sure {
				row := make([]*big.Rat, n*n+1)
				for i := range row {
					row[i] = new(big.Rat)
				}
				i := at(a, bq)
				row[i].SetInt64(1)
				k.next(a, func(to int, p *big.Rat) {
					if to == last {
						row[n*n].Add(row[n*n], p)
						return
					}
					// W(a,b) − Σ p·(1 − W(b,to)) = 0: move p to the right,
					// +p·W(b,to) to the left.
					row[n*n].Add(row[n*n], p)
					j := at(bq, to)
					row[j].Add(row[j], p)
				})
				sys[i] = row
			}
		}
		solveRat(sys)
		want, _ := sys[at(k.start, k.start)][n*n].Float64()
		got, err := r.WinChances(b, 2)
		if errors.Is(err, ErrTooLarge) {
			refused++
			return // a tail that does not settle: refused, not wrong
		}
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(got[0]-want) > 1e-9 || math.Abs(got[0]+got[1]-1) > 1e-12 {
			t.Fatalf("WinChances = %v, exact first %.17g", got, want)
		}
	})
	t.Logf("%d games longer than 10⁴ turns, %d refused", long, refused)
	if long-refused <= 0 {
		t.Errorf("%d long games drawn, %d refused: the property checked no long race", long, refused)
	}
}

// TestQuantileOneOnATie pins down a board whose chances are all powers of
// two (a two-faced fair die): the chance of still playing after 106 turns
// is 2⁻⁵³ plus about 1.2e-32, which a float64 sum rounds onto 2⁻⁵³ itself.
// Quantile(1) must count what the rounding dropped, as the reference does.
func TestQuantileOneOnATie(t *testing.T) {
	t.Parallel()
	grid := [][]int{{8, 2, -1}, {-1, -1, 7}, {1, 6, 7}}
	h := refHouse{refRules: refRules{faces: 2}, dice: 1, weights: []int{1, 1}}
	b, err := NewBoard(grid)
	if err != nil {
		t.Fatal(err)
	}
	flat := refFlat(grid)
	k := refKernel{last: len(flat) - 1, start: h.start(), turns: h.turns(flat, nil)}
	want, ok := newRefTail(k, 72).quantile(walk.TailBound(1))
	got, err := h.rules().Quantile(b, 1)
	if !ok || err != nil || !want.IsInt64() || int64(got) != want.Int64() {
		t.Fatalf("Quantile(1) = %d, %v; the reference %v", got, err, want)
	}
}

// TestGeometricWaits checks quantiles of games that wait on one square for
// a rare throw and then run to the end: the walk sees one slow mode, and
// the squares after the wait, from which it cannot be reached, must not
// keep its bracket open. Independently of the walk, the length is W + R
// with W geometric, P(W > w) = (1 − p)^w for the chance p of leaving the
// wait, and R the turns from where the wait ends, so that the q quantile
// is ln(1/(1 − q))/−ln(1 − p) + E[R] within a turn (terms of order p·E[R²]
// left out), E[R] from ExpectedFrom's solve.
func TestGeometricWaits(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name  string
		r     Rules
		n     int
		p     float64 // the chance of leaving the wait
		after int     // where the wait ends
	}{
		{"a 1 in 10⁹ to enter", Rules{Overshoot: Finish, Weights: []int{1, 1000000000}, Enter: 1}, 2, 1 / (1 + 1e9), 1},
		{"ten sixes to enter, Bounce", Rules{Overshoot: Bounce, Dice: 10, Enter: 60}, 10, math.Pow(6, -10), 60},
	} {
		b := mustJumps(t, tc.n, nil)
		from, err := tc.r.ExpectedFrom(b)
		if err != nil {
			t.Fatal(err)
		}
		for _, q := range []float64{0.5, 0.9} {
			got, err := tc.r.Quantile(b, q)
			want := math.Log(1/(1-q))/-math.Log1p(-tc.p) + from[tc.after]
			if err != nil || math.Abs(float64(got)-want) > 1.5 {
				t.Errorf("%s: Quantile(%v) = %d, %v; want about %.1f", tc.name, q, got, err, want)
			}
		}
		if _, err := tc.r.ModeTurns(b); err != nil {
			t.Errorf("%s: ModeTurns: %v", tc.name, err)
		}
	}
}

// TestQuantileWaitBesideTrap: on an empty 3×3 board a die of faces 2, 3
// and 4, the 2 a billion times rarer, traps the token on square 8 half the
// time and makes it wait for a 2 on square 7 a quarter of the time: no
// tail for the walk to skip, 10⁹ turns to follow. Powers of the turn
// matrix answer, as the reference's 400-bit powers do.
func TestQuantileWaitBesideTrap(t *testing.T) {
	t.Parallel()
	grid := emptyGrid(3)
	h := refHouse{refRules: refRules{faces: 4}, dice: 1, weights: []int{0, 1, 500_000_000, 500_000_000}}
	b, err := NewBoard(grid)
	if err != nil {
		t.Fatal(err)
	}
	flat := refFlat(grid)
	rt := newRefTail(refKernel{last: len(flat) - 1, start: h.start(), turns: h.turns(flat, nil)}, 40)
	r := h.rules()
	for _, q := range []float64{0.3, 0.4, 0.49} {
		got, err := r.Quantile(b, q)
		want, ok := rt.quantile(1 - q)
		if !ok || err != nil || int64(got) != want.Int64() {
			t.Errorf("Quantile(%v) = %d, %v; want %v", q, got, err, want)
		}
	}
	if _, err := r.Quantile(b, 0.6); !errors.Is(err, ErrNeverFinishes) {
		t.Errorf("Quantile(0.6) = %v; the token finishes half the time", err)
	}
}
