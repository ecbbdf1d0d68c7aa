package snakes

import (
	"fmt"
	"sync"

	"github.com/snakesladders/snakes/internal/errs"
)

// This file is the Board: a grid validated once and kept with what every
// search derives from its squares.

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
	sq *squares
}

// squares is a validated board and the indexes built from it.
type squares struct {
	n    int
	flat []int32 // flat[label] is the jump's destination, -1 for none; flat[0] is unused

	// starts has bit label set where a jump starts, so that a search can
	// test all squares of one roll's reach at once.
	starts []uint64

	// chained is flat with every jump followed to where a chain of jumps
	// stops (see Rules.Chain). Built on first use: most callers never chain.
	chainOnce sync.Once
	chained   []int32

	// reverse indexes the jumps by destination, for MinRolls; built on
	// first use.
	reverseOnce sync.Once
	reverse     *reverse
}

// NewBoard validates grid (see [Flatten] for what is accepted) and returns
// the board it describes. Errors wrap [ErrInvalidBoard].
//
// A jump starting on square 1 is accepted, as printed boards have them; under
// the zero [Rules] the game starts on square 1 and never takes it, while
// Rules{StartOffBoard: true} does when the first roll lands there.
//
// It allocates about 4.1 bytes a square (8.3 GiB at the largest size,
// 46340×46340) and takes time proportional to the squares.
func NewBoard(grid [][]int) (*Board, error) {
	flat, err := flatten(grid)
	if err != nil {
		return nil, err
	}
	return newBoard(len(grid), flat), nil
}

// FromJumps returns the n×n board whose jumps are given as start→destination
// label pairs; every other square has none. Errors wrap [ErrInvalidBoard] and
// name the offending square and value: n outside 1..46340, a start or
// destination outside 1..n², or a jump from the last square. As in a grid, a
// destination of -1 means no jump, and a jump to its own start has no effect.
// Like NewBoard it allocates about 4.1 bytes a square, whatever the number
// of jumps: check n, or parse with [ParseBoardLimit], when n is not trusted.
func FromJumps(n int, jumps map[int]int) (*Board, error) {
	if n < 1 || n > maxSide {
		return nil, errs.Errorf(ErrInvalidBoard, "size %d is outside 1..%d (n² must fit in an int32)", n, maxSide)
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
			problem = jumpProblem(n, from, to)
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
	starts := newBitset(len(flat))
	for label, to := range flat {
		if to >= 0 {
			add(starts, int32(label))
		}
	}
	return &Board{sq: &squares{n: n, flat: flat, starts: starts}}
}

// Size returns n, the number of rows and of columns.
func (b *Board) Size() int {
	if b == nil || b.sq == nil {
		return 0
	}
	return b.sq.n
}

// Squares returns n², the label of the last square.
func (b *Board) Squares() int { return b.Size() * b.Size() }

// Jump returns where a token landing on label is moved to, and whether label
// starts a jump at all. It returns (0, false) for labels off the board.
func (b *Board) Jump(label int) (to int, ok bool) {
	if label < 1 || label > b.Squares() || b.sq.flat[label] < 0 {
		return 0, false
	}
	return int(b.sq.flat[label]), true
}

// Grid returns a fresh copy of the board in the layout [NewBoard] accepts:
// NewBoard(b.Grid()) describes the same board. It allocates 8 bytes a
// square.
func (b *Board) Grid() [][]int {
	n := b.Size()
	grid := make([][]int, n)
	cells := make([]int, n*n)
	for r := range grid {
		grid[r] = cells[r*n : (r+1)*n : (r+1)*n]
	}
	for label := 1; label <= n*n; label++ {
		r, c := cellOf(n, label)
		grid[r][c] = int(b.sq.flat[label])
	}
	return grid
}

// Cell returns the grid row and column (0-based, as in [NewBoard]'s grid) of
// the square labelled label, and false when there is no such square.
func (b *Board) Cell(label int) (row, col int, ok bool) {
	if label < 1 || label > b.Squares() {
		return 0, 0, false
	}
	row, col = cellOf(b.Size(), label)
	return row, col, true
}

// Label returns the label of the square at grid[row][col], and false when
// the cell is off the board. It is the inverse of [Board.Cell].
func (b *Board) Label(row, col int) (label int, ok bool) {
	n := b.Size()
	if row < 0 || row >= n || col < 0 || col >= n {
		return 0, false
	}
	return labelOf(n, row, col), true
}
