package snakes

import (
	"fmt"

	"github.com/snakesladders/snakes/internal/model"
)

// This file is Rules and how they reach the model (the rules as it reads
// them, the game they compile to), and the bounds on every call (MaxBytes,
// MaxWork) with the limits each call reads them from.

// Rules say how a throw moves a token and what makes a turn. The zero
// Rules are LeetCode 909's: one six-sided die, the token starts on square
// 1, a throw that would pass the last square is not taken (the token
// stays; for random play the turn is used), at most one jump is followed
// per throw, and a turn is one throw.
//
// Searches ([Rules.MinRolls], [Rules.ShortestPath], [Rules.Distances]) let
// the player choose each throw's total among those the dice can show, and
// count throws; the random-play methods throw the dice at random and count
// turns. A turn is one throw, or under Again a run of throws; the game
// ends the moment a throw brings the token to the last square, mid-turn
// or not. Rules holds a slice (Weights), so it is not comparable with ==.
type Rules struct {
	// Faces is the number of faces of the die, which shows 1..Faces; 0 means
	// 6. At most 65536.
	Faces int `json:"faces"`

	// StartOffBoard puts tokens on square 0, off the board: the first roll
	// lands on 1..Faces, and a jump starting on square 1 is followed.
	StartOffBoard bool `json:"startOffBoard"`

	// Overshoot says what a roll past the last square does.
	Overshoot Overshoot `json:"overshoot"`

	// Chain keeps following jumps from a jump's destination until a square
	// with no jump. When the next jump would return to a square already
	// passed during this roll the token stops where it is, so a chain always
	// ends and a jump to its own square has no effect.
	Chain bool `json:"chain"`

	// Dice is how many dice are thrown at once; the token moves by their
	// total. 0 means 1. A throw is one throw of all of them.
	Dice int `json:"dice"`

	// Weights, when not empty, make a loaded die or an unequal spinner:
	// face k (1-based) comes up with chance Weights[k-1]/Σ Weights. A zero
	// weight is a face that never shows. It replaces the fair die of Faces
	// faces (Faces must then be 0 or len(Weights)); Dice copies of it are
	// thrown.
	Weights []int `json:"weights"`

	// Enter, when above 0, keeps tokens off the board (on square 0,
	// whatever StartOffBoard says) until a throw totals Enter, which moves
	// them Enter squares as any throw from square 0 would. Any other total
	// leaves the token off the board.
	Enter int `json:"enter"`

	// Again, when above 0, gives the player another throw in the same turn
	// after a throw totalling Again, once its move (and jump) is made, or
	// not made under Stay. The game ends the moment a throw reaches the last
	// square, mid-turn or not.
	Again int `json:"again"`

	// AgainLimit, when above 0, ends the turn at the AgainLimit-th throw of
	// Again in a row: that throw is not moved, and the token goes back as
	// OnLimit says. It needs Again.
	AgainLimit int `json:"againLimit"`

	// OnLimit is where the token goes when AgainLimit ends a turn.
	OnLimit Penalty `json:"onLimit"`

	// Bump sends other players' tokens back to the start when a throw
	// that is moved leaves a token, after its jump, on a square other
	// than 0 where they stand (a token sent back by AgainLimit bumps no
	// one). It changes only the games of several players: [Game],
	// [Rules.WinChances], [Rules.WinChancesFrom], [Rules.GameLength],
	// [Rules.Places] and [Strategy.WinChances], which then solve the joint
	// chain of every token, and [Rules.BestRace].
	Bump bool `json:"bump"`
	// PlayOn plays a [Game] on after the first token reaches the last
	// square, until one player is left: a finished token stays on the
	// last square, out of play (it is never bumped and bumps no one), and
	// its player's turns are passed over without being counted.
	// [Game.Standings] is then the order in which they finished. It
	// changes nothing else: the winner is the first to finish, and
	// [Rules.WinChances] and [Rules.GameLength] measure the game to the
	// first finish whatever it says; [Rules.Places] is every place's
	// chance.
	PlayOn bool `json:"playOn"`

	lim *model.Limits // nil: defaultLimits; tests set others (rules.go)
}

// Penalty is where a token goes when a run of throws of Rules.Again reaches
// Rules.AgainLimit. The zero value is VoidTurn.
type Penalty int

const (
	// VoidTurn puts the token back on the square where the turn began.
	VoidTurn Penalty = iota
	// BackToStart puts the token back on the start: square 0 off the
	// board, or square 1.
	BackToStart
)

// String returns the constant's name, or Penalty(k) for an unknown value.
func (p Penalty) String() string {
	switch p {
	case VoidTurn:
		return "VoidTurn"
	case BackToStart:
		return "BackToStart"
	}
	return fmt.Sprintf("Penalty(%d)", int(p))
}

// Overshoot is what a roll that would carry the token past the last square
// does. The zero value is Stay.
type Overshoot int

const (
	// Stay leaves the token where it is; the turn is used.
	Stay Overshoot = iota
	// Bounce moves the token to the last square and back by the excess (and,
	// should a die bigger than the board call for it, forward again from
	// square 1); a jump where it stops is followed.
	Bounce
	// Finish ends the game: the token stops on the last square.
	Finish
)

// String returns the constant's name, or Overshoot(k) for an unknown value.
func (o Overshoot) String() string {
	switch o {
	case Stay:
		return "Stay"
	case Bounce:
		return "Bounce"
	case Finish:
		return "Finish"
	}
	return fmt.Sprintf("Overshoot(%d)", int(o))
}

// Validate reports whether r is usable, and if not, which field is wrong
// and why, in an error wrapping [ErrInvalidRules]: Faces outside 0..65536,
// an undeclared Overshoot or OnLimit, a negative Dice, AgainLimit, Enter or
// Again, a negative weight, weights that are all zero, Faces other than 0
// or len(Weights) beside Weights, an Enter or Again total the dice can
// never show, AgainLimit without Again or over 64, Again as the only total
// the dice can show with no AgainLimit (a turn would never end), or dice
// whose largest total is over 65536 or whose chances take over 2²⁴ steps
// to add up. It allocates nothing for one fair die; for several dice or
// loaded ones it works out the chance of each total, 16 bytes a total.
func (r Rules) Validate() error {
	_, err := model.NewDice(r.spec())
	return err
}

// game validates r and compiles b under it. A nil or zero board yields a
// game with no squares, on which no search reaches the end.
func (r Rules) game(b *Board) (model.Game, error) {
	return model.Compile(r.spec(), b.squares())
}

// spec returns r as the model reads it.
func (r Rules) spec() model.Rules {
	return model.Rules{Faces: r.Faces, StartOffBoard: r.StartOffBoard, Overshoot: model.Overshoot(r.Overshoot), Chain: r.Chain,
		Dice: r.Dice, Weights: r.Weights, Enter: r.Enter, Again: r.Again, AgainLimit: r.AgainLimit, OnLimit: model.Penalty(r.OnLimit), Bump: r.Bump, PlayOn: r.PlayOn, Lim: r.lim}
}

// playable is game plus the check that there is a board to play on.
func (r Rules) playable(b *Board) (model.Game, error) {
	return model.Playable(r.spec(), b.squares())
}

// What follows holds the bounds on every call (MaxBytes, MaxWork) and the
// limits each call reads them from.

// The bounds on what one call may take. A request beyond them gets an error
// wrapping [ErrTooLarge] instead of an answer, before the memory is
// allocated, so that no argument can take the process down: the Go runtime
// cannot recover from running out of memory.
const (
	// MaxBytes bounds the memory of the tables one call holds at once,
	// 2 GiB, so that a server answering a few calls at once on a machine
	// of a few gigabytes stays up. Each large table (a square's worth of
	// numbers or more) is counted just before it is made, when its size is
	// known, into a running total that a solve's dropped tables leave when
	// it returns; what the process holds at its peak is up to about a
	// fifth more (the runtime's own, small tables, and what the collector
	// has yet to reclaim).
	MaxBytes = 2 << 30

	// MaxWork bounds the elementary steps (a turn's end followed or a
	// square visited) that one call on random play may take. Each engine
	// prices its work in steps of 1 to 4 ns on this package's two-core
	// test machine (a turn's end far from its square, a cache miss on a
	// large board, counts 13), so that a call reaches the bound within
	// about 2 to 9 s (BenchmarkBounds in the bench module). Taking every
	// turn from every square, which every random-play figure does first,
	// counts 16 steps a throw (it costs 10 to 50 ns), and is refused
	// before it starts when that alone passes the bound. Jumps past the
	// structured solve counts its multiply-adds, 8 to a step (about 0.3 ns
	// each on two cores). [Rules.WithMaxWork] sets another bound.
	MaxWork = 1 << 31
)

// WithMaxBytes returns r whose calls refuse, with an error wrapping
// [ErrTooLarge] that says how much they need, what needs over bytes of
// memory: a server answering untrusted requests bounds each below
// [MaxBytes] this way. The bound applies to the tables a call holds
// together, each counted just before it is made; an [Analysis], and a
// report, count each figure's tables while it is computed, those it keeps
// for later figures included, and do not count again what an earlier
// figure left them. A bound of 0 or less, or over MaxBytes, is MaxBytes.
// The bound is not part of the rules' JSON.
func (r Rules) WithMaxBytes(bytes int64) Rules {
	l := r.limitsCopy()
	l.Bytes = MaxBytes
	if bytes > 0 && bytes < MaxBytes {
		l.Bytes = float64(bytes)
	}
	r.lim = l
	return r
}

// WithMaxWork returns r whose calls refuse, with an error wrapping
// [ErrTooLarge] that says how much they would take, what takes over steps
// of work: the compiled turns, a walk's turns, a solve's sweeps, counted
// as for [MaxWork], and Jumps' multiply-adds at 8 a step. Unlike
// [Rules.WithMaxBytes] it may raise the bound past MaxWork, for a caller
// who would rather wait: Jumps on a board of 10⁶ squares and 10⁴ jumps
// needs about 1<<37 (a minute and a half here). A bound of 0 or less is
// MaxWork. The bound is not part of the rules' JSON.
func (r Rules) WithMaxWork(steps int64) Rules {
	l := r.limitsCopy()
	l.Work = MaxWork
	if steps > 0 {
		l.Work = float64(steps)
	}
	l.BandUpTo, l.JumpsWork = l.Work, model.JumpsPerStep*l.Work
	r.lim = l
	return r
}

// limitsCopy returns a copy of r's limits for a With method to change:
// the Rules value it came from keeps its own.
func (r Rules) limitsCopy() *model.Limits {
	l := model.DefaultLimits
	if r.lim != nil {
		l = *r.lim
	}
	return &l
}
