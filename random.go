package snakes

import (
	"context"
	"math"
	"math/rand/v2"
)

// LengthDistribution returns the distribution of the length of a
// one-player game: element t is the probability that the player, rolling a
// fair die every turn, reaches the last square exactly on turn t, for t in
// 0..maxTurns (element 0 is 1 only when the start is the last square). The
// entries sum to at most 1; the rest is the chance the game lasts longer, or
// never ends. Each entry is within about 1e-12 of the exact chance.
//
// It allocates the result, 8 bytes a turn, and about 40 bytes a square plus
// 12 a distinct move. It follows the game turn by turn, each turn taking
// time proportional to the squares and moves, until maxTurns or until the
// chances settle into their geometric tail (each turn a fixed fraction of
// the last), which then gives the rest in closed form.
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
	if maxTurns < 0 {
		return nil, errorf(ErrInvalidRules, "maxTurns is %d, want 0 or more", maxTurns)
	}
	if bytes := 8 * (float64(maxTurns) + 1); bytes > MaxBytes {
		return nil, tooBig(bytes, "the length distribution to turn %d", maxTurns)
	}
	w, err := newWalk(&g)
	if err != nil {
		return nil, err
	}
	dist := make([]float64, maxTurns+1)
	dist[0] = w.finished
	for t := 1; t <= maxTurns; t++ {
		dist[t] = w.turn()
		if w.alive == 0 {
			break // nothing left can finish: the rest are 0
		}
		if t%settled == 0 {
			if lambda, ok := w.geometric(); ok {
				p := w.left * (1 - lambda)
				for u := t + 1; u <= maxTurns && p != 0; u++ {
					dist[u] = p
					p *= lambda
				}
				break
			}
		}
		if err := w.budget(); err != nil {
			return nil, err
		}
	}
	return dist, nil
}

// MedianTurns returns the median length of a one-player game: the fewest
// turns t such that the player has finished within t turns with probability
// at least 1/2 (evaluated in float64). On a board where the player may never
// finish it still exists if the player finishes with probability 1/2 or
// more; otherwise the error wraps [ErrNeverFinishes]. Other errors are as
// for [Rules.ExpectedTurns]; it follows the game turn by turn as
// [Rules.LengthDistribution] does, so games too long to follow within
// [MaxWork] steps give [ErrTooLarge].
func (r Rules) MedianTurns(b *Board) (int, error) {
	return r.medianTurns(context.Background(), b)
}

func (r Rules) medianTurns(ctx context.Context, b *Board) (int, error) {
	w, err := r.walk(ctx, b)
	if err != nil {
		return 0, err
	}
	var done sum // chance of having finished by turn t
	done.add(w.finished)
	for t := 0; ; t++ {
		if t > 0 {
			done.add(w.turn())
		}
		if done.value() >= 0.5 {
			return t, nil
		}
		if done.value()+w.alive < 0.5 {
			return 0, errorf(ErrNeverFinishes, "the player finishes with probability %.3g, less than 1/2, so no median length exists", done.value()+w.alive)
		}
		if err := w.budget(); err != nil {
			return 0, err
		}
	}
}

// ModeTurns returns the most likely length of a one-player game, the
// smallest on a tie. Its error wraps [ErrNeverFinishes] when the player can
// never finish; other errors are as for [Rules.MedianTurns].
func (r Rules) ModeTurns(b *Board) (int, error) {
	return r.modeTurns(context.Background(), b)
}

func (r Rules) modeTurns(ctx context.Context, b *Board) (int, error) {
	w, err := r.walk(ctx, b)
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
// When the game surely ends the chances sum to 1 within 1e-12, however long
// the game; on a board where a player can be trapped (reach a square with no
// way on to the last) they sum to the chance that anyone finishes,
// 1 − (1 − p)^players for a player's chance p to finish.
//
// It allocates 8 bytes a player besides what [Rules.LengthDistribution]
// does, and follows one player's game turn by turn, each turn taking time
// proportional to the squares, moves and players, until the chances settle
// into their geometric tail, summed in closed form.
//
// Errors wrap [ErrInvalidRules] for invalid r or fewer than one player,
// [ErrInvalidBoard] for a nil or empty board, and [ErrTooLarge] for more
// than 2²⁰ players or a game too long to follow within [MaxWork] steps.
func (r Rules) WinChances(b *Board, players int) ([]float64, error) {
	return r.winChances(context.Background(), b, players)
}

func (r Rules) winChances(ctx context.Context, b *Board, players int) ([]float64, error) {
	if err := checkPlayers(players); err != nil {
		return nil, err
	}
	w, err := r.walk(ctx, b)
	if err != nil {
		return nil, err
	}
	wins, _, _, err := w.race(players)
	if err == nil && players == 1 && w.trap < 0 {
		wins[0] = 1 // the game surely ends; the sum of its tail is 1 less rounding
	}
	return wins, err
}

func checkPlayers(players int) error {
	if players < 1 {
		return errorf(ErrInvalidRules, "players is %d, want at least 1", players)
	}
	if players > maxPlayers {
		return errorf(ErrTooLarge, "players is %d, over the bound of %d", players, maxPlayers)
	}
	return nil
}

// GameLength returns the expected length of a game of players players, who
// take turns and stop when the first of them reaches the last square: in
// rounds (a round is one turn of each player, the last one possibly cut
// short) and in turns taken in all. With one player both equal
// [Rules.ExpectedTurns]. Errors are as for [Rules.WinChances], with
// [ErrNeverFinishes] when a player can be trapped: a game in which every
// player can be trapped has no expected length. Its cost is that of
// [Rules.WinChances].
func (r Rules) GameLength(b *Board, players int) (rounds, turns float64, err error) {
	if err := checkPlayers(players); err != nil {
		return 0, 0, err
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
// term, or until it settles into its geometric tail, which is then summed
// in closed form. Players are independent, so the i-th player wins on its
// turn t when it finishes then, the i players before it have taken t turns
// without finishing, and the ones after it t-1. The expected rounds and
// turns are only meaningful when the game surely ends.
//
// Since the walk's left falls by exactly what finishes, the terms of one
// turn add up to before^players − after^players, and the turns telescope:
// compensated sums keep the total within a few roundings of 1.
func (w *walk) race(players int) (wins []float64, rounds, turns float64, err error) {
	acc := make([]sum, players)
	var sumRounds, sumTurns sum
	k := float64(players)
	before, f := 1.0, w.finished // chance of playing on before turn t; of finishing on it
	for t := 0; ; t++ {
		if t > 0 {
			f = w.turn()
		}
		after := w.left
		if f > 0 {
			for i := range acc {
				term := f * powi(after, i) * powi(before, players-1-i)
				if term == 0 && after < before {
					break // and so are the terms of the later players
				}
				acc[i].add(term)
				if t > 0 {
					sumTurns.add(term * (float64(t-1)*k + float64(i+1)))
				}
			}
			w.work += k
		}
		sumRounds.add(powi(after, players))
		if w.alive < 1e-18 || (players > 1 && powi(after, players-1) == 0) {
			break // every later term is below the last bit of every sum
		}
		if t%settled == 0 {
			if lambda, ok := w.geometric(); ok {
				w.tail(acc, &sumRounds, &sumTurns, t, lambda)
				break
			}
		}
		if err := w.budget(); err != nil {
			return nil, 0, 0, err
		}
		before = after
	}
	wins = make([]float64, players)
	for i := range acc {
		wins[i] = acc[i].value()
	}
	return wins, sumRounds.value(), sumTurns.value(), nil
}

// tail adds to the race's sums the turns after turn last, in closed form,
// for a game in its geometric tail: with S the chance of not having
// finished after turn last and q = λ^players, player i wins after it with
// chance S^players·λ^i/(1+λ+…+λ^(players−1)), and the rounds and turns are
// geometric series in q.
func (w *walk) tail(acc []sum, rounds, turns *sum, last int, lambda float64) {
	k := len(acc)
	s := powi(w.left, k)
	geo := 0.0 // 1 + λ + … + λ^(k−1), so that 1 − q = (1−λ)·geo without cancellation
	for i := k - 1; i >= 0; i-- {
		geo = geo*lambda + 1
	}
	gap := w.finished / (w.left + w.finished) // 1 − λ
	q := powi(lambda, k)
	oneMinusQ := gap * geo
	rounds.add(s * q / oneMinusQ)
	li := 1.0 // λ^i
	for i := range acc {
		acc[i].add(s * li / geo)
		turns.add(s * gap * li * ((float64(last)*float64(k)+float64(i+1))/oneMinusQ + float64(k)*q/(oneMinusQ*oneMinusQ)))
		li *= lambda
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
// reaches the last square or maxTurns moves are made, of at most 2²² (a
// larger maxTurns is taken as 2²², so that a game on a board with a trap
// cannot fill memory: the record is then at most 128 MiB; check whether the
// last move ends on the last square). Under Stay an
// overshooting roll is a move whose To equals its From. It returns nil for
// invalid r, a nil or empty board, or maxTurns below 1. It allocates the
// moves and takes time proportional to their number.
func (r Rules) Play(b *Board, rng *rand.Rand, maxTurns int) []Move {
	g, err := r.playable(b)
	if err != nil || maxTurns < 1 {
		return nil
	}
	maxTurns = min(maxTurns, playCap)
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
	share    float64 // the chance of one face, 1/Faces
	mass     []float64
	next     []float64 // after a turn: the mass before it
	left     float64   // chance of not having finished, kept as 1 − Σ finished
	alive    float64   // chance of not having finished but still being able to
	finished float64   // chance of having finished on the latest turn

	canFinish []bool // squares from which the last square can be reached
	reached   []bool // squares where a turn can end, from the start
	trap      int32  // a square the token can reach with no way on, or -1
	turns     int
	work      float64         // steps taken so far, bounded by MaxWork
	ctx       context.Context // when not nil, the walk stops once it is done
	checks    int
}

// An edge is a destination and how many of the die's faces go there.
type edge struct{ to, n int32 }

// walkBytes is what newWalk allocates on a board of size squares (counting
// square 0) whose squares have at most out distinct destinations.
func walkBytes(size, out float64) float64 {
	// mass, next, first, canFinish, reached; classify's into, from and fill
	// for a moment; 8 bytes an edge.
	return size*(8+8+4+1+1+4+4) + size*out*(8+4)
}

func newWalk(g *game) (*walk, error) {
	size := int(g.last) + 1
	out := float64(min(int(g.faces), size))
	if bytes := walkBytes(float64(size), out); bytes > MaxBytes {
		return nil, tooBig(bytes, "following random play on %d squares", g.last)
	}
	if steps := float64(size) * float64(g.faces); steps > workBound {
		return nil, tooLong(steps, "listing the rolls of a %d-faced die from %d squares", g.faces, g.last)
	}
	w := &walk{g: g, mass: make([]float64, size), next: make([]float64, size), first: make([]int32, size+1), share: 1 / float64(g.faces)}
	// At most out edges a square, as walkBytes counted: allocated at once,
	// since growing a slice of 10⁸ edges copies it again and again.
	w.edges = make([]edge, 0, size*int(out))
	// Rolls that end on the same square (overshoots, above all, with a die
	// bigger than the board) become one edge.
	count := make([]int32, size)
	var touched []int32
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
			w.edges = append(w.edges, edge{to: to, n: count[to]})
			count[to] = 0
		}
	}
	w.first[g.last] = int32(len(w.edges))
	w.first[size] = int32(len(w.edges))
	w.work = float64(size) * float64(g.faces)
	w.classify()
	if g.start == g.last {
		w.finished = 1
	} else {
		w.mass[g.start], w.left = 1, 1
		if w.canFinish[g.start] {
			w.alive = 1
		}
	}
	return w, nil
}

// out returns the edges leaving square v.
func (w *walk) out(v int32) []edge { return w.edges[w.first[v]:w.first[v+1]] }

// classify finds the squares from which the last square can be reached, by
// a search back along the edges from it, the squares the token can reach,
// and whether it can reach any square of the first kind.
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
	for v := int32(0); v < int32(size-1); v++ {
		for _, e := range w.out(v) {
			from[fill[e.to]] = v
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
	w.reached = make([]bool, size)
	w.reached[w.g.start] = true
	stack = append(stack[:0], w.g.start)
	for len(stack) > 0 {
		v := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if !w.canFinish[v] && w.trap < 0 {
			w.trap = v
		}
		if v == w.g.last {
			continue
		}
		for _, e := range w.out(v) {
			if !w.reached[e.to] {
				w.reached[e.to] = true
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
		p *= w.share
		out := w.out(int32(v))
		for _, e := range out {
			w.next[e.to] += p * float64(e.n)
		}
		w.work += float64(len(out))
	}
	w.mass, w.next = w.next, w.mass
	w.finished = w.mass[last]
	w.mass[last] = 0
	// left is not summed from the mass but carried down by what finishes,
	// so that left before a turn minus left after it is exactly what
	// finished on it: the race's terms then telescope, and their sum stays
	// 1 over millions of turns instead of gathering a rounding error a turn.
	w.left = max(w.left-w.finished, 0)
	w.alive = 0
	for v, p := range w.mass {
		if w.canFinish[v] {
			w.alive += p
		}
	}
	w.turns++
	w.work += float64(last)
	return w.finished
}

// tailTolerance bounds, in absolute terms, how far the geometric tail that
// geometric returns may be from any chance it stands for.
const tailTolerance = 1e-14

// geometric reports whether, after the latest turn, the game has settled
// into its geometric tail: the mass m after the turn is, square by square,
// λ times the mass before it, where λ is the chance of not finishing on a
// turn. From then on the chance of finishing on each later turn is
// (1−λ)·λ^j·left. Writing δ for Σ|m − λ·m_before|, every later mass vector
// is within δ/(1−λ) of that model (a turn moves an error no further than
// its size), and so is every chance; geometric answers true only when that
// bound is below tailTolerance. It answers false on boards where the token
// can be trapped, whose unfinished mass does not vanish.
func (w *walk) geometric() (lambda float64, ok bool) {
	if w.trap >= 0 || w.left == 0 || w.finished == 0 {
		return 0, false
	}
	var now, before float64
	for v, p := range w.mass {
		now += p
		before += w.next[v]
	}
	if before == 0 {
		return 0, false
	}
	ratio := now / before
	delta := 0.0
	for v, p := range w.mass {
		delta += math.Abs(p - ratio*w.next[v])
	}
	w.work += 2 * float64(len(w.mass))
	// 1 − λ is the chance of finishing on a turn from where the mass was:
	// computed from the finishing chance, it loses nothing to cancellation.
	gap := w.finished / (w.left + w.finished)
	if gap <= 0 || delta/gap > tailTolerance {
		return 0, false
	}
	return w.left / (w.left + w.finished), true
}

// settled is how often, in turns, the walks look for the geometric tail.
const settled = 8

// budget reports ErrTooLarge once the walk has taken more than MaxWork steps.
// It also reports the context's error once the walk's context is done,
// looking every 64 calls.
func (w *walk) budget() error {
	if w.work > workBound {
		return errorf(ErrTooLarge, "games last too long to evaluate: after %d turns %.3g of them are still going, and following them further would take over %.3g steps (MaxWork)", w.turns, w.left, workBound)
	}
	if w.ctx != nil {
		if w.checks++; w.checks&63 == 0 {
			return w.ctx.Err()
		}
	}
	return nil
}

// walk returns a walk on b under r that stops once ctx is done.
func (r Rules) walk(ctx context.Context, b *Board) (*walk, error) {
	g, err := r.playable(b)
	if err != nil {
		return nil, err
	}
	w, err := newWalk(&g)
	if err == nil {
		w.ctx = ctx
	}
	return w, err
}

// surely returns a walk on b under r after checking that the game surely
// ends, for the figures that do not exist otherwise.
func (r Rules) surely(b *Board) (*walk, error) {
	w, err := r.walk(context.Background(), b)
	if err != nil {
		return nil, err
	}
	if w.trap >= 0 {
		return nil, errorf(ErrNeverFinishes, "square %d can be reached, and the last square cannot be reached from it", w.trap)
	}
	return w, nil
}

// A sum adds floats with Neumaier's compensation, so that a sum of millions
// of terms keeps the precision of one addition.
type sum struct{ s, c float64 }

func (a *sum) add(x float64) {
	t := a.s + x
	if math.Abs(a.s) >= math.Abs(x) {
		a.c += (a.s - t) + x
	} else {
		a.c += (x - t) + a.s
	}
	a.s = t
}

func (a *sum) value() float64 { return a.s + a.c }
