package engine

import (
	"math"
	"runtime"

	"github.com/snakesladders/snakes/internal/budget"
	"github.com/snakesladders/snakes/internal/linalg"
	"github.com/snakesladders/snakes/internal/model"
)

// This file gives what removing one jump does, from one solve of the board
// as it is. Without Chain, removing the jump from f to d changes the
// transition matrix Q by u·wᵀ, where u(s) is the chance that a roll from s
// lands on f and w = e_f − e_d: every row that rolls onto f moves that mass
// from column d to column f. By Sherman–Morrison, with z = N·u (z(s) the
// expected landings on f from s) and t the expected lengths,
//
//	t' = t + z·(t(f) − t(d)) / (1 − z(f) + z(d)),
//
// so the effect at the start needs z at three squares: one more right-hand
// side for the solve already made (fundamental.again). The first landing on
// f from s comes with chance h(s), after which the token is on d, so
// z(s) = h(s)·(1 + z(d)): the chance to take the jump at all is
// z(start)/(1 + z(d)), and the denominator above is (1 + z(d))·(1 − h(f)),
// zero exactly when from f every way to the end lands on f again, so that
// without the jump the token is trapped.

// jumpEffects fills in Taken, Chance and Effect for each jump under rules
// with one jump per throw and one throw per turn, after f.solve(nil):
// landed holds the expected landings on each square per game. An Effect
// the formula gives to 1e-10 of itself plus floor is kept.
//
// It returns the indexes into stats of the jumps whose Effect the formula
// cannot give to its bound, for fresh solves; or f.ctx's error once that
// is done.
func jumpEffects(f *Fundamental, g *model.Game, landed []float64, stats []JumpStats, floor float64) (fresh []int, err error) {
	size := len(f.Values)
	// The jumps whose start the token surely finishes from go through
	// againTerms in batches of maxBatch; the others need only the chance to
	// take them. A batch's sweep starts below its highest jump's start, so
	// they go from the highest down: the last batch, the one of fewer
	// jumps, sweeps the least of the board.
	queued, lone := f.queued[:0], f.lone[:0]
	for i := len(stats) - 1; i >= 0; i-- {
		js := &stats[i]
		js.Taken = landed[js.From]
		switch {
		case js.Taken == 0: // never landed on: removing it changes nothing
		case !f.Sure[js.From]:
			lone = append(lone, i)
		default:
			queued = append(queued, i)
		}
	}
	fresh = f.fresh[:0]
	f.freshAt = linalg.Grow(f.freshAt, len(stats))
	clear(f.freshAt)
	batches := (len(queued) + maxBatch - 1) / maxBatch
	sc := takeScratch()
	defer sc.give()
	// Each batch is a scalar sweep and a replay of the elimination: worth
	// the cores only on large boards.
	if float64(size)*float64(len(f.sq)+maxBatch)*float64(batches) > 16*g.Lim.ParallelFrom {
		linalg.Parallel(batches, runtime.GOMAXPROCS(0), func(w, lo, hi int) {
			if w == 0 {
				f.effectBatches(stats, queued, lo, hi, floor, sc, f.Ts)
				return
			}
			own := takeScratch()
			defer own.give()
			f.effectBatches(stats, queued, lo, hi, floor, own, new(model.TurnScratch).Fit(size))
		})
	} else {
		f.effectBatches(stats, queued, 0, batches, floor, sc, f.Ts)
	}
	if err := budget.Stopped(f.Ctx); err != nil {
		return nil, err
	}
	for _, i := range lone {
		// Without the jump the token may be trapped where it lands.
		js := &stats[i]
		f.Sources = model.RollsOnto(g, int32(js.From), f.Ts, f.Sources[:0])
		one := linalg.Grow(f.One, size)
		clear(one)
		for _, s := range f.Sources {
			if f.Sure[s.From] {
				one[s.From] += s.P
			}
		}
		js.Effect = math.Inf(1)
		js.Chance = chanceFromLandings(f, g, one, int32(js.To))
		f.One = one
	}
	for i, ok := range f.freshAt[:len(stats)] {
		if ok {
			fresh = append(fresh, i)
		}
	}
	f.queued, f.lone, f.fresh = queued, lone, fresh
	return fresh, nil
}

// effectBatches runs the batches lo..hi-1 of the jumps stats[queued[i]]
// through againTerms with the scratch sc and ts, and fills in their Chance
// and Effect, marking in f.freshAt those that need a fresh solve.
func (f *Fundamental) effectBatches(stats []JumpStats, queued []int, lo, hi int, floor float64, sc *againScratch, ts *model.TurnScratch) {
	g, t := f.g, f.Values
	var z [maxBatch]float64
	for b := lo; b < hi; b++ {
		if budget.Stopped(f.Ctx) != nil {
			return // jumpEffects reports it
		}
		batch := queued[b*maxBatch : min((b+1)*maxBatch, len(queued))]
		nb := len(batch)
		// The right-hand sides' terms, from the highest square down; every
		// lane is needed at the start, and each jump's own at its two ends.
		terms := sc.terms[:0]
		for j, i := range batch {
			sc.sources = model.RollsOnto(g, int32(stats[i].From), ts, sc.sources[:0])
			for _, s := range sc.sources {
				if f.Sure[s.From] {
					terms = append(terms, Term{s.From, int32(j), s.P})
				}
			}
		}
		DownBoard(terms)
		sc.terms = terms
		// Padded with lanes of zeros to a multiple of 8, for the sweep's
		// lanes (scalarRowsLanes).
		lanes := min((nb+7)/8*8, maxBatch)
		start := [1]int32{g.Start}
		f.againTerms(terms, lanes, start[:], z[:lanes], sc)
		for j, i := range batch {
			js := &stats[i]
			zs := z[j]
			zf, zd := f.laneAt(int32(js.From), j, lanes, sc), f.laneAt(int32(js.To), j, lanes, sc)
			f.freshAt[i] = rankOne(js, g, zs, zf, zd, t[js.From], t[js.To], rankOneError, floor)
		}
	}
}

// rankOne fills in js's Chance and Effect from the expected landings on its
// start from the game's start (zs), from its start (zf) and from its end
// (zd), and the expected turns from its two ends, all given to relative
// error solveErr. It reports whether the Effect may have lost more than
// 1e-10 of itself plus floor to those errors, for a fresh solve.
func rankOne(js *JumpStats, g *model.Game, zs, zf, zd, tf, td, solveErr, floor float64) (fresh bool) {
	js.Chance = min(zs/(1+zd), 1) // a ratio of positive numbers: rounding alone can pass 1
	denom := 1 + zd - zf
	if denom <= 1e-9*(1+zd) && !finishesAvoiding(g, int32(js.From)) {
		js.Effect = math.Inf(1)
		return false
	}
	js.Effect = zs * (tf - td) / denom
	// 1 + z(d) − z(f) and t(f) − t(d) subtract numbers the solves give to
	// solveErr relative: in a long game the two sides agree to many
	// digits, and the difference keeps few of them. Where what they may
	// lose passes Effect's bound, a solve of the board without the jump
	// gives it instead.
	loss := solveErr * (zs*(tf+td) + math.Abs(js.Effect)*(1+zd+zf)) / math.Abs(denom)
	return math.IsInf(js.Effect, 0) || !(loss <= 1e-10*math.Abs(js.Effect)+floor) // NaN too
}

// rankOneError bounds the relative error of the solves' expected turns and
// landings, as ExpectedTurns documents its own.
const rankOneError = 1e-13

// chanceFromLandings is the chance to land on the start of a jump to d at
// least once, for a jump whose start the player may never finish from
// (so that f was not solved there): z(start)/(1 + z(d)) as above.
func chanceFromLandings(f *Fundamental, g *model.Game, u []float64, d int32) float64 {
	var z [2]float64
	f.Again(u, []int32{g.Start, d}, z[:])
	return min(z[0]/(1+z[1]), 1) // a ratio of positive numbers: rounding alone can pass 1
}

// finishesAvoiding reports whether a token starting a turn on square f can
// reach the last square without ever landing on f.
func finishesAvoiding(g *model.Game, f int32) bool {
	seen := make([]bool, g.Last+1)
	seen[f] = true
	stack := []int32{f}
	ts := new(model.TurnScratch).Fit(int(g.Last) + 1)
	for len(stack) > 0 {
		v := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, o := range g.Turn(v, ts, 0) {
			switch {
			case o.Landed == f && g.Lands(&o):
			case o.To == g.Last:
				return true
			case !seen[o.To]:
				seen[o.To] = true
				stack = append(stack, o.To)
			}
		}
	}
	return false
}

// DownBoard sorts terms by square from the highest down, keeping the order
// of terms on the same square (the order their sums are made in), by
// insertion: a batch's jumps go down the board and each one's sources lie
// just below its start, so each term moves past a few of its own jump's.
func DownBoard(terms []Term) {
	for i := 1; i < len(terms); i++ {
		t := terms[i]
		j := i
		for j > 0 && terms[j-1].V < t.V {
			terms[j] = terms[j-1]
			j--
		}
		terms[j] = t
	}
}
