package snakes

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"

	"github.com/snakesladders/snakes/internal/model"
	"github.com/snakesladders/snakes/internal/search"
)

// This file tests the searches (MinRolls, ShortestPath, Distances) on
// LeetCode 909's examples and edge boards, and the board's validation and
// numbering; it holds the board fixtures the other tests share.

// The two examples of the problem statement.
var (
	example1 = [][]int{
		{-1, -1, -1, -1, -1, -1},
		{-1, -1, -1, -1, -1, -1},
		{-1, -1, -1, -1, -1, -1},
		{-1, 35, -1, -1, 13, -1},
		{-1, -1, -1, -1, -1, -1},
		{-1, 15, -1, -1, -1, -1},
	}
	example2 = [][]int{{-1, -1}, {-1, 3}}
	// Squares 2..7 are all snakes to 1, so 8 and 9 are out of reach.
	walled = [][]int{{1, -1, -1}, {1, 1, 1}, {-1, 1, 1}}
)

func mustBoard(t testing.TB, grid [][]int) *Board {
	t.Helper()
	b, err := NewBoard(grid)
	if err != nil {
		t.Fatalf("NewBoard: %v", err)
	}
	return b
}

func emptyGrid(n int) [][]int {
	grid := make([][]int, n)
	for r := range grid {
		grid[r] = make([]int, n)
		for c := range grid[r] {
			grid[r][c] = -1
		}
	}
	return grid
}

func TestMinRollsCases(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		grid [][]int
		want int
	}{
		{"example 1", example1, 4},
		{"example 2", example2, 1},
		{"1x1", [][]int{{-1}}, 0},
		{"2x2 empty", emptyGrid(2), 1},
		// 4 is one roll away whatever the jumps; TestNoChaining checks where
		// the turns end.
		{"no chaining", [][]int{{-1, 4}, {-1, 3}}, 1},
		// Every square 2..7 is a snake back to 1: the last square is unreachable.
		{"walled", walled, -1},
		// Ladders to the end from square 2.
		{"ladder to end", [][]int{{-1, -1, -1}, {-1, -1, -1}, {-1, 9, -1}}, 1},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			b := mustBoard(t, tc.grid)
			if got := MinRolls(b); got != tc.want {
				t.Errorf("MinRolls = %d, want %d", got, tc.want)
			}
			if got := minRollsGrid(tc.grid); got != tc.want {
				t.Errorf("minRollsGrid = %d, want %d", got, tc.want)
			}
			if got := refDist(refFlat(tc.grid))[len(tc.grid)*len(tc.grid)]; got != tc.want {
				t.Errorf("reference = %d, want %d (the case itself is wrong)", got, tc.want)
			}
		})
	}
}

func TestNoJumpBoards(t *testing.T) {
	t.Parallel()
	for n := 1; n <= 30; n++ {
		b := mustBoard(t, emptyGrid(n))
		want := (n*n - 1 + 5) / 6 // ⌈(n²−1)/6⌉
		if got := MinRolls(b); got != want {
			t.Errorf("n=%d: MinRolls = %d, want %d", n, got, want)
		}
	}
}

// TestNoChaining checks where the turn ends when a jump's end starts another.
func TestNoChaining(t *testing.T) {
	t.Parallel()
	// 2×2: square 1 at [1][0], 2 at [1][1], 3 at [0][1], 4 at [0][0].
	b := mustBoard(t, [][]int{{-1, 4}, {-1, 3}})
	dist := Distances(b)
	// Rolling 1 lands on 2 and goes to 3, and the turn ends there rather than
	// following 3→4; rolling 2 lands on 3 and takes 3→4. No turn ends on 2.
	want := []int{-1, 0, -1, 1, 1}
	if diff := cmp.Diff(want, dist); diff != "" {
		t.Errorf("Distances (-want +got):\n%s", diff)
	}
	path, ok := ShortestPath(b)
	wantPath := []Move{{From: 1, Roll: 2, Landed: 3, To: 4, Turn: 1}}
	if !ok || !cmp.Equal(wantPath, path) {
		t.Errorf("ShortestPath = %v, %v; want %v", path, ok, wantPath)
	}

	// A snake 5→2 whose end starts a ladder 2→9: under the zero rules the
	// turn ends on 2.
	b = mustBoard(t, [][]int{
		{-1, -1, -1},
		{-1, -1, 2},
		{-1, 9, -1},
	})
	if got := Distances(b)[2]; got != 1 {
		t.Errorf("square 2 reached in %d rolls, want 1", got)
	}
	if got := MinRolls(b); got != 1 { // square 2's ladder goes straight to 9
		t.Errorf("MinRolls = %d, want 1", got)
	}
}

func TestExample1Path(t *testing.T) {
	t.Parallel()
	path, ok := ShortestPath(mustBoard(t, example1))
	want := []Move{
		{From: 1, Roll: 1, Landed: 2, To: 15, Turn: 1},
		{From: 15, Roll: 2, Landed: 17, To: 13, Turn: 2},
		{From: 13, Roll: 1, Landed: 14, To: 35, Turn: 3},
		{From: 35, Roll: 1, Landed: 36, To: 36, Turn: 4},
	}
	if !ok {
		t.Fatal("ShortestPath found no path")
	}
	if diff := cmp.Diff(want, path); diff != "" {
		t.Errorf("ShortestPath (-want +got):\n%s", diff)
	}
}

func TestEdgeBoards(t *testing.T) {
	t.Parallel()
	one := mustBoard(t, [][]int{{-1}})
	if path, ok := ShortestPath(one); !ok || path == nil || len(path) != 0 {
		t.Errorf("1×1 ShortestPath = %#v, %v; want empty non-nil, true", path, ok)
	}
	if path, ok := ShortestPath(mustBoard(t, walled)); ok || path != nil {
		t.Errorf("unreachable ShortestPath = %v, %v; want nil, false", path, ok)
	}
	for _, b := range []*Board{nil, new(Board)} {
		if got := MinRolls(b); got != -1 {
			t.Errorf("MinRolls(%v) = %d, want -1", b, got)
		}
		if path, ok := ShortestPath(b); ok || path != nil {
			t.Errorf("ShortestPath(%v) = %v, %v; want nil, false", b, path, ok)
		}
		if got := Distances(b); !cmp.Equal(got, []int{-1}) {
			t.Errorf("Distances(%v) = %v, want [-1]", b, got)
		}
		if b.Size() != 0 || b.Squares() != 0 || len(b.Grid()) != 0 {
			t.Errorf("zero board has size %d, %d squares", b.Size(), b.Squares())
		}
		if _, ok := b.Jump(1); ok {
			t.Error("zero board has a jump")
		}
		if _, _, ok := b.Cell(1); ok {
			t.Error("zero board has a cell")
		}
		if _, ok := b.Label(0, 0); ok {
			t.Error("zero board has a label")
		}
	}
}

func TestValidation(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		grid [][]int
		msg  string
	}{
		{"nil", nil, "snakes: the grid has no rows"},
		{"empty", [][]int{}, "snakes: the grid has no rows"},
		{"ragged", [][]int{{-1, -1}, {-1}}, "snakes: row 1 has 1 cell, want 2"},
		{"wide", [][]int{{-1, -1, -1}, {-1, -1, -1}}, "snakes: row 0 has 3 cells, want 2"},
		{"zero", [][]int{{-1, 0}, {-1, -1}}, "snakes: row 0, column 1 (square 3) holds 0, want -1 or a square in 1..4"},
		{"too high", [][]int{{-1, -1}, {5, -1}}, "snakes: row 1, column 0 (square 1) holds 5, want -1 or a square in 1..4"},
		{"negative", [][]int{{-1, -1}, {-1, -7}}, "snakes: row 1, column 1 (square 2) holds -7, want -1 or a square in 1..4"},
		{"from last", [][]int{{2, -1}, {-1, -1}}, "snakes: row 0, column 0 (square 4) is the last square and holds a jump to 2; the last square cannot start a jump"},
		{"huge", make([][]int, 46341), "snakes: the grid has 46341 rows; at most 46340 are supported (n² must fit in an int32)"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			for name, f := range map[string]func([][]int) error{
				"NewBoard": func(g [][]int) error { _, err := NewBoard(g); return err },
				"Flatten":  func(g [][]int) error { _, err := Flatten(g); return err },
			} {
				err := f(tc.grid)
				if !errors.Is(err, ErrInvalidBoard) {
					t.Fatalf("%s: error %v does not wrap ErrInvalidBoard", name, err)
				}
				if err.Error() != tc.msg {
					t.Errorf("%s: error %q, want %q", name, err, tc.msg)
				}
			}
		})
	}
}

func TestFromJumpsValidation(t *testing.T) {
	t.Parallel()
	cases := []struct {
		n     int
		jumps map[int]int
		msg   string
	}{
		{0, nil, "snakes: size 0 is outside 1..46340 (n² must fit in an int32)"},
		{46341, nil, "snakes: size 46341 is outside 1..46340 (n² must fit in an int32)"},
		{3, map[int]int{10: 2, 12: 1}, "snakes: square 10 is not on a 3×3 board (jump to 2)"},
		{3, map[int]int{4: 10, 5: 0}, "snakes: square 4 holds 10, want -1 or a square in 1..9"},
		{3, map[int]int{9: 1}, "snakes: square 9 is the last square and holds a jump to 1; the last square cannot start a jump"},
	}
	for _, tc := range cases {
		_, err := FromJumps(tc.n, tc.jumps)
		if !errors.Is(err, ErrInvalidBoard) || err.Error() != tc.msg {
			t.Errorf("FromJumps(%d, %v) error %q, want %q wrapping ErrInvalidBoard", tc.n, tc.jumps, err, tc.msg)
		}
	}
}

// TestFlattenExample checks Flatten against labels worked out by hand.
func TestFlattenExample(t *testing.T) {
	t.Parallel()
	flat, err := Flatten(example1)
	if err != nil {
		t.Fatal(err)
	}
	want := make([]int, 37)
	for i := range want {
		want[i] = -1
	}
	want[2], want[14], want[17] = 15, 35, 13
	if diff := cmp.Diff(want, flat); diff != "" {
		t.Errorf("Flatten (-want +got):\n%s", diff)
	}
	// On odd n the top row runs left to right: on 3×3, square 7 is grid[0][0].
	grid := emptyGrid(3)
	grid[0][0] = 1
	flat, _ = Flatten(grid)
	if flat[7] != 1 {
		t.Errorf("3×3 grid[0][0] flattened to %v, want square 7 → 1", flat)
	}
}

func TestPropertyAgreement(t *testing.T) {
	t.Parallel()
	rapid.Check(t, func(t *rapid.T) {
		grid := genGrid(1, 20).Draw(t, "grid")
		checkAgreement(t, grid)
	})
}

func TestPropertyAgreementLarge(t *testing.T) {
	t.Parallel()
	rapid.Check(t, func(t *rapid.T) {
		grid := genGrid(40, 70).Draw(t, "grid")
		checkAgreement(t, grid)
	})
}

// checkAgreement compares the flattened search, the inline-coordinate search
// and the reference relaxation on one valid grid, and checks the board's
// accessors against the reference numbering.
func checkAgreement(t *rapid.T, grid [][]int) {
	b, err := NewBoard(grid)
	if err != nil {
		t.Fatalf("NewBoard: %v", err)
	}
	flat := refFlat(grid)
	want := refDist(flat)
	last := len(flat) - 1
	if diff := cmp.Diff(want, Distances(b)); diff != "" {
		t.Fatalf("Distances (-reference +got):\n%s", diff)
	}
	if got := MinRolls(b); got != want[last] {
		t.Fatalf("MinRolls = %d, reference %d", got, want[last])
	}
	if got := minRollsGrid(grid); got != want[last] {
		t.Fatalf("minRollsGrid = %d, reference %d", got, want[last])
	}
	got, _ := Flatten(grid)
	if diff := cmp.Diff(flat, got); diff != "" {
		t.Fatalf("Flatten (-reference +got):\n%s", diff)
	}
	if diff := cmp.Diff(grid, b.Grid()); diff != "" {
		t.Fatalf("Grid (-input +got):\n%s", diff)
	}
	for label := 1; label <= last; label++ {
		r, c, ok := b.Cell(label)
		if !ok || grid[r][c] != flat[label] {
			t.Fatalf("Cell(%d) = %d, %d, %v; that cell holds %d, reference square holds %d", label, r, c, ok, grid[r][c], flat[label])
		}
		if back, ok := b.Label(r, c); !ok || back != label {
			t.Fatalf("Label(Cell(%d)) = %d, %v", label, back, ok)
		}
		to, ok := b.Jump(label)
		if ok != (flat[label] != -1) || ok && to != flat[label] {
			t.Fatalf("Jump(%d) = %d, %v; reference %d", label, to, ok, flat[label])
		}
	}
	checkPath(t, b, flat, want[last])
}

// checkPath checks ShortestPath move by move against the reference numbering
// and, when the search space is small, against a brute-force enumeration of
// roll sequences in lexicographic order.
func checkPath(t *rapid.T, b *Board, flat []int, rolls int) {
	last := len(flat) - 1
	path, ok := ShortestPath(b)
	if ok != (rolls >= 0) {
		t.Fatalf("ShortestPath ok = %v with MinRolls %d", ok, rolls)
	}
	if !ok {
		return
	}
	if len(path) != rolls {
		t.Fatalf("path has %d moves, want %d: %v", len(path), rolls, path)
	}
	at := 1
	for i, m := range path {
		to := m.Landed
		if flat[m.Landed] != -1 {
			to = flat[m.Landed]
		}
		if m.From != at || m.Roll < 1 || m.Roll > 6 || m.Landed != at+m.Roll || m.Landed > last || m.To != to {
			t.Fatalf("move %d is illegal: %+v (token on %d)", i, m, at)
		}
		at = m.To
	}
	if at != last {
		t.Fatalf("path ends on %d, not %d", at, last)
	}
	if rolls > 6 {
		return
	}
	seq := []int{}
	var brute func(at, left int) bool
	brute = func(at, left int) bool {
		if left == 0 {
			return at == last
		}
		for r := 1; r <= 6 && at+r <= last; r++ {
			to := at + r
			if flat[to] != -1 {
				to = flat[to]
			}
			seq = append(seq, r)
			if brute(to, left-1) {
				return true
			}
			seq = seq[:len(seq)-1]
		}
		return false
	}
	brute(1, rolls)
	got := make([]int, len(path))
	for i, m := range path {
		got[i] = m.Roll
	}
	if diff := cmp.Diff(seq, got); diff != "" {
		t.Fatalf("rolls (-brute force +ShortestPath):\n%s", diff)
	}
}

func TestGridIsACopy(t *testing.T) {
	t.Parallel()
	grid := emptyGrid(3)
	b := mustBoard(t, grid)
	grid[2][1] = 9 // square 2
	if _, ok := b.Jump(2); ok {
		t.Error("board changed with the caller's grid")
	}
	g := b.Grid()
	g[2][1] = 9
	if _, ok := b.Jump(2); ok {
		t.Error("board changed with the grid Grid returned")
	}
	if !strings.Contains(ErrInvalidBoard.Error(), "invalid board") {
		t.Errorf("ErrInvalidBoard reads %q", ErrInvalidBoard)
	}
}

// TestPropertyRulesLargeBoards runs every rule combination on boards large
// enough for levels to be expanded a word at a time.
func TestPropertyRulesLargeBoards(t *testing.T) {
	t.Parallel()
	rapid.Check(t, func(t *rapid.T) {
		rr, _, b, flat := drawGame(t, 16, 40)
		want := rr.dist(flat)
		if diff := cmp.Diff(want, rr.rules().Distances(b)); diff != "" {
			t.Fatalf("Distances (-reference +got):\n%s", diff)
		}
		if got := rr.rules().MinRolls(b); got != want[len(flat)-1] {
			t.Fatalf("MinRolls = %d, reference %d", got, want[len(flat)-1])
		}
	})
}

// TestPropertyBothWays checks the search that goes back from the last square
// too, which MinRolls uses on large boards, on small ones as well: every rule
// set (those it does not apply to must still answer right), against the
// reference relaxation.
func TestPropertyBothWays(t *testing.T) {
	t.Parallel()
	bothWays := func(r Rules) Rules { return tuned(r, func(l *model.Limits) { l.BothWaysFrom = 1 }) }
	rapid.Check(t, func(t *rapid.T) {
		rr, _, b, flat := drawGame(t, 1, 30)
		if got, want := bothWays(rr.rules()).MinRolls(b), rr.dist(flat)[len(flat)-1]; got != want {
			t.Fatalf("MinRolls = %d, reference %d", got, want)
		}
		if got, want := bothWays(Rules{}).MinRolls(b), refDist(flat)[len(flat)-1]; got != want {
			t.Fatalf("zero rules: MinRolls = %d, reference %d", got, want)
		}
	})
}

// TestPropertyPathBothWays checks the path that large boards take from
// the both-ways search (pathboth.go) against the one-way search's path,
// which marks the squares on fewest-throw paths from a full forward
// search, on random boards under every rule set the search serves, with
// house rules (another throw, loaded dice) too.
func TestPropertyPathBothWays(t *testing.T) {
	t.Parallel()
	rapid.Check(t, func(t *rapid.T) {
		_, r, b, _ := drawGame(t, 1, 30)
		if rapid.Bool().Draw(t, "house") {
			r = genHouse().Draw(t, "house rules").rules()
		}
		want, wok := tuned(r, func(l *model.Limits) { l.BothWaysFrom = 1 << 30 }).ShortestPath(b)
		got, gok := tuned(r, func(l *model.Limits) { l.BothWaysFrom = 1 }).ShortestPath(b)
		if gok != wok || !slices.Equal(got, want) {
			t.Fatalf("both ways: %v, %v\none way:  %v, %v", got, gok, want, wok)
		}
	})
}

// TestAllocations pins down the promises in the godoc: MinRolls and
// ExpectedTurns allocate nothing once warm, ShortestPath only its result.
func TestAllocations(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector's sync.Pool drops items at random")
	}
	big := mustBoard(t, randomGrid(80, 0.1, 5)) // both ways: 6400 squares
	example := mustBoard(t, example1)
	classic := Classic()
	for name, f := range map[string]func(){
		"MinRolls":           func() { MinRolls(example) },
		"MinRolls both ways": func() { MinRolls(big) },
		"ExpectedTurns":      func() { Rules{StartOffBoard: true}.ExpectedTurns(classic) },
	} {
		f() // warm the pools and the board's index
		if got := testing.AllocsPerRun(100, f); got != 0 {
			t.Errorf("%s: %v allocations a call, want 0", name, got)
		}
	}
	ShortestPath(example)
	if got := testing.AllocsPerRun(100, func() { ShortestPath(example) }); got != 1 {
		t.Errorf("ShortestPath: %v allocations a call, want 1 (its result)", got)
	}
}

// TestConcurrentUse shares one fresh board between goroutines, so that the
// race detector (in CI) sees its lazily built indexes built concurrently.
func TestConcurrentUse(t *testing.T) {
	t.Parallel()
	grid := randomGrid(80, 0.1, 9)
	want := refDist(refFlat(grid))[80*80]
	b := mustBoard(t, grid)
	chained := Rules{Chain: true}
	wantChained := refRules{faces: 6, chain: true}.dist(refFlat(grid))[80*80]
	var wg sync.WaitGroup
	errs := make(chan string, 16)
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if got := MinRolls(b); got != want {
				errs <- fmt.Sprintf("MinRolls = %d, want %d", got, want)
			}
			if got := chained.MinRolls(b); got != wantChained {
				errs <- fmt.Sprintf("chained MinRolls = %d, want %d", got, wantChained)
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}

// TestScratchReuse alternates searches on large and small boards, so that
// a search's pooled blocks left dirty by the one before would show.
func TestScratchReuse(t *testing.T) {
	t.Parallel()
	for i := range 40 {
		n := []int{70, 5, 90, 9}[i%4]
		grid := randomGrid(n, 0.1, uint64(i))
		b := mustBoard(t, grid)
		if got, want := MinRolls(b), refDist(refFlat(grid))[n*n]; got != want {
			t.Fatalf("board %d (%d×%d): MinRolls = %d, reference %d", i, n, n, got, want)
		}
		if got, want := Distances(b), refDist(refFlat(grid)); !cmp.Equal(got[1:], want[1:]) {
			t.Fatalf("board %d (%d×%d): Distances differ from the reference:\n%s", i, n, n, cmp.Diff(want, got))
		}
	}
}

// TestDistancesGrow fills a distance table far past the size it started
// for, with squares whose low bits agree (multiples of 4096, so that they
// collide), and reads every square back: growing keeps each square's first
// distance, and the squares never added (one past each) stay absent.
func TestDistancesGrow(t *testing.T) {
	t.Parallel()
	d := search.NewDistances(1)
	for i := range int32(50_000) {
		if !d.Add(i*4096, i%97) || d.Add(i*4096, 1000) {
			t.Fatalf("add(%d): new the first time only", i*4096)
		}
	}
	for i := range int32(50_000) {
		if got, ok := d.Get(i * 4096); !ok || got != i%97 {
			t.Fatalf("get(%d) = %d, %v; want %d", i*4096, got, ok, i%97)
		}
		if _, ok := d.Get(i*4096 + 1); ok {
			t.Fatalf("get(%d) found a square never added", i*4096+1)
		}
	}
}

// minRollsGrid is the seeds' first approach, an independent check on
// Flatten and search: a plain FIFO breadth-first search that converts each
// label to its cell inside the loop and reads the jump straight off grid,
// which must be valid. Rules are the zero Rules.
func minRollsGrid(grid [][]int) int {
	n := len(grid)
	last := n * n
	if last == 1 {
		return 0
	}
	seen := make([]bool, last+1)
	seen[1] = true
	queue := []int{1}
	for rolls := 1; len(queue) > 0; rolls++ {
		var next []int
		for _, v := range queue {
			for t := v + 1; t <= min(v+6, last); t++ {
				r, c := cellAt(n, t)
				to := t
				if grid[r][c] != -1 {
					to = grid[r][c]
				}
				if to == last {
					return rolls
				}
				if !seen[to] {
					seen[to] = true
					next = append(next, to)
				}
			}
		}
		queue = next
	}
	return -1
}
