package main

// This file is the play subcommand: a game of several players, thrown at
// random or a command at a time, printed throw by throw with every
// player's odds, saved and resumed.

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/snakesladders/snakes"
)

// play plays one game and prints it: each throw, who threw what and
// where it took the token (a ladder, a snake, a void, a bump), every
// player's chance to win after it, and the winner or every place; or with
// -json the game as it saves it. On a terminal, or with -interactive, it
// waits before each throw for a command (see playHelp).
func play(args []string, stdin io.Reader, stdout io.Writer) error {
	fs := flag.NewFlagSet("snakes play", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var rules snakes.Rules
	boardFile := fs.String("board", "", "board JSON file, or - for standard input (default: the classic board)")
	players := fs.Int("players", 2, "players, 1..64")
	names := fs.String("names", "", "the players' names, comma-separated (default: Player 1, Player 2, ...)")
	seed := fs.Uint64("seed", 0, "the throws' seed: throw n is drawn from PCG(seed, n), as the page's ?seed= draws it (0: a new game each run)")
	start := fs.String("start", "", "where tokens start: 1 or offboard (default 1; offboard for the classic board)")
	asJSON := fs.Bool("json", false, "print the game as JSON when it ends or is quit: {\"game\": board, rules, players and throws, \"names\": ...}")
	auto := fs.Bool("auto", false, "throw at once to the end, without waiting (what it does when standard input is not a terminal)")
	interactive := fs.Bool("interactive", false, "wait for a command before each throw, read from standard input, even when it is not a terminal")
	finishRules := ruleFlags(fs, &rules)
	fs.BoolVar(&rules.Chain, "chain", false, "follow jumps from a jump's destination")
	fs.BoolVar(&rules.Bump, "bump", false, "a token landed on by another goes back to the start")
	fs.BoolVar(&rules.PlayOn, "playon", false, "play on after the first finish until one player is left, and print every place")
	head := "Usage: snakes play [flags] [board or saved game file]\n\nPlays a game and prints each throw with every player's chance to win.\n" + playHelp + "\nThe flags:\n"
	if err := parse(fs, args, stdout, head, ": play takes one board or saved game file", 1); err != nil {
		return err
	}
	switch {
	case *auto && *interactive:
		return fmt.Errorf("-auto and -interactive: give one")
	case fs.NArg() == 1 && *boardFile != "":
		return fmt.Errorf("two boards: -board %s and %s", *boardFile, fs.Arg(0))
	case fs.NArg() == 1:
		*boardFile = fs.Arg(0)
	}
	game, who, err := savedGame(*boardFile, fs)
	if err != nil {
		return err
	}
	if game == nil {
		if game, who, err = newPlay(*boardFile, stdin, *players, *names, *start, &rules, finishRules); err != nil {
			return err
		}
	}
	f, ok := stdin.(*os.File)
	waits := *interactive || !*auto && ok && isTerminal(f)
	p := &playing{game: game, who: who, seed: *seed, out: stdout, waits: waits, last: game.Board().Squares()}
	if *asJSON && !waits {
		p.out = io.Discard // the game's JSON alone
	}
	p.head()
	if waits {
		if err := p.commands(stdin); err != nil {
			return err
		}
	} else {
		for !game.Over() {
			if err := p.throw(); err != nil {
				return err
			}
		}
	}
	if game.Over() {
		p.end()
	}
	if *asJSON {
		out, err := json.Marshal(saved{Game: game, Names: who})
		if err != nil {
			return err
		}
		_, err = fmt.Fprintf(stdout, "%s\n", out)
		return err
	}
	return nil
}

// playHelp says what a game waiting for a command takes.
const playHelp = `On a terminal (or with -interactive) it waits before each throw: Enter throws
the dice, a typed roll plays those faces (4, or 3 5 for two dice), u takes
back the last throw, s FILE saves the game, q quits. A saved game (s FILE,
or -json) goes on when its file is named instead of a board's.
`

// saved is a game as the command saves it: the library's game and the
// players' names.
type saved struct {
	Game  *snakes.Game `json:"game"`
	Names []string     `json:"names"`
}

// savedGame reads the game saved in the file name, or returns no game
// when name is not a file holding one (a board's). A saved game has its
// own board, rules and players: a flag that would set them is an error.
func savedGame(name string, fs *flag.FlagSet) (*snakes.Game, []string, error) {
	if name == "" || name == "-" {
		return nil, nil, nil
	}
	data, err := os.ReadFile(name)
	if err != nil {
		return nil, nil, fmt.Errorf("reading the board: %w", err)
	}
	var keys map[string]json.RawMessage
	if json.Unmarshal(data, &keys) != nil || keys["game"] == nil {
		return nil, nil, nil // a board, or not JSON: readBoard says which
	}
	var s saved
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&s); err != nil {
		return nil, nil, fmt.Errorf("%s: %s", name, trimPrefix(err.Error()))
	}
	if s.Game == nil {
		return nil, nil, fmt.Errorf("%s: no game: want {\"game\": {...}, \"names\": [...]}", name)
	}
	if len(s.Names) != s.Game.Players() {
		return nil, nil, fmt.Errorf("%s: %d names for %d players", name, len(s.Names), s.Game.Players())
	}
	var set []string
	fs.Visit(func(f *flag.Flag) {
		switch f.Name {
		case "seed", "json", "auto", "interactive":
		default:
			set = append(set, "-"+f.Name)
		}
	})
	if len(set) > 0 {
		return nil, nil, fmt.Errorf("%s is a saved game, with its own board, rules and players: %s cannot change them", name, strings.Join(set, ", "))
	}
	return s.Game, s.Names, nil
}

// newPlay starts a game of the flags' board, rules and players.
func newPlay(boardFile string, stdin io.Reader, players int, names, start string, rules *snakes.Rules, finishRules func() error) (*snakes.Game, []string, error) {
	if players < 1 || players > 64 {
		return nil, nil, fmt.Errorf("-players is %d, want 1..64", players)
	}
	who := make([]string, players)
	for i := range who {
		who[i] = fmt.Sprintf("Player %d", i+1)
	}
	if names != "" {
		given := strings.Split(names, ",")
		if len(given) != players {
			return nil, nil, fmt.Errorf("-names gives %d names for %d players", len(given), players)
		}
		for i, n := range given {
			who[i] = strings.TrimSpace(n)
		}
	}
	board, err := boardAndRules(boardFile, stdin, 1e6, start, rules, finishRules)
	if err != nil {
		return nil, nil, err
	}
	game, err := snakes.NewGame(board, *rules, players)
	return game, who, err
}

// playing is a game being played and printed.
type playing struct {
	game    *snakes.Game
	who     []string
	seed    uint64
	out     io.Writer
	waits   bool  // for a command before each throw
	last    int   // the board's last square
	oddsErr error // why the odds are not shown
}

// head prints the players, the rules and the odds before the next throw.
func (p *playing) head() {
	fmt.Fprintf(p.out, "%s; %s\n", strings.Join(p.who, ", "), p.game.Rules())
	if len(p.game.Moves()) > 0 {
		fmt.Fprintf(p.out, "resumed after %d throws: %s\n", len(p.game.Moves()), p.squares())
	}
	p.odds()
}

// odds prints every player's chance to win, while no one has finished:
// exact, or where that is past the bounds estimated by playing the game
// on (half a second or so), after every throw of a game played a command
// at a time and before the first of one thrown to its end.
func (p *playing) odds() {
	if p.oddsErr != nil || p.game.Winner() >= 0 {
		return
	}
	odds, err := p.game.Odds()
	if errors.Is(err, snakes.ErrTooLarge) {
		o, oerr := p.game.Outlook(context.Background())
		if oerr != nil {
			err = oerr
		} else {
			fmt.Fprintf(p.out, "  odds: %s (%s)\n", oddsText(p.who, o.Win), o.Note)
			if !p.waits {
				p.oddsErr = errors.New("estimated odds are shown before the first throw alone, unless the game is played a command at a time")
			}
			return
		}
	}
	if err != nil {
		p.oddsErr = err
		return
	}
	fmt.Fprintf(p.out, "  odds: %s\n", oddsText(p.who, odds))
}

// squares says where every token stands.
func (p *playing) squares() string {
	parts := make([]string, len(p.who))
	for i, s := range p.game.Squares() {
		parts[i] = fmt.Sprintf("%s %s", p.who[i], square(s))
	}
	return strings.Join(parts, ", ")
}

// throw throws at random: throw n of a seeded game from PCG(seed, n).
func (p *playing) throw() error {
	var rng *rand.Rand
	if p.seed != 0 {
		rng = rand.New(rand.NewPCG(p.seed, uint64(len(p.game.Moves()))))
	}
	return p.play(func() (snakes.Move, error) { return p.game.Throw(rng) })
}

// play makes the throw that throw makes and prints it, or returns its
// error, the game unchanged.
func (p *playing) play(throw func() (snakes.Move, error)) error {
	before, player := p.game.Squares(), p.game.Player()
	m, err := throw()
	if err != nil {
		return err
	}
	p.moved(m, before, player)
	return nil
}

// moved prints a throw made: where it took the token, whom it bumped, the
// effect it set off, the place it finished in, and the odds after it.
func (p *playing) moved(m snakes.Move, before []int, player int) {
	if moves := p.game.Moves(); len(moves) > 1 {
		for _, q := range passedOver(moves[len(moves)-2], m, before, p.last) {
			fmt.Fprintf(p.out, "%s misses this turn\n", p.who[q])
		}
	}
	fmt.Fprintf(p.out, "%s throws %d: %s", p.who[player], m.Roll, moveText(m))
	after := p.game.Squares()
	for q := range after {
		if q != player && after[q] != before[q] {
			fmt.Fprintf(p.out, ", bumps %s %s", p.who[q], backTo(after[q]))
		}
	}
	if p.game.Rules().PlayOn && m.To == p.last {
		fmt.Fprintf(p.out, ", finishes %s", ordinal(slices.Index(p.game.Standings(), player)+1))
	}
	fmt.Fprintln(p.out, effectText(m.Effect))
	p.odds()
}

// passedOver returns the players whose turns were passed over between
// move prev and move m (a square that costs a turn), in order: the
// players still playing (squares not on the last square) after prev's,
// one a turn that m's Turn skips.
func passedOver(prev, m snakes.Move, squares []int, last int) []int {
	var out []int
	for q, skipped := prev.Player, m.Turn-prev.Turn-1; len(out) < skipped; {
		q = (q + 1) % len(squares)
		if squares[q] != last {
			out = append(out, q)
		}
	}
	return out
}

// end prints who won, or under PlayOn every place, and why the odds were
// not shown.
func (p *playing) end() {
	if !p.game.Rules().PlayOn {
		fmt.Fprintf(p.out, "%s wins after %d throws.\n", p.who[p.game.Winner()], len(p.game.Moves()))
	} else {
		fmt.Fprintf(p.out, "The game is over after %d throws:\n", len(p.game.Moves()))
		for m, q := range p.game.Standings() {
			fmt.Fprintf(p.out, "  %s %s\n", ordinal(m+1), p.who[q])
		}
	}
	if p.oddsErr != nil {
		fmt.Fprintf(p.out, "(odds not shown: %s)\n", trimPrefix(p.oddsErr.Error()))
	}
}

// commands plays the game a command at a time, read from in, until it is
// over, quit (q) or in ends; a wrong command is said and asked again.
func (p *playing) commands(in io.Reader) error {
	fmt.Fprint(p.out, p.game.Board(), playHelp)
	sc := bufio.NewScanner(in)
	for !p.game.Over() {
		fmt.Fprintf(p.out, "%s to throw (%s)> ", p.who[p.game.Player()], p.squares())
		if !sc.Scan() {
			fmt.Fprintln(p.out)
			return sc.Err()
		}
		line := strings.TrimSpace(sc.Text())
		switch {
		case line == "":
			if err := p.throw(); err != nil {
				return err
			}
		case line == "q":
			return nil
		case line == "u":
			moves := p.game.Moves()
			if err := p.game.Undo(); err != nil {
				fmt.Fprintln(p.out, trimPrefix(err.Error()))
				continue
			}
			m := moves[len(moves)-1]
			fmt.Fprintf(p.out, "took back %s's throw of %d\n", p.who[m.Player], m.Roll)
			p.odds()
		case strings.HasPrefix(line, "s "):
			name := strings.TrimSpace(line[2:])
			data, err := json.Marshal(saved{Game: p.game, Names: p.who})
			if err == nil {
				err = os.WriteFile(name, append(data, '\n'), 0o644)
			}
			if err != nil {
				fmt.Fprintln(p.out, "not saved:", err)
				continue
			}
			fmt.Fprintf(p.out, "saved to %s\n", name)
		default:
			faces, err := rollOf(line)
			if err != nil {
				fmt.Fprintln(p.out, err)
				continue
			}
			if err := p.play(func() (snakes.Move, error) { return p.game.Apply(faces...) }); err != nil {
				fmt.Fprintln(p.out, trimPrefix(err.Error()))
			}
		}
	}
	return nil
}

// rollOf reads a typed roll: each die's face, separated by spaces.
func rollOf(line string) ([]int, error) {
	var faces []int
	for _, f := range strings.Fields(line) {
		n, err := strconv.Atoi(f)
		if err != nil {
			return nil, fmt.Errorf("%q is not a command: Enter throws, a roll such as 4 (or 3 5 for two dice), u undoes, s FILE saves, q quits", line)
		}
		faces = append(faces, n)
	}
	return faces, nil
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
