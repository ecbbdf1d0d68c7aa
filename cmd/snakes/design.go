package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/snakesladders/snakes"
)

// This file is the design subcommand.

// design is the design subcommand: it searches for a board whose game
// lasts as long as asked, and prints it as the analysis draws boards.
func design(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("snakes design", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var spec snakes.Spec
	fs.IntVar(&spec.Size, "size", 10, "the board is size×size")
	fs.IntVar(&spec.Ladders, "ladders", 0, "exactly this many ladders")
	fs.IntVar(&spec.Snakes, "snakes", 0, "exactly this many snakes")
	fs.IntVar(&spec.Jumps, "jumps", 0, "this many jumps in any mix (instead of -ladders and -snakes)")
	fs.Float64Var(&spec.Turns, "turns", 0, "the wanted expected number of turns")
	fs.Float64Var(&spec.Tolerance, "tolerance", 0, "how far from -turns the expectation may be (default 5e-7)")
	fs.Uint64Var(&spec.Seed, "seed", 0, "the search's seed: the same flags and seed give the same board")
	finishRules := ruleFlags(fs, &spec.Rules)
	start := fs.String("start", "1", "where tokens start: 1 or offboard")
	timeout := fs.Duration("timeout", 60*time.Second, "give up after this long, printing the closest board found")
	svgFile := fs.String("svg", "", "draw the designed board to this SVG file")
	asJSON := fs.Bool("json", false, "print the result as JSON")
	if err := parse(fs, args, stdout, "Usage: snakes design [flags]\n\nSearches for a board whose random game lasts -turns turns on average.\nThe flags:\n", " to design", 0); err != nil {
		return err
	}
	if *timeout <= 0 {
		return fmt.Errorf("-timeout is %v: give a time above 0, such as 60s", *timeout)
	}

	switch *start {
	case "1":
	case "offboard":
		spec.Rules.StartOffBoard = true
	default:
		return fmt.Errorf("-start %q, want 1 or offboard", *start)
	}
	if err := finishRules(); err != nil {
		return err
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if !set["ladders"] && !set["snakes"] && !set["jumps"] && spec.Size >= 2 {
		// About as many jumps as the classic board's, for any size.
		spec.Ladders = max(1, min(spec.Size*spec.Size/12, 4*spec.Size))
		spec.Snakes = spec.Ladders
		fmt.Fprintf(stderr, "snakes: no -ladders, -snakes or -jumps: designing with %s and %s\n", plural(spec.Ladders, "ladder", "ladders"), plural(spec.Snakes, "snake", "snakes"))
	}
	var svg *os.File
	if *svgFile != "" {
		var err error
		if svg, err = os.Create(*svgFile); err != nil {
			return err
		}
		defer svg.Close()
	}

	ctx, cancel := context.WithTimeout(context.Background(), *timeout)
	defer cancel()
	show := startProgress(stderr)
	began := time.Now()
	b, err := snakes.DesignProgress(ctx, spec, func(distance float64) {
		show.set(fmt.Sprintf("design: best so far %.3g from %v turns", distance, spec.Turns))
	})
	show.stop()
	took := time.Since(began)
	if b == nil {
		return err // a bad spec
	}
	rep, rerr := spec.Rules.ReportContext(ctx, b, nil)
	if rerr != nil {
		return rerr
	}
	e, _ := spec.Rules.ExpectedTurns(b)
	exact, xerr := spec.Rules.ExactExpectedTurns(b)
	fraction := ""
	if xerr == nil && len(exact.String()) <= 200 {
		fraction = exact.String()
	}
	if svg != nil {
		if werr := rep.WriteBoardSVG(svg); werr != nil {
			return werr
		}
	}
	if *asJSON {
		out, jerr := json.MarshalIndent(struct {
			Board         *snakes.Report `json:"report"`
			ExpectedTurns float64        `json:"expectedTurns"`
			Exact         string         `json:"exact,omitempty"`
			Seconds       float64        `json:"seconds"`
			Met           bool           `json:"met"`
		}{rep, e, fraction, took.Seconds(), err == nil}, "", "  ")
		if jerr != nil {
			return jerr
		}
		fmt.Fprintf(stdout, "%s\n", out)
	} else {
		if werr := rep.WriteSearchText(stdout); werr != nil {
			return werr
		}
		fmt.Fprintf(stdout, "\nExpected turns: %.12g (wanted %v ± %g)\n", e, spec.Turns, tolerance(spec))
		if fraction != "" {
			fmt.Fprintf(stdout, "Exactly: %s\n", fraction)
		}
		fmt.Fprintf(stdout, "Search took %.2f s\n", took.Seconds())
	}
	if err != nil {
		return errNoDesign{err}
	}
	return nil
}

// plural writes n and the noun that agrees with it: "1 ladder", "8 ladders".
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

func tolerance(s snakes.Spec) float64 {
	if s.Tolerance == 0 {
		return 5e-7
	}
	return s.Tolerance
}

// errNoDesign is a search that found no board within tolerance: the
// closest was printed, and the command exits with status 1.
type errNoDesign struct{ err error }

func (e errNoDesign) Error() string { return e.err.Error() }
func (e errNoDesign) Unwrap() error { return e.err }
