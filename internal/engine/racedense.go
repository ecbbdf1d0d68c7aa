package engine

import "github.com/snakesladders/snakes/internal/linalg"

// This file races players exactly over the product of their chains: one
// state for each way the tokens can stand at the start of a turn, the
// mover's first, solved by a subtraction-free elimination. It answers the
// races that the walks of race.go cannot follow: games of 10³⁸ turns
// whose tails take longer to settle than a walk may spend, and boards
// where a token can be trapped, whose walks never settle. It suits small
// boards only: the unknowns are the states times the players.

// raceDenseMax is the most unknowns the product chain is eliminated over:
// 640, 3.3 MB and about 10⁸ multiply-adds, a few tens of milliseconds.
const raceDenseMax = 640

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
	div   []float64    // per unknown: its elimination divisor
	start []float64    // the solution at the first state: wins, rounds, turns per place
}

// ProductRaceOf writes the product chain of players standing on squares
// (valid, none on the last square) over w's turns, or returns nil where it
// has more than raceDenseMax unknowns, where its tables pass MaxBytes, or
// where it would cost more than following the race turn by turn, cost
// steps by the walk's estimate.
func (w *Walk) ProductRaceOf(squares []int, cost float64) *productRace {
	g, k := w.g, len(squares)
	if cost <= RaceDenseFrom || k > raceDenseMax || w.FM != nil && !w.fewReached(squares[0]) {
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
		if (len(states)+1)*k > raceDenseMax {
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
		if !w.table(0) {
			return nil
		}
		out := w.C.Out(s[0])
		w.Work += float64(len(out) * k)
		if w.Work > g.Lim.Work {
			return nil
		}
		for _, e := range out {
			st := step{to: -1, p: e.N * w.share}
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
	if cubic := float64(n) * float64(n) * float64(n) / 3; cubic > cost || w.Work+cubic > g.Lim.Work || 8*float64(n)*float64(n+6) > g.Lim.Bytes {
		return nil
	}
	pr := &productRace{k: k, n: n, a: make([]float64, n*n), leak: make([]float64, n), div: make([]float64, n)}
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

// Solve eliminates the unknowns one by one as the chain censored to the
// rest (Grassmann–Taksar–Heyman): each divisor is the chance of leaving
// the unknown, summed from what leads elsewhere and what ends the game
// rather than subtracted from 1, so every value keeps its relative
// precision however long the game. Unknowns from which nothing leaves in
// the chain as eliminated (a state no one can finish from, given what
// ends first) are worth 0. It stops once w's context is done.
func (pr *productRace) Solve(w *Walk) error {
	n := pr.n
	a := pr.a
	for c := range n {
		if c%16 == 0 && w.ctx != nil {
			if err := w.ctx.Err(); err != nil {
				return err
			}
		}
		rowC := a[c*n : (c+1)*n]
		var d linalg.Sum
		d.Add(pr.leak[c])
		for j := c + 1; j < n; j++ {
			d.Add(rowC[j])
		}
		pr.div[c] = d.Value()
		if pr.div[c] == 0 {
			continue
		}
		for r := c + 1; r < n; r++ {
			rowR := a[r*n : (r+1)*n]
			x := rowR[c]
			if x == 0 {
				continue
			}
			f := x / pr.div[c]
			rowR[c] = 0
			for j := c + 1; j < n; j++ {
				rowR[j] += f * rowC[j]
			}
			pr.leak[r] += f * pr.leak[c]
			for q := range pr.rhs {
				pr.rhs[q][r] += f * pr.rhs[q][c]
			}
		}
		w.Work += float64(n-c) * float64(n-c)
	}
	x := make([]float64, 3*n)
	for c := n - 1; c >= 0; c-- {
		if pr.div[c] == 0 {
			continue
		}
		rowC := a[c*n : (c+1)*n]
		for q := range pr.rhs {
			v := pr.rhs[q][c]
			for j := c + 1; j < n; j++ {
				v += rowC[j] * x[q*n+j]
			}
			x[q*n+c] = v / pr.div[c]
		}
	}
	pr.start = make([]float64, 3*pr.k)
	for q := range 3 {
		copy(pr.start[q*pr.k:], x[q*n:q*n+pr.k])
	}
	return nil
}

// Run is race.Run by elimination: each player's chance to win, and the
// expected rounds and turns (meaningful when the game surely ends).
func (pr *productRace) Run() (wins []float64, rounds, turns float64) {
	return pr.start[:pr.k], pr.start[pr.k], pr.start[2*pr.k]
}
