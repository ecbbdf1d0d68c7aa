package snakes

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"reflect"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/snakesladders/snakes/internal/model"
)

// This file tests Design: specs met from a fixed seed, determinism,
// unreachable targets, cancellation, spec errors, and the search's scores.

// printable checks the rules every designed board keeps, and the counts.
func printable(t *testing.T, s Spec, b *Board) {
	t.Helper()
	if b.Size() != s.Size {
		t.Fatalf("board is %d×%d, want %d×%d", b.Size(), b.Size(), s.Size, s.Size)
	}
	n, last := s.Size, s.Size*s.Size
	seen := map[int]bool{}
	ladders, snakes := 0, 0
	for from := 1; from <= last; from++ {
		to, ok := b.Jump(from)
		if !ok {
			continue
		}
		switch {
		case from == 1 || from == last:
			t.Fatalf("a jump starts on square %d", from)
		case seen[from] || seen[to]:
			t.Fatalf("jump %d→%d shares a square with another", from, to)
		case (from-1)/n == (to-1)/n:
			t.Fatalf("jump %d→%d starts and ends on the same row", from, to)
		case to > from:
			ladders++
		case to < from:
			snakes++
		default:
			t.Fatalf("jump %d→%d goes nowhere", from, to)
		}
		seen[from], seen[to] = true, true
	}
	if s.Jumps > 0 && ladders+snakes != s.Jumps || s.Jumps == 0 && (ladders != s.Ladders || snakes != s.Snakes) {
		t.Fatalf("%d ladders and %d snakes for %+v", ladders, snakes, s)
	}
}

// TestDesignMeetsSpecs designs boards for specs drawn from a fixed seed
// whose targets some board surely meets (the expectation of a random
// printable board), and checks that each is met, every rule of a printable
// board, and the expectation of what comes back. The search depends on the
// spec alone (seed included) and runs without a deadline, so that each
// design succeeds or fails the same way on any machine.
func TestDesignMeetsSpecs(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(7, 8))
	met := 0
	for i := range 12 {
		s := Spec{Size: 3 + rng.IntN(6), Seed: uint64(i), Tolerance: 1e-4}
		s.Rules = Rules{Faces: 2 + rng.IntN(5), StartOffBoard: rng.IntN(2) == 0, Overshoot: Overshoot(rng.IntN(3)), Chain: rng.IntN(2) == 0}
		room := s.Size * s.Size / 4
		if rng.IntN(2) == 0 {
			s.Jumps = 1 + rng.IntN(room)
		} else {
			s.Ladders, s.Snakes = rng.IntN(room/2+1), rng.IntN(room/2+1)
		}
		// A target some printable board meets: one the designer places.
		d := newDesigner(s, 99, math.Inf(1))
		if !d.place() {
			continue
		}
		e, err := s.Rules.ExpectedTurns(newBoard(s.Size, d.flatOf(d.from, d.to)))
		if err != nil {
			continue
		}
		s.Turns = e
		start := time.Now()
		b, err := Design(context.Background(), s)
		t.Logf("%+v: %v in %v", s, err, time.Since(start))
		if err != nil || b == nil {
			t.Fatalf("%+v: no board, %v", s, err)
		}
		printable(t, s, b)
		if got, gerr := s.Rules.ExpectedTurns(b); gerr != nil || math.Abs(got-s.Turns) > s.Tolerance {
			t.Fatalf("%+v: a board with %v, %v expected turns", s, got, gerr)
		}
		met++
	}
	if met < 8 {
		t.Errorf("%d of 12 specs designed: the seed draws too few that a board can meet", met)
	}
}

// TestDesignDeterministic: the same spec gives the same board, on one core
// or two.
func TestDesignDeterministic(t *testing.T) {
	s := Spec{Size: 10, Ladders: 5, Snakes: 5, Turns: 40, Tolerance: 1e-4, Seed: 3}
	var grids [][][]int
	for _, procs := range []int{2, 1, 2} {
		old := runtime.GOMAXPROCS(procs)
		b, err := Design(context.Background(), s)
		runtime.GOMAXPROCS(old)
		if err != nil {
			t.Fatal(err)
		}
		printable(t, s, b)
		grids = append(grids, b.Grid())
	}
	if !reflect.DeepEqual(grids[0], grids[1]) || !reflect.DeepEqual(grids[0], grids[2]) {
		t.Errorf("the same spec gave different boards:\n%v\n%v\n%v", grids[0], grids[1], grids[2])
	}
}

// TestDesignUnreachable asks for a game shorter than any board with two
// ladders can give: the closest board comes back with ErrNoDesign.
func TestDesignUnreachable(t *testing.T) {
	t.Parallel()
	s := Spec{Size: 10, Ladders: 2, Turns: 1.5}
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	b, err := Design(ctx, s)
	if !errors.Is(err, ErrNoDesign) || b == nil {
		t.Fatalf("Design = %v, %v; want the closest board and ErrNoDesign", b, err)
	}
	printable(t, s, b)
	e, _ := s.Rules.ExpectedTurns(b)
	t.Logf("closest: %v turns (%v)", e, err)
}

// TestDesignNoJumps: with no jumps there is one board, which meets the
// target or not.
func TestDesignNoJumps(t *testing.T) {
	t.Parallel()
	b, err := Design(context.Background(), Spec{Size: 3, Turns: 5})
	if !errors.Is(err, ErrNoDesign) || b == nil || b.Squares() != 9 {
		t.Errorf("Design = %v, %v; want the empty board and ErrNoDesign", b, err)
	}
	e, _ := Rules{}.ExpectedTurns(b)
	if b, err := Design(context.Background(), Spec{Size: 3, Turns: e}); err != nil || b == nil {
		t.Errorf("Design of the empty board's own expectation = %v, %v", b, err)
	}
}

// TestDesignStatesOnlyComputedFigures checks that when the closest board
// has no expected length (here the only board, on which a token can be
// trapped) the error says so rather than giving it a figure.
func TestDesignStatesOnlyComputedFigures(t *testing.T) {
	t.Parallel()
	s := Spec{Size: 3, Rules: Rules{Faces: 1, Dice: 2, Enter: 2, Overshoot: Bounce, StartOffBoard: true}, Turns: 5.39}
	_, want := s.Rules.ExpectedTurns(mustJumps(t, 3, nil))
	if !errors.Is(want, ErrNeverFinishes) {
		t.Fatalf("the board's ExpectedTurns: %v, want ErrNeverFinishes", want)
	}
	_, err := Design(context.Background(), s)
	if !errors.Is(err, ErrNoDesign) || !strings.Contains(err.Error(), "has no expected length: "+strings.TrimPrefix(want.Error(), "snakes: ")) || strings.Contains(err.Error(), "expected turns") {
		t.Fatalf("Design: %v, want ErrNoDesign saying the board has no expected length", err)
	}
}

func TestDesignCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	s := Spec{Size: 10, Jumps: 10, Turns: 66.978705, Tolerance: 1e-13}
	go func() {
		time.Sleep(50 * time.Millisecond)
		cancel()
	}()
	start := time.Now()
	b, err := Design(ctx, s)
	if d := time.Since(start); d > 150*time.Millisecond {
		t.Errorf("returned %v after the start, 50 ms after cancelling would be %v", d, 50*time.Millisecond)
	}
	if !errors.Is(err, ErrNoDesign) || b == nil {
		t.Errorf("Design = %v, %v; want the closest board and ErrNoDesign", b, err)
	}
}

func TestDesignSpecErrors(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		s    Spec
		want string
	}{
		{Spec{Size: 1, Turns: 5}, "snakes: Size is 1, want 2..100"},
		{Spec{Size: 10, Ladders: -1, Turns: 5}, "snakes: Ladders is -1, want 0 or more"},
		{Spec{Size: 10, Snakes: -2, Turns: 5}, "snakes: Snakes is -2, want 0 or more"},
		{Spec{Size: 10, Jumps: -3, Turns: 5}, "snakes: Jumps is -3, want 0 or more"},
		{Spec{Size: 10, Jumps: 3, Ladders: 1, Turns: 5}, "snakes: Jumps is 3 with Ladders 1 and Snakes 0; give either Jumps or Ladders and Snakes"},
		{Spec{Size: 3, Jumps: 5, Turns: 5}, "snakes: 0 ladders, 0 snakes and 5 jumps: more than a 3×3 board has room for, with every start and end on its own square"},
		{Spec{Size: 10, Turns: math.NaN()}, "snakes: Turns is NaN, want a finite number above 0"},
		{Spec{Size: 10, Turns: -4}, "snakes: Turns is -4, want a finite number above 0"},
		{Spec{Size: 10, Turns: math.Inf(1)}, "snakes: Turns is +Inf, want a finite number above 0"},
		{Spec{Size: 10, Turns: 5, Tolerance: -1}, "snakes: Tolerance is -1, want 0 (meaning 5e-7) or more"},
		{Spec{Size: 10, Turns: 5, Rules: Rules{Faces: -1}}, "snakes: Rules: Faces is -1, want 0 (meaning 6) or 1..65536"},
		{Spec{Size: 100, Turns: 5, Rules: Rules{Faces: 1000}}, "snakes: Size 100 with throws of totals up to 1000: about 10001000 throws a move, over the bound of 262144"},
	} {
		b, err := Design(context.Background(), tc.s)
		if b != nil || !errors.Is(err, ErrInvalidSpec) || err.Error() != tc.want {
			t.Errorf("Design(%+v) = %v, %v; want %q", tc.s, b, err, tc.want)
		}
	}
}

// TestRetargetScores checks the search's scores: moving a jump's end, as
// predicted from one solve, against a fresh solve of the moved board.
func TestRetargetScores(t *testing.T) {
	t.Parallel()
	s := Spec{Size: 8, Ladders: 4, Snakes: 4, Rules: Rules{Overshoot: Bounce}}
	d := newDesigner(s, 5, math.Inf(1))
	if !d.place() {
		t.Fatal("no room")
	}
	for j := range d.from {
		b := newBoard(s.Size, d.flatOf(d.from, d.to))
		g, _ := s.Rules.playable(b)
		f := &d.f
		f.Game = g
		f.Prepare(&f.Game, false)
		f.Solve(nil)
		t0 := append([]float64(nil), f.Values...)
		a, old := d.from[j], d.to[j]
		u := make([]float64, len(t0))
		for _, src := range model.RollsOnto(&f.Game, a, f.Ts, nil) {
			u[src.From] += src.P
		}
		f.Again(u, d.all, d.z)
		for c := int32(1); c <= d.last; c++ {
			if c == old || c == a || d.used[c] {
				continue
			}
			pred := t0[g.Start] + d.z[g.Start]*(t0[c]-t0[old])/(1+d.z[old]-d.z[c])
			d.to[j] = c
			want, err := s.Rules.ExpectedTurns(newBoard(s.Size, d.flatOf(d.from, d.to)))
			d.to[j] = old
			if err == nil && math.Abs(pred-want) > 1e-9*want {
				t.Fatalf("jump %d→%d moved to end on %d: predicted %.15g, solved %.15g", a, old, c, pred, want)
			}
		}
	}
}

// TestDesignHouseRules designs boards under house rules for targets a
// placed board meets: to five decimals where a turn is one throw (one
// solve scores every end), to three under Again (a solve an end). No
// deadline: the search is deterministic, so the test does not depend on
// the machine's speed.
func TestDesignHouseRules(t *testing.T) {
	for i, tc := range []struct {
		r         Rules
		tolerance float64
	}{
		{Rules{Dice: 2, Overshoot: Bounce}, 1e-5},
		{Rules{Weights: []int{1, 2, 3, 3, 2, 1}, Overshoot: Finish}, 1e-5},
		{Rules{Enter: 6, StartOffBoard: true}, 1e-5},
		{Rules{Enter: 6, Again: 6, AgainLimit: 3}, 1e-3},
	} {
		r := tc.r
		s := Spec{Size: 8, Ladders: 4, Snakes: 4, Rules: r, Seed: uint64(i), Tolerance: tc.tolerance}
		d := newDesigner(s, 99, math.Inf(1))
		if !d.place() {
			t.Fatal("no room")
		}
		e, err := r.ExpectedTurns(newBoard(s.Size, d.flatOf(d.from, d.to)))
		if err != nil {
			t.Fatal(err)
		}
		s.Turns = e
		start := time.Now()
		b, err := Design(context.Background(), s)
		t.Logf("%+v: %v in %v", r, err, time.Since(start))
		if err != nil {
			t.Fatalf("%+v: %v", s, err)
		}
		printable(t, s, b)
		exact, err := r.ExactExpectedTurns(b)
		if err != nil {
			t.Fatal(err)
		}
		if got, _ := exact.Float64(); math.Abs(got-s.Turns) > tc.tolerance {
			t.Fatalf("%+v: a board of %v expected turns", s, got)
		}
	}
}

// TestDesignStalls: a target no board of the jumps asked for can reach
// (one ladder cannot make a 6×6 game last 1000 turns) ends the search
// once it stops coming closer, long before its deadline, with the
// closest board.
func TestDesignStalls(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	start := time.Now()
	b, err := Design(ctx, Spec{Size: 6, Ladders: 1, Turns: 1000, Seed: 3})
	if b == nil || !errors.Is(err, ErrNoDesign) || !strings.Contains(err.Error(), "came no closer") || ctx.Err() != nil {
		t.Fatalf("Design = %v, %v after %v", b, err, time.Since(start))
	}
	t.Logf("gave up after %v: %v", time.Since(start), err)
}
