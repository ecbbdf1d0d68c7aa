package snakes

import (
	"bytes"
	"encoding/json"
	"errors"
	"math"
	"math/rand/v2"
	"reflect"
	"testing"
)

// This file fuzzes house rules (every figure under arbitrary rules, and
// Rules decoded from arbitrary JSON) and checks Play's mean under house
// rules.

// refHouseValid is the test's own reading of which house rules Validate
// accepts, for dice small enough to go through every way they fall.
func refHouseValid(h refHouse, faces int, onLimit int) bool {
	switch {
	case faces < 0 || faces > 1<<16 || h.dice < 0 || h.enter < 0 || h.again < 0 || h.limit < 0 || h.limit > 64:
		return false
	case h.limit > 0 && h.again == 0, onLimit < 0 || onLimit > 1, h.over < Stay || h.over > Finish:
		return false
	case h.weights != nil && faces != 0 && faces != len(h.weights):
		return false
	}
	sum := 0
	for _, w := range h.weights {
		if w < 0 {
			return false
		}
		sum += w
	}
	if h.weights != nil && sum == 0 {
		return false
	}
	totals := h.totals()
	if h.enter > 0 && totals[h.enter] == nil || h.again > 0 && totals[h.again] == nil {
		return false
	}
	return !(h.again > 0 && len(totals) == 1 && h.limit == 0)
}

// FuzzHouseRules drives every figure with arbitrary house rules: invalid
// ones must be refused by every call with ErrInvalidRules, and on small
// boards and dice valid ones must agree with the test's own model.
func FuzzHouseRules(f *testing.F) {
	f.Add(encodeGrid(example1), 0, false, 0, false, 2, []byte{1, 1, 1, 1, 1, 2}, 6, 6, 3, 0)
	f.Add(encodeGrid(walled), 4, true, 1, true, 1, []byte{}, 0, 4, 0, 1)
	f.Add(encodeGrid(example2), 3, false, 2, false, 3, []byte{0, 0, 0}, 3, 0, 0, 0)
	f.Add(encodeGrid(emptyGrid(3)), 6, true, 0, false, -1, []byte{2, 0, 1}, 13, 2, 2, 5)
	// A game of 10³⁸ turns whose walks settle too slowly to race: the
	// product chain answers.
	f.Add(encodeGrid(emptyGrid(3)), 0, true, int(Stay), true, 3, []byte{32, 99, 48, 48}, 0, 4, 24, 1)
	f.Fuzz(func(t *testing.T, data []byte, faces int, offBoard bool, over int, chain bool, dice int, weights []byte, enter, again, limit, onLimit int) {
		grid := decodeGrid(data)
		if !refValid(grid) || len(grid) > 4 {
			return // FuzzNewBoard covers bad grids; the model is for small boards
		}
		b, _ := NewBoard(grid)
		r := Rules{Faces: faces, StartOffBoard: offBoard, Overshoot: Overshoot(over), Chain: chain,
			Dice: dice, Enter: enter, Again: again, AgainLimit: limit, OnLimit: Penalty(onLimit)}
		if len(weights) > 0 {
			r.Weights = make([]int, len(weights))
			for i, w := range weights {
				r.Weights[i] = int(int8(w)) // negatives too
			}
		}
		n := faces
		if r.Weights != nil {
			n = len(r.Weights)
		} else if n == 0 {
			n = 6
		}
		if n > 6 || dice > 3 || n < 1 && r.Weights == nil {
			// Too big for the model: only consistency.
			err := r.Validate()
			_, eErr := r.ExpectedTurns(b)
			if err != nil && (!errors.Is(err, ErrInvalidRules) || !errors.Is(eErr, ErrInvalidRules)) {
				t.Fatalf("%+v: Validate %v, ExpectedTurns %v", r, err, eErr)
			}
			return
		}
		h := refHouse{refRules: refRules{faces: n, offBoard: offBoard, over: Overshoot(over), chain: chain},
			dice: max(dice, 1), weights: r.Weights, enter: enter, again: again, limit: limit, toStart: onLimit == 1}
		valid := dice >= 0 && refHouseValid(h, faces, onLimit)
		_, eErr := r.ExpectedTurns(b)
		_, dErr := r.LengthDistribution(b, 20)
		_, wErr := r.WinChances(b, 2)
		_, jErr := r.Jumps(b)
		if !valid {
			for _, err := range []error{eErr, dErr, wErr, jErr, r.Validate()} {
				if !errors.Is(err, ErrInvalidRules) {
					t.Fatalf("%+v: error %v, want ErrInvalidRules", r, err)
				}
			}
			if r.MinRolls(b) != -1 || r.Distances(b) != nil || r.Play(b, nil, 5) != nil {
				t.Fatalf("%+v: invalid rules answered a search", r)
			}
			return
		}
		if err := r.Validate(); err != nil || dErr != nil || wErr != nil {
			t.Fatalf("%+v: Validate %v, LengthDistribution %v, WinChances %v", r, err, dErr, wErr)
		}
		flat := refFlat(grid)
		if _, want := h.dist(flat); r.MinRolls(b) != want {
			t.Fatalf("%+v: MinRolls %d, reference %d", r, r.MinRolls(b), want)
		}
		k := refKernel{last: len(flat) - 1, start: h.start(), turns: h.turns(flat, nil)}
		want, finite := k.expected()
		e, _ := r.ExpectedTurns(b)
		if finite != (eErr == nil) || finite && !relClose(e, want, 1e-12) {
			t.Fatalf("%+v: ExpectedTurns %v, %v; exact %v, %v", r, e, eErr, want, finite)
		}
	})
}

// FuzzRulesJSON decodes arbitrary JSON into Rules: no panic, and rules
// that decode and validate survive a round trip and answer as the same
// Rules do.
func FuzzRulesJSON(f *testing.F) {
	f.Add([]byte(`{"faces": 6, "dice": 2, "overshoot": "bounce"}`))
	f.Add([]byte(`{"weights": [1,1,1,1,1,2], "enter": 6, "again": 6, "againLimit": 3, "onLimit": "start"}`))
	f.Add([]byte(`{"again": 6, "onLimit": "void", "startOffBoard": true, "chain": true}`))
	f.Add([]byte(`{"onLimit": "home"}`))
	f.Add([]byte(`{"weights": [0,0,0], "faces": -1}`))
	f.Add([]byte(`{"FACES": 3}`))
	f.Add([]byte(`{"faces": 3, "faces": 4}`))
	b := Classic()
	names := map[string]bool{}
	for _, f := range reflect.VisibleFields(reflect.TypeFor[Rules]()) {
		if tag := f.Tag.Get("json"); tag != "" {
			names[tag] = true
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var r Rules
		if err := json.Unmarshal(data, &r); err != nil {
			return
		}
		// Rules decoded: each of the object's keys is a field's JSON name
		// as spelt, and none is given twice.
		dec := json.NewDecoder(bytes.NewReader(data))
		if tok, _ := dec.Token(); tok == json.Delim('{') {
			seen := map[string]bool{}
			for dec.More() {
				tok, _ := dec.Token()
				key, _ := tok.(string)
				if !names[key] || seen[key] {
					t.Fatalf("%s decoded as %+v, with key %q", data, r, key)
				}
				seen[key] = true
				var skip json.RawMessage
				if dec.Decode(&skip) != nil {
					t.Fatalf("%s decoded, and its value at %q did not", data, key)
				}
			}
		}
		out, err := json.Marshal(r)
		if err := r.Validate(); err != nil {
			if !errors.Is(err, ErrInvalidRules) {
				t.Fatalf("%+v: Validate %v", r, err)
			}
			return
		}
		if err != nil {
			t.Fatalf("%+v: Marshal %v", r, err)
		}
		var back Rules
		if err := json.Unmarshal(out, &back); err != nil || !reflect.DeepEqual(r, back) {
			t.Fatalf("%s → %+v → %s → %+v, %v", data, r, out, back, err)
		}
		if r.Dice > 4 || len(r.Weights) > 64 || r.Faces > 64 || r.AgainLimit > 8 {
			return // keep each input quick
		}
		e1, err1 := r.ExpectedTurns(b)
		e2, err2 := back.ExpectedTurns(b)
		if (err1 == nil) != (err2 == nil) || err1 == nil && e1 != e2 || math.IsNaN(e1) {
			t.Fatalf("%+v: %v, %v then %v, %v", r, e1, err1, e2, err2)
		}
	})
}

// TestPlayHouseRulesMean plays many random games under house rules and
// compares their mean length in turns with ExpectedTurns: the random
// throws and the exact model must describe the same game. The seeds are
// fixed, so the test is deterministic; each mean lies within four
// standard errors.
func TestPlayHouseRulesMean(t *testing.T) {
	t.Parallel()
	b := Classic()
	for i, r := range []Rules{
		{StartOffBoard: true, Dice: 2, Overshoot: Bounce},
		{Enter: 6, Again: 6, AgainLimit: 3},
		{Weights: []int{1, 2, 3, 3, 2, 1}, Again: 1, OnLimit: BackToStart, AgainLimit: 2, Overshoot: Finish},
		{Again: 6, Chain: true},
	} {
		want, err := r.ExpectedTurns(b)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(uint64(i), 99))
		const games = 20000
		var sum, sumSq float64
		for range games {
			moves := r.Play(b, rng, 1<<20)
			if moves[len(moves)-1].To != b.Squares() {
				t.Fatalf("game ended on %d", moves[len(moves)-1].To)
			}
			n := float64(moves[len(moves)-1].Turn)
			sum += n
			sumSq += n * n
		}
		mean := sum / games
		se := math.Sqrt((sumSq/games - mean*mean) / games)
		if math.Abs(mean-want) > 4*se {
			t.Errorf("%+v: mean of %d games %.3f turns, expected %.3f (standard error %.3f)", r, games, mean, want, se)
		}
	}
}
