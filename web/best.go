package web

// This file is the API of the page's best play: the strategy of least
// expected turns where the rules let a jump be declined or a die be
// picked, drawn on the board.

import (
	"encoding/json"
	"errors"
	"math"
	"net/http"

	"github.com/snakesladders/snakes"
)

// bestRequest is what /api/best takes: a board, its rules and the choices.
type bestRequest struct {
	Board  json.RawMessage `json:"board"`
	Rules  json.RawMessage `json:"rules"`
	Choice snakes.Choice   `json:"choice"`
}

// bestAnswer is what /api/best answers: the least expected turns and
// random play's (null where not computed), the jumps the best play
// declines, the faces of the die it picks on each square (index = square;
// 0 on the last square and where no strategy finishes; null when no die
// is chosen), and the first of two players' chance to win when both play
// it (null with the reason in race where it is not given).
type bestAnswer struct {
	ExpectedTurns float64  `json:"expectedTurns"`
	RandomTurns   *float64 `json:"randomTurns"`
	Declined      [][2]int `json:"declined"`
	Dice          []int    `json:"dice"`
	FirstWins     *float64 `json:"firstWins"`
	Race          string   `json:"race,omitempty"`
}

func (q *bestRequest) boardAndRules() (board, rules json.RawMessage) { return q.Board, q.Rules }

func (s *server) best(w http.ResponseWriter, r *http.Request) {
	var req bestRequest
	b, rules, ctx, done, ok := s.start(w, r, &req)
	if !ok {
		return
	}
	defer done()
	st, err := rules.BestPlay(ctx, b, req.Choice)
	switch {
	case errors.Is(err, snakes.ErrTooLarge), err != nil && ctx.Err() != nil: // past the bounds or the budget
		done()
		fail(w, http.StatusUnprocessableEntity, "%s", message(err))
		return
	case err != nil:
		done()
		fail(w, http.StatusBadRequest, "%s", message(err))
		return
	}
	out := bestAnswer{ExpectedTurns: st.ExpectedTurns(), Declined: [][2]int{}}
	// Random play's within what is left of the request's budget.
	if a, err := rules.Analyze(ctx, b); err == nil {
		if e, err := a.ExpectedTurns(ctx); err == nil {
			out.RandomTurns = &e
		}
	}
	from := st.ExpectedFrom()
	if len(req.Choice.Faces) > 0 {
		out.Dice = make([]int, len(from))
	}
	for v := range from[:len(from)-1] {
		if to, ok := b.Jump(v); ok && to != v && !st.Takes(v) {
			out.Declined = append(out.Declined, [2]int{v, to})
		}
		if out.Dice != nil && !math.IsInf(from[v], 1) {
			out.Dice[v] = st.Die(v)
		}
	}
	if wins, err := st.WinChances(ctx, 2); err == nil {
		out.FirstWins = &wins[0]
	} else {
		out.Race = message(err)
	}
	done()
	data, err := json.Marshal(out)
	if err != nil {
		fail(w, http.StatusInternalServerError, "%s", message(err))
		return
	}
	s.answer(w, http.StatusOK, "application/json", data)
}
