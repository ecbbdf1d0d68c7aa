package model

import (
	"slices"

	"github.com/snakesladders/snakes/internal/grid"
)

// This file is a game of several tokens as it stands between throws (a
// Position) and the throw that moves it on (Advance): the one place that says
// whose turn follows a throw, which turns are passed over and when the
// game is over. A Game of the public package, Play and the games the
// outlook plays all move by it.

// A Position is where a game of several players stands: every token's
// square, who throws next and how far into a turn, the turns to pass
// over, and who has finished.
type Position struct {
	Squares []int32 // each player's square, 0 off the board
	Player  int     // who throws next
	Run     int32   // the throws of Again in a row in the current turn so far
	Mid     bool    // the current turn has had a throw
	Waiting []bool  // each player's next turn is passed over (a square that costs a turn)
	From    int32   // where the current turn began
	Turn    int     // the current turn, from 1, those of players still playing counted
	Winner  int     // the first to finish, or -1
	Placed  []int   // the players in the order they finished
	Over    bool    // the first has finished, or under PlayOn all but one
}

// Begin returns the position of players tokens on g's start, player 0 to
// throw: over at once on a board whose start is its last square, the
// players placed in turn order.
func (g *Game) Begin(players int) Position {
	p := Position{Squares: make([]int32, players), Waiting: make([]bool, players), Winner: -1, Turn: 1, From: g.Start}
	for i := range p.Squares {
		p.Squares[i] = g.Start
	}
	if g.Start == g.Last {
		p.Winner, p.Over, p.Placed = 0, true, []int{0}
		for q := 1; q < players && g.PlayOn; q++ {
			p.Placed = append(p.Placed, q)
		}
	}
	return p
}

// Clone returns a copy of p that shares nothing with it.
func (p *Position) Clone() Position {
	var c Position
	c.CopyFrom(p)
	return c
}

// CopyFrom makes p a copy of from in p's own slices, grown where they are
// too short: games played one after another from one position reuse them.
func (p *Position) CopyFrom(from *Position) {
	squares, waiting, placed := p.Squares, p.Waiting, p.Placed
	*p = *from
	p.Squares = append(squares[:0], from.Squares...)
	p.Waiting = append(waiting[:0], from.Waiting...)
	p.Placed = append(placed[:0], from.Placed...)
}

// Advance makes a throw of total for the player to throw (the position not
// over): ThrowAmong moves the tokens, and the turn goes on or passes to
// the next player still playing, passing over a waiting player's turn
// (counted) and a finished one's (not counted). A token that reaches the
// last square finishes: the game is over then, or under PlayOn when one
// player is left, who is placed last. It returns where the throw landed
// and left the token and the effect it set off.
func (g *Game) Advance(p *Position, total int32) (landed, to int32, eff grid.Effect) {
	q := p.Player
	landed, to, how, run, eff := g.ThrowAmong(p.Squares, q, p.From, total, p.Run)
	switch {
	case to == g.Last:
		p.finish(q, g.PlayOn, g.Last)
		if p.Over {
			return landed, to, eff
		}
	case how == TurnGoes:
		p.Mid, p.Run = true, run
		return landed, to, eff
	}
	p.Waiting[q] = eff == grid.Miss
	g.endTurn(p)
	return landed, to, eff
}

// endTurn ends the turn of the player to throw: the next player still
// playing throws next, a waiting player's turn passed over (and counted),
// a finished one's not counted.
func (g *Game) endTurn(p *Position) {
	p.Run, p.Mid = 0, false
	for {
		p.Player = (p.Player + 1) % len(p.Squares)
		if p.Squares[p.Player] == g.Last {
			continue
		}
		p.Turn++
		if !p.Waiting[p.Player] {
			break
		}
		p.Waiting[p.Player] = false
	}
	p.From = p.Squares[p.Player]
}

// Resume turns a position over at its first finish, as a game without
// PlayOn ends, into the one a game played on goes on from: the winner's
// turn ends there. A position that is not over, or that has placed
// every player, is left as it is.
func (g *Game) Resume(p *Position) {
	if !p.Over || len(p.Placed) == len(p.Squares) {
		return
	}
	left := 0
	for _, s := range p.Squares {
		if s != g.Last {
			left++
		}
	}
	if left <= 1 { // over played on too (a board whose start is its end): the rest placed in turn order
		for q := range p.Squares {
			if !slices.Contains(p.Placed, q) {
				p.Placed = append(p.Placed, q)
			}
		}
		return
	}
	p.Over = false
	g.endTurn(p)
}

// finish places player q, whose token has reached last: the game is over
// at the first finish, or under playOn when one player is left, who is
// placed last. The player to throw after the game is the winner.
func (p *Position) finish(q int, playOn bool, last int32) {
	p.Placed = append(p.Placed, q)
	if p.Winner < 0 {
		p.Winner = q
	}
	n := len(p.Squares)
	if playOn && len(p.Placed) < n-1 {
		return
	}
	if playOn && len(p.Placed) == n-1 {
		for r, s := range p.Squares {
			if s != last {
				p.Placed = append(p.Placed, r)
			}
		}
	}
	p.Over, p.Player = true, p.Winner
}
