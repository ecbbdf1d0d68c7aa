package main

import (
	"bytes"
	"encoding/xml"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

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
		{"faces", "", []string{"-faces", "-3"}, "snakes: Faces is -3, want 0 (meaning 6) or 1..65536\n"},
		{"faces not a number", "", []string{"-faces", "six"}, `snakes: invalid value "six" for flag -faces: parse error` + "\n"},
		{"overshoot", "", []string{"-overshoot", "wrap"}, `snakes: invalid value "wrap" for flag -overshoot: overshoot "wrap", want stay, bounce or finish` + "\n"},
		{"start", "", []string{"-start", "0"}, `snakes: -start "0", want 1 or offboard` + "\n"},
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

func TestHelp(t *testing.T) {
	out, _, status := runSnakes(t, "", "-h")
	if status != 0 || !strings.Contains(out, "-overshoot") {
		t.Errorf("status %d, help:\n%s", status, out)
	}
}
