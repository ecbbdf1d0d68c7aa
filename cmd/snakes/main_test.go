package main

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/snakesladders/snakes"
)

// This file tests the command as a user runs it: the built binary, its
// flags, its input and its output against golden files.

var binary string

// TestMain builds the real command once; every test runs it as a user would.
func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "snakes-cmd")
	if err != nil {
		panic(err)
	}
	binary = filepath.Join(dir, "snakes")
	if out, err := exec.Command("go", "build", "-o", binary, ".").CombinedOutput(); err != nil {
		os.RemoveAll(dir)
		panic("go build: " + err.Error() + "\n" + string(out))
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// runSnakes runs the command and returns its stdout, stderr and exit status.
func runSnakes(t *testing.T, stdin string, args ...string) (stdout, stderr string, status int) {
	t.Helper()
	cmd := exec.Command(binary, args...)
	cmd.Stdin = strings.NewReader(stdin)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit):
		status = exit.ExitCode()
	case err != nil:
		t.Fatal(err)
	}
	return out.String(), errOut.String(), status
}

func goldenFile(t *testing.T, name string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

func TestClassicByDefault(t *testing.T) {
	out, errOut, status := runSnakes(t, "")
	if status != 0 || errOut != "" {
		t.Fatalf("status %d, stderr %q", status, errOut)
	}
	if want := goldenFile(t, "classic.txt.golden"); out != want {
		t.Errorf("output:\n%s\nwant:\n%s", out, want)
	}
}

func TestStdinJSON(t *testing.T) {
	out, errOut, status := runSnakes(t, "[[-1,-1],[-1,3]]", "-board", "-", "-json")
	if status != 0 || errOut != "" {
		t.Fatalf("status %d, stderr %q", status, errOut)
	}
	if want := goldenFile(t, "leetcode2.json.golden"); out != want {
		t.Errorf("output:\n%s\nwant:\n%s", out, want)
	}
}

func TestBoardFileAndPictures(t *testing.T) {
	dir := t.TempDir()
	board := filepath.Join(dir, "board.json")
	if err := os.WriteFile(board, []byte(`{"size": 6, "jumps": {"2": 15, "14": 35, "17": 13}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	svg, plot := filepath.Join(dir, "board.svg"), filepath.Join(dir, "plot.svg")
	out, errOut, status := runSnakes(t, "", "-board", board, "-svg", svg, "-plot", plot)
	if status != 0 || errOut != "" {
		t.Fatalf("status %d, stderr %q", status, errOut)
	}
	if want := goldenFile(t, "leetcode1.txt.golden"); out != want {
		t.Errorf("output:\n%s\nwant:\n%s", out, want)
	}
	for _, name := range []string{svg, plot} {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		var doc struct {
			XMLName xml.Name
		}
		if err := xml.Unmarshal(data, &doc); err != nil || doc.XMLName.Local != "svg" {
			t.Errorf("%s: root %v, %v", name, doc.XMLName, err)
		}
	}
}

func TestRuleFlags(t *testing.T) {
	out, _, status := runSnakes(t, "", "-start", "1", "-faces", "4", "-overshoot", "bounce", "-chain")
	if status != 0 {
		t.Fatalf("status %d", status)
	}
	want := "Rules: 4-sided die, start on square 1, a roll past the end bounces back, jumps chain\n"
	if !strings.Contains(out, want) {
		t.Errorf("output does not say %q:\n%s", want, out)
	}
}

func TestBadInput(t *testing.T) {
	dir := t.TempDir()
	write := func(name, content string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	malformed := write("malformed.json", "[[-1,-1],\n [-1,3]")
	invalid := write("invalid.json", "[[-1,-1],\n [-1,9]]")
	cases := []struct {
		name  string
		stdin string
		args  []string
		want  string
	}{
		{"missing file", "", []string{"-board", filepath.Join(dir, "nope.json")}, "snakes: reading the board: open " + filepath.Join(dir, "nope.json") + ": no such file or directory\n"},
		{"malformed", "", []string{"-board", malformed}, "snakes: " + malformed + ": board JSON line 2, column 8: unexpected end of JSON input\n"},
		{"invalid board", "", []string{"-board", invalid}, "snakes: " + invalid + ": row 1, column 1 (square 2) holds 9, want -1 or a square in 1..4\n"},
		{"invalid stdin", `{"size": 2, "jumps": {"x": 1}}`, []string{"-board", "-"}, `snakes: standard input: "jumps" key "x" is not a square label` + "\n"},
		{"faces", "", []string{"-faces", "-3"}, "snakes: -faces is -3, want 0 (meaning 6) or 1..65536\n"},
		{"dice", "", []string{"-dice", "-2"}, "snakes: -dice is -2, want 0 (meaning 1) or more\n"},
		{"weights not numbers", "", []string{"-weights", "1,2,x"}, `snakes: invalid value "1,2,x" for flag -weights: weight 3 is "x", want a whole number` + "\n"},
		{"negative weight", "", []string{"-weights", "1,-2,1"}, "snakes: weight 2 of -weights is -2, want 0 or more\n"},
		{"weights beside faces", "", []string{"-weights", "1,2", "-faces", "6"}, "snakes: -faces is 6 beside 2 -weights, want 0 or 2\n"},
		{"enter", "", []string{"-dice", "2", "-enter", "1"}, "snakes: -enter is 1, a total the dice never show (they show 2..12)\n"},
		{"again", "", []string{"-weights", "1,0,1", "-again", "2"}, "snakes: -again is 2, a total the dice never show (they show some of 1..3)\n"},
		{"again limit", "", []string{"-again-limit", "3"}, "snakes: -again-limit is 3 but -again is 0: a limit needs a total that throws again\n"},
		{"on limit", "", []string{"-on-limit", "home"}, `snakes: invalid value "home" for flag -on-limit: onLimit "home", want void or start` + "\n"},
		{"faces not a number", "", []string{"-faces", "six"}, `snakes: invalid value "six" for flag -faces: parse error` + "\n"},
		{"overshoot", "", []string{"-overshoot", "wrap"}, `snakes: invalid value "wrap" for flag -overshoot: overshoot "wrap", want stay, bounce or finish` + "\n"},
		{"start", "", []string{"-start", "0"}, `snakes: -start "0", want 1 or offboard` + "\n"},
		{"negative budget", "", []string{"-budget", "-1s"}, "snakes: -budget is -1s: give 0 (no limit) or a time above 0, such as 10s\n"},
		{"unknown flag", "", []string{"-colour"}, "snakes: flag provided but not defined: -colour\n"},
		{"argument", "", []string{"board.json"}, `snakes: unexpected argument "board.json"; the board is given with -board FILE` + "\n"},
		{"unwritable svg", "", []string{"-svg", filepath.Join(dir, "no", "such", "dir.svg")}, "snakes: open " + filepath.Join(dir, "no", "such", "dir.svg") + ": no such file or directory\n"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			out, errOut, status := runSnakes(t, tc.stdin, tc.args...)
			if status != 2 {
				t.Errorf("status %d, want 2", status)
			}
			if out != "" {
				t.Errorf("stdout %q, want nothing", out)
			}
			if errOut != tc.want {
				t.Errorf("stderr %q, want %q", errOut, tc.want)
			}
		})
	}
}

// TestHelp: -h starts with the ways to call the command, every
// subcommand named, then the flags.
func TestHelp(t *testing.T) {
	out, _, status := runSnakes(t, "", "-h")
	if status != 0 || !strings.HasPrefix(out, "Usage:\n  snakes [flags]") || !strings.Contains(out, "\n  snakes design [flags]") ||
		!strings.Contains(out, "\n  snakes serve [flags]") || !strings.Contains(out, "-overshoot") {
		t.Errorf("status %d, help:\n%s", status, out)
	}
	out, _, status = runSnakes(t, "", "design", "-h")
	if status != 0 || !strings.HasPrefix(out, "Usage: snakes design [flags]") || !strings.Contains(out, "-ladders") {
		t.Errorf("design -h: status %d, help:\n%s", status, out)
	}
}

// TestEndlessLookingGame: a 50×50 board on which every square but one in
// six is a snake to square 1 ends surely, in about 6⁴¹⁷ turns: the text
// says its expectation is past float64, never that the game may not end.
func TestEndlessLookingGame(t *testing.T) {
	jumps := map[string]int{}
	for s := 2; s < 50*50; s++ {
		if (s-1)%6 != 0 {
			jumps[strconv.Itoa(s)] = 1
		}
	}
	board, err := json.Marshal(map[string]any{"size": 50, "jumps": jumps})
	if err != nil {
		t.Fatal(err)
	}
	out, errOut, status := runSnakes(t, string(board), "-board", "-", "-budget", "1s")
	if status != 0 || errOut != "" || strings.Contains(out, "never") ||
		!strings.Contains(out, "Fewest rolls: 417\n") || !strings.Contains(out, "expected turns: the game surely ends, but its expected number of turns, about ") ||
		!strings.Contains(out, "·10³²⁴, is beyond the float64 range") {
		t.Fatalf("status %d, stderr %q, output:\n%s", status, errOut, out)
	}
}

// TestBigBoard runs a 1000×1000 board with no jumps, whose games last
// hundreds of thousands of turns: the fewest rolls, the path (shortened)
// and the expectation come out, the figures that cannot fit the budget are
// named with the reason, and nothing fails.
func TestBigBoard(t *testing.T) {
	start := time.Now()
	out, errOut, status := runSnakes(t, `{"size": 1000, "jumps": {}}`, "-board", "-", "-budget", bigBudget.String())
	if status != 0 || errOut != "" {
		t.Fatalf("status %d, stderr %q", status, errOut)
	}
	for _, want := range []string{
		"Board: 1000×1000, 0 ladders, 0 snakes\n",
		"(boards over 40×40 are not drawn)\n",
		"Fewest rolls: 166667\n",
		"  roll 3: 1 → 4\n", // 999,999 squares to go: 3 then 166,666 sixes
		"  … 166652 moves left out …\n",
		"  roll 6: 999994 → 1000000\n",
		fmt.Sprintf("  expected turns: %.4f", noJumpsExpected(1000*1000)),
		"Not computed:\n",
		// The time budget, or under the race detector's slower clock
		// MaxWork: either way named, with its reason.
		"  median, percentiles and most likely turns: ",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if d := time.Since(start); d > bigBudget+27*time.Second {
		t.Errorf("took %v with a budget of %v", d, bigBudget)
	}
	// -json keeps the whole path.
	out, _, status = runSnakes(t, `{"size": 1000, "jumps": {}}`, "-board", "-", "-budget", "1s", "-json")
	var rep struct {
		Path    []json.RawMessage `json:"path"`
		Skipped []struct{ Figure, Reason string }
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil || status != 0 {
		t.Fatalf("status %d, %v", status, err)
	}
	if len(rep.Path) != 166667 || len(rep.Skipped) == 0 {
		t.Errorf("JSON path of %d moves, %d figures skipped", len(rep.Path), len(rep.Skipped))
	}
}

// noJumpsExpected is the expected length of a game on a board of last
// squares with no jumps, a six-sided die and overshoots that stay, by the
// recurrence from the last square down: a turn, plus the average over the
// rolls that move of where they go, scaled up by the rolls that do not.
func noJumpsExpected(last int) float64 {
	e := make([]float64, last+1)
	for v := last - 1; v >= 1; v-- {
		sum, moves := 6.0, 0
		for r := 1; r <= 6 && v+r <= last; r++ {
			sum += e[v+r]
			moves++
		}
		e[v] = sum / float64(moves)
	}
	return e[1]
}

// TestMaxSquares refuses a tiny file that names a huge board, before
// allocating it, and honours a lower limit.
func TestMaxSquares(t *testing.T) {
	for _, tc := range []struct {
		stdin string
		args  []string
		want  string
	}{
		{`{"size": 46340}`, nil, "snakes: standard input: the board is 46340×46340, 2147395600 squares, over the limit of 100000000\n"},
		{`{"size": 10}`, []string{"-max-squares", "99"}, "snakes: standard input: the board is 10×10, 100 squares, over the limit of 99\n"},
	} {
		start := time.Now()
		out, errOut, status := runSnakes(t, tc.stdin, append([]string{"-board", "-"}, tc.args...)...)
		if status != 2 || out != "" || errOut != tc.want {
			t.Errorf("status %d, stdout %q, stderr %q; want 2 and %q", status, out, errOut, tc.want)
		}
		if d := time.Since(start); d > 5*time.Second {
			t.Errorf("refused after %v", d)
		}
	}
}

// TestSVGTooLarge: a board too big to read as a picture is not drawn, and
// the command says so but still reports.
func TestSVGTooLarge(t *testing.T) {
	svg := filepath.Join(t.TempDir(), "board.svg")
	out, errOut, status := runSnakes(t, `{"size": 101, "jumps": {"2": 10201}}`, "-board", "-", "-svg", svg)
	if status != 0 || !strings.Contains(out, "Fewest rolls: 1\n") {
		t.Fatalf("status %d, output:\n%s", status, out)
	}
	if want := "snakes: -svg: boards over 100×100 are not drawn (this one is 101×101); no picture written\n"; errOut != want {
		t.Errorf("stderr %q, want %q", errOut, want)
	}
	if _, err := os.Stat(svg); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the SVG file exists: %v", err)
	}
}

func TestDesignCommand(t *testing.T) {
	out, errOut, status := runSnakes(t, "", "design", "-size", "8", "-ladders", "3", "-snakes", "3", "-turns", "25", "-tolerance", "1e-3", "-seed", "4")
	if status != 0 || errOut != "" {
		t.Fatalf("status %d, stderr %q", status, errOut)
	}
	for _, want := range []string{"Board: 8×8, 3 ladders, 3 snakes\n", "Expected turns: 25.", "(wanted 25 ± 0.001)\n", "Exactly: ", "Search took "} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	// The same flags give the same board.
	again, _, _ := runSnakes(t, "", "design", "-size", "8", "-ladders", "3", "-snakes", "3", "-turns", "25", "-tolerance", "1e-3", "-seed", "4")
	if cut := strings.Index(out, "Search took"); again[:cut] != out[:cut] {
		t.Errorf("a second run differs:\n%s\n%s", out, again)
	}
	// A target no board reaches: the closest board, a message, status 1.
	out, errOut, status = runSnakes(t, "", "design", "-size", "10", "-ladders", "1", "-turns", "1.5", "-timeout", "200ms")
	if status != 1 || !strings.Contains(out, "Board: 10×10, 1 ladder, 0 snakes\n") || !strings.HasPrefix(errOut, "snakes: the context ended") {
		t.Errorf("unreachable target: status %d, stderr %q, output:\n%s", status, errOut, out)
	}
	// No jump counts: as many as the classic board has for its size,
	// said on standard error.
	out, errOut, status = runSnakes(t, "", "design", "-size", "8", "-turns", "20", "-tolerance", "0.01", "-seed", "1")
	if status != 0 || errOut != "snakes: no -ladders, -snakes or -jumps: designing with 5 ladders and 5 snakes\n" || !strings.Contains(out, "Board: 8×8, 5 ladders, 5 snakes\n") {
		t.Errorf("no counts: status %d, stderr %q, output:\n%s", status, errOut, out)
	}
	// Bad flags: one line, status 2.
	for _, args := range [][]string{
		{"design", "-size", "1", "-turns", "5"},
		{"design", "-turns", "5", "-jumps", "2", "-ladders", "1"},
		{"design", "-start", "zero", "-turns", "5"},
		{"design", "-turns", "x"},
		{"design", "-turns", "20", "-again-limit", "2"},
		{"design", "-turns", "20", "-dice", "2", "-enter", "1"},
	} {
		out, errOut, status := runSnakes(t, "", args...)
		if status != 2 || out != "" || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%v: status %d, stdout %q, stderr %q", args, status, out, errOut)
		}
	}
}

// TestDesignHouseRules designs under two dice and reads the rules back.
func TestDesignHouseRules(t *testing.T) {
	out, errOut, status := runSnakes(t, "", "design", "-size", "8", "-ladders", "3", "-snakes", "3", "-turns", "20",
		"-tolerance", "1e-2", "-dice", "2", "-overshoot", "bounce", "-enter", "7")
	if status != 0 || errOut != "" {
		t.Fatalf("status %d, stderr %q", status, errOut)
	}
	for _, want := range []string{"Rules: two dice, start off the board, a seven to enter", "Expected turns: ", "Exactly: "} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

// TestHouseRules runs the command under house rules and reads the rules
// back in words, with the turns of the path.
func TestHouseRules(t *testing.T) {
	for _, tc := range []struct {
		args  []string
		rules string
		lines []string
	}{
		{[]string{"-dice", "2"}, "Rules: two dice, start off the board, a throw past the end is not moved, one jump per throw\n",
			[]string{"Fewest throws: 5, in 5 turns\n", "Random play may never finish: square 99 can be reached, and no turn leaves it\n"}},
		{[]string{"-enter", "6", "-again", "6", "-again-limit", "3"}, "Rules: 6-sided die, start off the board, a six to enter, another throw on a six, three in a row void the turn, a throw past the end is not moved, one jump per throw\n",
			[]string{"Fewest throws: 8, in 5 turns\n", "  turn 1, throw 6: start → 6\n", "  turn 1, throw 3: 6 → 9, ladder to 31\n"}},
		{[]string{"-weights", "0,0,0,0,1,0"}, "Rules: loaded 6-sided die (weights 0,0,0,0,1,0), start off the board, a throw past the end is not moved, one jump per throw\n",
			[]string{"Fewest throws: 16, in 16 turns\n"}},
		{[]string{"-again", "6", "-again-limit", "2", "-on-limit", "start", "-dice", "3", "-faces", "4"}, "Rules: three 4-sided dice, start off the board, another throw on a six, two in a row send the token back to the start, a throw past the end is not moved, one jump per throw\n", nil},
	} {
		out, errOut, status := runSnakes(t, "", append(tc.args, "-budget", "20s")...)
		if status != 0 || errOut != "" {
			t.Fatalf("%v: status %d, stderr %q", tc.args, status, errOut)
		}
		for _, want := range append(tc.lines, tc.rules) {
			if !strings.Contains(out, want) {
				t.Errorf("%v: output lacks %q:\n%s", tc.args, want, out)
			}
		}
	}
}

// TestServeFlags: serve's help says where it listens, and a bad address or
// argument is one line and status 2 (the server itself is tested in
// package web).
func TestServeFlags(t *testing.T) {
	_, errOut, status := runSnakes(t, "", "serve", "-h")
	if status != 0 || !strings.Contains(errOut, "loopback only unless") || !strings.Contains(errOut, "127.0.0.1:8080") {
		t.Fatalf("serve -h: status %d, %q", status, errOut)
	}
	for _, args := range [][]string{{"serve", "extra"}, {"serve", "-addr", "256.0.0.1:99999"}} {
		_, errOut, status := runSnakes(t, "", args...)
		if status != 2 || strings.Count(errOut, "\n") != 1 || !strings.HasPrefix(errOut, "snakes: ") {
			t.Errorf("%v: status %d, %q", args, status, errOut)
		}
	}
}

// TestPlay plays a seeded game of two players under Bump: every throw is
// printed with the odds after it, the winner at the end; the same seed
// plays the same game, and -json writes it as the library decodes it, the
// winner the same.
// TestPlayCommands: a game played a command at a time (-interactive reads
// them from standard input as a terminal's would be): Enter throws, a
// typed roll plays its faces, u takes a throw back, a wrong command or
// roll is said and asked again, s saves, q quits; the saved game goes on
// when its file is named, and with -seed throw n is the library's throw
// drawn from PCG(seed, n), as the page draws it.
func TestPlayCommands(t *testing.T) {
	file := filepath.Join(t.TempDir(), "game.json")
	script := "\n\n4\nu\nxyz\n9\n6\ns " + file + "\nq\n"
	out, errOut, status := runSnakes(t, script, "play", "-interactive", "-seed", "7", "-names", "Ana,Ben")
	if status != 0 || errOut != "" {
		t.Fatalf("status %d, stderr %q", status, errOut)
	}
	for _, want := range []string{
		"Ana to throw (Ana off the board, Ben off the board)> Ana throws ",
		"Ana throws 4: ", "took back Ana's throw of 4",
		`"xyz" is not a command`, "die 1 shows 9, want 1..6", "Ana throws 6: ", "saved to " + file,
	} {
		if !strings.Contains(out, want) {
			t.Fatalf("no %q in:\n%s", want, out)
		}
	}
	// The library's game of the same commands: two throws of seed 7, then 6.
	want, err := snakes.NewGame(snakes.Classic(), snakes.Rules{StartOffBoard: true}, 2)
	if err != nil {
		t.Fatal(err)
	}
	for n := range 2 {
		if _, err := want.Throw(rand.New(rand.NewPCG(7, uint64(n)))); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := want.Apply(6); err != nil {
		t.Fatal(err)
	}
	// Resumed and played to the end, each later throw n from PCG(7, n).
	resumed, errOut, status := runSnakes(t, "", "play", "-seed", "7", "-json", file)
	var s struct {
		Game  snakes.Game
		Names []string
	}
	if err := json.Unmarshal([]byte(resumed), &s); status != 0 || err != nil || !slices.Equal(s.Names, []string{"Ana", "Ben"}) {
		t.Fatalf("resuming: status %d, %s, %v: %s", status, errOut, err, resumed)
	}
	for n := 3; !want.Over(); n++ {
		if _, err := want.Throw(rand.New(rand.NewPCG(7, uint64(n)))); err != nil {
			t.Fatal(err)
		}
	}
	if diff := cmp.Diff(want.Moves(), s.Game.Moves()); diff != "" {
		t.Fatalf("the resumed game (-library +command):\n%s", diff)
	}
	_, errOut, status = runSnakes(t, "", "play", "-bump", file)
	if status != 2 || !strings.Contains(errOut, "is a saved game, with its own board, rules and players: -bump cannot change them") {
		t.Fatalf("a saved game with -bump: status %d, %q", status, errOut)
	}
	if err := os.WriteFile(file, []byte(`{"game": null, "names": []}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, errOut, status = runSnakes(t, "", "play", file); status != 2 || !strings.Contains(errOut, "no game") {
		t.Fatalf("a saved game of null: status %d, %q", status, errOut)
	}
}

// TestPlayPassedOver: a turn that a square costs is said when it is
// passed over, before the next throw.
func TestPlayPassedOver(t *testing.T) {
	board := filepath.Join(t.TempDir(), "board.json")
	if err := os.WriteFile(board, []byte(`{"size":3,"jumps":{},"miss":[3]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	out, errOut, status := runSnakes(t, "2\n1\n1\nq\n", "play", "-interactive", "-names", "Ann,Bo", board)
	want := "Ann throws 2: 1 → 3, misses the next turn\n"
	then := "Bo to throw (Ann 3, Bo 2)> Ann misses this turn\nBo throws 1: 2 → 3, misses the next turn\n"
	if status != 0 || errOut != "" || !strings.Contains(out, want) || !strings.Contains(out, then) {
		t.Fatalf("status %d, %q; want %q, then %q in:\n%s", status, errOut, want, then, out)
	}
}

// TestPlayOn: with -playon the game goes on until one player is left,
// each finisher's line says its place, and the end lists every place as
// the game saved with -json has them.
func TestPlayOn(t *testing.T) {
	args := []string{"play", "-seed", "5", "-players", "3", "-playon", "-names", "Ana,Ben,Cy"}
	out, errOut, status := runSnakes(t, "", args...)
	if status != 0 || errOut != "" {
		t.Fatalf("status %d, stderr %q", status, errOut)
	}
	saved, _, _ := runSnakes(t, "", append(args, "-json")...)
	var s struct{ Game snakes.Game }
	g := &s.Game
	if err := json.Unmarshal([]byte(saved), &s); err != nil || !g.Over() || len(g.Standings()) != 3 {
		t.Fatalf("-json: %v, over %v, standings %v", err, g.Over(), g.Standings())
	}
	names := []string{"Ana", "Ben", "Cy"}
	want := fmt.Sprintf("The game is over after %d throws:\n  1st %s\n  2nd %s\n  3rd %s\n", len(g.Moves()), names[g.Standings()[0]], names[g.Standings()[1]], names[g.Standings()[2]])
	if !strings.HasSuffix(out, want) || strings.Count(out, ", finishes 1st") != 1 || strings.Count(out, ", finishes 2nd") != 1 {
		t.Fatalf("want the end %q; output:\n%s", want, out)
	}
}

func TestPlay(t *testing.T) {
	out, errOut, status := runSnakes(t, "", "play", "-seed", "3", "-bump", "-names", "Ana,Ben")
	if status != 0 || errOut != "" {
		t.Fatalf("status %d, stderr %q", status, errOut)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if !strings.HasPrefix(lines[0], "Ana, Ben; 6-sided die, start off the board") || !strings.HasPrefix(lines[1], "  odds: Ana 50.6%, Ben 49.4%") {
		t.Fatalf("the head of the game:\n%s", out)
	}
	throws := 0
	for _, l := range lines {
		if strings.HasPrefix(l, "Ana throws ") || strings.HasPrefix(l, "Ben throws ") {
			throws++
		}
	}
	last := lines[len(lines)-1]
	if want := fmt.Sprintf(" wins after %d throws.", throws); !strings.HasSuffix(last, want) || !strings.Contains(out, "bumps ") {
		t.Fatalf("%d throws; the end %q; output:\n%s", throws, last, out)
	}
	again, _, _ := runSnakes(t, "", "play", "-seed", "3", "-bump", "-names", "Ana,Ben")
	if again != out {
		t.Fatalf("the same seed played another game:\n%s", again)
	}
	saved, _, status := runSnakes(t, "", "play", "-seed", "3", "-bump", "-json")
	var s struct {
		Game  snakes.Game
		Names []string
	}
	g := &s.Game
	if err := json.Unmarshal([]byte(saved), &s); status != 0 || err != nil || !slices.Equal(s.Names, []string{"Player 1", "Player 2"}) {
		t.Fatalf("-json: status %d, %v, names %q: %s", status, err, s.Names, saved)
	}
	winner := map[int]string{0: "Ana", 1: "Ben"}[g.Winner()]
	if len(g.Moves()) != throws || !strings.HasPrefix(last, winner+" wins") {
		t.Fatalf("-json: %d throws, winner %d; the text: %d throws, %q", len(g.Moves()), g.Winner(), throws, last)
	}
	for _, tc := range []struct {
		args []string
		says string
	}{
		{[]string{"play", "-players", "0"}, "snakes: -players is 0, want 1..64\n"},
		{[]string{"play", "-names", "a,b,c"}, "snakes: -names gives 3 names for 2 players\n"},
		{[]string{"play", "-faces", "0x"}, `snakes: invalid value "0x" for flag -faces: parse error` + "\n"},
		{[]string{"play", "-dice", "-1"}, "snakes: -dice is -1, want 0 (meaning 1) or more\n"},
		{[]string{"play", "a.json", "b.json"}, `snakes: unexpected argument "b.json": play takes one board or saved game file` + "\n"},
	} {
		out, errOut, status := runSnakes(t, "", tc.args...)
		if status != 2 || out != "" || errOut != tc.says {
			t.Errorf("%v: status %d, stdout %q, stderr %q; want 2 and %q", tc.args, status, out, errOut, tc.says)
		}
	}
}

// TestEffects reads a board with square effects and prints and draws
// them: the legend of the board's line, the symbols, the path's turns, and
// the SVG's effect marks.
func TestEffects(t *testing.T) {
	dir := t.TempDir()
	svg := filepath.Join(dir, "board.svg")
	out, errOut, status := runSnakes(t, `{"size": 5, "jumps": {"2": 13, "20": 7}, "again": [13], "miss": [19]}`, "-board", "-", "-svg", svg)
	if status != 0 || errOut != "" {
		t.Fatalf("status %d, stderr %q", status, errOut)
	}
	for _, want := range []string{
		"1 square » (another throw), 1 square ‖ (miss the next turn)",
		"13*»", "19*‖",
		"Fewest throws: 3, in 3 turns",
		"turn 1, throw 1: 1 → 2, ladder to 13, another throw",
		"turn 1, throw 6: 13 → 19, the next turn missed",
		"turn 3, throw 6: 19 → 25",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the output has no %q:\n%s", want, out)
		}
	}
	data, err := os.ReadFile(svg)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`data-effect="again" data-square="13"`, `data-effect="miss" data-square="19"`, "» another throw", "‖ miss the next turn"} {
		if !strings.Contains(string(data), want) {
			t.Errorf("the SVG has no %q", want)
		}
	}
}
