package snakes

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// This file fuzzes the boards' decoders and validation (grids, jumps,
// JSON) against a reference validity check, and the random-play functions
// with arbitrary arguments.

// decodeGrid turns fuzz bytes into a grid that is often, but not always,
// valid: the first byte gives the number of rows (0..8), the second whether
// rows may be ragged, then each row optionally its length and one byte per
// cell. Most cell bytes mean -1; the rest are small values around 1..n², or
// the extremes of int.
func decodeGrid(data []byte) [][]int {
	next := func() int {
		if len(data) == 0 {
			return 0
		}
		v := int(data[0])
		data = data[1:]
		return v
	}
	n := next() % 9
	ragged := next()%4 == 0
	grid := make([][]int, n)
	for r := range grid {
		width := n
		if ragged {
			width = next() % (n + 2)
		}
		grid[r] = make([]int, width)
		for c := range grid[r] {
			switch v := next(); {
			case v == 255:
				grid[r][c] = math.MaxInt
			case v == 254:
				grid[r][c] = math.MinInt
			case v == 253:
				grid[r][c] = 1 << 40
			case v < 128:
				grid[r][c] = -1
			default:
				grid[r][c] = v - 130 // -2..122
			}
		}
	}
	return grid
}

// encodeGrid is decodeGrid's inverse for small valid grids, for seeds.
func encodeGrid(grid [][]int) []byte {
	out := []byte{byte(len(grid)), 1}
	for _, row := range grid {
		for _, v := range row {
			if v == -1 {
				out = append(out, 0)
			} else {
				out = append(out, byte(v+130))
			}
		}
	}
	return out
}

// refValid says, without the package's code, whether grid is a valid board.
func refValid(grid [][]int) bool {
	n := len(grid)
	if n == 0 {
		return false
	}
	for _, row := range grid {
		if len(row) != n {
			return false
		}
		for _, v := range row {
			if v != -1 && (v < 1 || v > n*n) {
				return false
			}
		}
	}
	// The last square is top-left on even n and top-right on odd n.
	lastCol := 0
	if n%2 == 1 {
		lastCol = n - 1
	}
	return grid[0][lastCol] == -1
}

func FuzzNewBoard(f *testing.F) {
	for _, g := range [][][]int{example1, example2, walled, {{-1}}, {{-1, 4}, {-1, 3}}, emptyGrid(5)} {
		f.Add(encodeGrid(g))
	}
	f.Add([]byte{3, 0, 3, 0, 0, 0, 2, 0, 0, 4, 0, 0, 0, 255}) // ragged
	f.Add([]byte{2, 1, 255, 0, 0, 254})                       // huge values
	f.Add([]byte{2, 1, 131, 0, 0, 0})                         // a jump from the last square
	f.Add([]byte{4, 1, 0, 0, 0, 0, 0, 0, 0, 0, 200, 0, 130})  // out of range
	f.Fuzz(func(t *testing.T, data []byte) {
		grid := decodeGrid(data)
		b, err := NewBoard(grid)
		flat, ferr := Flatten(grid)
		if !refValid(grid) {
			for _, e := range []error{err, ferr} {
				if !errors.Is(e, ErrInvalidBoard) {
					t.Fatalf("invalid grid %v: error %v does not wrap ErrInvalidBoard", grid, e)
				}
				if msg := e.Error(); !strings.HasPrefix(msg, "snakes: ") || !strings.Contains(msg, "row") {
					t.Fatalf("invalid grid %v: error %q does not name the row", grid, msg)
				}
			}
			if b != nil || flat != nil {
				t.Fatalf("invalid grid %v returned a board or array", grid)
			}
			return
		}
		if err != nil || ferr != nil {
			t.Fatalf("valid grid %v: errors %v, %v", grid, err, ferr)
		}
		want := refDist(refFlat(grid))[len(flat)-1]
		if got, inline := MinRolls(b), minRollsGrid(grid); got != want || inline != want {
			t.Fatalf("grid %v: MinRolls %d, inline %d, reference %d", grid, got, inline, want)
		}
		if path, ok := ShortestPath(b); ok != (want >= 0) || len(path) != max(want, 0) {
			t.Fatalf("grid %v: ShortestPath %v, %v with MinRolls %d", grid, path, ok, want)
		}
	})
}

func FuzzFromJumps(f *testing.F) {
	f.Add(10, []byte{1, 38, 16, 6})
	f.Add(3, []byte{9, 1})
	f.Add(3, []byte{0, 5, 12, 1})
	f.Add(-1, []byte{})
	f.Add(46341, []byte{})
	f.Fuzz(func(t *testing.T, n int, pairs []byte) {
		jumps := map[int]int{}
		for i := 0; i+1 < len(pairs); i += 2 {
			jumps[int(pairs[i])] = int(int8(pairs[i+1]))
		}
		if n > 200 && n <= 46340 {
			n = 200 // keep boards small; the size limit is still fuzzed
		}
		b, err := FromJumps(n, jumps)
		valid := n >= 1 && n <= 46340
		for from, to := range jumps {
			valid = valid && from >= 1 && from <= n*n && (to == -1 || to >= 1 && to <= n*n && from != n*n)
		}
		if !valid {
			if !errors.Is(err, ErrInvalidBoard) || b != nil {
				t.Fatalf("FromJumps(%d, %v) = %v, %v; want an ErrInvalidBoard", n, jumps, b, err)
			}
			return
		}
		if err != nil {
			t.Fatalf("FromJumps(%d, %v): %v", n, jumps, err)
		}
		for label := 1; label <= n*n; label++ {
			to, ok := b.Jump(label)
			want, has := jumps[label]
			if has && want == -1 {
				has = false
			}
			if ok != has || ok && to != want {
				t.Fatalf("Jump(%d) = %d, %v; map has %d, %v", label, to, ok, want, has)
			}
		}
		flat := refFlat(b.Grid())
		if got, want := MinRolls(b), refDist(flat)[n*n]; got != want {
			t.Fatalf("MinRolls = %d, reference %d", got, want)
		}
	})
}

func FuzzRules(f *testing.F) {
	f.Add(encodeGrid(example1), 0, false, 0, false, 5)
	f.Add(encodeGrid(walled), 3, true, 1, true, 2)
	f.Add(encodeGrid(example2), -1, false, 2, false, 1)
	f.Add(encodeGrid(emptyGrid(3)), 1<<20, true, 7, true, 0)
	f.Fuzz(func(t *testing.T, data []byte, faces int, offBoard bool, over int, chain bool, players int) {
		grid := decodeGrid(data)
		if !refValid(grid) {
			return // FuzzNewBoard covers bad grids
		}
		b, _ := NewBoard(grid)
		r := Rules{Faces: faces, StartOffBoard: offBoard, Overshoot: Overshoot(over), Chain: chain}
		players = players%6 + 1 // keep races short; 0 and negatives are covered by tests
		if players < 1 {
			players += 6
		}
		_, eErr := r.ExpectedTurns(b)
		_, wErr := r.WinChances(b, players)
		_, dErr := r.LengthDistribution(b, 20)
		valid := faces >= 0 && faces <= 1<<16 && over >= 0 && over <= 2
		if !valid {
			for _, err := range []error{eErr, wErr, dErr, r.Validate()} {
				if !errors.Is(err, ErrInvalidRules) {
					t.Fatalf("%+v: error %v, want ErrInvalidRules", r, err)
				}
			}
			if r.MinRolls(b) != -1 || r.Distances(b) != nil || r.Play(b, nil, 5) != nil {
				t.Fatalf("%+v: invalid rules answered a search", r)
			}
			return
		}
		if faces > 12 {
			return // the reference model below is too slow for big dice
		}
		if faces == 0 {
			faces = 6
		}
		rr := refRules{faces: faces, offBoard: offBoard, over: Overshoot(over), chain: chain}
		flat := refFlat(grid)
		if got, want := r.MinRolls(b), rr.dist(flat)[len(flat)-1]; got != want {
			t.Fatalf("%+v: MinRolls %d, reference %d", r, got, want)
		}
		if _, finite := rr.expected(flat); finite != (eErr == nil) || wErr != nil {
			t.Fatalf("%+v: finite %v, ExpectedTurns %v, WinChances %v", r, finite, eErr, wErr)
		}
		if dErr != nil {
			t.Fatalf("LengthDistribution: %v", dErr)
		}
	})
}

func FuzzParseBoard(f *testing.F) {
	f.Add([]byte(`[[-1,-1],[-1,3]]`))
	f.Add([]byte(`{"size": 10, "jumps": {"1": 38, "16": 6}}`))
	f.Add([]byte("[[-1,-1],\n [-1,3]"))
	f.Add([]byte(`{"size": 2, "jumps": {"x": 1}}`))
	f.Add([]byte(`{"size": 2, "jumps": {"4": 1}, "extra": 0}`))
	f.Add([]byte(`[[1e9, -1], [-1, "3"]]`))
	f.Add([]byte(`null`))
	f.Add([]byte(`{"size": 4, "jumps": {"3": 11, "14": 2}, "again": [5, 12], "miss": [9]}`))
	f.Add([]byte(`{"size": 3, "jumps": {"5": 2}, "again": [2, 3, 4]}`))
	f.Add([]byte(`{"size": 3, "again": [4], "miss": [4, 10]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		// Large boards cost memory, not coverage: the limit refuses them.
		b, err := ParseBoardLimit(data, 300*300)
		if err != nil {
			if !(errors.Is(err, ErrInvalidBoard) || errors.Is(err, ErrTooLarge)) || b != nil || !strings.HasPrefix(err.Error(), "snakes: ") {
				t.Fatalf("ParseBoard(%q) = %v, %v", data, b, err)
			}
			return
		}
		out, err := json.Marshal(b)
		if err != nil {
			t.Fatal(err)
		}
		back, err := ParseBoard(out)
		if err != nil || !slices.EqualFunc(back.Grid(), b.Grid(), slices.Equal) || !maps.Equal(back.Effects(), b.Effects()) {
			t.Fatalf("%q → %s does not read back: %v", data, out, err)
		}
		// A small board's figures and games, effects and all: an answer or
		// an error that wraps a sentinel, never a panic or a NaN.
		if b.Size() > 6 {
			return
		}
		for _, r := range []Rules{{}, {Faces: 2, Again: 2, AgainLimit: 2, Overshoot: Bounce}} {
			e, err := r.ExpectedTurns(b)
			if err == nil && !(e >= 0) || err != nil && !errors.Is(err, ErrNeverFinishes) && !errors.Is(err, ErrInvalidRules) && !errors.Is(err, ErrTooLarge) {
				t.Fatalf("%s under %v: ExpectedTurns = %v, %v", out, r, e, err)
			}
			gm, err := NewGame(b, r, 2)
			if err != nil {
				continue
			}
			rng := rand.New(rand.NewPCG(1, 2))
			for range 50 {
				if _, err := gm.Throw(rng); err != nil {
					break
				}
			}
		}
	})
}

// FuzzDecodeReuse decodes two boards in turn into one Board value, after
// searching the first, and checks that it then answers as the second board
// decoded afresh, or that a failed decode left the first as it was.
func FuzzDecodeReuse(f *testing.F) {
	f.Add([]byte(`{"size": 100, "jumps": {"2": 9999}}`), []byte(`{"size": 100, "jumps": {}}`), false)
	f.Add([]byte(`{"size": 65, "jumps": {"7": 4000, "4001": 3}}`), []byte(`[[-1,-1],[-1,3]]`), true)
	f.Add([]byte(`[[-1,4],[-1,-1]]`), []byte(`{"size": 70, "jumps": {"5": 4000}}`), true)
	f.Add([]byte(`{"size": 3}`), []byte(`{"size": 0}`), false)
	f.Add([]byte(`{"size": 46340}`), []byte(`{"size": 3}`), false)
	f.Add([]byte(`{"size": 3}`), []byte(`{"size": 46340}`), true)
	f.Fuzz(func(t *testing.T, first, second []byte, chain bool) {
		// Both boards are sized before json.Unmarshal, which takes any
		// size ParseBoard does: {"size": 46340} is 8 GiB, which stopped a
		// fuzzing worker out of memory.
		if _, err := ParseBoardLimit(first, 100*100); err != nil {
			return
		}
		fresh, ferr := ParseBoardLimit(second, 100*100)
		if errors.Is(ferr, ErrTooLarge) {
			return
		}
		var reused Board
		if err := json.Unmarshal(first, &reused); err != nil {
			t.Fatalf("ParseBoardLimit took %q, json.Unmarshal refused it: %v", first, err)
		}
		r := Rules{Chain: chain}
		before := r.MinRolls(&reused) // builds the indexes of the first board
		err := json.Unmarshal(second, &reused)
		switch {
		case err != nil:
			// Malformed JSON is refused by encoding/json before it
			// reaches UnmarshalJSON.
			var syntax *json.SyntaxError
			if !errors.Is(err, ErrInvalidBoard) && !errors.As(err, &syntax) {
				t.Fatalf("decoding %q: %v", second, err)
			}
			if got := r.MinRolls(&reused); got != before {
				t.Fatalf("a failed decode changed MinRolls from %d to %d", before, got)
			}
			return
		case ferr != nil:
			t.Fatalf("json.Unmarshal took %q, ParseBoardLimit refused it: %v", second, ferr)
		}
		if got, want := r.MinRolls(&reused), r.MinRolls(fresh); got != want {
			t.Fatalf("reused board: MinRolls %d, fresh %d", got, want)
		}
		if got, want := r.Distances(&reused), r.Distances(fresh); !slices.Equal(got, want) {
			t.Fatalf("reused board: Distances differ from a fresh board's")
		}
		if fresh.Squares() > 40*40 {
			return // the indexes above are what reuse can get wrong; solves of big boards only cost time
		}
		ge, gerr := r.ExpectedTurns(&reused)
		we, werr := r.ExpectedTurns(fresh)
		if ge != we || (gerr == nil) != (werr == nil) {
			t.Fatalf("reused board: ExpectedTurns %v, %v; fresh %v, %v", ge, gerr, we, werr)
		}
	})
}

// FuzzRandomPlay calls the random-play functions with arbitrary arguments
// on small boards: each returns an error wrapping a sentinel, or an answer
// that a second, fresh call repeats and that obeys the laws of probability.
func FuzzRandomPlay(f *testing.F) {
	f.Add(encodeGrid(example1), 2, 5, 30, int64(1)<<34)
	f.Add(encodeGrid(walled), 1, -3, 1<<31, int64(-1))
	f.Add(encodeGrid(emptyGrid(4)), 7, 4, 0, int64(1)<<40)
	f.Fuzz(func(t *testing.T, data []byte, faces, players, maxTurns int, playTurns int64) {
		grid := decodeGrid(data)
		if !refValid(grid) {
			return
		}
		b, _ := NewBoard(grid)
		r := Rules{Faces: min(max(faces, 0), 8)}
		sentinel := func(err error) bool {
			for _, s := range []error{ErrInvalidRules, ErrInvalidBoard, ErrNeverFinishes, ErrTooLarge} {
				if errors.Is(err, s) {
					return true
				}
			}
			return false
		}
		// chances checks a call that returns probabilities: an error
		// wrapping a sentinel, or chances at most 1 in all, which a second
		// call repeats exactly.
		chances := func(name string, call func() ([]float64, error)) {
			first, err := call()
			switch {
			case err != nil && !sentinel(err):
				t.Fatalf("%s: %v", name, err)
			case err == nil:
				again, _ := call()
				total := 0.0
				for i, p := range first {
					if p < 0 || p != again[i] {
						t.Fatalf("%s[%d] = %v, then %v", name, i, p, again[i])
					}
					total += p
				}
				if total > 1+1e-12 {
					t.Fatalf("%s sums to %v", name, total)
				}
			}
		}
		chances(fmt.Sprintf("LengthDistribution(%d)", maxTurns), func() ([]float64, error) {
			return r.LengthDistribution(b, min(maxTurns, 1<<16))
		})
		if _, err := r.LengthDistribution(b, maxTurns); err != nil && !sentinel(err) {
			t.Fatalf("LengthDistribution(%d): %v", maxTurns, err)
		}
		chances(fmt.Sprintf("WinChances(%d)", players), func() ([]float64, error) { return r.WinChances(b, players) })
		if _, _, err := r.GameLength(b, players); err != nil && !sentinel(err) {
			t.Fatalf("GameLength(%d): %v", players, err)
		}
		moves := r.Play(b, nil, int(min(playTurns, 1<<12)))
		if playTurns < 1 && moves != nil || len(moves) > int(max(min(playTurns, 1<<12), 0)) {
			t.Fatalf("Play(%d) made %d moves", playTurns, len(moves))
		}
	})
}
