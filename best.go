// This file holds best play: the choices the rules may give a player, the
// strategy that makes the most of them, and the race of players who all
// follow it.

package snakes

import (
	"context"
	"slices"

	"github.com/snakesladders/snakes/internal/best"
)

// A Choice is what the rules let a player choose, on top of [Rules]. The
// zero Choice gives none: the best play is then random play.
//
// A die is chosen at the start of each turn, before the throw; a jump is
// accepted or declined after the throw lands on its start (under Chain,
// each jump of a chain is a choice of its own). A jump to its own square
// is neither a ladder nor a snake, and no choice.
//
// Its JSON names the fields declineLadders, declineSnakes and faces.
type Choice struct {
	DeclineLadders bool  `json:"declineLadders"` // on a ladder's foot the player may stay instead of climbing
	DeclineSnakes  bool  `json:"declineSnakes"`  // on a snake's head the player may stay instead of sliding
	Faces          []int `json:"faces"`          // the dice (of that many fair faces) a player picks from each turn; empty: the rules' die
}

// BestPlay returns the strategy of least expected turns for one player on
// b under r with the choices c: optimal from every square, stationary
// (each choice depends on the square alone) and exact to ExpectedTurns'
// bound. Its values satisfy their own equations (one turn plus the mean
// over the chosen die's throws of what follows, each landing on a jump's
// start taking the better of its choices), and no other choice at any
// square does better than the one made by more than 1e-12 relative.
//
// It is found by policy iteration: from taking every jump with the rules'
// die (the largest of c.Faces where that die is not among them), or, where
// that may never finish, from a strategy that surely does (the squares
// from which some choice of dice and jumps keeps every throw among squares
// that can still finish), each step solves the strategy held with the
// solve [Rules.ExpectedFrom] uses and changes every choice that does
// better under its values; ties keep the choice held, so the strategy is
// deterministic. Each step takes the time of one ExpectedFrom on the
// board (a step after the first compiles again only the squares whose
// throws changed), and a few steps answer on most boards (go test -bench
// BestPlay). It allocates about 70 bytes a square besides the solve's
// tables, which are ExpectedFrom's: each square's throws merged by where
// they end, so that it answers where [Rules.ExpectedFrom] does (dice of
// hundreds of faces on large boards may pass MaxBytes where
// ExpectedTurns, which reads a fair die's throws off the board, does
// not). Its steps' work is counted against [MaxWork] and their tables
// against [MaxBytes] as they run, and the context is looked at about
// every 2¹⁸ throws, however wide the dice; it stops with ctx's error once
// ctx is done.
//
// Bump plays no part, as in every one-token figure. Squares that cost a
// turn are held, and those that give another throw when no die is chosen.
// A choice is refused with an error wrapping [ErrInvalidRules] that names
// the rule beside it where the model does not hold the pair: Again,
// AgainLimit, Enter, Dice above 1, Weights with Faces, a square that gives
// another throw with Faces, and under Chain a jump that may be declined on
// a loop of jumps; so is a die in c.Faces of fewer than 1 or more than
// 65536 faces, or one listed twice. The rules apply to the zero Choice
// too, whose best play is r's random play ([Rules.ExpectedTurns]). A board
// every figure refuses is refused here too, even where a choice would
// mend it: squares that give another throw that catch every throw of a
// turn with every jump taken ([ErrInvalidRules], naming the square).
//
// A start from which no strategy surely finishes is [ErrNeverFinishes]; a
// board on which some choices never finish but others do is answered with
// the best strategy that finishes. Errors also wrap [ErrInvalidBoard] for
// a nil or empty board and [ErrTooLarge] past the bounds.
func (r Rules) BestPlay(ctx context.Context, b *Board, c Choice) (*Strategy, error) {
	choice := best.Choice{Ladders: c.DeclineLadders, Snakes: c.DeclineSnakes, Faces: slices.Clone(c.Faces)}
	plan, err := best.Solve(ctx, r.spec(), b.squares(), choice)
	if err != nil {
		return nil, err
	}
	return &Strategy{r: r, b: b, plan: plan, choice: choice}, nil
}

// A Strategy is a player's best play on one board under one set of rules
// and choices, from [Rules.BestPlay].
type Strategy struct {
	r      Rules
	b      *Board
	plan   *best.Plan
	choice best.Choice
}

// ExpectedTurns returns the least expected number of turns from the start.
func (s *Strategy) ExpectedTurns() float64 { return s.plan.From[s.plan.Start] }

// ExpectedFrom returns, for every square (indexed by label, 0 off the
// board), the least expected number of turns from a turn begun there, as
// [Rules.ExpectedFrom] counts them: 0 on the last square, +Inf where no
// strategy surely finishes. The slice is a new one.
func (s *Strategy) ExpectedFrom() []float64 { return slices.Clone(s.plan.From) }

// Die returns the faces of the die the strategy throws on square (0 off
// the board, whose die is the one a token there would throw, as
// ExpectedFrom's element 0 is its value, whether or not the game starts
// there): one of Choice.Faces, or the rules' die where no die is chosen;
// 0 on the last square and off the board's range.
func (s *Strategy) Die(square int) int {
	switch {
	case square < 0 || square >= len(s.plan.Die)-1:
		return 0
	case len(s.choice.Faces) == 0:
		return s.r.dieFaces()
	}
	return int(s.plan.Die[square])
}

// Takes reports whether the strategy takes the jump that starts on square
// when a throw lands there: false where no jump starts, or where the jump
// goes to its own square.
func (s *Strategy) Takes(square int) bool {
	return square >= 0 && square < len(s.plan.Take) && s.plan.Take[square]
}

// WinChances returns the chances to win of players who all follow the
// strategy, in turn order, as [Rules.WinChances] gives them for random
// play. Where the strategy throws one die on every square a turn can
// begin on from the start, it is
// WinChances on the board without the jumps the strategy declines, under
// the rules with that die: under Bump, the joint chain of every player
// following the strategy. Else it races the players over the turns of the
// strategy itself, as WinChances does; under Bump, or on a board with
// squares that cost a turn, such a race is not held yet, and an error
// wrapping [ErrInvalidRules] names two such squares with different dice. Other
// errors, bounds and cost are those of [Rules.WinChances].
func (s *Strategy) WinChances(ctx context.Context, players int) ([]float64, error) {
	return best.WinChances(ctx, s.r.spec(), s.b.squares(), s.choice, s.plan, players)
}

// BestRace returns the play of two players who each play to win: a
// zero-sum game over the pairs of squares, the mover choosing the die and
// the jumps that make its own chance to win the greatest, given both
// squares. It differs from the best play for length ([Rules.BestPlay]):
// on the classic board under Rules{StartOffBoard: true} with dice of 4 or
// 6 faces the first player wins 0.5113089411 when both play to win and
// 0.5113104968 when both play for the fewest turns (go run ./cmd/snakes
// best -faces 4,6), the second player's better play costing the first.
//
// The rules and choices are those of BestPlay, and under Bump a token
// stopped on sends the other back to the start (keeping a turn it is to
// miss). Squares with effects are held: another throw keeps the mover
// moving, and a square that costs a turn gives the other two turns in a
// row; where one of them has a turn to be passed over the pairs are a
// second layer of the game, whose choices [RaceStrategy.Die] and
// [RaceStrategy.Takes] do not give (they are for a turn the other answers).
// The values
// are found by sweeps over every pair of squares, the farthest first, each
// finding first the best stop of a throw's jumps beside every square of
// the other's (each chain followed once), until no value moves by more
// than 1e-14: they then satisfy their own equations, and no choice does
// better, within that. The game is zero-sum where it surely ends: a board
// with a square from which no play surely finishes is [ErrNeverFinishes],
// and so, under Bump, is a race in which players who follow the strategy
// may send each other back for ever (checked once the values are found).
// It allocates about 24 bytes a pair of squares, 32 under Chain with a
// jump that may be declined (240 KB on the classic board; past
// [MaxBytes], or a first sweep past [MaxWork], it is refused before it
// starts); each sweep's work is counted against MaxWork as it runs, and
// the context is looked at about every 2¹⁸ throws.
func (r Rules) BestRace(ctx context.Context, b *Board, c Choice) (*RaceStrategy, error) {
	choice := best.Choice{Ladders: c.DeclineLadders, Snakes: c.DeclineSnakes, Faces: slices.Clone(c.Faces)}
	race, err := best.SolveRace(ctx, r.spec(), b.squares(), choice)
	if err != nil {
		return nil, err
	}
	return &RaceStrategy{r: r, race: race, chosen: len(c.Faces) > 0}, nil
}

// A RaceStrategy is the play of two players who each play to win, from
// [Rules.BestRace].
type RaceStrategy struct {
	r      Rules
	race   *best.Race
	chosen bool
}

// FirstWins returns the first player's chance to win when both play to
// win, both starting on the rules' start.
func (s *RaceStrategy) FirstWins() float64 {
	rc := s.race
	if rc.Start >= rc.Top {
		return 1 // a board of one square: the first player stands on it
	}
	return rc.Win[int(rc.Start)*int(rc.Top)+int(rc.Start)]
}

// Die returns the faces of the die a player on mine picks while the other
// stands on theirs (each 0..n²-1, 0 off the board): one of Choice.Faces,
// or the rules' die where no die is chosen; 0 outside that range.
func (s *RaceStrategy) Die(mine, theirs int) int {
	top := int(s.race.Top)
	switch {
	case mine < 0 || mine >= top || theirs < 0 || theirs >= top:
		return 0
	case !s.chosen:
		return s.r.dieFaces()
	}
	return int(s.race.Die[mine*top+theirs])
}

// Takes reports whether a player whose throw lands on square takes the
// jump that starts there while the other stands on theirs: false where no
// jump starts (or it goes to its own square), and outside 1..n² or
// 0..n²-1.
func (s *RaceStrategy) Takes(square, theirs int) bool {
	top := int(s.race.Top)
	if square < 1 || square > top || theirs < 0 || theirs >= top {
		return false
	}
	return s.race.Take[square*top+theirs]
}
