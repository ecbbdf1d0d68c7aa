package web

import (
	"context"
	"encoding/json"
	"math"
	"math/rand/v2"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"github.com/snakesladders/snakes"
)

// This file tests the play endpoint against the library playing the same
// throws.

// TestPlay plays a seeded game of two players under Bump on LeetCode's
// example board through /api/play, sending back the game
// each answer gives, and checks every answer against the library playing
// the same throws: the move, the squares, who throws next, the winner and
// the odds. A game with a throw it cannot take is a 400 naming the throw.
func TestPlay(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(NewHandler(Config{}))
	defer srv.Close()
	rules := snakes.Rules{StartOffBoard: true, Bump: true}
	board, err := snakes.FromJumps(6, map[int]int{2: 15, 14: 35, 17: 13})
	if err != nil {
		t.Fatal(err)
	}
	want, err := snakes.NewGame(board, rules, 2)
	if err != nil {
		t.Fatal(err)
	}
	game, err := json.Marshal(want)
	if err != nil {
		t.Fatal(err)
	}
	const seed = 11
	for i := 0; want.Winner() < 0; i++ {
		res, data := post(t, srv.URL+"/api/play", `{"game": `+string(game)+`, "throw": true, "seed": 11}`)
		var ans struct {
			Game    json.RawMessage
			Move    *snakes.Move
			Squares []int
			Player  int
			Winner  int
			Odds    []float64
		}
		if res.StatusCode != 200 || json.Unmarshal(data, &ans) != nil {
			t.Fatalf("throw %d: status %d, %s", i, res.StatusCode, data)
		}
		m, err := want.Throw(rand.New(rand.NewPCG(seed, uint64(i))))
		if err != nil {
			t.Fatal(err)
		}
		odds, err := want.Odds()
		if err != nil {
			t.Fatal(err)
		}
		if ans.Move == nil || *ans.Move != m || !slices.Equal(ans.Squares, want.Squares()) || ans.Player != want.Player() ||
			ans.Winner != want.Winner() || !slices.Equal(ans.Odds, odds) {
			t.Fatalf("throw %d: answer %s; the library: %+v, squares %v, player %d, winner %d, odds %v", i, data, m, want.Squares(), want.Player(), want.Winner(), odds)
		}
		game = ans.Game
	}
	// The finished game sent back without a throw: every move, and the
	// odds before the first throw and after each, as the library has them.
	res, data := post(t, srv.URL+"/api/play", `{"game": `+string(game)+`}`)
	var back struct {
		Moves   []snakes.Move
		History [][]float64
	}
	if res.StatusCode != 200 || json.Unmarshal(data, &back) != nil || len(back.Moves) != len(want.Moves()) || len(back.History) != len(back.Moves)+1 {
		t.Fatalf("the game without a throw: status %d, %s", res.StatusCode, data)
	}
	replay, _ := snakes.NewGame(board, rules, 2)
	for i, odds := range back.History {
		if i > 0 {
			replay.Throw(rand.New(rand.NewPCG(seed, uint64(i-1))))
		}
		if w, err := replay.Odds(); err != nil || !slices.Equal(odds, w) {
			t.Fatalf("odds after throw %d: %v; the library %v, %v", i, odds, w, err)
		}
	}
	// Four players under Bump on an empty 10×10 board: past the joint
	// chain's memory bound, the odds are the library's outlook, estimated
	// by playing on, and say so.
	empty, err := snakes.FromJumps(10, nil)
	if err != nil {
		t.Fatal(err)
	}
	four, err := snakes.NewGame(empty, snakes.Rules{Bump: true}, 4)
	if err != nil {
		t.Fatal(err)
	}
	outlook, err := four.Outlook(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	res, data = post(t, srv.URL+"/api/play", `{"game": {"board": {"size": 10}, "rules": {"bump": true}, "players": 4, "throws": []}}`)
	var est struct {
		Odds      []float64
		Estimated string
	}
	// The server's games may be fewer than the library's, stopped by its
	// time budget (under the race detector): the same within 5 standard
	// errors of both.
	if res.StatusCode != 200 || json.Unmarshal(data, &est) != nil || len(est.Odds) != 4 || !strings.HasPrefix(est.Estimated, "too many players for exact odds on this board: estimated from ") {
		t.Fatalf("four players under Bump: status %d, %s; the outlook %+v", res.StatusCode, data, outlook)
	}
	for i, p := range est.Odds {
		if math.Abs(p-outlook.Win[i]) > 10*outlook.StdErr[i] {
			t.Fatalf("four players under Bump: player %d's odds %v, the outlook's %v ± %v", i, p, outlook.Win[i], outlook.StdErr[i])
		}
	}
	res, data = post(t, srv.URL+"/api/play", `{"game": {"board": {"size": 3}, "rules": {}, "players": 2, "throws": [[1], [9]]}, "throw": true}`)
	if res.StatusCode != 400 || !strings.Contains(string(data), "throw 1: die 1 shows 9") {
		t.Fatalf("a bad throw: status %d, %s", res.StatusCode, data)
	}
	res, data = post(t, srv.URL+"/api/play", `{"game": {"board": {"size": 3}, "rules": {}, "players": 2, "throws": []}, "throws": 3}`)
	if res.StatusCode != 400 || !strings.Contains(string(data), `unknown field \"throws\"`) {
		t.Fatalf("an unknown field: status %d, %s", res.StatusCode, data)
	}
}
