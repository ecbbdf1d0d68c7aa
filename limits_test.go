package snakes

import (
	"context"
	"errors"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/snakesladders/snakes/internal/boards"
	"github.com/snakesladders/snakes/internal/model"
	"github.com/snakesladders/snakes/internal/solve"
)

// This file tests the bounds (ErrTooLarge up front and by the work
// counted) and holds the helpers that tune a Rules value's limits for a
// test (tuned, bySweeps, byBand).

// TestTooLarge checks that requests beyond the bounds are refused with
// ErrTooLarge, promptly and with a message naming the request and bound,
// instead of taking the process down.
func TestTooLarge(t *testing.T) {
	b := Classic()
	loaded := boards.Loaded(65536)
	r := Rules{StartOffBoard: true}
	for _, tc := range []struct {
		name string
		call func() error
		want string
	}{
		{"LengthDistribution", func() error { _, err := r.LengthDistribution(b, 1<<34); return err },
			"snakes: the length distribution to turn 17179869184 needs 128 GiB of memory, over the bound of 2 GiB (MaxBytes)"},
		{"WinChances", func() error { _, err := r.WinChances(b, 1<<31); return err },
			"snakes: players is 2147483648, over the bound of 1048576"},
		{"GameLength", func() error { _, _, err := r.GameLength(b, 1<<31); return err },
			"snakes: players is 2147483648, over the bound of 1048576"},
		{"ExpectedTurns with a huge die", func() error {
			_, err := Rules{Faces: 65536}.ExpectedTurns(mustJumps(t, 1000, map[int]int{999_999: 2}))
			return err
		}, "snakes: taking every turn (throws of totals up to 65536) from 1000000 squares takes about 1.05e+12 steps, over the bound of 2.15e+09 (MaxWork)"},
		{"Jumps past the structured solve", func() error {
			snakes := map[int]int{}
			for s := 9; s < 200*200; s += 3 {
				snakes[s] = s - 7 // 13,331 squares that moves go back to
			}
			_, err := Rules{}.Jumps(mustJumps(t, 200, snakes))
			return err
		}, "snakes: the jumps of a board with 13331 squares that moves go back to take about 3.2e+12 multiply-adds, over Jumps' bound of 1.72e+10"},
		{"Jumps past the structured solve, its work", func() error {
			snakes := map[int]int{}
			for s := 9; s < 100*100; s += 3 {
				snakes[s] = s - 7
			}
			_, err := tuned(Rules{}, func(l *model.Limits) { l.JumpsWork = 1e9 }).Jumps(mustJumps(t, 100, snakes))
			return err
		}, "snakes: the jumps of a board with 3331 squares that moves go back to take about 5.17e+10 multiply-adds, over Jumps' bound of 1e+09"},
		// A fair die walks by intervals (TestFairWalkWide); two dice by their
		// table of turns, whose size and work grow with the faces: its work,
		// known before it starts, then its memory, taken before the table is
		// made.
		{"LengthDistribution with huge dice", func() error {
			_, err := Rules{Dice: 2, Faces: 2048}.LengthDistribution(mustJumps(t, 1000, nil), 10)
			return err
		}, "snakes: taking every turn (throws of totals up to 4096) from 1000000 squares takes about 6.55e+10 steps, over the bound of 2.15e+09 (MaxWork)"},
		{"LengthDistribution with huge dice, its memory", func() error {
			_, err := Rules{Dice: 2, Faces: 2048}.WithMaxWork(1<<40).LengthDistribution(mustJumps(t, 1000, nil), 10)
			return err
		}, "snakes: the turns of 1000000 squares needs 61 GiB of memory, over the bound of 2 GiB (MaxBytes)"},
		// The memory bound is on what a call holds at once: the insights'
		// tables each fit 18 MiB, the chain and they together do not.
		{"ExpectedFrom past the memory its tables hold together", func() error {
			_, err := Rules{}.WithMaxBytes(18 << 20).ExpectedFrom(mustJumps(t, 300, nil))
			return err
		}, "snakes: the insights on 90000 squares needs 3.43 MiB of memory, 18.5 MiB with the call's other tables, over the bound of 18 MiB"},
		{"Visits with a huge die, Bounce", func() error {
			_, err := Rules{Faces: 65536, Overshoot: Bounce}.Visits(mustJumps(t, 100, nil))
			return err
		}, "snakes: classifying 10000 squares under throws of totals up to 65536 takes about 1.31e+10 steps, over the bound of 2.15e+09 (MaxWork)"},
		{"WinChances with a huge loaded die", func() error {
			_, err := Rules{Weights: loaded}.WinChances(mustJumps(t, 100, nil), 2)
			return err
		}, "snakes: taking every turn (throws of totals up to 65536) from 10000 squares takes about 1.05e+10 steps, over the bound of 2.15e+09 (MaxWork)"},
		{"Quantile with a huge loaded die, Bounce", func() error {
			_, err := Rules{Weights: loaded, Overshoot: Bounce}.Quantile(mustJumps(t, 100, nil), 0.5)
			return err
		}, "snakes: taking every turn (throws of totals up to 65536) from 10000 squares takes about 1.05e+10 steps, over the bound of 2.15e+09 (MaxWork)"},
	} {
		start := time.Now()
		err := tc.call()
		if !errors.Is(err, ErrTooLarge) || err.Error() != tc.want {
			t.Errorf("%s: %v\nwant %q", tc.name, err, tc.want)
		}
		if d := time.Since(start); d > time.Second {
			t.Errorf("%s: refused after %v, want at once", tc.name, d)
		}
	}
}

// TestPlayCapped plays on a board that traps the token for good: the game
// stops at the cap instead of filling memory.
func TestPlayCapped(t *testing.T) {
	t.Parallel()
	const cap = 1000 // the default cap's own size would cost seconds under the race detector
	b := mustJumps(t, 3, map[int]int{6: 5, 7: 5, 8: 5})
	moves := tuned(Rules{Faces: 3}, func(l *model.Limits) { l.Play = cap }).Play(b, nil, 1<<40)
	if len(moves) != cap {
		t.Fatalf("%d moves, want the cap of %d", len(moves), cap)
	}
	if last := moves[len(moves)-1]; last.To != 5 {
		t.Errorf("last move %+v, want the token held on square 5", last)
	}
}

func TestParseBoardLimit(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		json string
		max  int
		want string
	}{
		{`{"size": 46340}`, 1e8, "snakes: the board is 46340×46340, 2147395600 squares, over the limit of 100000000"},
		{`[[-1,-1,-1],[-1,-1,-1],[-1,-1,-1]]`, 8, "snakes: the board is 3×3, 9 squares, over the limit of 8"},
	} {
		b, err := ParseBoardLimit([]byte(tc.json), tc.max)
		if b != nil || !errors.Is(err, ErrTooLarge) || err.Error() != tc.want {
			t.Errorf("ParseBoardLimit(%s, %d) = %v, %v; want %q", tc.json, tc.max, b, err, tc.want)
		}
	}
	if b, err := ParseBoardLimit([]byte(`{"size": 3, "jumps": {"2": 8}}`), 9); err != nil || b.Squares() != 9 {
		t.Errorf("a board at the limit: %v, %v", b, err)
	}
}

// TestLongGameTooLong checks that a game too long to follow within the
// work bound is ErrTooLarge, not ErrNeverFinishes: it does finish. On a
// 100×100 board with a one-faced die a game takes 9,999 turns, and each
// turn visits every square; the bound is lowered to 10⁶ steps so that the
// test is quick, and every walk must stop there.
func TestLongGameTooLong(t *testing.T) {
	t.Parallel()
	b := mustJumps(t, 100, nil)
	r := tuned(Rules{Faces: 1}, func(l *model.Limits) { l.Work = 1e6 })
	for name, call := range map[string]func() error{
		"MedianTurns":        func() error { _, err := r.MedianTurns(b); return err },
		"ModeTurns":          func() error { _, err := r.ModeTurns(b); return err },
		"WinChances":         func() error { _, err := r.WinChances(b, 2); return err },
		"GameLength":         func() error { _, _, err := r.GameLength(b, 2); return err },
		"LengthDistribution": func() error { _, err := r.LengthDistribution(b, 20000); return err },
	} {
		err := call()
		// The races are refused before they start, from the expected length.
		if !errors.Is(err, ErrTooLarge) || errors.Is(err, ErrNeverFinishes) ||
			!strings.Contains(err.Error(), "games last too long to evaluate") && !strings.Contains(err.Error(), "following a race of 2 players for about 1e+04 turns") {
			t.Errorf("%s: %v, want ErrTooLarge", name, err)
		}
	}
	// The expectation needs no walk: one sweep gives it exactly.
	if e, err := r.ExpectedTurns(b); err != nil || e != 9999 {
		t.Errorf("ExpectedTurns = %v, %v; want 9999", e, err)
	}
}

// tuned returns r with its limits (rules.go) changed by tune, for calls
// on that value alone, so that tests that tune run in parallel.
func tuned(r Rules, tune func(*model.Limits)) Rules {
	l := r.limitsCopy()
	tune(l)
	r.lim = l
	return r
}

// bySweeps returns r made to use the bounded-memory solve on every board.
func bySweeps(r Rules) Rules {
	return tuned(r, func(l *model.Limits) { l.DenseUpTo, l.BandUpTo = -1, -1 })
}

// byBand returns r made to use the banded elimination (choose.go) on every
// board, for ExpectedTurns and the insights.
func byBand(r Rules) Rules {
	return tuned(r, func(l *model.Limits) { l.DenseUpTo, l.BandUpTo = -1, math.Inf(1) })
}

// asIs returns r as it is.
func asIs(r Rules) Rules { return r }

// TestExactTooLong checks that ExactExpectedTurns' estimate refuses, before
// any arithmetic, the boards whose fractions would take 10 s to minutes
// here (32×32, 5% random jumps: 12 s under a die of 12 faces, 101 s under
// a die loaded a million to one), and lets through one that takes a
// fraction of a second.
func TestExactTooLong(t *testing.T) {
	b32, b16 := mustBoard(t, randomGrid(32, 0.05, 3)), mustBoard(t, randomGrid(16, 0.05, 3))
	for _, r := range []Rules{{Faces: 12}, {Weights: []int{1, 1000, 1000000, 3, 5, 7}}} {
		start := time.Now()
		_, err := r.ExactExpectedTurns(b32)
		if !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "exact arithmetic on 1024 squares with 26 squares that moves go back to takes about") {
			t.Errorf("%+v: %v, want the estimate's refusal", r, err)
		}
		if d := time.Since(start); d > time.Second {
			t.Errorf("%+v: refused after %v", r, d)
		}
	}
	exact, err := Rules{}.ExactExpectedTurns(b16)
	if err != nil {
		t.Fatal(err)
	}
	e, err := Rules{}.ExpectedTurns(b16)
	if err != nil {
		t.Fatal(err)
	}
	if f, _ := exact.Float64(); math.Abs(f-e) > 1e-9*e {
		t.Errorf("16×16: exact %v, float %v", f, e)
	}
}

// TestWithMaxWork checks that a work bound of the caller's refuses past
// it, names itself, leaves the answers within it as they were, and keeps
// a memory bound set before it.
func TestWithMaxWork(t *testing.T) {
	b := Classic()
	r := Rules{StartOffBoard: true}
	want, err := r.ExpectedTurns(b)
	if err != nil {
		t.Fatal(err)
	}
	small := r.WithMaxWork(1 << 20)
	if got, err := small.ExpectedTurns(b); err != nil || got != want {
		t.Errorf("ExpectedTurns within a bound of 2²⁰ steps: %v, %v; want %v", got, err, want)
	}
	// A die whose 1 comes up once in 5·10⁹ throws: 1.57e9 turns to follow.
	long := Rules{StartOffBoard: true, Weights: []int{1, 1e9, 1e9, 1e9, 1e9, 1e9}}
	_, err = long.WithMaxWork(1 << 20).ModeTurns(b)
	if !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "over 1.05e+06 steps") || strings.Contains(err.Error(), "MaxWork") {
		t.Errorf("ModeTurns of a long game within 2²⁰ steps: %v", err)
	}
	empty := mustJumps(t, 100, nil)
	for _, steps := range []int64{0, -1, MaxWork} {
		_, err := Rules{Faces: 65536}.WithMaxWork(steps).ExpectedTurns(empty)
		if !errors.Is(err, ErrTooLarge) || !strings.HasSuffix(err.Error(), "over the bound of 2.15e+09 (MaxWork)") {
			t.Errorf("WithMaxWork(%d): %v, want the package's bound", steps, err)
		}
	}
	_, err = Rules{}.WithMaxBytes(1<<20).WithMaxWork(1<<40).LengthDistribution(empty, 1<<20)
	if !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "over the bound of 1 MiB") {
		t.Errorf("a memory bound before a work bound: %v", err)
	}
}

// TestFewestSweeps checks that a solve by GMRES whose fewest passes over
// the turns would pass the work bound is refused before the first: an
// empty 100×100 board under a die of 300 faces and Bounce (3·10⁶ turn
// ends), sent to GMRES, with a bound between what comes before the solve
// (4.8·10⁷ steps of compiling) and that plus seven passes. Under a die
// one face of which never shows the structured elimination passes over
// the turns first, and counts.
func TestFewestSweeps(t *testing.T) {
	b := mustJumps(t, 100, nil)
	for _, tc := range []struct {
		name  string
		bound float64
		call  func(Rules) error
	}{
		{"ExpectedTurns", 6.1e7, func(r Rules) error { _, err := r.ExpectedTurns(b); return err }},
		{"Variance", 6.1e7, func(r Rules) error { _, err := r.Variance(b); return err }},
		{"Visits", 6.1e7, func(r Rules) error { _, err := r.Visits(b); return err }},
	} {
		err := tc.call(bySweeps(Rules{Faces: 300, Overshoot: Bounce}.WithMaxWork(int64(tc.bound))))
		if !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "solving the equations of 10000 squares takes at least") {
			t.Errorf("%s: %v, want the fewest passes' refusal", tc.name, err)
		}
	}
	// ExpectedTurns' passes over the turns alone: 4.8·10⁷ steps under one
	// die, twice that under a die of 300 faces whose 2 never shows.
	gap := make([]int, 300)
	for i := range gap {
		gap[i] = 1
	}
	gap[1] = 0
	for _, tc := range []struct {
		r     Rules
		bound float64
		want  string
	}{
		{Rules{Faces: 300, Overshoot: Bounce}, 4e7, "snakes: taking every turn (throws of totals up to 300) from 10000 squares takes about 4.8e+07 steps, over the bound of 4e+07"},
		{Rules{Weights: gap, Overshoot: Bounce}, 9e7, "snakes: taking every turn (throws of totals up to 300) from 10000 squares twice, to find the squares that moves go back to and to solve for them, takes about 9.6e+07 steps, over the bound of 9e+07"},
	} {
		_, err := bySweeps(tc.r.WithMaxWork(int64(tc.bound))).ExpectedTurns(b)
		if err == nil || err.Error() != tc.want {
			t.Errorf("%v within %.2g steps: %v, want %q", tc.r, tc.bound, err, tc.want)
		}
	}
}

// TestStructuredPastItsWork checks that a board whose structured
// elimination is over the work bound goes to the band, which gives the
// structured elimination's figures: a 30×30 board of 60 short snakes
// under a die of 400 faces, with a bound between the band's work and the
// structured elimination's.
func TestStructuredPastItsWork(t *testing.T) {
	t.Parallel()
	jumps := map[int]int{}
	for s := 30; len(jumps) < 60; s += 13 {
		jumps[s] = s - 9
	}
	b := mustJumps(t, 30, jumps)
	r := Rules{Faces: 400, Overshoot: Finish}
	g, err := r.playable(b)
	if err != nil {
		t.Fatal(err)
	}
	bound := solve.StructuredWork(&g, 60) - 1 // 60 unknowns: one a snake
	if band := g.CompileWork() + solve.BandReach(&g, context.Background()); band > bound {
		t.Fatalf("the band's least work %.3g is over the bound %.3g", band, bound)
	}
	past := r.WithMaxWork(int64(bound))
	for _, fig := range []struct {
		name string
		call func(Rules) (float64, error)
	}{
		{"ExpectedTurns", func(r Rules) (float64, error) { return r.ExpectedTurns(b) }},
		{"Variance", func(r Rules) (float64, error) { return r.Variance(b) }},
		{"ExpectedFrom", func(r Rules) (float64, error) {
			e, err := r.ExpectedFrom(b)
			if err != nil {
				return 0, err
			}
			return e[500], nil
		}},
	} {
		want, err := fig.call(r)
		if err != nil {
			t.Fatalf("%s: %v", fig.name, err)
		}
		got, err := fig.call(past)
		if err != nil {
			t.Fatalf("%s within %.3g steps: %v", fig.name, bound, err)
		}
		if math.Abs(got-want) > 1e-12*want {
			t.Errorf("%s: %v by the band, %v by the structured elimination", fig.name, got, want)
		}
	}
	f, _, err := solve.Insight(context.Background(), past.spec(), b.squares())
	if err != nil {
		t.Fatal(err)
	}
	defer f.Release()
	if f.Dense() {
		t.Errorf("the structured elimination still chosen within %.3g steps", bound)
	}
}

// TestBoundsAgree checks that the bounds the package documents are those
// the engine's default limits hold.
func TestBoundsAgree(t *testing.T) {
	if model.MaxBytes != MaxBytes || model.MaxWork != MaxWork {
		t.Fatalf("the model's bounds %d bytes and %d steps, the package's %d and %d", model.MaxBytes, model.MaxWork, MaxBytes, MaxWork)
	}
	if l := model.DefaultLimits; l.Bytes != MaxBytes || l.Work != MaxWork {
		t.Fatalf("the default limits hold %v bytes and %v steps, want %d and %d", l.Bytes, l.Work, MaxBytes, MaxWork)
	}
}
