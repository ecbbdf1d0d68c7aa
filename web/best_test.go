package web

import (
	"context"
	"encoding/json"
	"math"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/snakesladders/snakes"
)

// This file tests the best play endpoint against the library's best play.

func TestBest(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(NewHandler(Config{}))
	defer srv.Close()
	board, rules := snakes.Classic(), snakes.Rules{StartOffBoard: true}
	for _, c := range []snakes.Choice{
		{DeclineLadders: true, DeclineSnakes: true},
		{Faces: []int{6, 4}},
		{DeclineSnakes: true, Faces: []int{2, 6, 10}},
	} {
		choice, _ := json.Marshal(c)
		res, data := post(t, srv.URL+"/api/best", `{"board": {"size": 10, "jumps": {"1": 38, "4": 14, "9": 31, "16": 6, "21": 42, "28": 84, "36": 44, "47": 26, "49": 11, "51": 67, "56": 53, "62": 19, "64": 60, "71": 91, "80": 100, "87": 24, "93": 73, "95": 75, "98": 78}}, "rules": {"startOffBoard": true}, "choice": `+string(choice)+`}`)
		if res.StatusCode != http.StatusOK {
			t.Fatalf("%+v: %d %s", c, res.StatusCode, data)
		}
		var got bestAnswer
		if err := json.Unmarshal(data, &got); err != nil {
			t.Fatal(err)
		}
		s, err := rules.BestPlay(context.Background(), board, c)
		if err != nil {
			t.Fatal(err)
		}
		if got.ExpectedTurns != s.ExpectedTurns() {
			t.Errorf("%+v: expectedTurns %v, the library's %v", c, got.ExpectedTurns, s.ExpectedTurns())
		}
		random, _ := rules.ExpectedTurns(board)
		if got.RandomTurns == nil || *got.RandomTurns != random {
			t.Errorf("%+v: randomTurns %v, want %v", c, got.RandomTurns, random)
		}
		declined := 0
		for v := 1; v < board.Squares(); v++ {
			if to, ok := board.Jump(v); ok && !s.Takes(v) {
				if declined >= len(got.Declined) || got.Declined[declined] != [2]int{v, to} {
					t.Fatalf("%+v: declined %v, the strategy declines %d→%d", c, got.Declined, v, to)
				}
				declined++
			}
			if len(c.Faces) == 0 {
				if got.Dice != nil {
					t.Fatalf("%+v: dice %v where none is chosen", c, got.Dice)
				}
			} else if got.Dice[v] != s.Die(v) {
				t.Errorf("%+v: square %d: die %d, the strategy's %d", c, v, got.Dice[v], s.Die(v))
			}
		}
		if declined != len(got.Declined) {
			t.Errorf("%+v: declined %v, the strategy %d", c, got.Declined, declined)
		}
		wins, err := s.WinChances(context.Background(), 2)
		if err != nil || got.FirstWins == nil || math.Abs(*got.FirstWins-wins[0]) > 0 {
			t.Errorf("%+v: firstWins %v, the library's %v (%v)", c, got.FirstWins, wins, err)
		}
	}
	for _, tc := range []struct {
		body string
		code int
		says string
	}{
		{`{"board": {"size": 10}, "choice": {"faces": [4, 0]}}`, 400, "Choice.Faces[1] is 0"},
		{`{"board": {"size": 10}, "choice": {"face": [4]}}`, 400, "invalid JSON"},
		{`{"board": {"size": 10}, "rules": {"again": 6}, "choice": {"declineSnakes": true}}`, 400, "Again is 6"},
		{`{"board": {"size": 3, "jumps": {"8": 2, "7": 2, "6": 2, "5": 2, "4": 2, "3": 2}}}`, 400, "no strategy surely reaches"},
		{`{"choice": {}}`, 400, "no board"},
	} {
		res, data := post(t, srv.URL+"/api/best", tc.body)
		if res.StatusCode != tc.code || !strings.Contains(string(data), tc.says) {
			t.Errorf("%s: %d %s, want %d saying %q", tc.body, res.StatusCode, data, tc.code, tc.says)
		}
	}
	res, err := http.Get(srv.URL + "/api/best")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusMethodNotAllowed {
		t.Errorf("GET: %d", res.StatusCode)
	}
}
