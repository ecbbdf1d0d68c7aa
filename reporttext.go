package snakes

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
)

// This file writes a Report as a person reads it (WriteText: the search,
// then random play), and says rules, moves and numbers in words.

// WriteText writes the report as a person reads it: [Report.WriteSearchText]
// then [Report.WritePlayText].
func (rep *Report) WriteText(w io.Writer) error {
	if err := rep.WriteSearchText(w); err != nil {
		return err
	}
	return rep.WritePlayText(w)
}

// pathShown is how many moves of a long path the text shows: the first
// pathHead and the last pathShown − pathHead.
const (
	pathShown = 15
	pathHead  = 10
)

// WriteSearchText writes the first part of the text report, all of it known
// once the fewest rolls are: the board's size and jumps, the rules, the
// board with the shortest path's squares marked * (up to 40×40), and the
// moves (of a path over 15 moves, the first 10 and the last 5, with the
// number left out; the JSON report lists them all).
func (rep *Report) WriteSearchText(w io.Writer) error {
	var sb strings.Builder
	b, r := rep.Board, rep.Rules
	ladders, snakes := 0, 0
	for label := 1; label <= b.Squares(); label++ {
		if to, ok := b.Jump(label); ok && to > label {
			ladders++
		} else if ok && to < label {
			snakes++
		}
	}
	fmt.Fprintf(&sb, "Board: %d×%d, %s, %s", b.Size(), b.Size(), plural(ladders, "ladder"), plural(snakes, "snake"))
	for _, e := range effectKinds(b) {
		look := effectLooks[e]
		fmt.Fprintf(&sb, ", %s %s (%s)", plural(len(effectSquares(b, e)), "square"), look[0], look[2])
	}
	sb.WriteString("\n")
	fmt.Fprintf(&sb, "Rules: %s\n\n", r.describe())

	if b.Size() <= maxDrawn {
		onPath := map[int]bool{}
		for _, m := range rep.Path {
			onPath[m.Landed], onPath[m.To] = true, true
		}
		sb.WriteString(b.draw(func(label int) rune {
			if onPath[label] {
				return '*'
			}
			return ' '
		}))
	} else {
		fmt.Fprintf(&sb, "(boards over %d×%d are not drawn)\n", maxDrawn, maxDrawn)
	}

	if rep.Path == nil {
		sb.WriteString("\nThe last square cannot be reached.\n")
	} else {
		word, turned := "roll", r.Again > 0 || len(effectKinds(b)) > 0
		if hasHouseRules(r) || turned {
			word = "throw"
			turns := 0
			if len(rep.Path) > 0 {
				turns = rep.Path[len(rep.Path)-1].Turn
			}
			fmt.Fprintf(&sb, "\nFewest throws: %d, in %s\n", rep.MinRolls, plural(turns, "turn"))
		} else {
			fmt.Fprintf(&sb, "\nFewest rolls: %d\n", rep.MinRolls)
		}
		for i, m := range rep.Path {
			if len(rep.Path) > pathShown && i >= pathHead && i < len(rep.Path)-(pathShown-pathHead) {
				if i == pathHead {
					fmt.Fprintf(&sb, "  … %s left out …\n", plural(len(rep.Path)-pathShown, "move"))
				}
				continue
			}
			if turned {
				fmt.Fprintf(&sb, "  turn %d, %s\n", m.Turn, m.describe(word))
			} else {
				fmt.Fprintf(&sb, "  %s\n", m.describe(word))
			}
		}
	}
	_, err := io.WriteString(w, sb.String())
	return err
}

// WritePlayText writes the second part of the text report: the figures of
// random play, then those left out and why.
func (rep *Report) WritePlayText(w io.Writer) error {
	var sb strings.Builder
	if rep.Problem != "" {
		fmt.Fprintf(&sb, "\nRandom play may never finish: %s\n", strings.TrimPrefix(rep.Problem, "snakes: "))
	} else if rep.ExpectedTurns != nil || len(rep.FinishWithin) > 0 {
		sb.WriteString("\nRandom play, one player:\n")
		if rep.ExpectedTurns != nil {
			fmt.Fprintf(&sb, "  expected turns: %s", readable(float64(*rep.ExpectedTurns), 4))
			if rep.StdDev != nil {
				fmt.Fprintf(&sb, ", standard deviation %s", readable(float64(*rep.StdDev), 4))
			}
			sb.WriteString("\n")
		}
		if rep.MedianTurns != nil && rep.ModeTurns != nil {
			fmt.Fprintf(&sb, "  median turns: %s, most likely: %s\n", readable(float64(*rep.MedianTurns), 0), readable(float64(*rep.ModeTurns), 0))
		}
		if len(rep.Percentiles) > 0 {
			var qs, ts []string
			for _, p := range rep.Percentiles {
				qs = append(qs, ordinal(int(math.Round(100*p.Q))))
				ts = append(ts, readable(float64(p.Turns), 0))
			}
			fmt.Fprintf(&sb, "  %s percentile: %s turns\n", strings.Join(qs, " / "), strings.Join(ts, " / "))
		}
		for _, f := range rep.FinishWithin {
			fmt.Fprintf(&sb, "  finished within %d turns: %.2f%%\n", f.Turns, 100*float64(f.Probability))
		}
		for i, v := range rep.MostVisited {
			if i == 0 {
				fmt.Fprintf(&sb, "  most turns start on square %d (%s a game)", v.Square, readable(float64(v.Turns), 3))
			} else {
				fmt.Fprintf(&sb, ", %d (%s)", v.Square, readable(float64(v.Turns), 3))
			}
			if i == len(rep.MostVisited)-1 {
				sb.WriteString("\n")
			}
		}
	}
	if len(rep.WinChances) > 0 {
		sb.WriteString("First player's chance to win:\n")
	}
	for _, c := range rep.WinChances {
		fair := 1 / float64(c.Players)
		first := float64(c.Chances[0])
		fmt.Fprintf(&sb, "  %d players: %.2f%% (fair share %.2f%%, edge %+.2f points)\n", c.Players, 100*first, 100*fair, 100*(first-fair))
	}
	if len(rep.Jumps) > 0 {
		sb.WriteString("\nJumps, by what removing each would add to the expected length:\n")
		sb.WriteString("     from →   to     taken   chance     effect\n")
		for i, j := range rep.Jumps {
			if i == jumpsShown {
				fmt.Fprintf(&sb, "  … %s left out (-json lists them all)\n", plural(len(rep.Jumps)-jumpsShown, "jump"))
				break
			}
			effect := fmt.Sprintf("%10s", readable(float64(j.Effect), 4))
			if j.Effect >= 0 {
				effect = fmt.Sprintf("%10s", "+"+readable(float64(j.Effect), 4))
			}
			if math.IsInf(float64(j.Effect), 1) {
				effect = "  never ends"
			}
			fmt.Fprintf(&sb, "  %6d → %4d  %8s  %6.2f%%  %s\n", j.From, j.To, readable(float64(j.Taken), 4), 100*float64(j.Chance), effect)
		}
	}
	if len(rep.Skipped) > 0 {
		sb.WriteString("\nNot computed:\n")
		for _, s := range rep.Skipped {
			fmt.Fprintf(&sb, "  %s: %s\n", s.Figure, s.Reason)
		}
	}
	_, err := io.WriteString(w, sb.String())
	return err
}

// readable formats x for the text report: with decimals fixed digits
// after the point below 10⁷, and six significant digits from there on, so
// that a game of 2.4·10¹⁷ turns reads 2.38909e+17, not eighteen digits and
// four meaningless decimals.
func readable(x float64, decimals int) string {
	if math.Abs(x) < 1e7 || math.IsInf(x, 0) || math.IsNaN(x) {
		return strconv.FormatFloat(x, 'f', decimals, 64)
	}
	return strconv.FormatFloat(x, 'g', 6, 64)
}

// jumpsShown is how many jumps the text report lists.
const jumpsShown = 20

// ordinal is "10th", "1st", "22nd".
func ordinal(n int) string {
	suffix := "th"
	if n%100 < 11 || n%100 > 13 {
		switch n % 10 {
		case 1:
			suffix = "st"
		case 2:
			suffix = "nd"
		case 3:
			suffix = "rd"
		}
	}
	return strconv.Itoa(n) + suffix
}

// plural is "1 ladder", "2 ladders".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// maxDrawn is the largest side WriteText draws: wider lines would wrap.
const maxDrawn = 40

// String says the rules in words, as the snakes command prints them: "6-sided
// die, start off the board, a roll past the end is not moved, one jump per
// roll".
func (r Rules) String() string { return r.describe() }

// describe is String: "two dice, a six to enter, another throw on a six,
// three in a row void the turn, …".
func (r Rules) describe() string {
	faces := r.Faces
	if faces == 0 {
		faces = 6
		if len(r.Weights) > 0 {
			faces = len(r.Weights)
		}
	}
	dice := max(r.Dice, 1)
	var die string
	switch {
	case dice == 1 && len(r.Weights) == 0:
		die = fmt.Sprintf("%d-sided die", faces)
	case dice == 1:
		die = fmt.Sprintf("loaded %d-sided die (weights %s)", faces, joinInts(r.Weights))
	case len(r.Weights) == 0 && faces == 6:
		die = spelled(dice) + " dice"
	case len(r.Weights) == 0:
		die = fmt.Sprintf("%s %d-sided dice", spelled(dice), faces)
	default:
		die = fmt.Sprintf("%s loaded %d-sided dice (weights %s)", spelled(dice), faces, joinInts(r.Weights))
	}
	parts := []string{die, "start on square 1"}
	if r.StartOffBoard || r.Enter > 0 {
		parts[1] = "start off the board"
	}
	if r.Enter > 0 {
		parts = append(parts, article(r.Enter)+" to enter")
	}
	if r.Again > 0 {
		again := "another throw on " + article(r.Again)
		switch {
		case r.AgainLimit == 1:
			again = article(r.Again) + " is not moved and"
		case r.AgainLimit > 1:
			again += ", " + spelled(r.AgainLimit) + " in a row"
		}
		switch {
		case r.AgainLimit > 0 && r.OnLimit == BackToStart:
			again += " send the token back to the start"
		case r.AgainLimit > 0:
			again += " void the turn"
		}
		if r.AgainLimit == 1 {
			again = strings.Replace(again, " send ", " sends ", 1)
			again = strings.Replace(again, " void ", " voids ", 1)
		}
		parts = append(parts, again)
	}
	word := "roll"
	if hasHouseRules(r) {
		word = "throw"
	}
	parts = append(parts, map[Overshoot]string{
		Stay:   "a " + word + " past the end is not moved",
		Bounce: "a " + word + " past the end bounces back",
		Finish: "a " + word + " past the end finishes",
	}[r.Overshoot])
	if r.Chain {
		parts = append(parts, "jumps chain")
	} else {
		parts = append(parts, "one jump per "+word)
	}
	if r.Bump {
		parts = append(parts, "a token landed on sends the others there back to the start")
	}
	if r.PlayOn {
		parts = append(parts, "played on until one player is left")
	}
	return strings.Join(parts, ", ")
}

// hasHouseRules reports whether r has any house rule, so that a throw is more than
// the roll of one fair die.
func hasHouseRules(r Rules) bool {
	return r.Dice > 1 || len(r.Weights) > 0 || r.Enter > 0 || r.Again > 0
}

// numberWords are the numbers people say in words; spelled says n so.
var numberWords = []string{"zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"}

func spelled(n int) string {
	if n >= 0 && n < len(numberWords) {
		return numberWords[n]
	}
	return strconv.Itoa(n)
}

// article says n with its indefinite article: "a six", "an eight", "a 13".
func article(n int) string {
	w := spelled(n)
	if w[0] == 'e' || w[0] == '8' || n == 11 || n == 18 || (n >= 80 && n < 90) {
		return "an " + w
	}
	return "a " + w
}

// joinInts is "1,2,3".
func joinInts(xs []int) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = strconv.Itoa(x)
	}
	return strings.Join(parts, ",")
}

// describe says a move as a person reads it: "roll 1: 1 → 2, ladder to
// 15"; word is what a throw is called, "roll" or "throw".
func (m Move) describe(word string) string {
	from := strconv.Itoa(m.From)
	if m.From == 0 {
		from = "start"
	}
	s := fmt.Sprintf("%s %d: %s → %d", word, m.Roll, from, m.Landed)
	switch {
	case m.To > m.Landed:
		s += fmt.Sprintf(", ladder to %d", m.To)
	case m.To < m.Landed:
		s += fmt.Sprintf(", snake to %d", m.To)
	}
	switch m.Effect {
	case ThrowAgain:
		s += ", another throw"
	case MissTurn:
		s += ", the next turn missed"
	}
	return s
}
