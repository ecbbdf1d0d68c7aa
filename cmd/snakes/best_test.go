package main

import (
	"context"
	"encoding/json"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/snakesladders/snakes"
)

// This file tests the best subcommand against the library's best play.

func TestBestCommand(t *testing.T) {
	for _, tc := range []struct {
		args []string
		c    snakes.Choice
	}{
		{[]string{"-decline", "ladders,snakes"}, snakes.Choice{DeclineLadders: true, DeclineSnakes: true}},
		{[]string{"-faces", "4,6"}, snakes.Choice{Faces: []int{4, 6}}},
		{[]string{"-faces", "6,4", "-decline", "snakes", "-players", "3"}, snakes.Choice{DeclineSnakes: true, Faces: []int{6, 4}}},
	} {
		out, errOut, status := runSnakes(t, "", append([]string{"best", "-json"}, tc.args...)...)
		if status != 0 || errOut != "" {
			t.Fatalf("%v: status %d, stderr %q", tc.args, status, errOut)
		}
		var got bestOut
		if err := json.Unmarshal([]byte(out), &got); err != nil {
			t.Fatalf("%v: %v in %s", tc.args, err, out)
		}
		b, r := snakes.Classic(), snakes.Rules{StartOffBoard: true}
		s, err := r.BestPlay(context.Background(), b, tc.c)
		if err != nil {
			t.Fatal(err)
		}
		if got.ExpectedTurns != s.ExpectedTurns() {
			t.Errorf("%v: expectedTurns %v, the library's %v", tc.args, got.ExpectedTurns, s.ExpectedTurns())
		}
		declined := map[int]bool{}
		for _, j := range got.Declined {
			if to, ok := b.Jump(j[0]); !ok || to != j[1] || s.Takes(j[0]) {
				t.Errorf("%v: declines %v, which the strategy takes", tc.args, j)
			}
			declined[j[0]] = true
		}
		for v := 1; v < b.Squares(); v++ {
			if _, ok := b.Jump(v); ok && !s.Takes(v) && !declined[v] {
				t.Errorf("%v: does not say that the jump from %d is declined", tc.args, v)
			}
		}
		for faces, ranges := range got.Dice {
			for _, r := range ranges {
				for v := r[0]; v <= r[1]; v++ {
					if strconv.Itoa(s.Die(v)) != faces {
						t.Errorf("%v: die %s on square %d, the strategy's %d", tc.args, faces, v, s.Die(v))
					}
				}
			}
		}
		players := 2
		if strings.Contains(strings.Join(tc.args, " "), "-players 3") {
			players = 3
		}
		wins, err := s.WinChances(context.Background(), players)
		if err != nil || got.FirstWins == nil || math.Abs(*got.FirstWins-wins[0]) > 0 {
			t.Errorf("%v: firstWins %v, the library's %v (%v)", tc.args, got.FirstWins, wins, err)
		}
		if players == 2 {
			race, err := r.BestRace(context.Background(), b, tc.c)
			if err != nil || got.FirstWinsToWin == nil || *got.FirstWinsToWin != race.FirstWins() {
				t.Errorf("%v: firstWinsToWin %v, the library's %v (%v)", tc.args, got.FirstWinsToWin, race, err)
			}
		} else if got.FirstWinsToWin != nil {
			t.Errorf("%v: firstWinsToWin %v for %d players", tc.args, *got.FirstWinsToWin, players)
		}
		text, _, status := runSnakes(t, "", append([]string{"best"}, tc.args...)...)
		if status != 0 || !strings.HasPrefix(text, "least expected turns: "+strconv.FormatFloat(s.ExpectedTurns(), 'f', 10, 64)) {
			t.Errorf("%v: status %d, text:\n%s", tc.args, status, text)
		}
	}
}

func TestBestCommandErrors(t *testing.T) {
	for _, tc := range []struct {
		args []string
		says string
	}{
		{[]string{"-faces", "4,0"}, "-faces[1] is 0"},
		{[]string{"-faces", "4,x"}, "die 2 is \"x\""},
		{[]string{"-decline", "stairs"}, `-decline "stairs"`},
		{[]string{"-die", "-1"}, "-die is -1"},
		{[]string{"-players", "-1"}, "-players is -1"},
		{[]string{"-timeout", "0s"}, "-timeout is 0s"},
		{[]string{"-board", "nothing.json"}, "reading the board"},
	} {
		_, errOut, status := runSnakes(t, "", append([]string{"best"}, tc.args...)...)
		if status != 2 || !strings.Contains(errOut, tc.says) {
			t.Errorf("%v: status %d, stderr %q, want %q", tc.args, status, errOut, tc.says)
		}
	}
	out, _, status := runSnakes(t, "", "best", "-h")
	if status != 0 || !strings.HasPrefix(out, "Usage: snakes best [flags]") || !strings.Contains(out, "-decline") {
		t.Errorf("best -h: status %d:\n%s", status, out)
	}
}
