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

// KindOf returns the sentinel err is an *Error of, or nil.
func KindOf(err error) error {
	var e *Error
	if errors.As(err, &e) {
		return e.kind
	}
	return nil
}

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
	if err := walkKeys(dec, t, new(keyPath), kind); errors.As(err, &mine) {
		return err
	}
	return nil // valid, or malformed: the decoder that follows says where
}

// A keyPath is where walkKeys stands: a key or an index a level, written
// out only for a message, so that deep JSON costs a word a level.
type keyPath []pathStep

type pathStep struct {
	key   string
	index int // in an array: the element's, else -1
}

func (p keyPath) String() string {
	var b strings.Builder
	for _, s := range p {
		switch {
		case s.index >= 0:
			fmt.Fprintf(&b, "[%d]", s.index)
		case b.Len() > 0:
			b.WriteString("." + s.key)
		default:
			b.WriteString(s.key)
		}
	}
	return b.String()
}

// maxKeyDepth is the deepest JSON walkKeys follows, as the json package's
// decoder does: past it the decoder says the JSON is too deep.
const maxKeyDepth = 10000

var errTooDeep = errors.New("too deep")

// holdsKeys reports whether a value of type t can hold an object whose
// keys walkKeys checks, or decodes itself.
func holdsKeys(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Array:
		return holdsKeys(t.Elem()) || reflect.PointerTo(t).Implements(reflect.TypeFor[json.Unmarshaler]())
	case reflect.Struct, reflect.Map, reflect.Interface:
		return true
	}
	return reflect.PointerTo(t).Implements(reflect.TypeFor[json.Unmarshaler]())
}

// checksItself reports whether t, or what it points to, decodes itself
// other than as a json.RawMessage (which only keeps the JSON for later):
// this package's types that do check their keys.
func checksItself(t reflect.Type) bool {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t != reflect.TypeFor[json.RawMessage]() && reflect.PointerTo(t).Implements(reflect.TypeFor[json.Unmarshaler]())
}

// walkKeys reads one value of type t from dec, at path.
func walkKeys(dec *json.Decoder, t reflect.Type, path *keyPath, kind error) error {
	if len(*path) > maxKeyDepth {
		return errTooDeep
	}
	if t != nil && (!holdsKeys(t) || checksItself(t)) {
		// Numbers, strings and lists of them (a game's throws), or a value
		// whose own decoder checks its keys (Rules): read whole rather than
		// a token at a time, and not checked twice.
		var skip json.RawMessage
		return dec.Decode(&skip)
	}
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
	if t == reflect.TypeFor[json.RawMessage]() {
		t = nil // read later by a decoder of its own: its keys are checked for repeats here
	}
	switch {
	case delim == '[':
		var elem reflect.Type
		if t != nil && (t.Kind() == reflect.Slice || t.Kind() == reflect.Array) {
			elem = t.Elem()
		}
		for i := 0; dec.More(); i++ {
			*path = append(*path, pathStep{index: i})
			if err := walkKeys(dec, elem, path, kind); err != nil {
				return err
			}
			*path = (*path)[:len(*path)-1]
		}
	default:
		seen := map[string]bool{}
		for dec.More() {
			tok, err := dec.Token()
			if err != nil {
				return err
			}
			key, _ := tok.(string)
			*path = append(*path, pathStep{key: key, index: -1})
			if seen[key] {
				return Errorf(kind, "JSON key %q is given twice", path.String())
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
						return Errorf(kind, "JSON key %q: the field is %q, spelt so", path.String(), name)
					}
				}
			}
			if err := walkKeys(dec, field, path, kind); err != nil {
				return err
			}
			*path = (*path)[:len(*path)-1]
		}
	}
	_, err = dec.Token() // the closing delimiter
	return err
}
