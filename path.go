package snakes

import "github.com/snakesladders/snakes/internal/search"

// This file is ShortestPath and the Move it answers with.

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
	if err != nil || g.Last < 1 || 8*float64(g.Last) > g.Lim.Bytes {
		return nil, false
	}
	return search.Path(&g, moveOf)
}

// moveOf is the Move of a step of a search's path.
func moveOf(s search.Step) Move {
	return Move{From: int(s.From), Roll: int(s.Roll), Landed: int(s.Landed), To: int(s.To), Turn: int(s.Turn)}
}
