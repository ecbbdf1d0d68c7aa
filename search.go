package snakes

import (
	"github.com/snakesladders/snakes/internal/model"
	"github.com/snakesladders/snakes/internal/search"
)

// This file is the fewest-rolls API: MinRolls, Distances and
// ShortestPath with the Move it answers with, under the zero Rules and any
// other.

// MinRolls returns the fewest rolls that take a token from square 1 to the
// last square under the zero [Rules]: 0 on a 1×1 board, -1 when the last
// square cannot be reached (or b is nil or empty). It is Rules{}.MinRolls(b).
func MinRolls(b *Board) int { return Rules{}.MinRolls(b) }

// Distances returns, for every label of b, the fewest rolls after which a
// turn can end on that square under the zero [Rules], or -1 where no turn
// ever ends there. Index 0 is -1. Distances(b)[b.Squares()] == MinRolls(b).
func Distances(b *Board) []int { return Rules{}.Distances(b) }

// MinRolls returns the fewest throws, each total chosen freely among those
// the dice can show, that take a token from the start to the last square:
// 0 when the start is the last square (a 1×1 board starting on it), -1
// when it cannot be reached, when b is nil or empty, or when r is invalid.
// Under Rules.Enter only a throw of Enter leaves square 0; under
// Rules.AgainLimit no fewest path throws Again as often in a row as voids
// the turn. Square effects change the count only through that run: a
// square that costs a turn ends the turn and its run, a square's throw on
// another total breaks it; otherwise a search counts throws, not turns,
// and effects show only in each [Move]'s Turn and Effect.
//
// With totals 1..Faces that can all show, fewer than 24 of them, no Enter
// and no AgainLimit, it does not allocate in steady state: its buffers
// come from a pool, about one byte a square, and its time grows with the
// squares reached times the faces over 64. Other rules, and wider dice,
// search by intervals of squares over a state for each square and each
// length of a run of Again throws (up to AgainLimit), allocating 8 bytes a
// state and 24 a square and taking time linear in the states and jumps,
// whatever the number of totals; -1 past [MaxBytes]. On
// boards of 4096 squares or more, under rules with one jump per roll and
// overshoots that stay, it also searches back from the last square and stops
// where the two searches meet, which on boards with many jumps looks at a
// small part of the board; the jumps indexed by destination that this needs
// are built on the first call and kept with the board (about 8 bytes a jump).
func (r Rules) MinRolls(b *Board) int {
	g, err := r.game(b)
	if err != nil || g.Last < 1 {
		return -1
	}
	return search.MinRolls(&g)
}

// Distances returns, indexed by label, the fewest throws after which the
// token can stand on each square (mid-turn or not, under Rules.Again), and
// -1 where it cannot; the throws are chosen as for [Rules.MinRolls]. Index
// 0 is the off-board start: 0 where tokens start there (StartOffBoard, or
// Enter above 0), else -1. It returns nil when r is invalid,
// or when the result and the search's distances would need more than
// [MaxBytes] (12 bytes a square: boards of over 7·10⁸ squares). Its time
// grows with the squares reached.
func (r Rules) Distances(b *Board) []int {
	g, err := r.game(b)
	if err != nil || !g.Take(12*float64(g.Last)) {
		return nil
	}
	if g.Last < 1 {
		return []int{-1}
	}
	return search.Distances(&g)
}

// What follows is ShortestPath and the Move it answers with.

// A Move is one throw: the token stands on From, the dice total Roll, it is
// put on Landed, and the throw leaves it on To. Under the zero [Rules]
// Landed is From+Roll; after a bounce it is where the token bounced to,
// and under Stay an overshooting throw leaves Landed and To equal to From.
// To differs from Landed exactly when Landed starts a jump that is taken,
// or when the throw voids its turn (Rules.AgainLimit): then Landed is From
// and To is where the token goes back. Turn is the turn the throw belongs
// to, counting from 1: every throw is a turn of its own unless the rules
// give another throw (Rules.Again).
type Move struct {
	From   int `json:"from"`
	Roll   int `json:"roll"`
	Landed int `json:"landed"`
	To     int `json:"to"`
	Turn   int `json:"turn"`
	Player int `json:"player,omitempty"` // in a Game: who threw, 0-based
	// Effect is the effect of the square the throw left the token on, when
	// the throw set it off (see [Effect]): NoEffect, ThrowAgain or MissTurn.
	Effect Effect `json:"effect,omitempty"`
}

// ShortestPath returns a path of MinRolls(b) moves from square 1 to the last
// square under the zero [Rules]. It is Rules{}.ShortestPath(b).
func ShortestPath(b *Board) ([]Move, bool) { return Rules{}.ShortestPath(b) }

// ShortestPath returns a fewest-throws path from the start to the last
// square, and whether there is one: the bool is false, and the path nil,
// when the last square cannot be reached (or b is nil or empty, r is
// invalid, or the search would need more than [MaxBytes], about 8 bytes a
// square: boards of over 10⁹ squares). When the start is the last square
// the path is empty, not nil, and the bool true. The throws are chosen as
// for [Rules.MinRolls]: of all fewest-throw paths, the one whose sequence
// of Roll values (totals) is lexicographically smallest, so the answer is
// unique. Each Move's Turn says which turn it belongs to.
//
// On boards of under 4096 squares it allocates only the returned slice,
// besides pooled buffers of about 9 bytes a square, and its time grows
// with the squares reached. On larger boards, under the rules whose fewest
// throws the search finds both ways, it searches both ways as MinRolls
// does, then forward and back again level by level, keeping the distances
// of the squares it touches in tables of their own: time and memory follow
// what the search touches, not the board (on 10⁸ squares with 1% random
// jumps, about 20 times MinRolls, where a search over every square took
// thousands). Under a die of 24 faces or more, and the house rules the
// word-wise search does not serve, it searches by intervals of squares:
// time linear in the squares and jumps, whatever the number of faces, and
// about 24 bytes a square besides 8 a state.
func (r Rules) ShortestPath(b *Board) ([]Move, bool) {
	g, err := r.game(b)
	if err != nil || g.Last < 1 {
		return nil, false
	}
	return shortestPath(&g)
}

// shortestPath is ShortestPath of a game with squares.
func shortestPath(g *model.Game) ([]Move, bool) {
	if g.Mem.Held()+8*float64(g.Last) > g.Lim.Bytes { // the search's, known before it starts
		return nil, false
	}
	return search.Path(g, moveOf)
}

// moveOf is the Move of a step of a search's path.
func moveOf(s search.Step) Move {
	return Move{From: int(s.From), Roll: int(s.Roll), Landed: int(s.Landed), To: int(s.To), Turn: int(s.Turn), Effect: Effect(s.Effect)}
}
