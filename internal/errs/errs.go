// This file holds the sentinels, the error type that wraps them, and the
// check of JSON keys that reports with it.

package errs

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
)

// The sentinels, documented where the root package exports them.
var (
	ErrInvalidBoard  = errors.New("snakes: invalid board")
	ErrInvalidRules  = errors.New("snakes: invalid rules")
	ErrNeverFinishes = errors.New("snakes: the game may never finish")
	ErrTooLarge      = errors.New("snakes: too large")
	ErrInvalidSpec   = errors.New("snakes: invalid design spec")
	ErrInvalidThrow  = errors.New("snakes: invalid throw")
	ErrGameOver      = errors.New("snakes: the game is over")
	ErrNoDesign      = errors.New("snakes: no board meets the design")
)

// An Error is the concrete error behind the sentinels: its message stands
// on its own ("snakes: row 3 has 5 cells, want 6") rather than repeating
// the sentinel's text, while errors.Is still sees the sentinel.
type Error struct {
	kind error
	msg  string
}

func (e *Error) Error() string { return "snakes: " + e.msg }

// Unwrap returns the sentinel e wraps.
func (e *Error) Unwrap() error { return e.kind }

// Errorf returns an *Error wrapping kind, its message formatted as by
// fmt.Sprintf.
func Errorf(kind error, format string, args ...any) error {
	return &Error{kind: kind, msg: fmt.Sprintf(format, args...)}
}

// Count writes n and the noun that agrees with it: "1 cell", "3 cells".
func Count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// What follows holds JSON to its documented names, for every reader of the
// package's JSON: the json package matches a field's name in any case
// ("FACES" for "faces") and keeps the last of a key given twice, which
// would take a misspelt or repeated field without a word.

// ExactKeys checks data, the JSON of a value of type t, for an object key
// that names a field of t's other than as its JSON name is spelt, and for
// a key given twice in one object; a value whose type decodes itself
// (a Board, Rules) is left to that type. Errors wrap kind and name the
// key. Malformed JSON is left to the decoder that follows.
func ExactKeys(data []byte, t reflect.Type, kind error) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	var mine *Error
	if err := walkKeys(dec, t, "", kind); errors.As(err, &mine) {
		return err
	}
	return nil // valid, or malformed: the decoder that follows says where
}

// walkKeys reads one value of type t from dec (at path, for messages).
func walkKeys(dec *json.Decoder, t reflect.Type, path string, kind error) error {
	tok, err := dec.Token()
	if err != nil {
		return err
	}
	delim, ok := tok.(json.Delim)
	if !ok {
		return nil
	}
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t != nil && reflect.PointerTo(t).Implements(reflect.TypeFor[json.Unmarshaler]()) {
		t = nil // it checks its own
	}
	switch {
	case delim == '[':
		var elem reflect.Type
		if t != nil && (t.Kind() == reflect.Slice || t.Kind() == reflect.Array) {
			elem = t.Elem()
		}
		for i := 0; dec.More(); i++ {
			if err := walkKeys(dec, elem, fmt.Sprintf("%s[%d]", path, i), kind); err != nil {
				return err
			}
		}
	default:
		seen := map[string]bool{}
		for dec.More() {
			tok, err := dec.Token()
			if err != nil {
				return err
			}
			key, _ := tok.(string)
			at := key
			if path != "" {
				at = path + "." + key
			}
			if seen[key] {
				return Errorf(kind, "JSON key %q is given twice", at)
			}
			seen[key] = true
			var field reflect.Type
			switch {
			case t != nil && t.Kind() == reflect.Map:
				field = t.Elem()
			case t != nil && t.Kind() == reflect.Struct:
				for i := range t.NumField() {
					f := t.Field(i)
					name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
					switch {
					case name == key:
						field = f.Type
					case strings.EqualFold(name, key):
						return Errorf(kind, "JSON key %q: the field is %q, spelt so", at, name)
					}
				}
			}
			if err := walkKeys(dec, field, at, kind); err != nil {
				return err
			}
		}
	}
	_, err = dec.Token() // the closing delimiter
	return err
}
