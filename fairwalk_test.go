package snakes

// This file checks the walks by intervals (internal/walk) against every
// roll of the test's own reading of the rules (oracle_test.go), and that a
// die of 65536 faces walks at the cost of its squares.

import (
	"context"
	"fmt"
	"math"
	"reflect"
	"runtime"
	"testing"

	"pgregory.net/rapid"

	"github.com/snakesladders/snakes/internal/model"
	"github.com/snakesladders/snakes/internal/walk"
)

// TestFairWalk follows a walk by intervals turn by turn beside the same
// chances moved roll by roll by the oracle, on boards of 81 and 100
// squares under every overshoot and dice of 24 faces up to over twice the
// board (a fold under Bounce that goes round more than once), and checks
// the squares it says can finish and are reached, from the start and from
// another square.
func TestFairWalk(t *testing.T) {
	t.Parallel()
	var wrapped, stuck, draws int
	rapid.Check(t, func(t *rapid.T) {
		grid := genGrid(9, 10).Draw(t, "grid")
		rr := genRules().Draw(t, "rules")
		last := len(grid) * len(grid)
		// Narrower than the board, up to twice as wide, or wider still.
		lows := []int{int(model.DefaultLimits.IntervalsFrom), last - 10, 2*last - 2, 2*last + 30}
		k := rapid.IntRange(0, 3).Draw(t, "width") // 3: narrow, behind a wall
		rr.faces = rapid.IntRange(lows[k%3], lows[k%3+1]-1).Draw(t, "faces")
		if k == 2 {
			rr.over = Bounce // a fold that goes round more than once
		}
		if k == 3 {
			// A wall of snakes as wide as the die, back to square 1, traps
			// every square below it, none of which has a jump of its own.
			n := len(grid)
			lo := rapid.IntRange(2, last-rr.faces-2).Draw(t, "wall from")
			for label := 1; label < lo+rr.faces; label++ {
				r, c := refCell(n, label)
				grid[r][c] = -1
				if label >= lo {
					grid[r][c] = 1
				}
			}
		}
		g := refGame(t, grid, rr)
		if !walk.WalksByIntervals(&g) {
			t.Fatalf("%d faces on %d squares do not walk by intervals", rr.faces, last)
		}
		flat := refFlat(grid)
		ends := make([][]int, last) // ends[v][roll-1]: where the roll from v ends
		for v := range ends {
			ends[v] = make([]int, rr.faces)
			for roll := 1; roll <= rr.faces; roll++ {
				_, ends[v][roll-1] = rr.step(flat, v, roll)
			}
		}
		can := make([]bool, last+1)
		can[last] = true
		for changed := true; changed; {
			changed = false
			for v := range ends {
				for _, to := range ends[v] {
					if !can[v] && can[to] {
						can[v], changed = true, true
					}
				}
			}
		}
		reachFrom := func(s int) []bool {
			seen := make([]bool, last+1)
			seen[s] = true
			for stack := []int{s}; len(stack) > 0; {
				v := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				if v == last {
					continue
				}
				for _, to := range ends[v] {
					if !seen[to] {
						seen[to] = true
						stack = append(stack, to)
					}
				}
			}
			return seen
		}
		w, err := walk.PlayWalk(context.Background(), &g, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		for v := range can {
			if w.C.CanFinish[v] != can[v] {
				t.Fatalf("square %d: canFinish %v, want %v", v, w.C.CanFinish[v], can[v])
			}
		}
		sameReach := func(w *walk.Walk, s int) {
			want := reachFrom(s)
			trapped := false
			for v := range want {
				if w.Reached[v] != want[v] {
					t.Fatalf("from %d: square %d reached %v, want %v", s, v, w.Reached[v], want[v])
				}
				trapped = trapped || want[v] && !can[v]
			}
			if (w.Trap >= 0) != trapped || w.Trap >= 0 && (!want[w.Trap] || can[w.Trap]) {
				t.Fatalf("from %d: trap %d, want one: %v", s, w.Trap, trapped)
			}
		}
		sameReach(w, rr.start())
		s := rapid.IntRange(rr.start(), last-1).Draw(t, "from")
		if !w.Reached[s] {
			s = rr.start()
		}
		v, err := w.From(int32(s))
		if err != nil {
			t.Fatal(err)
		}
		sameReach(v, s)
		mass := make([]float64, last+1)
		mass[s] = 1
		for turn := 1; turn <= 12; turn++ {
			next := make([]float64, last+1)
			for u, p := range mass[:last] {
				for _, to := range ends[u] {
					next[to] += p / float64(rr.faces)
				}
			}
			mass = next
			finished := v.Turn()
			for u, p := range mass {
				got := v.Mass[u]
				if u == last {
					got = finished
				}
				if math.Abs(got-p) > 1e-12*p+1e-300 {
					t.Fatalf("turn %d, square %d: %v, want %v", turn, u, got, p)
				}
			}
			mass[last] = 0
		}
		draws++
		if rr.over == Bounce && rr.faces >= 2*(last-1) {
			wrapped++
		}
		for _, ok := range can {
			if !ok {
				stuck++
				break
			}
		}
	})
	// Of 100 draws, about 25 fold round more than once, and about 25 have
	// squares that cannot finish.
	t.Logf("%d of %d draws fold round, %d have squares that cannot finish", wrapped, draws, stuck)
	if wrapped < 8 || stuck < 8 {
		t.Errorf("%d of %d draws fold round under Bounce, want 8 or more; %d have squares that cannot finish, want 8 or more", wrapped, draws, stuck)
	}
}

// TestFairWalkWide asks the walks' figures of a die of 65536 faces on an
// empty board of 10⁴ squares, whose table of turns alone would pass
// MaxWork: each answers, as the die says it must, allocating what the
// squares need rather than the faces.
func TestFairWalkWide(t *testing.T) {
	b := mustJumps(t, 100, nil)
	const faces = 65536
	last := 10000.0
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	// Under Stay exactly one face finishes from every square.
	stay := Rules{Faces: faces}
	dist, err := stay.LengthDistribution(b, 50)
	if err != nil {
		t.Fatal(err)
	}
	for turn := 1; turn <= 50; turn++ {
		want := math.Pow(1-1.0/faces, float64(turn-1)) / faces
		if math.Abs(dist[turn]-want) > 1e-12*want {
			t.Fatalf("Stay, turn %d: %v, want %v", turn, dist[turn], want)
		}
	}
	// Under Finish the faces of last-1 or more finish from square 1.
	finish := Rules{Faces: faces, Overshoot: Finish}
	dist, err = finish.LengthDistribution(b, 1)
	if want := (faces - last + 2) / faces; err != nil || math.Abs(dist[1]-want) > 1e-12 {
		t.Fatalf("Finish: %v, %v; want %v", dist, err, want)
	}
	if q, err := finish.Quantile(b, 0.5); err != nil || q != 1 {
		t.Errorf("Finish: median %d, %v; want 1", q, err)
	}
	runtime.ReadMemStats(&after)
	// The games on 900 squares, whose tails take 10⁴ turns to settle: the
	// same chance of finishing every turn.
	small := mustJumps(t, 30, nil)
	if m, err := stay.ModeTurns(small); err != nil || m != 1 {
		t.Errorf("Stay: mode %d, %v; want 1", m, err)
	}
	// Two players: the first to move wins with chance 1/(2 − 1/faces).
	wins, err := stay.WinChances(small, 2)
	if want := 1 / (2 - 1.0/faces); err != nil || math.Abs(wins[0]-want) > 1e-9 {
		t.Errorf("Stay: wins %v, %v; want %v first", wins, err, want)
	}
	// A 99th percentile of 3.0·10⁵ turns through the settled tail, and
	// under a bound that covers the three windows the tail settles in
	// (about 4.1·10⁷ steps) and not two more, only a skip to tailNear turns
	// short of each answers: the median of 4.5·10⁴ turns too.
	for _, c := range []struct {
		r     Rules
		bound string
		q     float64
	}{{stay, "MaxWork", 0.99}, {stay.WithMaxWork(6e7), "6e7", 0.99}, {stay.WithMaxWork(6e7), "6e7", 0.5}} {
		want := int(math.Ceil(math.Log1p(-c.q) / math.Log1p(-1.0/faces)))
		if got, err := c.r.Quantile(small, c.q); err != nil || got != want {
			t.Errorf("Stay on 900 squares, bound %s: quantile %v is %d, %v; want %d", c.bound, c.q, got, err, want)
		}
	}
	// The table of turns would be 10⁴ squares × 65536 ends × 20 bytes.
	if grew := after.TotalAlloc - before.TotalAlloc; grew > 64<<20 {
		t.Errorf("allocated %d MiB, want the squares' share", grew>>20)
	}
}

// TestFairWalkAnalysis asks an Analysis, which keeps the classes of the
// squares for all its walks by intervals, each walk figure twice, and the
// Rules methods once: the same answers and errors.
func TestFairWalkAnalysis(t *testing.T) {
	t.Parallel()
	rapid.Check(t, func(t *rapid.T) {
		grid := genGrid(9, 10).Draw(t, "grid")
		rr := genRules().Draw(t, "rules")
		rr.faces = rapid.IntRange(int(model.DefaultLimits.IntervalsFrom), 250).Draw(t, "faces")
		g := refGame(t, grid, rr)
		if !walk.WalksByIntervals(&g) {
			t.Fatalf("%d faces do not walk by intervals", rr.faces)
		}
		b, err := NewBoard(grid)
		if err != nil {
			t.Fatal(err)
		}
		r := rr.rules()
		a, err := r.Analyze(context.Background(), b)
		if err != nil {
			t.Fatal(err)
		}
		ctx := context.Background()
		q := rapid.Float64Range(0.01, 1).Draw(t, "q")
		for _, fig := range []struct {
			name     string
			rules    func() (any, error)
			analysis func() (any, error)
		}{
			{"LengthDistribution", func() (any, error) { return r.LengthDistribution(b, 60) }, func() (any, error) { return a.LengthDistribution(ctx, 60) }},
			{"Quantile", func() (any, error) { return r.Quantile(b, q) }, func() (any, error) { return a.Quantile(ctx, q) }},
			{"ModeTurns", func() (any, error) { return r.ModeTurns(b) }, func() (any, error) { return a.ModeTurns(ctx) }},
			{"WinChances", func() (any, error) { return r.WinChances(b, 2) }, func() (any, error) { return a.WinChances(ctx, 2) }},
		} {
			want, wantErr := fig.rules()
			for range 2 {
				got, err := fig.analysis()
				if fmt.Sprint(err) != fmt.Sprint(wantErr) || err == nil && !reflect.DeepEqual(got, want) {
					t.Fatalf("%s: Analysis %v, %v; Rules %v, %v", fig.name, got, err, want, wantErr)
				}
			}
		}
	})
}
