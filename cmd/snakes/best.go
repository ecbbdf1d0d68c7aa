// This file is the best subcommand: a player's best play where the rules
// let a jump be declined or a die be picked each turn.

package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/snakesladders/snakes"
)

// bestHelp says what the best subcommand prints.
const bestHelp = `It prints the least expected turns (beside random play's), the jumps the
best play declines, the squares on which it picks each die, the first
player's chance to win when every player plays it, and, for two players,
when each plays to win instead.
`

// best is the best subcommand.
func best(args []string, stdin io.Reader, stdout io.Writer) error {
	fs := flag.NewFlagSet("snakes best", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var rules snakes.Rules
	boardFile := fs.String("board", "", "board JSON file, or - for standard input (default: the classic board)")
	start := fs.String("start", "", "where tokens start: 1 or offboard (default 1; offboard for the classic board)")
	decline := fs.String("decline", "", "the jumps a player may decline: ladders, snakes or ladders,snakes (default: none)")
	var faces faceList
	fs.Var(&faces, "faces", "the dice a player picks from each turn, by their faces, comma-separated (4,6; default: the -die alone)")
	fs.IntVar(&rules.Faces, "die", 6, "faces of the rules' die, thrown where no -faces are given")
	fs.TextVar(&rules.Overshoot, "overshoot", snakes.Stay, "a throw past the last square: stay, bounce or finish")
	fs.BoolVar(&rules.Chain, "chain", false, "follow jumps from a jump's destination (each jump of a chain a choice of its own)")
	fs.BoolVar(&rules.Bump, "bump", false, "a token landed on by another goes back to the start (in the race only)")
	players := fs.Int("players", 2, "players in the race who all play best (0: no race)")
	timeout := fs.Duration("timeout", 60*time.Second, "give up after this long")
	asJSON := fs.Bool("json", false, "print the result as JSON")
	head := "Usage: snakes best [flags] [board file]\n\nFinds the best play where the rules give a choice.\n" + bestHelp + "\nThe flags:\n"
	if err := parse(fs, args, stdout, head, ": best takes one board file", 1); err != nil {
		return err
	}
	if fs.NArg() == 1 {
		if *boardFile != "" {
			return fmt.Errorf("two boards: -board %s and %s", *boardFile, fs.Arg(0))
		}
		*boardFile = fs.Arg(0)
	}
	if *timeout <= 0 {
		return fmt.Errorf("-timeout is %v: give a time above 0, such as 60s", *timeout)
	}
	if *players < 0 {
		return fmt.Errorf("-players is %d: give 0 (no race) or more", *players)
	}
	var c snakes.Choice
	c.Faces = faces
	for _, kind := range strings.Split(*decline, ",") {
		switch strings.TrimSpace(kind) {
		case "":
			if *decline != "" {
				return fmt.Errorf("-decline %q: want ladders, snakes or ladders,snakes", *decline)
			}
		case "ladders":
			c.DeclineLadders = true
		case "snakes":
			c.DeclineSnakes = true
		default:
			return fmt.Errorf("-decline %q: want ladders, snakes or ladders,snakes", *decline)
		}
	}
	board, err := boardAndRules(*boardFile, stdin, 1e8, *start, &rules, func() error { return bestFlagError(rules.Validate()) })
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(context.Background(), *timeout)
	defer cancel()
	s, err := rules.BestPlay(ctx, board, c)
	if err != nil {
		return bestFlagError(err)
	}
	out := bestOut{ExpectedTurns: s.ExpectedTurns(), Declined: [][2]int{}, Dice: map[string][][2]int{}}
	// Random play's within what is left of the time.
	if a, err := rules.Analyze(ctx, board); err == nil {
		if e, err := a.ExpectedTurns(ctx); err == nil {
			out.RandomTurns = &e
		}
	}
	from := s.ExpectedFrom()
	last := board.Squares()
	first := 1
	if rules.StartOffBoard {
		first = 0
	}
	for v := first; v < last; v++ {
		if to, ok := board.Jump(v); ok && to != v && !s.Takes(v) {
			out.Declined = append(out.Declined, [2]int{v, to})
		}
		if len(c.Faces) > 0 && !math.IsInf(from[v], 1) {
			out.Dice[strconv.Itoa(s.Die(v))] = addSquare(out.Dice[strconv.Itoa(s.Die(v))], v)
		}
	}
	if *players > 0 {
		if wins, err := s.WinChances(ctx, *players); err == nil {
			out.FirstWins = &wins[0]
		} else {
			out.Race = trimPrefix(err.Error())
		}
	}
	// Two players who each play to win, rather than for length.
	if *players == 2 {
		if race, err := rules.BestRace(ctx, board, c); err == nil {
			w := race.FirstWins()
			out.FirstWinsToWin = &w
		} else {
			out.RaceToWin = trimPrefix(err.Error())
		}
	}
	if *asJSON {
		data, err := json.Marshal(out)
		if err != nil {
			return err
		}
		_, err = fmt.Fprintf(stdout, "%s\n", data)
		return err
	}
	fmt.Fprintf(stdout, "least expected turns: %.10f", out.ExpectedTurns)
	if out.RandomTurns != nil {
		fmt.Fprintf(stdout, " (random play: %.10f)", *out.RandomTurns)
	}
	fmt.Fprintln(stdout)
	if c.DeclineLadders || c.DeclineSnakes {
		jumps := make([]string, len(out.Declined))
		for i, j := range out.Declined {
			jumps[i] = fmt.Sprintf("%d→%d", j[0], j[1])
		}
		if len(jumps) == 0 {
			jumps = []string{"none"}
		}
		fmt.Fprintf(stdout, "declines: %s\n", strings.Join(jumps, ", "))
	}
	for _, f := range slices.Sorted(slices.Values(c.Faces)) {
		fmt.Fprintf(stdout, "die of %d faces on: %s\n", f, rangesText(out.Dice[strconv.Itoa(f)]))
	}
	switch {
	case out.FirstWins != nil:
		fmt.Fprintf(stdout, "%d players who all play it: the first wins %.10f\n", *players, *out.FirstWins)
	case out.Race != "":
		fmt.Fprintf(stdout, "the race: %s\n", out.Race)
	}
	switch {
	case out.FirstWinsToWin != nil:
		fmt.Fprintf(stdout, "2 players who each play to win: the first wins %.10f\n", *out.FirstWinsToWin)
	case out.RaceToWin != "":
		fmt.Fprintf(stdout, "2 players who each play to win: not computed: %s\n", out.RaceToWin)
	}
	return nil
}

// bestOut is what the best subcommand prints with -json.
type bestOut struct {
	ExpectedTurns float64             `json:"expectedTurns"`
	RandomTurns   *float64            `json:"randomTurns,omitempty"`
	Declined      [][2]int            `json:"declined"`       // [from, to] of each jump declined
	Dice          map[string][][2]int `json:"dice,omitempty"` // faces → the ranges [lo, hi] of squares where that die is picked
	FirstWins     *float64            `json:"firstWins,omitempty"`
	Race          string              `json:"race,omitempty"` // why the race was not run
	// The race of two players who each play to win (-players 2).
	FirstWinsToWin *float64 `json:"firstWinsToWin,omitempty"`
	RaceToWin      string   `json:"raceToWin,omitempty"` // why it was not run
}

// addSquare adds square v, above every square in ranges, to ranges.
func addSquare(ranges [][2]int, v int) [][2]int {
	if n := len(ranges); n > 0 && ranges[n-1][1] == v-1 {
		ranges[n-1][1] = v
		return ranges
	}
	return append(ranges, [2]int{v, v})
}

// rangesText writes ranges as 1-3, 7, 9-12; "none" when empty.
func rangesText(ranges [][2]int) string {
	if len(ranges) == 0 {
		return "none"
	}
	parts := make([]string, len(ranges))
	for i, r := range ranges {
		parts[i] = strconv.Itoa(r[0])
		if r[1] > r[0] {
			parts[i] += "-" + strconv.Itoa(r[1])
		}
	}
	return strings.Join(parts, ", ")
}

// bestFlagError is flagError for the best subcommand, whose rules' die is
// -die and whose dice to pick from are -faces.
func bestFlagError(err error) error {
	if err == nil {
		return nil
	}
	msg := trimPrefix(err.Error())
	msg = strings.ReplaceAll(msg, "Choice.Faces", "-faces")
	msg = strings.ReplaceAll(msg, "Faces is", "-die is")
	msg = strings.ReplaceAll(msg, "Overshoot is", "-overshoot is")
	msg = strings.ReplaceAll(msg, "Chain is set", "-chain is set")
	return fmt.Errorf("%s", msg)
}

// faceList reads -faces: whole numbers separated by commas.
type faceList []int

func (f *faceList) String() string { return (*weights)(f).String() }

func (f *faceList) Set(s string) error {
	return setInts((*[]int)(f), s, "die %d is %q, want a whole number of faces")
}
