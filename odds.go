package snakes

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"maps"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"strconv"

	"github.com/snakesladders/snakes/internal/errs"
	"github.com/snakesladders/snakes/internal/joint"
)

// This file is a Game's odds: each player's exact chance to win from where
// the game stands, from the race of independent tokens (race.go) or,
// under Bump, from the joint chain of every token (bump.go).

// Odds returns each player's chance to win from the game's state,
// mid-turn included (a player who has thrown Again and will throw again,
// with the run of Again throws so far), exact to within 1e-9 (without
// Bump, within the race's 1e-12). Without Bump, at the start of a turn, it
// is [Rules.WinChancesFrom] of the players' squares in turn order from the
// player to throw, turned back to player order; within a turn it is the
// same race from where the turn can end. Under Bump it reads the solved
// joint chain of every token, solved on the first call (see
// [Rules.WinChances] for its cost); after that each call takes constant
// time. Once someone has finished the winner's chance is 1. Errors are those
// of WinChancesFrom.
func (gm *Game) Odds() ([]float64, error) { return gm.OddsContext(context.Background()) }

// OddsContext is [Game.Odds] stopped when ctx is done, with an error
// wrapping ctx's: for a server that answers within a budget.
func (gm *Game) OddsContext(ctx context.Context) ([]float64, error) {
	n := gm.players
	out := make([]float64, n)
	if gm.pos.Winner >= 0 {
		out[gm.pos.Winner] = 1
		return out, nil
	}
	a, err := gm.tables()
	if err != nil {
		return nil, err
	}
	order := make([]int32, n) // states from the player to throw on
	for i := range order {
		p := (gm.pos.Player + i) % n
		order[i] = a.g.StateOf(gm.pos.Squares[p], gm.pos.Waiting[p])
	}
	var rel []float64 // chances in that order
	switch {
	case gm.r.Bump && n > 1:
		j, err := a.jointOf(ctx, n)
		if err != nil {
			return nil, err
		}
		rel = j.At(j.Win, order, gm.pos.Mid, int(gm.pos.Run), gm.pos.From)
	case !gm.pos.Mid:
		squares := make([]int, n)
		for i, s := range order {
			squares[i] = int(s)
		}
		if rel, err = a.winsAt(ctx, squares); err != nil {
			return nil, err
		}
	default:
		if rel, err = gm.midTurn(ctx, order); err != nil {
			return nil, err
		}
	}
	for i, p := range rel {
		out[(gm.pos.Player+i)%n] = p
	}
	return out, nil
}

// tables returns the game's odds' tables, made on first use: the
// Analysis of its board and rules.
func (gm *Game) tables() (*Analysis, error) {
	if gm.odds == nil {
		a, err := gm.r.analysis(gm.b)
		if err != nil {
			return nil, err
		}
		gm.odds = a
	}
	return gm.odds, nil
}

// ShareOdds makes gm read its odds from the tables of other, a game of the
// same board, rules and number of players (else an error wrapping
// [ErrInvalidRules], and nothing changes): what either has solved (the
// joint chain under Bump, the races) serves both, and so does what either
// solves later. Games that share tables may ask for odds from several
// goroutines at once; the call itself makes other's tables if it has none
// yet, so other must not be in use then. A server that replays a game for
// every request keeps one game a board, rules and players, and shares its
// tables with each replayed game, so that the joint chain is solved once.
func (gm *Game) ShareOdds(other *Game) error {
	if gm.players != other.players || !slices.Equal(gm.b.squares().Flat, other.b.squares().Flat) || !maps.Equal(gm.b.Effects(), other.b.Effects()) || !reflect.DeepEqual(gm.r, other.r) {
		return errs.Errorf(ErrInvalidRules, "the games are not of the same board, rules and players")
	}
	a, err := other.tables()
	if err != nil {
		return err
	}
	gm.odds = a
	return nil
}

// OddsMemory returns the bytes of the largest tables gm's odds hold: the
// joint chains solved under Bump, 0 without.
func (gm *Game) OddsMemory() int64 {
	if gm.odds == nil {
		return 0
	}
	return gm.odds.jointBytes()
}

// midTurn is Odds, in turn order from the player to throw, within a turn
// of several throws and without Bump: the turn ends at random, or
// finishes (model.Game.RestOfTurn); from each state it can end on, the
// others move first and the player to throw last, independent of one
// another.
func (gm *Game) midTurn(ctx context.Context, order []int32) ([]float64, error) {
	g, n := &gm.odds.g, gm.players
	finish, ends := g.RestOfTurn(gm.pos.From, order[0], gm.pos.Run, nil)
	rel := make([]float64, n)
	rel[0] = finish
	for _, e := range ends {
		s, p := int(e.To), e.N
		squares := make([]int, n)
		for i := 1; i < n; i++ {
			squares[i-1] = int(order[i])
		}
		squares[n-1] = s
		wins, err := gm.odds.winsAt(ctx, squares)
		if err != nil {
			return nil, err
		}
		for i := 1; i < n; i++ {
			rel[i] += p * wins[i-1]
		}
		rel[0] += p * wins[n-1]
	}
	return rel, nil
}

// An Outlook is each player's prospects from where a game stands: exact
// where the figures fit the bounds, else estimated by playing the game on
// many times from there ([Game.Outlook]).
type Outlook struct {
	// Win is each player's chance to win: to finish first.
	Win []float64
	// Places[i][m] is player i's chance to finish in place m+1, the game
	// played on until one player is left, whatever Rules.PlayOn says.
	Places [][]float64
	// Exact says that Win and Places are exact: Win to [Game.Odds]'
	// bound, Places to [Rules.Places'] (1e-12 a row and column).
	Exact bool
	// StdErr is the standard error of each estimated chance in Win: nil
	// where Win is exact (as it may be while Places is estimated).
	StdErr []float64
	// Games is how many games were played on for the estimates, 0 where
	// Exact.
	Games int
	// Note says, in the players' words, what was estimated and why;
	// empty where Exact.
	Note string
}

// outlookStates is the most states of a joint chain under Bump whose odds
// Outlook solves exactly (three players on a board of 100 squares): one
// more is estimated at once, without trying, as most such chains do not
// settle within the work bound.
const outlookStates = 1e6

// outlookRanks is the most states of a joint chain under Bump of three
// players or more whose places Outlook solves exactly from the start (a
// solve a place; three players on a board of 46 squares); past it they
// are estimated.
const outlookRanks = 1e5

// outlookGames is how many games Outlook plays on for an estimate, within
// the work bound: standard errors of at most 0.0012.
const outlookGames = 200_000

// Outlook returns each player's chance to win and of each place from the
// game's state, always within the bounds: exact where they can be
// computed within them (Win as [Game.Odds], under Bump where the joint
// chain of every token has at most 10⁶ states, a count known before it
// is built: three players on the classic board, in under 1 s; Places as
// [Rules.Places] from the start, under Bump where the chain has at most
// 10⁵ states; from the chances to win for two players; or from the
// standings once decided), else estimated by playing the game on 200,000
// times from where it stands (fewer if the work bound or ctx's end stops
// them first),
// the standard errors and the games played beside them and Note saying
// why. The games are drawn from a generator seeded by the game's throws,
// so that two calls on the same game agree. It takes Odds' time where
// that is exact, and about 50 ns a throw of each game played.
//
// Errors: [ErrNeverFinishes] where a player can be trapped (a player who
// may never finish has no place); ctx's error when ctx is done before an
// answer, exact or estimated from at least 256 games; and
// [ErrTooLarge] where not even one game could be played within the
// bounds, or one went on past 2²⁰ throws.
func (gm *Game) Outlook(ctx context.Context) (*Outlook, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	a, err := gm.tables()
	if err != nil {
		return nil, err
	}
	var win []float64
	werr := errs.Errorf(ErrTooLarge, "the joint chain has over %g states", outlookStates)
	if !gm.r.Bump || gm.players < 3 || gm.pos.Winner >= 0 || joint.States(&a.g, gm.players) <= outlookStates {
		win, werr = gm.OddsContext(ctx)
	}
	if werr != nil && !errors.Is(werr, ErrTooLarge) {
		return nil, werr
	}
	places, why, err := gm.exactPlaces(ctx, win, werr)
	if err != nil {
		return nil, err
	}
	if werr == nil && places != nil {
		return &Outlook{Win: win, Places: places, Exact: true}, nil
	}
	h := fnv.New64a()
	for _, f := range append(gm.thrown, gm.players) {
		h.Write([]byte{byte(f), byte(f >> 8), byte(f >> 16), byte(f >> 24)})
	}
	rng := rand.New(rand.NewPCG(h.Sum64(), 0x6f75746c6f6f6b)) // "outlook"
	wins, placed, games, err := joint.Played(ctx, &gm.g, &gm.pos, gm.r.thrower(&gm.g, rng), outlookGames)
	if err != nil {
		return nil, err
	}
	n := gm.players
	out := &Outlook{Win: win, Places: places, Games: games}
	if werr != nil {
		why = "too many players for exact odds on this board"
		if n < 3 {
			why = "this board is too large for exact odds"
		}
		out.Win, out.StdErr = make([]float64, n), make([]float64, n)
		for i, c := range wins {
			p := float64(c) / float64(games)
			out.Win[i], out.StdErr[i] = p, math.Sqrt(p*(1-p)/float64(games))
		}
	}
	if places == nil {
		out.Places = make([][]float64, n)
		for i := range out.Places {
			out.Places[i] = make([]float64, n)
			for m := range n {
				out.Places[i][m] = float64(placed[i*n+m]) / float64(games)
			}
		}
	}
	out.Note = fmt.Sprintf("%s: estimated from %s games", why, thousands(games))
	return out, nil
}

// exactPlaces returns the exact places from the game's state where they
// follow from what is known (win, Odds' answer, and werr, its error), or
// nil and why not, in the players' words; or an error.
func (gm *Game) exactPlaces(ctx context.Context, win []float64, werr error) ([][]float64, string, error) {
	n := gm.players
	if werr == nil {
		total := 0.0
		for _, p := range win {
			total += p
		}
		if math.Abs(total-1) > 1e-9 {
			return nil, "", errs.Errorf(ErrNeverFinishes, "a player can be trapped: the game ends with probability %.6g, and a player who never finishes has no place", total)
		}
	}
	// A game over at its first finish is played on from there as
	// model.Game.Resume says, which places everyone where no one is left to
	// play (a board whose start is its end).
	on := gm.pos.Clone()
	gm.g.Resume(&on)
	switch {
	case len(on.Placed) == n: // decided
		places := make([][]float64, n)
		for m, i := range on.Placed {
			places[i] = make([]float64, n)
			places[i][m] = 1
		}
		return places, "", nil
	case n == 2 && werr == nil: // the one who does not win is second
		return [][]float64{{win[0], win[1]}, {win[1], win[0]}}, "", nil
	case len(gm.thrown) == 0 && (!gm.r.Bump || n < 3 || joint.States(&gm.odds.g, n) <= outlookRanks):
		p, err := gm.odds.Places(ctx, n)
		if err != nil && !errors.Is(err, ErrTooLarge) {
			return nil, "", err
		}
		if err == nil {
			return p, "", nil
		}
		return nil, "too many players for exact places on this board", nil
	case gm.r.Bump:
		return nil, "places under Bump with more than two players", nil
	}
	return nil, "places from a game under way", nil
}

// thousands writes n with its thousands apart: 200,000.
func thousands(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
