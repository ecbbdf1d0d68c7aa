package snakes

import (
	"encoding/json"
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"

	"github.com/snakesladders/snakes/internal/joint"
)

// This file tests Game: play against a reference of the rules, bad throws,
// Bump, and its odds against races and sampled games.

// TestPropertyGameAsReference plays random games under random house rules,
// Bump and PlayOn, throw by throw, beside the test's own model of a throw
// (refHouse.moveState, refAfter): every move, square, player to throw,
// winner and standing agree; and a game encoded and decoded goes on as the
// original.
func TestPropertyGameAsReference(t *testing.T) {
	t.Parallel()
	placedOn := 0 // games played on past a finish to their end
	rapid.Check(t, func(t *rapid.T) {
		grid := genGrid(1, 5).Draw(t, "grid")
		h := genHouse().Draw(t, "rules")
		bump := rapid.Bool().Draw(t, "bump")
		playOn := rapid.Bool().Draw(t, "playOn")
		players := rapid.IntRange(1, 4).Draw(t, "players")
		r, b, flat := houseBoard(t, grid, h)
		r.Bump, r.PlayOn = bump, playOn
		gm, err := NewGame(b, r, players)
		if err != nil {
			t.Fatal(err)
		}
		last := len(flat) - 1
		s := refJointState{turn: houseState{h.start(), h.start(), 0}}
		for q := range players {
			s.squares[q] = h.start()
		}
		if h.start() == last {
			want := []int{0}
			for q := 1; q < players && playOn; q++ {
				want = append(want, q)
			}
			if gm.Winner() != 0 || !gm.Over() || !slices.Equal(gm.Standings(), want) {
				t.Fatalf("a game that starts on the last square: winner %d, over %v, standings %v", gm.Winner(), gm.Over(), gm.Standings())
			}
			return
		}
		rng := rand.New(rand.NewPCG(rapid.Uint64().Draw(t, "seed"), 2))
		throws := rapid.IntRange(0, 120).Draw(t, "throws")
		turn := 1
		var standings []int
		for i := 0; i < throws && !gm.Over(); i++ {
			if gm.Player() != s.mover {
				t.Fatalf("throw %d: player %d throws, the reference says %d", i, gm.Player(), s.mover)
			}
			m, err := gm.Throw(rng)
			if err != nil {
				t.Fatal(err)
			}
			next, want := h.moveState(flat, s.turn, m.Roll)
			_ = next
			want.Turn, want.Player = turn, s.mover
			if m != want {
				t.Fatalf("throw %d: %+v, the reference %+v", i, m, want)
			}
			goesOn := h.again > 0 && m.Roll == h.again && !(h.limit > 0 && s.turn.k+1 == h.limit) && m.To != last
			s = refAfter(h, flat, s, m, players, bump, playOn)
			if !goesOn {
				turn++
			}
			got := gm.Squares()
			if !slices.Equal(got, s.squares[:players]) {
				t.Fatalf("throw %d (%+v): squares %v, the reference %v", i, m, got, s.squares[:players])
			}
			if m.To == last {
				standings = append(standings, m.Player)
				if playOn && len(standings) == players-1 {
					for q := range players {
						if s.squares[q] != last {
							standings = append(standings, q)
						}
					}
				}
			}
			over := len(standings) > 0 && (!playOn || len(standings) == players)
			if gm.Over() != over || !slices.Equal(gm.Standings(), standings) || gm.Winner() != append(standings, -1)[0] {
				t.Fatalf("throw %d (%+v): over %v, standings %v, winner %d; the reference %v, %v", i, m, gm.Over(), gm.Standings(), gm.Winner(), over, standings)
			}
			if over && gm.Player() != standings[0] {
				t.Fatalf("after the game: Player %d, the winner %d", gm.Player(), standings[0])
			}
			if over && playOn && players > 2 {
				placedOn++
			}
		}
		if gm.Over() {
			if _, err := gm.Apply(1); !errors.Is(err, ErrGameOver) {
				t.Fatalf("a throw after the game: %v", err)
			}
		}
		// Saved and loaded, the game goes on as the original does.
		data, err := json.Marshal(gm)
		if err != nil {
			t.Fatal(err)
		}
		var back Game
		if err := json.Unmarshal(data, &back); err != nil {
			t.Fatalf("decoding %s: %v", data, err)
		}
		seed := rapid.Uint64().Draw(t, "seed2")
		a, c := rand.New(rand.NewPCG(seed, 3)), rand.New(rand.NewPCG(seed, 3))
		for range 20 {
			m1, e1 := gm.Throw(a)
			m2, e2 := back.Throw(c)
			if m1 != m2 || (e1 == nil) != (e2 == nil) {
				t.Fatalf("after decoding: %+v, %v; the original %+v, %v", m2, e2, m1, e1)
			}
		}
		if diff := cmp.Diff(gm.Moves(), back.Moves()); diff != "" {
			t.Fatalf("moves (-original +decoded):\n%s", diff)
		}
	})
	if placedOn < 10 {
		t.Fatalf("%d games of three or four players played on to their end: too few to check PlayOn", placedOn)
	}
}

// TestGameBadThrows: each wrong throw is an error naming what is wrong,
// and changes nothing.
func TestGameBadThrows(t *testing.T) {
	t.Parallel()
	b := Classic()
	gm, err := NewGame(b, Rules{Dice: 2, Weights: []int{1, 0, 1, 1, 1, 1}}, 2)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		faces []int
		says  string
	}{
		{[]int{3}, "1 face thrown, want 2 faces, one a die"},
		{[]int{3, 4, 5}, "3 faces thrown, want 2 faces"},
		{[]int{0, 4}, "die 1 shows 0, want 1..6"},
		{[]int{3, 7}, "die 2 shows 7, want 1..6"},
		{[]int{2, 4}, "die 1 shows 2, a face of weight 0"},
	} {
		before, _ := json.Marshal(gm)
		_, err := gm.Apply(tc.faces...)
		after, _ := json.Marshal(gm)
		if !errors.Is(err, ErrInvalidThrow) || !strings.Contains(err.Error(), tc.says) || string(before) != string(after) {
			t.Errorf("Apply(%v) = %v; want ErrInvalidThrow saying %q, the game unchanged", tc.faces, err, tc.says)
		}
	}
	for _, players := range []int{0, -1, 65} {
		if _, err := NewGame(b, Rules{}, players); !errors.Is(err, ErrInvalidRules) {
			t.Errorf("NewGame with %d players: %v", players, err)
		}
	}
	if _, err := NewGame(b, Rules{Faces: -1}, 2); !errors.Is(err, ErrInvalidRules) {
		t.Errorf("NewGame with Faces -1: %v", err)
	}
	if _, err := NewGame(nil, Rules{}, 2); !errors.Is(err, ErrInvalidBoard) {
		t.Errorf("NewGame on no board: %v", err)
	}
	// A saved game with a throw that cannot be made names its index.
	var g Game
	err = json.Unmarshal([]byte(`{"board": {"size": 3}, "rules": {}, "players": 2, "throws": [[1], [2], [7]]}`), &g)
	if !errors.Is(err, ErrInvalidThrow) || !strings.Contains(err.Error(), "throw 2: die 1 shows 7") {
		t.Errorf("decoding a bad throw: %v", err)
	}
	err = json.Unmarshal([]byte(`{"board": {"size": 3}, "rules": {}, "players": 2, "throws": [], "turn": 3}`), &g)
	if err == nil || !strings.Contains(err.Error(), `unknown field "turn"`) {
		t.Errorf("decoding an unknown field: %v", err)
	}
}

// TestGameBump: on an empty 10×10 board under Bump, a token that lands
// where another stands sends it back to the start; one sent back by
// AgainLimit bumps no one.
func TestGameBump(t *testing.T) {
	t.Parallel()
	b := mustJumps(t, 10, nil)
	gm, err := NewGame(b, Rules{Bump: true, Again: 6, AgainLimit: 2}, 2)
	if err != nil {
		t.Fatal(err)
	}
	play := func(faces ...int) {
		t.Helper()
		for _, f := range faces {
			if _, err := gm.Apply(f); err != nil {
				t.Fatal(err)
			}
		}
	}
	play(3, 3) // 1→4, 1→4: the second lands on the first
	if got := gm.Squares(); !slices.Equal(got, []int{1, 4}) {
		t.Fatalf("after a bump: %v", got)
	}
	play(6, 6) // player 0: 1→7, again, then a second six: the turn is void, back to 1
	if got := gm.Squares(); !slices.Equal(got, []int{1, 4}) || gm.Player() != 1 {
		t.Fatalf("after a void: %v, player %d", got, gm.Player())
	}
	play(6, 3) // player 1: 4→10, again, 10→13; player 0 on 1 untouched
	play(3)    // player 0: 1→4
	play(2)    // player 1: 13→15
	if got := gm.Squares(); !slices.Equal(got, []int{4, 15}) {
		t.Fatalf("%v", got)
	}
}

// TestGameOddsAsRace: without Bump, at the start of a turn, Odds is
// WinChancesFrom of the squares from the player to throw, turned back; in
// the middle of a turn of Again throws, it agrees with the joint chain of
// every token, which shares nothing with the race but the model of a throw.
func TestGameOddsAsRace(t *testing.T) {
	t.Parallel()
	b := Classic()
	r := Rules{Enter: 6, Again: 6, AgainLimit: 3}
	gm, err := NewGame(b, r, 2)
	if err != nil {
		t.Fatal(err)
	}
	g, err := r.playable(b)
	if err != nil {
		t.Fatal(err)
	}
	j, err := joint.NewJoint(t.Context(), &g, 2, false, nil)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(9, 9))
	midTurns, starts := 0, 0
	for gm.Winner() < 0 && gm.pos.Turn < 200 {
		odds, err := gm.Odds()
		if err != nil {
			t.Fatal(err)
		}
		order := make([]int, 2)
		for i := range order {
			order[i] = gm.Squares()[(gm.Player()+i)%2]
		}
		if gm.pos.Run == 0 {
			want, err := r.WinChancesFrom(b, order)
			if err != nil {
				t.Fatal(err)
			}
			for i := range 2 {
				if odds[(gm.Player()+i)%2] != want[i] {
					t.Fatalf("turn %d: Odds %v, WinChancesFrom(%v) %v", gm.pos.Turn, odds, order, want)
				}
			}
			starts++
		} else {
			pos := []int32{int32(order[0]), int32(order[1])}
			want := j.At(j.Win, pos, gm.pos.Mid, int(gm.pos.Run), gm.pos.From)
			for i := range 2 {
				if math.Abs(odds[(gm.Player()+i)%2]-want[i]) > 1e-9 {
					t.Fatalf("turn %d, %d throws in: Odds %v, the joint chain %v", gm.pos.Turn, gm.pos.Run, odds, want)
				}
			}
			midTurns++
		}
		if _, err := gm.Throw(rng); err != nil {
			t.Fatal(err)
		}
	}
	if midTurns == 0 || starts < 10 {
		t.Fatalf("%d turn starts and %d mid-turn states checked", starts, midTurns)
	}
}

// TestGameOddsSampled plays 10⁵ seeded games of two players on the
// classic board under Bump: the share each wins agrees with Odds at the
// start within 4 standard errors.
func TestGameOddsSampled(t *testing.T) {
	t.Parallel()
	b := Classic()
	r := Rules{StartOffBoard: true, Bump: true}
	first, err := NewGame(b, r, 2)
	if err != nil {
		t.Fatal(err)
	}
	odds, err := first.Odds()
	if err != nil {
		t.Fatal(err)
	}
	games := 100_000
	if raceEnabled {
		games = 10_000 // the race detector's run checks the races, not the figure
	}
	rng := rand.New(rand.NewPCG(5, 6))
	wins := 0
	for range games {
		gm, err := NewGame(b, r, 2)
		if err != nil {
			t.Fatal(err)
		}
		for gm.Winner() < 0 {
			if _, err := gm.Throw(rng); err != nil {
				t.Fatal(err)
			}
		}
		if gm.Winner() == 0 {
			wins++
		}
	}
	share := float64(wins) / float64(games)
	se := math.Sqrt(odds[0] * (1 - odds[0]) / float64(games))
	t.Logf("first player won %d of %d games (%.4f); Odds %.6f, standard error %.4f", wins, games, share, odds[0], se)
	if math.Abs(share-odds[0]) > 4*se {
		t.Fatalf("first player won %.4f of the games, Odds says %.6f (4 standard errors: %.4f)", share, odds[0], 4*se)
	}
}

// TestGameUndo plays seeded games under several rules and takes back every
// throw as it is made: the game is then as it was before the throw (its
// JSON, squares, player to throw, winner, record and odds, all recorded
// then), and the same faces applied again bring back the game as it was
// after it. With no throw made, Undo is an error and changes nothing.
func TestGameUndo(t *testing.T) {
	t.Parallel()
	effects, err := Classic().WithEffects(map[int]Effect{5: ThrowAgain, 10: MissTurn, 22: ThrowAgain, 33: MissTurn})
	if err != nil {
		t.Fatal(err)
	}
	for i, tc := range []struct {
		b       *Board
		r       Rules
		players int
	}{
		{Classic(), Rules{StartOffBoard: true}, 2},
		{Classic(), Rules{StartOffBoard: true, Bump: true}, 3},
		{Classic(), Rules{Enter: 6, Again: 6, AgainLimit: 3, Bump: true}, 2},
		{effects, Rules{Dice: 2, Overshoot: Bounce}, 3},
	} {
		gm, err := NewGame(tc.b, tc.r, tc.players)
		if err != nil {
			t.Fatal(err)
		}
		if err := gm.Undo(); !errors.Is(err, ErrInvalidThrow) || len(gm.Moves()) != 0 {
			t.Fatalf("rules %d: Undo of a new game: %v", i, err)
		}
		type state struct {
			JSON    string
			Squares []int
			Player  int
			Winner  int
			Moves   []Move
			Odds    []float64
		}
		snap := func() state {
			data, err := json.Marshal(gm)
			if err != nil {
				t.Fatal(err)
			}
			var odds []float64
			if len(gm.Moves())%7 == 0 { // every seventh: odds cost a solve's look-ups
				odds, _ = gm.Odds()
			}
			return state{string(data), gm.Squares(), gm.Player(), gm.Winner(), gm.Moves(), odds}
		}
		rng := rand.New(rand.NewPCG(uint64(i), 17))
		for gm.Winner() < 0 && len(gm.Moves()) < 400 {
			before := snap()
			m, err := gm.Throw(rng)
			if err != nil {
				t.Fatal(err)
			}
			after := snap()
			var saved struct{ Throws [][]int }
			if err := json.Unmarshal([]byte(after.JSON), &saved); err != nil {
				t.Fatal(err)
			}
			if err := gm.Undo(); err != nil {
				t.Fatalf("rules %d, throw %d: %v", i, len(before.Moves), err)
			}
			if diff := cmp.Diff(before, snap()); diff != "" {
				t.Fatalf("rules %d: taking back %+v (-before +after Undo):\n%s", i, m, diff)
			}
			if _, err := gm.Apply(saved.Throws[len(saved.Throws)-1]...); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(after, snap()); diff != "" {
				t.Fatalf("rules %d: %+v again (-first +again):\n%s", i, m, diff)
			}
		}
		if gm.Winner() < 0 {
			t.Fatalf("rules %d: no winner after 400 throws", i)
		}
	}
}

// TestGameShareOdds: games that share one game's tables (ShareOdds) answer
// Odds as a game of their own does, from several goroutines at once (the
// race detector watches), the joint chain solved once; a game of other
// rules or players is refused and keeps its own.
func TestGameShareOdds(t *testing.T) {
	t.Parallel()
	r := Rules{Bump: true, StartOffBoard: true}
	proto, err := NewGame(Classic(), r, 2)
	if err != nil {
		t.Fatal(err)
	}
	faces := [][]int{{4}, {1, 6}, {2, 3, 5}, {6, 6, 1, 2}}
	var wg sync.WaitGroup
	got := make([][]float64, len(faces))
	for i, fs := range faces {
		g, err := NewGame(Classic(), r, 2)
		if err != nil {
			t.Fatal(err)
		}
		if err := g.ShareOdds(proto); err != nil {
			t.Fatal(err)
		}
		for _, f := range fs {
			if _, err := g.Apply(f); err != nil {
				t.Fatal(err)
			}
		}
		wg.Go(func() { got[i], _ = g.Odds() })
	}
	wg.Wait()
	for i, fs := range faces {
		own, _ := NewGame(Classic(), r, 2)
		for _, f := range fs {
			own.Apply(f)
		}
		want, err := own.Odds()
		if err != nil || !slices.Equal(got[i], want) {
			t.Errorf("after %v: shared %v, its own %v, %v", fs, got[i], want, err)
		}
	}
	if proto.OddsMemory() == 0 {
		t.Error("the shared tables hold no joint chain")
	}
	for _, other := range []struct {
		r       Rules
		players int
	}{{Rules{Bump: true}, 2}, {r, 3}} {
		g, _ := NewGame(Classic(), other.r, other.players)
		if err := g.ShareOdds(proto); !errors.Is(err, ErrInvalidRules) || g.OddsMemory() != 0 {
			t.Errorf("%+v, %d players: %v", other.r, other.players, err)
		}
	}
}

// TestGameOddsRefusedOnce: a joint chain past the work bound is refused,
// and from then on refused at once, with the same error, rather than
// solved again to the bound for every throw.
func TestGameOddsRefusedOnce(t *testing.T) {
	t.Parallel()
	gm, err := NewGame(Classic(), Rules{Bump: true}.WithMaxWork(1<<24), 3)
	if err != nil {
		t.Fatal(err)
	}
	_, first := gm.Odds()
	gm.Apply(3)
	_, again := gm.Odds()
	if !errors.Is(first, ErrTooLarge) || again != first {
		t.Fatalf("odds past the bound: %v, then %v", first, again)
	}
}
