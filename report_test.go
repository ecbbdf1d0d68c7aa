package snakes

import (
	"bytes"
	"context"
	"encoding/json"
	"encoding/xml"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/snakesladders/snakes/internal/boards"
	"github.com/snakesladders/snakes/internal/model"
)

// This file tests the Report against golden files, its SVG drawings,
// ParseBoard and the text.

var update = flag.Bool("update", false, "rewrite testdata/*.golden from the current output")

// golden compares got with testdata/name, or rewrites it under -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -run %s -update to create it)", err, t.Name())
	}
	if diff := cmp.Diff(string(want), string(got)); diff != "" {
		t.Errorf("%s differs (-golden +got):\n%s", path, diff)
	}
}

var reportCases = []struct {
	name  string
	board func(t testing.TB) *Board
	rules Rules
}{
	{"classic", func(testing.TB) *Board { return Classic() }, Rules{StartOffBoard: true}},
	{"leetcode1", func(t testing.TB) *Board { return mustBoard(t, example1) }, Rules{}},
	{"leetcode2", func(t testing.TB) *Board { return mustBoard(t, example2) }, Rules{}},
	{"walled", func(t testing.TB) *Board { return mustBoard(t, walled) }, Rules{}},
}

func TestReportGolden(t *testing.T) {
	t.Parallel()
	for _, tc := range reportCases {
		t.Run(tc.name, func(t *testing.T) {
			rep, err := tc.rules.Report(tc.board(t))
			if err != nil {
				t.Fatal(err)
			}
			var text bytes.Buffer
			if err := rep.WriteText(&text); err != nil {
				t.Fatal(err)
			}
			golden(t, tc.name+".txt.golden", text.Bytes())
			out, err := rep.JSON()
			if err != nil {
				t.Fatal(err)
			}
			golden(t, tc.name+".json.golden", out)

			// The JSON's board reads back as the same board.
			var back struct{ Board json.RawMessage }
			if err := json.Unmarshal(out, &back); err != nil {
				t.Fatal(err)
			}
			b, err := ParseBoard(back.Board)
			if err != nil || !cmp.Equal(b.Grid(), rep.Board.Grid()) {
				t.Errorf("report board reads back as %v, %v", b, err)
			}
		})
	}
}

// svgDoc is the part of an SVG document the tests count.
type svgDoc struct {
	Groups []struct {
		Class string `xml:"class,attr"`
		From  int    `xml:"data-from,attr"`
		To    int    `xml:"data-to,attr"`
	} `xml:"g"`
	Lines []struct {
		Class string `xml:"class,attr"`
	} `xml:"line"`
	Rects []struct {
		Class string `xml:"class,attr"`
		Fill  string `xml:"fill,attr"`
	} `xml:"rect"`
	Texts []struct {
		Class string `xml:"class,attr"`
		Text  string `xml:",chardata"`
	} `xml:"text"`
}

func parseSVG(t *testing.T, write func(*bytes.Buffer) error) svgDoc {
	t.Helper()
	var buf bytes.Buffer
	if err := write(&buf); err != nil {
		t.Fatal(err)
	}
	var doc svgDoc
	if err := xml.Unmarshal(buf.Bytes(), &doc); err != nil {
		t.Fatalf("SVG does not parse: %v\n%s", err, buf.String())
	}
	return doc
}

func TestBoardSVG(t *testing.T) {
	t.Parallel()
	for n := 2; n <= 20; n += 3 {
		grid := randomGrid(n, 0.15, uint64(n))
		b := mustBoard(t, grid)
		rep, err := Rules{Overshoot: Finish}.Report(b)
		if err != nil {
			t.Fatal(err)
		}
		doc := parseSVG(t, func(buf *bytes.Buffer) error { return rep.WriteBoardSVG(buf) })
		wantLadders, wantSnakes := map[[2]int]bool{}, map[[2]int]bool{}
		flat := refFlat(grid)
		for from, to := range flat {
			switch {
			case from == 0 || to == -1 || to == from:
			case to > from:
				wantLadders[[2]int{from, to}] = true
			default:
				wantSnakes[[2]int{from, to}] = true
			}
		}
		gotLadders, gotSnakes := map[[2]int]bool{}, map[[2]int]bool{}
		for _, g := range doc.Groups {
			switch g.Class {
			case "ladder":
				gotLadders[[2]int{g.From, g.To}] = true
			case "snake":
				gotSnakes[[2]int{g.From, g.To}] = true
			}
		}
		if diff := cmp.Diff(wantLadders, gotLadders); diff != "" {
			t.Errorf("n=%d ladders (-board +svg):\n%s", n, diff)
		}
		if diff := cmp.Diff(wantSnakes, gotSnakes); diff != "" {
			t.Errorf("n=%d snakes (-board +svg):\n%s", n, diff)
		}
		steps, squares, labels := 0, 0, 0
		for _, l := range doc.Lines {
			if l.Class == "step" {
				steps++
			}
		}
		for _, r := range doc.Rects {
			if r.Class == "square" {
				squares++
			}
		}
		for _, tx := range doc.Texts {
			if tx.Class == "label" {
				labels++
			}
		}
		if steps != len(rep.Path) || squares != n*n || labels != n*n {
			t.Errorf("n=%d: %d path steps for %d moves, %d squares, %d labels", n, steps, len(rep.Path), squares, labels)
		}
	}
}

func TestPlotSVG(t *testing.T) {
	t.Parallel()
	rep, err := Rules{StartOffBoard: true}.Report(Classic())
	if err != nil {
		t.Fatal(err)
	}
	doc := parseSVG(t, func(buf *bytes.Buffer) error { return rep.WritePlotSVG(buf) })
	bars, marks := 0, map[string]bool{}
	for _, r := range doc.Rects {
		if r.Class == "bar" {
			bars++
		}
	}
	for _, l := range doc.Lines {
		marks[l.Class] = true
	}
	var axisLabels []string
	for _, tx := range doc.Texts {
		if tx.Class == "axis-label" {
			axisLabels = append(axisLabels, tx.Text)
		}
	}
	if bars != len(rep.Distribution) || !marks["mean"] || !marks["median"] {
		t.Errorf("%d bars for %d turns; marks %v", bars, len(rep.Distribution), marks)
	}
	if !cmp.Equal(axisLabels, []string{"turns", "probability"}) {
		t.Errorf("axis labels %q", axisLabels)
	}
	total := 0.0
	for _, p := range rep.Distribution {
		total += float64(p)
	}
	if total < 0.999 || total > 1+1e-12 {
		t.Errorf("plotted distribution holds %v of the games", total)
	}
}

func TestParseBoard(t *testing.T) {
	t.Parallel()
	grid, err := ParseBoard([]byte(" [[-1,-1],[-1,3]]\n"))
	if err != nil {
		t.Fatal(err)
	}
	jumps, err := ParseBoard([]byte(`{"size": 2, "jumps": {"2": 3}}`))
	if err != nil {
		t.Fatal(err)
	}
	if !cmp.Equal(grid.Grid(), jumps.Grid()) || !cmp.Equal(grid.Grid(), example2) {
		t.Errorf("the two forms differ: %v, %v", grid.Grid(), jumps.Grid())
	}
	var b Board
	if err := json.Unmarshal([]byte(`{"size":10,"jumps":{"1":38,"16":6}}`), &b); err != nil {
		t.Fatal(err)
	}
	if to, ok := b.Jump(16); !ok || to != 6 || b.Size() != 10 {
		t.Errorf("unmarshalled board: size %d, 16 → %d %v", b.Size(), to, ok)
	}
	out, err := json.Marshal(mustBoard(t, example2))
	if err != nil || string(out) != "[[-1,-1],[-1,3]]" {
		t.Errorf("MarshalJSON = %s, %v", out, err)
	}

	cases := []struct{ in, msg string }{
		{"", "snakes: the board JSON is empty"},
		{"[[-1,-1],\n [-1,3]", "snakes: board JSON line 2, column 8: unexpected end of JSON input"},
		{"[[-1,-1],\n [-1,\"x\"]]", "snakes: board JSON line 2, column 9: found a string, want a number"},
		{"[[-1,-1],\n [-1,[3]]]", "snakes: board JSON line 2, column 7: found an array, want a number"},
		{"[[-1,-1],\n {}]", "snakes: board JSON line 2, column 3: found an object, want an array"},
		{`{"size": 2, "jumps": {"two": 3}}`, `snakes: "jumps" key "two" is not a square label`},
		{`{"jumps": {}}`, `snakes: the board JSON has no "size"`},
		{`{"size": 2, "ladders": {}}`, `snakes: board JSON: unknown field "ladders"`},
		{`{"size": 2, "jumps": {"4": 1}}`, "snakes: square 4 is the last square and holds a jump to 1; the last square cannot start a jump"},
		{`[[-1,-1],[-1]]`, "snakes: row 1 has 1 cell, want 2"},
		{`7`, `snakes: the board JSON is 7, want a grid [[...]] or an object {"size": n, "jumps": {...}}`},
	}
	for _, tc := range cases {
		_, err := ParseBoard([]byte(tc.in))
		if !errors.Is(err, ErrInvalidBoard) || err.Error() != tc.msg {
			t.Errorf("ParseBoard(%q) = %v, want %q", tc.in, err, tc.msg)
		}
	}
}

func TestOvershootText(t *testing.T) {
	t.Parallel()
	for o := Stay; o <= Finish; o++ {
		text, err := o.MarshalText()
		var back Overshoot
		if err != nil || back.UnmarshalText(text) != nil || back != o {
			t.Errorf("%v round-trips as %q → %v", o, text, back)
		}
	}
	var o Overshoot
	if err := o.UnmarshalText([]byte("BOUNCE")); err != nil || o != Bounce {
		t.Errorf("BOUNCE → %v, %v", o, err)
	}
	if err := o.UnmarshalText([]byte("wrap")); !errors.Is(err, ErrInvalidRules) || !strings.Contains(err.Error(), `"wrap"`) {
		t.Errorf("wrap → %v", err)
	}
	if _, err := Overshoot(9).MarshalText(); !errors.Is(err, ErrInvalidRules) {
		t.Errorf("Overshoot(9).MarshalText: %v", err)
	}
}

func TestStringDrawing(t *testing.T) {
	t.Parallel()
	b := mustBoard(t, [][]int{{-1, 2, -1}, {-1, -1, -1}, {-1, 9, 3}})
	want := "7   8↓2 9\n6   5   4\n1   2↑9 3○\n"
	if got := b.String(); got != want {
		t.Errorf("String:\n%s\nwant:\n%s", got, want)
	}
	if (&Board{}).String() != "" {
		t.Error("zero board draws something")
	}
}

func TestReportLargeBoardNotDrawn(t *testing.T) {
	t.Parallel()
	rep, err := Rules{}.Report(mustBoard(t, emptyGrid(41)))
	if err != nil {
		t.Fatal(err)
	}
	var text bytes.Buffer
	if err := rep.WriteText(&text); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(text.String(), "\n")
	if lines[3] != "(boards over 40×40 are not drawn)" || rep.MinRolls != (41*41-1+5)/6 {
		t.Errorf("report of a 41×41 board:\n%s", text.String())
	}
}

func TestBoardSVGTooLarge(t *testing.T) {
	t.Parallel()
	b, err := FromJumps(MaxSVGSide+1, nil)
	if err != nil {
		t.Fatal(err)
	}
	rep := &Report{Board: b}
	var out bytes.Buffer
	err = rep.WriteBoardSVG(&out)
	if want := "snakes: boards over 100×100 are not drawn (this one is 101×101)"; !errors.Is(err, ErrTooLarge) || err.Error() != want || out.Len() != 0 {
		t.Errorf("WriteBoardSVG = %v, wrote %d bytes; want %q", err, out.Len(), want)
	}
}

// TestHeatSVG checks the heat map of the classic board: every square drawn,
// shaded by its visits (the most visited darkest, none white), the jumps
// drawn, no path, and a legend.
func TestHeatSVG(t *testing.T) {
	t.Parallel()
	rep, err := Rules{StartOffBoard: true}.Report(Classic())
	if err != nil {
		t.Fatal(err)
	}
	doc := parseSVG(t, func(buf *bytes.Buffer) error { return rep.WriteHeatSVG(buf) })
	visits, err := Rules{StartOffBoard: true}.Visits(Classic())
	if err != nil {
		t.Fatal(err)
	}
	var squares []string
	legend := 0
	for _, r := range doc.Rects {
		switch r.Class {
		case "square":
			squares = append(squares, r.Fill)
		case "legend":
			legend++
		}
	}
	if len(squares) != 100 || legend != 10 {
		t.Fatalf("%d squares and %d legend steps, want 100 and 10", len(squares), legend)
	}
	// Squares are drawn in label order.
	hottest := 0
	for label := 1; label < 100; label++ {
		if visits[label] > visits[hottest] {
			hottest = label
		}
	}
	for label := 1; label < 100; label++ {
		fill := squares[label-1]
		switch {
		case label == hottest && fill != heatColour(1):
			t.Errorf("square %d, the most visited, is %s, want %s", label, fill, heatColour(1))
		case visits[label] == 0 && fill != "#ffffff":
			t.Errorf("square %d, never visited, is %s", label, fill)
		case label != hottest && fill == heatColour(1):
			t.Errorf("square %d is as dark as the most visited", label)
		}
	}
	jumps := 0
	for _, g := range doc.Groups {
		if g.Class == "ladder" || g.Class == "snake" {
			jumps++
		}
	}
	for _, l := range doc.Lines {
		if l.Class == "step" {
			t.Errorf("the heat map draws the path")
		}
	}
	if jumps != 19 {
		t.Errorf("%d jumps drawn, want 19", jumps)
	}
	// A board that may never finish has no heat map.
	walled, _ := Rules{}.Report(mustBoard(t, walled))
	if err := walled.WriteHeatSVG(&bytes.Buffer{}); !errors.Is(err, ErrNeverFinishes) {
		t.Errorf("heat map of a board that never finishes: %v", err)
	}
}

// TestReportJumpsAlone checks that a report whose jumps are refused leaves
// out only them: on a board past the structured solve's bounds, with Jumps'
// bound made too small for it, the spread and the visits are there and
// Skipped names the jumps with the bound's message; with the bound as it
// is, the table is there and agrees with Jumps.
func TestReportJumpsAlone(t *testing.T) {
	t.Parallel()
	jumps := map[int]int{}
	for s := 40; s < 60*60-10; s += 11 {
		jumps[s] = s - 7 // 326 squares that moves go back to
	}
	b := mustJumps(t, 60, jumps)
	r := tuned(Rules{}, func(l *model.Limits) { l.JumpsWork = 1e6 })
	// Without Report's budget: under the race detector the figures before
	// the jumps take longer than it.
	ctx := context.Background()
	rep, err := r.ReportContext(ctx, b, nil)
	if err != nil {
		t.Fatal(err)
	}
	if rep.StdDev == nil || *rep.StdDev == 0 || len(rep.Visits) == 0 || len(rep.Jumps) != 0 || len(rep.Skipped) != 1 ||
		rep.Skipped[0].Figure != FigureJumps || !strings.Contains(rep.Skipped[0].Reason, "over Jumps' bound of 1e+06") {
		t.Fatalf("StdDev %v, %d visits, %d jumps, Skipped %+v", rep.StdDev, len(rep.Visits), len(rep.Jumps), rep.Skipped)
	}
	r = Rules{}
	rep, err = r.ReportContext(ctx, b, nil)
	if err != nil {
		t.Fatal(err)
	}
	stats, err := r.Jumps(b)
	if err != nil || len(rep.Jumps) != len(stats) || len(rep.Skipped) != 0 {
		t.Fatalf("Jumps: %d, %v; report %d, Skipped %+v", len(stats), err, len(rep.Jumps), rep.Skipped)
	}
}

// TestReportHonest: a figure not computed is null, never a zero or a claim
// the game may not end. A game that surely ends, in about 6⁴¹⁷ turns
// (every square but one in six a snake to square 1), says it ends and
// names its expectation as too large for float64; a game whose turns are
// over the bounds leaves whether it ends unknown.
func TestReportHonest(t *testing.T) {
	t.Parallel()
	jumps := map[int]int{}
	for s := 2; s < 50*50; s++ {
		if (s-1)%6 != 0 {
			jumps[s] = 1
		}
	}
	b := mustJumps(t, 50, jumps)
	if _, err := (Rules{}).ExpectedTurns(b); !errors.Is(err, ErrTooLarge) || errors.Is(err, ErrNeverFinishes) || !strings.Contains(err.Error(), "float64") {
		t.Fatalf("ExpectedTurns of a game of 6^417 turns: %v; want ErrTooLarge naming float64", err)
	}
	// The stages after the expectation follow the game until MaxWork
	// ends them: a deadline ends them sooner.
	ctx, cancel := context.WithTimeout(context.Background(), 500*time.Millisecond)
	defer cancel()
	rep, err := Rules{}.ReportContext(ctx, b, nil)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Finishes == nil || !*rep.Finishes || rep.Problem != "" || rep.ExpectedTurns != nil || !rep.skipped(StageExpected) {
		t.Fatalf("report: finishes %v, problem %q, expected %v, skipped %+v", rep.Finishes, rep.Problem, rep.ExpectedTurns, rep.Skipped)
	}
	out, err := json.Marshal(rep)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(out, []byte(`"finishes":true`)) || !bytes.Contains(out, []byte(`"expectedTurns":null`)) {
		t.Fatalf("JSON %.300s", out)
	}

	// Random play over the bounds: only the searches are known.
	empty := mustJumps(t, 100, nil)
	rep, err = Rules{Weights: boards.Loaded(65536), Overshoot: Bounce}.WithMaxBytes(64 << 20).WithMaxWork(1 << 40).Report(empty)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Finishes != nil || rep.ExpectedTurns != nil || len(rep.Skipped) != 1 || rep.Skipped[0].Figure != FigurePlay ||
		!errors.Is(rep.Skipped[0].Err, ErrTooLarge) || !strings.Contains(rep.Skipped[0].Reason, "over the bound of 64 MiB") || rep.MinRolls != 1 {
		t.Fatalf("report: finishes %v, expected %v, min rolls %d, skipped %+v", rep.Finishes, rep.ExpectedTurns, rep.MinRolls, rep.Skipped)
	}
	if out, _ := json.Marshal(rep); !bytes.Contains(out, []byte(`"finishes":null,`)) || !bytes.Contains(out, []byte(`"medianTurns":null,`)) {
		t.Fatalf("JSON %.300s", out)
	}
}
