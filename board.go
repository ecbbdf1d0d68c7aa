package snakes

import (
	"fmt"
	"strconv"
	"strings"
	"sync"

	"github.com/snakesladders/snakes/internal/errs"
	"github.com/snakesladders/snakes/internal/grid"
)

// This file is the Board: a grid validated once and kept with what every
// search derives from its squares; the classic board; and a board drawn as
// text.

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
