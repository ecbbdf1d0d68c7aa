package snakes

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/snakesladders/snakes/internal/errs"
	"github.com/snakesladders/snakes/internal/grid"
)

// This file is the Board: a grid validated once and kept with what every
// search derives from its squares; the classic board; a board drawn as
// text; and square effects, squares that give another throw or cost the
// next turn, as a board carries them.

// A Board is an n×n snakes-and-ladders board, validated and flattened once.
//
// A *Board is immutable and safe for concurrent use; it never aliases the
// grid or map it was built from. The zero Board has no squares: every search
// on it reports the last square unreachable, and its accessors return zero
// values. Use [NewBoard], [FromJumps] or [Classic] to get a real one.
type Board struct {
	// sq is everything known about the squares, and everything derived
	// from them, behind one pointer: decoding into a used Board or copying
	// one replaces or shares it whole, so no index built for one board is
	// ever read against another board's squares.
	sq *grid.Squares
}

// NewBoard validates the grid cells (see [Flatten] for what is accepted)
// and returns the board it describes. Errors wrap [ErrInvalidBoard].
//
// A jump starting on square 1 is accepted, as printed boards have them; under
// the zero [Rules] the game starts on square 1 and never takes it, while
// Rules{StartOffBoard: true} does when the first roll lands there.
//
// It allocates about 4.1 bytes a square (8.3 GiB at the largest size,
// 46340×46340) and takes time proportional to the squares.
func NewBoard(cells [][]int) (*Board, error) {
	flat, err := grid.Flat(cells)
	if err != nil {
		return nil, err
	}
	return newBoard(len(cells), flat), nil
}

// FromJumps returns the n×n board whose jumps are given as start→destination
// label pairs; every other square has none. Errors wrap [ErrInvalidBoard] and
// name the offending square and value: n outside 1..46340, a start or
// destination outside 1..n², or a jump from the last square. As in a grid, a
// destination of -1 means no jump, and a jump to its own start has no effect.
// Like NewBoard it allocates about 4.1 bytes a square, whatever the number
// of jumps: check n, or parse with [ParseBoardLimit], when n is not trusted.
func FromJumps(n int, jumps map[int]int) (*Board, error) {
	if n < 1 || n > grid.MaxSide {
		return nil, errs.Errorf(ErrInvalidBoard, "size %d is outside 1..%d (n² must fit in an int32)", n, grid.MaxSide)
	}
	last := n * n
	flat := make([]int32, last+1)
	for i := range flat {
		flat[i] = -1
	}
	// Report the lowest bad square, so the error does not depend on map order.
	var err error
	bad := 0
	for from, to := range jumps {
		problem := ""
		if from < 1 || from > last {
			problem = fmt.Sprintf("is not on a %d×%d board (jump to %d)", n, n, to)
		} else {
			problem = grid.JumpProblem(n, from, to)
		}
		if problem != "" {
			if err == nil || from < bad {
				bad, err = from, errs.Errorf(ErrInvalidBoard, "square %d %s", from, problem)
			}
			continue
		}
		flat[from] = int32(to)
	}
	if err != nil {
		return nil, err
	}
	return newBoard(n, flat), nil
}

// newBoard wraps a validated label→destination array.
func newBoard(n int, flat []int32) *Board {
	return &Board{sq: grid.New(n, flat)}
}

// squares returns b's squares, nil for a nil Board.
func (b *Board) squares() *grid.Squares {
	if b == nil {
		return nil
	}
	return b.sq
}

// Size returns n, the number of rows and of columns.
func (b *Board) Size() int {
	if b == nil || b.sq == nil {
		return 0
	}
	return b.sq.N
}

// Squares returns n², the label of the last square.
func (b *Board) Squares() int { return b.Size() * b.Size() }

// Jump returns where a token landing on label is moved to, and whether label
// starts a jump at all. It returns (0, false) for labels off the board.
func (b *Board) Jump(label int) (to int, ok bool) {
	if label < 1 || label > b.Squares() || b.sq.Flat[label] < 0 {
		return 0, false
	}
	return int(b.sq.Flat[label]), true
}

// Grid returns a fresh copy of the board's jumps in the layout [NewBoard]
// accepts: NewBoard(b.Grid()) describes the same board, less its square
// effects, which a grid does not hold (see [Board.Effects]). It allocates 8
// bytes a square.
func (b *Board) Grid() [][]int {
	n := b.Size()
	out := make([][]int, n)
	all := make([]int, n*n)
	for r := range out {
		out[r] = all[r*n : (r+1)*n : (r+1)*n]
	}
	for label := 1; label <= n*n; label++ {
		r, c := grid.CellOf(n, label)
		out[r][c] = int(b.sq.Flat[label])
	}
	return out
}

// Cell returns the grid row and column (0-based, as in [NewBoard]'s grid) of
// the square labelled label, and false when there is no such square.
func (b *Board) Cell(label int) (row, col int, ok bool) {
	if label < 1 || label > b.Squares() {
		return 0, 0, false
	}
	row, col = grid.CellOf(b.Size(), label)
	return row, col, true
}

// Label returns the label of the square at grid[row][col], and false when
// the cell is off the board. It is the inverse of [Board.Cell].
func (b *Board) Label(row, col int) (label int, ok bool) {
	n := b.Size()
	if row < 0 || row >= n || col < 0 || col >= n {
		return 0, false
	}
	return grid.LabelOf(n, row, col), true
}

// Flatten validates the grid cells and returns its label→destination array: flat has
// n²+1 entries, flat[0] is -1 and unused, and flat[label] is the square a
// token landing on label is moved to, or -1 when label starts no jump.
//
// The grid must be n×n with n ≥ 1 and n² ≤ math.MaxInt32, and every cell must
// hold -1 or a label in 1..n²; the last square (n²) may not start a jump. A
// jump to its own square is allowed and has no effect. Errors wrap
// [ErrInvalidBoard] and name the row and column (0-based indices into cells),
// the square's label and the value found. It allocates 12 bytes a square.
func Flatten(cells [][]int) ([]int, error) {
	flat, err := grid.Flat(cells)
	if err != nil {
		return nil, err
	}
	out := make([]int, len(flat))
	for i, d := range flat {
		out[i] = int(d)
	}
	return out, nil
}

// What follows holds the classic 10×10 board.

// Classic returns the 10×10 board of the classic American edition, with
// ladders 1→38, 4→14, 9→31, 21→42, 28→84, 36→44, 51→67, 71→91, 80→100 and
// chutes 16→6, 47→26, 49→11, 56→53, 62→19, 64→60, 87→24, 93→73, 95→75,
// 98→78, as analysed by Althoen, King and Schilling, "How long is a game of
// Snakes and Ladders?", Mathematical Gazette 77 (1993). It is played with
// Rules{StartOffBoard: true}: tokens start off the board, so the ladder on
// square 1 can be taken, and a roll past 100 is not moved.
//
// The board is shared; like every Board it is immutable.
func Classic() *Board { return classic() }

var classic = sync.OnceValue(func() *Board {
	b, err := FromJumps(10, map[int]int{
		1: 38, 4: 14, 9: 31, 21: 42, 28: 84, 36: 44, 51: 67, 71: 91, 80: 100,
		16: 6, 47: 26, 49: 11, 56: 53, 62: 19, 64: 60, 87: 24, 93: 73, 95: 75, 98: 78,
	})
	if err != nil {
		panic(err) // the table above is valid; a test proves it
	}
	return b
})

// What follows draws a board as text.

// String draws b as text, one line per row in the grid's layout: each square
// shows its label and, when it starts a jump, ↑ and the destination for a
// ladder or ↓ for a snake (a jump to its own square shows ○), and » for a
// square that gives another throw or ‖ for one that costs the next turn
// ([Board.Effect]). The zero Board
// draws as the empty string. Its text takes about 10 bytes a square, built in
// time proportional to the squares.
func (b *Board) String() string { return b.draw(nil) }

// draw renders the grid; mark, when non-nil, adds one rune after each
// square's label (a space for none), so that reports can show a path.
func (b *Board) draw(mark func(label int) rune) string {
	n := b.Size()
	width := len(strconv.Itoa(n * n))
	var out, line strings.Builder
	for r := 0; r < n; r++ {
		line.Reset()
		for c := 0; c < n; c++ {
			label := grid.LabelOf(n, r, c)
			fmt.Fprintf(&line, "%*d", width, label)
			if mark != nil {
				line.WriteRune(mark(label))
			}
			fmt.Fprintf(&line, "%-*s ", width+1, jumpText(b, label))
		}
		out.WriteString(strings.TrimRight(line.String(), " "))
		out.WriteByte('\n')
	}
	return out.String()
}

// jumpText is "↑38" for a ladder, "↓6" for a snake, "○" for a jump to its
// own square, "»" or "‖" for a square's effect, and "" for none.
func jumpText(b *Board, label int) string {
	to, ok := b.Jump(label)
	switch {
	case !ok:
		return [...]string{"", "»", "‖"}[min(b.Effect(label), MissTurn)]
	case to > label:
		return "↑" + strconv.Itoa(to)
	case to < label:
		return "↓" + strconv.Itoa(to)
	}
	return "○"
}

// What follows is square effects.

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
