package snakes

import (
	"context"
	"math/rand/v2"
	"sort"

	"github.com/snakesladders/snakes/internal/errs"
	"github.com/snakesladders/snakes/internal/model"
	"github.com/snakesladders/snakes/internal/walk"
)

// This file reads random play's figures from the walk (walk.go): the
// length distribution, its quantiles and mode; and Play, one game.

// LengthDistribution returns the distribution of the length of a
// one-player game: element t is the probability that the player, throwing
// the dice of r, reaches the last square exactly on turn t, for t in
// 0..maxTurns (element 0 is 1 only when the start is the last square). The
// entries sum to at most 1; the rest is the chance the game lasts longer, or
// never ends. Each entry is within about 1e-12 of the exact chance.
//
// It allocates the result, 8 bytes a turn, and about 50 bytes a square plus
// 20 an end of a turn. It follows the game turn by turn, each turn taking
// time proportional to the squares and moves, until maxTurns or until the
// chances settle into their geometric tail (each turn a fixed fraction of
// the last), which then gives the rest in closed form. Under one fair die
// of 24 faces or more on a board of over 64 squares it keeps no table of
// turns: a turn moves the chances by sums over windows of squares, about
// 100 bytes a square and time proportional to the squares whatever the
// faces (a die of 65536 faces on 10⁴ squares walks 8000 turns a second
// here). Under other dice of thousands of totals the compile of the turns
// (16 steps a throw) is refused before it starts when it alone is past
// MaxWork; the walk counts its steps as it goes, and is refused once they
// pass the bound (see docs/rules.md, Bounds).
//
// Errors wrap [ErrInvalidRules] for invalid r or a negative maxTurns,
// [ErrInvalidBoard] for a nil or empty board, and [ErrTooLarge] when the
// result would need over [MaxBytes] or following the game over [MaxWork]
// steps.
func (r Rules) LengthDistribution(b *Board, maxTurns int) ([]float64, error) {
	g, err := r.playable(b)
	if err != nil {
		return nil, err
	}
	if err := checkTurns(&g, maxTurns); err != nil {
		return nil, err
	}
	w, err := walk.PlayWalk(context.Background(), &g, nil, nil)
	if err != nil {
		return nil, err
	}
	return w.Distribution(maxTurns)
}

// checkTurns refuses a maxTurns LengthDistribution cannot answer.
func checkTurns(g *model.Game, maxTurns int) error {
	if maxTurns < 0 {
		return errs.Errorf(ErrInvalidRules, "maxTurns is %d, want 0 or more", maxTurns)
	}
	if bytes := 8 * (float64(maxTurns) + 1); !g.Take(bytes) {
		return g.TooBig(bytes, "the length distribution to turn %d", maxTurns)
	}
	return nil
}

// MedianTurns returns the median length of a one-player game: the fewest
// turns t such that the player has finished within t turns with probability
// at least 1/2. It is Quantile(b, 0.5).
func (r Rules) MedianTurns(b *Board) (int, error) { return r.Quantile(b, 0.5) }

// Quantile returns the smallest t such that one player, throwing the dice
// of r, has finished within t turns with probability at least q
// (evaluated in float64, with compensated sums), for q in (0, 1]; q = 1
// asks for the smallest t with P(T > t) ≤ 2⁻⁵³, the turn by which the
// chance of still playing is lost in rounding. On a board where the player
// may never finish it still exists if the player finishes with probability
// q or more; otherwise (for q = 1, whenever the token can be trapped) the
// error wraps [ErrNeverFinishes]. A q outside (0, 1], or NaN, gives an
// error wrapping [ErrInvalidRules]; other errors are as for
// [Rules.ExpectedTurns].
//
// It follows the game turn by turn as [Rules.LengthDistribution] does,
// allocating the same walk, about 50 bytes a square plus 20 an end of a
// turn. On a board where the token cannot be trapped, once each turn
// finishes the same fraction 1 − λ of the games still going (checked over
// windows of 2520 turns, to 1e-10 relative), a quantile more than 2¹⁶
// turns further on comes from that geometric tail: then its relative error
// is about 1e-10 plus the fraction of a window by which cycling chances
// can differ from the geometric model, within one turn or 1e-7 relative
// for games of any length (10¹⁷ turns included). One limit is float64's
// own: where each turn changes the chance of still playing by a fraction
// 1 − λ too small for float64 to show beside q's bound, the turn at which
// that chance crosses it is known only to within 2⁻⁵¹/(1 − λ) turns (on a
// game that finishes half its plays quickly and the rest at a rate of
// 10⁻¹⁹ a turn, the median is off by up to 4·10³ of its 4·10⁹ turns).
// On a board where at most 64 squares can be reached, a walk that has
// spent as much as powers of the turn matrix cost (63·(m+1)³ steps for m
// squares) hands over to them: P(T ≤ t) for any t from log₂ t products,
// each row's largest chance kept as 1 less the sum of the others so that
// the rate of a rare throw keeps its relative precision; these answer
// games of any length, those where the token can be trapped beside a long
// wait included, within one turn or 1e-7 relative (TestPropertyLongGameQuantiles).
// Elsewhere games whose tail does not settle within [MaxWork] steps give
// [ErrTooLarge], as does an answer beyond the int range.
func (r Rules) Quantile(b *Board, q float64) (int, error) {
	return r.quantile(context.Background(), b, q)
}

func (r Rules) quantile(ctx context.Context, b *Board, q float64) (int, error) {
	t, err := r.quantiles(ctx, b, []float64{q})
	if err != nil {
		return 0, err
	}
	return t[0], nil
}

// quantiles is Quantile for each of qs, ascending, in one walk.
func (r Rules) quantiles(ctx context.Context, b *Board, qs []float64) ([]int, error) {
	for _, q := range qs {
		if err := checkQuantile(q); err != nil {
			return nil, err
		}
	}
	w, err := walk.PlayWalkOn(ctx, r.spec(), b.squares())
	if err != nil {
		return nil, err
	}
	return w.Quantiles(qs)
}

// checkQuantile refuses a q Quantile cannot answer.
func checkQuantile(q float64) error {
	if !(q > 0 && q <= 1) {
		return errs.Errorf(ErrInvalidRules, "q is %v, want a probability in (0, 1]", q)
	}
	return nil
}

// ModeTurns returns the most likely length of a one-player game, the
// smallest on a tie. Its error wraps [ErrNeverFinishes] when the player can
// never finish; other errors are as for [Rules.MedianTurns].
func (r Rules) ModeTurns(b *Board) (int, error) {
	w, err := walk.PlayWalkOn(context.Background(), r.spec(), b.squares())
	if err != nil {
		return 0, err
	}
	return w.Mode()
}

// Play plays one random game of one player, throwing with rng (the global
// source of math/rand/v2 when nil), and returns its throws as moves, each
// with the turn it belongs to: until the token reaches the last square or
// maxTurns turns are played, recording at most 2²² moves (a larger game is
// cut there, so that a game on a board with a trap cannot fill memory: the
// record is then at most 160 MiB; check whether the last move ends on the
// last square). Under Stay an overshooting throw is a move whose To equals
// its From; a throw that leaves a token off the board under Enter has From,
// Landed and To 0; a throw that voids a turn (Rules.AgainLimit) has Landed
// equal to From and To where the token goes back. A throw that sets off a
// square's effect says so in its Effect; a turn passed over on a square
// that costs one makes no move, the next move's Turn skipping its number.
// It returns nil for
// invalid r, a nil or empty board, maxTurns below 1, or a token that
// starts on the last square (a 1×1 board without an off-board start: the
// game is over before its first throw). It allocates the moves and takes
// time proportional to their number.
func (r Rules) Play(b *Board, rng *rand.Rand, maxTurns int) []Move {
	g, err := model.OnSquares(r.spec(), b.squares())
	if err != nil || maxTurns < 1 {
		return nil
	}
	throw := r.thrower(&g, rng)
	var moves []Move
	pos := g.Begin(1)
	for !pos.Over && pos.Turn <= maxTurns && len(moves) < g.Lim.Play {
		u, s, turn := pos.Squares[0], throw(), pos.Turn
		landed, to, eff := g.Advance(&pos, s)
		moves = append(moves, Move{From: int(u), Roll: int(s), Landed: int(landed), To: int(to), Turn: turn, Effect: Effect(eff)})
	}
	return moves
}

// thrower returns a function that throws the dice of r at random: for one
// fair die one draw of rng, as Play has always made, and otherwise one
// draw for each die.
func (r Rules) thrower(g *model.Game, rng *rand.Rand) func() int32 {
	roll, roll64 := rand.Int32N, rand.Int64N
	if rng != nil {
		roll, roll64 = rng.Int32N, rng.Int64N
	}
	dice := max(r.Dice, 1)
	if len(r.Weights) == 0 {
		faces := g.Faces / int32(dice)
		return func() int32 {
			total := int32(0)
			for range dice {
				total += roll(faces) + 1
			}
			return total
		}
	}
	cum := make([]int64, len(r.Weights)) // cum[k]: the weights of faces 1..k+1
	var sum int64
	for k, w := range r.Weights {
		sum += int64(w)
		cum[k] = sum
	}
	return func() int32 {
		total := int32(0)
		for range dice {
			x := roll64(sum)
			total += int32(sort.Search(len(cum), func(k int) bool { return cum[k] > x })) + 1
		}
		return total
	}
}
