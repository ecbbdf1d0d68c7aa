package snakes

import (
	"context"
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// This file tests Game.Outlook: exact where it can be, and its estimates
// against exact figures computed another way.

// TestOutlookExact: at the start without Bump, the outlook is Odds and
// Places; for two players, places mirror the chances to win; once the
// game is decided, the standings.
func TestOutlookExact(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	gm, err := NewGame(Classic(), Rules{StartOffBoard: true}, 3)
	if err != nil {
		t.Fatal(err)
	}
	o, err := gm.Outlook(ctx)
	if err != nil {
		t.Fatal(err)
	}
	places, err := Rules{StartOffBoard: true}.Places(Classic(), 3)
	if err != nil {
		t.Fatal(err)
	}
	odds, _ := gm.Odds()
	if !o.Exact || o.Games != 0 || o.StdErr != nil || o.Note != "" || !cmp.Equal(o.Win, odds) || !cmp.Equal(o.Places, places) {
		t.Fatalf("at the start: %+v; want Odds %v and Places %v, exact", o, odds, places)
	}
	two, _ := NewGame(Classic(), Rules{Bump: true}, 2)
	for _, f := range []int{3, 5, 6, 2} {
		two.Apply(f)
	}
	o, err = two.Outlook(ctx)
	odds, _ = two.Odds()
	if err != nil || !o.Exact || !cmp.Equal(o.Places, [][]float64{{odds[0], odds[1]}, {odds[1], odds[0]}}) {
		t.Fatalf("two players under Bump: %+v, %v; Odds %v", o, err, odds)
	}
	// Three players under Bump on a 3×3 board, at the start: the places
	// are Rules.Places', the joint chain solved a place at a time.
	small := mustJumps(t, 3, map[int]int{2: 7, 8: 3})
	three, _ := NewGame(small, Rules{Bump: true}, 3)
	o, err = three.Outlook(ctx)
	want3, perr := Rules{Bump: true}.Places(small, 3)
	if err != nil || perr != nil || !o.Exact || !cmp.Equal(o.Places, want3) {
		t.Fatalf("three players under Bump on a small board: %+v, %v; Places %v, %v", o, err, want3, perr)
	}
	// A board whose start is its end: over at once, the places in turn
	// order, without PlayOn too (a fresh review found Outlook looping
	// for ever there).
	one, _ := NewGame(mustJumps(t, 1, nil), Rules{Bump: true}, 3)
	o, err = one.Outlook(ctx)
	if err != nil || !o.Exact || !cmp.Equal(o.Places, [][]float64{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}) {
		t.Fatalf("a 1×1 board: %+v, %v", o, err)
	}
	b, _ := NewBoard(emptyGrid(2))
	done, _ := NewGame(b, Rules{PlayOn: true}, 3)
	for _, f := range []int{3, 1, 1, 2} { // 0 finishes; 1 on 2, 2 on 2; 1 finishes
		done.Apply(f)
	}
	o, err = done.Outlook(ctx)
	want := [][]float64{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}
	if err != nil || !done.Over() || !o.Exact || !cmp.Equal(o.Places, want) || !cmp.Equal(o.Win, []float64{1, 0, 0}) {
		t.Fatalf("a decided game: over %v, %+v, %v", done.Over(), o, err)
	}
}

// TestOutlookEstimated: four players under Bump on the classic board,
// whose joint chain is past the bounds, are estimated by playing on: each
// chance to win within 5 standard errors of the values of the issue's
// independent solver (to 1e-10), the places' first column the wins, and a
// second call the same. Three players' chances to win are exact (the
// joint chain, as the same solver has them to 1e-10), their places
// estimated, the first column within 5 standard errors of the wins; and
// so for a game of three under way without Bump.
func TestOutlookEstimated(t *testing.T) {
	t.Parallel()
	if raceEnabled {
		t.Skip("a second of play and a joint chain of 5·10⁵ states: checked without the race detector, which finds nothing to race here")
	}
	ctx := context.Background()
	four, err := NewGame(Classic(), Rules{StartOffBoard: true, Bump: true}, 4)
	if err != nil {
		t.Fatal(err)
	}
	o, err := four.Outlook(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if o.Exact || o.Games != outlookGames || len(o.StdErr) != 4 || o.Note != "too many players for exact odds on this board: estimated from 200,000 games" {
		t.Fatalf("four players: %+v", o)
	}
	checkPlaces(t, o.Places, 4, "estimated places")
	for i, p := range []float64{0.2556152573520, 0.2516777899971, 0.2480019238114, 0.2447050288392} {
		if math.Abs(o.Win[i]-p) > 5*o.StdErr[i] || o.Places[i][0] != o.Win[i] {
			t.Errorf("four players: player %d wins %.5f ± %.5f, exactly %.5f; first place %.5f", i, o.Win[i], o.StdErr[i], p, o.Places[i][0])
		}
	}
	again, err := four.Outlook(ctx)
	if err != nil || !cmp.Equal(again, o) {
		t.Fatalf("four players: a second call %+v, %v; the first %+v", again, err, o)
	}
	three, err := NewGame(Classic(), Rules{StartOffBoard: true, Bump: true}, 3)
	if err != nil {
		t.Fatal(err)
	}
	o, err = three.Outlook(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if o.Exact || o.StdErr != nil || o.Note != "places under Bump with more than two players: estimated from 200,000 games" {
		t.Fatalf("three players: %+v", o)
	}
	for i, p := range []float64{0.3392907749858, 0.3331343267711, 0.3275748982431} {
		if math.Abs(o.Win[i]-p) > 1e-10 {
			t.Errorf("three players: player %d wins %.13f, exactly %.13f", i, o.Win[i], p)
		}
	}
	checkPlacesAsWins(t, o)
	gm, _ := NewGame(Classic(), Rules{StartOffBoard: true}, 3)
	for _, f := range []int{1, 4, 6, 3, 5} {
		gm.Apply(f)
	}
	o, err = gm.Outlook(ctx)
	if err != nil {
		t.Fatal(err)
	}
	odds, _ := gm.Odds()
	if o.Exact || o.StdErr != nil || !cmp.Equal(o.Win, odds) || !strings.Contains(o.Note, "places from a game under way: estimated from 200,000 games") {
		t.Fatalf("a game under way: %+v; Odds %v", o, odds)
	}
	checkPlacesAsWins(t, o)
}

// checkPlacesAsWins fails unless o's estimated places are places and
// their first column is within 5 standard errors of o's exact wins.
func checkPlacesAsWins(t *testing.T, o *Outlook) {
	t.Helper()
	checkPlaces(t, o.Places, len(o.Win), "estimated places")
	for i, p := range o.Win {
		if se := math.Sqrt(p * (1 - p) / float64(o.Games)); math.Abs(o.Places[i][0]-p) > 5*se {
			t.Errorf("player %d first in %.5f of the games, wins with chance %.5f (σ %.5f)", i, o.Places[i][0], p, se)
		}
	}
}

// TestOutlookErrors: a board where a player can be trapped, and a context
// already done.
func TestOutlookErrors(t *testing.T) {
	t.Parallel()
	gm, err := NewGame(mustJumps(t, 3, map[int]int{3: 1}), Rules{Faces: 1}, 3)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := gm.Outlook(context.Background()); !errors.Is(err, ErrNeverFinishes) {
		t.Errorf("a trapped player: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	bump, _ := NewGame(Classic(), Rules{Bump: true}, 3)
	if _, err := bump.Outlook(ctx); !errors.Is(err, context.Canceled) {
		t.Errorf("a context done: %v", err)
	}
}
