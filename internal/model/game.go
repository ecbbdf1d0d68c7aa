package model

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/snakesladders/snakes/internal/budget"
	"github.com/snakesladders/snakes/internal/errs"
	"github.com/snakesladders/snakes/internal/grid"
)

// This file is the game: a board under a rule set, compiled once, the one
// place that knows how a throw moves a token (step, land, overshoot), and
// the bounds and thresholds one call works within.

// A Game is a board under a rule set. It is the one place that knows how a
// throw moves a token: step, land and overshoot; turn.go builds turns of
// throws from them. Hot loops call land for the throws that stay on the
// board and overshoot for the rest, and the word-wise search applies land's
// rule to 64 squares at once through starts.
type Game struct {
	Jumps  []int32  // landing square → where the throw ends; -1 when it ends there
	Starts []uint64 // bitset of the squares where jumps is not -1
	// Last is the chain's end, where the game is won: the last square, n²,
	// unless the game waits on squares (Waits), whose states follow Top.
	Last int32
	// Top is the board's last square, n². A throw that ends there leaves
	// the token on Last.
	Top int32
	// Eff is the board's squares' effects (grid.Again, grid.Miss), shared
	// with the board and never changed; nil on a board without any. A map,
	// since a board of 2³¹ squares may have a few.
	Eff map[int32]grid.Effect
	// Waits are the squares that cost a turn, in increasing order, when the
	// game follows a token waiting on one as a state of its own (Playable),
	// and under Bump the start, where a token sent back waits on: the state
	// Top+1+k is a token on Waits[k] whose next turn is passed over. Index
	// Top is then no state, and Last is Top+1+len(Waits).
	Waits []int32
	Faces int32 // the largest total a throw can show: the die's faces, for one die
	Over  Overshoot
	Start int32 // 0 or 1

	Dice    Dice  // what a throw can show, with what chance
	Enter   int32 // the total that brings a token onto the board, or 0
	Again   int32 // the total that throws again, or 0
	Limit   int32 // the run of again throws that voids a turn, or 0
	ToStart bool  // a voided turn sends the token to the start rather than back
	// Rest is the weight of the totals other than Again: of the throws
	// that end a turn, summed rather than subtracted from dice.den.
	Rest float64

	// Simple is set when a turn is one throw of one fair die: every total
	// 1..faces once in faces. The fast paths serve those games.
	Simple bool
	// Wordwise is set when the totals are every one of 1..faces and every
	// throw can be chosen freely, as the bitset search needs.
	Wordwise bool

	// Board is set when the rules allow searching back from the last square
	// as well: one jump per roll, overshoots stay, a die under 64 faces.
	Board *grid.Squares

	Bump   bool // Rules.Bump: only a joint chain of several tokens reads it
	PlayOn bool // Rules.PlayOn: only a Position of several tokens reads it

	Lim   *Limits        // the call's bounds and thresholds, never nil
	Meter *budget.Meter  // the work of the call's solves, when it makes several; else nil
	Mem   *budget.Memory // the memory of the call's tables (Take): the Rules', or made by the first Take
}

// Land returns where a turn ends when a roll puts the token on square t.
func (g *Game) Land(t int32) int32 {
	if d := g.Jumps[t]; d >= 0 {
		return d
	}
	return t
}

// Step returns where a roll of roll puts a token standing on from, before
// (landed) and after (to) any jump. Under Stay an overshooting roll leaves
// both equal to from.
func (g *Game) Step(from, roll int32) (landed, to int32) {
	if t := from + roll; t <= g.Top {
		return t, g.Land(t)
	}
	return g.Beyond(from, roll)
}

// Beyond is step for a roll past the last square.
func (g *Game) Beyond(from, roll int32) (landed, to int32) {
	switch g.Over {
	case Finish:
		return g.Top, g.Last
	case Bounce:
		t := g.bounce(from + roll)
		return t, g.Land(t)
	}
	return from, from
}

// bounce folds a position past the last square back onto the board, as a
// ball between square 1 and the last square would travel.
func (g *Game) bounce(t int32) int32 {
	if g.Top == 1 {
		return 1
	}
	period := 2 * (int64(g.Top) - 1)
	k := (int64(t) - 1) % period
	if k >= int64(g.Top) {
		k = period - k
	}
	return int32(k + 1)
}

// EveryTotal reports whether g's dice can show every total lo..hi.
func (g *Game) EveryTotal() bool {
	for _, n := range g.Dice.N {
		if n <= 0 {
			return false
		}
	}
	return true
}

// Compile validates r and compiles the board of squares sq under it, with
// r's bounds. A nil sq yields a game with no squares, on which no search
// reaches the end.
func Compile(r Rules, sq *grid.Squares) (Game, error) {
	t, err := NewDice(r)
	if err != nil {
		return Game{}, err
	}
	g := Game{Faces: t.Hi, Over: r.Overshoot, Start: 1, Dice: t, Lim: r.Lim, Meter: r.Meter, Mem: r.Mem,
		Enter: int32(r.Enter), Again: int32(r.Again), Limit: int32(r.AgainLimit), ToStart: r.OnLimit == BackToStart, Bump: r.Bump, PlayOn: r.PlayOn}
	if g.Lim == nil {
		g.Lim = &DefaultLimits
	}
	g.Rest = t.Den
	if g.Again != 0 {
		g.Rest = 0
		for s := t.Lo; s <= t.Hi; s++ {
			if s != g.Again {
				g.Rest += t.Weight(s)
			}
		}
	}
	g.Simple = t.N == nil && r.Enter == 0 && r.Again == 0
	g.Wordwise = t.Lo == 1 && r.Enter == 0 && r.AgainLimit == 0 && g.EveryTotal()
	if r.StartOffBoard || r.Enter > 0 {
		g.Start = 0
	}
	if sq == nil || sq.N == 0 {
		g.Last, g.Top = -1, -1
		return g, nil
	}
	g.Last = int32(sq.N * sq.N)
	g.Top = g.Last
	g.Jumps, g.Starts = sq.Flat, sq.Starts
	if r.Chain {
		g.Jumps = sq.Chained()
	} else if g.Over == Stay && g.Faces < 64 && g.Wordwise {
		g.Board = sq
	}
	if len(sq.Effects) > 0 {
		g.Simple = false
		g.Eff = sq.Effects
		if err := g.checkEffects(sq); err != nil {
			return Game{}, err
		}
	}
	return g, nil
}

// OnSquares is Compile plus the check that there is a board to play on:
// an error wrapping errs.ErrInvalidBoard when sq has no squares. Its
// tokens stand on squares: one waiting on a square that costs a turn is
// for its caller to follow (see Playable).
func OnSquares(r Rules, sq *grid.Squares) (Game, error) {
	g, err := Compile(r, sq)
	if err == nil && g.Last < 1 {
		err = errs.Errorf(errs.ErrInvalidBoard, "the board has no squares")
	}
	return g, err
}

// Playable is OnSquares for the chain every random-play figure reads: a
// token waiting on a square that costs a turn is a state of its own
// (Waits).
func Playable(r Rules, sq *grid.Squares) (Game, error) {
	g, err := OnSquares(r, sq)
	if err != nil || g.Eff == nil {
		return g, err
	}
	for s, e := range g.Eff {
		if e == grid.Miss {
			g.Waits = append(g.Waits, s)
		}
	}
	if len(g.Waits) == 0 {
		return g, nil
	}
	slices.Sort(g.Waits)
	// Under Bump a token sent back keeps the turn it waits out.
	if g.Bump && g.Eff[g.Start] != grid.Miss {
		g.Waits = append([]int32{g.Start}, g.Waits...)
	}
	g.Last = g.Top + 1 + int32(len(g.Waits))
	// A throw onto the last square leaves the token on the chain's end.
	if bytes := 4 * (float64(g.Top) + 1); !g.Take(bytes) {
		return Game{}, g.TooBig(bytes, "the jumps of %d squares with squares that cost a turn", g.Top)
	}
	jumps := make([]int32, g.Top+1)
	for t, d := range g.Jumps {
		if d == g.Top {
			d = g.Last
		}
		jumps[t] = d
	}
	jumps[g.Top] = g.Last
	g.Jumps = jumps
	return g, nil
}

// OnBoard returns what values holds for each state as a slice for each
// square, 0..Top: the end's value at Top, and a waiting token's added to
// its square's when add is set (a passed-over turn is a visit to the
// square it waits on), else left out. values itself where the game has
// no Waits.
func (g *Game) OnBoard(values []float64, add bool) []float64 {
	if g.Last == g.Top {
		return values
	}
	out := make([]float64, g.Top+1)
	copy(out, values[:g.Top])
	out[g.Top] = values[g.Last]
	if add {
		for k, m := range g.Waits {
			out[m] += values[g.Top+1+int32(k)]
		}
	}
	return out
}

// StateOf is the state of a token on square s, waiting out a turn on it
// when waiting is set (and the game follows waiting tokens).
func (g *Game) StateOf(s int32, waiting bool) int32 {
	switch {
	case s == g.Top:
		return g.Last
	case waiting && g.Waits != nil:
		return g.waitOn(s)
	}
	return s
}

// Square is the square of chain state v: v itself, or for a token waiting
// on a square that costs a turn, that square.
func (g *Game) Square(v int32) int32 {
	switch {
	case v == g.Last:
		return g.Top
	case v > g.Top:
		return g.Waits[v-g.Top-1]
	}
	return v
}

// What follows holds the bounds and thresholds one call works within, and
// the errors that name them.

// Limits are the bounds and thresholds one call works within: the
// package's (DefaultLimits), or, in tests, those of the Rules value the
// call is made on (the root's Rules.lim), so that a test reaches a bound cheaply or
// sends a board to one solver without touching what other calls see.
type Limits struct {
	Work  float64 // steps of random play: MaxWork
	Bytes float64 // memory of one table or solve: MaxBytes, or less (Rules.WithMaxBytes)
	Play  int     // the most moves Play records (40 bytes each: 160 MiB)
	// JumpsWork bounds the multiply-adds of Jumps past the structured
	// solve, 8 a step of work (2³⁴ by default): they run in tight loops
	// over rows on every core, about 0.3 ns each on two cores here.
	JumpsWork  float64
	DenseUpTo  int     // unknowns of the structured elimination (choose.go)
	DenseBytes int     // and memory for its rows, unless it has at most 4
	BandUpTo   float64 // steps of the banded elimination (choose.go)

	// ParallelFrom is the work (multiply-adds, about) past which a sweep
	// of the rows, a step of the elimination or Jumps' batches are shared
	// among the cores: below it, starting goroutines costs more than it
	// saves.
	ParallelFrom float64

	// BothWaysFrom is the fewest squares on which the searches go both
	// ways, from the start and back from the last square: 4096.
	BothWaysFrom int32

	// IntervalsFrom is the fewest totals a throw can show past which
	// the searches go by intervals of squares (choose.go): 24.
	IntervalsFrom int32
}

// DefaultLimits are every call's limits, never changed.
var DefaultLimits = Limits{
	Work:          MaxWork,
	Bytes:         MaxBytes,
	Play:          1 << 22,
	JumpsWork:     JumpsPerStep * MaxWork,
	DenseUpTo:     256,
	DenseBytes:    32 << 20,
	BandUpTo:      MaxWork,
	ParallelFrom:  1 << 24,
	BothWaysFrom:  1 << 12,
	IntervalsFrom: 24,
}

// JumpsPerStep is how many of Jumps' multiply-adds make a step of work:
// a step of a walk or a sweep costs about as much as 8 of them.
const JumpsPerStep = 8

// CheckRolls refuses a game whose every turn from every square, which
// every random-play figure takes, would be over the work bound.
func (g *Game) CheckRolls() error {
	if steps := g.CompileWork(); steps > g.Lim.Work {
		return g.TooLong(steps, "taking every turn (throws of totals up to %d) from %d squares", g.Faces, g.Top)
	}
	return nil
}

// Take counts bytes, a table about to be made, against the call's memory
// bound: the tables the call holds together, not each on its own. Past
// the bound it counts nothing and returns false, for the caller to return
// TooBig's error (made only then: its words would cost every call an
// allocation). A solve that drops its tables when it returns gives them
// back with g.Mem.Back.
func (g *Game) Take(bytes float64) bool {
	if g.Mem == nil {
		g.Mem = budget.NewMemory(g.Lim.Bytes)
	}
	_, ok := g.Mem.Take(bytes)
	return ok
}

// TooBig returns the errs.ErrTooLarge error for a table of bytes that
// Take refused, which format and args describe ("the length distribution
// to turn %d").
func (g *Game) TooBig(bytes float64, format string, args ...any) error {
	name := " (MaxBytes)"
	if g.Lim.Bytes < MaxBytes {
		name = ""
	}
	what := fmt.Sprintf(format, args...)
	if held := g.Mem.Held(); held < bytes/100 { // the rest of the call's tables are nothing beside it
		return errs.Errorf(errs.ErrTooLarge, "%s needs %s of memory, over the bound of %s%s", what, size(bytes), size(g.Lim.Bytes), name)
	}
	return errs.Errorf(errs.ErrTooLarge, "%s needs %s of memory, %s with the call's other tables, over the bound of %s%s", what, size(bytes), size(g.Mem.Held()+bytes), size(g.Lim.Bytes), name)
}

// Spend charges steps, the work of what, to g's meter: an error wrapping
// errs.ErrTooLarge once the call's solves together pass its bound.
func (g *Game) Spend(steps float64, what string) error {
	return g.Meter.Charge(steps, what)
}

// TooLong is TooBig for a request of steps, over g's work bound.
func (g *Game) TooLong(steps float64, format string, args ...any) error {
	return errs.Errorf(errs.ErrTooLarge, "%s takes about %.3g steps, over the bound of %.3g%s", fmt.Sprintf(format, args...), steps, g.Lim.Work, g.WorkName())
}

// WorkName names g's work bound in a message: " (MaxWork)" where it is
// the package's.
func (g *Game) WorkName() string {
	if g.Lim.Work == MaxWork {
		return " (MaxWork)"
	}
	return ""
}

// size writes a byte count in the largest binary unit that keeps it above 1.
func size(bytes float64) string {
	units := []string{"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"}
	i := 0
	for bytes >= 1024 && i < len(units)-1 {
		bytes /= 1024
		i++
	}
	return strconv.FormatFloat(bytes, 'g', 3, 64) + " " + units[i]
}
