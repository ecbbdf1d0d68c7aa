package web

// This file is the API of the page's Play mode: a game kept by the page,
// sent with every request, and played on by the library alone.

import (
	"context"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"net/http"
	"time"

	"github.com/snakesladders/snakes"
)

// playRequest is what /api/play takes: a game as the library encodes it
// (board, rules, players, throws), whether to throw once more, and the
// seed of the throws (0: at random), the n-th throw of a seeded game
// drawn from PCG(seed, n) so that a link replays the same game.
type playRequest struct {
	Game  *gameRequest `json:"game"`
	Throw bool         `json:"throw"`
	Seed  uint64       `json:"seed"`
}

// gameRequest is a game in snakes.Game's JSON, read a piece at a time
// rather than by the Game's own decoder: its board is bounded before it
// is built, its rules take the server's memory bound, and its throws are
// replayed by a worker within the request's budget.
type gameRequest struct {
	Board   json.RawMessage `json:"board"`
	Rules   json.RawMessage `json:"rules"`
	Players int             `json:"players"`
	Throws  [][]int         `json:"throws"`
}

// playAnswer is what /api/play answers: the game after the throw, the
// throw, where every token stands, who throws next, the winner (-1 before
// anyone finishes), whether the game is over and the players in the order
// they finished (under the rules' playOn, until one is left), and every
// player's chance to win: exact, or where the joint chain is past the
// bounds estimated by playing the game on (Game.Outlook, its note in
// estimated), or null when it did not fit the budget (with the reason).
type playAnswer struct {
	Game  *snakes.Game  `json:"game"`
	Move  *snakes.Move  `json:"move"`
	Moves []snakes.Move `json:"moves,omitempty"` // without a throw: every move so far, for a log
	// History, without a throw, is each player's exact chance to win
	// before the first throw and after each, for a chart: null where not
	// given (past the bounds, or past the time budget).
	History   [][]float64 `json:"history,omitempty"`
	Squares   []int       `json:"squares"`
	Player    int         `json:"player"`
	Winner    int         `json:"winner"`
	Over      bool        `json:"over"`
	Standings []int       `json:"standings"`
	Odds      []float64   `json:"odds"`
	Estimated string      `json:"estimated,omitempty"`
	Skipped   string      `json:"skipped,omitempty"`
}

func (s *server) play(w http.ResponseWriter, r *http.Request) {
	var req playRequest
	if !s.request(w, r, &req) {
		return
	}
	if req.Game == nil {
		fail(w, http.StatusBadRequest, "no game: send {\"game\": {\"board\": ..., \"rules\": ..., \"players\": 2, \"throws\": []}}")
		return
	}
	ctx, done, ok := s.work(w, r)
	if !ok {
		return
	}
	defer done()
	if len(req.Game.Board) == 0 {
		fail(w, http.StatusBadRequest, "game: no board: send {\"game\": {\"board\": ..., \"rules\": ..., \"players\": 2, \"throws\": []}}")
		return
	}
	b, rules, ok := s.parse(w, req.Game.Board, req.Game.Rules)
	if !ok {
		return
	}
	g, err := snakes.NewGame(b, rules, req.Game.Players)
	if err != nil {
		fail(w, http.StatusBadRequest, "game: %s", message(err))
		return
	}
	for i, faces := range req.Game.Throws {
		if ctx.Err() != nil {
			fail(w, http.StatusServiceUnavailable, "replaying the game's %d throws did not fit the time budget", len(req.Game.Throws))
			return
		}
		if _, err := g.Apply(faces...); err != nil {
			fail(w, http.StatusBadRequest, "game: throw %d: %s", i, message(err))
			return
		}
	}
	key := gameKey(g)
	shared := s.games.share(key, g)
	ans := playAnswer{Game: g}
	if req.Throw {
		var rng *rand.Rand
		if req.Seed != 0 {
			rng = rand.New(rand.NewPCG(req.Seed, uint64(len(g.Moves()))))
		}
		m, err := g.Throw(rng)
		if err != nil {
			fail(w, http.StatusBadRequest, "%s", message(err))
			return
		}
		ans.Move = &m
	} else {
		ans.Moves = g.Moves()
		ans.History = s.history(ctx, g, req.Game.Throws)
	}
	ans.Squares, ans.Player, ans.Winner, ans.Over, ans.Standings = g.Squares(), g.Player(), g.Winner(), g.Over(), g.Standings()
	// Exact where the joint chain fits the bounds (solved for the first
	// throw and kept with the game, as is a refusal), else estimated by
	// playing on.
	odds, err := g.OddsContext(ctx)
	if errors.Is(err, snakes.ErrTooLarge) && ctx.Err() == nil {
		var o *snakes.Outlook
		if o, err = g.Outlook(ctx); err == nil {
			odds, ans.Estimated = o.Win, o.Note
		}
	}
	switch {
	case err == nil:
		ans.Odds = odds
	case errors.Is(err, snakes.ErrTooLarge) || errors.Is(err, snakes.ErrInvalidRules):
		ans.Skipped = message(err) // the throw stands: its odds alone are not given
	case ctx.Err() != nil:
		ans.Skipped = "the odds did not fit the time budget"
	default:
		fail(w, http.StatusBadRequest, "%s", message(err))
		return
	}
	out, err := json.Marshal(ans)
	if !shared {
		s.games.keep(key, g, g.OddsMemory())
	}
	done()
	if err != nil {
		fail(w, http.StatusInternalServerError, "%v", err)
		return
	}
	s.answer(w, http.StatusOK, "application/json", out)
}

// history is each player's exact chance to win in game g before its first
// throw and after each of throws, replayed in a game sharing g's tables:
// null where not given, and from the first refused on (the bounds, or the
// time budget half spent: the answer's own odds come after it).
func (s *server) history(ctx context.Context, g *snakes.Game, throws [][]int) [][]float64 {
	out := make([][]float64, len(throws)+1)
	replay, err := snakes.NewGame(g.Board(), g.Rules(), g.Players())
	if err != nil || replay.ShareOdds(g) != nil {
		return out
	}
	deadline, ok := ctx.Deadline()
	for i := range out {
		if ok && time.Until(deadline) < s.Budget/2 {
			break
		}
		odds, err := replay.OddsContext(ctx)
		if err != nil {
			break
		}
		out[i] = odds
		if i < len(throws) {
			if _, err := replay.Apply(throws[i]...); err != nil {
				break
			}
		}
	}
	return out
}
