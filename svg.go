package snakes

import (
	"encoding/xml"
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/snakesladders/snakes/internal/errs"
	"github.com/snakesladders/snakes/internal/grid"
)

// This file draws a report as SVG: the board, its length distribution and
// its heat map.

// svg accumulates an SVG document; coordinates are written with one decimal.
type svg struct{ strings.Builder }

func (s *svg) open(width, height float64, title string) {
	fmt.Fprintf(s, `<svg xmlns="http://www.w3.org/2000/svg" width="%.0f" height="%.0f" viewBox="0 0 %.0f %.0f" font-family="sans-serif">`+"\n", width, height, width, height)
	s.text(width/2, 20, 15, "middle", "title", title)
	fmt.Fprintf(s, `<rect width="100%%" height="100%%" fill="white" opacity="0"/>`+"\n")
}

func (s *svg) text(x, y, size float64, anchor, class, text string) {
	fmt.Fprintf(s, `<text class="%s" x="%.1f" y="%.1f" font-size="%.1f" text-anchor="%s">`, class, x, y, size, anchor)
	xml.EscapeText(s, []byte(text))
	s.WriteString("</text>\n")
}

func (s *svg) line(x1, y1, x2, y2 float64, attrs string) {
	fmt.Fprintf(s, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" %s/>`+"\n", x1, y1, x2, y2, attrs)
}

func (s *svg) writeTo(w io.Writer) error {
	s.WriteString("</svg>\n")
	_, err := io.WriteString(w, s.String())
	return err
}

// MaxSVGSide is the largest side [Report.WriteBoardSVG] draws.
const MaxSVGSide = 100

// WriteBoardSVG draws the board: numbered squares in boustrophedon layout,
// ladders as green rails with rungs, snakes as red curves with the head on
// the square they start from, and the shortest path as blue arrows from
// each turn's square to where the roll lands (the jumps it takes are the
// ladders and snakes themselves). Squares are 40 pixels wide up to 20×20
// and shrink beyond so the picture stays about 800 pixels wide. Jumps to
// their own square have no effect and are not drawn. A square that gives
// another throw shows », one that costs the next turn ‖, each explained by
// a line of the legend below the board.
//
// It builds the picture in memory, about 200 bytes a square, and refuses
// boards over [MaxSVGSide]×MaxSVGSide with an error wrapping [ErrTooLarge]:
// their squares would be too small to read.
func (rep *Report) WriteBoardSVG(w io.Writer) error { return rep.writeBoard(w, false) }

// WriteHeatSVG draws the board as [Report.WriteBoardSVG] does, with its
// ladders and snakes but no path, each square shaded by the expected number
// of turns a game starts on it (Report.Visits), from white for none to dark
// red for the most visited square, with a legend of the scale. Its bounds
// are WriteBoardSVG's; a report without visits (the game may never finish,
// or the insights were skipped) gives an error wrapping [ErrNeverFinishes]
// or [ErrTooLarge] as the report says.
func (rep *Report) WriteHeatSVG(w io.Writer) error {
	if rep.Visits == nil {
		if rep.Finishes != nil && !*rep.Finishes {
			return errs.Errorf(ErrNeverFinishes, "no heat map: random play may never finish")
		}
		return errs.Errorf(ErrTooLarge, "no heat map: the visits were not computed")
	}
	return rep.writeBoard(w, true)
}

// heatColour shades a fraction 0..1 from white to dark red.
func heatColour(f float64) string {
	f = math.Max(0, math.Min(1, f))
	r := 255 - 75*f
	g := 255 - 235*f
	b := 255 - 225*f
	return fmt.Sprintf("#%02x%02x%02x", int(r), int(g), int(b))
}

// writeBoard draws the board, with the shortest path, or with heat the
// squares shaded by their visits and a legend.
func (rep *Report) writeBoard(w io.Writer, heat bool) error {
	b := rep.Board
	n := b.Size()
	if n > MaxSVGSide {
		return errs.Errorf(ErrTooLarge, "boards over %d×%d are not drawn (this one is %d×%d)", MaxSVGSide, MaxSVGSide, n, n)
	}
	cell := 40.0
	if n > 20 {
		cell = math.Max(800/float64(n), 4)
	}
	left, top := cell, 34.0 // room for the off-board start and the title
	side := float64(n) * cell
	centre := func(label int) (x, y float64) {
		if label == 0 { // off the board, left of square 1
			_, y = centre1(b, 1, cell, left, top)
			return left - cell/2, y
		}
		return centre1(b, label, cell, left, top)
	}

	var s svg
	title := fmt.Sprintf("%d×%d board", n, n)
	hottest := 0.0
	legend := 0.0 // the legend's height, below the board
	if heat {
		for label := 1; label <= n*n; label++ {
			hottest = math.Max(hottest, float64(rep.Visits[label]))
		}
		title += ", turns a game starts on each square"
		legend = 40
	} else if rep.Path != nil {
		title += fmt.Sprintf(", fewest rolls %d", rep.MinRolls)
	}
	kinds := effectKinds(b)
	s.open(left+side+cell/4, top+side+cell/4+legend+24*float64(len(kinds)), title)
	s.WriteString(`<defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="5" markerHeight="5" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#1f5fbf"/></marker></defs>` + "\n")

	for label := 1; label <= n*n; label++ {
		r, c := grid.CellOf(n, label)
		fill := []string{"#fdf6e3", "#eee3c4"}[(r+c)%2]
		if label == n*n {
			fill = "#f5c542"
		}
		if heat && hottest > 0 && label < n*n {
			fill = heatColour(float64(rep.Visits[label]) / hottest)
		}
		x, y := left+float64(c)*cell, top+float64(r)*cell
		fmt.Fprintf(&s, `<rect class="square" x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="%s" stroke="#b9a77a" stroke-width="0.5"/>`+"\n", x, y, cell, cell, fill)
		if cell >= 12 {
			s.text(x+2, y+cell*0.3, cell*0.26, "start", "label", fmt.Sprint(label))
		}
	}

	for label := 1; label <= n*n; label++ {
		to, ok := b.Jump(label)
		if !ok || to == label {
			continue
		}
		x1, y1 := centre(label)
		x2, y2 := centre(to)
		if to > label {
			drawLadder(&s, x1, y1, x2, y2, cell, label, to)
		} else {
			drawSnake(&s, x1, y1, x2, y2, cell, label, to)
		}
	}

	drawEffects(&s, b, kinds, cell, top+side+cell/4+legend, centre)
	if heat {
		// The legend: the scale from 0 to the most visited square's turns.
		y := top + side + cell/4 + 10
		const steps = 10
		width := math.Min(side, 400)
		for i := 0; i < steps; i++ {
			fmt.Fprintf(&s, `<rect class="legend" x="%.1f" y="%.1f" width="%.1f" height="12" fill="%s" stroke="#b9a77a" stroke-width="0.5"/>`+"\n",
				left+float64(i)*width/steps, y, width/steps, heatColour((float64(i)+0.5)/steps))
		}
		s.text(left, y+26, 11, "start", "legend", "0")
		s.text(left+width, y+26, 11, "end", "legend", fmt.Sprintf("%.3g turns a game", hottest))
		return s.writeTo(w)
	}
	for i, m := range rep.Path {
		x1, y1 := centre(m.From)
		x2, y2 := centre(m.Landed)
		fmt.Fprintf(&s, `<line class="step" data-move="%d" x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#1f5fbf" stroke-width="%.1f" stroke-opacity="0.85" marker-end="url(#arrow)"/>`+"\n",
			i+1, x1, y1, x2, y2, math.Max(cell*0.07, 1))
	}
	if rep.Path != nil && rep.Rules.StartOffBoard {
		x, y := centre(0)
		fmt.Fprintf(&s, `<circle class="start" cx="%.1f" cy="%.1f" r="%.1f" fill="#1f5fbf"/>`+"\n", x, y, cell*0.15)
	}
	return s.writeTo(w)
}

// effectKinds lists the effects b's squares have, in order.
func effectKinds(b *Board) []Effect {
	var kinds []Effect
	for _, e := range []Effect{ThrowAgain, MissTurn} {
		if len(effectSquares(b, e)) > 0 {
			kinds = append(kinds, e)
		}
	}
	return kinds
}

// effectLooks are each effect's symbol, colour and legend line.
var effectLooks = map[Effect][3]string{
	ThrowAgain: {"»", "#2e8b3e", "another throw"},
	MissTurn:   {"‖", "#c0392b", "miss the next turn"},
}

// drawEffects marks each square's effect with its symbol, and below the
// board, from y, a legend line for each of kinds.
func drawEffects(s *svg, b *Board, kinds []Effect, cell, y float64, centre func(int) (float64, float64)) {
	for _, e := range kinds {
		look := effectLooks[e]
		for _, label := range effectSquares(b, e) {
			x, cy := centre(label)
			fmt.Fprintf(s, `<text class="effect" data-effect="%s" data-square="%d" x="%.1f" y="%.1f" font-size="%.1f" text-anchor="middle" fill="%s">%s</text>`+"\n",
				e, label, x+cell*0.2, cy+cell*0.32, cell*0.42, look[1], look[0])
		}
		y += 20
		s.text(cell, y+4, 12, "start", "legend", look[0]+" "+look[2])
	}
}

// centre1 is the centre of a square on the board drawing.
func centre1(b *Board, label int, cell, left, top float64) (x, y float64) {
	r, c := grid.CellOf(b.Size(), label)
	return left + (float64(c)+0.5)*cell, top + (float64(r)+0.5)*cell
}

// drawLadder draws two rails from (x1, y1) up to (x2, y2) joined by rungs.
func drawLadder(s *svg, x1, y1, x2, y2, cell float64, from, to int) {
	dx, dy := x2-x1, y2-y1
	length := math.Hypot(dx, dy)
	nx, ny := -dy/length*cell*0.14, dx/length*cell*0.14
	fmt.Fprintf(s, `<g class="ladder" data-from="%d" data-to="%d" stroke="#2e8b3e" stroke-linecap="round">`+"\n", from, to)
	width := fmt.Sprintf(`stroke-width="%.1f"`, math.Max(cell*0.06, 0.8))
	s.line(x1+nx, y1+ny, x2+nx, y2+ny, width)
	s.line(x1-nx, y1-ny, x2-nx, y2-ny, width)
	rungs := int(length / (cell * 0.3))
	for i := 1; i < rungs; i++ {
		f := float64(i) / float64(rungs)
		x, y := x1+dx*f, y1+dy*f
		s.line(x+nx, y+ny, x-nx, y-ny, width)
	}
	s.WriteString("</g>\n")
}

// drawSnake draws a wavy body from the head at (x1, y1) down to the tail at
// (x2, y2), with the head larger so the direction reads at a glance.
func drawSnake(s *svg, x1, y1, x2, y2, cell float64, from, to int) {
	dx, dy := x2-x1, y2-y1
	length := math.Hypot(dx, dy)
	wave := math.Min(cell*0.5, length*0.3)
	nx, ny := -dy/length*wave, dx/length*wave
	fmt.Fprintf(s, `<g class="snake" data-from="%d" data-to="%d">`+"\n", from, to)
	fmt.Fprintf(s, `<path d="M%.1f,%.1f C%.1f,%.1f %.1f,%.1f %.1f,%.1f" fill="none" stroke="#c0392b" stroke-width="%.1f" stroke-linecap="round" stroke-opacity="0.9"/>`+"\n",
		x1, y1, x1+dx/3+nx, y1+dy/3+ny, x1+2*dx/3-nx, y1+2*dy/3-ny, x2, y2, math.Max(cell*0.12, 1))
	fmt.Fprintf(s, `<circle cx="%.1f" cy="%.1f" r="%.1f" fill="#8e1b10"/>`+"\n", x1, y1, math.Max(cell*0.14, 1.5))
	fmt.Fprintf(s, `<circle cx="%.1f" cy="%.1f" r="%.1f" fill="white"/>`+"\n", x1-cell*0.05, y1-cell*0.04, cell*0.035)
	fmt.Fprintf(s, `<circle cx="%.1f" cy="%.1f" r="%.1f" fill="white"/>`+"\n", x1+cell*0.05, y1-cell*0.04, cell*0.035)
	s.WriteString("</g>\n")
}

// WritePlotSVG draws the one-player length distribution as a bar chart:
// turns on the x axis, probability on the y axis, with ticks, and the mean
// and median marked when the game surely finishes. It writes about 200
// bytes a turn of the distribution (at most 1000 turns).
func (rep *Report) WritePlotSVG(w io.Writer) error {
	const width, height, left, right, top, bottom = 800.0, 420.0, 70.0, 20.0, 40.0, 60.0
	dist := rep.Distribution
	plotW, plotH := width-left-right, height-top-bottom
	peak := 0.0
	for _, p := range dist {
		peak = math.Max(peak, float64(p))
	}
	yStep := niceStep(peak, 5)
	yMax := math.Max(math.Ceil(peak/yStep)*yStep, yStep)
	barW := plotW / float64(len(dist))
	xOf := func(t float64) float64 { return left + (t+0.5)*barW }
	yOf := func(p float64) float64 { return top + plotH*(1-p/yMax) }

	var s svg
	s.open(width, height, "Length of a one-player game")
	for t, p := range dist {
		fmt.Fprintf(&s, `<rect class="bar" data-turn="%d" x="%.2f" y="%.2f" width="%.2f" height="%.2f" fill="#4a7fc1"/>`+"\n",
			t, left+float64(t)*barW+barW*0.1, yOf(float64(p)), barW*0.8, plotH-(yOf(float64(p))-top))
	}
	axis := `stroke="black" stroke-width="1"`
	s.line(left, top+plotH, left+plotW, top+plotH, axis)
	s.line(left, top, left, top+plotH, axis)
	xStep := niceStep(float64(len(dist)), 10)
	for t := 0.0; t < float64(len(dist)); t += xStep {
		s.line(xOf(t), top+plotH, xOf(t), top+plotH+5, axis)
		s.text(xOf(t), top+plotH+18, 11, "middle", "tick", fmt.Sprintf("%.0f", t))
	}
	for p := 0.0; p <= yMax+yStep/2; p += yStep {
		s.line(left-5, yOf(p), left, yOf(p), axis)
		s.text(left-8, yOf(p)+4, 11, "end", "tick", trimFloat(p))
	}
	s.text(left+plotW/2, height-15, 13, "middle", "axis-label", "turns")
	fmt.Fprintf(&s, `<text class="axis-label" x="18" y="%.1f" font-size="13" text-anchor="middle" transform="rotate(-90 18 %.1f)">probability</text>`+"\n", top+plotH/2, top+plotH/2)
	if rep.ExpectedTurns != nil && rep.MedianTurns != nil {
		// The median is never right of the mean here, so its label goes left.
		mark := func(class string, t float64, label string, right bool, colour string) {
			x := xOf(t)
			fmt.Fprintf(&s, `<line class="%s" x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="%s" stroke-width="2" stroke-dasharray="6 3"/>`+"\n", class, x, top, x, top+plotH, colour)
			if right {
				s.text(x+4, top+14, 12, "start", class+"-label", label)
			} else {
				s.text(x-4, top+14, 12, "end", class+"-label", label)
			}
		}
		mean, median := float64(*rep.ExpectedTurns), *rep.MedianTurns
		mark("mean", mean, fmt.Sprintf("mean %.2f", mean), true, "#c0392b")
		mark("median", float64(median), fmt.Sprintf("median %d", median), float64(median) > mean, "#2e8b3e")
	}
	return s.writeTo(w)
}

// niceStep returns a step of 1, 2 or 5 times a power of ten that divides
// span into at most about ticks parts.
func niceStep(span float64, ticks int) float64 {
	if span <= 0 {
		return 1
	}
	raw := span / float64(ticks)
	pow := math.Pow(10, math.Floor(math.Log10(raw)))
	for _, m := range []float64{1, 2, 5, 10} {
		if m*pow >= raw {
			return m * pow
		}
	}
	return 10 * pow
}

// trimFloat formats a tick value without float noise: 0.005, not 0.0050000001.
func trimFloat(v float64) string {
	return strings.TrimRight(strings.TrimRight(fmt.Sprintf("%.6f", v), "0"), ".")
}
