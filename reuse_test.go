package snakes

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"reflect"
	"slices"
	"strconv"
	"testing"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"
)

// This file tests that a Board decoded into a used value answers as a
// fresh one.

// TestDecodeIntoUsedBoard is the case that once went wrong: the reverse
// index of a board decoded earlier answered for the next one.
func TestDecodeIntoUsedBoard(t *testing.T) {
	t.Parallel()
	var b Board
	for _, tc := range []struct {
		json string
		want int
	}{
		{`{"size": 100, "jumps": {"2": 9999}}`, 2},
		{`{"size": 100, "jumps": {}}`, 1667},
		{`{"size": 70, "jumps": {"5": 4000}}`, MinRolls(mustJumps(t, 70, map[int]int{5: 4000}))},
		{`{"size": 100, "jumps": {}}`, 1667},
	} {
		if err := json.Unmarshal([]byte(tc.json), &b); err != nil {
			t.Fatal(err)
		}
		if got := MinRolls(&b); got != tc.want {
			t.Errorf("after decoding %s: MinRolls = %d, want %d", tc.json, got, tc.want)
		}
	}
	// A failed decode leaves the board as it was.
	if err := json.Unmarshal([]byte(`{"size": 0}`), &b); !errors.Is(err, ErrInvalidBoard) {
		t.Fatalf("decoding size 0: %v", err)
	}
	if got := MinRolls(&b); got != 1667 {
		t.Errorf("after a failed decode: MinRolls = %d, want 1667", got)
	}
}

func mustJumps(t testing.TB, n int, jumps map[int]int) *Board {
	t.Helper()
	b, err := FromJumps(n, jumps)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestPropertyReusedBoard decodes random boards one after another into the
// same value, small ones and ones past the size where MinRolls builds its
// reverse index, after every method has run (so every lazy index exists),
// and checks that each method answers as on a freshly built board.
func TestPropertyReusedBoard(t *testing.T) {
	t.Parallel()
	rapid.Check(t, func(t *rapid.T) {
		var reused Board
		copied := new(Board)
		for i := range rapid.IntRange(2, 4).Draw(t, "boards") {
			var grid [][]int
			if rapid.Bool().Draw(t, "large") {
				// Past 4096 squares, where MinRolls indexes the jumps.
				grid = sparseGrid(t, rapid.IntRange(64, 66).Draw(t, "n"))
			} else {
				grid = genGrid(1, 6).Draw(t, "grid"+strconv.Itoa(i))
			}
			data, err := json.Marshal(grid)
			if err != nil {
				t.Fatal(err)
			}
			if err := json.Unmarshal(data, &reused); err != nil {
				t.Fatal(err)
			}
			*copied = reused // a copy shares the squares and their indexes
			fresh, err := NewBoard(grid)
			if err != nil {
				t.Fatal(err)
			}
			// The zero rules build the reverse index on large boards, Chain
			// the chained jumps; a drawn rule set covers the rest.
			for _, r := range []Rules{{}, {Chain: true}, genRules().Draw(t, "rules").rules()} {
				for _, b := range []*Board{&reused, copied} {
					compareBoards(t, r, fresh, b)
				}
			}
		}
	})
}

// compareBoards checks that every method answers the same on got as on want.
func compareBoards(t *rapid.T, r Rules, want, got *Board) {
	// cmp.Diff only to explain a difference: on boards of 5000 squares it
	// is what would take the time.
	if wg, gg := want.Grid(), got.Grid(); !reflect.DeepEqual(wg, gg) {
		t.Fatalf("Grid (-fresh +reused):\n%s", cmp.Diff(wg, gg))
	}
	if w, g := r.MinRolls(want), r.MinRolls(got); w != g {
		t.Fatalf("%+v MinRolls: fresh %d, reused %d", r, w, g)
	}
	if wd, gd := r.Distances(want), r.Distances(got); !slices.Equal(wd, gd) {
		t.Fatalf("%+v Distances (-fresh +reused):\n%s", r, cmp.Diff(wd, gd))
	}
	wp, wok := r.ShortestPath(want)
	gp, gok := r.ShortestPath(got)
	if !slices.Equal(wp, gp) || wok != gok {
		t.Fatalf("%+v ShortestPath (-fresh +reused):\n%s", r, cmp.Diff(wp, gp))
	}
	we, werr := r.ExpectedTurns(want)
	ge, gerr := r.ExpectedTurns(got)
	if we != ge || (werr == nil) != (gerr == nil) {
		t.Fatalf("%+v ExpectedTurns: fresh %v, %v; reused %v, %v", r, we, werr, ge, gerr)
	}
	wd, _ := r.LengthDistribution(want, 5)
	gd, _ := r.LengthDistribution(got, 5)
	if diff := cmp.Diff(wd, gd); diff != "" {
		t.Fatalf("%+v LengthDistribution (-fresh +reused):\n%s", r, diff)
	}
	wm := r.Play(want, rand.New(rand.NewPCG(1, 2)), 20)
	gm := r.Play(got, rand.New(rand.NewPCG(1, 2)), 20)
	if diff := cmp.Diff(wm, gm); diff != "" {
		t.Fatalf("%+v Play (-fresh +reused):\n%s", r, diff)
	}
}
