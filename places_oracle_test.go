package snakes

import (
	"fmt"
	"math/big"
	"slices"
	"testing"
)

// rplState is one joint state of the place oracle: every token's square,
// whose turn it is, and the players that have finished, in order.
type rplState struct {
	pos   []int
	turn  int
	order []int
}

// refPlaces returns, in exact rationals, p[i][m]: the chance that player i
// (0-based turn order) finishes in place m+1, under LeetCode 909 numbering
// and the house rules (over, offBoard, bump, play on until one is left).
// Written from the rules alone: BFS over the joint states reachable from the
// start, then exact sparse Gaussian (state) elimination with big.Rat. ok is
// false if more than maxStates states are reachable, if a reachable state can
// never end, or if the input is outside the rules modelled.
func refPlaces(grid [][]int, faces int, over string, offBoard, bump bool, players int, maxStates int) (p [][]*big.Rat, ok bool) {
	n := len(grid)
	last, start := n*n, 1
	if offBoard {
		start = 0
	}
	if players < 1 || faces < 1 || n == 0 || start == last {
		return nil, false
	}
	for _, row := range grid {
		if len(row) != n {
			return nil, false
		}
	}
	if players == 1 {
		return [][]*big.Rat{{big.NewRat(1, 1)}}, true
	}
	jump := func(sq int) int { // the square a token landing on sq ends on
		i := sq - 1
		r, c := n-1-i/n, i%n
		if (i/n)%2 == 1 {
			c = n - 1 - c
		}
		if v := grid[r][c]; v != -1 {
			return v
		}
		return sq
	}
	// step plays roll k from s; done reports that the game is over (then
	// order is the full finishing order); bad reports input outside the rules.
	step := func(s rplState, k int) (next rplState, done, bad bool) {
		pos := append([]int(nil), s.pos...)
		order := append([]int(nil), s.order...)
		t := s.turn
		to, moved := pos[t]+k, true
		if to > last {
			switch over {
			case "stay":
				to, moved = pos[t], false
			case "bounce":
				if to = 2*last - to; to < 1 {
					return next, false, true
				}
			case "finish":
				to = last
			default:
				return next, false, true
			}
		}
		if moved {
			if to = jump(to); to < 1 || to > last {
				return next, false, true
			}
		}
		pos[t] = to
		if bump && moved && to != 0 && to != last {
			for j := range pos {
				if j != t && pos[j] == to {
					pos[j] = start
				}
			}
		}
		if to == last {
			order = append(order, t)
		}
		if len(order) == players-1 {
			for j := range pos {
				if pos[j] != last {
					order = append(order, j)
				}
			}
			return rplState{pos, -1, order}, true, false
		}
		for d := 1; d <= players; d++ {
			if j := (t + d) % players; pos[j] != last {
				return rplState{pos, j, order}, false, false
			}
		}
		panic("unreachable")
	}

	// BFS: rows[i] holds the chances of moving from transient state i to
	// transient states, ends[i][pl*players+m] the chance of ending the game
	// in one throw with player pl in place m+1.
	init := rplState{slices.Repeat([]int{start}, players), 0, nil}
	index := map[string]int{fmt.Sprint(init): 0}
	states, preds := []rplState{init}, []map[int]bool{{}}
	rows, ends := []map[int]*big.Rat{}, [][]big.Rat{}
	add := func(row map[int]*big.Rat, j int, y *big.Rat) {
		if row[j] == nil {
			row[j] = new(big.Rat)
		}
		row[j].Add(row[j], y)
	}
	die := big.NewRat(1, int64(faces))
	for i := 0; i < len(states); i++ {
		row, end := map[int]*big.Rat{}, make([]big.Rat, players*players)
		for k := 1; k <= faces; k++ {
			next, done, bad := step(states[i], k)
			if bad {
				return nil, false
			} else if done {
				for m, pl := range next.order {
					end[pl*players+m].Add(&end[pl*players+m], die)
				}
				continue
			}
			key := fmt.Sprint(next)
			j, seen := index[key]
			if !seen {
				if len(states) == maxStates {
					return nil, false
				}
				j = len(states)
				index[key] = j
				states, preds = append(states, next), append(preds, map[int]bool{})
			}
			add(row, j, die)
			preds[j][i] = true
		}
		rows, ends = append(rows, row), append(ends, end)
	}

	// x_i = sum_j rows[i][j] x_j + ends[i]. Eliminate every state but the
	// start, cheapest (fewest predecessors times successors) first. Each row
	// keeps summing to 1, so a set of states that can never end shows up as a
	// state whose only way on is a self-loop of chance 1 (selfLoop fails).
	one, gone := big.NewRat(1, 1), make([]bool, len(states))
	selfLoop := func(v int) bool { // divide row v by 1 - rows[v][v]
		a, has := rows[v][v]
		if !has {
			return true
		}
		d := new(big.Rat).Sub(one, a)
		if d.Sign() == 0 {
			return false
		}
		d.Inv(d)
		delete(rows[v], v)
		delete(preds[v], v)
		for _, x := range rows[v] {
			x.Mul(x, d)
		}
		for o := range ends[v] {
			ends[v][o].Mul(&ends[v][o], d)
		}
		return true
	}
	for left := len(states) - 1; left > 0; left-- {
		v := -1
		for i := 1; i < len(states); i++ {
			if !gone[i] && (v < 0 || len(preds[i])*len(rows[i]) < len(preds[v])*len(rows[v])) {
				v = i
			}
		}
		if !selfLoop(v) {
			return nil, false
		}
		for u := range preds[v] {
			w := rows[u][v]
			delete(rows[u], v)
			for t, a := range rows[v] {
				add(rows[u], t, new(big.Rat).Mul(w, a))
				preds[t][u] = true
			}
			for o := range ends[v] {
				ends[u][o].Add(&ends[u][o], new(big.Rat).Mul(w, &ends[v][o]))
			}
		}
		for t := range rows[v] {
			delete(preds[t], v)
		}
		gone[v], rows[v], preds[v] = true, nil, nil
	}
	if !selfLoop(0) || len(rows[0]) != 0 {
		return nil, false
	}
	p = make([][]*big.Rat, players)
	for i := range p {
		p[i] = make([]*big.Rat, players)
		for m := range p[i] {
			p[i][m] = &ends[0][i*players+m]
		}
	}
	return p, true
}

func TestRefPlacesOracle(t *testing.T) {
	free2 := [][]int{{-1, -1}, {-1, -1}}
	up3 := [][]int{{-1, -1}, {-1, 3}}                      // square 2 -> 3
	up4 := [][]int{{-1, -1}, {-1, 4}}                      // square 2 -> 4
	all4 := [][]int{{-1, 4}, {-1, 4}}                      // squares 2, 3 -> 4
	row2 := [][]int{{-1, -1, -1}, {-1, -1, 9}, {-1, 9, 9}} // 2, 3, 4 -> 9
	id2, id3, half := "1 0 0 1", "1 0 0 0 1 0 0 0 1", "2/3 1/3 1/3 2/3"
	for _, c := range []struct {
		name      string
		grid      [][]int
		faces     int
		over      string
		off, bump bool
		players   int
		want      string // row-major p; "" when ok must be false
	}{
		{"one player", free2, 2, "bounce", false, true, 1, "1"},
		{"1x1 off board", [][]int{{-1}}, 1, "stay", true, false, 3, id3},
		{"1x1 half chance", [][]int{{-1}}, 2, "stay", true, false, 2, half},
		{"1x1 half chance 3", [][]int{{-1}}, 2, "stay", true, true, 3,
			"4/7 4/21 5/21 2/7 3/7 2/7 1/7 8/21 10/21"},
		{"one throw ends", all4, 3, "stay", false, true, 2, id2},
		{"one throw ends 3", all4, 3, "bounce", false, true, 3, id3},
		{"boustrophedon", row2, 3, "stay", false, true, 2, id2},
		{"no bump 2x2", free2, 2, "finish", false, false, 2, "13/16 3/16 3/16 13/16"},
		{"ladder no bump", up4, 2, "finish", false, false, 2, "3/4 1/4 1/4 3/4"},
		{"ladder bump", up4, 2, "finish", false, true, 2, half},
		{"stay", up3, 2, "stay", false, false, 2, half},
		{"bounce", up3, 2, "bounce", false, false, 2, half},
		{"finish", up3, 2, "finish", false, false, 2, id2},
		{"finish bump trap", up3, 2, "finish", false, true, 2, ""},
		{"stay bump trap", up3, 2, "stay", false, true, 2, ""},
		{"walk no bump", free2, 1, "stay", false, false, 2, id2},
		{"walk bump trap", free2, 1, "stay", false, true, 2, ""},
	} {
		p, ok := refPlaces(c.grid, c.faces, c.over, c.off, c.bump, c.players, 100)
		got := ""
		for _, row := range p {
			for _, x := range row {
				got += " " + x.RatString()
			}
		}
		if ok != (c.want != "") || ok && got[1:] != c.want {
			t.Errorf("%s: ok = %v, p =%s, want %q", c.name, ok, got, c.want)
		}
	}
	if _, ok := refPlaces(free2, 2, "finish", false, false, 2, 3); ok {
		t.Error("more than maxStates states: ok = true")
	}
	// 3x3 board with snakes and ladders: rows and columns sum to exactly 1.
	snakes3 := [][]int{{-1, -1, -1}, {2, -1, 8}, {-1, 7, -1}} // 2->7, 4->8, 6->2
	for k := range 24 {
		players, over, bump, off := 2+k/12, []string{"stay", "bounce", "finish"}[k/4%3], k&2 != 0, k&1 != 0
		p, ok := refPlaces(snakes3, 3, over, off, bump, players, 5000)
		if !ok {
			t.Errorf("%d %s %v %v: not ok", players, over, bump, off)
			continue
		}
		for i := range players {
			row, col := new(big.Rat), new(big.Rat)
			for m := range players {
				row.Add(row, p[i][m])
				col.Add(col, p[m][i])
			}
			if row.Cmp(big.NewRat(1, 1)) != 0 || col.Cmp(big.NewRat(1, 1)) != 0 {
				t.Errorf("%d %s %v %v: row, column %d sum to %s, %s", players, over, bump, off, i, row, col)
			}
		}
	}
}
