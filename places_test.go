package snakes

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"pgregory.net/rapid"
)

// This file tests Places: against the race of WinChances, against games
// played on under PlayOn, and its errors. places_oracle_test.go holds the
// exact oracle it is held to on small boards.

// checkPlaces fails unless p is players×players, every row and column
// sums to 1 within 1e-12, and no chance is outside [0, 1].
func checkPlaces(t fataler, p [][]float64, players int, what string) {
	if len(p) != players {
		t.Fatalf("%s: %d rows, want %d", what, len(p), players)
	}
	for i := range p {
		if len(p[i]) != players {
			t.Fatalf("%s: row %d has %d places, want %d", what, i, len(p[i]), players)
		}
		row, col := 0.0, 0.0
		for m := range p[i] {
			if !(p[i][m] >= 0 && p[i][m] <= 1) {
				t.Fatalf("%s: p[%d][%d] = %v", what, i, m, p[i][m])
			}
			row += p[i][m]
			col += p[m][i]
		}
		if math.Abs(row-1) > 1e-12 || math.Abs(col-1) > 1e-12 {
			t.Fatalf("%s: row %d sums to 1%+.3g, column %d to 1%+.3g", what, i, row-1, i, col-1)
		}
	}
}

// TestPropertyPlacesAsRace: on random boards under random house rules,
// with or without Bump, Places' first column is WinChances (the race of
// race.go, or the joint chain, summed in closed form by a computation of
// its own), its rows and columns sum to 1, two players' places mirror each
// other, and Analysis.Places agrees with Rules.Places.
func TestPropertyPlacesAsRace(t *testing.T) {
	t.Parallel()
	checked := 0
	rapid.Check(t, func(t *rapid.T) {
		grid := genGrid(1, 6).Draw(t, "grid")
		h := genHouse().Draw(t, "rules")
		r, b, _ := houseBoard(t, grid, h)
		r = r.WithMaxWork(1 << 24) // games too long to follow at leisure are refused
		r.Bump = rapid.IntRange(0, 3).Draw(t, "bump") == 0
		players := rapid.IntRange(1, 5).Draw(t, "players")
		if r.Bump {
			players = min(players, 2)
		}
		p, err := r.Places(b, players)
		wins, werr := r.WinChances(b, players)
		if errors.Is(err, ErrNeverFinishes) || errors.Is(err, ErrTooLarge) {
			return // a trapped player has no place; a game too long to follow
		}
		if err != nil {
			t.Fatalf("Places(%d): %v", players, err)
		}
		checkPlaces(t, p, players, "Places")
		if werr == nil {
			for i := range players {
				if math.Abs(p[i][0]-wins[i]) > 1e-9 {
					t.Fatalf("player %d: first place %.15g, WinChances %.15g", i, p[i][0], wins[i])
				}
			}
		}
		if players == 2 && (math.Abs(p[0][0]-p[1][1]) > 1e-12 || math.Abs(p[0][1]-p[1][0]) > 1e-12) {
			t.Fatalf("two players' places do not mirror: %v", p)
		}
		a, err := r.Analyze(context.Background(), b)
		if err != nil {
			t.Fatal(err)
		}
		ap, err := a.Places(context.Background(), players)
		if err != nil {
			t.Fatalf("Analysis.Places: %v", err)
		}
		for i := range p {
			for m := range p[i] {
				if math.Abs(ap[i][m]-p[i][m]) > 1e-15 {
					t.Fatalf("Analysis.Places[%d][%d] = %v, Rules.Places %v", i, m, ap[i][m], p[i][m])
				}
			}
		}
		checked++
	})
	if checked < 50 {
		t.Fatalf("%d draws checked", checked)
	}
}

// TestPlacesAsPlayed: the places of 3 and 4 players on the classic board,
// and of 2 under Bump, against the places of 20,000 games played on to
// their end by Game under PlayOn (checked throw by throw against the
// test's reference in TestPropertyGameAsReference): each within 5
// standard errors.
func TestPlacesAsPlayed(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		r       Rules
		players int
	}{
		{Rules{PlayOn: true}, 3},
		{Rules{PlayOn: true, Again: 6, AgainLimit: 3, StartOffBoard: true}, 4},
		{Rules{PlayOn: true, Bump: true}, 2},
	} {
		p, err := tc.r.Places(Classic(), tc.players)
		if err != nil {
			t.Fatal(err)
		}
		checkPlaces(t, p, tc.players, "Places")
		const games = 20000
		count := make([][]int, tc.players)
		for i := range count {
			count[i] = make([]int, tc.players)
		}
		rng := rand.New(rand.NewPCG(uint64(tc.players), 909))
		for range games {
			gm, err := NewGame(Classic(), tc.r, tc.players)
			if err != nil {
				t.Fatal(err)
			}
			for !gm.Over() {
				if _, err := gm.Throw(rng); err != nil {
					t.Fatal(err)
				}
			}
			for m, i := range gm.Standings() {
				count[i][m]++
			}
		}
		for i := range p {
			for m := range p[i] {
				got := float64(count[i][m]) / games
				se := math.Sqrt(p[i][m] * (1 - p[i][m]) / games)
				if math.Abs(got-p[i][m]) > 5*se {
					t.Errorf("%+v, %d players: player %d in place %d in %.4f of the games, Places %.4f (σ %.4f)", tc.r, tc.players, i, m+1, got, p[i][m], se)
				}
			}
		}
	}
}

// TestPlacesLongGame: on a board whose game lasts about 10³⁸ turns
// (TestRaceTooLongToFollow's), two players' places are their chances to
// win from the product chain, and four players' rows and columns sum to 1:
// the tail's ranks in closed form keep their precision.
func TestPlacesLongGame(t *testing.T) {
	t.Parallel()
	r, b := longRace()
	wins, err := r.WinChances(b, 2)
	if err != nil {
		t.Fatal(err)
	}
	p, err := r.Places(b, 2)
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(p[0][0]-wins[0]) > 1e-9 || math.Abs(p[1][0]-wins[1]) > 1e-9 {
		t.Fatalf("places %v, WinChances %v", p, wins)
	}
	p, err = r.Places(b, 4)
	if err != nil {
		t.Fatal(err)
	}
	checkPlaces(t, p, 4, "four players")
}

// TestPlacesErrors: too few players, a board where a player can be
// trapped, more than two players under Bump, and places of many players
// refused by their memory (known before any turn is followed) or by the
// work of following the turns or of the tail, each named.
func TestPlacesErrors(t *testing.T) {
	t.Parallel()
	trap := mustJumps(t, 3, map[int]int{3: 1}) // one face: 1, 2, 3 and back to 1 for ever
	// Squares 2 and 8 hold a token that only a bump frees: three or four
	// tokens keep one another free until one finishes; then the others
	// may be stuck for ever (a fresh review's find).
	freed := mustJumps(t, 3, map[int]int{4: 2, 5: 2})
	for _, tc := range []struct {
		r       Rules
		b       *Board
		players int
		kind    error
		says    string
	}{
		{Rules{}, Classic(), 0, ErrInvalidRules, "players is 0"},
		{Rules{StartOffBoard: true, Bump: true}.WithMaxWork(1 << 27), Classic(), 3, ErrTooLarge, "did not settle within"},
		{Rules{StartOffBoard: true, Bump: true}.WithMaxWork(1 << 26), Classic(), 3, ErrTooLarge, "building the joint chain of 3 players' tokens on 81 squares (5.31e+05 states) takes about"},
		{Rules{}, nil, 2, ErrInvalidBoard, ""},
		{Rules{Faces: 1}, trap, 2, ErrNeverFinishes, "square"},
		{Rules{Bump: true, Weights: []int{0, 1, 1}}, freed, 3, ErrNeverFinishes, "may never end"},
		{Rules{Bump: true, Weights: []int{0, 1, 1}}, freed, 4, ErrNeverFinishes, "may never end"},
		{Rules{}, Classic(), 1 << 20, ErrTooLarge, "the places of 1048576 players needs"},
		{Rules{}, Classic(), 5000, ErrTooLarge, "the places of 5000 players needs"},
		{Rules{}, Classic(), 300, ErrTooLarge, "the places of 300 players: after"},
		{Rules{}, Classic(), 150, ErrTooLarge, "the places of 150 players takes about"},
	} {
		_, err := tc.r.Places(tc.b, tc.players)
		if !errors.Is(err, tc.kind) || !strings.Contains(err.Error(), tc.says) {
			t.Errorf("Places(%+v, %d) = %v; want %v saying %q", tc.r, tc.players, err, tc.kind, tc.says)
		}
	}
}

// TestPropertyPlacesExact: Places against the test's own joint chain of a
// game played on (places_oracle_test.go), built throw by throw and solved
// in exact rationals: on boards up to 3×3, for 2 or 3 players, under each
// Overshoot rule, on or off the board, with and without Bump.
func TestPropertyPlacesExact(t *testing.T) {
	t.Parallel()
	checked, bumped := 0, 0
	rapid.Check(t, func(t *rapid.T) {
		grid := genGrid(1, 3).Draw(t, "grid")
		players := rapid.IntRange(2, 3).Draw(t, "players")
		bump := rapid.Bool().Draw(t, "bump")
		most := 6 // faces: three players up to 3, under Bump 2, for the oracle's sake
		if players == 3 {
			most = 3
			if bump {
				most = 2
			}
		}
		faces := rapid.IntRange(1, most).Draw(t, "faces")
		over := Overshoot(rapid.IntRange(0, 2).Draw(t, "overshoot"))
		r := Rules{Faces: faces, Overshoot: over, StartOffBoard: rapid.Bool().Draw(t, "offBoard"), Bump: bump}
		n := len(grid)
		if over == Bounce && n*n <= faces {
			return // a bounce off the first square: outside the oracle's rules
		}
		want, ok := refPlaces(grid, faces, strings.ToLower(over.String()), r.StartOffBoard, r.Bump, players, 1500)
		b, err := NewBoard(grid)
		if err != nil {
			t.Fatal(err)
		}
		got, err := r.Places(b, players)
		if !ok {
			return // more states than the oracle takes, or a game that may never end
		}
		if err != nil {
			t.Fatalf("Places(%+v, %d): %v; the oracle has %v", r, players, err, want)
		}
		for i := range players {
			for m := range players {
				w, _ := want[i][m].Float64()
				if math.Abs(got[i][m]-w) > 1e-12 {
					t.Fatalf("%+v, %d players: p[%d][%d] = %.15g, exact %s", r, players, i, m, got[i][m], want[i][m].FloatString(15))
				}
			}
		}
		checked++
		if bump && players == 3 {
			bumped++
		}
	})
	if checked < 50 || bumped < 5 {
		t.Fatalf("%d draws checked against the exact places, %d of three players under Bump", checked, bumped)
	}
}

// TestPlacesPeriodic: on a board whose tokens can finish on every other
// turn alone (a die that moves 1 or 3, a snake that keeps the parity), the
// tail's rate over a window is steady while the chance of finishing a turn
// is not, and must not be taken for the geometric tail: the places of 2
// to 4 players against the test's own sum over the length distribution,
// 2·10⁵ turns of it (all but 10⁻¹⁴), of the binomials of who finished
// before whom; and WinChances, whose race is held to the same, agrees.
func TestPlacesPeriodic(t *testing.T) {
	t.Parallel()
	b := mustJumps(t, 3, map[int]int{8: 2})
	r := Rules{Weights: []int{999, 0, 1}, Overshoot: Bounce}
	f, err := r.LengthDistribution(b, 200000)
	if err != nil {
		t.Fatal(err)
	}
	// done[t], left[t]: finished by turn t, and not, each a sum of chances.
	done, left := make([]float64, len(f)), make([]float64, len(f))
	for i := range f {
		done[i] = f[i]
		if i > 0 {
			done[i] += done[i-1]
		}
	}
	for i := len(f) - 2; i >= 0; i-- {
		left[i] = left[i+1] + f[i+1]
	}
	for players := 2; players <= 4; players++ {
		p, err := r.Places(b, players)
		if err != nil {
			t.Fatal(err)
		}
		wins, err := r.WinChances(b, players) // the race's tail is held to the same
		if err != nil {
			t.Fatal(err)
		}
		for i, w := range wins {
			if math.Abs(p[i][0]-w) > 1e-12 {
				t.Errorf("%d players: player %d first %.15g, WinChances %.15g", players, i, p[i][0], w)
			}
		}
		for i := range players {
			want := make([]float64, players)
			for turn := 1; turn < len(f); turn++ {
				// Exactly m others before player i: the coefficients of
				// (left + done·x) over those before it by this turn and those
				// after it by the turn before.
				c := []float64{1}
				for q := range players {
					if q == i {
						continue
					}
					at := turn
					if q > i {
						at--
					}
					next := make([]float64, len(c)+1)
					for k, v := range c {
						next[k] += v * left[at]
						next[k+1] += v * done[at]
					}
					c = next
				}
				for m, v := range c {
					want[m] += f[turn] * v
				}
			}
			for m := range players {
				if math.Abs(p[i][m]-want[m]) > 1e-12 {
					t.Errorf("%d players: p[%d][%d] = %.15g, the sum %.15g", players, i, m, p[i][m], want[m])
				}
			}
		}
	}
}

// TestPlacesContext: a context that ends while the tail's ranks of 100
// players are worked out (a 2×2 board settles at once) stops them with
// its error, for Rules and Analysis alike.
func TestPlacesContext(t *testing.T) {
	t.Parallel()
	b := mustJumps(t, 2, nil)
	r := Rules{}.WithMaxWork(1 << 40)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	if p, err := r.PlacesContext(ctx, b, 100); !errors.Is(err, context.DeadlineExceeded) || p != nil {
		t.Errorf("PlacesContext past its deadline: %v", err)
	}
	a, err := r.Analyze(context.Background(), b)
	if err != nil {
		t.Fatal(err)
	}
	if p, err := a.Places(ctx, 100); !errors.Is(err, context.DeadlineExceeded) || p != nil {
		t.Errorf("Analysis.Places past its deadline: %v", err)
	}
}
