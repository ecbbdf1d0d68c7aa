package snakes

import (
	"math/rand/v2"
	"slices"
	"sort"

	"github.com/snakesladders/snakes/internal/errs"
	"github.com/snakesladders/snakes/internal/model"
)

// This file is the Game: several players on one board under one set of
// Rules, played throw by throw, with the throws it was given kept so that
// it can be saved and replayed (gamejson.go) and its odds asked at any
// point (odds.go).

// maxGamePlayers bounds a Game's players: a throw's bumps are a word's
// bits.
const maxGamePlayers = 64

// A Game is one game of several players on a board under some Rules,
// played throw by throw. Players 0..n−1 take turns in that order, each
// token starting on the rules' start (square 1, or 0 off the board under
// StartOffBoard or Enter); a turn is one throw, or under Rules.Again or on
// a square that gives another throw ([ThrowAgain]) a run of throws, and
// each throw moves the token exactly as every other function of the
// package moves it. A player whose throw leaves the token on a square that
// costs a turn ([MissTurn]) has the next turn passed over: it makes no
// move, and the next Move's Turn skips its number. The first token to
// reach the last square wins, and the game is over at once, mid-turn or
// not; under Rules.PlayOn the turn ends there and the others play on
// until one is left, each finished player passed over without a turn
// counted ([Game.Standings]). Under Rules.Bump a throw that is moved and
// leaves its token, after its jump, on a square other than 0 or the last
// where other tokens stand sends those back to the start, where a token
// that was waiting out a turn still waits; a token sent back by
// Rules.AgainLimit bumps no one, and a token bumped stays sent back
// whatever the later throws do (only [Game.Undo], taking back the throw,
// puts it back).
//
// Apply and Throw check every throw and change nothing when it is wrong.
// The zero Game is not a game: make one with [NewGame] or decode one with
// json.Unmarshal. A Game is not safe for concurrent use.
type Game struct {
	b       *Board
	r       Rules
	g       model.Game
	players int
	faces   int            // faces of each die
	cum     []int64        // with Weights: cum[k] is the weight of faces 1..k+1
	pos     model.Position // where the game stands
	moves   []Move
	thrown  []int     // every die's face, Dice of them a throw
	buf     []int     // Throw's faces
	odds    *Analysis // the odds' tables, made on first use, perhaps shared (ShareOdds)
}

// NewGame starts a game of players players on b under r, every token on
// the start, player 0 to throw. Errors wrap [ErrInvalidRules] for invalid
// r or players outside 1..64, and [ErrInvalidBoard] for a nil or empty
// board. It allocates the players' squares and takes no other time: the
// odds are worked out when first asked for.
func NewGame(b *Board, r Rules, players int) (*Game, error) {
	if players < 1 || players > maxGamePlayers {
		return nil, errs.Errorf(ErrInvalidRules, "players is %d, want 1..%d", players, maxGamePlayers)
	}
	g, err := model.OnSquares(r.spec(), b.squares())
	if err != nil {
		return nil, err
	}
	gm := &Game{b: b, r: r, g: g, players: players, faces: r.dieFaces(), pos: g.Begin(players)}
	if len(r.Weights) > 0 {
		gm.cum = make([]int64, len(r.Weights))
		var sum int64
		for k, w := range r.Weights {
			sum += int64(w)
			gm.cum[k] = sum
		}
	}
	return gm, nil
}

// dieFaces is the faces of each of r's dice.
func (r Rules) dieFaces() int {
	switch {
	case len(r.Weights) > 0:
		return len(r.Weights)
	case r.Faces == 0:
		return 6
	}
	return r.Faces
}

// Board returns the game's board.
func (gm *Game) Board() *Board { return gm.b }

// Rules returns the game's rules.
func (gm *Game) Rules() Rules { return gm.r }

// Players returns how many players the game has.
func (gm *Game) Players() int { return gm.players }

// Player returns who throws next, 0-based; after the game is over, under
// either rule of Rules.PlayOn, who won (the first to finish).
func (gm *Game) Player() int { return gm.pos.Player }

// Squares returns each player's square, 0 for off the board: a new slice
// each call.
func (gm *Game) Squares() []int {
	out := make([]int, len(gm.pos.Squares))
	for i, s := range gm.pos.Squares {
		out[i] = int(s)
	}
	return out
}

// Winner returns the player who won, the first to finish, or -1 before
// anyone has.
func (gm *Game) Winner() int { return gm.pos.Winner }

// Over reports whether the game is decided: someone has finished, or under
// Rules.PlayOn every player but one has.
func (gm *Game) Over() bool { return gm.pos.Over }

// Standings returns the players in the order they finished, 0-based: the
// winner alone once the game is over without Rules.PlayOn; under PlayOn
// every finisher so far, and the last player left added when the game is
// over. A new slice each call.
func (gm *Game) Standings() []int { return append([]int{}, gm.pos.Placed...) }

// Moves returns every throw so far, in order, each with its Player and
// Turn (every player's turns counted, from 1): a new slice each call.
func (gm *Game) Moves() []Move { return slices.Clone(gm.moves) }

// Apply makes the next throw with the dice showing faces, one a die
// (Rules.Dice of them, each 1..the die's faces): their total moves the
// player to throw, and the turn goes on to the next player unless the
// rules give another throw. It returns the throw as a Move. A wrong throw
// changes nothing: the wrong number of faces, a face out of range or of
// weight zero give an error wrapping [ErrInvalidThrow] that names the die
// and the value, and a throw after the game is over one wrapping
// [ErrGameOver]. It takes constant time and allocates only the amortized
// growth of the game's record.
func (gm *Game) Apply(faces ...int) (Move, error) {
	if gm.pos.Over {
		return Move{}, gm.ended()
	}
	dice := max(gm.r.Dice, 1)
	if len(faces) != dice {
		return Move{}, errs.Errorf(ErrInvalidThrow, "%s thrown, want %s, one a die", errs.Count(len(faces), "face", "faces"), errs.Count(dice, "face", "faces"))
	}
	total := 0
	for i, f := range faces {
		switch {
		case f < 1 || f > gm.faces:
			return Move{}, errs.Errorf(ErrInvalidThrow, "die %d shows %d, want 1..%d", i+1, f, gm.faces)
		case len(gm.r.Weights) > 0 && gm.r.Weights[f-1] == 0:
			return Move{}, errs.Errorf(ErrInvalidThrow, "die %d shows %d, a face of weight 0 that never shows", i+1, f)
		}
		total += f
	}
	gm.thrown = append(gm.thrown, faces...)
	return gm.move(int32(total)), nil
}

// move makes a throw of total, checked, for the player to throw.
func (gm *Game) move(total int32) Move {
	p, u, turn := gm.pos.Player, gm.pos.Squares[gm.pos.Player], gm.pos.Turn
	landed, to, eff := gm.g.Advance(&gm.pos, total)
	m := Move{From: int(u), Roll: int(total), Landed: int(landed), To: int(to), Turn: turn, Player: p, Effect: Effect(eff)}
	gm.moves = append(gm.moves, m)
	return m
}

// ended is the error of a throw after the game is over.
func (gm *Game) ended() error {
	return errs.Errorf(ErrGameOver, "the game is over: player %d won", gm.pos.Winner)
}

// Undo takes back the last throw: the game is then exactly as it was
// before it (every square, the player to throw, the turn and its run, the
// bumps and the turns passed over, the winner, the record), replayed from
// the start through the throws before it, with the odds' tables kept.
// Without a throw to take back it returns an error wrapping
// [ErrInvalidThrow] and changes nothing. Its time grows with the throws
// made, each as Apply takes it.
func (gm *Game) Undo() error {
	dice := max(gm.r.Dice, 1)
	n := len(gm.thrown) / dice
	if n == 0 {
		return errs.Errorf(ErrInvalidThrow, "no throw to take back")
	}
	out, err := NewGame(gm.b, gm.r, gm.players)
	if err != nil {
		return err // the game was made by NewGame: not reached
	}
	out.odds = gm.odds // the board's and the rules', whatever the throws
	for i := range n - 1 {
		if _, err := out.Apply(gm.thrown[i*dice : (i+1)*dice]...); err != nil {
			return err // each was applied once: not reached
		}
	}
	*gm = *out
	return nil
}

// Throw throws the dice at random with rng (the global source when nil)
// and applies them: see [Game.Apply]. After the game is over it returns an
// error wrapping [ErrGameOver].
func (gm *Game) Throw(rng *rand.Rand) (Move, error) {
	if gm.pos.Over {
		return Move{}, gm.ended()
	}
	dice := max(gm.r.Dice, 1)
	gm.buf = gm.buf[:0]
	for range dice {
		gm.buf = append(gm.buf, gm.face(rng))
	}
	return gm.Apply(gm.buf...)
}

// face throws one die.
func (gm *Game) face(rng *rand.Rand) int {
	if gm.cum == nil {
		if rng == nil {
			return rand.IntN(gm.faces) + 1
		}
		return rng.IntN(gm.faces) + 1
	}
	var x int64
	if rng == nil {
		x = rand.Int64N(gm.cum[len(gm.cum)-1])
	} else {
		x = rng.Int64N(gm.cum[len(gm.cum)-1])
	}
	return sort.Search(len(gm.cum), func(k int) bool { return gm.cum[k] > x }) + 1
}
