// This file tests the race played to win against the test's own reading
// of the rules: every pair's value meets the equations of the game (its
// die and its jumps the best), random play's race where nothing is
// chosen, games played by two players who follow it (a Monte Carlo with
// its standard error), and the errors.

package snakes

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

// refRaceStop is what stopping on s is worth to a mover whose throw put
// it down, the other on b, under win (the mover's chance on each pair):
// the test's own reading of the race and of Bump.
func refRaceStop(win func(a, b int) float64, s, b, last, start int, bump bool) float64 {
	if s == last {
		return 1
	}
	if bump && s == b {
		b = start
	}
	return 1 - win(b, s)
}

// checkRace checks every pair's value against the equations of the game:
// the mover's die is worth the value, no die is worth more (each landing
// stopping at its best), and each jump's choice is the better one.
func checkRace(t *testing.T, rr refRules, flat []int, c Choice, bump bool, rs *RaceStrategy) {
	t.Helper()
	last := len(flat) - 1
	win := func(a, b int) float64 { return rs.race.Win[a*last+b] }
	start := rr.start()
	worth := func(a, b, d int) float64 {
		sum := 0.0
		for roll := 1; roll <= d; roll++ {
			r := rr
			r.faces = d
			landed, _ := r.step(flat, a, roll)
			if a+roll > last && rr.over == Stay {
				sum += 1 - win(b, a)
				continue
			}
			best := math.Inf(-1)
			for _, s := range refStops(flat, landed, c, rr.chain) {
				best = max(best, refRaceStop(win, s, b, last, start, bump))
			}
			sum += best
		}
		return sum / float64(d)
	}
	for a := range last {
		for b := range last {
			w := win(a, b)
			if math.IsNaN(w) || w < -1e-12 || w > 1+1e-12 {
				t.Fatalf("pair (%d, %d): %v", a, b, w)
			}
			if own := worth(a, b, rs.Die(a, b)); math.Abs(own-w) > 1e-9 {
				t.Fatalf("pair (%d, %d): its die %d is worth %v, the value is %v", a, b, rs.Die(a, b), own, w)
			}
			for _, d := range refDice(rr, c) {
				if v := worth(a, b, d); v > w+1e-9 {
					t.Fatalf("pair (%d, %d): die %d is worth %v, more than the value %v", a, b, d, v, w)
				}
			}
		}
	}
	for x := 1; x < last; x++ {
		to := flat[x]
		if to == -1 || to == x || rr.chain {
			continue // under Chain, checked through the values above
		}
		declinable := to > x && c.DeclineLadders || to < x && c.DeclineSnakes
		for b := range last {
			stay, take := refRaceStop(win, x, b, last, start, bump), refRaceStop(win, to, b, last, start, bump)
			switch {
			case !declinable && !rs.Takes(x, b):
				t.Fatalf("square %d, the other on %d: a jump that may not be declined is declined", x, b)
			case declinable && rs.Takes(x, b) && stay > take+1e-9:
				t.Fatalf("square %d, the other on %d: takes a jump worth %v over staying, %v", x, b, take, stay)
			case declinable && !rs.Takes(x, b) && take > stay+1e-9:
				t.Fatalf("square %d, the other on %d: declines a jump worth %v over staying, %v", x, b, take, stay)
			}
		}
	}
}

func TestBestRaceOptimal(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 35))
	checked := 0
	for range 200 {
		b, grid, rr, c := drawChoice(t, rng, 5, 6, 2)
		if b == nil {
			continue
		}
		bump := rng.IntN(2) == 0
		r := rr.rules()
		r.Bump = bump
		// Under Bump two tokens may send each other back forever: such a
		// race never settles, and is refused at the bound on work.
		rs, err := r.WithMaxWork(1e7).BestRace(context.Background(), b, c)
		if errors.Is(err, ErrInvalidRules) && rr.chain || errors.Is(err, ErrTooLarge) || errors.Is(err, ErrNeverFinishes) {
			continue // a loop of jumps under Chain; a race that never settles; a trap
		}
		if err != nil {
			t.Fatalf("%v under %+v with %+v: %v", grid, rr, c, err)
		}
		checkRace(t, rr, refFlat(grid), c, bump, rs)
		checked++
	}
	if checked < 120 {
		t.Fatalf("only %d boards checked", checked)
	}
}

// TestBestRaceRandom checks that with nothing to choose the race played to
// win is random play's race, as WinChances gives it, under Bump too, and
// with squares that give another throw or cost a turn.
func TestBestRaceRandom(t *testing.T) {
	withEffects := 0
	for seed := range uint64(24) {
		b := mustBoard(t, randomGrid(3+int(seed%6), 0.15, seed))
		if seed >= 12 { // effects on two squares without a jump
			effects := map[int]Effect{}
			for s := 2; s < b.Squares() && len(effects) < 2; s++ {
				if _, ok := b.Jump(s); !ok && (s*7+int(seed))%5 == 0 {
					effects[s] = Effect(1 + len(effects)%2)
				}
			}
			var err error
			if b, err = b.WithEffects(effects); err != nil {
				t.Fatal(err)
			}
		}
		r := Rules{StartOffBoard: seed%2 == 0, Overshoot: Overshoot(seed % 3), Faces: 2 + int(seed%5), Bump: seed%3 == 0}
		want, werr := r.WinChances(b, 2)
		rs, err := r.BestRace(context.Background(), b, Choice{})
		if werr != nil || err != nil {
			continue // a game that may not end
		}
		if math.Abs(rs.FirstWins()-want[0]) > 1e-9 {
			t.Errorf("seed %d: FirstWins %v, WinChances %v", seed, rs.FirstWins(), want[0])
		}
		if len(b.Effects()) > 0 {
			withEffects++
		}
	}
	if withEffects < 6 {
		t.Errorf("only %d boards with effects compared", withEffects)
	}
}

// TestBestRaceMonteCarlo plays games of two players who follow the race
// played to win, with the test's own reading of the moves, square effects
// and Bump, and compares the first player's share with FirstWins.
func TestBestRaceMonteCarlo(t *testing.T) {
	effects, err := Classic().WithEffects(map[int]Effect{5: MissTurn, 18: ThrowAgain, 44: MissTurn, 70: ThrowAgain})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		b *Board
		r Rules
		c Choice
	}{
		{Classic(), Rules{StartOffBoard: true}, Choice{DeclineSnakes: true, Faces: []int{4, 6}}},
		{effects, Rules{StartOffBoard: true, Bump: true}, Choice{DeclineSnakes: true, DeclineLadders: true}},
	} {
		rs, err := tc.r.BestRace(context.Background(), tc.b, tc.c)
		if err != nil {
			t.Fatal(err)
		}
		last, top := tc.b.Squares(), int(rs.race.Top)
		// The die and the jumps of the mover's state: k is 1 where the
		// other's next turn is passed over.
		die := func(k, a, o int) int {
			if len(tc.c.Faces) == 0 {
				return 6
			}
			return int(rs.race.Die[k*top*top+a*top+o])
		}
		takes := func(k, x, o int) bool { return rs.race.Take[k*(top+1)*top+x*top+o] }
		rng := rand.New(rand.NewPCG(8, 9))
		const games = 20000
		first := 0
		for range games {
			pos, miss, mover := [2]int{0, 0}, [2]bool{}, 0
			for {
				if miss[mover] { // this turn is passed over
					miss[mover], mover = false, 1-mover
					continue
				}
				a, o := pos[mover], pos[1-mover]
				k := 0
				if miss[1-mover] {
					k = 1
				}
				s := a + 1 + rng.IntN(die(k, a, o))
				moved := s <= last // a throw past the end is not moved
				if !moved {
					s = a
				} else if to, ok := tc.b.Jump(s); ok && takes(k, s, o) {
					s = to
				}
				if s == last {
					break
				}
				if tc.r.Bump && moved && s == o {
					pos[1-mover] = 0
				}
				pos[mover] = s
				if moved && tc.b.Effect(s) == ThrowAgain {
					continue
				}
				if moved && tc.b.Effect(s) == MissTurn {
					miss[mover] = true
				}
				mover = 1 - mover
			}
			if mover == 0 {
				first++
			}
		}
		p := float64(first) / games
		if z := (p - rs.FirstWins()) / math.Sqrt(p*(1-p)/games); math.Abs(z) > 5 {
			t.Errorf("%+v: the first player won %.4f of games played to win, FirstWins %.4f (z = %.1f)", tc.r, p, rs.FirstWins(), z)
		}
	}
}

func TestBestRaceErrors(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		r    Rules
		b    *Board
		c    Choice
		want error
		says string
	}{
		{Rules{}, nil, Choice{}, ErrInvalidBoard, "no squares"},
		{Rules{Again: 6}, Classic(), Choice{}, ErrInvalidRules, "Again is 6"},
		{Rules{}, Classic(), Choice{Faces: []int{0}}, ErrInvalidRules, "Choice.Faces[0] is 0"},
		{Rules{}.WithMaxWork(200000), Classic(), Choice{Faces: []int{4, 6}}, ErrTooLarge, "a sweep of the race brings its work to"},
		{Rules{}.WithMaxBytes(1 << 20), mustBoard(t, emptyGrid(40)), Choice{}, ErrTooLarge, "the race of two players on 1600 squares needs"},
		// Refused before its tables are made: the first sweep's work is
		// known.
		{Rules{}.WithMaxWork(1e6), mustBoard(t, emptyGrid(40)), Choice{Faces: []int{4, 6}}, ErrTooLarge, "a sweep of the race brings its work to 1.05e+08"},
		// Under Bump, play to win that can send both tokens back for ever:
		// a one-faced die off the board onto the other, and a race whose
		// players can each hold off the other's win.
		{Rules{StartOffBoard: true, Overshoot: Finish, Bump: true}, mustJumps(t, 3, map[int]int{3: 7}), Choice{Faces: []int{1, 2}}, ErrNeverFinishes, "from a token on 0 and the other on 1"},
		{Rules{Chain: true, Bump: true}, mustJumps(t, 3, map[int]int{3: 8, 4: 3}), Choice{DeclineLadders: true, Faces: []int{1, 2}}, ErrNeverFinishes, "may never finish"},
	} {
		_, err := tc.r.BestRace(ctx, tc.b, tc.c)
		if !errors.Is(err, tc.want) || !strings.Contains(fmt.Sprint(err), tc.says) {
			t.Errorf("%+v %+v: %v, want %v saying %q", tc.r, tc.c, err, tc.want, tc.says)
		}
	}
	done, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := (Rules{}).BestRace(done, Classic(), Choice{}); !errors.Is(err, context.Canceled) {
		t.Errorf("a cancelled context: %v", err)
	}
}
