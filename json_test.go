package snakes

// This file tests that the JSON this package reads is held to its
// documented names: spelt exactly, each key once.

import (
	"encoding/json"
	"errors"
	"runtime"
	"strings"
	"testing"
)

// TestExactJSONKeys decodes rules, boards and games whose keys are spelt
// in another case or given twice: each is an error wrapping its kind that
// names the key, where the json package alone would take "FACES" for
// "faces" and keep the last of two keys; the same JSON spelt right
// decodes.
func TestExactJSONKeys(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, json string
		into       func([]byte) error
		kind       error
		says       string
	}{
		{"rules in capitals", `{"FACES": 3}`, rulesFrom, ErrInvalidRules, `JSON key "FACES": the field is "faces", spelt so`},
		{"a rule twice", `{"faces": 3, "dice": 2, "faces": 4}`, rulesFrom, ErrInvalidRules, `JSON key "faces" is given twice`},
		{"a board's size in another case", `{"Size": 3}`, boardFrom, ErrInvalidBoard, `JSON key "Size": the field is "size", spelt so`},
		{"a jump twice", `{"size": 3, "jumps": {"2": 8, "2": 5}}`, boardFrom, ErrInvalidBoard, `JSON key "jumps.2" is given twice`},
		{"a game's throws in another case", `{"board": {"size": 3}, "rules": {}, "players": 2, "Throws": []}`, gameFrom, ErrInvalidThrow, `JSON key "Throws": the field is "throws", spelt so`},
		{"a game's rule in another case", `{"board": {"size": 3}, "rules": {"Bump": true}, "players": 2, "throws": []}`, gameFrom, ErrInvalidRules, `JSON key "Bump": the field is "bump", spelt so`},
		{"a game's board twice", `{"board": {"size": 3}, "board": {"size": 4}, "rules": {}, "players": 2, "throws": []}`, gameFrom, ErrInvalidThrow, `JSON key "board" is given twice`},
	} {
		err := tc.into([]byte(tc.json))
		if !errors.Is(err, tc.kind) || !strings.Contains(err.Error(), tc.says) {
			t.Errorf("%s: %v; want %v saying %q", tc.name, err, tc.kind, tc.says)
		}
	}
	for _, ok := range []struct {
		json string
		into func([]byte) error
	}{
		{`{"faces": 3, "dice": 2, "overshoot": "bounce", "againLimit": 0}`, rulesFrom},
		{`{"size": 3, "jumps": {"2": 8, "7": 5}, "again": [4], "miss": []}`, boardFrom},
		{`{"board": {"size": 3}, "rules": {"bump": true}, "players": 2, "throws": [[1], [2]]}`, gameFrom},
		{`null`, rulesFrom},
	} {
		if err := ok.into([]byte(ok.json)); err != nil {
			t.Errorf("%s: %v", ok.json, err)
		}
	}
	// A value of the wrong kind, and an unknown field, wrap the rules'
	// kind and name the field in the rules' own words.
	if err := rulesFrom([]byte(`{"faces": "six"}`)); !errors.Is(err, ErrInvalidRules) || err.Error() != `snakes: JSON field "faces": found a string, want a number` {
		t.Errorf("a face count as a string: %v", err)
	}
	if err := rulesFrom([]byte(`{"face": 6}`)); !errors.Is(err, ErrInvalidRules) || err.Error() != `snakes: unknown field "face"` {
		t.Errorf("an unknown rule: %v", err)
	}
	// Unknown fields stay errors, in rules read inside a game too.
	if err := gameFrom([]byte(`{"board": {"size": 3}, "rules": {"face": 3}, "players": 2}`)); err == nil || !strings.Contains(err.Error(), `unknown field "face"`) {
		t.Errorf("a misspelt rule in a game: %v", err)
	}
}

func rulesFrom(data []byte) error { var r Rules; return json.Unmarshal(data, &r) }
func boardFrom(data []byte) error { var b Board; return json.Unmarshal(data, &b) }
func gameFrom(data []byte) error  { var g Game; return json.Unmarshal(data, &g) }

// TestExactJSONKeysDeep: JSON nested ten thousand deep costs its reading
// memory in proportion to its depth, not its square (a 20 kB body once
// took 152 MiB, and a server's 1 MiB body gigabytes), and deeper still is
// an error, not a crash.
func TestExactJSONKeysDeep(t *testing.T) {
	for _, depth := range []int{9990, 20000} {
		data := []byte(`{"weights": ` + strings.Repeat(`{"a": [`, depth/2) + strings.Repeat(`]}`, depth/2) + `}`)
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		err := rulesFrom(data)
		runtime.ReadMemStats(&after)
		if err == nil {
			t.Errorf("depth %d: decoded", depth)
		}
		if took := after.TotalAlloc - before.TotalAlloc; took > 32<<20 {
			t.Errorf("depth %d (%d bytes): reading took %d MiB", depth, len(data), took>>20)
		}
	}
}
