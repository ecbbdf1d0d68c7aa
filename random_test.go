package snakes

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"

	"github.com/snakesladders/snakes/internal/linalg"
)

// This file tests random play's figures against the exact reference under
// every rule combination, on the classic board and on long tails, and
// Play's mean against the expectation.

// relClose reports whether got is within tol relative of want.
func relClose(got float64, want *big.Rat, tol float64) bool {
	w, _ := want.Float64()
	return math.Abs(got-w) <= tol*math.Abs(w)
}

// drawGame draws a board of side lo..hi and a rule set, and returns the
// rules in both readings, the board and the reference numbering.
func drawGame(t *rapid.T, lo, hi int) (refRules, Rules, *Board, []int) {
	grid := genGrid(lo, hi).Draw(t, "grid")
	rr := genRules().Draw(t, "rules")
	b, err := NewBoard(grid)
	if err != nil {
		t.Fatal(err)
	}
	return rr, rr.rules(), b, refFlat(grid)
}

// TestPropertyRulesAgainstExact checks every rule combination on random
// boards up to 6×6 against the exact rational answers and the reference
// relaxation.
func TestPropertyRulesAgainstExact(t *testing.T) {
	t.Parallel()
	rapid.Check(t, func(t *rapid.T) {
		rr, r, b, flat := drawGame(t, 1, 6)
		last := len(flat) - 1

		wantDist := rr.dist(flat)
		if diff := cmp.Diff(wantDist, r.Distances(b)); diff != "" {
			t.Fatalf("Distances (-reference +got):\n%s", diff)
		}
		if got := r.MinRolls(b); got != wantDist[last] {
			t.Fatalf("MinRolls = %d, reference %d", got, wantDist[last])
		}
		checkHousePath(t, refHouse{refRules: rr, dice: 1}, r, b, flat, wantDist[last])

		checkExpected(t, rr, r, b, flat)

		const maxTurns = 12
		dist, err := r.LengthDistribution(b, maxTurns)
		if err != nil {
			t.Fatal(err)
		}
		for turn, p := range rr.distribution(flat, maxTurns) {
			w, _ := p.Float64()
			if math.Abs(dist[turn]-w) > 1e-12 {
				t.Fatalf("LengthDistribution[%d] = %.17g, exact %s", turn, dist[turn], p.FloatString(20))
			}
		}

		rng := rand.New(rand.NewPCG(1, 2))
		for range 5 {
			checkGame(t, rr, flat, r.Play(b, rng, 50))
		}
	})
}

// checkExpected checks ExpectedTurns against the exact rational answer:
// within 1e-12 relative, or ErrNeverFinishes where the game may not end.
func checkExpected(t *rapid.T, rr refRules, r Rules, b *Board, flat []int) {
	want, finite := rr.expected(flat)
	got, err := r.ExpectedTurns(b)
	switch {
	case !finite:
		if !errors.Is(err, ErrNeverFinishes) {
			t.Fatalf("ExpectedTurns = %v, %v; want ErrNeverFinishes", got, err)
		}
	case err != nil:
		t.Fatalf("ExpectedTurns: %v; exact answer %s", err, want.FloatString(6))
	case !relClose(got, want, 1e-12):
		t.Fatalf("ExpectedTurns = %.17g, exact %s", got, want.FloatString(20))
	}
}

// checkGame checks that moves are legal one after another from the start.
func checkGame(t *rapid.T, rr refRules, flat []int, moves []Move) {
	last := len(flat) - 1
	at := rr.start()
	for i, m := range moves {
		if at == last {
			t.Fatalf("move %d after the game ended: %v", i, moves)
		}
		landed, to := rr.step(flat, at, m.Roll)
		if m.From != at || m.Roll < 1 || m.Roll > rr.faces || m.Landed != landed || m.To != to {
			t.Fatalf("move %d is illegal: %+v, want From %d Landed %d To %d", i, m, at, landed, to)
		}
		at = m.To
	}
}

func TestClassic(t *testing.T) {
	t.Parallel()
	b := Classic()
	r := Rules{StartOffBoard: true}
	if got := r.MinRolls(b); got != 7 {
		t.Errorf("fewest turns %d, want 7", got)
	}
	// Althoen, King and Schilling's exact expectation.
	paper, _ := new(big.Rat).SetString("225837582538403273407117496273279920181931269186581786048583/" +
		"5757472998140039232950575874628786131130999406013041613400")
	exact, ok := refRules{faces: 6, offBoard: true}.expected(refFlat(b.Grid()))
	if !ok || exact.Cmp(paper) != 0 {
		t.Errorf("reference solution %v, the paper has %v", exact, paper)
	}
	got, err := r.ExpectedTurns(b)
	if err != nil || !relClose(got, paper, 1e-12) {
		t.Errorf("ExpectedTurns = %.17g, %v; want %s", got, err, paper.FloatString(20))
	}
	dist, err := r.LengthDistribution(b, 60)
	if err != nil {
		t.Fatal(err)
	}
	for turn, p := range (refRules{faces: 6, offBoard: true}).distribution(refFlat(b.Grid()), 60) {
		if w, _ := p.Float64(); math.Abs(dist[turn]-w) > 1e-12 {
			t.Errorf("LengthDistribution[%d] = %.17g, exact %s", turn, dist[turn], p.FloatString(20))
		}
	}
	if rounds, turns, err := r.GameLength(b, 1); err != nil || !relClose(rounds, paper, 1e-12) || !relClose(turns, paper, 1e-12) {
		t.Errorf("GameLength(1) = %v, %v, %v; want both %s", rounds, turns, err, paper.FloatString(12))
	}
}

func TestPlayMeanMatchesExpectation(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		b    *Board
		r    Rules
	}{
		{"classic", Classic(), Rules{StartOffBoard: true}},
		{"example 1 bounce", mustBoard(t, example1), Rules{Overshoot: Bounce}},
		{"chained d4", mustBoard(t, randomGrid(8, 0.2, 7)), Rules{Faces: 4, Chain: true, Overshoot: Finish}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			want, err := tc.r.ExpectedTurns(tc.b)
			if err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(42, 43))
			const games = 20000
			var sum, sumSq float64
			for range games {
				moves := tc.r.Play(tc.b, rng, 1<<20)
				if last := moves[len(moves)-1].To; last != tc.b.Squares() {
					t.Fatalf("game ended on %d", last)
				}
				n := float64(len(moves))
				sum += n
				sumSq += n * n
			}
			mean := sum / games
			se := math.Sqrt((sumSq/games - mean*mean) / games)
			if math.Abs(mean-want) > 4*se {
				t.Errorf("mean of %d games %.3f, expected %.3f (standard error %.3f)", games, mean, want, se)
			}
		})
	}
}

func TestWinChances(t *testing.T) {
	t.Parallel()
	rapid.Check(t, func(t *rapid.T) {
		rr, r, b, flat := drawGame(t, 2, 6)
		exact, finite := rr.expected(flat)
		players := rapid.IntRange(2, 5).Draw(t, "players")
		if !finite {
			// Each player finishes with chance p, independently: someone
			// does with chance 1 − (1 − p)^players.
			p, _ := rr.finishChance(flat).Float64()
			for _, k := range []int{1, players} {
				chances, err := r.WinChances(b, k)
				if err != nil {
					t.Fatalf("WinChances(%d) on a trap board: %v", k, err)
				}
				sum := 0.0
				for _, c := range chances {
					sum += c
				}
				if want := 1 - math.Pow(1-p, float64(k)); math.Abs(sum-want) > 1e-12 {
					t.Fatalf("WinChances(%d) = %v sums to %.17g, want %.17g", k, chances, sum, want)
				}
			}
			if _, _, err := r.GameLength(b, players); !errors.Is(err, ErrNeverFinishes) {
				t.Fatalf("GameLength on a trap board: %v, want ErrNeverFinishes", err)
			}
			return
		}
		one, err := r.WinChances(b, 1)
		if err != nil || !cmp.Equal(one, []float64{1}) {
			t.Fatalf("WinChances(1) = %v, %v; want [1]", one, err)
		}
		chances, err := r.WinChances(b, players)
		if err != nil {
			t.Fatal(err)
		}
		sum := 0.0
		for i, p := range chances {
			sum += p
			// Moving earlier never hurts: the same dice would favour you.
			if i > 0 && p > chances[i-1]+1e-15 {
				t.Fatalf("player %d has %v > player %d's %v", i, p, i-1, chances[i-1])
			}
		}
		if math.Abs(sum-1) > 1e-12 {
			t.Fatalf("chances %v sum to %.17g", chances, sum)
		}
		rounds, turns, err := r.GameLength(b, 1)
		if err != nil || !relClose(rounds, exact, 1e-9) || !relClose(turns, exact, 1e-9) {
			t.Fatalf("GameLength(1) = %v, %v, %v; exact %s", rounds, turns, err, exact.FloatString(9))
		}
		// With more players the game ends no later than one player's would,
		// and a round has players turns but the last one.
		rounds, turns, err = r.GameLength(b, players)
		e, _ := exact.Float64()
		if err != nil || rounds > e*(1+1e-9) || turns > float64(players)*rounds+1e-9 || turns < float64(players)*(rounds-1)-1e-9 {
			t.Fatalf("GameLength(%d) = %v rounds, %v turns, %v; one player takes %v", players, rounds, turns, err, e)
		}
	})
}

func TestLengthDistributionTail(t *testing.T) {
	t.Parallel()
	rapid.Check(t, func(t *rapid.T) {
		_, r, b, _ := drawGame(t, 2, 8)
		const maxTurns = 400
		dist, err := r.LengthDistribution(b, maxTurns)
		if err != nil {
			t.Fatal(err)
		}
		sum := 0.0
		for _, p := range dist {
			if p < 0 {
				t.Fatalf("negative probability in %v", dist)
			}
			sum += p
		}
		if sum > 1+1e-12 {
			t.Fatalf("distribution sums to %.17g", sum)
		}
		// Markov's inequality: P(length > t) ≤ E/(t+1).
		if e, err := r.ExpectedTurns(b); err == nil && sum < 1-e/(maxTurns+1)-1e-12 {
			t.Fatalf("distribution sums to %v by turn %d, but the mean is %v", sum, maxTurns, e)
		}
	})
}

func TestFacesOneWalksEverySquare(t *testing.T) {
	t.Parallel()
	for n := 1; n <= 12; n++ {
		b := mustBoard(t, emptyGrid(n))
		r := Rules{Faces: 1}
		want := float64(n*n - 1)
		if e, err := r.ExpectedTurns(b); err != nil || e != want {
			t.Errorf("n=%d: ExpectedTurns = %v, %v; want %v", n, e, err, want)
		}
		dist, _ := r.LengthDistribution(b, n*n+1)
		if dist[n*n-1] != 1 {
			t.Errorf("n=%d: distribution %v, want all mass on turn %d", n, dist, n*n-1)
		}
		if m, err := r.MedianTurns(b); err != nil || m != n*n-1 {
			t.Errorf("n=%d: MedianTurns = %v, %v", n, m, err)
		}
		if m, err := r.ModeTurns(b); err != nil || m != n*n-1 {
			t.Errorf("n=%d: ModeTurns = %v, %v", n, m, err)
		}
	}
}

// TestMedianAndModeAgainstExact compares with the exact distribution.
func TestMedianAndModeAgainstExact(t *testing.T) {
	t.Parallel()
	rr := refRules{faces: 6, offBoard: true}
	exact := rr.distribution(refFlat(Classic().Grid()), 300)
	half := big.NewRat(1, 2)
	cum, median, mode := new(big.Rat), -1, 0
	for turn, p := range exact {
		cum.Add(cum, p)
		if median < 0 && cum.Cmp(half) >= 0 {
			median = turn
		}
		if p.Cmp(exact[mode]) > 0 {
			mode = turn
		}
	}
	r := rr.rules()
	if got, err := r.MedianTurns(Classic()); err != nil || got != median {
		t.Errorf("MedianTurns = %v, %v; want %d", got, err, median)
	}
	if got, err := r.ModeTurns(Classic()); err != nil || got != mode {
		t.Errorf("ModeTurns = %v, %v; want %d", got, err, mode)
	}
}

func TestChainStopsBeforeRevisiting(t *testing.T) {
	t.Parallel()
	// 3×3: squares 2→5, 5→4, 4→5 form a chain into a cycle. Landing on 2
	// takes the ladder to 5, the snake to 4, and stops there: 4's ladder
	// would return to 5, already passed in this roll.
	b, err := FromJumps(3, map[int]int{2: 5, 5: 4, 4: 5, 6: 6})
	if err != nil {
		t.Fatal(err)
	}
	r := Rules{Chain: true, Faces: 1}
	moves := r.Play(b, nil, 1)
	want := []Move{{From: 1, Roll: 1, Landed: 2, To: 4, Turn: 1}}
	if diff := cmp.Diff(want, moves); diff != "" {
		t.Errorf("chained move (-want +got):\n%s", diff)
	}
	// Without Chain the same roll ends on 5.
	if moves := (Rules{Faces: 1}).Play(b, nil, 1); moves[0].To != 5 {
		t.Errorf("unchained move %v, want To 5", moves)
	}
	// A jump to its own square has no effect, chained or not.
	for _, chain := range []bool{false, true} {
		dist := Rules{Chain: chain}.Distances(b)
		if dist[6] != 1 {
			t.Errorf("chain=%v: square 6 at %d rolls, want 1", chain, dist[6])
		}
	}
}

func TestTrapBoards(t *testing.T) {
	t.Parallel()
	// Square 5 is reachable and every roll from it lands on a snake to 5;
	// every way from square 1 leads there.
	b, err := FromJumps(3, map[int]int{6: 5, 7: 5, 8: 5, 9: -1})
	if err != nil {
		t.Fatal(err)
	}
	r := Rules{Faces: 3}
	if _, err := r.ExpectedTurns(b); !errors.Is(err, ErrNeverFinishes) {
		t.Errorf("ExpectedTurns: %v, want ErrNeverFinishes", err)
	}
	for name, f := range map[string]func() error{
		"GameLength":  func() error { _, _, err := r.GameLength(b, 2); return err },
		"MedianTurns": func() error { _, err := r.MedianTurns(b); return err },
		"ModeTurns":   func() error { _, err := r.ModeTurns(b); return err },
	} {
		if err := f(); !errors.Is(err, ErrNeverFinishes) {
			t.Errorf("%s: %v, want ErrNeverFinishes", name, err)
		}
	}
	if chances, err := r.WinChances(b, 2); err != nil || !cmp.Equal(chances, []float64{0, 0}) {
		t.Errorf("WinChances = %v, %v; want [0 0]: nobody can finish", chances, err)
	}
	// The distribution still exists; it just never reaches 9.
	dist, err := r.LengthDistribution(b, 10)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(make([]float64, 11), dist); diff != "" {
		t.Errorf("trap board distribution (-want +got):\n%s", diff)
	}
}

// TestHalfTrapped is a board where a two-faced die finishes on the first
// roll (a 1: square 2's ladder to the end) or traps the token for good (a 2:
// square 3, whose rolls both land on snakes back to 3), each with chance 1/2.
func TestHalfTrapped(t *testing.T) {
	t.Parallel()
	b, err := FromJumps(3, map[int]int{2: 9, 4: 3, 5: 3})
	if err != nil {
		t.Fatal(err)
	}
	r := Rules{Faces: 2}
	// The first player wins if it finishes at once; the second if the first
	// is trapped and it finishes at once.
	if chances, err := r.WinChances(b, 2); err != nil || !cmp.Equal(chances, []float64{0.5, 0.25}) {
		t.Errorf("WinChances = %v, %v; want [0.5 0.25]", chances, err)
	}
	if chances, err := r.WinChances(b, 1); err != nil || !cmp.Equal(chances, []float64{0.5}) {
		t.Errorf("WinChances(1) = %v, %v; want [0.5]", chances, err)
	}
	if m, err := r.MedianTurns(b); err != nil || m != 1 {
		t.Errorf("MedianTurns = %v, %v; want 1 (half the games end on turn 1)", m, err)
	}
	if m, err := r.ModeTurns(b); err != nil || m != 1 {
		t.Errorf("ModeTurns = %v, %v; want 1", m, err)
	}
	for name, f := range map[string]func() error{
		"ExpectedTurns": func() error { _, err := r.ExpectedTurns(b); return err },
		"GameLength":    func() error { _, _, err := r.GameLength(b, 2); return err },
	} {
		if err := f(); !errors.Is(err, ErrNeverFinishes) {
			t.Errorf("%s: %v, want ErrNeverFinishes", name, err)
		}
	}
	// A three-faced die on a board whose squares 3..7 trap the token: only
	// a first roll of 1 finishes, so a third of games do and no median exists.
	third, err := FromJumps(3, map[int]int{2: 9, 5: 3, 6: 3, 7: 3})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := (Rules{Faces: 3}).MedianTurns(third); !errors.Is(err, ErrNeverFinishes) {
		t.Errorf("MedianTurns with most games trapped: %v, want ErrNeverFinishes", err)
	}
}

func TestInvalidRules(t *testing.T) {
	t.Parallel()
	b := Classic()
	cases := []struct {
		r   Rules
		msg string
	}{
		{Rules{Faces: -1}, "snakes: Faces is -1, want 0 (meaning 6) or 1..65536"},
		{Rules{Faces: 1 << 20}, "snakes: Faces is 1048576, want 0 (meaning 6) or 1..65536"},
		{Rules{Overshoot: 3}, "snakes: Overshoot is 3, want Stay (0), Bounce (1) or Finish (2)"},
		{Rules{Dice: -1}, "snakes: Dice is -1, want 0 (meaning 1) or more"},
		{Rules{Dice: 20000}, "snakes: Dice is 20000 of 6 faces: totals up to 120000, over the bound of 65536"},
		{Rules{Dice: 100, Weights: []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64, 65, 66, 67, 68, 69, 70, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81, 82, 83, 84, 85, 86, 87, 88, 89, 90, 91, 92, 93, 94, 95, 96, 97, 98, 99, 100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111, 112, 113, 114, 115, 116, 117, 118, 119, 120, 121, 122, 123, 124, 125, 126, 127, 128}},
			"snakes: Dice is 100 of 128 faces: adding up their chances takes about 8.19e+07 steps, over the bound of 16777216"},
		{Rules{Weights: []int{1, -2, 3}}, "snakes: Weights[1] is -2, want 0 or more"},
		{Rules{Weights: []int{0, 0, 0}}, "snakes: Weights are all 0: no face can show"},
		// A throw draws from the weights' sum, which must not overflow.
		{Rules{Weights: []int{1<<63 - 1, 1<<63 - 1}}, "snakes: Weights[1] is 9223372036854775807, which brings the weights' sum past 2⁶³−1"},
		{Rules{Faces: 4, Weights: []int{1, 1, 1}}, "snakes: Faces is 4 beside 3 Weights, want 0 or 3"},
		{Rules{Enter: -6}, "snakes: Enter is -6, want 0 (no throw needed to enter) or a total the dice can show"},
		{Rules{Enter: 7}, "snakes: Enter is 7, a total the dice never show (they show 1..6)"},
		{Rules{Dice: 2, Enter: 1}, "snakes: Enter is 1, a total the dice never show (they show 2..12)"},
		{Rules{Weights: []int{1, 0, 1}, Again: 2}, "snakes: Again is 2, a total the dice never show (they show some of 1..3)"},
		{Rules{Again: -1}, "snakes: Again is -1, want 0 (no throw again) or a total the dice can show"},
		{Rules{Weights: []int{0, 0, 0, 0, 1}, Again: 5}, "snakes: Again is 5, the only total the dice show, with no AgainLimit: a turn would never end"},
		{Rules{Again: 6, AgainLimit: -1}, "snakes: AgainLimit is -1, want 0 (no limit) or 1..64"},
		{Rules{Again: 6, AgainLimit: 65}, "snakes: AgainLimit is 65, want 0 (no limit) or 1..64"},
		{Rules{AgainLimit: 3}, "snakes: AgainLimit is 3 but Again is 0: a limit needs a total that throws again"},
		{Rules{Again: 6, AgainLimit: 3, OnLimit: 2}, "snakes: OnLimit is 2, want VoidTurn (0) or BackToStart (1)"},
	}
	for _, tc := range cases {
		errs := map[string]error{"Validate": tc.r.Validate()}
		_, errs["ExpectedTurns"] = tc.r.ExpectedTurns(b)
		_, errs["LengthDistribution"] = tc.r.LengthDistribution(b, 3)
		_, errs["WinChances"] = tc.r.WinChances(b, 2)
		_, _, errs["GameLength"] = tc.r.GameLength(b, 2)
		_, errs["MedianTurns"] = tc.r.MedianTurns(b)
		_, errs["ModeTurns"] = tc.r.ModeTurns(b)
		for name, err := range errs {
			if !errors.Is(err, ErrInvalidRules) || err.Error() != tc.msg {
				t.Errorf("%+v %s: %v, want %q", tc.r, name, err, tc.msg)
			}
		}
		if tc.r.MinRolls(b) != -1 || tc.r.Distances(b) != nil || tc.r.Play(b, nil, 10) != nil {
			t.Errorf("%+v: searches answered", tc.r)
		}
		if path, ok := tc.r.ShortestPath(b); ok || path != nil {
			t.Errorf("%+v: ShortestPath answered", tc.r)
		}
		if gm, err := NewGame(b, tc.r, 2); gm != nil || !errors.Is(err, ErrInvalidRules) {
			t.Errorf("%+v: NewGame = %v, %v", tc.r, gm, err)
		}
	}
	if _, err := (Rules{}).WinChances(b, 0); !errors.Is(err, ErrInvalidRules) {
		t.Errorf("WinChances(0 players): %v", err)
	}
	if _, err := (Rules{}).LengthDistribution(b, -1); !errors.Is(err, ErrInvalidRules) {
		t.Errorf("LengthDistribution(-1): %v", err)
	}
	if _, err := (Rules{}).ExpectedTurns(nil); !errors.Is(err, ErrInvalidBoard) {
		t.Errorf("ExpectedTurns(nil): %v", err)
	}
	if got := Overshoot(7).String(); got != "Overshoot(7)" {
		t.Errorf("String = %q", got)
	}
	if got := Penalty(7).String(); got != "Penalty(7)" {
		t.Errorf("String = %q", got)
	}
}

// longGame is a board rapid once drew whose game lasts 72,670 turns on
// average under longRules: a token spends most of its time in a corner of
// snakes it rarely leaves.
var longGame = [][]int{
	{-1, 34, 2, -1, 26, 4},
	{-1, 3, -1, -1, 1, -1},
	{-1, -1, 6, 26, 2, -1},
	{-1, -1, 5, 9, 1, -1},
	{-1, 2, -1, -1, -1, -1},
	{-1, -1, -1, 4, 1, -1},
}

var longRules = Rules{Faces: 4, StartOffBoard: true, Overshoot: Finish, Chain: true}

// compensated sums xs without losing their last digits.
func compensated(xs []float64) float64 {
	var total linalg.Sum
	for _, x := range xs {
		total.Add(x)
	}
	return total.Value()
}

// TestLongGame checks the figures of a game of tens of thousands of turns,
// whose win chances once summed to 1 − 1.05e-12 from the rounding of
// millions of turns, against the exact rational answers.
func TestLongGame(t *testing.T) {
	t.Parallel()
	b := mustBoard(t, longGame)
	rr := refRules{faces: 4, offBoard: true, over: Finish, chain: true}
	exact, finite := rr.expected(refFlat(longGame))
	if !finite {
		t.Fatal("the reference says the game may not end")
	}
	e, err := longRules.ExpectedTurns(b)
	if err != nil || !relClose(e, exact, 1e-12) {
		t.Fatalf("ExpectedTurns = %v, %v; exact %s", e, err, exact.FloatString(6))
	}
	for players := 1; players <= 4; players++ {
		chances, err := longRules.WinChances(b, players)
		if err != nil {
			t.Fatal(err)
		}
		if s := compensated(chances); math.Abs(s-1) > 1e-12 {
			t.Errorf("WinChances(%d) = %v sums to 1 %+.3g", players, chances, s-1)
		}
	}
	// One player's game: GameLength reproduces the exact expectation, which
	// the race sums from the distribution and its geometric tail.
	rounds, turns, err := longRules.GameLength(b, 1)
	if err != nil || !relClose(rounds, exact, 1e-9) || !relClose(turns, exact, 1e-9) {
		t.Errorf("GameLength(1) = %v, %v, %v; exact %s", rounds, turns, err, exact.FloatString(6))
	}
	// The distribution's first turns, against the exact one.
	dist, err := longRules.LengthDistribution(b, 40)
	if err != nil {
		t.Fatal(err)
	}
	for turn, p := range rr.distribution(refFlat(longGame), 40) {
		if w, _ := p.Float64(); math.Abs(dist[turn]-w) > 1e-12 {
			t.Errorf("LengthDistribution[%d] = %.17g, exact %s", turn, dist[turn], p.FloatString(20))
		}
	}
	// Its whole mass, tail included, is 1.
	dist, err = longRules.LengthDistribution(b, 1e7)
	if err != nil {
		t.Fatal(err)
	}
	if s := compensated(dist); math.Abs(s-1) > 1e-9 {
		t.Errorf("LengthDistribution to 10⁷ turns sums to 1 %+.3g", s-1)
	}
}

// TestDocumentedEdges checks the edge cases the docs name: Distances of the
// off-board start under Enter, Play on a board whose start is its end, and
// the bound a refused quantile names.
func TestDocumentedEdges(t *testing.T) {
	t.Parallel()
	b := Classic()
	if d := (Rules{Enter: 6}).Distances(b); len(d) == 0 || d[0] != 0 {
		t.Errorf("Distances under Enter 6: index 0 is %v, want 0", d[:min(len(d), 1)])
	}
	if d := (Rules{}).Distances(b); d[0] != -1 {
		t.Errorf("Distances from square 1: index 0 is %d, want -1", d[0])
	}
	one := mustBoard(t, [][]int{{-1}})
	if moves := (Rules{}).Play(one, nil, 10); moves != nil {
		t.Errorf("Play on a 1×1 board: %v, want nil", moves)
	}
	if moves := (Rules{StartOffBoard: true}).Play(one, rand.New(rand.NewPCG(1, 2)), 1000); len(moves) == 0 || moves[len(moves)-1].To != 1 {
		t.Errorf("Play on a 1×1 board from off it: %v, want throws ending on square 1", moves)
	}
	// A pit on square 12, all of whose throws snake back to it: a quantile
	// above the chance of finishing is refused naming a bound no lower than
	// that chance.
	trap := mustJumps(t, 5, map[int]int{2: 12, 13: 12, 14: 12, 15: 12, 16: 12, 17: 12, 18: 12})
	p, err := (Rules{}).LengthDistribution(trap, 200)
	if err != nil {
		t.Fatal(err)
	}
	finish := 0.0
	for _, x := range p {
		finish += x
	}
	_, err = (Rules{}).Quantile(trap, 0.99)
	if !errors.Is(err, ErrNeverFinishes) || !strings.Contains(err.Error(), "at most") {
		t.Fatalf("Quantile(0.99) with a trap: %v", err)
	}
	var bound float64
	if _, scanErr := fmt.Sscanf(err.Error()[strings.Index(err.Error(), "at most ")+len("at most "):], "%g", &bound); scanErr != nil || bound < finish-1e-12 || bound >= 0.99 {
		t.Errorf("the refusal names %v as the bound; the chance of finishing is %v", bound, finish)
	}
}
