package snakes

import (
	"slices"
	"strconv"
	"strings"

	"github.com/snakesladders/snakes/internal/errs"
	"github.com/snakesladders/snakes/internal/grid"
)

// This file holds square effects: squares that give another throw or cost
// the next turn, as a board carries them.

// An Effect is what landing on a square does besides a jump: a square's
// effect, not a jump's (the change in expected turns a jump makes is
// [JumpStats.Effect]). A throw that moves the token and leaves it, after
// its jump, on a [ThrowAgain] square gives the same player another throw
// in the same turn; on a [MissTurn] square the turn ends at once and that
// player's next turn is passed over. A throw "moves" unless it fails to
// enter (Rules.Enter) or stays past the end (Stay): a bounce, or a snake
// back to the square thrown from, moves. A throw voided by Rules.AgainLimit
// and a token sent back to the start trigger nothing.
//
// The board's ThrowAgain squares are not the rules' Again total: a
// ThrowAgain square reached by a throw of the Again total gives one more
// throw, not two, and a throw granted by a square that does not show that
// total continues the turn but breaks the run AgainLimit counts.
type Effect uint8

// The effects a square can have.
const (
	NoEffect   Effect = iota // landing there does nothing more
	ThrowAgain               // the player throws again in the same turn
	MissTurn                 // the turn ends, and the player's next turn is passed over
)

var effectNames = [...]string{"none", "again", "miss"}

// String returns "none", "again" or "miss", as MarshalText does, or
// "Effect(7)" for a value that is none of the constants.
func (e Effect) String() string {
	if int(e) < len(effectNames) {
		return effectNames[e]
	}
	return "Effect(" + strconv.Itoa(int(e)) + ")"
}

// MarshalText encodes e as "none", "again" or "miss". Errors wrap
// [ErrInvalidBoard].
func (e Effect) MarshalText() ([]byte, error) {
	if int(e) >= len(effectNames) {
		return nil, errs.Errorf(ErrInvalidBoard, "Effect is %d, want NoEffect (0), ThrowAgain (1) or MissTurn (2)", int(e))
	}
	return []byte(e.String()), nil
}

// UnmarshalText decodes "none", "again" or "miss", in any case, or the
// constants' names. Errors wrap [ErrInvalidBoard].
func (e *Effect) UnmarshalText(text []byte) error {
	for v, name := range effectNames {
		if strings.EqualFold(string(text), name) || strings.EqualFold(string(text), [...]string{"NoEffect", "ThrowAgain", "MissTurn"}[v]) {
			*e = Effect(v)
			return nil
		}
	}
	return errs.Errorf(ErrInvalidBoard, "effect %q, want none, again or miss", text)
}

// Effect returns the effect of the square labelled square: [NoEffect] for
// a square without one and for a label off the board.
func (b *Board) Effect(square int) Effect {
	sq := b.squares()
	if sq == nil || square < 1 || square > b.Squares() {
		return NoEffect
	}
	return Effect(sq.Effects[int32(square)])
}

// Effects returns a fresh map of the squares that have an effect; empty
// (not nil) when none has.
func (b *Board) Effects() map[int]Effect {
	out := map[int]Effect{}
	if sq := b.squares(); sq != nil {
		for s, e := range sq.Effects {
			out[int(s)] = Effect(e)
		}
	}
	return out
}

// WithEffects returns a new board with b's jumps and the given effects in
// place of b's own: the whole set is replaced, and a square mapped to
// [NoEffect] has none. b is not changed. Errors wrap [ErrInvalidBoard] and
// name the lowest square at fault: one off the board, the last square, a
// jump's start (a jump to its own square counts, as [Board.Jump] says), or
// a value that is none of the constants. It takes time and memory in
// proportion to the effects, besides what the board already holds.
func (b *Board) WithEffects(effects map[int]Effect) (*Board, error) {
	sq := b.squares()
	if sq == nil {
		return nil, errs.Errorf(ErrInvalidBoard, "the board has no squares to put effects on")
	}
	keys := make([]int, 0, len(effects))
	for s := range effects {
		keys = append(keys, s)
	}
	slices.Sort(keys)
	out := make(map[int32]grid.Effect, len(effects))
	for _, s := range keys {
		e := effects[s]
		problem := ""
		switch {
		case s < 1 || s > b.Squares():
			problem = "is not on a " + strconv.Itoa(b.Size()) + "×" + strconv.Itoa(b.Size()) + " board"
		case e > MissTurn:
			problem = "has effect " + strconv.Itoa(int(e)) + ", want NoEffect (0), ThrowAgain (1) or MissTurn (2)"
		case e == NoEffect:
			continue
		case s == b.Squares():
			problem = "is the last square: it can have no effect (" + e.String() + ")"
		case sq.Flat[s] >= 0:
			problem = "starts a jump (to " + strconv.Itoa(int(sq.Flat[s])) + "): it can have no effect (" + e.String() + ")"
		}
		if problem != "" {
			return nil, errs.Errorf(ErrInvalidBoard, "square %d %s", s, problem)
		}
		out[int32(s)] = grid.Effect(e)
	}
	return &Board{sq: sq.WithEffects(out)}, nil
}

// effectSquares returns the squares of b with effect e, in increasing order.
func effectSquares(b *Board, e Effect) []int {
	var out []int
	if sq := b.squares(); sq != nil {
		for s, f := range sq.Effects {
			if Effect(f) == e {
				out = append(out, int(s))
			}
		}
	}
	slices.Sort(out)
	return out
}
