package snakes

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"math"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/snakesladders/snakes/internal/search"
	"github.com/snakesladders/snakes/internal/walk"
)

// This file is the Report the snakes command prints: what it gathers from
// an Analysis within a deadline, and its JSON; reporttext.go writes it as
// text.

// A Report gathers what the snakes command shows about a board under a rule
// set, ready to print as text ([Report.WriteText]), encode as JSON, or draw
// ([Report.WriteBoardSVG], [Report.WritePlotSVG]). Probabilities and
// expectations are rounded to 10 significant digits in JSON.
type Report struct {
	Board    *Board `json:"board"` // encoded as {"size": n, "jumps": {...}}
	Rules    Rules  `json:"rules"` // with Faces filled in
	MinRolls int    `json:"minRolls"`
	Path     []Move `json:"path"` // nil when the last square is unreachable

	// Finishes is whether random play surely ends, nil (null in JSON)
	// when random play was left out; when false, Problem says why not.
	// Every figure below is nil when it was not computed: named in
	// Skipped, or not defined for a game that may never finish. None is
	// ever a zero that stands for a figure missing.
	Finishes      *bool     `json:"finishes"`
	Problem       string    `json:"problem,omitempty"`
	ExpectedTurns *Rounded  `json:"expectedTurns"`
	MedianTurns   *int      `json:"medianTurns"`
	ModeTurns     *int      `json:"modeTurns"`
	FinishWithin  []Within  `json:"finishWithin"`
	WinChances    []Chances `json:"winChances"`

	// Distribution is the one-player length distribution, element t the
	// chance of finishing on turn t, up to the turn by which 99.9% of games
	// have finished (at most 1000 turns).
	Distribution []Rounded `json:"distribution"`

	// The insights, when the game surely ends: the standard deviation of
	// the length, its 10th, 90th and 99th percentiles, the five squares
	// most turns start on (the off-board start left out), and every jump's
	// figures ([Rules.Jumps]), by Effect, largest first.
	StdDev      *Rounded     `json:"stdDev"`
	Percentiles []Percentile `json:"percentiles"` // with the median, in the median stage
	MostVisited []Visited    `json:"mostVisited"`
	Jumps       []JumpReport `json:"jumps"`

	// Visits is [Rules.Visits], for the heat map; not in the JSON.
	Visits []Rounded `json:"-"`

	// Skipped names the figures left out, by ReportContext, and why; their
	// fields above are nil.
	Skipped []Skip `json:"skipped,omitempty"`
}

// A Percentile is the fewest turns within which a share Q of games end.
type Percentile struct {
	Q     float64 `json:"q"`
	Turns int     `json:"turns"`
}

// Visited is the expected number of turns a game starts on a square.
type Visited struct {
	Square int     `json:"square"`
	Turns  Rounded `json:"turns"`
}

// A JumpReport is a jump's [JumpStats] as a report gives them; an Effect
// that is +Inf (the board without the jump may never finish) is null in
// JSON.
type JumpReport struct {
	From   int     `json:"from"`
	To     int     `json:"to"`
	Taken  Rounded `json:"taken"`
	Chance Rounded `json:"chance"`
	Effect Rounded `json:"effect"`
}

// Within is the chance of finishing within a number of turns.
type Within struct {
	Turns       int     `json:"turns"`
	Probability Rounded `json:"probability"`
}

// Chances are the players' chances to win a game of Players players, in
// turn order.
type Chances struct {
	Players int       `json:"players"`
	Chances []Rounded `json:"chances"`
}

// Rounded is a float64 that encodes to JSON with 10 significant digits, so
// that reports do not change with the last bits of floating-point rounding.
type Rounded float64

// MarshalJSON encodes r with 10 significant digits, and an infinity or NaN,
// which JSON has no number for, as null.
func (r Rounded) MarshalJSON() ([]byte, error) {
	if math.IsInf(float64(r), 0) || math.IsNaN(float64(r)) {
		return []byte("null"), nil
	}
	return strconv.AppendFloat(nil, float64(r), 'g', 10, 64), nil
}

// reportTurns are the horizons of Report.FinishWithin.
var reportTurns = []int{10, 25, 50}

// ReportBudget is how long [Rules.Report] computes figures for.
const ReportBudget = 10 * time.Second

// Report analyses b under r for the snakes command: it is ReportContext
// with a context that ends after ReportBudget and no progress function,
// so that it returns within about that long whatever the board (each
// figure alone is bounded by MaxWork, but a report of a board of 10⁶
// squares asks for several near it). A figure still running when the
// budget ends is named in Report.Skipped, so that on such a board what a
// report holds depends on the machine's speed; a board whose figures all
// finish sooner (the classic board takes a few milliseconds) gets the
// report ReportContext gives without a deadline.
func (r Rules) Report(b *Board) (*Report, error) {
	ctx, cancel := context.WithTimeout(context.Background(), ReportBudget)
	defer cancel()
	return r.ReportContext(ctx, b, nil)
}

// The stages of a report, in the order ReportContext computes them, as it
// names them to its progress function and in Report.Skipped.
const (
	StageSearch       = "fewest rolls"
	StageExpected     = "expected turns"
	StageDistribution = "length distribution"
	StageMedian       = "median, percentiles and most likely turns"
	StageWinChances   = "win chances"
	StageInsights     = "spread, visits and jumps"
)

// The figures Report.Skipped names besides the stages.
const (
	// FigurePlay is every random-play figure at once: the game's turns
	// could not be compiled within the bounds (Skip.Err wraps ErrTooLarge)
	// or the time.
	FigurePlay = "random play"

	// FigureJumps is the jumps' table when it alone is left out: past
	// the structured solve, Jumps costs more than the other insights,
	// and a report may give those without it.
	FigureJumps = "jumps"
)

// A Skip names a figure of a report that was not computed, and why.
type Skip struct {
	Figure string `json:"figure"` // a Stage or Figure constant
	Reason string `json:"reason"`
	Err    error  `json:"-"` // wraps ErrTooLarge or the context's error
}

// ReportContext analyses b under r as [Rules.Report] does, computing each
// random-play figure only while ctx lasts: a figure whose computation ctx
// ends, or which is over the package's bounds ([ErrTooLarge]), is left out
// and named in Report.Skipped with the reason. The fewest rolls and the
// path are always computed. progress, when not nil, is called as each
// stage begins with the report so far (every stage before it is filled in)
// and the stage's name, one of the Stage constants, so that a caller can
// print what is ready or show what is being worked on. The figures come
// from one [Analysis] of the board, so that the insights share one solve.
//
// Errors wrap [ErrInvalidRules] or [ErrInvalidBoard]; a game that may never
// finish is not an error but a report with Finishes false.
func (r Rules) ReportContext(ctx context.Context, b *Board, progress func(rep *Report, stage string)) (*Report, error) {
	g, err := r.playable(b)
	if err != nil {
		return nil, err
	}
	if progress == nil {
		progress = func(*Report, string) {}
	}
	r.Dice = max(r.Dice, 1)
	if r.Faces == 0 { // say how many faces, as the text does
		r.Faces = 6
		if len(r.Weights) > 0 {
			r.Faces = len(r.Weights)
		}
	}
	rep := &Report{Board: b, Rules: r}
	progress(rep, StageSearch)
	sg := g
	if g.Last != g.Top { // the searches go over squares, not the states of a token waiting
		sg, _ = r.game(b)
	}
	rep.MinRolls = search.MinRolls(&sg)
	rep.Path, _ = shortestPath(&sg)

	// skip records why a stage's figure is not given, and reports whether
	// err is such a reason rather than a failure.
	skip := func(stage string, err error) bool {
		var reason string
		switch {
		case errors.Is(err, ErrTooLarge):
			reason = strings.TrimPrefix(err.Error(), "snakes: ")
		case ctx.Err() != nil && (errors.Is(err, ctx.Err()) || err == nil):
			reason, err = "the time budget ran out", cmp.Or(err, ctx.Err())
		default:
			return false
		}
		rep.Skipped = append(rep.Skipped, Skip{Figure: stage, Reason: reason, Err: err})
		return true
	}
	progress(rep, StageExpected)
	a := r.analysisOf(b, g)
	// Random play whose every turn passes the work bound is known before
	// it starts, and said so whatever time the searches took.
	if err := walk.CheckPlay(&a.g); err != nil {
		if !skip(FigurePlay, err) {
			return nil, err
		}
		return rep, nil
	}
	// Whether the game surely ends is known once its turns are: a walk
	// finds any trap it can reach.
	first, err := a.startWalk(ctx)
	if err != nil {
		if !skip(FigurePlay, err) {
			return nil, err
		}
		return rep, nil
	}
	finishes := first.Trap < 0
	rep.Finishes = &finishes
	e, err := a.ExpectedTurns(ctx)
	switch {
	case err == nil:
		rep.ExpectedTurns = ptr(Rounded(e))
	case errors.Is(err, ErrNeverFinishes):
		rep.Problem = err.Error()
		rep.Finishes = ptr(false)
	case skip(StageExpected, err):
	default:
		return nil, err
	}

	// Follow the distribution only as far as the report shows it.
	progress(rep, StageDistribution)
	w, err := a.startWalk(ctx)
	if err == nil {
		err = rep.distribution(w)
	}
	if err != nil && !skip(StageDistribution, err) {
		return nil, err
	}
	if !*rep.Finishes {
		rep.FinishWithin = nil
		return rep, nil
	}

	// The median, the mode and the percentiles follow the game turn by
	// turn, but a long game only until its tail settles (quantiles.go).
	progress(rep, StageMedian)
	if err := rep.quantiles(ctx, a); err != nil && !skip(StageMedian, err) {
		return nil, err
	}

	// A race too long to follow to its end is followed until its tails
	// settle and summed in closed form (race.go).
	progress(rep, StageWinChances)
	for players := 2; players <= 4; players++ {
		wins, err := a.WinChances(ctx, players)
		if err != nil {
			rep.WinChances = nil
			if !skip(StageWinChances, err) {
				return nil, err
			}
			break
		}
		c := Chances{Players: players}
		for _, p := range wins {
			c.Chances = append(c.Chances, Rounded(p))
		}
		rep.WinChances = append(rep.WinChances, c)
	}

	// The spread, the visits and the jumps come from one solve, bounded on
	// its own (MaxWork), whatever the length of the game.
	progress(rep, StageInsights)
	if err := rep.insights(ctx, a); err != nil && !skip(StageInsights, err) {
		return nil, err
	}
	if rep.skipped(StageInsights) {
		return rep, nil
	}
	// The jumps past the structured solve cost more than the other
	// insights: they are left out alone when they do not end in time.
	stats, err := a.Jumps(ctx)
	if err != nil {
		if !skip(FigureJumps, err) {
			return nil, err
		}
		return rep, nil
	}
	sort.SliceStable(stats, func(i, j int) bool { return stats[i].Effect > stats[j].Effect })
	for _, js := range stats {
		rep.Jumps = append(rep.Jumps, JumpReport{From: js.From, To: js.To, Taken: Rounded(js.Taken), Chance: Rounded(js.Chance), Effect: Rounded(js.Effect)})
	}
	return rep, nil
}

// reportQuantiles are the quantiles of a report's median stage: the median
// and the percentiles.
var reportQuantiles = []float64{0.1, 0.5, 0.9, 0.99}

// quantiles fills in the median, the mode and the percentiles, following
// a's walks from the start.
func (rep *Report) quantiles(ctx context.Context, a *Analysis) error {
	w, err := a.startWalk(ctx)
	if err != nil {
		return err
	}
	turns, err := w.Quantiles(reportQuantiles)
	if err != nil {
		return err
	}
	mode, err := a.ModeTurns(ctx)
	if err != nil {
		return err
	}
	rep.MedianTurns, rep.ModeTurns = &turns[1], &mode
	for i, q := range reportQuantiles {
		if q != 0.5 {
			rep.Percentiles = append(rep.Percentiles, Percentile{Q: q, Turns: turns[i]})
		}
	}
	return nil
}

// insights fills in the spread and the visits.
func (rep *Report) insights(ctx context.Context, a *Analysis) error {
	v, err := a.Variance(ctx)
	if err != nil {
		return err
	}
	visits, err := a.Visits(ctx)
	if err != nil {
		return err
	}
	rep.StdDev = ptr(Rounded(math.Sqrt(v)))
	rep.Visits = make([]Rounded, len(visits))
	order := make([]int, 0, len(visits))
	for s, x := range visits {
		rep.Visits[s] = Rounded(x)
		if s > 0 && x > 0 {
			order = append(order, s)
		}
	}
	sort.SliceStable(order, func(i, j int) bool { return visits[order[i]] > visits[order[j]] })
	for _, s := range order[:min(5, len(order))] {
		rep.MostVisited = append(rep.MostVisited, Visited{Square: s, Turns: Rounded(visits[s])})
	}
	return nil
}

// maxReportTurns is the longest distribution a report shows.
const maxReportTurns = 1000

// reportCover is the chance of having finished by which distribution
// stops.
const reportCover = 0.999

// distribution fills in the length distribution and the chances to finish
// within reportTurns, walking with w up to the turn by which 99.9% of games
// are over, or maxReportTurns.
func (rep *Report) distribution(w *walk.Walk) error {
	cum := 0.0
	var dist []Rounded
	var within []Within
	for t := 0; t <= maxReportTurns; t++ {
		p := w.Finished
		if t > 0 {
			p = w.Turn()
			if err := w.Budget(); err != nil {
				return err
			}
		}
		dist = append(dist, Rounded(p))
		cum += p
		for _, h := range reportTurns {
			if t == h {
				within = append(within, Within{Turns: h, Probability: Rounded(cum)})
			}
		}
		if cum >= reportCover && t >= reportTurns[len(reportTurns)-1] {
			break
		}
	}
	rep.Distribution, rep.FinishWithin = dist, within
	return nil
}

// MarshalJSON encodes the report with its board in the compact
// {"size": n, "jumps": {"from": to, ...}} form that [ParseBoard] reads back.
func (rep *Report) MarshalJSON() ([]byte, error) {
	type plain Report // without this method
	return json.Marshal(struct {
		Board jumpsForm `json:"board"`
		*plain
	}{compact(rep.Board), (*plain)(rep)})
}

// JSON returns rep as indented JSON ending in a newline: of a size
// proportional to the path, the distribution and the jumps.
func (rep *Report) JSON() ([]byte, error) {
	out, err := json.MarshalIndent(rep, "", "  ")
	return append(out, '\n'), err
}

// skipped reports whether the figures of stage were left out.
func (rep *Report) skipped(stage string) bool {
	for _, s := range rep.Skipped {
		if s.Figure == stage {
			return true
		}
	}
	return false
}

// ptr is a pointer to a copy of v: a figure of a report that was computed.
func ptr[T any](v T) *T { return &v }
