// Independent oracle for square effects (ThrowAgain, MissTurn), from the rules' text: exact expected turns, turn distribution, simulation.
package snakes_test

import (
	"fmt"
	"math/big"
	"math/rand/v2"
)

// oracleRules are the rules the oracle plays by. Zero values: a fair die of
// 6 faces, one die, start on square 1, overshoot "stay", one jump a throw,
// no Again.
type oracleRules struct {
	faces              int    // fair die 1..faces; 0 means 6 (unused when weights is set)
	weights            []int  // face k+1 has chance weights[k]/Σweights
	dice               int    // dice summed per throw; 0 means 1
	startOff           bool   // start on square 0
	enter              int    // on square 0 only this total moves (implies start on 0)
	overshoot          string // "stay" (or ""), "bounce", "finish"
	chain              bool   // follow jumps until a square without one (or a repeat)
	again              int    // total giving another throw in the turn
	againLimit         int    // the K-th consecutive again-total in a turn is voided
	onLimitBackToStart bool   // a void sends the token to the start, else to where the turn began
}

// oracleStep is one throw's outcome: the square the token is left on, the
// run of consecutive Again totals, and whether the game is done, the turn
// goes on, or the turn ended on MissTurn (the next turn is passed over).
type oracleStep struct {
	pos, run         int
	done, cont, skip bool
}

// faceWeights returns the weight of each face (1..F).
func (r oracleRules) faceWeights() []int {
	if len(r.weights) > 0 {
		return r.weights
	}
	w := make([]int, r.faces)
	if r.faces == 0 {
		w = make([]int, 6)
	}
	for i := range w {
		w[i] = 1
	}
	return w
}

func (r oracleRules) start() int {
	if r.startOff || r.enter > 0 {
		return 0
	}
	return 1
}

// totals returns the exact chance of each throw total (index = total).
func (r oracleRules) totals() []*big.Rat {
	w, sum := r.faceWeights(), 0
	for _, x := range w {
		sum += x
	}
	if sum <= 0 {
		panic("oracle: no face can show")
	}
	dist := []*big.Rat{big.NewRat(1, 1)}
	for range max(r.dice, 1) {
		next := make([]*big.Rat, len(dist)+len(w))
		for i := range next {
			next[i] = new(big.Rat)
		}
		for i, p := range dist {
			for k, x := range w {
				next[i+k+1].Add(next[i+k+1], new(big.Rat).Mul(p, big.NewRat(int64(x), int64(sum))))
			}
		}
		dist = next
	}
	return dist
}

// move returns where a throw of total t from pos leaves the token (after its
// jump or jumps) and whether the token moved. Landing on L ends it there.
func (r oracleRules) move(L int, jump []int, pos, t int) (int, bool) {
	if pos == 0 && r.enter > 0 && t != r.enter {
		return 0, false
	}
	x := pos + t
	if x > L {
		switch r.overshoot {
		case "", "stay":
			return pos, false
		case "finish":
			x = L
		case "bounce": // a ball between walls 1 and L
			x = 1
			if p := 2 * (L - 1); p > 0 {
				x = 1 + min((pos+t-1)%p, p-(pos+t-1)%p)
			}
		default:
			panic("oracle: unknown overshoot " + r.overshoot)
		}
	}
	if x == L || jump[x] == 0 {
		return x, true
	}
	if !r.chain {
		return jump[x], true
	}
	seen := map[int]bool{x: true}
	for x != L && jump[x] != 0 && !seen[jump[x]] {
		x = jump[x]
		seen[x] = true
	}
	return x, true
}

// step plays one throw of total t from pos, with run Again totals before it
// in this turn, which began on square begin. The againLimit-th Again in a
// row is voided (even if it would reach L): the token goes back to begin, or
// to the start. Runs are kept only when againLimit > 0 (else always 0).
func (r oracleRules) step(L int, jump, effect []int, pos, run, begin, t int) oracleStep {
	isA := r.again > 0 && t == r.again
	nrun := 0
	if isA && r.againLimit > 0 {
		if nrun = run + 1; nrun >= r.againLimit {
			if r.onLimitBackToStart {
				return oracleStep{pos: r.start()}
			}
			return oracleStep{pos: begin}
		}
	}
	to, moved := r.move(L, jump, pos, t)
	if moved && to == L {
		return oracleStep{pos: L, done: true}
	}
	switch eff := effect[to]; {
	case !moved:
		return oracleStep{pos: to, run: nrun, cont: isA}
	case eff == 2: // MissTurn
		return oracleStep{pos: to, skip: true}
	case eff == 1 || isA: // ThrowAgain
		return oracleStep{pos: to, run: nrun, cont: true}
	}
	return oracleStep{pos: to}
}

// oracleCheck validates the board slices: jump and effect are 1-based, of
// length n*n+1 (index 0 unused); a nil effect means no effects.
func oracleCheck(n int, jump, effect []int) (int, []int) {
	L := n * n
	if effect == nil {
		effect = make([]int, L+1)
	}
	if n < 1 || len(jump) != L+1 || len(effect) != L+1 {
		panic(fmt.Sprintf("oracle: need n>=1 and 1-based jump/effect of length %d", L+1))
	}
	return L, effect
}

// oracleArc is a move of an absorbing chain: to a state (to >= 0) or out of
// the chain (to < 0), with chance p, adding p*w to right-hand side col.
type oracleArc struct {
	to, col int
	p       *big.Rat
	w       int64
}

// oracleChain solves x = Σ_arcs p (w e_col + x_to) over the states reachable
// from s0 (arcs gives each state's moves) by Gauss–Jordan in big.Rat, and
// returns s0's cols right-hand sides. False if some reachable state cannot
// leave the chain: its closed class makes the system singular.
func oracleChain(s0, cols int, arcs func(s int) []oracleArc) ([]*big.Rat, bool) {
	idx, order := map[int]int{s0: 0}, []int{s0}
	var all [][]oracleArc
	for k := 0; k < len(order); k++ {
		all = append(all, arcs(order[k]))
		for _, e := range all[k] {
			if _, ok := idx[e.to]; !ok && e.to >= 0 {
				idx[e.to] = len(order)
				order = append(order, e.to)
			}
		}
	}
	m := len(order)
	a := make([][]*big.Rat, m)
	for i := range m {
		a[i] = make([]*big.Rat, m+cols)
		for j := range a[i] {
			a[i][j] = new(big.Rat)
		}
		a[i][i].SetInt64(1)
		for _, e := range all[i] {
			if e.to >= 0 {
				a[i][idx[e.to]].Sub(a[i][idx[e.to]], e.p)
			}
			a[i][m+e.col].Add(a[i][m+e.col], new(big.Rat).Mul(e.p, big.NewRat(e.w, 1)))
		}
	}
	for c := range m {
		piv := c
		for piv < m && a[piv][c].Sign() == 0 {
			piv++
		}
		if piv == m {
			return nil, false
		}
		a[c], a[piv] = a[piv], a[c]
		inv := new(big.Rat).Inv(a[c][c])
		for j := c; j < m+cols; j++ {
			a[c][j].Mul(a[c][j], inv)
		}
		for i := range m {
			if f := new(big.Rat).Set(a[i][c]); i != c && f.Sign() != 0 {
				for j := c; j < m+cols; j++ {
					a[i][j].Sub(a[i][j], new(big.Rat).Mul(f, a[c][j]))
				}
			}
		}
	}
	return a[0][m:], true
}

// oracleExpectedTurns is the exact expected number of turns (a passed-over
// turn counts 1) for one player to reach L from the start. A turn begun on p
// ends, by the throw-level chain on (square, run), on q (index q), on q by
// MissTurn (L+q) or with the game done (2L); then on turn-start squares
// x(p) = Σ P(q)(1+x(q)) + Σ P(L+q)(2+x(q)) + P(2L). False when the game can
// fail to finish (a reachable state cannot reach L, or a turn can fail to
// end).
func oracleExpectedTurns(n int, jump []int, effect []int, r oracleRules) (*big.Rat, bool) {
	L, effect := oracleCheck(n, jump, effect)
	if r.start() == L {
		return new(big.Rat), true
	}
	probs, R, ok := r.totals(), max(r.againLimit, 1), true
	x, fin := oracleChain(r.start(), 1, func(begin int) []oracleArc {
		ends, turnOK := oracleChain(begin*R, 2*L+1, func(s int) (arcs []oracleArc) {
			for t, p := range probs {
				if p.Sign() == 0 {
					continue
				}
				st := r.step(L, jump, effect, s/R, s%R, begin, t)
				e := oracleArc{-1, st.pos, p, 1} // the turn ends on st.pos
				switch {
				case st.cont:
					e = oracleArc{st.pos*R + st.run, 0, p, 0}
				case st.done:
					e.col = 2 * L
				case st.skip:
					e.col = L + st.pos
				}
				arcs = append(arcs, e)
			}
			return arcs
		})
		if !turnOK {
			ok = false
			return nil // no exit: the outer chain fails too
		}
		var arcs []oracleArc
		for q, p := range ends {
			if p.Sign() != 0 && q == 2*L {
				arcs = append(arcs, oracleArc{-1, 0, p, 1})
			} else if p.Sign() != 0 {
				arcs = append(arcs, oracleArc{q % L, 0, p, 1 + int64(q/L)})
			}
		}
		return arcs
	})
	if !ok || !fin {
		return nil, false
	}
	return x[0], true
}

// oracleTurnDistribution returns P(the game ends on turn t), t = 0..turns,
// moving probability mass turn by turn over the squares turns begin on, with
// or without a pending passed-over turn (in which the game cannot end). A
// turn's ends (as in oracleExpectedTurns, but not from its solve) come from
// moving its mass throw by throw until less than 1e-18 is still in the turn
// (or for 1e6 throws).
func oracleTurnDistribution(n int, jump, effect []int, r oracleRules, turns int) []float64 {
	L, effect := oracleCheck(n, jump, effect)
	out := make([]float64, turns+1)
	if r.start() == L {
		out[0] = 1
		return out
	}
	var probs []float64
	for _, p := range r.totals() {
		f, _ := p.Float64()
		probs = append(probs, f)
	}
	R := max(r.againLimit, 1)
	turnEnds := func(begin int) []float64 {
		out, in := make([]float64, 2*L+1), map[int]float64{begin * R: 1}
		for it := 0; it < 1e6; it++ {
			next, mass := map[int]float64{}, 0.0
			for s, m := range in {
				for t, q := range probs {
					if q == 0 {
						continue
					}
					switch st := r.step(L, jump, effect, s/R, s%R, begin, t); {
					case st.done:
						out[2*L] += m * q
					case st.cont:
						next[st.pos*R+st.run] += m * q
						mass += m * q
					case st.skip:
						out[L+st.pos] += m * q
					default:
						out[st.pos] += m * q
					}
				}
			}
			if in = next; mass < 1e-18 {
				break
			}
		}
		return out
	}
	ends := make([][]float64, L)
	play, skip := make([]float64, L), make([]float64, L) // turn starts
	play[r.start()] = 1
	for k := 1; k <= turns; k++ {
		nplay, nskip := make([]float64, L), make([]float64, L)
		copy(nplay, skip) // this turn is passed over
		for p, m := range play {
			if m == 0 {
				continue
			}
			if ends[p] == nil {
				ends[p] = turnEnds(p)
			}
			for q := range L {
				nplay[q] += m * ends[p][q]
				nskip[q] += m * ends[p][L+q]
			}
			out[k] += m * ends[p][2*L]
		}
		play, skip = nplay, nskip
	}
	return out
}

// throwDice throws the dice of r once: the sum of independent faces.
func (r oracleRules) throwDice(rng *rand.Rand) (total int) {
	w, sum := r.faceWeights(), 0
	for _, x := range w {
		sum += x
	}
	for range max(r.dice, 1) {
		x, k := rng.IntN(sum), 0
		for ; x >= w[k]; k++ {
			x -= w[k]
		}
		total += k + 1
	}
	return total
}

// oracleSimulate plays one game of players tokens (no Bump), player 0 first.
// turns counts every turn of every player (a passed-over turn counts 1),
// including the winner's last; throws counts every throw. After 1e6 turns
// (or 1e6 throws in one turn) it gives up with winner -1.
func oracleSimulate(rng *rand.Rand, n int, jump, effect []int, r oracleRules, players int) (winner, turns, throws int) {
	L, effect := oracleCheck(n, jump, effect)
	if r.start() == L {
		return 0, 0, 0
	}
	pos, skip := make([]int, players), make([]bool, players)
	for i := range pos {
		pos[i] = r.start()
	}
	for i := 0; turns < 1e6; i = (i + 1) % players {
		if turns++; skip[i] {
			skip[i] = false
			continue
		}
		run, begin := 0, pos[i]
		for k := 0; ; k++ {
			if k == 1e6 {
				return -1, turns, throws
			}
			throws++
			st := r.step(L, jump, effect, pos[i], run, begin, r.throwDice(rng))
			if pos[i], run, skip[i] = st.pos, st.run, st.skip; st.done {
				return i, turns, throws
			} else if !st.cont {
				break
			}
		}
	}
	return -1, turns, throws
}

// oracleSolo is the number of turns one player takes to finish (-1 if the
// simulation gave up), for Monte Carlo checks of oracleExpectedTurns.
func oracleSolo(rng *rand.Rand, n int, jump, effect []int, r oracleRules) int {
	if w, t, _ := oracleSimulate(rng, n, jump, effect, r, 1); w >= 0 {
		return t
	}
	return -1
}

// Sanity values (by hand; n=2 so L=4, no jumps):
//   faces 1, no effects:             3 turns exactly.
//   faces 1, effect[2]=MissTurn:     4 (1→2 miss; passed; 2→3; 3→4).
//   faces 1, effect[2]=ThrowAgain:   2 (1→2→3 in turn 1; 3→4).
//   faces 6, overshoot "finish":     49/36 (E3=1, E2=7/6, E1=1+E2/6+E3/6).
//   n=1 (L=1, start 1):              0 turns; distribution [1, 0, ...].
//   faces 5, enter 4, again 5, finish: 4 (a turn finishes with chance 1/4).
