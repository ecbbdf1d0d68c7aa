package snakes

import (
	"encoding/json"
	"errors"
	"maps"
	"strings"
	"testing"
)

// This file tests square effects as a board carries them: WithEffects and
// its errors, the accessors, text and JSON, the board's drawing; a turn
// that can never end; and the Game, Play and the searches' moves on a
// board with effects.

// effectBoard is a 4×4 board with a ladder 3→11, a snake 14→2, squares 5
// and 12 that give another throw and 9 that costs a turn.
func effectBoard(t testing.TB) *Board {
	t.Helper()
	b, err := FromJumps(4, map[int]int{3: 11, 14: 2})
	if err != nil {
		t.Fatal(err)
	}
	b, err = b.WithEffects(map[int]Effect{5: ThrowAgain, 9: MissTurn, 12: ThrowAgain, 7: NoEffect})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestWithEffects(t *testing.T) {
	plain, _ := FromJumps(4, map[int]int{3: 11, 14: 2, 6: 6})
	b := effectBoard(t)
	want := map[int]Effect{5: ThrowAgain, 9: MissTurn, 12: ThrowAgain}
	if got := b.Effects(); !maps.Equal(got, want) {
		t.Errorf("Effects() = %v, want %v", got, want)
	}
	for s, e := range map[int]Effect{5: ThrowAgain, 9: MissTurn, 7: NoEffect, 0: NoEffect, 17: NoEffect, -3: NoEffect} {
		if got := b.Effect(s); got != e {
			t.Errorf("Effect(%d) = %v, want %v", s, got, e)
		}
	}
	if len(plain.Effects()) != 0 || (*Board)(nil).Effect(5) != NoEffect || len((*Board)(nil).Effects()) != 0 {
		t.Error("a board without effects, or a nil one, reports some")
	}
	// The set is replaced whole, and the board it came from is unchanged.
	c, err := b.WithEffects(map[int]Effect{9: NoEffect, 10: MissTurn})
	if err != nil {
		t.Fatal(err)
	}
	if got := c.Effects(); !maps.Equal(got, map[int]Effect{10: MissTurn}) {
		t.Errorf("replaced set = %v", got)
	}
	if got := b.Effects(); !maps.Equal(got, want) {
		t.Errorf("the original changed: %v", got)
	}
	if to, ok := c.Jump(3); !ok || to != 11 {
		t.Errorf("the jumps were not kept: Jump(3) = %d, %v", to, ok)
	}
	for _, tc := range []struct {
		effects map[int]Effect
		want    string
	}{
		{map[int]Effect{0: ThrowAgain}, "square 0 is not on a 4×4 board"},
		{map[int]Effect{17: MissTurn, 20: MissTurn}, "square 17 is not on a 4×4 board"},
		{map[int]Effect{16: ThrowAgain}, "square 16 is the last square"},
		{map[int]Effect{3: MissTurn}, "square 3 starts a jump (to 11)"},
		{map[int]Effect{6: ThrowAgain}, "square 6 starts a jump (to 6)"},
		{map[int]Effect{8: 3, 9: 7}, "square 8 has effect 3"},
	} {
		_, err := plain.WithEffects(tc.effects)
		if !errors.Is(err, ErrInvalidBoard) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("WithEffects(%v) = %v, want ErrInvalidBoard saying %q", tc.effects, err, tc.want)
		}
	}
	if _, err := (&Board{}).WithEffects(map[int]Effect{1: MissTurn}); !errors.Is(err, ErrInvalidBoard) {
		t.Errorf("effects on the zero Board: %v", err)
	}
}

func TestEffectText(t *testing.T) {
	for e, name := range map[Effect]string{NoEffect: "none", ThrowAgain: "again", MissTurn: "miss"} {
		text, err := e.MarshalText()
		if err != nil || string(text) != name || e.String() != name {
			t.Errorf("%d: MarshalText %q, %v; String %q; want %q", e, text, err, e.String(), name)
		}
		var back Effect
		if err := back.UnmarshalText([]byte(strings.ToUpper(name))); err != nil || back != e {
			t.Errorf("UnmarshalText(%q) = %v, %v", name, back, err)
		}
	}
	var e Effect
	if err := e.UnmarshalText([]byte("MissTurn")); err != nil || e != MissTurn {
		t.Errorf("the constant's name: %v, %v", e, err)
	}
	if err := e.UnmarshalText([]byte("skip")); !errors.Is(err, ErrInvalidBoard) || !strings.Contains(err.Error(), `"skip"`) {
		t.Errorf("UnmarshalText(skip) = %v", err)
	}
	if _, err := Effect(9).MarshalText(); !errors.Is(err, ErrInvalidBoard) || Effect(9).String() != "Effect(9)" {
		t.Errorf("Effect(9): %v, %q", err, Effect(9).String())
	}
}

func TestEffectsJSON(t *testing.T) {
	b := effectBoard(t)
	data, err := json.Marshal(b)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"size":4,"jumps":{"14":2,"3":11},"again":[5,12],"miss":[9]}`
	if string(data) != want {
		t.Errorf("Marshal = %s, want %s", data, want)
	}
	back, err := ParseBoard(data)
	if err != nil {
		t.Fatal(err)
	}
	if !maps.Equal(back.Effects(), b.Effects()) || back.String() != b.String() {
		t.Errorf("round trip: %v\n%s", back.Effects(), back)
	}
	// Without effects a board is still written as its grid, and the lists
	// may be left out or empty.
	plain, _ := FromJumps(2, map[int]int{2: 3})
	if data, _ := json.Marshal(plain); string(data) != "[[-1,-1],[-1,3]]" {
		t.Errorf("a plain board: %s", data)
	}
	if b, err := ParseBoard([]byte(`{"size": 2, "jumps": {}, "again": [], "miss": [2]}`)); err != nil || b.Effect(2) != MissTurn {
		t.Errorf("miss alone: %v, %v", b, err)
	}
	for _, tc := range []struct{ in, want string }{
		{`{"size": 3, "again": [4], "miss": [4]}`, `square 4 is in both "again" and "miss"`},
		{`{"size": 3, "jumps": {"2": 8}, "miss": [2]}`, "square 2 starts a jump (to 8)"},
		{`{"size": 3, "again": [9]}`, "square 9 is the last square"},
		{`{"size": 3, "again": "5"}`, "field again"},
	} {
		if _, err := ParseBoard([]byte(tc.in)); !errors.Is(err, ErrInvalidBoard) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("ParseBoard(%s) = %v, want %q", tc.in, err, tc.want)
		}
	}
	if !strings.Contains(b.String(), " 5»") || !strings.Contains(b.String(), " 9‖") || !strings.Contains(b.String(), "12»") {
		t.Errorf("String shows no effects:\n%s", b)
	}
}

// TestTurnThatNeverEnds: squares that give another throw catching every
// throw, with no limit, are refused when the rules are compiled on the
// board; a limit on Again throws does not save a turn whose throws the
// squares catch, but the same squares with a way out are fine.
func TestTurnThatNeverEnds(t *testing.T) {
	b, _ := FromJumps(3, map[int]int{5: 2})
	b, err := b.WithEffects(map[int]Effect{2: ThrowAgain, 3: ThrowAgain, 4: ThrowAgain})
	if err != nil {
		t.Fatal(err)
	}
	r := Rules{Faces: 1}
	if _, err := r.ExpectedTurns(b); !errors.Is(err, ErrInvalidRules) || !strings.Contains(err.Error(), "square 1 never ends") {
		t.Errorf("ExpectedTurns = %v, want ErrInvalidRules naming square 1", err)
	}
	if _, err := NewGame(b, r, 2); !errors.Is(err, ErrInvalidRules) {
		t.Errorf("NewGame = %v", err)
	}
	// With a limit the run voids, and the token goes back for ever.
	if _, err := (Rules{Faces: 1, Again: 1, AgainLimit: 3}).ExpectedTurns(b); !errors.Is(err, ErrNeverFinishes) {
		t.Errorf("with AgainLimit: %v", err)
	}
	if e, err := (Rules{Faces: 2}).ExpectedTurns(b); err != nil || !(e > 0) {
		t.Errorf("with a way out: %v, %v", e, err)
	}
}

// TestGameEffects plays a scripted game on effectBoard: a throw onto a
// square that gives another throw keeps the turn, one onto a square that
// costs a turn ends it and passes over the player's next turn, and the
// moves say which effect each throw set off.
func TestGameEffects(t *testing.T) {
	gm, err := NewGame(effectBoard(t), Rules{Bump: true}, 2)
	if err != nil {
		t.Fatal(err)
	}
	type step struct {
		face, player, to, turn int
		effect                 Effect
	}
	for i, s := range []step{
		{4, 0, 5, 1, ThrowAgain}, // 1→5: again
		{4, 0, 9, 1, MissTurn},   // 5→9: the turn ends, the next is passed over
		{4, 1, 5, 2, ThrowAgain},
		{4, 1, 9, 2, MissTurn}, // bumps player 0, who keeps the turn it waits out
	} {
		if p := gm.Player(); p != s.player {
			t.Fatalf("throw %d: player %d to throw, want %d", i, p, s.player)
		}
		m, err := gm.Apply(s.face)
		if err != nil {
			t.Fatal(err)
		}
		if m.To != s.to || m.Turn != s.turn || m.Effect != s.effect {
			t.Fatalf("throw %d: %+v, want to %d in turn %d with %v", i, m, s.to, s.turn, s.effect)
		}
	}
	// Both wait: turns 3 and 4 are passed over.
	if sq := gm.Squares(); sq[0] != 1 || sq[1] != 9 {
		t.Errorf("squares %v", sq)
	}
	for _, want := range []Move{{From: 1, Roll: 1, Landed: 2, To: 2, Turn: 5}, {From: 9, Roll: 1, Landed: 10, To: 10, Turn: 6, Player: 1}} {
		if m, err := gm.Apply(1); err != nil || m != want {
			t.Errorf("after both wait: %+v, %v; want %+v", m, err, want)
		}
	}
}

// TestPathsOnEffects: the searches count throws, which effects change
// only through Move.Turn (and AgainLimit's run): a fewest-throw path on a
// board with effects is as long as on the board without them, and its
// turns follow the squares it passes.
func TestPathsOnEffects(t *testing.T) {
	plain, _ := FromJumps(5, map[int]int{2: 13, 20: 7})
	b, err := plain.WithEffects(map[int]Effect{13: ThrowAgain, 19: MissTurn})
	if err != nil {
		t.Fatal(err)
	}
	path, ok := ShortestPath(b)
	if !ok || MinRolls(b) != MinRolls(plain) || len(path) != MinRolls(b) {
		t.Fatalf("path %v, MinRolls %d and %d", path, MinRolls(b), MinRolls(plain))
	}
	turn := 1
	for i, m := range path {
		if m.Turn != turn || m.Effect != b.Effect(m.To) {
			t.Fatalf("move %d: %+v, want turn %d, effect %v", i, m, turn, b.Effect(m.To))
		}
		switch m.Effect {
		case NoEffect:
			turn++
		case MissTurn:
			turn += 2
		}
	}
	if path[0].Effect != ThrowAgain || path[0].Turn != path[1].Turn {
		t.Errorf("the ladder to 13 gives another throw: %+v", path[:2])
	}
}
