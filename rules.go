package snakes

import "fmt"

// Rules say how a roll moves a token. The zero Rules are LeetCode 909's: a
// six-sided die, the token starts on square 1, a roll that would pass the
// last square is not taken (the token stays; for random play the turn is
// used), and at most one jump is followed per roll.
//
// Searches ([Rules.MinRolls], [Rules.ShortestPath], [Rules.Distances]) let
// the player choose each roll; the random-play methods roll a fair die.
type Rules struct {
	// Faces is the number of faces of the die, which shows 1..Faces; 0 means
	// 6. At most 65536.
	Faces int `json:"faces"`

	// StartOffBoard puts tokens on square 0, off the board: the first roll
	// lands on 1..Faces, and a jump starting on square 1 is followed.
	StartOffBoard bool `json:"startOffBoard"`

	// Overshoot says what a roll past the last square does.
	Overshoot Overshoot `json:"overshoot"`

	// Chain keeps following jumps from a jump's destination until a square
	// with no jump. When the next jump would return to a square already
	// passed during this roll the token stops where it is, so a chain always
	// ends and a jump to its own square has no effect.
	Chain bool `json:"chain"`
}

// Overshoot is what a roll that would carry the token past the last square
// does. The zero value is Stay.
type Overshoot int

const (
	// Stay leaves the token where it is; the turn is used.
	Stay Overshoot = iota
	// Bounce moves the token to the last square and back by the excess (and,
	// should a die bigger than the board call for it, forward again from
	// square 1); a jump where it stops is followed.
	Bounce
	// Finish ends the game: the token stops on the last square.
	Finish
)

// maxFaces bounds Rules.Faces so that per-square move tables stay small.
const maxFaces = 1 << 16

// String returns the constant's name, or Overshoot(k) for an unknown value.
func (o Overshoot) String() string {
	switch o {
	case Stay:
		return "Stay"
	case Bounce:
		return "Bounce"
	case Finish:
		return "Finish"
	}
	return fmt.Sprintf("Overshoot(%d)", int(o))
}

// Validate reports, without allocating, whether r is usable: Faces in 0..65536 and a declared
// Overshoot. The error wraps [ErrInvalidRules] and names the field and value.
// Methods that cannot return an error treat invalid rules as documented on
// each: no path, no distances, no moves.
func (r Rules) Validate() error {
	if r.Faces < 0 || r.Faces > maxFaces {
		return errorf(ErrInvalidRules, "Faces is %d, want 0 (meaning 6) or 1..%d", r.Faces, maxFaces)
	}
	if r.Overshoot < Stay || r.Overshoot > Finish {
		return errorf(ErrInvalidRules, "Overshoot is %d, want Stay (0), Bounce (1) or Finish (2)", int(r.Overshoot))
	}
	return nil
}

// A game is a board under a rule set. It is the one place that knows how a
// roll moves a token: step, land and overshoot. Hot loops call land for the
// rolls that stay on the board and overshoot for the rest, and the word-wise
// search applies land's rule to 64 squares at once through starts.
type game struct {
	jumps  []int32  // landing square → where the turn ends; -1 when it ends there
	starts []uint64 // bitset of the squares where jumps is not -1
	last   int32    // the last square, n²
	faces  int32
	over   Overshoot
	start  int32 // 0 or 1

	// board is set when the rules allow searching back from the last square
	// as well: one jump per roll, overshoots stay, a die under 64 faces.
	board *squares
}

// game validates r and prepares b for it. A nil or zero board yields a game
// with no squares, on which no search reaches the end.
func (r Rules) game(b *Board) (game, error) {
	if err := r.Validate(); err != nil {
		return game{}, err
	}
	g := game{faces: int32(r.Faces), over: r.Overshoot, start: 1}
	if g.faces == 0 {
		g.faces = 6
	}
	if r.StartOffBoard {
		g.start = 0
	}
	if b.Squares() == 0 {
		g.last = -1
		return g, nil
	}
	g.last = int32(b.Squares())
	sq := b.sq
	g.jumps, g.starts = sq.flat, sq.starts
	if r.Chain {
		g.jumps = sq.chainedJumps()
	} else if g.over == Stay && g.faces < 64 {
		g.board = sq
	}
	return g, nil
}

// land returns where a turn ends when a roll puts the token on square t.
func (g *game) land(t int32) int32 {
	if d := g.jumps[t]; d >= 0 {
		return d
	}
	return t
}

// step returns where a roll of roll puts a token standing on from, before
// (landed) and after (to) any jump. Under Stay an overshooting roll leaves
// both equal to from.
func (g *game) step(from, roll int32) (landed, to int32) {
	if t := from + roll; t <= g.last {
		return t, g.land(t)
	}
	return g.overshoot(from, roll)
}

// overshoot is step for a roll past the last square.
func (g *game) overshoot(from, roll int32) (landed, to int32) {
	switch g.over {
	case Finish:
		return g.last, g.last
	case Bounce:
		t := g.bounce(from + roll)
		return t, g.land(t)
	}
	return from, from
}

// bounce folds a position past the last square back onto the board, as a
// ball between square 1 and the last square would travel.
func (g *game) bounce(t int32) int32 {
	if g.last == 1 {
		return 1
	}
	period := 2 * (int64(g.last) - 1)
	k := (int64(t) - 1) % period
	if k >= int64(g.last) {
		k = period - k
	}
	return int32(k + 1)
}

// chainedJumps returns flat with each jump followed through further jumps,
// computed once per board. Jumps form a graph where every square has at most
// one outgoing edge, so a chain either reaches a square with no jump or runs
// into a cycle; entering a cycle at e, the token goes round and stops on the
// cycle square just before e, since the next jump would revisit e.
func (sq *squares) chainedJumps() []int32 {
	sq.chainOnce.Do(func() { sq.chained = chain(sq.flat) })
	return sq.chained
}

func chain(flat []int32) []int32 {
	const (
		unseen = iota
		onPath
		done
	)
	out := make([]int32, len(flat))
	copy(out, flat)
	state := make([]uint8, len(flat))
	var path []int32
	for s := range flat {
		if flat[s] < 0 || state[s] != unseen {
			continue
		}
		path = path[:0]
		v := int32(s)
		for flat[v] >= 0 && state[v] == unseen {
			state[v] = onPath
			path = append(path, v)
			v = flat[v]
		}
		var end int32 // where a chain entering at v stops
		switch {
		case flat[v] < 0:
			end = v
		case state[v] == done:
			end = out[v]
		default: // v is on path: path[i:] is a cycle entered at v
			i := 0
			for path[i] != v {
				i++
			}
			cycle := path[i:]
			for j, c := range cycle {
				out[c] = cycle[(j+len(cycle)-1)%len(cycle)]
				state[c] = done
			}
			end = out[v]
			path = path[:i]
		}
		for _, p := range path {
			out[p] = end
			state[p] = done
		}
	}
	return out
}
