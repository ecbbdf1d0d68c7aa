// This file tests best play against the test's own reading of the rules:
// no choice does better than the one made (the equations of optimality,
// checked square by square), games played by the strategy (a Monte Carlo
// with its standard error), random play where nothing is chosen, the
// errors, the bounds, a fuzz target, and the benchmark against one
// ExpectedTurns.

package snakes

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/snakesladders/snakes/internal/boards"
)

// refStops is the test's own reading of a Choice: the squares a throw can
// stop on when it puts the token down on x, each jump it meets taken or
// declined where the choice allows. Under Chain a loop of jumps stops on
// the square before the one it would pass again, as refRules.step reads
// it.
func refStops(flat []int, x int, c Choice, chain bool) []int {
	var stops []int
	passed := map[int]bool{x: true}
	for {
		to := flat[x]
		if to == -1 || to == x || chain && passed[to] {
			return append(stops, x)
		}
		if to > x && c.DeclineLadders || to < x && c.DeclineSnakes {
			stops = append(stops, x)
		}
		if !chain {
			return append(stops, to)
		}
		x = to
		passed[x] = true
	}
}

// refDice is the dice a player picks from under rr and c.
func refDice(rr refRules, c Choice) []int {
	if len(c.Faces) > 0 {
		return c.Faces
	}
	return []int{rr.faces}
}

// refWorth is the expected turns of a turn from v with die d under the
// values e, each landing stopping where e is least: 1 plus the mean over
// the die's faces (a throw that does not move the token stays on v).
func refWorth(rr refRules, flat []int, c Choice, e []float64, v, d int) float64 {
	sum := 0.0
	for roll := 1; roll <= d; roll++ {
		r := rr
		r.faces = d
		landed, _ := r.step(flat, v, roll)
		if landed == v && v+roll > len(flat)-1 && rr.over == Stay {
			sum += e[v]
			continue
		}
		least := math.Inf(1)
		for _, s := range refStops(flat, landed, c, rr.chain) {
			least = min(least, e[s])
		}
		sum += least
	}
	return 1 + sum/float64(d)
}

// checkOptimal checks the equations of optimality on every square from
// which the strategy finishes: its value is the worth of its own die, and
// no die does better by more than 1e-9 relative; and the jumps it takes
// are those its values favour.
func checkOptimal(t *testing.T, rr refRules, flat []int, c Choice, s *Strategy) {
	t.Helper()
	e := s.ExpectedFrom()
	last := len(flat) - 1
	if e[last] != 0 {
		t.Fatalf("ExpectedFrom at the last square = %v, want 0", e[last])
	}
	for v := 0; v < last; v++ {
		if v == 0 && rr.start() != 0 {
			continue // square 0 is not played on
		}
		if math.IsNaN(e[v]) || e[v] < 1 {
			t.Fatalf("ExpectedFrom[%d] = %v", v, e[v])
		}
		if math.IsInf(e[v], 1) {
			continue
		}
		tol := 1e-9 * e[v]
		own := refWorth(rr, flat, c, e, v, s.Die(v))
		if math.Abs(own-e[v]) > tol {
			t.Fatalf("square %d: the strategy's die %d is worth %v, ExpectedFrom says %v", v, s.Die(v), own, e[v])
		}
		for _, d := range refDice(rr, c) {
			if w := refWorth(rr, flat, c, e, v, d); w < e[v]-tol {
				t.Fatalf("square %d: die %d is worth %v, better than the strategy's %v (die %d)", v, d, w, e[v], s.Die(v))
			}
		}
	}
	for x := 1; x < last; x++ {
		to := flat[x]
		if to == -1 || to == x || math.IsInf(e[x], 1) {
			continue
		}
		stay, take := e[x], math.Inf(1)
		for _, s := range refStops(flat, to, c, rr.chain) {
			take = min(take, e[s])
		}
		if !rr.chain {
			take = e[to]
		}
		declinable := to > x && c.DeclineLadders || to < x && c.DeclineSnakes
		switch {
		case !declinable && !s.Takes(x):
			t.Fatalf("square %d: a jump that may not be declined is declined", x)
		case declinable && s.Takes(x) && take > stay+1e-9*stay:
			t.Fatalf("square %d: takes a jump worth %v over staying, worth %v", x, take, stay)
		case declinable && !s.Takes(x) && stay > take+1e-9*take:
			t.Fatalf("square %d: declines a jump worth %v over staying, worth %v", x, take, stay)
		}
	}
}

// drawChoice draws a board of 2..sides+1 squares a side (nil where the
// grid drawn is not a board), rules of up to faces faces and a choice
// among up to dice dice of 1..faces+2 faces.
func drawChoice(t *testing.T, rng *rand.Rand, sides, faces, dice int) (*Board, [][]int, refRules, Choice) {
	grid := randomGrid(2+rng.IntN(sides), 0.2, rng.Uint64())
	rr := refRules{faces: 1 + rng.IntN(faces), offBoard: rng.IntN(2) == 0, over: Overshoot(rng.IntN(3)), chain: rng.IntN(3) == 0}
	c := Choice{DeclineLadders: rng.IntN(2) == 0, DeclineSnakes: rng.IntN(2) == 0}
	if rng.IntN(2) == 0 {
		c.Faces = rng.Perm(faces + 2)[:1+rng.IntN(dice)]
		for i := range c.Faces {
			c.Faces[i]++
		}
	}
	if !refValid(grid) {
		return nil, grid, rr, c
	}
	return mustBoard(t, grid), grid, rr, c
}

func TestBestPlayOptimal(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 35))
	checked := 0
	for range 300 {
		b, grid, rr, c := drawChoice(t, rng, 7, 8, 3)
		if b == nil {
			continue
		}
		s, err := rr.rules().BestPlay(context.Background(), b, c)
		if errors.Is(err, ErrNeverFinishes) || errors.Is(err, ErrInvalidRules) && rr.chain {
			continue // a loop of jumps under Chain may be refused
		}
		if err != nil {
			t.Fatalf("%v under %+v with %+v: %v", grid, rr, c, err)
		}
		checkOptimal(t, rr, refFlat(grid), c, s)
		checked++
	}
	if checked < 200 {
		t.Fatalf("only %d boards checked", checked)
	}
}

// TestBestPlayRandom checks that with nothing to choose the best play is
// random play, as ExpectedFrom's own solve gives it.
func TestBestPlayRandom(t *testing.T) {
	for seed := range uint64(20) {
		b := mustBoard(t, randomGrid(4+int(seed%7), 0.15, seed))
		r := Rules{StartOffBoard: seed%2 == 0, Overshoot: Overshoot(seed % 3), Faces: 1 + int(seed%6)}
		want, werr := r.ExpectedFrom(b)
		if werr != nil {
			t.Fatalf("seed %d: ExpectedFrom: %v", seed, werr)
		}
		s, err := r.BestPlay(context.Background(), b, Choice{})
		start := 1
		if r.StartOffBoard {
			start = 0
		}
		if errors.Is(err, ErrNeverFinishes) && math.IsInf(want[start], 1) {
			continue
		}
		if err != nil {
			t.Fatalf("seed %d: BestPlay %v, ExpectedFrom %v", seed, err, want[start])
		}
		got := s.ExpectedFrom()
		for v := range want {
			if v == 0 && !r.StartOffBoard {
				continue
			}
			if math.IsInf(want[v], 1) != math.IsInf(got[v], 1) || math.Abs(got[v]-want[v]) > 1e-9*want[v] {
				t.Fatalf("seed %d square %d: best play %v, random play %v", seed, v, got[v], want[v])
			}
		}
	}
}

// playBest plays one game of a token that follows s on b under Stay, from
// start, with its own reading of the moves, passed-over turns counted.
func playBest(rng *rand.Rand, b *Board, s *Strategy, start int) int {
	last := b.Squares()
	v, turns := start, 0
	for {
		turns++
		for {
			d := s.Die(v)
			t := v + 1 + rng.IntN(d)
			if t > last {
				break
			}
			v = t
			for {
				to, ok := b.Jump(v)
				if !ok || !s.Takes(v) {
					break
				}
				v = to
				if !s.r.Chain {
					break
				}
			}
			if v == last {
				return turns
			}
			if b.Effect(v) == MissTurn {
				turns++
			}
			if b.Effect(v) != ThrowAgain {
				break
			}
		}
	}
}

func TestBestPlayMonteCarlo(t *testing.T) {
	effects, err := Classic().WithEffects(map[int]Effect{5: MissTurn, 18: ThrowAgain, 44: MissTurn, 70: ThrowAgain})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		b    *Board
		c    Choice
	}{
		{"dice", Classic(), Choice{DeclineLadders: true, DeclineSnakes: true, Faces: []int{4, 6}}},
		{"effects", effects, Choice{DeclineSnakes: true}},
	} {
		r := Rules{StartOffBoard: true}
		s, err := r.BestPlay(context.Background(), tc.b, tc.c)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(1, 2))
		const games = 20000
		sum, sq := 0.0, 0.0
		for range games {
			k := float64(playBest(rng, tc.b, s, 0))
			sum, sq = sum+k, sq+k*k
		}
		mean := sum / games
		se := math.Sqrt((sq/games - mean*mean) / games)
		if z := (mean - s.ExpectedTurns()) / se; math.Abs(z) > 5 {
			t.Errorf("%s: games played by the strategy last %.4f ± %.4f turns, ExpectedTurns %.4f (z = %.1f)", tc.name, mean, se, s.ExpectedTurns(), z)
		}
		// Two players who follow it, the first to finish winning.
		wins, err := s.WinChances(context.Background(), 2)
		if err != nil {
			t.Fatal(err)
		}
		first := 0
		for range games {
			a, b := playBest(rng, tc.b, s, 0), playBest(rng, tc.b, s, 0)
			if a <= b {
				first++
			}
		}
		p := float64(first) / games
		if z := (p - wins[0]) / math.Sqrt(wins[0]*(1-wins[0])/games); math.Abs(z) > 5 {
			t.Errorf("%s: the first player won %.4f of games, WinChances %.4f (z = %.1f)", tc.name, p, wins[0], z)
		}
	}
}

func TestBestPlayErrors(t *testing.T) {
	ctx := context.Background()
	classic := Classic()
	again, _ := classic.WithEffects(map[int]Effect{30: ThrowAgain, 7: ThrowAgain})
	loop, _ := FromJumps(4, map[int]int{3: 9, 9: 3})
	trap, _ := FromJumps(3, map[int]int{8: 2, 7: 2, 6: 2, 5: 2, 4: 2, 3: 2})
	cases := []struct {
		r    Rules
		b    *Board
		c    Choice
		want error
		says string
	}{
		{Rules{}, nil, Choice{}, ErrInvalidBoard, "no squares"},
		{Rules{Faces: -1}, classic, Choice{}, ErrInvalidRules, "Faces is -1"},
		{Rules{Again: 6}, classic, Choice{}, ErrInvalidRules, "Again is 6"},
		{Rules{Again: 6, AgainLimit: 3}, classic, Choice{}, ErrInvalidRules, "Again is 6"},
		{Rules{Enter: 6}, classic, Choice{}, ErrInvalidRules, "Enter is 6"},
		{Rules{Dice: 2}, classic, Choice{}, ErrInvalidRules, "Dice is 2"},
		{Rules{Weights: []int{1, 2, 3}}, classic, Choice{Faces: []int{3}}, ErrInvalidRules, "Weights"},
		{Rules{}, again, Choice{Faces: []int{6, 4}}, ErrInvalidRules, "square 7 gives another throw"},
		{Rules{}, classic, Choice{Faces: []int{6, 0}}, ErrInvalidRules, "Choice.Faces[1] is 0"},
		{Rules{}, classic, Choice{Faces: []int{1 << 40}}, ErrInvalidRules, "Choice.Faces[0] is 1099511627776"},
		{Rules{}, classic, Choice{Faces: []int{-7}}, ErrInvalidRules, "Choice.Faces[0] is -7"},
		{Rules{}, classic, Choice{Faces: []int{4, 6, 4}}, ErrInvalidRules, "Choice.Faces[2] is 4, listed before"},
		{Rules{Chain: true}, loop, Choice{DeclineSnakes: true}, ErrInvalidRules, "square 3 comes back"},
		{Rules{}, trap, Choice{DeclineLadders: true}, ErrNeverFinishes, "square 1"},
		{Rules{}.WithMaxWork(1000), classic, Choice{Faces: []int{4, 6}}, ErrTooLarge, "over the bound of 1e+03"},
	}
	for _, tc := range cases {
		_, err := tc.r.BestPlay(ctx, tc.b, tc.c)
		if !errors.Is(err, tc.want) || !strings.Contains(fmt.Sprint(err), tc.says) {
			t.Errorf("%+v %+v: %v, want %v saying %q", tc.r, tc.c, err, tc.want, tc.says)
		}
	}
	// A snake that traps the token may be declined: the best play finishes.
	s, err := Rules{}.BestPlay(ctx, trap, Choice{DeclineSnakes: true})
	if err != nil || math.IsInf(s.ExpectedTurns(), 0) || s.Takes(8) {
		t.Errorf("a trap that may be declined: %v, %v", s, err)
	}
	// A chain of 90,000 jumps that may be declined, and a snake back from
	// the square before the last: the search for a strategy that finishes
	// follows each chain once a pass (a pass over every throw's whole
	// chain took half a minute). Climb to 89,998, step on, decline.
	long := map[int]int{300*300 - 1: 1}
	for k := 2; k <= 300*300-3; k++ {
		long[k] = k + 1
	}
	chained, err := FromJumps(300, long)
	if err != nil {
		t.Fatal(err)
	}
	if s, err := (Rules{Faces: 1, Chain: true}).BestPlay(ctx, chained, Choice{DeclineLadders: true, DeclineSnakes: true}); err != nil || s.ExpectedTurns() != 3 || s.Takes(300*300-1) {
		t.Errorf("a chain of 90,000 jumps: %v, want 3 turns declining the snake", err)
	}
	// Every die of 1..65536 faces: checked and indexed in time linear in
	// them, then refused by the bound on work.
	every := make([]int, 1<<16)
	for i := range every {
		every[i] = len(every) - i
	}
	if _, err := (Rules{}).WithMaxWork(1000).BestPlay(ctx, classic, Choice{Faces: every}); !errors.Is(err, ErrTooLarge) {
		t.Errorf("65536 dice within 1000 steps: %v", err)
	}
	done, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := (Rules{}).BestPlay(done, classic, Choice{DeclineLadders: true}); !errors.Is(err, context.Canceled) {
		t.Errorf("a cancelled context: %v", err)
	}
}

// FuzzBestPlay drives BestPlay with arbitrary boards, rules and choices:
// it never panics, every error wraps a sentinel, and every answer meets
// the equations of optimality.
func FuzzBestPlay(f *testing.F) {
	f.Add(encodeGrid(example1), 6, false, 0, false, byte(3), []byte{4, 6})
	f.Add(encodeGrid(walled), 3, true, 1, true, byte(2), []byte{})
	f.Add(encodeGrid(example2), 2, true, 2, false, byte(1), []byte{1, 2, 1})
	// A loop of jumps under Chain, and a die wider than the board.
	f.Add([]byte("01000000\x850\x83"), 24, false, 1, true, byte(0), []byte{32})
	f.Fuzz(func(t *testing.T, data []byte, faces int, offBoard bool, over int, chain bool, decline byte, dice []byte) {
		grid := decodeGrid(data)
		b, err := NewBoard(grid)
		if err != nil {
			if refValid(grid) || !errors.Is(err, ErrInvalidBoard) {
				t.Fatalf("NewBoard(%v): %v", grid, err)
			}
			return
		}
		c := Choice{DeclineLadders: decline&1 != 0, DeclineSnakes: decline&2 != 0}
		for _, d := range dice {
			c.Faces = append(c.Faces, int(d)-1)
		}
		r := Rules{Faces: faces, StartOffBoard: offBoard, Overshoot: Overshoot(over), Chain: chain}
		s, err := r.BestPlay(context.Background(), b, c)
		if err != nil {
			if !errors.Is(err, ErrInvalidRules) && !errors.Is(err, ErrNeverFinishes) && !errors.Is(err, ErrTooLarge) {
				t.Fatalf("%+v %+v: %v wraps no sentinel", r, c, err)
			}
			return
		}
		if faces < 1 || faces > 64 || over < 0 || over > 2 {
			return // answered; the test's model is for small dice
		}
		for _, d := range c.Faces {
			if d > 64 {
				return
			}
		}
		rr := refRules{faces: faces, offBoard: offBoard, over: Overshoot(over), chain: chain}
		checkOptimal(t, rr, refFlat(grid), c, s)
	})
}

// BenchmarkBestPlay measures BestPlay beside one ExpectedTurns on the same
// board and rules: the classic board and a 30×30 board of about 60 jumps,
// with every jump optional and dice of 4 or 6 faces.
func BenchmarkBestPlay(b *testing.B) {
	for _, tc := range []struct {
		name  string
		board *Board
	}{
		{"classic", Classic()},
		{"random30x30", mustBoard(b, boards.RandomGrid(30, 0.067, 5))},
	} {
		r := Rules{StartOffBoard: true}
		c := Choice{DeclineLadders: true, DeclineSnakes: true, Faces: []int{4, 6}}
		s, err := r.BestPlay(context.Background(), tc.board, c)
		if err != nil {
			b.Fatal(err)
		}
		b.Logf("%s: %.10f turns", tc.name, s.ExpectedTurns())
		b.Run(tc.name+"/ExpectedTurns", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				r.ExpectedTurns(tc.board)
			}
		})
		b.Run(tc.name+"/BestPlay", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				r.BestPlay(context.Background(), tc.board, c)
			}
		})
	}
}

// TestBestPlayBumpRace checks the race of two players who follow a best
// play under Bump against games played by Game, throw by throw, on the
// board without the jumps the strategy declines.
func TestBestPlayBumpRace(t *testing.T) {
	r := Rules{StartOffBoard: true, Bump: true}
	s, err := r.BestPlay(context.Background(), Classic(), Choice{DeclineSnakes: true, DeclineLadders: true})
	if err != nil {
		t.Fatal(err)
	}
	wins, err := s.WinChances(context.Background(), 2)
	if err != nil {
		t.Fatal(err)
	}
	jumps := map[int]int{}
	for v := 1; v < 100; v++ {
		if to, ok := Classic().Jump(v); ok && s.Takes(v) {
			jumps[v] = to
		}
	}
	played, err := FromJumps(10, jumps)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(3, 5))
	const games = 20000
	first := 0
	for range games {
		g, err := NewGame(played, r, 2)
		if err != nil {
			t.Fatal(err)
		}
		for g.Winner() < 0 {
			if _, err := g.Throw(rng); err != nil {
				t.Fatal(err)
			}
		}
		if g.Winner() == 0 {
			first++
		}
	}
	p := float64(first) / games
	if z := (p - wins[0]) / math.Sqrt(wins[0]*(1-wins[0])/games); math.Abs(z) > 5 {
		t.Errorf("the first player won %.4f of games played under Bump, WinChances %.4f (z = %.1f)", p, wins[0], z)
	}
}

// BenchmarkBestRace measures the race played to win on the classic board,
// dice of 4 or 6 faces, beside random play's race (WinChances).
func BenchmarkBestRace(b *testing.B) {
	r, c := Rules{StartOffBoard: true}, Choice{Faces: []int{4, 6}}
	b.Run("classic/WinChances", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			r.WinChances(Classic(), 2)
		}
	})
	b.Run("classic/BestRace", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			r.BestRace(context.Background(), Classic(), c)
		}
	})
}
