package engine

import (
	"slices"

	"github.com/snakesladders/snakes/internal/linalg"
	"github.com/snakesladders/snakes/internal/model"
)

// This file lets Jumps take boards past the structured solve's bounds
// (more than 256 squares that moves go back to, or rows over 32 MiB), with
// one jump per throw and one throw per turn. The structured solve keeps a
// row of width m+2 for every square, but the rank-one formula of
// rankone.go reads rows only at the unknowns, the start, and the two ends
// of each jump. The sweep down the board needs a square's row only while
// the squares a throw below it are swept, and for the squares jumps lead
// up to: so those rows keep a slot each, and every other square's row
// lives in a ring of one more slot than the largest throw. On a board of
// 10⁶ squares with 10⁴ random jumps that is about 2·10⁴ rows, not 10⁶.

// keepRows gives the rows of the squares that Jumps reads after a solve,
// and of those moves reach from further than a throw, a slot each, and
// every other square's a place in the ring; it returns how many slots,
// allocating none of their rows: solve does, and Jumps bounds them first.
func (f *Fundamental) keepRows(stats []JumpStats) int {
	g := f.g
	size := int(g.Last) + 1
	// The unknowns in order up the board: a batch of jumps then has right-
	// hand sides only on the unknowns below its highest start, and the
	// replay of the elimination starts there rather than at the top.
	slices.Sort(f.sq)
	for k, s := range f.sq {
		f.unk[s] = int32(k)
	}
	f.keep = linalg.Grow(f.keep, size)
	for i := range f.keep {
		f.keep[i] = -1
	}
	n := int32(0)
	slot := func(v int32) {
		if f.keep[v] < 0 {
			f.keep[v] = n
			n++
		}
	}
	slot(g.Last)
	slot(g.Start)
	for _, s := range f.sq {
		slot(s)
	}
	for _, js := range stats {
		slot(int32(js.From))
		slot(int32(js.To))
	}
	for v := int32(0); v < g.Last; v++ {
		for _, e := range f.out(v) {
			if e.To > v+g.Faces {
				slot(e.To)
			}
		}
	}
	f.kept, f.ring = n, g.Faces+1
	f.rowOf = linalg.Grow(f.rowOf, len(f.sq))
	for k, s := range f.sq {
		f.rowOf[k] = f.keep[s]
	}
	return int(n + f.ring)
}

// keptWork estimates the multiply-adds of Jumps with kept rows: the sweep
// adds a row of width m+2 for each move, the elimination takes m³/3, and
// each jump a scalar sweep up to its start and the m² of a replay. The
// sweeps go move by move, at the cost of a step of a solve's sweep a
// multiply-add (jumpsPerStep of the elimination's and replays' tight
// loops): on a die of thousands of faces they are most of the work.
func keptWork(f *Fundamental, g *model.Game, jumps int) float64 {
	m := float64(len(f.sq))
	moves := float64(len(f.c.Edges))
	return model.JumpsPerStep*moves*(m+2+float64(jumps)/2) + m*m*m/3 + float64(jumps)*m*m
}
