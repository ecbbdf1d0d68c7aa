package snakes

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/snakesladders/snakes/internal/boards"
	"github.com/snakesladders/snakes/internal/model"
)

// This file holds the package's benchmarks and their baselines (a search
// over an adjacency list, a dense Gaussian elimination, naive effects),
// and the random boards they share.

// randomGrid is boards.RandomGrid, the bench module's boards too.
func randomGrid(n int, density float64, seed uint64) [][]int {
	return boards.RandomGrid(n, density, seed)
}

// adjacencyMinRolls is the seeds' C++ write-up in Go (boards.go), from
// square 1.
func adjacencyMinRolls(grid [][]int) int {
	return boards.AdjacencyMinRolls(refFlat(grid), 1)
}

var benchSides = []int{10, 20, 100, 1000}

func BenchmarkMinRolls(b *testing.B) {
	for _, n := range benchSides {
		grid := randomGrid(n, 0.1, 1)
		board := mustBoard(b, grid)
		want := adjacencyMinRolls(grid)
		if got := MinRolls(board); got != want {
			b.Fatalf("n=%d: MinRolls %d, adjacency %d", n, got, want)
		}
		run := func(name string, f func() int) {
			b.Run(fmt.Sprintf("n=%d/%s", n, name), func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					f()
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n*n), "ns/square")
			})
		}
		run("flat", func() int { return MinRolls(board) })
		run("inline", func() int { return minRollsGrid(grid) })
		run("adjacency", func() int { return adjacencyMinRolls(grid) })
	}
}

// denseExpected solves (I − Q)·E = 1 over all squares 0..n² by Gaussian
// elimination with partial pivoting on a dense matrix: what a user would
// write without exploiting the board's structure.
func denseExpected(g *model.Game) float64 {
	size := int(g.Last) + 1
	a := make([][]float64, size)
	for v := range a {
		a[v] = make([]float64, size+1)
		a[v][v] = 1
		if int32(v) == g.Last {
			continue
		}
		a[v][size] = 1
		for roll := int32(1); roll <= g.Faces; roll++ {
			_, to := g.Step(int32(v), roll)
			a[v][to] -= 1 / float64(g.Faces)
		}
	}
	for col := 0; col < size; col++ {
		p := col
		for i := col + 1; i < size; i++ {
			if math.Abs(a[i][col]) > math.Abs(a[p][col]) {
				p = i
			}
		}
		a[col], a[p] = a[p], a[col]
		for i := col + 1; i < size; i++ {
			if f := a[i][col] / a[col][col]; f != 0 {
				for j := col; j <= size; j++ {
					a[i][j] -= f * a[col][j]
				}
			}
		}
	}
	x := make([]float64, size)
	for i := size - 1; i >= 0; i-- {
		s := a[i][size]
		for j := i + 1; j < size; j++ {
			s -= a[i][j] * x[j]
		}
		x[i] = s / a[i][i]
	}
	return x[g.Start]
}

func BenchmarkExpectedTurns(b *testing.B) {
	boards := []struct {
		name  string
		board *Board
		rules Rules
	}{
		{"classic", Classic(), Rules{StartOffBoard: true}},
		{"random20x20", mustBoard(b, randomGrid(20, 0.1, 3)), Rules{}},
	}
	for _, tc := range boards {
		g, _ := tc.rules.game(tc.board)
		want := denseExpected(&g)
		got, err := tc.rules.ExpectedTurns(tc.board)
		if err != nil || math.Abs(got-want) > 1e-9*want {
			b.Fatalf("%s: ExpectedTurns %v, %v; dense %v", tc.name, got, err, want)
		}
		b.Run(tc.name+"/reduced", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				tc.rules.ExpectedTurns(tc.board)
			}
		})
		b.Run(tc.name+"/dense", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				denseExpected(&g)
			}
		})
	}
}

func BenchmarkLengthDistribution(b *testing.B) {
	b.ReportAllocs()
	r := Rules{StartOffBoard: true}
	for b.Loop() {
		r.LengthDistribution(Classic(), 100)
	}
}

// BenchmarkInsights times each insight beside ExpectedTurns on the same
// board, the two called in turn in every iteration so that the ratio they
// report (x/ExpectedTurns) compares them under the same load of the
// machine, and the naive way to get Jumps' effects: one ExpectedTurns of
// the board without each jump.
func BenchmarkInsights(b *testing.B) {
	boards := []struct {
		name  string
		board *Board
		rules Rules
	}{
		{"classic", Classic(), Rules{StartOffBoard: true}},
	}
	for seed := uint64(1); len(boards) < 3; seed++ {
		bd := mustBoard(b, randomGrid(20, 0.1, seed))
		if _, err := (Rules{}).ExpectedTurns(bd); err == nil {
			boards = append(boards, struct {
				name  string
				board *Board
				rules Rules
			}{fmt.Sprintf("random20x20-%d", seed), bd, Rules{}})
		}
	}
	for _, bd := range boards {
		r, board := bd.rules, bd.board
		run := func(name string, f func()) { besideExpected(b, bd.name+"/"+name, r, board, f) }
		run("ExpectedFrom", func() { r.ExpectedFrom(board) })
		run("Variance", func() { r.Variance(board) })
		run("Visits", func() { r.Visits(board) })
		run("Jumps", func() { r.Jumps(board) })
		run("JumpsNaive", func() { naiveEffects(b, r, board) })
	}
}

// naiveEffects is each jump's Effect the slow way: a solve of the board
// without it.
func naiveEffects(b *testing.B, r Rules, board *Board) []float64 {
	e, _ := r.ExpectedTurns(board)
	var out []float64
	eachWithoutAJump(b, board, func(without *Board) bool {
		e2, _ := r.ExpectedTurns(without)
		out = append(out, e2-e)
		return true
	})
	return out
}

// BenchmarkHouseRules times ExpectedTurns under house rules beside the
// fair die on the same board: British rules (a six to enter, another throw
// on a six, three sixes void the turn) on the classic board and a 316×316
// board with 1% random jumps, and two dice beside one under Bounce.
func BenchmarkHouseRules(b *testing.B) {
	british := Rules{Enter: 6, Again: 6, AgainLimit: 3}
	classic, big := Classic(), mustBoard(b, randomGrid(316, 0.01, 1))
	for _, tc := range []struct {
		name  string
		board *Board
		rules Rules
	}{
		{"classic/fair", classic, Rules{StartOffBoard: true}},
		{"classic/british", classic, british},
		{"classic/oneDieBounce", classic, Rules{StartOffBoard: true, Overshoot: Bounce}},
		{"classic/twoDiceBounce", classic, Rules{StartOffBoard: true, Overshoot: Bounce, Dice: 2}},
		{"316x316/fair", big, Rules{}},
		{"316x316/british", big, british},
	} {
		if _, err := tc.rules.ExpectedTurns(tc.board); err != nil {
			b.Fatalf("%s: %v", tc.name, err)
		}
		b.Run(tc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				tc.rules.ExpectedTurns(tc.board)
			}
		})
	}
}

// BenchmarkAnalysis times one Analyze and its ExpectedTurns, ExpectedFrom,
// Variance, Visits and Jumps; the five Rules methods called separately;
// and Jumps alone; each beside one Rules.ExpectedTurns on the same board,
// the two called in turn in every iteration so that the ratio they report
// (x/ExpectedTurns) compares them under the same load of the machine. On
// the classic board and five 20×20 boards with 10% random jumps.
func BenchmarkAnalysis(b *testing.B) {
	for _, bd := range []struct {
		name  string
		board *Board
		rules Rules
	}{
		{"classic", Classic(), Rules{StartOffBoard: true}},
		{"random20x20", mustBoard(b, randomGrid(20, 0.1, 1)), Rules{}},
		{"random20x20-2", mustBoard(b, randomGrid(20, 0.1, 2)), Rules{}},
		{"random20x20-3", mustBoard(b, randomGrid(20, 0.1, 3)), Rules{}},
		{"random20x20-4", mustBoard(b, randomGrid(20, 0.1, 4)), Rules{}},
		{"random20x20-5", mustBoard(b, randomGrid(20, 0.1, 5)), Rules{}},
	} {
		r, board := bd.rules, bd.board
		if _, err := r.ExpectedTurns(board); err != nil {
			b.Fatal(err)
		}
		ctx := context.Background()
		beside := func(name string, f func()) { besideExpected(b, bd.name+"/"+name, r, board, f) }
		beside("Analysis", func() {
			a, _ := r.Analyze(ctx, board)
			a.ExpectedTurns(ctx)
			a.ExpectedFrom(ctx)
			a.Variance(ctx)
			a.Visits(ctx)
			a.Jumps(ctx)
		})
		beside("Separately", func() {
			r.ExpectedTurns(board)
			r.ExpectedFrom(board)
			r.Variance(board)
			r.Visits(board)
			r.Jumps(board)
		})
		beside("Jumps", func() { r.Jumps(board) })
	}
}

// besideExpected runs f as the sub-benchmark name, timing it beside one
// r.ExpectedTurns(board) in every iteration, and reports their ratio
// (x/ExpectedTurns).
func besideExpected(b *testing.B, name string, r Rules, board *Board, f func()) {
	beside(b, name, "x/ExpectedTurns", func() { r.ExpectedTurns(board) }, f)
}

// beside runs f as the sub-benchmark name, timing it beside base in every
// iteration, and reports their ratio as unit: both see the same load of
// the machine, so that the ratio holds where the times do not.
func beside(b *testing.B, name, unit string, base, f func()) {
	b.Run(name, func(b *testing.B) {
		b.ReportAllocs()
		f() // warm the pools
		var self, baseline time.Duration
		for b.Loop() {
			t0 := time.Now()
			base()
			t1 := time.Now()
			f()
			baseline, self = baseline+t1.Sub(t0), self+time.Since(t1)
		}
		b.ReportMetric(float64(self)/float64(baseline), unit)
	})
}

// BenchmarkSearchWideDie times each search on an empty 300×300 board
// under a die of 65536 faces beside the same search under six faces
// (x/6faces): the search by intervals takes every total at once, so the
// wide die costs a small multiple of the narrow one, not 10⁴ times; and
// the walk by intervals likewise.
func BenchmarkSearchWideDie(b *testing.B) {
	board, err := FromJumps(300, nil)
	if err != nil {
		b.Fatal(err)
	}
	six, wide := Rules{}, Rules{Faces: 65536}
	beside(b, "MinRolls", "x/6faces", func() { six.MinRolls(board) }, func() { wide.MinRolls(board) })
	beside(b, "ShortestPath", "x/6faces", func() { six.ShortestPath(board) }, func() { wide.ShortestPath(board) })
	beside(b, "Distances", "x/6faces", func() { six.Distances(board) }, func() { wide.Distances(board) })
	// A state a square and a run of Again throws: 640,000 states.
	small, err := FromJumps(100, nil)
	if err != nil {
		b.Fatal(err)
	}
	sixRuns, wideRuns := Rules{Again: 1, AgainLimit: 64}, Rules{Faces: 65536, Again: 1, AgainLimit: 64}
	beside(b, "MinRolls/AgainLimit", "x/6faces", func() { sixRuns.MinRolls(small) }, func() { wideRuns.MinRolls(small) })
	// The walks: 100 turns of the length distribution on 10⁴ squares, by
	// intervals under the wide die, over the compiled table under six.
	beside(b, "LengthDistribution", "x/6faces", func() { six.LengthDistribution(small, 100) }, func() { wide.LengthDistribution(small, 100) })
}

// BenchmarkGameThrow throws the dice of a game on the classic board, two
// players, starting the game afresh whenever one ends (from a copy of a new
// game, its record's buffers kept, so that what is timed is the throws):
// ns/op is one throw.
func BenchmarkGameThrow(b *testing.B) {
	for _, tc := range []struct {
		name  string
		rules Rules
	}{{"fair", Rules{StartOffBoard: true}}, {"British+Bump", Rules{Enter: 6, Again: 6, AgainLimit: 3, Bump: true}}} {
		b.Run(tc.name, func(b *testing.B) {
			rng := rand.New(rand.NewPCG(1, 2))
			fresh, err := NewGame(Classic(), tc.rules, 2)
			if err != nil {
				b.Fatal(err)
			}
			gm := *fresh
			gm.pos = fresh.pos.Clone()
			b.ReportAllocs()
			for b.Loop() {
				if gm.pos.Over { // a new game in the old one's slices
					pos, moves, thrown := gm.pos, gm.moves[:0], gm.thrown[:0]
					gm = *fresh
					pos.CopyFrom(&fresh.pos)
					gm.pos, gm.moves, gm.thrown = pos, moves, thrown
				}
				gm.Throw(rng)
			}
		})
	}
}

// BenchmarkOdds asks a game of four players on the classic board, without
// Bump, for its odds after each throw: ns/op is one Odds of a state not
// asked before (a fresh game, its tables compiled, every 64 throws).
func BenchmarkOdds(b *testing.B) {
	r := Rules{StartOffBoard: true}
	rng := rand.New(rand.NewPCG(3, 4))
	var gm *Game
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		if gm == nil || gm.Winner() >= 0 || i%64 == 0 {
			gm, _ = NewGame(Classic(), r, 4)
		}
		i++
		gm.Throw(rng)
		if _, err := gm.Odds(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkBump solves the joint chain of every token under Bump on the
// classic board: two players starting off the board, two under the
// British rules (Enter 6, Again 6, AgainLimit 3), and three (about 1 s:
// run it with -benchtime 3x).
func BenchmarkBump(b *testing.B) {
	for _, tc := range []struct {
		name    string
		rules   Rules
		players int
	}{
		{"2players", Rules{StartOffBoard: true, Bump: true}, 2},
		{"2players/British", Rules{Enter: 6, Again: 6, AgainLimit: 3, Bump: true}, 2},
		{"3players", Rules{StartOffBoard: true, Bump: true}, 3},
	} {
		b.Run(tc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := tc.rules.WinChances(Classic(), tc.players); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
	// Every place of three players: the chain of three solved for each
	// rank, the one of two for its own, within the default bounds.
	b.Run("3players/places", func(b *testing.B) {
		r := Rules{StartOffBoard: true, Bump: true}
		b.ReportAllocs()
		for b.Loop() {
			if _, err := r.Places(Classic(), 3); err != nil {
				b.Fatal(err)
			}
		}
	})
}
