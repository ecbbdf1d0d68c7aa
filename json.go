package snakes

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strconv"
	"strings"

	"github.com/snakesladders/snakes/internal/errs"
	"github.com/snakesladders/snakes/internal/grid"
)

// This file reads and writes boards, rules and their names as JSON and text,
// the grid form and the compact {"size", "jumps"} form alike.

// MarshalJSON encodes b as its grid, the form [NewBoard] takes: about 3 to
// 10 bytes a square, and 8 more for the grid it encodes from. A board with
// square effects, which a grid cannot hold, is written in the object form
// {"size", "jumps", "again", "miss"} instead.
func (b *Board) MarshalJSON() ([]byte, error) {
	if sq := b.squares(); sq != nil && len(sq.Effects) > 0 {
		return json.Marshal(compact(b))
	}
	return json.Marshal(b.Grid())
}

// UnmarshalJSON decodes either a grid, [[-1,-1],[-1,3]], or a size with a
// map of jumps keyed by label and the squares of each effect,
// {"size": 2, "jumps": {"2": 3}, "again": [1], "miss": []}, and validates
// it as [NewBoard], [FromJumps] and [Board.WithEffects] do (a square in
// both lists is an error, as is a key spelt in another case or given
// twice). Errors wrap [ErrInvalidBoard] and leave b as it was. Decoding into a used Board replaces it whole: it then
// answers exactly as a freshly built one. Like every decoder it writes to b,
// so b must not be in use elsewhere meanwhile.
func (b *Board) UnmarshalJSON(data []byte) error {
	nb, err := ParseBoard(data)
	if err != nil {
		return err
	}
	b.sq = nb.sq
	return nil
}

// ParseBoard decodes a board from JSON in either form that
// [Board.UnmarshalJSON] accepts. Errors wrap [ErrInvalidBoard] and give the
// line and column of malformed JSON, or the field at fault.
//
// A board takes about 4 bytes a square, and the object form names its size
// in a few bytes: {"size": 46340} is a board of 2·10⁹ squares, 8 GiB. To
// parse input that is not trusted, use [ParseBoardLimit].
func ParseBoard(data []byte) (*Board, error) { return ParseBoardLimit(data, grid.MaxSide*grid.MaxSide) }

// ParseBoardLimit is [ParseBoard] for boards of at most maxSquares squares:
// a larger one gives an error wrapping [ErrTooLarge] that names its size,
// before the board is allocated. (A grid is refused once decoded, which
// takes memory in proportion to the input; the object form before.)
func ParseBoardLimit(data []byte, maxSquares int) (*Board, error) {
	trimmed := bytes.TrimSpace(data)
	switch {
	case len(trimmed) == 0:
		return nil, errs.Errorf(ErrInvalidBoard, "the board JSON is empty")
	case !json.Valid(data):
		var v any
		return nil, jsonError(data, json.Unmarshal(data, &v))
	case trimmed[0] == '[':
		var grid [][]int
		if err := json.Unmarshal(data, &grid); err != nil {
			return nil, jsonError(data, err)
		}
		if err := checkSquares(len(grid), maxSquares); err != nil {
			return nil, err
		}
		return NewBoard(grid)
	case trimmed[0] == '{':
		var form struct {
			Size  *int           `json:"size"`
			Jumps map[string]int `json:"jumps"`
			Again []int          `json:"again"`
			Miss  []int          `json:"miss"`
		}
		if err := errs.ExactKeys(data, reflect.TypeOf(&form), ErrInvalidBoard); err != nil {
			return nil, err
		}
		dec := json.NewDecoder(bytes.NewReader(data))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&form); err != nil {
			return nil, jsonError(data, err)
		}
		if form.Size == nil {
			return nil, errs.Errorf(ErrInvalidBoard, `the board JSON has no "size"`)
		}
		if err := checkSquares(*form.Size, maxSquares); err != nil {
			return nil, err
		}
		jumps := make(map[int]int, len(form.Jumps))
		for key, to := range form.Jumps {
			from, err := strconv.Atoi(key)
			if err != nil {
				return nil, errs.Errorf(ErrInvalidBoard, `"jumps" key %q is not a square label`, key)
			}
			jumps[from] = to
		}
		b, err := FromJumps(*form.Size, jumps)
		if err != nil || len(form.Again)+len(form.Miss) == 0 {
			return b, err
		}
		effects := make(map[int]Effect, len(form.Again)+len(form.Miss))
		for _, s := range form.Again {
			effects[s] = ThrowAgain
		}
		for _, s := range form.Miss {
			if effects[s] == ThrowAgain {
				return nil, errs.Errorf(ErrInvalidBoard, `square %d is in both "again" and "miss"`, s)
			}
			effects[s] = MissTurn
		}
		return b.WithEffects(effects)
	}
	return nil, errs.Errorf(ErrInvalidBoard, "the board JSON is %.20s, want a grid [[...]] or an object {\"size\": n, \"jumps\": {...}}", trimmed)
}

// checkSquares refuses an n×n board of more than maxSquares squares.
func checkSquares(n, maxSquares int) error {
	if n > 0 && n <= grid.MaxSide && n*n > maxSquares {
		return errs.Errorf(ErrTooLarge, "the board is %d×%d, %d squares, over the limit of %d", n, n, n*n, maxSquares)
	}
	return nil
}

// jumpsForm is the {"size": n, "jumps": {"from": to}} form of a board, with
// its effects' squares, as reports write it.
type jumpsForm struct {
	Size  int            `json:"size"`
	Jumps map[string]int `json:"jumps"`
	Again []int          `json:"again,omitempty"`
	Miss  []int          `json:"miss,omitempty"`
}

// compact returns b in the {"size": n, "jumps": {...}} form.
func compact(b *Board) jumpsForm {
	jumps := map[string]int{}
	for label := 1; label <= b.Squares(); label++ {
		if to, ok := b.Jump(label); ok {
			jumps[strconv.Itoa(label)] = to
		}
	}
	return jumpsForm{b.Size(), jumps, effectSquares(b, ThrowAgain), effectSquares(b, MissTurn)}
}

// jsonError rewrites a decoding error with the line and column it happened
// at, which the json package reports only as a byte offset.
func jsonError(data []byte, err error) error {
	var syntax *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syntax):
		return errs.Errorf(ErrInvalidBoard, "board JSON %s: %s", position(data, syntax.Offset), strings.TrimPrefix(syntax.Error(), "json: "))
	case errors.As(err, &typ):
		where := position(data, typ.Offset)
		if typ.Field != "" {
			where += fmt.Sprintf(", field %s", typ.Field)
		}
		return errs.Errorf(ErrInvalidBoard, "board JSON %s: found %s, want %s", where, jsonKind(typ.Value), jsonKind(typ.Type.Kind().String()))
	}
	return errs.Errorf(ErrInvalidBoard, "board JSON: %s", strings.TrimPrefix(err.Error(), "json: "))
}

// jsonKind names a kind of JSON value, or of the Go value it was to fill,
// with its article, as a person reading the JSON would say it.
func jsonKind(kind string) string {
	switch kind {
	case "array", "slice":
		return "an array"
	case "object", "map", "struct":
		return "an object"
	case "number", "int", "int32", "int64", "float64":
		return "a number"
	case "bool":
		return "true or false"
	}
	return "a " + kind
}

// position turns a byte offset into "line L, column C", both from 1.
func position(data []byte, offset int64) string {
	offset = min(max(offset, 0), int64(len(data)))
	before := data[:offset]
	line := bytes.Count(before, []byte("\n")) + 1
	col := len(before) - bytes.LastIndexByte(before, '\n')
	return fmt.Sprintf("line %d, column %d", line, col)
}

// MarshalText encodes o as "stay", "bounce" or "finish".
func (o Overshoot) MarshalText() ([]byte, error) {
	if o < Stay || o > Finish {
		return nil, errs.Errorf(ErrInvalidRules, "Overshoot is %d, want Stay (0), Bounce (1) or Finish (2)", int(o))
	}
	return []byte(strings.ToLower(o.String())), nil
}

// UnmarshalText decodes "stay", "bounce" or "finish", in any case. Errors
// wrap [ErrInvalidRules].
func (o *Overshoot) UnmarshalText(text []byte) error {
	for v := Stay; v <= Finish; v++ {
		if strings.EqualFold(string(text), v.String()) {
			*o = v
			return nil
		}
	}
	return errs.Errorf(ErrInvalidRules, "overshoot %q, want stay, bounce or finish", text)
}

// MarshalText encodes p as "void" or "start".
func (p Penalty) MarshalText() ([]byte, error) {
	switch p {
	case VoidTurn:
		return []byte("void"), nil
	case BackToStart:
		return []byte("start"), nil
	}
	return nil, errs.Errorf(ErrInvalidRules, "OnLimit is %d, want VoidTurn (0) or BackToStart (1)", int(p))
}

// UnmarshalText decodes "void" or "start", in any case, or the constants'
// names. Errors wrap [ErrInvalidRules].
func (p *Penalty) UnmarshalText(text []byte) error {
	for _, v := range []Penalty{VoidTurn, BackToStart} {
		name, _ := v.MarshalText()
		if strings.EqualFold(string(text), string(name)) || strings.EqualFold(string(text), v.String()) {
			*p = v
			return nil
		}
	}
	return errs.Errorf(ErrInvalidRules, "onLimit %q, want void or start", text)
}

// UnmarshalJSON decodes rules from their JSON (the names of Rules' json
// tags, as json.Marshal writes them): each name spelt exactly
// and given once, a name Rules does not have an error, the fields left out
// as they were. Errors wrap [ErrInvalidRules]; the values themselves are
// checked by [Rules.Validate], as for rules built in Go. The bounds
// ([Rules.WithMaxBytes], [Rules.WithMaxWork]) are not part of the JSON and
// stay as they were.
func (r *Rules) UnmarshalJSON(data []byte) error {
	type rules Rules // without this method
	return decodeExact(data, (*rules)(r), ErrInvalidRules)
}

// decodeExact decodes data into v, a pointer to a struct whose JSON is
// this package's: its keys spelt exactly and once (errs.ExactKeys), no field it
// does not have, nothing after the value. Errors wrap kind.
func decodeExact(data []byte, v any, kind error) error {
	if err := errs.ExactKeys(data, reflect.TypeOf(v), kind); err != nil {
		return err
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		var typ *json.UnmarshalTypeError
		if errors.As(err, &typ) && typ.Field != "" {
			return errs.Errorf(kind, "JSON field %q: found %s, want %s", typ.Field, jsonKind(typ.Value), jsonKind(typ.Type.Kind().String()))
		}
		return errs.Errorf(kind, "%s", strings.TrimPrefix(err.Error(), "json: "))
	}
	if dec.More() {
		return errs.Errorf(kind, "more JSON after the value")
	}
	return nil
}
