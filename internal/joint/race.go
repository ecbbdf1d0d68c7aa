package joint

import (
	"context"
	"math"

	"github.com/snakesladders/snakes/internal/errs"
	"github.com/snakesladders/snakes/internal/grid"
	"github.com/snakesladders/snakes/internal/linalg"
	"github.com/snakesladders/snakes/internal/model"
	"github.com/snakesladders/snakes/internal/solve"
	"github.com/snakesladders/snakes/internal/walk"
)

// maxPlayers bounds the players of WinChances and GameLength.
const maxPlayers = 1 << 20

// This file is the race of several players: WinChances, WinChancesFrom and
// GameLength, from one walk a distinct starting square, or exactly over
// the product of their chains where that is small.

func RaceFromStart(ctx context.Context, r model.Rules, b *grid.Squares, players int) ([]float64, error) {
	if err := CheckPlayers(players); err != nil {
		return nil, err
	}
	g, err := model.Playable(r, b)
	if err != nil {
		return nil, err
	}
	return WinChancesFrom(ctx, r, b, OnStart(&g, players))
}

func WinChancesFrom(ctx context.Context, r model.Rules, b *grid.Squares, squares []int) ([]float64, error) {
	g, err := model.Playable(r, b)
	if err != nil {
		return nil, err
	}
	squares, err = CheckRace(&g, squares)
	if err != nil {
		return nil, err
	}
	if g.Bump && len(squares) > 1 {
		j, err := NewJoint(ctx, &g, len(squares), false, Int32s(squares))
		if err != nil {
			return nil, err
		}
		return j.Wins(squares), nil
	}
	w, err := walk.PlayWalk(ctx, &g, nil, nil)
	if err != nil {
		return nil, err
	}
	return WinChances(w, squares, BoundRace(w, squares))
}

// RaceOn is WinChances for players players from g's start over the
// turns of c, a chain compiled for g (a strategy's: model.Game.Chosen).
func RaceOn(ctx context.Context, g *model.Game, c *model.Chain, players int) ([]float64, error) {
	if err := CheckPlayers(players); err != nil {
		return nil, err
	}
	w, err := walk.PlayWalk(ctx, g, func() (*model.Chain, error) { return c, nil }, nil)
	if err != nil {
		return nil, err
	}
	squares := OnStart(g, players)
	return WinChances(w, squares, BoundRace(w, squares))
}

// CheckRace refuses players' squares WinChancesFrom cannot answer, and
// returns the states of g's chain they stand for (model.Game.StateOf), a
// new slice.
func CheckRace(g *model.Game, squares []int) ([]int, error) {
	if len(squares) == 0 {
		return nil, errs.Errorf(errs.ErrInvalidRules, "no players: squares is empty")
	}
	if err := CheckPlayers(len(squares)); err != nil {
		return nil, err
	}
	states := make([]int, len(squares))
	for i, s := range squares {
		if s < int(g.Start) || s > int(g.Top) {
			return nil, errs.Errorf(errs.ErrInvalidRules, "squares[%d] is %d, want a square in %d..%d", i, s, g.Start, g.Top)
		}
		states[i] = int(g.StateOf(int32(s), false))
	}
	return states, nil
}

// BoundRace bounds, before any turn is followed, a race that would take
// over MaxWork steps to follow until the chance of still playing falls
// below 10⁻¹⁸: about E + 41·σ turns for the longest expected game E from
// the players' squares and the standard deviation σ from the start (a
// geometric tail, σ ≈ E, falls by e each E turns), each turn a pass over
// w's moves and squares for every distinct square. E and σ come from
// Variance's solves, the first of which gives every square's E. Such a
// race can still end once every walk's tail settles (quantiles.go), so rather
// than refuse it, BoundRace charges w (and the walks copied from it) with
// all of MaxWork but raceTailTurns turns: a race whose tails have not
// settled by then is refused. It returns the estimate, in steps: +Inf on
// a board where a player can be trapped, which has neither E nor σ, and
// is left to the walks' own budget.
func BoundRace(w *walk.Walk, squares []int) float64 {
	if w.Trap >= 0 || w.FM != nil {
		return math.Inf(1)
	}
	// The solves read the walk's own chain: one table of turns in memory.
	// They spend the walk's budget: a solve that runs to MaxWork leaves
	// none for the walks.
	f := solve.FundamentalPool.Get().(*solve.Fundamental)
	defer f.Release()
	f.Share(w.Ctx, w.Work)
	variance, err := 0.0, solve.CheckInsight(w.G)
	if err == nil {
		err = solve.InsightOn(f, w.C)
	}
	if err == nil {
		variance, err = f.Variance()
	}
	w.Work = max(w.Work, f.Work())
	return RaceBound(w, squares, f.Values, variance, err)
}

// RaceBound is boundRace given the expected turns from every state and
// the variance from the start, or the error that refused them.
func RaceBound(w *walk.Walk, squares []int, from []float64, variance float64, err error) float64 {
	if w.Trap >= 0 || err != nil {
		return math.Inf(1) // the walks find and report what is wrong
	}
	longest, distinct := 0.0, map[int]bool{}
	for _, s := range squares {
		if !math.IsInf(from[s], 0) {
			longest = max(longest, from[s])
		}
		distinct[s] = true
	}
	perTurn := float64(len(w.C.Edges)+len(w.Mass)+len(squares)) * float64(len(distinct))
	cost := (longest + 41*math.Sqrt(variance)) * perTurn
	if bound := w.G.Lim.Work; cost > bound {
		w.Work = max(w.Work, bound-RaceTailTurns*perTurn)
	}
	return cost
}

// RaceTailTurns is how many turns a race too long to follow to its end
// may take for its tails to settle.
const RaceTailTurns = 16 * walk.TailWindow

// runRace races players from squares (valid ones) over w's moves: by
// elimination over the product chain (race.go) where it is small and
// cheaper than following the walks by boundRace's estimate cost, else
// turn by turn. It is the one place that chooses how a race is solved.
func runRace(w *walk.Walk, squares []int, cost float64) (wins []float64, rounds, turns float64, err error) {
	defer w.G.Mem.Back(w.G.Mem.Held()) // its walks and tables are dropped when it returns
	for i, s := range squares {
		if s == int(w.G.Last) {
			// The first player on the last square has won.
			wins = make([]float64, len(squares))
			wins[i] = 1
			return wins, 0, 0, nil
		}
	}
	if pr := ProductRaceOf(w, squares, cost); pr != nil {
		if err := pr.Solve(w); err != nil {
			return nil, 0, 0, err
		}
		wins, rounds, turns = pr.Run()
		return wins, rounds, turns, nil
	}
	rc, err := Race(w, squares)
	if err != nil {
		return nil, 0, 0, err
	}
	return rc.Run()
}

// WinChances races players from squares (valid ones) over w's moves, cost
// steps by boundRace's estimate.
func WinChances(w *walk.Walk, squares []int, cost float64) ([]float64, error) {
	wins, _, _, err := runRace(w, squares, cost)
	if err == nil && len(squares) == 1 && w.Trap < 0 {
		wins[0] = 1 // the game surely ends; the sum of its tail is 1 less rounding
	}
	return wins, err
}

// OnStart is every one of players players on the start.
func OnStart(g *model.Game, players int) []int {
	squares := make([]int, players)
	for i := range squares {
		squares[i] = int(g.Start)
	}
	return squares
}

func CheckPlayers(players int) error {
	if players < 1 {
		return errs.Errorf(errs.ErrInvalidRules, "players is %d, want at least 1", players)
	}
	if players > maxPlayers {
		return errs.Errorf(errs.ErrTooLarge, "players is %d, over the bound of %d", players, maxPlayers)
	}
	return nil
}

// GameLength is [Rules.GameLength] on the model.
func GameLength(r model.Rules, b *grid.Squares, players int) (rounds, turns float64, err error) {
	if err := CheckPlayers(players); err != nil {
		return 0, 0, err
	}
	g, err := model.Playable(r, b)
	if err != nil {
		return 0, 0, err
	}
	if g.Bump && players > 1 {
		j, err := NewJoint(context.Background(), &g, players, true, nil)
		if err != nil {
			return 0, 0, err
		}
		return j.Length()
	}
	w, err := walk.PlayWalk(context.Background(), &g, nil, nil)
	if err != nil {
		return 0, 0, err
	}
	if w.Trap >= 0 {
		return 0, 0, errs.Errorf(errs.ErrNeverFinishes, "square %d can be reached, and the last square cannot be reached from it", w.G.Square(w.Trap))
	}
	squares := OnStart(&g, players)
	_, rounds, turns, err = runRace(w, squares, BoundRace(w, squares))
	return rounds, turns, err
}

// A race follows the games of several players at once: one walk for each
// distinct square they start on, sharing the board's moves.
type race struct {
	Walks []*walk.Walk
	of    []int // player i follows walks[of[i]]
}

// Race follows players from squares over w's moves, a walk of its own for
// each distinct square.
func Race(w *walk.Walk, squares []int) (*race, error) {
	rc := &race{of: make([]int, len(squares))}
	index := map[int]int{}
	for i, s := range squares {
		k, ok := index[s]
		if !ok {
			k = len(rc.Walks)
			index[s] = k
			from, err := w.From(int32(s))
			if err != nil {
				return nil, err
			}
			rc.Walks = append(rc.Walks, from)
		}
		rc.of[i] = k
	}
	return rc, nil
}

// Run follows the players' length distributions until the chance of any
// of them still being able to finish is below 1e-18, which then bounds
// every neglected term, or until every walk has settled into its geometric
// tail, which is then summed in closed form. Players are independent, so
// player i wins on its turn t when it finishes then, the players before it
// have taken t turns without finishing, and the ones after it t-1. The
// expected rounds and turns are only meaningful when the game surely ends.
//
// Since each walk's left falls by exactly what finishes, the terms of one
// turn add up to Π before − Π after, and the turns telescope: compensated
// sums keep the total within a few roundings of 1.
func (rc *race) Run() (wins []float64, rounds, turns float64, err error) {
	k := len(rc.of)
	acc := make([]linalg.Sum, k)
	var sumRounds, sumTurns linalg.Sum
	before := make([]float64, len(rc.Walks)) // chance of playing on before turn t
	f := make([]float64, len(rc.Walks))      // chance of finishing on turn t
	for j, w := range rc.Walks {
		before[j], f[j] = 1, w.Finished
	}
	suffix := make([]float64, k+1) // suffix[i]: Π over players after i-1 of before
	lambdas := make([]float64, len(rc.Walks))
	gaps := make([]float64, len(rc.Walks))
	tails := make([]walk.Tail, len(rc.Walks))
	for t := 0; ; t++ {
		alive := 0.0
		for j, w := range rc.Walks {
			if t > 0 {
				going := w.Alive
				f[j] = w.Turn()
				w.Work += float64(k)
				if w.Trap < 0 {
					tails[j].Observe(f[j], going)
				}
			}
			alive = max(alive, w.Alive)
		}
		suffix[k] = 1
		for i := k - 1; i >= 0; i-- {
			suffix[i] = suffix[i+1] * before[rc.of[i]]
		}
		prefix := 1.0 // Π over the players before i of after
		for i := range acc {
			w := rc.Walks[rc.of[i]]
			if fi := f[rc.of[i]]; fi > 0 {
				term := fi * prefix * suffix[i+1]
				acc[i].Add(term)
				if t > 0 {
					sumTurns.Add(term * (float64(t-1)*float64(k) + float64(i+1)))
				}
			}
			prefix *= w.Left
		}
		sumRounds.Add(prefix)
		if alive < 1e-18 || prefix == 0 && suffix[0] == 0 {
			break // every later term is below the last bit of every sum
		}
		if t%walk.SettledEvery == 0 && (rc.geometric(lambdas, gaps) || rc.settled(tails, lambdas, gaps)) {
			rc.tail(acc, &sumRounds, &sumTurns, t, lambdas, gaps)
			break
		}
		for j, w := range rc.Walks {
			if err := w.Budget(); err != nil {
				return nil, 0, 0, err
			}
			before[j] = w.Left
		}
	}
	wins = make([]float64, k)
	for i := range acc {
		wins[i] = acc[i].Value()
	}
	return wins, sumRounds.Value(), sumTurns.Value(), nil
}

// geometric reports whether every walk has settled into its geometric
// tail, square by square, and records each one's λ in lambdas and 1 − λ
// in gaps. Walks from different squares may settle at different rates: a
// square may not lead back to another.
func (rc *race) geometric(lambdas, gaps []float64) bool {
	for j, w := range rc.Walks {
		l, ok := w.Geometric()
		if !ok {
			return false
		}
		lambdas[j], gaps[j] = l, w.Finished/(w.Left+w.Finished)
	}
	return true
}

// settled is geometric for games too long for its square-by-square check,
// whose rounding hides a rate of 10⁻⁹ a turn: every walk's tail has
// settled by the windows and the slowest mode of quantiles.go, evenly turn
// by turn (Tail.Even: not a board whose tokens finish on every other turn
// alone), and 1 − λ comes from its rate without subtraction.
func (rc *race) settled(tails []walk.Tail, lambdas, gaps []float64) bool {
	for j, w := range rc.Walks {
		if w.Trap >= 0 || !tails[j].Even(w) {
			return false
		}
		lambdas[j], gaps[j] = math.Exp(-tails[j].Rate), -math.Expm1(-tails[j].Rate)
	}
	return true
}

// tail adds to the race's sums the turns after turn last, in closed form,
// for walks in their geometric tails. With P the chance that no player has
// finished after turn last, λ_i player i's rate of not finishing a turn and
// Λ the product of all of them, player i wins later with chance
// P·(1−λ_i)·Π_{l<i} λ_l / (1−Λ), and the rounds and turns are geometric
// series in Λ. 1 − Λ is computed as Σ_i (1−λ_i)·Π_{l<i} λ_l, a sum of
// positive terms, so that nothing cancels and the chances add up to P.
func (rc *race) tail(acc []linalg.Sum, rounds, turns *linalg.Sum, last int, lambdas, gaps []float64) {
	k := len(acc)
	p := 1.0
	for _, j := range rc.of {
		p *= rc.Walks[j].Left
	}
	share := make([]float64, k) // (1−λ_i)·Π_{l<i} λ_l
	var d linalg.Sum            // 1 − Λ
	before := 1.0
	for i, j := range rc.of {
		share[i] = gaps[j] * before
		d.Add(share[i])
		before *= lambdas[j]
	}
	oneMinus, all := d.Value(), before
	rounds.Add(p * all / oneMinus)
	for i := range acc {
		acc[i].Add(p * share[i] / oneMinus)
		turns.Add(p * share[i] * ((float64(last)*float64(k)+float64(i+1))/oneMinus + float64(k)*all/(oneMinus*oneMinus)))
	}
}

// What follows races players exactly over the product of their chains: one
// state for each way the tokens can stand at the start of a turn, the
// mover's first, solved by a subtraction-free elimination. It answers the
// races that the walks of race.go cannot follow: games of 10³⁸ turns
// whose tails take longer to settle than a walk may spend, and boards
// where a token can be trapped, whose walks never settle. It suits small
// boards only: the unknowns are the states times the players.

// RaceDenseFrom is the cost in steps, estimated before any turn is
// followed, below which a race is followed turn by turn without looking
// at its product chain: a millisecond or so.
const RaceDenseFrom = 1 << 20

// A productRace is the product chain of a race, its equations written for
// elimination. Unknown i·k + p is a value of the player at place p from
// the mover of state i; each state leads, by the mover's turn, to states
// turned round by one, so that its place p is the next state's p − 1.
type productRace struct {
	k, n  int
	a     []float64    // n×n: the chance of each unknown's next unknown
	leak  []float64    // per unknown: the chance that the game ends, or can no longer end, on the turn
	rhs   [3][]float64 // per unknown: the mover wins on the turn; a round starts; a turn is taken
	start []float64    // the solution at the first state: wins, rounds, turns per place
}

// ProductRaceOf writes the product chain of players standing on squares
// (valid, none on the last square) over w's turns, or returns nil where it
// has more than raceDenseMax unknowns, where its tables pass MaxBytes, or
// where it would cost more than following the race turn by turn, cost
// steps by the walk's estimate.
func ProductRaceOf(w *walk.Walk, squares []int, cost float64) *productRace {
	g, k := w.G, len(squares)
	if cost <= RaceDenseFrom || k > walk.RaceDenseMax || w.FM != nil && !w.FewReached(squares[0]) {
		return nil
	}
	size := int64(g.Last) + 1
	encode := func(s []int32) (int64, bool) {
		var code int64
		for _, v := range s {
			if code > (1<<62)/size {
				return 0, false
			}
			code = code*size + int64(v)
		}
		return code, true
	}
	alive := func(s []int32) bool {
		for _, v := range s {
			if w.C.CanFinish[v] {
				return true
			}
		}
		return false
	}
	type step struct {
		to int32 // the next state, or −1: someone finishes; −2: no one can
		p  float64
	}
	var states [][]int32
	var steps [][]step
	index := map[int64]int32{}
	first := make([]int32, k)
	for i, s := range squares {
		first[i] = int32(s)
	}
	add := func(s []int32) (int32, bool) {
		code, ok := encode(s)
		if !ok {
			return 0, false
		}
		if i, ok := index[code]; ok {
			return i, true
		}
		if (len(states)+1)*k > walk.RaceDenseMax {
			return 0, false
		}
		index[code] = int32(len(states))
		states = append(states, s)
		steps = append(steps, nil)
		return int32(len(states) - 1), true
	}
	if _, ok := add(first); !ok {
		return nil
	}
	for i := 0; i < len(states); i++ {
		s := states[i]
		if !alive(s) {
			continue // worth nothing to anyone: it takes no part
		}
		if !w.Table(0) {
			return nil
		}
		out := w.C.Out(s[0])
		w.Work += float64(len(out) * k)
		if w.Work > g.Lim.Work {
			return nil
		}
		for _, e := range out {
			st := step{to: -1, p: e.N * w.Share}
			if e.To != g.Last {
				next := make([]int32, k)
				copy(next, s[1:])
				next[k-1] = e.To
				if !alive(next) {
					st.to = -2
				} else {
					to, ok := add(next)
					if !ok {
						return nil
					}
					st.to = to
				}
			}
			steps[i] = append(steps[i], st)
		}
	}
	n := len(states) * k
	if cubic := float64(n) * float64(n) * float64(n) / 3; cubic > cost || w.Work+cubic > g.Lim.Work || !g.Take(8*float64(n)*float64(n+6)) {
		return nil
	}
	pr := &productRace{k: k, n: n, a: make([]float64, n*n), leak: make([]float64, n)}
	for r := range pr.rhs {
		pr.rhs[r] = make([]float64, n)
	}
	for i, out := range steps {
		for p := range k {
			u := i*k + p
			row := pr.a[u*n : (u+1)*n]
			if p == 0 {
				pr.rhs[1][u] = 1 // the player at place 0 is player 0 at every state a round starts on
			}
			pr.rhs[2][u] = 1
			for _, st := range out {
				switch {
				case st.to >= 0:
					row[int(st.to)*k+(p+k-1)%k] += st.p
				case st.to == -1:
					pr.leak[u] += st.p
					if p == 0 {
						pr.rhs[0][u] += st.p
					}
				default:
					pr.leak[u] += st.p
				}
			}
		}
	}
	return pr
}

// Solve solves the product chain by linalg.SolveChain, the subtraction-free
// elimination: each divisor is the chance of leaving the unknown, summed
// from what leads elsewhere and what ends the game rather than subtracted
// from 1, so every value keeps its relative precision however long the
// game. Unknowns from which nothing leaves in the chain as eliminated (a
// state no one can finish from, given what ends first) are worth 0. It
// stops once w's context is done.
func (pr *productRace) Solve(w *walk.Walk) error {
	n := pr.n
	if _, err := linalg.SolveChain(linalg.F64{}, w.Ctx, n, pr.a, pr.leak, pr.rhs[0], pr.rhs[1], pr.rhs[2]); err != nil {
		return err
	}
	w.Work += float64(n) * float64(n) * float64(n) / 3
	pr.start = make([]float64, 3*pr.k)
	for q := range pr.rhs {
		copy(pr.start[q*pr.k:], pr.rhs[q][:pr.k])
	}
	return nil
}

// Run is race.Run by elimination: each player's chance to win, and the
// expected rounds and turns (meaningful when the game surely ends).
func (pr *productRace) Run() (wins []float64, rounds, turns float64) {
	return pr.start[:pr.k], pr.start[pr.k], pr.start[2*pr.k]
}
