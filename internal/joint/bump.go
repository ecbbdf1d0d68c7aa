package joint

import (
	"context"
	"math"
	"slices"

	"github.com/snakesladders/snakes/internal/errs"
	"github.com/snakesladders/snakes/internal/linalg"
	"github.com/snakesladders/snakes/internal/model"
)

// This file is the joint chain of every player's token under Bump: its
// states, their successors and classes, the chances to win and the length
// read from its solve, and the solves (elimination, Gauss–Seidel sweeps,
// rings). The Bump rule makes it necessary:
// a token that lands where others stand sends them back, so the players'
// games are no longer independent, and who wins depends on where every
// token stands. A state is every token's square, the mover's first, and,
// within a turn of Again throws under AgainLimit, how many have been
// thrown and the square the turn began on (the throws of Again all show
// one total, so the two say where the mover stands). Turning the players
// round so that the mover is always first makes one state serve every
// player's turn: a state's values are the chances of the player at each
// place from the mover, and a turn that ends turns them round by one.

// A Joint is the solved Joint chain of a game of n players.
type Joint struct {
	g    *model.Game
	n    int
	real int     // the chain's states 0..last
	sq   []int32 // the squares a token can stand on between throws, in order (rest)
	cid  []int32 // per chain state: its index in sq, or -1
	size int     // len(sq)
	runs int     // states of a turn: the throws of Again so far (AgainLimit, 2 without one, 1 without Again); see width
	// width is 1, or with effects under AgainLimit the squares a turn can
	// begin on: a state within a turn (k = 1 + the run so far) is then
	// where the mover stands (pos[0]), where its turn began and its run.
	width int
	chain []int32 // under AgainLimit, chain[k*real+v]: where k throws of Again from v leave the token
	pow   []int   // pow[i] = size^i
	rank  []int32 // per state: its place in the tables, in the order of the sweeps
	sure  []bool  // per place: the game surely ends from there
	moves []jointMove
	Bytes int64     // the memory its tables took
	Win   []float64 // per state, n values: each place's chance to win
	// Ranks, solved by NewRanks, holds per state n values for each rank r
	// (Ranks[0] is Win): each place's chance to finish r+1-th, the game
	// played on until one player is left.
	Ranks [][]float64
	spent float64   // the work of the solves so far, against the work bound
	turns []float64 // per state, n values: the turns each place will start; nil unless asked
}

// A jointMove is a total a throw can show and its chance.
type jointMove struct {
	total int32
	p     float64
}

// jointStepCost is what a sweep's throw costs per value it reads, four
// for every four places or fewer (sweeper.gather), and the one it writes,
// in steps of 3 to 4 ns: about 1.2 ns on the 5·10⁵ states of three
// players on the classic board, 2.1 to 2.6 on the 6·10⁶ to 10⁷ of four on
// a board of 49 squares, 2.3 on the 6·10⁴ of five on one of 9.
const jointStepCost = 0.7

// jointBuildCost is what working out a state's successors for one total
// and classifying them costs, in steps: about 90 ns, a cost known before
// the chain is built, and refused then where it alone passes the bound.
const jointBuildCost = 20

// NewJoint solves the joint chain of players players on g, the turns
// counted too when withTurns is set, over the squares a token can stand
// on between throws from the start or from the squares also (rest). It
// refuses up front, with ErrTooLarge, a chain whose tables pass the
// memory bound; the sweeps stop with ErrTooLarge once they pass the work
// bound.
func NewJoint(ctx context.Context, g *model.Game, players int, withTurns bool, also []int32) (*Joint, error) {
	return newJoint(ctx, g, players, withTurns, also, nil)
}

// NewRanks solves the joint chain of players players on g from the start
// with every place (Ranks), the game played on until one is left: when the
// mover finishes it takes the first place of those left, and the others'
// places follow from the joint chain of one player fewer (sub, solved
// first, with its own places; of two, the one who does not win is second,
// the game over) from where they stand, the next of them to move. A state
// is sure (Sure) only where the game surely plays out to its last place:
// a finish that leaves the others where they may be stuck for ever (tokens
// that only a bump frees, and too few left to bump) is not. Each rank is a
// solve of the chain of its own, the mover's finish its reward where the
// chances to win have 1; the solves share one work bound.
func NewRanks(ctx context.Context, g *model.Game, players int) (*Joint, error) {
	if players < 2 {
		return nil, errs.Errorf(errs.ErrInvalidRules, "players is %d: ranks need two", players)
	}
	if players == 2 {
		j, err := NewJoint(ctx, g, 2, false, nil)
		if err != nil {
			return nil, err
		}
		// The one who does not win is second, the game over: place i's
		// second is place 1−i's first, state by state.
		second := make([]float64, len(j.Win))
		for s := 0; s < len(second); s += 2 {
			second[s], second[s+1] = j.Win[s+1], j.Win[s]
		}
		j.Ranks = [][]float64{j.Win, second}
		return j, nil
	}
	sub, err := NewRanks(ctx, g, players-1)
	if err != nil {
		return nil, err
	}
	return newJoint(ctx, g, players, false, nil, sub)
}

// newJoint is NewJoint, and with sub, the chain of one player fewer with
// its ranks, this chain's ranks too.
func newJoint(ctx context.Context, g *model.Game, players int, withTurns bool, also []int32, sub *Joint) (*Joint, error) {
	j, states := shape(g, players, also)
	values := 1.0
	if withTurns {
		values = 2
	}
	if sub != nil {
		values = float64(players) + 1 // every rank's values, and a rank's rewards
		j.spent = sub.spent
	}
	// Per state: each place's values, the sweep before's and a copy kept
	// to undo an extrapolation, its successors and predecessors, its
	// place, its ring, how far its tokens are, its classes.
	sweep := jointStepCost * states * float64(len(j.moves)) * float64(4*((players+3)/4)+1) // a sweep of one solve
	bytes := states * (float64(players)*8*(values+2) + float64(len(j.moves))*8 + 31)
	if !g.Take(bytes) {
		return nil, g.TooBig(bytes, "the joint chain of %d players' tokens on %d squares (%.3g states)", players, j.size, states)
	}
	j.Bytes = int64(bytes)
	if j.spent += jointBuildCost * states * float64(len(j.moves)); j.spent > g.Lim.Work {
		return nil, g.TooLong(j.spent, "building the joint chain of %d players' tokens on %d squares (%.3g states)", players, j.size, states)
	}
	j.pow = make([]int, players+1)
	j.pow[0] = 1
	for i := 1; i <= players; i++ {
		j.pow[i] = j.pow[i-1] * j.size
	}
	if g.Limit > 0 && j.width == 1 {
		j.chain = make([]int32, j.runs*j.real)
		for v := range j.real {
			j.chain[v] = int32(v)
			for k := 1; k < j.runs; k++ {
				at := j.chain[(k-1)*j.real+v]
				if at != g.Last {
					_, at = g.ThrowFrom(at, g.Again)
				}
				j.chain[k*j.real+v] = at
			}
		}
	}
	sys, err := j.successors(ctx, int(states))
	if err != nil {
		return nil, err
	}
	j.classify(sys, j.stuck(sys, sub))
	j.sure = sys.sure
	solve := j.solve
	if int(states)*players <= jointDense {
		solve = j.solveDense
	}
	j.Win = solution(int(states) * players)
	if err := solve(ctx, sys, j.Win, false, sweep); err != nil {
		return nil, err
	}
	if withTurns {
		j.turns = solution(int(states) * players)
		if err := solve(ctx, sys, j.turns, true, sweep); err != nil {
			return nil, err
		}
	}
	if sub != nil {
		j.Ranks = [][]float64{j.Win}
		for r := 1; r < players; r++ {
			j.reward(sys, sub, r)
			x := solution(int(states) * players)
			if err := solve(ctx, sys, x, false, sweep); err != nil {
				return nil, err
			}
			j.Ranks = append(j.Ranks, x)
		}
	}
	return j, nil
}

// stuck returns, with sub, for every place, whether the mover can finish
// there and leave the others where sub is not sure to play out; nil
// without.
func (j *Joint) stuck(sys *jointSystem, sub *Joint) []bool {
	if sub == nil {
		return nil
	}
	out := make([]bool, len(sys.start))
	j.finishes(sys, sub, func(i, t int) { out[i] = !sub.sure[t] })
	return out
}

// reward writes into sys, for every state from which the mover can finish,
// what rank r (from 1) gives each place when it does: nothing to the
// mover, who is first of those left, and to the others their chances of
// rank r−1 of one player fewer (sub's) from where they stand, the next of
// them to move.
func (j *Joint) reward(sys *jointSystem, sub *Joint, r int) {
	n := j.n
	if sys.reward == nil {
		sys.reward = make([]float64, len(sys.start)*n)
	}
	clear(sys.reward)
	j.finishes(sys, sub, func(i, t int) {
		if sys.alive[i] {
			copy(sys.reward[i*n+1:(i+1)*n], sub.Ranks[r-1][t*(n-1):(t+1)*(n-1)])
		}
	})
}

// finishes calls each with every place i from which the mover can finish
// and the place t in sub, the chain of one player fewer, of the others
// where they stand, the next of them to move.
func (j *Joint) finishes(sys *jointSystem, sub *Joint, each func(i, t int)) {
	n, moves := j.n, len(j.moves)
	pos := make([]int32, n)
	for s := range len(sys.start) {
		i := int(j.rank[s])
		if !slices.Contains(sys.succ[i*moves:(i+1)*moves], jointWin) {
			continue
		}
		j.decode(s, pos)
		each(i, int(sub.rank[sub.index(0, 0, pos[1:])]))
	}
}

// shape is the joint chain of players tokens on g before it is built:
// its moves, its squares (rest) and the states of a turn, and how many
// states it has.
func shape(g *model.Game, players int, also []int32) (*Joint, float64) {
	j := &Joint{g: g, n: players, real: int(g.Last) + 1, runs: 1, width: 1}
	for t := g.Dice.Lo; t <= g.Dice.Hi; t++ {
		if w := g.Dice.Weight(t); w > 0 {
			j.moves = append(j.moves, jointMove{t, w / g.Dice.Den})
		}
	}
	j.rest(also)
	switch {
	case g.Limit > 0 && g.Eff != nil:
		// Within a turn squares can give throws, so where the mover stands
		// is part of the state beside where its turn began and its run.
		j.runs, j.width = int(g.Limit)+1, j.size
	case g.Limit > 0:
		j.runs = int(g.Limit)
	case g.Again > 0 || g.Eff != nil:
		j.runs = 2 // a state within a turn: the mover goes on from its square
	}
	return j, float64(j.runs) * float64(j.width) * math.Pow(float64(j.size), float64(players))
}

// States is how many states the joint chain of players tokens on g has:
// a count known before it is built, in time linear in the squares and
// the totals.
func States(g *model.Game, players int) float64 {
	_, states := shape(g, players, nil)
	return states
}

// A jointSystem is the joint chain's transitions, worked out once for
// every sweep: per state and move, the state it leads to, and the order
// in which the sweeps take the states.
type jointSystem struct {
	succ  []int32   // per place and move: the next state's place, or jointWin, jointStay, or jointTurn − place
	start []bool    // per place: a turn starts there
	turn  []int32   // per place where a turn starts: the place of the state turned round by one
	stay  []float64 // per place where a turn starts: the chance the mover does not move and the turn ends
	alive []bool    // per place: someone can still win from there
	sure  []bool    // per place: the game surely ends from there
	// reward, when set, is per place n values: what each place gains when
	// the mover finishes (NewRanks); else the mover wins, 1 at place 0.
	reward []float64
}

// finish adds to acc, place s's values, what a throw of chance p on which
// the mover finishes gives each place: the reward, or the win, 1 at place
// 0.
func (sys *jointSystem) finish(acc []float64, s int, p float64) {
	if sys.reward == nil {
		acc[0] += p
		return
	}
	for i, v := range sys.reward[s*len(acc) : (s+1)*len(acc)] {
		acc[i] += p * v
	}
}

// The successors that are not a state of the same orientation: the mover
// wins, or the turn ends and the next state is turned round by one
// (encoded as jointTurn − its index).
const (
	jointWin  = -1
	jointStay = -2 // the mover does not move, the turn ends: the next state is turn
	jointTurn = -3
)

// successors works out every state's successors, and the order of the
// sweeps: by the squares of all the tokens added up, largest first, so
// that a sweep takes a state after most of those its throws lead to (the
// tokens move on, but for snakes, bumps and voids) and carries the chances
// back through many throws at once. The states are stored in that order
// (j.rank maps a state to its place), so that a state's successors, whose
// tokens add up to about as much, lie near it in memory.
func (j *Joint) successors(ctx context.Context, states int) (*jointSystem, error) {
	g, n := j.g, j.n
	moves := len(j.moves)
	sys := &jointSystem{succ: make([]int32, states*moves), start: make([]bool, states), turn: make([]int32, states), stay: make([]float64, states)}
	pos := make([]int32, n)
	next := make([]int32, n)
	// The order: a counting sort by how far the tokens are, farthest first.
	far := make([]int32, states)
	counts := make([]int32, n*int(g.Last)+2)
	for s := range states {
		if s%4096 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		k, _ := j.decode(s, pos)
		f := j.square(k, pos)
		for _, p := range pos[1:] {
			f += p
		}
		far[s] = f
		counts[f]++
	}
	at := int32(0)
	for f := len(counts) - 1; f >= 0; f-- {
		at, counts[f] = at+counts[f], at
	}
	j.rank = make([]int32, states)
	for s, f := range far {
		j.rank[s] = counts[f]
		counts[f]++
	}
	far = nil
	for s := range states {
		if s%4096 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		i := j.rank[s]
		k, f := j.decode(s, pos)
		sys.start[i] = k == 0
		u := j.square(k, pos)
		run, from := int32(k), pos[0]
		if j.width > 1 && k > 0 {
			run, from = int32(k-1), j.sq[f]
		}
		out := sys.succ[int(i)*moves : (int(i)+1)*moves]
		if u == g.Last || j.ended(pos) || k == 0 && f != 0 {
			for m := range out {
				out[m] = jointWin // a state no game reaches: someone has won, or a turn's start with a width
			}
			sys.start[i] = false
			continue
		}
		if k == 0 {
			copy(next, pos[1:])
			next[n-1] = pos[0]
			sys.turn[i] = j.rank[j.index(0, 0, next)]
		}
		if u > g.Top && u != g.Last { // the mover waits: its turn is passed over
			copy(next, pos[1:])
			next[n-1] = g.Square(u)
			for m := range out {
				out[m] = jointTurn - j.rank[j.index(0, 0, next)]
			}
			continue
		}
		for m, mv := range j.moves {
			copy(next, pos)
			next[0] = u
			_, to, how, after, _ := g.ThrowAmong(next, 0, from, mv.total, run)
			again := how == model.TurnGoes
			switch {
			case to == g.Last:
				out[m] = jointWin
			case again && j.width > 1: // the mover goes on from to, its run on or broken
				out[m] = j.rank[j.index(int(after)+1, from, next)]
			case again && g.Limit > 0:
				next[0] = pos[0] // the turn's start, k+1 throws of Again on
				out[m] = j.rank[j.index(k+1, 0, next)]
			case again: // without a limit: the mover goes on from to
				out[m] = j.rank[j.index(min(1, j.runs-1), 0, next)]
			default: // the turn ends: the next player moves first
				first := next[0]
				copy(next, next[1:])
				next[n-1] = first
				out[m] = jointTurn - j.rank[j.index(0, 0, next)]
				if k == 0 && out[m] == jointTurn-sys.turn[i] {
					out[m] = jointStay
					sys.stay[i] += mv.p
				}
			}
		}
	}
	return sys, nil
}

// square is where the mover of a state with k throws of Again so far and
// squares pos stands: under AgainLimit pos[0] is where its turn began,
// unless the state has a width.
func (j *Joint) square(k int, pos []int32) int32 {
	if k > 0 && j.g.Limit > 0 && j.width == 1 {
		return j.chain[k*j.real+int(pos[0])]
	}
	return pos[0]
}

// classify finds, from the states' successors alone, those from which
// someone can still win (alive) and those from which the game surely
// ends (sure: no throw leads to a state that is not alive): the turns are
// counted only from the latter, whose every throw leads to another. It
// follows the successors backwards from the states that can win at once,
// then from those that are not alive.
func (j *Joint) classify(sys *jointSystem, stuck []bool) {
	states, moves := len(sys.start), len(j.moves)
	next := func(s int, to int32) int32 {
		switch {
		case to == jointWin:
			return -1
		case to == jointStay:
			return sys.turn[s]
		case to >= 0:
			return to
		}
		return jointTurn - to
	}
	first := make([]int32, states+1) // the states each state is a successor of: back[first[t]:first[t+1]]
	for s := range states {
		for _, to := range sys.succ[s*moves : (s+1)*moves] {
			if t := next(s, to); t >= 0 {
				first[t+1]++
			}
		}
	}
	for t := range states {
		first[t+1] += first[t]
	}
	back := make([]int32, first[states])
	at := slices.Clone(first)
	for s := range states {
		for _, to := range sys.succ[s*moves : (s+1)*moves] {
			if t := next(s, to); t >= 0 {
				back[at[t]] = int32(s)
				at[t]++
			}
		}
	}
	spread := func(marked []bool, stack []int32) {
		for len(stack) > 0 {
			t := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for _, s := range back[first[t]:first[t+1]] {
				if !marked[s] {
					marked[s] = true
					stack = append(stack, s)
				}
			}
		}
	}
	sys.alive = make([]bool, states)
	var stack []int32
	for s := range states {
		if slices.Contains(sys.succ[s*moves:(s+1)*moves], jointWin) {
			sys.alive[s] = true
			stack = append(stack, int32(s))
		}
	}
	spread(sys.alive, stack)
	unsure := make([]bool, states)
	stack = stack[:0]
	for s, ok := range sys.alive {
		if !ok || stuck != nil && stuck[s] {
			unsure[s] = true
			stack = append(stack, int32(s))
		}
	}
	spread(unsure, stack)
	sys.sure = unsure
	for s := range sys.sure {
		sys.sure[s] = !sys.sure[s]
	}
}

// ended reports whether a token other than the mover's stands on the last
// square: a state no game reaches, since the game ends when it gets there.
func (j *Joint) ended(pos []int32) bool {
	for _, s := range pos[1:] {
		if s == j.g.Last {
			return true
		}
	}
	return false
}

// decode writes state s's squares into pos and returns its k (its throws
// of Again so far; see width) and, for a state with a width, the index in
// sq of the square its turn began on.
func (j *Joint) decode(s int, pos []int32) (k int, from int32) {
	k, s = s/j.pow[j.n], s%j.pow[j.n]
	k, from = k/j.width, int32(k%j.width)
	for i := range pos {
		pos[i] = j.sq[s%j.size]
		s /= j.size
	}
	return k, from
}

// index is the state of k, a turn begun on square from (read for a state
// with a width and k > 0) and squares pos, each one of rest's.
func (j *Joint) index(k int, from int32, pos []int32) int {
	s := 0
	for i := len(pos) - 1; i >= 0; i-- {
		s = s*j.size + int(j.cid[pos[i]])
	}
	f := 0
	if j.width > 1 && k > 0 {
		f = int(j.cid[from])
	}
	return (k*j.width+f)*j.pow[j.n] + s
}

// rest finds the squares a token can stand on between throws: the start,
// where a bumped token waits, also's squares, and where any throw from
// one of them leaves the token (mid-turn and waiting included), the last
// square aside. A state's tokens stand on them alone, and so do those of
// every state it leads to.
func (j *Joint) rest(also []int32) {
	g := j.g
	j.cid = make([]int32, j.real)
	for v := range j.cid {
		j.cid[v] = -1
	}
	var stack []int32
	mark := func(v int32) {
		if v != g.Last && j.cid[v] < 0 {
			j.cid[v] = 0
			stack = append(stack, v)
		}
	}
	mark(g.Start)
	mark(g.StateOf(g.Start, true))
	for _, v := range also {
		mark(v)
	}
	token := make([]int32, 1)
	for len(stack) > 0 {
		v := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if v > g.Top {
			mark(g.Square(v)) // a waiting token goes on from its square
			continue
		}
		for _, mv := range j.moves {
			token[0] = v
			_, to, _, _, _ := g.ThrowAmong(token, 0, v, mv.total, 0)
			mark(to)
		}
	}
	for v, c := range j.cid {
		if c >= 0 {
			j.cid[v] = int32(len(j.sq))
			j.sq = append(j.sq, int32(v))
		}
	}
	j.size = len(j.sq)
}

// Int32s is squares as int32s.
func Int32s(squares []int) []int32 {
	out := make([]int32, len(squares))
	for i, s := range squares {
		out[i] = int32(s)
	}
	return out
}

// Holds reports whether the chain has a state for tokens on squares.
func (j *Joint) Holds(squares []int) bool {
	for _, s := range squares {
		if s < 0 || s >= j.real || j.cid[s] < 0 && int32(s) != j.g.Last {
			return false
		}
	}
	return true
}

// At returns each player's chance to win, or with turns the turns each
// will start, in the order of squares, from the state where squares[0]
// moves first: within a turn (mid) that began on from after run throws of
// Again in a row, or at a turn's start.
func (j *Joint) At(x []float64, squares []int32, mid bool, run int, from int32) []float64 {
	pos := append([]int32(nil), squares...)
	k, f := 0, int32(0)
	switch {
	case !mid:
	case j.width > 1:
		k, f = run+1, from
	case j.g.Limit > 0:
		k, pos[0] = run, from
	default:
		k = 1
	}
	s := int(j.rank[j.index(min(k, j.runs-1), f, pos)])
	return append([]float64(nil), x[s*j.n:(s+1)*j.n]...)
}

// Wins is WinChancesFrom from squares, in their order, the first to move
// first: a player already on the last square has won.
func (j *Joint) Wins(squares []int) []float64 {
	pos := make([]int32, len(squares))
	for i, s := range squares {
		if int32(s) == j.g.Last {
			out := make([]float64, len(squares))
			out[i] = 1
			return out
		}
		pos[i] = int32(s)
	}
	return j.At(j.Win, pos, false, 0, 0)
}

// PlacesAt returns each player's chance of each place from squares, the
// first to move first, from the ranks of NewRanks: p[i][r], player i in
// place r+1.
func (j *Joint) PlacesAt(squares []int) [][]float64 {
	pos := Int32s(squares)
	t := int(j.rank[j.index(0, 0, pos)])
	p := make([][]float64, j.n)
	for i := range p {
		p[i] = make([]float64, j.n)
		for r, x := range j.Ranks {
			p[i][r] = min(x[t*j.n+i], 1)
		}
	}
	return p
}

// Sure reports whether the game surely ends from the start.
func (j *Joint) Sure() bool {
	if j.g.Start == j.g.Last {
		return true // over before the first throw
	}
	pos := make([]int32, j.n)
	for i := range pos {
		pos[i] = j.g.Start
	}
	return j.sure[j.rank[j.index(0, 0, pos)]]
}

// Length is GameLength from the start: the rounds are the turns the first
// player starts, the turns every player's. A game that may never end has
// none.
func (j *Joint) Length() (rounds, turns float64, err error) {
	if j.g.Start == j.g.Last {
		return 0, 0, nil // over before the first throw
	}
	pos := make([]int32, j.n)
	for i := range pos {
		pos[i] = j.g.Start
	}
	if !j.Sure() {
		total := 0.0
		for _, p := range j.At(j.Win, pos, false, 0, 0) {
			total += p
		}
		return 0, 0, errs.Errorf(errs.ErrNeverFinishes, "a player can be trapped: the game ends with probability %.6g", total)
	}
	c := j.At(j.turns, pos, false, 0, 0)
	for _, t := range c {
		turns += t
	}
	return c[0], turns, nil
}

// What follows solves the joint chain for the chances to win or the turns:
// by the subtraction-free elimination (linalg.SolveChain) on the smallest
// chains, else by
// Gauss–Seidel sweeps in the order successors gives, the states that wait
// on a throw that does not move (a ring) solved together in closed form
// where each of them may wait, else swept backwards round from the one
// that always moves.

// jointTolerance is the error at which a solve stops: within 1e-9 of the
// truth with a wide margin, estimated from how fast the sweeps converge.
const jointTolerance = 1e-13

// jointDense is the most unknowns (states times players) the joint chain
// is solved for by elimination rather than by sweeps: 640, a few tens of
// milliseconds, on boards so small that a game can go round and round
// them, which sweeps settle slowly.
const jointDense = 640

// solveDense is solve by the subtraction-free elimination of
// linalg.SolveChain over every state's values at once, the states from
// which no one ever wins (or, for the turns, from which the game may not
// end) left at 0: over those alone the equations would be singular. Each
// equation is x = Q·x + b over the live states, what a move leaves them
// for (a win, a state left at 0) its exit.
func (j *Joint) solveDense(ctx context.Context, sys *jointSystem, x []float64, turns bool, _ float64) error {
	n, moves := j.n, len(j.moves)
	states := len(sys.start)
	// live: the states the equations are written for.
	live := sys.alive
	if turns {
		live = sys.sure
	}
	at := make([]int, states) // a live state's first unknown, or -1
	m := 0
	for s := range states {
		at[s] = -1
		if live[s] {
			at[s], m = m, m+n
		}
	}
	q := make([]float64, m*m)
	exit, b := make([]float64, m), make([]float64, m)
	for s := range states {
		if at[s] < 0 {
			continue
		}
		if turns && sys.start[s] {
			b[at[s]] += 1
		}
		for mv, to := range sys.succ[s*moves : (s+1)*moves] {
			p := j.moves[mv].p
			switch {
			case to == jointWin:
				if !turns {
					sys.finish(b[at[s]:at[s]+n], s, p)
				}
				for i := range n {
					exit[at[s]+i] += p
				}
			case to >= 0:
				for i := range n {
					if at[to] >= 0 {
						q[(at[s]+i)*m+at[to]+i] += p
					} else {
						exit[at[s]+i] += p
					}
				}
			default:
				next := jointTurn - to
				if to == jointStay {
					next = sys.turn[s]
				}
				for i := range n {
					if at[next] >= 0 { // turned round: its place i−1 is this one's i
						q[(at[s]+i)*m+at[next]+(i+n-1)%n] += p
					} else {
						exit[at[s]+i] += p
					}
				}
			}
		}
	}
	if closed, err := linalg.SolveChain(linalg.F64{}, ctx, m, q, exit, b); err != nil {
		return err
	} else if closed >= 0 {
		return errs.Errorf(errs.ErrTooLarge, "the joint chain of %d players' tokens has no solution by elimination", n)
	}
	for s := range states {
		if at[s] >= 0 {
			copy(x[s*n:(s+1)*n], b[at[s]:at[s]+n])
		}
	}
	return nil
}

// solution makes the values of a solve: n of them, and room for the last
// state's four that a sweep reads (sweeper.gather).
func solution(n int) []float64 {
	return make([]float64, n, n+3)
}

// solve fills x by Gauss–Seidel sweeps from 0 until the estimated error is
// below jointTolerance: the chances to win, or with turns the turns each
// place will start. Both grow towards their values from below, so each
// sweep's largest change and the ratio between sweeps bound what is left.
//
// A turn in which the mover does not move (a throw past the end under
// Stay, one that does not enter) leads to the same tokens turned round:
// the states so turned round form a ring that sweeps would go round once
// a sweep. Where one of them moves on every throw, the ring is swept from
// it backwards round, each state reading the one it waits on as just
// found; where every one may wait, they are solved together in closed
// form, given what their other throws lead to.
//
// While it sweeps, x holds each state's values turned round by one (place
// i−1's value at i, the last's at 0): the order of a state whose turn
// ends in it. Nearly every throw ends a turn, and adds the values it
// leads to as they lie, four places at a time in registers; solve turns
// them back before it returns.
func (j *Joint) solve(ctx context.Context, sys *jointSystem, x []float64, turns bool, sweep float64) error {
	n := j.n
	sw := &sweeper{sys: sys, x: x[:len(x)+3], n: n, turns: turns, acc: make([]float64, n+3)}
	for _, mv := range j.moves {
		sw.p = append(sw.p, mv.p)
	}
	seen := make([]uint32, len(sys.start))
	ring := make([]int32, 0, n)
	r := make([]float64, n*n) // per state of the ring: its values but for the turn it does not move
	scratch := make([]float64, 4*n)
	prev, saved := make([]float64, len(x)), make([]float64, len(x))
	work, last, since := j.spent, 0.0, 0
	defer func() { j.spent = work }()
	var modes modes
	modes.restart()
	q, lastQ := 0.0, 0.0         // the ratio of the latest sweep's largest change to the one before's, and the one before
	extrapolated, wait := 0.0, 4 // the change when the latest extrapolation was made; sweeps before the next
	for round := uint32(1); ; round++ {
		// An extrapolation reads the change of the sweep before it: kept
		// where one may follow this sweep.
		kept := since+1 > wait && (modes.near() || steady(q, lastQ, 3*jointSteady))
		if kept {
			copy(prev, x)
		}
		change := 0.0
		sw.total = 0
		for s := range int32(len(sys.start)) {
			if s%4096 == 0 {
				if err := ctx.Err(); err != nil {
					return err
				}
			}
			if seen[s] == round {
				continue // solved with its ring
			}
			if turns && !sys.sure[s] {
				continue // a game that may not end has no expected length
			}
			if !sys.start[s] || sys.stay[s] == 0 {
				change = max(change, sw.put(s, sw.gather(s, false)))
				continue
			}
			ring, z := ring[:0], -1
			for t := s; len(ring) == 0 || t != s; t = sys.turn[t] {
				if sys.stay[t] == 0 {
					z = len(ring)
				}
				ring = append(ring, t)
				seen[t] = round
			}
			if z < 0 {
				change = max(change, sw.ring(ring, r[:len(ring)*n], scratch))
				continue
			}
			// A state of the ring moves on every throw: from it back
			// round, each state reads the one it waits on as just found.
			for i := range ring {
				t := ring[(z-i+len(ring))%len(ring)]
				if !turns || sys.sure[t] {
					change = max(change, sw.put(t, sw.gather(t, true)))
				}
			}
		}
		// The sweep's work, by the states it updated: a state of a ring
		// before the one that starts it in the order is updated twice.
		work += sweep * float64(sw.updates) / float64(len(sys.start))
		sw.updates = 0
		since++
		// At rounding, sweeps can flip a few values by an ulp for ever:
		// a change that small is a settled one.
		if since > 3 && change > 0 && change <= jointRounding {
			scale := 1.0 // the chances to win are at most 1
			if turns {
				scale = max(1, maxOf(x))
			}
			if change <= jointRounding*scale {
				change = 0
			}
		}
		if change == 0 {
			if short := j.unsettled(sys, x, turns); short > jointSettled {
				return errs.Errorf(errs.ErrTooLarge, "the joint chain of %d players' tokens stopped changing with chances to win that sum to 1 less %.3g where the game surely ends", n, short)
			}
			turnBack(x, n)
			return nil
		}
		if extrapolated > 0 && since == 1 {
			if change > extrapolated { // the modes were not as found: undo it
				copy(x, saved)
				wait, change = min(2*wait, 32), 0
			}
			extrapolated = 0
		}
		rate := modes.next(sw.total, since)
		lastQ, q = q, 0
		if last > 0 && change < last {
			// The chances to win are at most 1: only the turns need their
			// largest, a pass of its own.
			q = change / last
			if left := change * q / (1 - q); (left < jointTolerance || turns && left < jointTolerance*maxOf(x)) && since > 3 && j.unsettled(sys, x, turns) <= jointSettled {
				turnBack(x, n)
				return nil
			}
		}
		// Once the error shrinks by a rate that modes has found, what is
		// left is mostly that mode, whose sum is the geometric series of
		// the latest change: add it, and sweep on. Where modes finds none
		// (a slowest mode that swings, whose sums change sign), the ratio
		// of the largest changes, once steady, stands in. Should the next
		// sweep change more than this one did, it is undone and the sweeps
		// go on alone for longer.
		if rate == 0 && since > 3 && steady(q, lastQ, jointSteady) {
			rate = q
		}
		if rate > 0 && since > wait && kept {
			copy(saved, x)
			f := rate / (1 - rate)
			for i, v := range x {
				x[i] = v + (v-prev[i])*f
			}
			extrapolated, since, change, q = change, 0, 0, 0
			modes.restart()
		}
		last = change
		if work > j.g.Lim.Work {
			return errs.Errorf(errs.ErrTooLarge, "the joint chain of %d players' tokens did not settle within %.3g steps%s", n, j.g.Lim.Work, j.g.WorkName())
		}
	}
}

// jointRounding is the largest change of a sweep, relative to the largest
// value, that rounding alone can make: a few ulps of 1.
const jointRounding = 1e-15

// jointSteady is how near, relatively, two ratios in a row of the sweeps'
// largest changes must come for their rate to be extrapolated by.
const jointSteady = 1e-3

// steady reports whether ratios q and the one before, last, are of a rate
// within tol, relatively.
func steady(q, last, tol float64) bool {
	return q > 0 && last > 0 && math.Abs(q-last) < tol*q
}

// turnBack turns each state's n values in x, as solve holds them, back to
// their own order.
func turnBack(x []float64, n int) {
	for s := 0; s < len(x); s += n {
		first := x[s]
		copy(x[s:s+n-1], x[s+1:s+n])
		x[s+n-1] = first
	}
}

// modes finds the rates at which the sweeps' error shrinks, from the sums
// of the changes each sweep makes (a linear measure of the error, whose
// ratios settle sooner than those of the largest change): the slowest, by
// Aitken's Δ² over the ratios of consecutive sums, and, once that is
// known, the next, from the sums with the slowest mode taken out, s_k −
// λ·s_{k−1}. An extrapolation by the slowest rate leaves a little of that
// mode, which the sweeps then shrink more slowly than the next: the next
// extrapolation may be by either rate, whichever settles first.
type modes struct {
	slowest      float64 // the slowest rate found, 0 until then
	sum, rest    float64 // the latest sweep's sum, and with the slowest mode taken out
	first, after aitken
}

// near reports whether a rate is about to settle: its latest two
// estimates agree within 30 times what settles it.
func (m *modes) near() bool {
	return m.first.apart < 30*slowestSettles || m.after.apart < 30*nextSettles
}

// slowestSettles and nextSettles are how near, relatively, two estimates
// in a row of the slowest rate and of the next must come for it to be
// found.
const (
	slowestSettles = 1e-5
	nextSettles    = 1e-4
)

// restart forgets the sums, after an extrapolation.
func (m *modes) restart() {
	m.sum, m.rest = 0, 0
	m.first, m.after = aitken{apart: math.Inf(1)}, aitken{apart: math.Inf(1)}
}

// next takes the sum of the changes of a sweep, the since-th after the
// latest extrapolation, and returns a rate to extrapolate by once one has
// settled, else 0.
func (m *modes) next(sum float64, since int) float64 {
	lastSum, lastRest := m.sum, m.rest
	m.sum, m.rest = sum, 0
	if since < 2 || lastSum == 0 { // the first sweep after an extrapolation reads its jump
		return 0
	}
	if rate := m.first.add(sum/lastSum, slowestSettles); rate > 0 {
		m.slowest = rate
		return rate
	}
	if m.slowest == 0 {
		return 0
	}
	m.rest = sum - m.slowest*lastSum
	if since < 3 || lastRest == 0 {
		return 0
	}
	return m.after.add(m.rest/lastRest, nextSettles)
}

// An aitken estimates the limit of a sequence of ratios by Aitken's Δ²
// over the latest three.
type aitken struct {
	q     [3]float64
	n     int
	hat   float64 // the latest estimate
	apart float64 // how far, relatively, it was from the one before; +Inf before two
}

// add takes the next ratio and returns the estimate once two in a row
// agree within tol, relatively, else 0. A ratio outside (0, 1) starts the
// sequence again.
func (a *aitken) add(q, tol float64) float64 {
	if !(q > 0 && q < 1) {
		*a = aitken{apart: math.Inf(1)}
		return 0
	}
	a.q[0], a.q[1], a.q[2] = a.q[1], a.q[2], q
	if a.n++; a.n < 3 {
		return 0
	}
	hat := q
	if d1, d2 := a.q[1]-a.q[0], a.q[2]-a.q[1]; d2 != d1 {
		hat = q - d2*d2/(d2-d1)
	}
	last := a.hat
	a.hat, a.apart = hat, math.Inf(1)
	if last > 0 && hat > 0 && hat < 1 {
		a.apart = math.Abs(hat-last) / hat
	}
	if a.apart < tol {
		return hat
	}
	return 0
}

// jointSettled is how far from 1 the chances to win at a state the game
// surely ends from may sum when a solve stops.
const jointSettled = 1e-12

// unsettled returns how far from 1 the chances to win sum at the states
// the game surely ends from, at the most (0 for the turns, which have no
// such sum). The sweeps grow each chance from below, an extrapolation
// aside, so what the sum lacks bounds what each chance is yet to gain: a
// solve whose steps shrink too slowly for their rate to say so (a die
// that shows one face all but once in 10⁹ throws) is held to it.
func (j *Joint) unsettled(sys *jointSystem, x []float64, turns bool) float64 {
	if turns {
		return 0
	}
	n, worst := j.n, 0.0
	for s, ok := range sys.sure {
		if ok {
			var sum linalg.Sum
			for _, v := range x[s*n : (s+1)*n] {
				sum.Add(v)
			}
			worst = max(worst, math.Abs(1-sum.Value()))
		}
	}
	return worst
}

// A sweeper is what solve's sweeps read and write: the values as solve
// holds them, with room for the last state's four.
type sweeper struct {
	sys     *jointSystem
	x       []float64
	n       int
	p       []float64 // per move: its chance
	turns   bool
	acc     []float64 // a state's values as gather finds them, with room for four
	total   float64   // the sum of the changes of the sweep so far
	updates int       // the states the sweep has updated so far
}

// gather returns state s's values in their own order, from its throws and
// the values held; the throws in which the mover does not move and the
// turn ends only with stay (a ring's closed form holds those). It sums
// four places at a time over the throws that end the turn, reading the
// four values from where the state they lead to begins (those past its
// own are not kept), and then adds those of the other throws.
func (sw *sweeper) gather(s int32, stay bool) []float64 {
	n, x, acc := sw.n, sw.x, sw.acc
	moves := len(sw.p)
	succ := sw.sys.succ[int(s)*moves : (int(s)+1)*moves]
	other := false
	probs := sw.p[:len(succ)]
	for c := 0; c < n; c += 4 {
		var a0, a1, a2, a3 float64
		for m, to := range succ {
			if to > jointTurn {
				other = true
				continue
			}
			o := int(jointTurn-to)*n + c
			p, v := probs[m], x[o:o+4:o+4]
			a0 += p * v[0]
			a1 += p * v[1]
			a2 += p * v[2]
			a3 += p * v[3]
		}
		acc[c], acc[c+1], acc[c+2], acc[c+3] = a0, a1, a2, a3
	}
	acc = acc[:n]
	if sw.turns && sw.sys.start[s] {
		acc[0]++ // the mover starts this turn
	}
	if other {
		sw.others(s, succ, acc, stay)
	}
	return acc
}

// others adds to acc, state s's values, those of its throws that do not
// end the turn elsewhere: a win, the same mover's throw, and with stay a
// throw in which the mover does not move and the turn ends.
func (sw *sweeper) others(s int32, succ []int32, acc []float64, stay bool) {
	n := sw.n
	for m, to := range succ {
		switch p := sw.p[m]; {
		case to == jointWin:
			if !sw.turns {
				sw.sys.finish(acc, int(s), p)
			}
		case to == jointStay && stay: // the state turned round, as it lies
			v := sw.x[int(sw.sys.turn[s])*n:][:n]
			for i := range acc {
				acc[i] += p * v[i]
			}
		case to >= 0: // the same mover: place i is held at i+1
			v := sw.x[int(to)*n:][:n]
			for i := range acc {
				k := i + 1
				if k == n {
					k = 0
				}
				acc[i] += p * v[k]
			}
		}
	}
}

// put holds v, state s's values in their own order, as solve holds them
// (place i at i+1, the last at 0), adds their changes to the sweep's sum
// and returns how far they moved.
func (sw *sweeper) put(s int32, v []float64) float64 {
	n := len(v)
	w := sw.x[int(s)*n:][:n]
	d := v[n-1] - w[0]
	total, change := d, math.Abs(d)
	w[0] = v[n-1]
	w = w[1:]
	for i, y := range v[:n-1] {
		d := y - w[i]
		total += d
		if d := math.Abs(d); d > change {
			change = d
		}
		w[i] = y
	}
	sw.total += total
	sw.updates++
	return change
}

// turnAdd adds p times the values v of a state turned round by one: its
// place i−1 is this state's place i.
func turnAdd(acc, v []float64, p float64) {
	n := len(acc)
	acc[0] += p * v[n-1]
	for i := 1; i < n; i++ {
		acc[i] += p * v[i-1]
	}
}

// ring solves the states of a ring together: with r_i the values of state
// i from its other throws and q_i its chance of not moving, x_i = r_i +
// q_i·T(x_{i+1}), T the turning round by one, around the L states back to
// the first. Going round once gives x_0 = b + c·T^L(x_0), with c the
// product of the q_i, and T^L repeated n/L times is the identity, so x_0
// is a finite geometric sum; the others follow from it, last first.
func (sw *sweeper) ring(ring []int32, r, scratch []float64) float64 {
	n, L, stay := sw.n, len(ring), sw.sys.stay
	for i, s := range ring {
		copy(r[i*n:(i+1)*n], sw.gather(s, false))
	}
	// b = Σ_i (Π_{j<i} q_j) T^i r_i, built from the last: b ← r_i + q_i T(b).
	b, tmp, x0, term := scratch[:n], scratch[n:2*n], scratch[2*n:3*n], scratch[3*n:4*n]
	clear(b)
	for i := L - 1; i >= 0; i-- {
		clear(tmp)
		if i < L-1 {
			turnAdd(tmp, b, stay[ring[i]])
		}
		for k := range n {
			b[k] = r[i*n+k] + tmp[k]
		}
	}
	c := 1.0
	for _, s := range ring {
		c *= stay[s]
	}
	// x_0 = Σ_{m<M} c^m P^m b / (1 − c^M), P = T^L, M = n/L.
	M := n / L
	clear(x0)
	copy(term, b)
	cm := 1.0
	for m := 0; m < M; m++ {
		for k := range n {
			x0[k] += cm * term[k]
		}
		for range L { // term ← T^L(term)
			clear(tmp)
			turnAdd(tmp, term, 1)
			copy(term, tmp)
		}
		cm *= c
	}
	for k := range x0 {
		if cm == 1 {
			x0[k] = 0 // a ring no throw leaves: no one ever wins from it
		} else {
			x0[k] /= 1 - cm
		}
	}
	// x_{L-1} = r_{L-1} + q_{L-1} T(x_0), and so back to x_1: each
	// written over its r, which it no longer needs.
	change := 0.0
	nextV := x0
	for i := L - 1; i >= 1; i-- {
		v := r[i*n : (i+1)*n]
		clear(tmp)
		turnAdd(tmp, nextV, stay[ring[i]])
		for k := range n {
			v[k] += tmp[k]
		}
		change = max(change, sw.put(ring[i], v))
		nextV = v
	}
	return max(change, sw.put(ring[0], x0))
}

// maxOf is the largest of x.
func maxOf(x []float64) float64 {
	m := 0.0
	for _, v := range x {
		m = max(m, v)
	}
	return m
}
