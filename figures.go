package snakes

import (
	"context"
	"math/big"
	"math/rand/v2"
	"sort"

	"github.com/snakesladders/snakes/internal/errs"
	"github.com/snakesladders/snakes/internal/joint"
	"github.com/snakesladders/snakes/internal/model"
	"github.com/snakesladders/snakes/internal/solve"
	"github.com/snakesladders/snakes/internal/walk"
)

// This file is the random-play figures of one token and of a race, as
// Rules methods: thin calls into the engine; those the walk gives (the
// length distribution, its quantiles and mode) follow the solves'.

// ExactExpectedTurns returns the expected number of turns one player takes
// to reach the last square, as an exact fraction: the number ExpectedTurns
// approximates. On the classic board it is Althoen, King and Schilling's
// 225837582538403273407117496273279920181931269186581786048583 /
// 5757472998140039232950575874628786131130999406013041613400.
//
// It solves the same reduced equations as ExpectedTurns in exact
// arithmetic: a sweep from the last square down writes each square's
// expectation as an affine function of the m squares that moves go back to,
// then the subtraction-free elimination that ExpectedTurns uses solves
// those, in fractions. It keeps (squares)·(m+2) fractions, whose digits
// grow with the board, and takes time squares·e·m + m³ fraction
// operations, for e ends a turn can have: about 8 ms for the classic
// board here. Boards of over 1024 squares, or with squares·(m+1) over
// 2¹⁶, give an error wrapping [ErrTooLarge], as do loaded dice whose
// throws have more than 2⁵³ outcomes, and, before any of the arithmetic,
// boards whose fractions would take over [MaxWork] steps by an estimate
// from the squares, m and the bits of a turn's chances (a row's fractions
// gain those bits a square, and operations cost the square of their
// words: on a 32×32 board with 5% random jumps under a die of 12 faces, a
// refusal where the arithmetic would take 12 to 20 s). Under Rules.Again the chance of a
// run of throws that comes back round is a geometric series, summed
// exactly. Other errors are as for [Rules.ExpectedTurns].
func (r Rules) ExactExpectedTurns(b *Board) (*big.Rat, error) {
	return solve.ExactExpectedTurns(r.spec(), b.squares())
}

// ExpectedFrom returns, for every square s (indexed by label, index 0 the
// off-board start), the expected number of turns still to play for one
// player who starts a turn on s, a jump starting on s not taken again, as
// for square 1 under the zero Rules (on a square that costs a turn, a turn
// played there, not the one passed over): 0 for the last square, and +Inf for a
// square from which the player may never finish (this slice reports traps
// square by square instead of failing). ExpectedFrom(b)[start] equals
// [Rules.ExpectedTurns] when the game surely ends.
//
// It solves the game's equations over every square from which the player
// surely finishes, as ExpectedTurns does over those the start reaches:
// time squares·e·m + m³ for m squares that moves go back to and e ends a
// turn can have, and squares·(m+2) floats, pooled, so that it allocates
// only the result. Past the bounds ExpectedTurns gives its elimination (m
// over 256, or rows over 32 MiB), it uses ExpectedTurns' banded
// elimination where every turn ends within a band of squares around its
// start, and otherwise its bounded-memory solve: about 150 bytes a square,
// and a GMRES step a sweep. Variance and Visits choose the same way. The
// squares from which the player may never finish are found by sweeping
// the board until nothing changes, a few sweeps on most boards. Errors are
// as for ExpectedTurns. [Analysis.ExpectedFrom] gives the same from a
// solve it shares with the other insights.
func (r Rules) ExpectedFrom(b *Board) ([]float64, error) {
	return solve.ExpectedFrom(r.spec(), b.squares())
}

// Visits returns, for every square s (indexed by label), the expected
// number of turns that start on s in one game from the start: the start
// counts once, a turn that overshoots under Stay starts the next turn on
// the same square again, and a turn passed over on a square that costs one
// is a visit to that square. The last square has 0. The elements sum to
// [Rules.ExpectedTurns]. Errors are as for ExpectedTurns: [ErrNeverFinishes]
// when the game may not end.
//
// It takes one solve of [Rules.ExpectedFrom] and then the row of the
// fundamental matrix for the start, from the same elimination read
// backwards (m² steps) and one sweep up the board; it allocates only the
// result. Past the elimination's bounds it solves the transposed reduced
// equations by GMRES, each step a sweep up the board, in memory linear in
// the squares.
func (r Rules) Visits(b *Board) ([]float64, error) {
	return solve.Visits(r.spec(), b.squares())
}

// Jumps returns the figures of every jump of b under r, in order of From
// (jumps to their own square are left out): how often it is taken, how
// likely at least once, and what removing it would do to the expected
// length. The sum of Taken over snakes is the expected number of snake
// bites a game, over ladders the expected climbs. When the board itself
// may never finish the error wraps [ErrNeverFinishes]; other errors are as
// for [Rules.ExpectedTurns].
//
// With one jump per throw (no Chain) and one throw per turn (no Again),
// it costs one solve and its visits, then for each jump one scalar
// sweep of the board and m² steps, for m squares that moves go back to:
// removing a jump moves, in every row that rolls onto its start, the same
// mass from one column of the transition matrix to another, a change of
// rank one, so Sherman–Morrison gives every Effect and Chance from the one
// solve (see jumps.go), to 1e-10 of the Effect plus 1e-14 of the
// length. Where the rounding of a long game may lose more (t(start) −
// t(end) of a short jump late in a long game keeps few of the solve's
// digits), the expected turns from its ends are refined by one step of
// iterative refinement (a scalar sweep, with a bound on what is left of
// their error; within the structured solve's bounds, which keep them on
// every square), and only where even that does not keep the bound does
// the Effect come from a solve of the board without the jump. Past the structured
// solve's bounds (more than 256 such squares, or rows over 32 MiB) the
// solve keeps a row of m+2 numbers only for the unknowns, the start, both
// ends of each jump and the squares jumps lead up to (jumps.go), and
// eliminates the unknowns on every core: memory about (m + 2·jumps)·8m
// bytes, time squares·e·(m + jumps/2) + m³/3 + jumps·m² for e ends a
// turn can have (the first term's move by move, counted as MaxWork's
// steps, the rest at 8 a step); a figure keeps 1e-10 of itself plus 8e-13 of the
// length (a fresh solve there by GMRES keeps no better than 2e-13). A board
// of 10⁵ squares and 1% random jumps takes about 1.4 times ExpectedTurns;
// one of 10⁶ squares and 10⁴ jumps (m = 4954) about 86 s and 1.2 GB on
// two cores, given [Rules.WithMaxWork] of 2³⁷. Past MaxBytes, or 8
// multiply-adds a step of MaxWork (2³⁴, about 5 s), it wraps [ErrTooLarge],
// before allocating. A jump whose Effect needs a fresh solve of the board
// without it, where that board's game lasts over 10¹² turns from some
// square, can make the call refuse with [ErrTooLarge] as
// [Rules.ExpectedTurns] does when GMRES cannot show it converged.
//
// With Chain a removal also reroutes the chains that pass
// through the jump, and under Again a turn's throws may take it more than
// once: then each Effect is a fresh
// solve of the board without it, and each Chance a solve of the chance to
// reach it, so that Jumps costs about twice ExpectedTurns per jump, and
// refuses with [ErrTooLarge] past the structured solve's bounds. The fresh
// solves of one call, here and on long games, count their work against
// one bound of [MaxWork] steps together, each as it goes, and the call
// refuses with [ErrTooLarge] once they pass it. Taken counts every throw
// that takes the jump, mid-turn ones included.
func (r Rules) Jumps(b *Board) ([]JumpStats, error) {
	return solve.Jumps(r.spec(), b.squares(), jumpStatsOf)
}

// JumpStats is what one jump does in games of one player.
type JumpStats struct {
	From, To int // the jump's start and end

	// Taken is the expected number of times per game the jump is taken
	// (with Chain, every jump followed within a throw counts; under
	// Again, every throw of a turn).
	Taken float64

	// Chance is the probability that it is taken at least once.
	Chance float64

	// Effect is ExpectedTurns of the board without this jump minus
	// ExpectedTurns of the board as it is: positive when the jump shortens
	// the game, +Inf when the board without it may never finish.
	Effect float64
}

// jumpStatsOf is the public JumpStats of the engine's.
func jumpStatsOf(s solve.JumpStats) JumpStats { return JumpStats(s) }

// GameLength returns the expected length of a game of players players, who
// take turns and stop when the first of them reaches the last square: in
// rounds (a round is one turn of each player, the last one possibly cut
// short) and in turns taken in all. With one player both equal
// [Rules.ExpectedTurns]. Errors are as for [Rules.WinChances], with
// [ErrNeverFinishes] when a player can be trapped: a game in which every
// player can be trapped has no expected length. Its cost is that of
// [Rules.WinChances].
func (r Rules) GameLength(b *Board, players int) (rounds, turns float64, err error) {
	return joint.GameLength(r.spec(), b.squares(), players)
}

// Places returns, for a game of players players who take turns from the
// start and play on until one is left (as a [Game] under Rules.PlayOn,
// whatever r.PlayOn says), p[i][m]: the chance that the player who moves
// i-th finishes in place m+1. Its first column is [Rules.WinChances]; every
// row and every column sums to 1 within 1e-12, however long the game. It
// is PlacesContext with a context that is never done.
//
// Without Bump the players are independent: it follows one player's game
// turn by turn, as WinChances does, the chance of each place a sum of
// products of binomial terms (players³ steps a turn), until the game
// settles into its geometric tail, from which the tokens still playing
// each finish a turn with the same chance and their ranks follow in closed
// form (players⁵/5 steps). It allocates 8·(5·players² + 3·players³)
// bytes besides WinChances' tables. Under Bump, for two players or more,
// it solves the joint chain of every token (see WinChances) once for each
// place: for a place past the first, the mover's finish gives each other
// player its chance of the place before it in the game of one player
// fewer, from where they stand, solved first the same way. Each solve
// takes what WinChances' does, all of them within one MaxWork: three
// players on the classic board take about 2.6 s (go test -bench
// Bump/3players/places), which [Game.Outlook] estimates instead.
//
// Errors are as for WinChances, and [ErrNeverFinishes] on a board where a
// player can be trapped: such a player has no place.
func (r Rules) Places(b *Board, players int) ([][]float64, error) {
	return r.PlacesContext(context.Background(), b, players)
}

// PlacesContext is [Rules.Places], stopped with ctx's error once ctx is
// done.
func (r Rules) PlacesContext(ctx context.Context, b *Board, players int) ([][]float64, error) {
	return joint.PlacesFromStart(ctx, r.spec(), b.squares(), players)
}

// ExpectedTurns returns the expected number of turns one player takes to
// reach the last square, throwing the dice of r at random (a turn is one
// throw, or a run of them under Rules.Again). It solves the linear
// equations of the game; it does not simulate.
//
// It returns an error wrapping [ErrNeverFinishes] when the player can, with
// positive probability, reach a square from which the last square cannot be
// reached, wrapping [ErrInvalidRules] for invalid r, wrapping
// [ErrInvalidBoard] for a nil or empty board, and wrapping [ErrTooLarge]
// when the squares times the ends a turn can have (Faces, for one die)
// exceed [MaxWork], the memory below exceeds [MaxBytes], or the game
// surely ends but its expectation is past the float64 range: the error
// then says so, with the expectation's order of magnitude (about
// 1.9·10³²⁴) where the structured elimination can find it in numbers
// whose exponent does not overflow (16 bytes a square and unknown, within
// the bounds), never that the last square cannot be reached.
//
// Cost, for n² squares and e ends a turn can have (Faces, for one fair
// die): on boards with at most 256 squares that moves go back to (m of
// them; 10 on the classic board) and n²·e·(m+2) + m³ within MaxWork,
// that time and n²·(m+2) pooled floats, so that steady-state calls
// allocate nothing, within about 1e-13 relative; on boards whose jumps are short, time about n²·f·b for turns
// reaching f squares forward and b back, whatever the length of the game;
// on the others, memory about 220 bytes a square (630 under British house
// rules) and a sweep of the board a step for tens to hundreds of steps
// (1000×1000 boards with 1% random jumps: 2–3 s), within the larger of
// 1e-13 and 2⁻⁴⁹ times the longest expected game from any square (refused
// with [ErrTooLarge] on games of over 10¹² turns where that cannot be
// shown). Under dice of 24 totals or more that can all show (one die,
// fair or loaded, or several on a board longer than their highest total;
// with or without Enter; no Again) the choice is made from the board in
// time linear in its squares and jumps, so that a die of thousands of
// faces is refused before any of its turns is taken.
// docs/rules.md says how each is chosen.
func (r Rules) ExpectedTurns(b *Board) (float64, error) {
	return solve.ExpectedTurns(context.Background(), r.spec(), b.squares())
}

// Variance returns the variance of the length of a one-player game, in
// turns². Errors are as for [Rules.ExpectedTurns]: [ErrNeverFinishes] when
// the player may never finish.
//
// It solves as [Rules.ExpectedFrom] does, allocating nothing in steady state
// (on boards within the elimination's bounds): once for the expected
// lengths t, then for V = N·d, where d(s) is the variance over the first
// roll from s of the expected length left, the mean over a turn's ends of
// (t(end) − mean)² (the law of total variance); V(start) is the variance.
// Within the elimination's bounds V(start) is the start's row of N, its
// [Rules.Visits], weighing d: Σ visits(s)·d(s), from the same elimination
// read backwards; past them, a second solve. Unlike (2N − I)t − t², which
// it equals, this subtracts no large numbers, so it keeps its precision
// when the variance is small beside the squared mean.
func (r Rules) Variance(b *Board) (float64, error) {
	return solve.VarianceOf(r.spec(), b.squares(), nil)
}

// WinChances returns, for a game of players players who take turns, each
// throwing the dice of r, and which ends when the first of them reaches the last
// square, the probability that the player who moves i-th wins, as element i.
// When the game surely ends the chances sum to 1 within 1e-12, however long
// the game; on a board where a player can be trapped (reach a square with no
// way on to the last) they sum to the chance that anyone finishes,
// 1 − (1 − p)^players for a player's chance p to finish. It is
// [Rules.WinChancesFrom] with every player on the start.
//
// It allocates 8 bytes a player besides what [Rules.LengthDistribution]
// does, and follows one player's game turn by turn, each turn taking time
// proportional to the squares, moves and players, until the chances settle
// into their geometric tail, summed in closed form.
//
// Errors wrap [ErrInvalidRules] for invalid r or fewer than one player,
// [ErrInvalidBoard] for a nil or empty board, and [ErrTooLarge] for more
// than 2²⁰ players or a game too long to follow within [MaxWork] steps:
// where the game surely ends, that is known before any turn is followed,
// from its expected length E and standard deviation σ (the solves of
// [Rules.Variance]): about E + 41·σ turns, each a
// pass over the squares and moves (on 100 squares, games of up to about
// 10⁵ turns). A longer race is followed for at most 16 windows of 2520
// turns, until every player's tail settles (see [Rules.Quantile]), and
// then summed in closed form with 1 − λ read from the tail without
// subtraction; one whose tails do not settle by then is refused.
// WinChancesFrom and GameLength are bounded the same way. A race on a
// board so small that its product chain (every way the tokens can stand,
// times the players) has at most 640 unknowns, and which would take more
// than 2²⁰ steps to follow or on which a player can be trapped, is solved
// over that chain instead, by a subtraction-free elimination exact to
// rounding whatever the game's length: up to 3.3 MB and 10⁸ multiply-adds.
//
// Under Rules.Bump, for two players or more, the tokens are not
// independent: it solves the joint chain of every token (bump.go), one
// state for each way the tokens can stand on the squares a token can rest
// on between throws (81 of the classic board's 101 with square 0), times
// AgainLimit within a turn (6561 states for two players on the classic
// board, 531,441 for three), within
// 1e-9: by elimination up to 640 unknowns, else by sweeps that take the
// states from the farthest on, solve a ring of turns in which no token
// moves in closed form where every state of it may wait (else sweep it
// from the state that always moves, backwards), and add the geometric
// tail of each of the two
// slowest modes of their error once its rate settles;
// the sweeps stop only once the chances at every state the game surely
// ends from also sum to 1 within 1e-12 (they grow from below, so what the
// sum lacks bounds what each has yet to gain). It allocates about 4 times
// 8 bytes a state and player, and 4 bytes a state and total; a chain past
// MaxBytes is refused up front with [ErrTooLarge] naming its size (four
// players on the classic board: 4.3·10⁷ states, 7 GiB), as is one whose
// building alone passes MaxWork (20 steps a state and total, a count
// known before), and one whose sweeps have not settled by MaxWork (a game
// that waits a long time on rare throws; four players on a board of 49
// squares) once they pass it, within 10 s where a state has about six
// totals or more (chains of many players and few totals take up to twice
// as long: five players on a 5×5 board with a two-sided die, about 15 s).
// On this package's machine (go
// test -bench Bump): 2 players on the classic board about 8 ms, under the
// British rules (Enter 6, Again 6, AgainLimit 3) 30 ms; 3 players 0.93 s.
// [Game.Outlook] estimates by playing what is past the bounds.
func (r Rules) WinChances(b *Board, players int) ([]float64, error) {
	return joint.RaceFromStart(context.Background(), r.spec(), b.squares(), players)
}

// WinChancesFrom returns the players' chances in a game in progress: player
// i stands on squares[i] (0 is the off-board start, under StartOffBoard),
// about to start a turn there (a jump starting there is not taken again),
// and players move in slice order; the first to reach the last square wins,
// and a player already on it has won, the first such in order. Element i is
// player i's chance. The chances sum to 1 within 1e-12 when the game surely
// ends. WinChances(b, k) is WinChancesFrom with k players on the start.
//
// It allocates 16 bytes a square for each distinct square in squares, on
// top of what WinChances does, and takes WinChances' time for each.
//
// Errors wrap [ErrInvalidRules] for invalid r, an empty slice, or a square
// outside 0..n² (0 only under StartOffBoard), naming the index and value;
// [ErrInvalidBoard] for a nil or empty board; and [ErrTooLarge] for more
// than 2²⁰ players or walks beyond [MaxBytes] or [MaxWork].
func (r Rules) WinChancesFrom(b *Board, squares []int) ([]float64, error) {
	return joint.WinChancesFrom(context.Background(), r.spec(), b.squares(), squares)
}

// What follows reads random play's figures from the walk: the length
// distribution, its quantiles and mode; and Play, one game.

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
