package bench

import (
	"github.com/snakesladders/snakes/internal/boards"
	"gonum.org/v1/gonum/graph"
	"gonum.org/v1/gonum/graph/path"
	"gonum.org/v1/gonum/graph/simple"
	"gonum.org/v1/gonum/graph/traverse"
	"gonum.org/v1/gonum/mat"
)

// This file holds the baselines the benchmarks compare the library with.

// The baselines a user might pick instead of the library, each written here
// from the problem statement, not from the library's code.

// moveTo is where a roll puts a token standing on v under the boards' rules
// here: LeetCode's, or the classic's (start off the board, overshoot stays);
// ok is false for a roll past the end.
func moveTo(flat []int, v, roll int) (to int, ok bool) {
	t := v + roll
	if t >= len(flat) {
		return v, false
	}
	if flat[t] != -1 {
		return flat[t], true
	}
	return t, true
}

func start(b board) int {
	if b.rules.StartOffBoard {
		return 0
	}
	return 1
}

// gonumGraph builds the board's move graph: one node per square, an edge
// for every roll (self-loops, which change nothing, left out).
func gonumGraph(b board) *simple.DirectedGraph {
	g := simple.NewDirectedGraph()
	for v := start(b); v < len(b.flat); v++ {
		if g.Node(int64(v)) == nil {
			g.AddNode(simple.Node(v))
		}
	}
	for v := start(b); v < len(b.flat)-1; v++ {
		for roll := 1; roll <= 6; roll++ {
			if to, ok := moveTo(b.flat, v, roll); ok && to != v {
				g.SetEdge(g.NewEdge(simple.Node(v), simple.Node(to)))
			}
		}
	}
	return g
}

// gonumBFS is the fewest rolls by gonum's breadth-first walk.
func gonumBFS(g *simple.DirectedGraph, b board) int {
	last := int64(len(b.flat) - 1)
	depth := -1
	var bf traverse.BreadthFirst
	bf.Walk(g, simple.Node(start(b)), func(n graph.Node, d int) bool {
		if n.ID() == last {
			depth = d
			return true
		}
		return false
	})
	return depth
}

// gonumDijkstra is the fewest rolls by gonum's Dijkstra.
func gonumDijkstra(g *simple.DirectedGraph, b board) int {
	w := path.DijkstraFrom(simple.Node(start(b)), g).WeightTo(int64(len(b.flat) - 1))
	if w > float64(len(b.flat)) {
		return -1
	}
	return int(w)
}

// adjacencyMinRolls is the seeds' C++ write-up: a neighbour list per
// square on every call, then a queue-based breadth-first search.
func adjacencyMinRolls(b board) int { return boards.AdjacencyMinRolls(b.flat, start(b)) }

// inlineMinRolls works on the grid itself, turning each label into its row
// and column inside the loop (the seeds' first approach).
func inlineMinRolls(b board) int {
	grid := b.grid
	n := len(grid)
	last := n * n
	seen := make([]bool, last+1)
	frontier := []int{start(b)}
	seen[start(b)] = true
	for rolls := 0; len(frontier) > 0; rolls++ {
		var next []int
		for _, v := range frontier {
			if v == last {
				return rolls
			}
			for t := v + 1; t <= v+6 && t <= last; t++ {
				row := n - 1 - (t-1)/n
				col := (t - 1) % n
				if (n-1-row)%2 == 1 {
					col = n - 1 - col
				}
				to := t
				if grid[row][col] != -1 {
					to = grid[row][col]
				}
				if !seen[to] {
					seen[to] = true
					next = append(next, to)
				}
			}
		}
		frontier = next
	}
	return -1
}

// floor reads every entry of a flattened array once: no search can be
// faster than looking at the board.
func floor(flat []int32) int32 {
	var sum int32
	for _, v := range flat {
		sum += v
	}
	return sum
}

// luExpected solves (I − Q)·E = 1 for the expected turns of random play
// with a dense LU factorisation, Q the transient part of the move matrix.
func luExpected(b board) float64 {
	last := len(b.flat) - 1
	first := start(b)
	size := last - first // squares first..last-1
	a := mat.NewDense(size, size, nil)
	ones := mat.NewVecDense(size, nil)
	for v := first; v < last; v++ {
		i := v - first
		a.Set(i, i, a.At(i, i)+1)
		ones.SetVec(i, 1)
		for roll := 1; roll <= 6; roll++ {
			to, ok := moveTo(b.flat, v, roll)
			if !ok {
				to = v
			}
			if to != last {
				a.Set(i, to-first, a.At(i, to-first)-1.0/6)
			}
		}
	}
	var lu mat.LU
	lu.Factorize(a)
	var e mat.VecDense
	if err := lu.SolveVecTo(&e, false, ones); err != nil {
		return -1
	}
	return e.AtVec(0)
}
