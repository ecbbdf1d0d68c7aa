package snakes

import (
	"errors"
	"math"
	"math/big"
	"testing"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"
)

// This file tests WinChancesFrom and the quantiles against exact races,
// and the races' errors.

// raceExact solves, exactly, a two-player game from squares a (the player
// to move) and b: over the states (mover's square, other's square), W is
// the chance that the mover wins and L that the other player does. W =
// Σ 1/F·[roll finishes] + Σ 1/F·L(b, to) over the rolls that do not, and
// L = Σ 1/F·W(b, to) over them. States in which neither player can finish
// are worth 0; the rest form a system with a way out from every state.
func (rr refRules) raceExact(flat []int, a, b int) (w, l *big.Rat) {
	last := len(flat) - 1
	_, finishes := rr.classifyFrom(flat)
	type state struct{ mover, other int }
	index := map[state]int{}
	var order []state
	var visit func(s state)
	visit = func(s state) {
		if _, ok := index[s]; ok || !finishes[s.mover] && !finishes[s.other] {
			return
		}
		index[s] = len(order)
		order = append(order, s)
		for roll := 1; roll <= rr.faces; roll++ {
			if _, to := rr.step(flat, s.mover, roll); to != last {
				visit(state{s.other, to})
			}
		}
	}
	visit(state{a, b})
	n := len(order)
	if n == 0 {
		return new(big.Rat), new(big.Rat)
	}
	// Unknowns 2i (W of state i) and 2i+1 (L of state i).
	m := make([][]*big.Rat, 2*n)
	for i := range m {
		m[i] = make([]*big.Rat, 2*n+1)
		for j := range m[i] {
			m[i][j] = new(big.Rat)
		}
		m[i][i].SetInt64(1)
	}
	share := big.NewRat(1, int64(rr.faces))
	for i, s := range order {
		for roll := 1; roll <= rr.faces; roll++ {
			_, to := rr.step(flat, s.mover, roll)
			if to == last {
				m[2*i][2*n].Add(m[2*i][2*n], share)
				continue
			}
			if k, ok := index[state{s.other, to}]; ok {
				m[2*i][2*k+1].Sub(m[2*i][2*k+1], share) // W ← L of the next state
				m[2*i+1][2*k].Sub(m[2*i+1][2*k], share) // L ← W of the next state
			}
		}
	}
	solveRat(m)
	return m[0][2*n], m[1][2*n]
}

// classifyFrom returns every square and those from which the last square
// can be reached, over all squares rather than those reached from the start.
func (rr refRules) classifyFrom(flat []int) (all, finishes map[int]bool) {
	last := len(flat) - 1
	all = map[int]bool{}
	for v := rr.start(); v <= last; v++ {
		all[v] = true
	}
	finishes = map[int]bool{last: true}
	for changed := true; changed; {
		changed = false
		for v := range all {
			for roll := 1; roll <= rr.faces && !finishes[v] && v != last; roll++ {
				if _, to := rr.step(flat, v, roll); finishes[to] {
					finishes[v], changed = true, true
				}
			}
		}
	}
	return all, finishes
}

// TestPropertyWinChancesFromExact compares two-player games in progress
// with the exact chances, on boards up to 3×3 under every rule set.
func TestPropertyWinChancesFromExact(t *testing.T) {
	t.Parallel()
	rapid.Check(t, func(t *rapid.T) {
		rr, r, b, flat := drawGame(t, 1, 3)
		last := len(flat) - 1
		a := rapid.IntRange(rr.start(), last).Draw(t, "a")
		c := rapid.IntRange(rr.start(), last).Draw(t, "c")
		got, err := r.WinChancesFrom(b, []int{a, c})
		if err != nil {
			t.Fatal(err)
		}
		var want [2]float64
		switch {
		case a == last:
			want = [2]float64{1, 0}
		case c == last:
			want = [2]float64{0, 1}
		default:
			w, l := rr.raceExact(flat, a, c)
			want[0], _ = w.Float64()
			want[1], _ = l.Float64()
		}
		for i := range want {
			if math.Abs(got[i]-want[i]) > 1e-12 {
				t.Fatalf("WinChancesFrom(%d, %d) = %v, exact %v", a, c, got, want)
			}
		}
	})
}

// TestWinChancesFromStart: every player on the start is WinChances.
func TestWinChancesFromStart(t *testing.T) {
	t.Parallel()
	rapid.Check(t, func(t *rapid.T) {
		rr, r, b, _ := drawGame(t, 2, 6)
		players := rapid.IntRange(1, 5).Draw(t, "players")
		squares := make([]int, players)
		for i := range squares {
			squares[i] = rr.start()
		}
		want, werr := r.WinChances(b, players)
		got, gerr := r.WinChancesFrom(b, squares)
		if (werr == nil) != (gerr == nil) || !cmp.Equal(want, got) {
			t.Fatalf("WinChances = %v, %v; WinChancesFrom the start = %v, %v", want, werr, got, gerr)
		}
	})
}

// TestMovingForwardHelps: on a board with no jumps, a player moved forward
// never has a lower chance to win.
func TestMovingForwardHelps(t *testing.T) {
	t.Parallel()
	for _, r := range []Rules{{}, {Overshoot: Finish}, {Faces: 3}} {
		b := mustJumps(t, 5, nil)
		for other := 1; other < 25; other += 3 {
			prev := -1.0
			for s := 1; s <= 25; s++ {
				chances, err := r.WinChancesFrom(b, []int{s, other})
				if err != nil {
					t.Fatal(err)
				}
				if chances[0] < prev-1e-12 {
					t.Errorf("%+v: player on %d (other on %d) has %v, less than %v one square back", r, s, other, chances[0], prev)
				}
				prev = chances[0]
			}
		}
	}
}

func TestWinChancesFromErrors(t *testing.T) {
	t.Parallel()
	b := Classic()
	for _, tc := range []struct {
		r       Rules
		squares []int
		want    string
	}{
		{Rules{}, nil, "snakes: no players: squares is empty"},
		{Rules{}, []int{1, 0}, "snakes: squares[1] is 0, want a square in 1..100"},
		{Rules{StartOffBoard: true}, []int{0, 101}, "snakes: squares[1] is 101, want a square in 0..100"},
		{Rules{}, []int{-5}, "snakes: squares[0] is -5, want a square in 1..100"},
	} {
		got, err := tc.r.WinChancesFrom(b, tc.squares)
		if got != nil || !errors.Is(err, ErrInvalidRules) || err.Error() != tc.want {
			t.Errorf("WinChancesFrom(%v) = %v, %v; want %q", tc.squares, got, err, tc.want)
		}
	}
}

// TestQuantileAgainstExact compares quantiles of the classic board with the
// exact distribution's.
func TestQuantileAgainstExact(t *testing.T) {
	t.Parallel()
	rr := refRules{faces: 6, offBoard: true}
	exact := rr.distribution(refFlat(Classic().Grid()), 400)
	r := rr.rules()
	for _, q := range []float64{0.01, 0.1, 0.5, 0.9, 0.99, 0.999} {
		cum, want := new(big.Rat), -1
		qr := new(big.Rat).SetFloat64(q)
		for turn, p := range exact {
			if cum.Add(cum, p); cum.Cmp(qr) >= 0 {
				want = turn
				break
			}
		}
		if got, err := r.Quantile(Classic(), q); err != nil || got != want {
			t.Errorf("Quantile(%v) = %v, %v; want %d", q, got, err, want)
		}
	}
	for _, q := range []float64{0, -1, 1.5, math.NaN(), math.Inf(1)} {
		if _, err := r.Quantile(Classic(), q); !errors.Is(err, ErrInvalidRules) {
			t.Errorf("Quantile(%v): %v, want ErrInvalidRules", q, err)
		}
	}
	// A board where only a third of games finish: no 0.5 quantile, a 0.3 one.
	third := mustJumps(t, 3, map[int]int{2: 9, 5: 3, 6: 3, 7: 3})
	if _, err := (Rules{Faces: 3}).Quantile(third, 0.5); !errors.Is(err, ErrNeverFinishes) {
		t.Errorf("Quantile(0.5) with a third finishing: %v, want ErrNeverFinishes", err)
	}
	if got, err := (Rules{Faces: 3}).Quantile(third, 0.3); err != nil || got != 1 {
		t.Errorf("Quantile(0.3) with a third finishing on turn 1: %v, %v", got, err)
	}
}
