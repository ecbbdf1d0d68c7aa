package snakes_test

// This file holds the figures on boards with square effects against the
// independent oracle of effects_oracle_test.go: exact rationals on small
// random boards under random rules, the length distribution turn by turn,
// and Monte Carlo runs of played games with their standard errors.

import (
	"encoding/json"
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"pgregory.net/rapid"

	"github.com/snakesladders/snakes"
)

// effectCase is a small board with effects and rules, in both the
// library's terms and the oracle's.
type effectCase struct {
	n            int
	jump, effect []int
	b            *snakes.Board
	r            snakes.Rules
	o            oracleRules
}

// drawEffectCase draws a board of 2..5 squares a side with a few jumps and
// effects, and rules among the house rules effects meet.
func drawEffectCase(t *rapid.T) effectCase {
	n := rapid.IntRange(2, 5).Draw(t, "n")
	last := n * n
	c := effectCase{n: n, jump: make([]int, last+1), effect: make([]int, last+1)}
	jumps := map[int]int{}
	for range rapid.IntRange(0, n).Draw(t, "jumps") {
		from := rapid.IntRange(2, last-1).Draw(t, "from")
		to := rapid.IntRange(1, last).Draw(t, "to")
		if to != from {
			jumps[from], c.jump[from] = to, to
		}
	}
	b, err := snakes.FromJumps(n, jumps)
	if err != nil {
		t.Fatal(err)
	}
	effects := map[int]snakes.Effect{}
	for range rapid.IntRange(1, last).Draw(t, "effects") {
		s := rapid.IntRange(1, last-1).Draw(t, "square")
		if c.jump[s] == 0 {
			e := snakes.Effect(rapid.IntRange(1, 2).Draw(t, "effect"))
			effects[s], c.effect[s] = e, int(e)
		}
	}
	if c.b, err = b.WithEffects(effects); err != nil {
		t.Fatal(err)
	}
	faces := rapid.IntRange(1, 6).Draw(t, "faces")
	over := rapid.SampledFrom([]snakes.Overshoot{snakes.Stay, snakes.Bounce, snakes.Finish}).Draw(t, "overshoot")
	c.r = snakes.Rules{Faces: faces, Overshoot: over, StartOffBoard: rapid.Bool().Draw(t, "off"), Chain: rapid.Bool().Draw(t, "chain")}
	if faces > 1 && rapid.Bool().Draw(t, "again?") {
		c.r.Again = rapid.IntRange(1, faces).Draw(t, "again")
		c.r.AgainLimit = rapid.IntRange(0, 3).Draw(t, "limit")
		if c.r.AgainLimit > 0 && rapid.Bool().Draw(t, "back") {
			c.r.OnLimit = snakes.BackToStart
		}
	}
	if rapid.Bool().Draw(t, "enter?") {
		c.r.Enter = rapid.IntRange(1, faces).Draw(t, "enter")
	}
	c.o = oracleRules{faces: faces, startOff: c.r.StartOffBoard, enter: c.r.Enter, overshoot: [...]string{"stay", "bounce", "finish"}[over],
		chain: c.r.Chain, again: c.r.Again, againLimit: c.r.AgainLimit, onLimitBackToStart: c.r.OnLimit == snakes.BackToStart}
	return c
}

// TestPropertyEffectsExact: on small boards with effects, under random
// rules, ExactExpectedTurns equals the oracle's exact solve of the chain of
// throws, ExpectedTurns, the visits and each jump's Effect (the oracle's
// solve of the board without it) agree with it to 1e-9, and the length
// distribution agrees with the oracle's turn-by-turn walk; where the
// oracle finds the game may not finish, the figures refuse.
func TestPropertyEffectsExact(t *testing.T) {
	t.Parallel()
	rapid.Check(t, func(t *rapid.T) {
		c := drawEffectCase(t)
		want, finishes := oracleExpectedTurns(c.n, c.jump, c.effect, c.o)
		got, err := c.r.ExactExpectedTurns(c.b)
		if caught := caughtTurn(c); caught != errors.Is(err, snakes.ErrInvalidRules) {
			t.Fatalf("a turn that never ends from some square: %v; ExactExpectedTurns = %v, %v", caught, got, err)
		} else if caught {
			return // refused whether or not the start reaches it
		}
		if !finishes {
			if !errors.Is(err, snakes.ErrNeverFinishes) && !errors.Is(err, snakes.ErrInvalidRules) {
				t.Fatalf("the oracle finds no finish; ExactExpectedTurns = %v, %v", got, err)
			}
			if _, err := c.r.ExpectedTurns(c.b); err == nil {
				t.Fatal("ExpectedTurns answers where the game may not finish")
			}
			return
		}
		if err != nil || got.Cmp(want) != 0 {
			t.Fatalf("ExactExpectedTurns = %v, %v; the oracle %v", got, err, want)
		}
		w, _ := want.Float64()
		e, err := c.r.ExpectedTurns(c.b)
		if err != nil || math.Abs(e-w) > 1e-9*w {
			t.Fatalf("ExpectedTurns = %v, %v; exact %v", e, err, w)
		}
		visits, err := c.r.Visits(c.b)
		if err != nil || len(visits) != c.n*c.n+1 {
			t.Fatalf("Visits = %v, %v", visits, err)
		}
		sum := 0.0
		for _, v := range visits {
			sum += v
		}
		if math.Abs(sum-w) > 1e-9*w {
			t.Fatalf("visits sum to %v, expected turns %v", sum, w)
		}
		from, err := c.r.ExpectedFrom(c.b)
		if start := c.o.start(); err != nil || len(from) != c.n*c.n+1 || math.Abs(from[start]-w) > 1e-9*w {
			t.Fatalf("ExpectedFrom = %v, %v; from the start %v", from, err, w)
		}
		// Each jump's Effect: the oracle's expected turns on the board
		// without it, less the board's.
		stats, err := c.r.Jumps(c.b)
		if err != nil {
			t.Fatalf("Jumps: %v", err)
		}
		for _, js := range stats {
			without := append([]int(nil), c.jump...)
			without[js.From] = 0
			e2, ok := oracleExpectedTurns(c.n, without, c.effect, c.o)
			if !ok {
				if !math.IsInf(js.Effect, 1) {
					t.Fatalf("jump %d→%d: Effect %v, the board without it may not finish", js.From, js.To, js.Effect)
				}
				continue
			}
			x, _ := e2.Float64()
			if math.Abs(js.Effect-(x-w)) > 1e-9*max(x, w) {
				t.Fatalf("jump %d→%d: Effect %v, the oracle %v", js.From, js.To, js.Effect, x-w)
			}
		}
		const turns = 40
		dist, err := c.r.LengthDistribution(c.b, turns)
		if err != nil {
			t.Fatal(err)
		}
		for k, p := range oracleTurnDistribution(c.n, c.jump, c.effect, c.o, turns) {
			if math.Abs(dist[k]-p) > 1e-9 {
				t.Fatalf("P(%d turns) = %v, the oracle %v", k, dist[k], p)
			}
		}
	})
}

// caughtTurn reports, by the oracle's throws, whether from some square a
// turn can never end: every throw from it goes on, to squares from which
// every throw goes on, and so on (without a limit on Again, which ends any
// run; the run is then not counted).
func caughtTurn(c effectCase) bool {
	if c.o.againLimit > 0 {
		return false
	}
	last := c.n * c.n
	effect := c.effect
	caught := map[int]bool{}
	for u := range last {
		caught[u] = true
	}
	for changed := true; changed; {
		changed = false
		for u := range caught {
			for t, p := range c.o.totals() {
				if p.Sign() == 0 {
					continue
				}
				if st := c.o.step(last, c.jump, effect, u, 0, u, t); !st.cont || !caught[st.pos] {
					delete(caught, u)
					changed = true
					break
				}
			}
		}
	}
	return len(caught) > 0
}

// playOut throws gm's dice with rng until someone wins, and returns the
// turns the game took, every player's (a turn passed over too).
func playOut(t *testing.T, gm *snakes.Game, rng *rand.Rand) int {
	t.Helper()
	for gm.Winner() < 0 {
		if _, err := gm.Throw(rng); err != nil {
			t.Fatal(err)
		}
	}
	moves := gm.Moves()
	return moves[len(moves)-1].Turn
}

// effectBoardCase is a 6×6 board with jumps both ways and three squares of
// each effect, for the Monte Carlo checks.
func effectBoardCase(t *testing.T, r snakes.Rules) effectCase {
	jumps := map[int]int{3: 16, 8: 22, 20: 29, 27: 5, 33: 12, 35: 18}
	effects := map[int]snakes.Effect{6: snakes.ThrowAgain, 14: snakes.ThrowAgain, 25: snakes.ThrowAgain, 10: snakes.MissTurn, 19: snakes.MissTurn, 30: snakes.MissTurn}
	b, err := snakes.FromJumps(6, jumps)
	if err == nil {
		b, err = b.WithEffects(effects)
	}
	if err != nil {
		t.Fatal(err)
	}
	c := effectCase{n: 6, jump: make([]int, 37), effect: make([]int, 37), b: b, r: r,
		o: oracleRules{faces: r.Faces, again: r.Again, againLimit: r.AgainLimit, overshoot: "bounce"}}
	for f, to := range jumps {
		c.jump[f] = to
	}
	for s, e := range effects {
		c.effect[s] = int(e)
	}
	return c
}

// TestEffectsSampled plays games and compares: the library's Game, one
// player, and the oracle's games against the expected turns; the
// oracle's two-player games against WinChances; each within 4.5 standard
// errors.
func TestEffectsSampled(t *testing.T) {
	t.Parallel()
	for _, r := range []snakes.Rules{
		{Faces: 6, Overshoot: snakes.Bounce},
		{Faces: 6, Overshoot: snakes.Bounce, Again: 6, AgainLimit: 2},
	} {
		c := effectBoardCase(t, r)
		e, err := r.ExpectedTurns(c.b)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(7, uint64(r.Again)))
		const games = 20000
		var sum, sq float64
		for range games {
			gm, err := snakes.NewGame(c.b, r, 1)
			if err != nil {
				t.Fatal(err)
			}
			x := float64(playOut(t, gm, rng))
			sum += x
			sq += x * x
		}
		mean := sum / games
		se := math.Sqrt((sq/games - mean*mean) / games)
		if z := (mean - e) / se; math.Abs(z) > 4.5 {
			t.Errorf("%v: games last %.4f ± %.4f turns, ExpectedTurns %.4f (z = %.1f)", r, mean, se, e, z)
		}
		// The oracle's own games, which share nothing with the Game's throws.
		sum, sq = 0, 0
		for range games {
			x := float64(oracleSolo(rng, c.n, c.jump, c.effect, c.o))
			sum += x
			sq += x * x
		}
		mean = sum / games
		se = math.Sqrt((sq/games - mean*mean) / games)
		if z := (mean - e) / se; math.Abs(z) > 4.5 {
			t.Errorf("%v: the oracle's games last %.4f ± %.4f turns, ExpectedTurns %.4f (z = %.1f)", r, mean, se, e, z)
		}
		wins, err := r.WinChances(c.b, 2)
		if err != nil {
			t.Fatal(err)
		}
		first := 0
		for range games {
			w, _, _ := oracleSimulate(rng, c.n, c.jump, c.effect, c.o, 2)
			if w == 0 {
				first++
			}
		}
		p := float64(first) / games
		if se := math.Sqrt(wins[0] * (1 - wins[0]) / games); math.Abs(p-wins[0]) > 4.5*se {
			t.Errorf("%v: the first player wins %.4f of sampled games, WinChances %.4f ± %.4f", r, p, wins[0], se)
		}
	}
}

// TestGameOddsEffects: mid-game, with players waiting out a turn on a
// square that costs one (under Bump, one sent back to the start while it
// waits) and in the middle of a turn a square gave, a Game's odds agree
// with games played on from there (a copy of the game through its JSON,
// thrown at random), within 4.5 standard errors.
func TestGameOddsEffects(t *testing.T) {
	t.Parallel()
	for _, r := range []snakes.Rules{
		{Faces: 6, Overshoot: snakes.Bounce},
		{Faces: 6, Overshoot: snakes.Bounce, Bump: true},
		{Faces: 6, Overshoot: snakes.Bounce, Bump: true, Again: 6, AgainLimit: 2},
	} {
		bump := r.Bump
		c := effectBoardCase(t, r)
		gm, err := snakes.NewGame(c.b, c.r, 2)
		if err != nil {
			t.Fatal(err)
		}
		// 1→6 again, 6→10 waits; 1→6 again, 6→10 waits (under Bump,
		// sending player 0 back to wait on the start); both turns pass;
		// under Bump 1→6 again, mid-turn.
		for i, face := range []int{5, 4, 5, 4, 5} {
			if i == 2 || i == 4 {
				checkOdds(t, gm, r)
			}
			if _, err := gm.Apply(face); err != nil {
				t.Fatal(err)
			}
		}
		if want := []int{6, 10}; bump && (!slices.Equal(gm.Squares(), want) || gm.Player() != 0) {
			t.Fatalf("squares %v, player %d to throw; want %v, player 0 again", gm.Squares(), gm.Player(), want)
		}
		checkOdds(t, gm, r)
	}
}

// checkOdds compares gm's odds with games played on from gm.
func checkOdds(t *testing.T, gm *snakes.Game, r snakes.Rules) {
	t.Helper()
	odds, err := gm.Odds()
	if err != nil {
		t.Fatal(err)
	}
	// The game as its JSON has it, decoded once; each game played on
	// starts from a copy made by replaying its throws on its board and
	// rules (decoding 20,000 copies took four fifths of the test).
	saved, err := json.Marshal(gm)
	if err != nil {
		t.Fatal(err)
	}
	var copied snakes.Game
	var record struct{ Throws [][]int }
	if err := json.Unmarshal(saved, &copied); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(saved, &record); err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(3, uint64(len(gm.Moves()))))
	games := 20000
	if snakes.RaceEnabled {
		games = 2000 // the race detector slows each game tenfold
	}
	first := 0
	for range games {
		g2, err := snakes.NewGame(copied.Board(), copied.Rules(), copied.Players())
		if err != nil {
			t.Fatal(err)
		}
		for _, faces := range record.Throws {
			if _, err := g2.Apply(faces...); err != nil {
				t.Fatal(err)
			}
		}
		if playOut(t, g2, rng); g2.Winner() == 0 {
			first++
		}
	}
	p := float64(first) / float64(games)
	if se := math.Sqrt(odds[0] * (1 - odds[0]) / float64(games)); math.Abs(p-odds[0]) > 4.5*se {
		t.Errorf("%v, after %d throws: player 0 wins %.4f of the games played on, Odds %.4f ± %.4f", r, len(gm.Moves()), p, odds[0], se)
	}
}

// TestBumpEffectsSampled: under Bump, on a small board crowded with
// squares that cost a turn (so that a token is often sent back while it
// waits, and keeps the wait), the joint chain's WinChances and
// GameLength agree with games the Game plays, within 4.5 standard errors.
func TestBumpEffectsSampled(t *testing.T) {
	t.Parallel()
	b, err := snakes.FromJumps(4, map[int]int{7: 2})
	if err == nil {
		b, err = b.WithEffects(map[int]snakes.Effect{3: snakes.MissTurn, 4: snakes.MissTurn, 5: snakes.MissTurn, 9: snakes.ThrowAgain, 10: snakes.MissTurn})
	}
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range []snakes.Rules{
		{Faces: 3, Bump: true},
		{Faces: 3, Bump: true, Again: 2, AgainLimit: 2},
		{Faces: 3, Bump: true, Again: 1, AgainLimit: 2, OnLimit: snakes.BackToStart},
	} {
		bumpSampled(t, b, r)
	}
}

// bumpSampled compares r's WinChances and GameLength on b for two players
// with games the Game plays.
func bumpSampled(t *testing.T, b *snakes.Board, r snakes.Rules) {
	t.Helper()
	wins, err := r.WinChances(b, 2)
	if err != nil {
		t.Fatal(err)
	}
	_, turns, err := r.GameLength(b, 2)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(5, uint64(r.Again)))
	games := 40000.0
	if snakes.RaceEnabled {
		games = 4000
	}
	first := 0
	var sum, sq float64
	for range int(games) {
		gm, err := snakes.NewGame(b, r, 2)
		if err != nil {
			t.Fatal(err)
		}
		x := float64(playOut(t, gm, rng))
		if gm.Winner() == 0 {
			first++
		}
		sum += x
		sq += x * x
	}
	p := float64(first) / games
	if se := math.Sqrt(wins[0] * (1 - wins[0]) / games); math.Abs(p-wins[0]) > 4.5*se {
		t.Errorf("%v: the first player wins %.4f of the games, WinChances %.4f ± %.4f", r, p, wins[0], se)
	}
	mean := sum / games
	if se := math.Sqrt((sq/games - mean*mean) / games); math.Abs(mean-turns) > 4.5*se {
		t.Errorf("%v: games last %.4f ± %.4f turns, GameLength %.4f", r, mean, se, turns)
	}
}
