package main

// This file is the play subcommand: a game of several players, thrown at
// random, printed throw by throw with every player's odds.

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/snakesladders/snakes"
)

// play plays one game and prints it: each throw, who threw what and
// where it took the token (a ladder, a snake, a void, a bump), every
// player's chance to win after it, and the winner; or with -json the game
// as the library encodes it.
func play(args []string, stdin io.Reader, stdout io.Writer) error {
	fs := flag.NewFlagSet("snakes play", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var rules snakes.Rules
	boardFile := fs.String("board", "", "board JSON file, or - for standard input (default: the classic board)")
	players := fs.Int("players", 2, "players, 1..64")
	names := fs.String("names", "", "the players' names, comma-separated (default: Player 1, Player 2, ...)")
	seed := fs.Uint64("seed", 0, "the throws' seed: the same flags and seed play the same game (0: a new game each run)")
	start := fs.String("start", "", "where tokens start: 1 or offboard (default 1; offboard for the classic board)")
	asJSON := fs.Bool("json", false, "print the game as JSON: board, rules, players and throws")
	finishRules := ruleFlags(fs, &rules)
	fs.BoolVar(&rules.Chain, "chain", false, "follow jumps from a jump's destination")
	fs.BoolVar(&rules.Bump, "bump", false, "a token landed on by another goes back to the start")
	fs.BoolVar(&rules.PlayOn, "playon", false, "play on after the first finish until one player is left, and print every place")
	head := "Usage: snakes play [flags] [board file]\n\nPlays a game of random throws and prints each with every player's chance to win.\nThe flags:\n"
	if err := parse(fs, args, stdout, head, ": play takes one board file", 1); err != nil {
		return err
	}
	switch {
	case fs.NArg() == 1 && *boardFile != "":
		return fmt.Errorf("two boards: -board %s and %s", *boardFile, fs.Arg(0))
	case fs.NArg() == 1:
		*boardFile = fs.Arg(0)
	}
	if *players < 1 || *players > 64 {
		return fmt.Errorf("-players is %d, want 1..64", *players)
	}
	who := make([]string, *players)
	for i := range who {
		who[i] = fmt.Sprintf("Player %d", i+1)
	}
	if *names != "" {
		given := strings.Split(*names, ",")
		if len(given) != *players {
			return fmt.Errorf("-names gives %d names for %d players", len(given), *players)
		}
		for i, n := range given {
			who[i] = strings.TrimSpace(n)
		}
	}
	board, err := boardAndRules(*boardFile, stdin, 1e6, *start, &rules, finishRules)
	if err != nil {
		return err
	}
	game, err := snakes.NewGame(board, rules, *players)
	if err != nil {
		return err
	}
	var rng *rand.Rand
	if *seed != 0 {
		rng = rand.New(rand.NewPCG(*seed, *seed))
	}
	odds, oddsErr := game.Odds()
	if !*asJSON {
		fmt.Fprintf(stdout, "%s; %s\n", strings.Join(who, ", "), rules)
		if oddsErr == nil {
			fmt.Fprintf(stdout, "  odds: %s\n", oddsText(who, odds))
		}
	}
	for !game.Over() {
		before := game.Squares()
		player := game.Player()
		m, err := game.Throw(rng)
		if err != nil {
			return err
		}
		if *asJSON {
			continue
		}
		fmt.Fprintf(stdout, "%s throws %d: %s", who[player], m.Roll, moveText(m))
		after := game.Squares()
		for q := range after {
			if q != player && after[q] != before[q] {
				fmt.Fprintf(stdout, ", bumps %s %s", who[q], backTo(after[q]))
			}
		}
		if standings := game.Standings(); rules.PlayOn && m.To == board.Squares() {
			fmt.Fprintf(stdout, ", finishes %s", ordinal(slices.Index(standings, player)+1))
		}
		fmt.Fprintln(stdout, effectText(m.Effect))
		if oddsErr == nil && game.Winner() < 0 {
			if odds, err := game.Odds(); err == nil {
				fmt.Fprintf(stdout, "  odds: %s\n", oddsText(who, odds))
			}
		}
	}
	if *asJSON {
		out, err := json.Marshal(game)
		if err != nil {
			return err
		}
		_, err = fmt.Fprintf(stdout, "%s\n", out)
		return err
	}
	if !rules.PlayOn {
		fmt.Fprintf(stdout, "%s wins after %d throws.\n", who[game.Winner()], len(game.Moves()))
	} else {
		fmt.Fprintf(stdout, "The game is over after %d throws:\n", len(game.Moves()))
		for m, p := range game.Standings() {
			fmt.Fprintf(stdout, "  %s %s\n", ordinal(m+1), who[p])
		}
	}
	if oddsErr != nil {
		fmt.Fprintf(stdout, "(odds not shown: %s)\n", trimPrefix(oddsErr.Error()))
	}
	return nil
}

// moveText says where a throw took the token.
func moveText(m snakes.Move) string {
	switch {
	case m.Landed == m.From && m.To != m.From:
		return fmt.Sprintf("%s → %s, the turn is void", square(m.From), square(m.To))
	case m.To == m.From && m.From == 0:
		return "stays off the board"
	case m.To == m.From:
		return fmt.Sprintf("stays on %d", m.From)
	case m.To > m.Landed:
		return fmt.Sprintf("%s → %d, ladder to %d", square(m.From), m.Landed, m.To)
	case m.To < m.Landed:
		return fmt.Sprintf("%s → %d, snake to %s", square(m.From), m.Landed, square(m.To))
	}
	return fmt.Sprintf("%s → %d", square(m.From), m.To)
}

// effectText says what a square's effect did: ", throws again" or ", misses
// the next turn", or nothing.
func effectText(e snakes.Effect) string {
	switch e {
	case snakes.ThrowAgain:
		return ", throws again"
	case snakes.MissTurn:
		return ", misses the next turn"
	}
	return ""
}

// square names a square, 0 as off the board.
func square(s int) string {
	if s == 0 {
		return "off the board"
	}
	return fmt.Sprint(s)
}

// backTo says where a bumped token went.
func backTo(s int) string {
	if s == 0 {
		return "back off the board"
	}
	return fmt.Sprintf("back to %d", s)
}

// ordinal is 1st, 2nd, 3rd, 4th and so on.
func ordinal(n int) string {
	suffix := "th"
	switch {
	case n%100 >= 11 && n%100 <= 13:
	case n%10 == 1:
		suffix = "st"
	case n%10 == 2:
		suffix = "nd"
	case n%10 == 3:
		suffix = "rd"
	}
	return fmt.Sprint(n, suffix)
}

// oddsText is every player's chance to win.
func oddsText(who []string, odds []float64) string {
	parts := make([]string, len(who))
	for i, p := range odds {
		parts[i] = fmt.Sprintf("%s %.1f%%", who[i], 100*p)
	}
	return strings.Join(parts, ", ")
}
