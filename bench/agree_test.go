package bench

import (
	"math"
	"testing"
)

// This file checks that the baselines answer as the library does.

// TestBaselinesAgree checks that every baseline answers as the library does
// on the benchmark boards, so that the timings compare like with like.
func TestBaselinesAgree(t *testing.T) {
	boards := []board{classic(t)}
	for _, n := range []int{20, 100} {
		boards = append(boards, randomBoards(t, n)...)
	}
	for _, b := range boards {
		want := b.rules.MinRolls(b.b)
		g := gonumGraph(b)
		got := map[string]int{
			"gonum BFS":      gonumBFS(g, b),
			"gonum Dijkstra": gonumDijkstra(g, b),
			"adjacency":      adjacencyMinRolls(b),
			"inline":         inlineMinRolls(b),
		}
		for name, rolls := range got {
			if rolls != want {
				t.Errorf("%s: %s says %d rolls, the library %d", b.name, name, rolls, want)
			}
		}
		if b.squares > 400 {
			continue // a dense LU of a 10⁴-square board takes minutes
		}
		e, err := b.rules.ExpectedTurns(b.b)
		if err != nil {
			t.Logf("%s: %v (no expected-turns comparison)", b.name, err)
			continue
		}
		if lu := luExpected(b); math.Abs(lu-e) > 1e-9*e {
			t.Errorf("%s: LU says %.12g expected turns, the library %.12g", b.name, lu, e)
		}
	}
}
