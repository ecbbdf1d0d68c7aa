package snakes

import (
	"context"
	"math"
	"testing"

	"pgregory.net/rapid"

	"github.com/snakesladders/snakes/internal/joint"
	"github.com/snakesladders/snakes/internal/model"
	"github.com/snakesladders/snakes/internal/walk"
)

// This file tests the product chain's races against exact ones, and a race
// too long to follow.

// TestPropertyProductRaceExact: the product chain's elimination
// (race.go), and WinChances, WinChancesFrom and GameLength by
// whichever method they choose, against the test's own joint chain
// without Bump, built throw by throw and solved in exact rationals: on
// boards up to 3×3, for 2 or 3 players, under random house rules whose
// loaded dice may favour one face 65536 to one or more, so that some games
// wait long on a rare throw. TestRaceTooLongToFollow holds a game of 10³⁸
// turns.
func TestPropertyProductRaceExact(t *testing.T) {
	t.Parallel()
	checked, long, chosen := 0, 0, 0
	rapid.Check(t, func(t *rapid.T) {
		grid := genGrid(1, 3).Draw(t, "grid")
		h := genHouse().Draw(t, "rules")
		if h.again > 0 && h.limit == 0 {
			h.limit = 2 // a turn that runs on without a limit has no end for the reference's states
		}
		if rapid.IntRange(0, 3).Draw(t, "skewed") > 0 {
			if h.weights == nil {
				h.weights = make([]int, h.faces)
				for i := range h.weights {
					h.weights[i] = 1
				}
			}
			i := rapid.IntRange(0, len(h.weights)-1).Draw(t, "favoured")
			h.weights[i] = (h.weights[i] + 1) << 16
		}
		players := rapid.IntRange(2, 3).Draw(t, "players")
		r, b, flat := houseBoard(t, grid, h)
		last := len(flat) - 1
		if h.start() == last {
			return
		}
		start := refJointState{}
		squares := make([]int, players)
		for q := range players {
			squares[q] = rapid.IntRange(h.start(), last-1).Draw(t, "square")
			start.squares[q] = squares[q]
		}
		start.turn = houseState{squares[0], squares[0], 0}
		rj := newRefJointUpTo(t, h, false, flat, players, start, 40) // few states: the skewed weights make long rationals
		if rj == nil {
			return
		}
		_, w := walkOf(t, r, b)
		if joint.BoundRace(w, squares) > joint.RaceDenseFrom {
			chosen++ // the product chain is what WinChancesFrom chooses
		}
		w.Work = 0
		pr := joint.ProductRaceOf(w, squares, math.Inf(1))
		if pr == nil {
			t.Fatalf("no product chain for %d players on %d squares", players, last)
		}
		if err := pr.Solve(w); err != nil {
			t.Fatal(err)
		}
		wins, rounds, turns := pr.Run()
		from, err := r.WinChancesFrom(b, squares)
		if err != nil {
			t.Fatalf("WinChancesFrom(%v): %v", squares, err)
		}
		for q := range players {
			want, _ := rj.wins[0][q].Float64()
			if math.Abs(wins[q]-want) > 1e-12 || math.Abs(from[q]-want) > 1e-9 {
				t.Fatalf("player %d from %v: product chain %.15g, WinChancesFrom %.15g, exact %s", q, squares, wins[q], from[q], rj.wins[0][q].FloatString(15))
			}
		}
		if rj.ends {
			wr, wt := rj.length(0)
			if math.Abs(rounds-wr) > 1e-12*wr || math.Abs(turns-wt) > 1e-12*wt {
				t.Fatalf("from %v: product chain's rounds and turns %v, %v; exact %v, %v", squares, rounds, turns, wr, wt)
			}
			if wt > 1e5 {
				long++
			}
			if squares[0] == h.start() && squares[1] == h.start() && (players == 2 || squares[2] == h.start()) {
				gr, gt, err := r.GameLength(b, players)
				if err != nil || math.Abs(gr-wr) > 1e-9*wr || math.Abs(gt-wt) > 1e-9*wt {
					t.Fatalf("GameLength = %v, %v, %v; exact %v, %v", gr, gt, err, wr, wt)
				}
			}
		}
		checked++
	})
	t.Logf("%d draws checked against the exact joint chain, %d of games over 10⁵ turns, %d raced by the product chain", checked, long, chosen)
	if checked < 50 || chosen < 15 {
		t.Fatalf("%d draws checked, %d by the product chain: the property checked too little", checked, chosen)
	}
}

// longRace is the rules and board of a game of about 10³⁸ turns on a 3×3
// board (a fuzzing find), whose walks take longer to settle into their
// tails than a race may spend.
func longRace() (Rules, *Board) {
	b, _ := NewBoard(emptyGrid(3))
	return Rules{Dice: 3, Weights: []int{32, 99, 48, 48}, StartOffBoard: true, Again: 4, AgainLimit: 24, OnLimit: BackToStart, Chain: true}, b
}

// TestRaceTooLongToFollow: a game of about 10³⁸ turns on a 3×3 board,
// whose walks take longer to settle into their tails than a race may
// spend (a fuzzing find): WinChances and GameLength answer, by the
// product chain, as the walks do when given all the work they need.
func TestRaceTooLongToFollow(t *testing.T) {
	t.Parallel()
	r, b := longRace()
	wins, err := r.WinChances(b, 2)
	if err != nil {
		t.Fatal(err)
	}
	rounds, turns, err := r.GameLength(b, 2)
	if err != nil {
		t.Fatal(err)
	}
	g, _ := r.playable(b)
	g.Lim = &model.Limits{}
	*g.Lim = model.DefaultLimits
	g.Lim.Work = 1e11
	w, err := walk.PlayWalk(context.Background(), &g, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	rc, err := joint.Race(w, joint.OnStart(&g, 2))
	if err != nil {
		t.Fatal(err)
	}
	want, wantRounds, wantTurns, err := rc.Run()
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("wins %v, rounds %.6g, turns %.6g; walks %v, %.6g, %.6g after %d turns", wins, rounds, turns, want, wantRounds, wantTurns, rc.Walks[0].Turns)
	if wantTurns < 1e37 || rc.Walks[0].Turns < joint.RaceTailTurns {
		t.Fatalf("the game is no longer one whose walks outlast a race's allowance")
	}
	for q := range wins {
		if math.Abs(wins[q]-want[q]) > 1e-12 {
			t.Fatalf("WinChances %v, walks %v", wins, want)
		}
	}
	if math.Abs(rounds-wantRounds) > 1e-9*wantRounds || math.Abs(turns-wantTurns) > 1e-9*wantTurns {
		t.Fatalf("GameLength %v, %v; walks %v, %v", rounds, turns, wantRounds, wantTurns)
	}
}

// walkOf returns the game of r on b and a walk from its start, over its
// compiled turns.
func walkOf(t interface{ Fatal(...any) }, r Rules, b *Board) (*model.Game, *walk.Walk) {
	g, err := r.playable(b)
	if err != nil {
		t.Fatal(err)
	}
	w, err := walk.PlayWalk(context.Background(), &g, nil, nil)
	if err != nil || w.FM != nil {
		t.Fatal("no walk over compiled turns:", err)
	}
	return &g, w
}
