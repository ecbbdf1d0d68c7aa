package snakes

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/snakesladders/snakes/internal/grid"
)

// This file draws a board as text.

// String draws b as text, one line per row in the grid's layout: each square
// shows its label and, when it starts a jump, ↑ and the destination for a
// ladder or ↓ for a snake (a jump to its own square shows ○). The zero Board
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
// own square, and "" for none.
func jumpText(b *Board, label int) string {
	to, ok := b.Jump(label)
	switch {
	case !ok:
		return ""
	case to > label:
		return "↑" + strconv.Itoa(to)
	case to < label:
		return "↓" + strconv.Itoa(to)
	}
	return "○"
}
