package snakes

import (
	"fmt"

	"github.com/snakesladders/snakes/internal/errs"
	"github.com/snakesladders/snakes/internal/grid"
)

// This file is Rules and the game it compiles to: how a throw moves a token
// (step, land, overshoot, chained jumps).

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
	// [Rules.WinChances], [Rules.WinChancesFrom] and [Rules.GameLength],
	// which then solve the joint chain of every token (bump.go).
	Bump bool `json:"bump"`

	lim *limits // nil: defaultLimits; tests set others (limits.go)
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

// maxFaces bounds Rules.Faces, and the largest total of a throw, so that
// per-square move tables stay small.
const maxFaces = 1 << 16

// maxAgainLimit bounds Rules.AgainLimit: the searches keep one state for
// each square and each length of a run of Again throws.
const maxAgainLimit = 64

// maxDiceWork bounds the work of adding up Dice dice into the chances of
// each total, about Dice² · faces² / 2 steps for a loaded die.
const maxDiceWork = 1 << 24

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
	_, err := r.throws()
	return err
}

// A game is a board under a rule set. It is the one place that knows how a
// throw moves a token: step, land and overshoot; turn.go builds turns of
// throws from them. Hot loops call land for the throws that stay on the
// board and overshoot for the rest, and the word-wise search applies land's
// rule to 64 squares at once through starts.
type game struct {
	jumps  []int32  // landing square → where the throw ends; -1 when it ends there
	starts []uint64 // bitset of the squares where jumps is not -1
	last   int32    // the last square, n²
	faces  int32    // the largest total a throw can show: the die's faces, for one die
	over   Overshoot
	start  int32 // 0 or 1

	dice    throws // what a throw can show, with what chance
	enter   int32  // the total that brings a token onto the board, or 0
	again   int32  // the total that throws again, or 0
	limit   int32  // the run of again throws that voids a turn, or 0
	toStart bool   // a voided turn sends the token to the start rather than back
	// rest is the weight of the totals other than Again: of the throws
	// that end a turn, summed rather than subtracted from dice.den.
	rest float64

	// simple is set when a turn is one throw of one fair die: every total
	// 1..faces once in faces. The fast paths serve those games.
	simple bool
	// wordwise is set when the totals are every one of 1..faces and every
	// throw can be chosen freely, as the bitset search needs.
	wordwise bool

	// board is set when the rules allow searching back from the last square
	// as well: one jump per roll, overshoots stay, a die under 64 faces.
	board *grid.Squares

	bump bool // Rules.Bump: only a joint chain of several tokens reads it

	lim *limits // the call's bounds and thresholds, never nil
}

// game validates r and prepares b for it. A nil or zero board yields a game
// with no squares, on which no search reaches the end.
func (r Rules) game(b *Board) (game, error) {
	t, err := r.throws()
	if err != nil {
		return game{}, err
	}
	g := game{faces: t.hi, over: r.Overshoot, start: 1, dice: t, lim: r.lim,
		enter: int32(r.Enter), again: int32(r.Again), limit: int32(r.AgainLimit), toStart: r.OnLimit == BackToStart, bump: r.Bump}
	if g.lim == nil {
		g.lim = &defaultLimits
	}
	g.rest = t.den
	if g.again != 0 {
		g.rest = 0
		for s := t.lo; s <= t.hi; s++ {
			if s != g.again {
				g.rest += t.weight(s)
			}
		}
	}
	g.simple = t.n == nil && r.Enter == 0 && r.Again == 0
	g.wordwise = t.lo == 1 && r.Enter == 0 && r.AgainLimit == 0 && g.everyTotal()
	if r.StartOffBoard || r.Enter > 0 {
		g.start = 0
	}
	if b.Squares() == 0 {
		g.last = -1
		return g, nil
	}
	g.last = int32(b.Squares())
	sq := b.sq
	g.jumps, g.starts = sq.Flat, sq.Starts
	if r.Chain {
		g.jumps = sq.Chained()
	} else if g.over == Stay && g.faces < 64 && g.wordwise {
		g.board = sq
	}
	return g, nil
}

// playable is game plus the check that there is a board to play on.
func (r Rules) playable(b *Board) (game, error) {
	g, err := r.game(b)
	if err == nil && g.last < 1 {
		err = errs.Errorf(ErrInvalidBoard, "the board has no squares")
	}
	return g, err
}

// land returns where a turn ends when a roll puts the token on square t.
func (g *game) land(t int32) int32 {
	if d := g.jumps[t]; d >= 0 {
		return d
	}
	return t
}

// step returns where a roll of roll puts a token standing on from, before
// (landed) and after (to) any jump. Under Stay an overshooting roll leaves
// both equal to from.
func (g *game) step(from, roll int32) (landed, to int32) {
	if t := from + roll; t <= g.last {
		return t, g.land(t)
	}
	return g.overshoot(from, roll)
}

// overshoot is step for a roll past the last square.
func (g *game) overshoot(from, roll int32) (landed, to int32) {
	switch g.over {
	case Finish:
		return g.last, g.last
	case Bounce:
		t := g.bounce(from + roll)
		return t, g.land(t)
	}
	return from, from
}

// bounce folds a position past the last square back onto the board, as a
// ball between square 1 and the last square would travel.
func (g *game) bounce(t int32) int32 {
	if g.last == 1 {
		return 1
	}
	period := 2 * (int64(g.last) - 1)
	k := (int64(t) - 1) % period
	if k >= int64(g.last) {
		k = period - k
	}
	return int32(k + 1)
}
