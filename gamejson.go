package snakes

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"

	"github.com/snakesladders/snakes/internal/errs"
)

// This file encodes a Game as JSON and decodes it by replaying its throws.

// gameJSON is a game as JSON: what it is played on and the throws made,
// each the faces of its dice.
type gameJSON struct {
	Board   json.RawMessage `json:"board"`
	Rules   Rules           `json:"rules"`
	Players int             `json:"players"`
	Throws  [][]int         `json:"throws"`
}

// MarshalJSON encodes gm as its board (the object form), rules, number of
// players and throws, each the faces of its dice:
//
//	{"board": {...}, "rules": {...}, "players": 2, "throws": [[6], [3], ...]}
func (gm *Game) MarshalJSON() ([]byte, error) {
	dice := max(gm.r.Dice, 1)
	throws := make([][]int, 0, len(gm.thrown)/dice)
	for i := 0; i+dice <= len(gm.thrown); i += dice {
		throws = append(throws, gm.thrown[i:i+dice:i+dice])
	}
	board, err := json.Marshal(compact(gm.b))
	if err != nil {
		return nil, err
	}
	return json.Marshal(gameJSON{Board: board, Rules: gm.r, Players: gm.players, Throws: throws})
}

// UnmarshalJSON decodes a game that MarshalJSON encoded by starting it
// afresh and replaying its throws through [Game.Apply], so that the game
// goes on exactly as the original would. A field it does not know, a key
// of the game's own spelt in another case or given twice (wrapping
// [ErrInvalidThrow], a record it cannot replay; a key of its board or
// rules wraps [ErrInvalidBoard] or [ErrInvalidRules]), an invalid board or
// rules, or a throw the game cannot take is an error (the latter wrapping
// [ErrInvalidThrow] or [ErrGameOver] and naming the throw's index, from
// 0); gm is then unchanged.
func (gm *Game) UnmarshalJSON(data []byte) error {
	var in gameJSON
	if err := errs.ExactKeys(data, reflect.TypeOf(&in), ErrInvalidThrow); err != nil {
		return err
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&in); err != nil {
		if errs.KindOf(err) != nil {
			return err // the board's or the rules' own, which name what is wrong
		}
		return fmt.Errorf("snakes: decoding a game: %w", err)
	}
	if len(in.Board) == 0 {
		return errs.Errorf(ErrInvalidBoard, "the game has no board")
	}
	board, err := ParseBoard(in.Board)
	if err != nil {
		return err
	}
	out, err := NewGame(board, in.Rules, in.Players)
	if err != nil {
		return err
	}
	for i, faces := range in.Throws {
		if _, err := out.Apply(faces...); err != nil {
			return errs.Errorf(kindOf(err), "throw %d: %s", i, strings.TrimPrefix(err.Error(), "snakes: "))
		}
	}
	*gm = *out
	return nil
}

// kindOf is the sentinel an error of this package wraps.
func kindOf(err error) error {
	if kind := errs.KindOf(err); kind != nil {
		return kind
	}
	return err
}
