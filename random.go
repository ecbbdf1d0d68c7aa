package snakes

import "math/rand/v2"

// LengthDistribution returns the distribution of the length of a
// one-player game: element t is the probability that the player, rolling a
// fair die every turn, reaches the last square exactly on turn t, for t in
// 0..maxTurns (element 0 is 1 only when the start is the last square). The
// entries sum to at most 1; the rest is the chance the game lasts longer, or
// never ends. It takes time proportional to maxTurns·n²·Faces.
//
// Errors wrap [ErrInvalidRules] for invalid r or a negative maxTurns, and
// [ErrInvalidBoard] for a nil or empty board.
func (r Rules) LengthDistribution(b *Board, maxTurns int) ([]float64, error) {
	g, err := r.playable(b)
	if err != nil {
		return nil, err
	}
	if maxTurns < 0 {
		return nil, errorf(ErrInvalidRules, "maxTurns is %d, want 0 or more", maxTurns)
	}
	w := newWalk(&g)
	dist := make([]float64, maxTurns+1)
	dist[0] = w.finished
	for t := 1; t <= maxTurns; t++ {
		dist[t] = w.turn()
	}
	return dist, nil
}

// MedianTurns returns the median length of a one-player game: the fewest
// turns t such that the player has finished within t turns with probability
// at least 1/2 (evaluated in float64). On a board where the player may never
// finish it still exists if the player finishes with probability 1/2 or
// more; otherwise the error wraps [ErrNeverFinishes]. Other errors are as
// for [Rules.ExpectedTurns].
func (r Rules) MedianTurns(b *Board) (int, error) {
	w, err := r.walk(b)
	if err != nil {
		return 0, err
	}
	done := w.finished // chance of having finished by turn t
	for t := 0; ; t++ {
		if t > 0 {
			done += w.turn()
		}
		if done >= 0.5 {
			return t, nil
		}
		if done+w.alive < 0.5 {
			return 0, errorf(ErrNeverFinishes, "the player finishes with probability %.3g, less than 1/2, so no median length exists", done+w.alive)
		}
		if err := w.budget(); err != nil {
			return 0, err
		}
	}
}

// ModeTurns returns the most likely length of a one-player game, the
// smallest on a tie. Its error wraps [ErrNeverFinishes] when the player can
// never finish; other errors are as for [Rules.ExpectedTurns].
func (r Rules) ModeTurns(b *Board) (int, error) {
	w, err := r.walk(b)
	if err != nil {
		return 0, err
	}
	// No later turn can be likelier than the chance of still being able to
	// finish.
	best, mode := w.finished, 0
	for t := 1; w.alive > best; t++ {
		if f := w.turn(); f > best {
			best, mode = f, t
		}
		if err := w.budget(); err != nil {
			return 0, err
		}
	}
	if best == 0 {
		return 0, errorf(ErrNeverFinishes, "the player can never reach square %d", w.g.last)
	}
	return mode, nil
}

// WinChances returns, for a game of players players who take turns, each
// rolling a fair die, and which ends when the first of them reaches the last
// square, the probability that the player who moves i-th wins, as element i.
// When the game surely ends the chances sum to 1 within 1e-12; on a board
// where a player can be trapped (reach a square with no way on to the last)
// they sum to the chance that anyone finishes, 1 − (1 − p)^players for a
// player's chance p to finish.
//
// Errors wrap [ErrInvalidRules] for invalid r or fewer than one player, and
// [ErrInvalidBoard] for a nil or empty board.
func (r Rules) WinChances(b *Board, players int) ([]float64, error) {
	if players < 1 {
		return nil, errorf(ErrInvalidRules, "players is %d, want at least 1", players)
	}
	w, err := r.walk(b)
	if err != nil {
		return nil, err
	}
	wins, _, _, err := w.race(players)
	if err == nil && players == 1 && w.trap < 0 {
		wins[0] = 1 // the game surely ends; the sum of its tail is 1 less rounding
	}
	return wins, err
}

// GameLength returns the expected length of a game of players players, who
// take turns and stop when the first of them reaches the last square: in
// rounds (a round is one turn of each player, the last one possibly cut
// short) and in turns taken in all. With one player both equal
// [Rules.ExpectedTurns]. Errors are as for [Rules.ExpectedTurns], with
// [ErrInvalidRules] also for fewer than one player: a game in which every
// player can be trapped has no expected length.
func (r Rules) GameLength(b *Board, players int) (rounds, turns float64, err error) {
	if players < 1 {
		return 0, 0, errorf(ErrInvalidRules, "players is %d, want at least 1", players)
	}
	w, err := r.surely(b)
	if err != nil {
		return 0, 0, err
	}
	_, rounds, turns, err = w.race(players)
	return rounds, turns, err
}

// race follows one player's length distribution until the chance of still
// being able to finish is below 1e-18, which then bounds every neglected
// term. Players are independent, so the i-th player wins on its turn t when
// it finishes then, the i players before it have taken t turns without
// finishing, and the ones after it t-1. The expected rounds and turns are
// only meaningful when the game surely ends.
func (w *walk) race(players int) (wins []float64, rounds, turns float64, err error) {
	wins = make([]float64, players)
	k := float64(players)
	before, f := 1.0, w.finished // chance of playing on before turn t; of finishing on it
	for t := 0; ; t++ {
		if t > 0 {
			f = w.turn()
		}
		after := w.left
		if f > 0 {
			for i := range wins {
				term := f * powi(after, i) * powi(before, players-1-i)
				wins[i] += term
				if t > 0 {
					turns += term * (float64(t-1)*k + float64(i+1))
				}
			}
		}
		rounds += powi(after, players)
		if w.alive < 1e-18 {
			return wins, rounds, turns, nil
		}
		if err := w.budget(); err != nil {
			return nil, 0, 0, err
		}
		before = after
	}
}

// powi is x to the non-negative integer power n.
func powi(x float64, n int) float64 {
	p := 1.0
	for ; n > 0; n >>= 1 {
		if n&1 == 1 {
			p *= x
		}
		x *= x
	}
	return p
}

// Play plays one random game of one player, rolling with rng (the global
// source of math/rand/v2 when nil), and returns its moves: until the token
// reaches the last square or maxTurns moves are made. Under Stay an
// overshooting roll is a move whose To equals its From. It returns nil for
// invalid r, a nil or empty board, or maxTurns below 1.
func (r Rules) Play(b *Board, rng *rand.Rand, maxTurns int) []Move {
	g, err := r.playable(b)
	if err != nil || maxTurns < 1 {
		return nil
	}
	roll := rand.Int32N
	if rng != nil {
		roll = rng.Int32N
	}
	var moves []Move
	for v := g.start; v != g.last && len(moves) < maxTurns; {
		n := roll(g.faces) + 1
		landed, to := g.step(v, n)
		moves = append(moves, Move{From: int(v), Roll: int(n), Landed: int(landed), To: int(to)})
		v = to
	}
	return moves
}

// walk follows where one player's token may be, turn by turn.
type walk struct {
	g        *game
	edges    []edge  // every square's distinct destinations, square by square
	first    []int32 // edges[first[v]:first[v+1]] leave square v
	mass     []float64
	next     []float64
	left     float64 // chance of not having finished
	alive    float64 // chance of not having finished but still being able to
	finished float64 // chance of having finished on the latest turn

	canFinish []bool // squares from which the last square can be reached
	trap      int32  // a square the token can reach with no way on, or -1
	turns     int
	work      int // edges followed so far, bounded by budget
}

// An edge is a destination and the chance that one roll goes there.
type edge struct {
	to int32
	p  float64
}

func newWalk(g *game) *walk {
	size := int(g.last) + 1
	w := &walk{g: g, mass: make([]float64, size), next: make([]float64, size), first: make([]int32, size+1)}
	// Rolls that end on the same square (overshoots, above all, with a die
	// bigger than the board) become one edge.
	count := make([]int32, size)
	var touched []int32
	share := 1 / float64(g.faces)
	for v := int32(0); v < g.last; v++ {
		w.first[v] = int32(len(w.edges))
		if v < g.start {
			continue
		}
		touched = touched[:0]
		for roll := int32(1); roll <= g.faces; roll++ {
			_, to := g.step(v, roll)
			if count[to] == 0 {
				touched = append(touched, to)
			}
			count[to]++
		}
		for _, to := range touched {
			w.edges = append(w.edges, edge{to: to, p: float64(count[to]) * share})
			count[to] = 0
		}
	}
	w.first[g.last] = int32(len(w.edges))
	w.first[size] = int32(len(w.edges))
	w.classify()
	if g.start == g.last {
		w.finished = 1
	} else {
		w.mass[g.start], w.left = 1, 1
		if w.canFinish[g.start] {
			w.alive = 1
		}
	}
	return w
}

// classify finds the squares from which the last square can be reached, by
// a search back along the edges from it, and whether the token can reach
// any other.
func (w *walk) classify() {
	size := len(w.mass)
	into := make([]int32, size+1) // edges into square v: from[into[v]:into[v+1]]
	for _, e := range w.edges {
		into[e.to+1]++
	}
	for v := 1; v <= size; v++ {
		into[v] += into[v-1]
	}
	from := make([]int32, len(w.edges))
	fill := make([]int32, size)
	copy(fill, into)
	for v := 0; v < size-1; v++ {
		for _, e := range w.edges[w.first[v]:w.first[v+1]] {
			from[fill[e.to]] = int32(v)
			fill[e.to]++
		}
	}
	w.canFinish = make([]bool, size)
	w.canFinish[w.g.last] = true
	stack := []int32{w.g.last}
	for len(stack) > 0 {
		v := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, u := range from[into[v]:into[v+1]] {
			if !w.canFinish[u] {
				w.canFinish[u] = true
				stack = append(stack, u)
			}
		}
	}
	w.trap = -1
	reached := make([]bool, size)
	reached[w.g.start] = true
	stack = append(stack[:0], w.g.start)
	for len(stack) > 0 {
		v := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if !w.canFinish[v] && w.trap < 0 {
			w.trap = v
		}
		for _, e := range w.edges[w.first[v]:w.first[v+1]] {
			if !reached[e.to] {
				reached[e.to] = true
				stack = append(stack, e.to)
			}
		}
	}
}

// turn advances one turn and returns the chance of finishing on it.
func (w *walk) turn() float64 {
	last := w.g.last
	clear(w.next)
	for v, p := range w.mass[:last] {
		if p == 0 {
			continue
		}
		out := w.edges[w.first[v]:w.first[v+1]]
		for _, e := range out {
			w.next[e.to] += p * e.p
		}
		w.work += len(out)
	}
	w.mass, w.next = w.next, w.mass
	w.finished = w.mass[last]
	w.mass[last] = 0
	w.left, w.alive = 0, 0
	for v, p := range w.mass {
		w.left += p
		if w.canFinish[v] {
			w.alive += p
		}
	}
	w.turns++
	w.work += int(last)
	return w.finished
}

// maxWork bounds the squares and edges a walk may visit: games so long that
// their tail needs more are reported rather than computed for minutes.
const maxWork = 1 << 31

func (w *walk) budget() error {
	if w.work > maxWork {
		return errorf(ErrNeverFinishes, "games last too long to evaluate: after %d turns %.3g of them are still going", w.turns, w.left)
	}
	return nil
}

// walk returns a walk on b under r.
func (r Rules) walk(b *Board) (*walk, error) {
	g, err := r.playable(b)
	if err != nil {
		return nil, err
	}
	return newWalk(&g), nil
}

// surely returns a walk on b under r after checking that the game surely
// ends, for the figures that do not exist otherwise.
func (r Rules) surely(b *Board) (*walk, error) {
	w, err := r.walk(b)
	if err != nil {
		return nil, err
	}
	if w.trap >= 0 {
		return nil, errorf(ErrNeverFinishes, "square %d can be reached, and the last square cannot be reached from it", w.trap)
	}
	return w, nil
}
