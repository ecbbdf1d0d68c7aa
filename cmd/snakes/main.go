// Command snakes analyses a snakes-and-ladders board: it draws the board with
// its shortest path, lists the fewest rolls, and gives the length and win
// chances of random play. With no arguments it analyses the classic board.
//
// Usage:
//
//	snakes [-board FILE|-] [-faces N] [-start 1|offboard] [-overshoot stay|bounce|finish] [-chain]
//	       [-dice N] [-weights 1,1,1,1,1,2] [-enter 6] [-again 6] [-again-limit 3] [-on-limit void|start]
//	       [-json] [-svg FILE] [-plot FILE] [-heat FILE] [-budget 10s] [-max-squares 100000000]
//
// The house rules: -dice throws several dice and moves by their total,
// -weights loads the die (or makes a spinner of unequal sectors), -enter
// needs a total to come onto the board, -again gives another throw on a
// total, and -again-limit ends the turn when that total comes up so many
// times in a row, sending the token back where the turn began or, with
// -on-limit start, to the start.
//
// The board file holds JSON: a LeetCode grid [[-1,-1],[-1,3]], or
// {"size": 10, "jumps": {"1": 38, "16": 6}}. Without -board the classic board
// is used, with tokens starting off the board; flags override its rules.
// Errors print one line to standard error and exit with status 2.
//
// The fewest rolls and the path are printed at once; the random-play
// figures follow, each one that fits in the -budget time, and those left
// out are named with the reason. While it works for more than a second it
// says what it is working on, on standard error when that is a terminal.
// Boards of more than -max-squares squares are refused before they are
// read into memory.
//
// The design subcommand searches for a board whose game lasts as long as
// asked and prints it, its expected turns and the exact fraction:
//
//	snakes design -size 10 -ladders 6 -snakes 6 -turns 30 [-jumps N] [-start offboard]
//	       [-tolerance T] [-seed S] [-timeout 60s] [-svg FILE] [-json] [house rules as above]
//
// When no board comes within the tolerance before the timeout it prints the
// closest found, says so on standard error, and exits with status 1.
//
// The play subcommand plays a game of several players at random and
// prints each throw with every player's chance to win after it
// (docs/game.md):
//
//	snakes play [-players 2] [-names a,b] [-seed S] [-bump] [-json] [house rules as above] [board file]
//
// The best subcommand finds the best play where the rules give a choice:
// jumps a player may decline, and dice to pick from each turn (docs/best.md):
//
//	snakes best [-decline ladders,snakes] [-faces 4,6] [-die 6] [-start 1|offboard] [-overshoot stay|bounce|finish]
//	       [-chain] [-bump] [-players 2] [-timeout 60s] [-json] [board file]
//
// The serve subcommand serves a page to draw and edit a board in the
// browser, and its JSON API (package web), on the loopback only unless
// -addr says otherwise:
//
//	snakes serve [-addr 127.0.0.1:8080] [-budget 10s] [-max-squares 250000] [-max-memory 536870912] [-workers N]
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/snakesladders/snakes"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run is the whole command; it returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	var err error
	switch {
	case len(args) > 0 && args[0] == "design":
		err = design(args[1:], stdout, stderr)
	case len(args) > 0 && args[0] == "serve":
		err = serve(args[1:], stdout, stderr)
	case len(args) > 0 && args[0] == "play":
		err = play(args[1:], stdin, stdout)
	case len(args) > 0 && args[0] == "best":
		err = best(args[1:], stdin, stdout)
	default:
		err = analyse(args, stdin, stdout, stderr)
	}
	var none errNoDesign
	switch {
	case err == nil, errors.Is(err, flag.ErrHelp):
		return 0
	case errors.As(err, &none):
		fmt.Fprintln(stderr, "snakes:", trimPrefix(err.Error()))
		return 1
	}
	fmt.Fprintln(stderr, "snakes:", trimPrefix(err.Error()))
	return 2
}

// trimPrefix drops the library's "snakes: " prefixes, wherever wrapping put
// them, since run prints its own.
func trimPrefix(msg string) string { return strings.ReplaceAll(msg, "snakes: ", "") }

func analyse(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("snakes", flag.ContinueOnError)
	fs.SetOutput(io.Discard) // errors are reported once, by run
	var (
		boardFile  = fs.String("board", "", "board JSON file, or - for standard input (default: the classic board)")
		rules      snakes.Rules
		start      = fs.String("start", "", "where tokens start: 1 or offboard (default 1; offboard for the classic board)")
		asJSON     = fs.Bool("json", false, "print the report as JSON")
		svgFile    = fs.String("svg", "", "write a picture of the board and its shortest path to this SVG file")
		plotFile   = fs.String("plot", "", "write a bar chart of the game length distribution to this SVG file")
		heatFile   = fs.String("heat", "", "write the board shaded by the turns a game starts on each square to this SVG file")
		budget     = fs.Duration("budget", 10*time.Second, "time for the random-play figures; those that do not fit are named and skipped (0: no limit)")
		maxSquares = fs.Int("max-squares", 1e8, "refuse boards of more squares, before reading them into memory")
	)
	finishRules := ruleFlags(fs, &rules)
	fs.BoolVar(&rules.Chain, "chain", false, "follow jumps from a jump's destination")
	if err := parse(fs, args, stdout, usage, "; the board is given with -board FILE", 0); err != nil {
		return err
	}
	if *budget < 0 {
		return fmt.Errorf("-budget is %v: give 0 (no limit) or a time above 0, such as 10s", *budget)
	}

	board, err := boardAndRules(*boardFile, stdin, *maxSquares, *start, &rules, finishRules)
	if err != nil {
		return err
	}

	// Open the pictures' files first, so that a bad path is reported
	// before anything is printed.
	var svg, plot, heat *os.File
	defer func() { closeAll(svg, plot, heat) }()
	for _, pic := range []struct {
		flag, name string
		file       **os.File
		board      bool // a drawing of the board, bounded by MaxSVGSide
	}{{"svg", *svgFile, &svg, true}, {"plot", *plotFile, &plot, false}, {"heat", *heatFile, &heat, true}} {
		switch {
		case pic.name == "":
		case pic.board && board.Size() > snakes.MaxSVGSide:
			fmt.Fprintf(stderr, "snakes: -%s: boards over %d×%d are not drawn (this one is %d×%d); no picture written\n", pic.flag, snakes.MaxSVGSide, snakes.MaxSVGSide, board.Size(), board.Size())
		default:
			if *pic.file, err = os.Create(pic.name); err != nil {
				return err
			}
		}
	}

	ctx := context.Background()
	if *budget > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, *budget)
		defer cancel()
	}
	show := startProgress(stderr)
	defer show.stop()
	// In text, what the search found is printed as soon as it is known,
	// while random play is worked out.
	printed := false
	rep, err := rules.ReportContext(ctx, board, func(rep *snakes.Report, stage string) {
		show.set(stage)
		if stage == snakes.StageExpected && !*asJSON {
			printed = true
			if err := rep.WriteSearchText(stdout); err != nil {
				fmt.Fprintln(stderr, "snakes:", err)
			}
		}
	})
	show.stop()
	if err != nil {
		return err
	}
	if svg != nil {
		if err := rep.WriteBoardSVG(svg); err != nil {
			return err
		}
	}
	if plot != nil {
		if len(rep.Distribution) == 0 {
			fmt.Fprintln(stderr, "snakes: -plot: the length distribution was not computed; no chart written")
			closeAll(plot)
			os.Remove(*plotFile)
			plot = nil
		} else if err := rep.WritePlotSVG(plot); err != nil {
			return err
		}
	}
	if heat != nil {
		if err := rep.WriteHeatSVG(heat); err != nil {
			fmt.Fprintf(stderr, "snakes: -heat: %s; no picture written\n", trimPrefix(err.Error()))
			closeAll(heat)
			os.Remove(*heatFile)
			heat = nil
		}
	}
	if *asJSON {
		out, err := rep.JSON()
		if err != nil {
			return err
		}
		_, err = stdout.Write(out)
		return err
	}
	if !printed {
		if err := rep.WriteSearchText(stdout); err != nil {
			return err
		}
	}
	return rep.WritePlayText(stdout)
}

func closeAll(files ...*os.File) {
	for _, f := range files {
		if f != nil {
			f.Close()
		}
	}
}

// usage is what -h prints before the flags of the analysis: every way to
// call the command.
const usage = `Usage:
  snakes [flags]          analyse a board (the classic board without -board)
  snakes design [flags]   search for a board whose game lasts as long as asked
  snakes play [flags]     play a game of several players, with every player's odds
  snakes best [flags]     the best play where a jump may be declined or a die picked
  snakes serve [flags]    serve a page to draw a board and see its figures

Each subcommand's -h lists its flags. The flags of the analysis:
`

// parse parses args into fs: -h prints head and the flags to stdout, and
// more than most arguments left over is an error, followed by hint.
func parse(fs *flag.FlagSet, args []string, stdout io.Writer, head, hint string, most int) error {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprint(stdout, head)
			fs.SetOutput(stdout)
			fs.PrintDefaults()
		}
		return err
	}
	if fs.NArg() > most {
		return fmt.Errorf("unexpected argument %q%s", fs.Arg(most), hint)
	}
	return nil
}

// boardAndRules reads the board named by -board and completes the rules
// the flags set: -start (the classic board, the default, starts off the
// board), then the checks of finish.
func boardAndRules(name string, stdin io.Reader, maxSquares int, start string, rules *snakes.Rules, finish func() error) (*snakes.Board, error) {
	board, err := readBoard(name, stdin, maxSquares)
	if err != nil {
		return nil, err
	}
	switch start {
	case "":
		rules.StartOffBoard = name == ""
	case "1":
	case "offboard":
		rules.StartOffBoard = true
	default:
		return nil, fmt.Errorf("-start %q, want 1 or offboard", start)
	}
	return board, finish()
}

// readBoard reads the board named by -board: the classic board when empty,
// standard input for "-".
func readBoard(name string, stdin io.Reader, maxSquares int) (*snakes.Board, error) {
	var data []byte
	var err error
	switch name {
	case "":
		return snakes.Classic(), nil
	case "-":
		name = "standard input"
		data, err = io.ReadAll(stdin)
	default:
		data, err = os.ReadFile(name)
	}
	if err != nil {
		return nil, fmt.Errorf("reading the board: %w", err)
	}
	b, err := snakes.ParseBoardLimit(data, maxSquares)
	if err != nil {
		return nil, fmt.Errorf("%s: %s", name, trimPrefix(err.Error()))
	}
	return b, nil
}
