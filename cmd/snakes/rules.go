package main

import (
	"errors"
	"flag"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/snakesladders/snakes"
)

// This file declares the flags that set the rules, shared by the analysis
// and design, and says their errors by the flag's name.

// ruleFlags declares the flags that set the rules of play, shared by the
// analysis and the design subcommand, and returns a function to call after
// parsing, which completes and validates the rules.
func ruleFlags(fs *flag.FlagSet, r *snakes.Rules) (finish func() error) {
	fs.IntVar(&r.Faces, "faces", 6, "faces of the die (or the number of -weights)")
	fs.TextVar(&r.Overshoot, "overshoot", snakes.Stay, "a throw past the last square: stay, bounce or finish")
	fs.IntVar(&r.Dice, "dice", 1, "dice thrown at once; the token moves by their total")
	fs.Var((*weights)(&r.Weights), "weights", "a loaded die or spinner: the weight of each face, comma-separated (1,1,1,1,1,2)")
	fs.IntVar(&r.Enter, "enter", 0, "a total needed to come onto the board (0: none; tokens then start off the board)")
	fs.IntVar(&r.Again, "again", 0, "a total that gives another throw in the same turn (0: none)")
	fs.IntVar(&r.AgainLimit, "again-limit", 0, "that many throws of -again in a row end the turn unmoved (0: no limit)")
	fs.TextVar(&r.OnLimit, "on-limit", snakes.VoidTurn, "where -again-limit sends the token: void (back where the turn began) or start")
	return func() error {
		set := map[string]bool{}
		fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
		if len(r.Weights) > 0 && !set["faces"] {
			r.Faces = 0 // the weights say how many faces there are
		}
		return flagError(r.Validate())
	}
}

// flagFor names the flag that sets each field of Rules.
var flagFor = map[string]string{
	"Faces": "faces", "Overshoot": "overshoot", "Dice": "dice", "Weights": "weights",
	"Enter": "enter", "Again": "again", "AgainLimit": "again-limit", "OnLimit": "on-limit",
}

// fieldName finds the names of Rules' fields in a message of the library,
// and an index into Weights.
var fieldName = regexp.MustCompile(`\b(Faces|Overshoot|Dice|Weights|Enter|AgainLimit|Again|OnLimit)\b(\[(\d+)\])?`)

// flagError says an error from Rules.Validate with the flags the user
// typed in place of the fields of Rules: "-faces is -3", not "Faces is -3".
func flagError(err error) error {
	if err == nil {
		return nil
	}
	msg := fieldName.ReplaceAllStringFunc(trimPrefix(err.Error()), func(m string) string {
		sub := fieldName.FindStringSubmatch(m)
		if sub[3] != "" { // Weights[k]: the (k+1)-th weight
			k, _ := strconv.Atoi(sub[3])
			return fmt.Sprintf("weight %d of -weights", k+1)
		}
		return "-" + flagFor[sub[1]]
	})
	return errors.New(msg)
}

// weights reads -weights: whole numbers separated by commas.
type weights []int

func (w *weights) String() string {
	if w == nil {
		return ""
	}
	parts := make([]string, len(*w))
	for i, v := range *w {
		parts[i] = strconv.Itoa(v)
	}
	return strings.Join(parts, ",")
}

func (w *weights) Set(s string) error {
	return setInts((*[]int)(w), s, "weight %d is %q, want a whole number")
}

// setInts sets *dst to the whole numbers, separated by commas, of s, or
// returns the error bad says of the first that is none.
func setInts(dst *[]int, s, bad string) error {
	var out []int
	for i, part := range strings.Split(s, ",") {
		v, err := strconv.Atoi(strings.TrimSpace(part))
		if err != nil {
			return fmt.Errorf(bad, i+1, part)
		}
		out = append(out, v)
	}
	*dst = out
	return nil
}
