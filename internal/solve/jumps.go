package solve

import (
	"context"
	"errors"
	"math"
	"runtime"
	"slices"

	"github.com/snakesladders/snakes/internal/budget"
	"github.com/snakesladders/snakes/internal/errs"
	"github.com/snakesladders/snakes/internal/grid"
	"github.com/snakesladders/snakes/internal/linalg"
	"github.com/snakesladders/snakes/internal/model"
)

// This file is what removing one jump does: by the rank-one formula from
// one solve of the board as it is, past the structured solve's bounds with
// rows kept only where they are read, and by fresh solves where removing a
// jump is not a change of rank one (Chain, Again). Without Chain, removing
// the jump from f to d changes the
// transition matrix Q by u·wᵀ, where u(s) is the chance that a roll from s
// lands on f and w = e_f − e_d: every row that rolls onto f moves that mass
// from column d to column f. By Sherman–Morrison, with z = N·u (z(s) the
// expected landings on f from s) and t the expected lengths,
//
//	t' = t + z·(t(f) − t(d)) / (1 − z(f) + z(d)),
//
// so the effect at the start needs z at three squares: one more right-hand
// side for the solve already made (Fundamental.Again). The first landing on
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
	onto, err := landingsOnto(f.Ctx, g, stats, f.Ts, f.onto)
	f.onto = onto
	if err != nil {
		return nil, err
	}
	fresh = f.fresh[:0]
	f.freshAt = linalg.Grow(f.freshAt, len(stats))
	clear(f.freshAt)
	f.zAt = linalg.Grow(f.zAt, len(stats))
	clear(f.zAt)
	batches := (len(queued) + maxBatch - 1) / maxBatch
	// Each batch is a scalar sweep and a replay of the elimination: worth
	// the cores only on large boards, each with its scratch.
	parallel := float64(size)*float64(len(f.sq)+maxBatch)*float64(batches) > 16*g.Lim.ParallelFrom
	workers := 1
	if parallel {
		workers = runtime.GOMAXPROCS(0)
	}
	scratch := float64(workers) * maxBatch * 8 * (float64(size) + 3*float64(len(f.sq)))
	if bytes := scratch; !g.Take(bytes) {
		return nil, g.TooBig(bytes, "the jumps of %d squares with %d squares that moves go back to", g.Top, len(f.sq))
	}
	defer g.Mem.Give(scratch)
	sc := takeScratch()
	defer sc.give()
	if parallel {
		linalg.Parallel(batches, runtime.GOMAXPROCS(0), func(w, lo, hi int) {
			if w == 0 {
				f.effectBatches(stats, queued, lo, hi, floor, onto, sc)
				return
			}
			own := takeScratch()
			defer own.give()
			f.effectBatches(stats, queued, lo, hi, floor, onto, own)
		})
	} else {
		f.effectBatches(stats, queued, 0, batches, floor, onto, sc)
	}
	if err := budget.Stopped(f.Ctx); err != nil {
		return nil, err
	}
	f.refineFresh(stats, floor)
	for _, i := range lone {
		if err := budget.Stopped(f.Ctx); err != nil { // each a sweep of the board
			return nil, err
		}
		// Without the jump the token may be trapped where it lands.
		js := &stats[i]
		one := linalg.Grow(f.One, size)
		clear(one)
		for _, s := range onto[i] {
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
// through againTerms with the scratch sc, the throws onto each jump's
// start from onto, and fills in their Chance and Effect, marking in
// f.freshAt those that need a fresh solve.
func (f *Fundamental) effectBatches(stats []JumpStats, queued []int, lo, hi int, floor float64, onto [][]model.Source, sc *againScratch) {
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
			for _, s := range onto[i] {
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
			f.zAt[i] = [3]float64{zs, zf, zd}
			f.freshAt[i] = rankOne(js, g, zs, zf, zd, t[js.From], t[js.To], rankOneError, rankOneError, floor)
		}
	}
}

// landingsOnto returns in onto, reusing its slices, for each jump
// stats[i] the squares from which a throw lands on its start, with the
// chance (model.RollsOnto's), in a game whose turn is one throw. For one
// fair die that does not bounce they are the squares a roll below; for any
// other dice they come from one pass over every square's throws, made
// once for all the jumps: a jump's sources found one jump at a time would
// cost every square's turn again for each jump. It stops with ctx's error
// once ctx is done.
func landingsOnto(ctx context.Context, g *model.Game, stats []JumpStats, ts *model.TurnScratch, onto [][]model.Source) ([][]model.Source, error) {
	onto = slices.Grow(onto[:0], len(stats))[:len(stats)]
	for i := range onto {
		onto[i] = onto[i][:0]
	}
	if g.Simple && g.Over != model.Bounce {
		for i, js := range stats {
			onto[i] = model.RollsOnto(g, int32(js.From), ts, onto[i])
		}
		return onto, nil
	}
	at := make([]int32, g.Last+1) // a jump start's index in stats, or -1
	for i := range at {
		at[i] = -1
	}
	for i, js := range stats {
		at[js.From] = int32(i)
	}
	steps := 0
	for v := int32(0); v < g.Last; v++ {
		outs := g.Turn(v, ts, 0)
		if steps += len(outs); steps > budget.CheckEvery {
			if err := budget.Stopped(ctx); err != nil {
				return onto, err
			}
			steps = 0
		}
		for _, o := range outs {
			if !g.Lands(&o) || at[o.Landed] < 0 {
				continue
			}
			i := at[o.Landed]
			if n := len(onto[i]); n > 0 && onto[i][n-1].From == v {
				onto[i][n-1].P += o.P
			} else {
				onto[i] = append(onto[i], model.Source{From: v, P: o.P})
			}
		}
	}
	for _, src := range onto {
		for k := range src {
			src[k].P /= g.Dice.Den
		}
	}
	return onto, nil
}

// rankOne fills in js's Chance and Effect from the expected landings on its
// start from the game's start (zs), from its start (zf) and from its end
// (zd), given to relative error zErr, and the expected turns from its two
// ends, given to tErr. It reports whether the Effect may have lost more
// than 1e-10 of itself plus floor to those errors, for a fresh solve.
func rankOne(js *JumpStats, g *model.Game, zs, zf, zd, tf, td, tErr, zErr, floor float64) (fresh bool) {
	js.Chance = min(zs/(1+zd), 1) // a ratio of positive numbers: rounding alone can pass 1
	denom := 1 + zd - zf
	if denom <= 1e-9*(1+zd) && !finishesAvoiding(g, int32(js.From)) {
		js.Effect = math.Inf(1)
		return false
	}
	js.Effect = zs * (tf - td) / denom
	// 1 + z(d) − z(f) and t(f) − t(d) subtract numbers the solves give to
	// zErr and tErr relative: in a long game the two sides agree to many
	// digits, and the difference keeps few of them. Where what they may
	// lose passes Effect's bound, t is refined (refineFresh), and where
	// even that does not do, a solve of the board without the jump gives
	// it instead.
	loss := (tErr*zs*(tf+td) + zErr*math.Abs(js.Effect)*(1+zd+zf)) / math.Abs(denom)
	return math.IsInf(js.Effect, 0) || !(loss <= 1e-10*math.Abs(js.Effect)+floor) // NaN too
}

// refineFresh ranks again, with the expected turns from their ends
// refined (refined), the jumps marked for a fresh solve: in a long game
// t(f) − t(d) is what loses the digits, and refined t keeps them.
func (f *Fundamental) refineFresh(stats []JumpStats, floor float64) {
	if len(f.keep) > 0 {
		return // past the structured solve's bounds t is kept only where Jumps reads it, not on every square
	}
	var at []int32
	for i, ok := range f.freshAt[:len(stats)] {
		if ok && f.zAt[i] != [3]float64{} {
			at = append(at, int32(stats[i].From), int32(stats[i].To))
		}
	}
	if len(at) == 0 {
		return
	}
	t := make([]float64, len(at))
	tErr := f.refined(at, t)
	k := 0
	for i, ok := range f.freshAt[:len(stats)] {
		if ok && f.zAt[i] != [3]float64{} {
			z := f.zAt[i]
			f.freshAt[i] = rankOne(&stats[i], f.g, z[0], z[1], z[2], t[k], t[k+1], tErr, rankOneError, floor)
			k += 2
		}
	}
}

// refined sets out to the expected turns from the squares at after one
// step of iterative refinement of f's solve, and returns a bound on their
// relative error. The residual r = 1 − (I − Q)·t of the solve's values t,
// summed from exact products by a compensated sum so that it keeps its
// digits though its terms cancel, is solved for by Again: t + N·r. N ≥ 0
// and N·1 = t, so that Again's error on r (ExpectedTurns' own, relative
// to N·|r|) and r's rounding are at most max|r| and its rounding bound
// times t: far below t's own error.
func (f *Fundamental) refined(at []int32, out []float64) float64 {
	const u = 0x1p-53
	g, t := f.g, f.Values
	den := g.Dice.Den
	r := linalg.Grow(f.resid, len(t))
	f.resid = r
	worst, rounding := 0.0, 0.0
	for v := int32(0); v <= g.Last; v++ {
		r[v] = 0
		if v == g.Last || !f.Sure[v] {
			continue
		}
		var s linalg.Sum
		s.Add(den)
		terms, n := den, 1.0
		for _, e := range f.out(v) {
			if e.To != v {
				s.AddProduct(-e.N, t[v])
				s.AddProduct(e.N, t[e.To])
				terms += e.N * (t[v] + t[e.To])
				n += 2
			}
		}
		r[v] = s.Value() / den
		worst = max(worst, math.Abs(r[v]))
		rounding = max(rounding, 4*u*math.Abs(r[v])+4*n*n*u*u*terms/den)
	}
	f.Again(r, at, out)
	for i, v := range at {
		out[i] += t[v]
	}
	return 2*u + rankOneError*worst + rounding
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

// What follows lets Jumps take boards past the structured solve's bounds
// (more than 256 squares that moves go back to, or rows over 32 MiB), with
// one jump per throw and one throw per turn. The structured solve keeps a
// row of width m+2 for every square, but the rank-one formula of
// jumps.go reads rows only at the unknowns, the start, and the two ends
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

// What follows gives the jumps' figures by fresh solves, where removing a jump
// is not a change of rank one (Chain, Again).

// freshJumps fills in the figures of each jump where removing one is not a
// change of rank one (under Chain, which reroutes the chains through it,
// or when a turn's throws may take it more than once), after f.solve(nil)
// on the board as it is and visits, the expected turns that start on each
// square: Taken from the throws of those turns, following each landing's
// chain; Effect from a solve of the board without the jump; Chance from a
// solve of the chance to take it, with every throw that takes it made to
// end the game.
func freshJumps(r model.Rules, b *grid.Squares, g *model.Game, f *Fundamental, visits []float64, stats []JumpStats) error {
	flat := b.Flat
	index := map[int32]int{} // jump start → its entry in stats
	for i, js := range stats {
		index[int32(js.From)] = i
	}
	// takes[ℓ]: the jumps a throw landing on ℓ takes, in order.
	takes := make([][]int32, g.Last+1)
	for l := int32(0); l <= g.Top; l++ {
		if flat[l] < 0 || flat[l] == l {
			continue
		}
		if !r.Chain {
			takes[l] = []int32{l}
			continue
		}
		passed := map[int32]bool{l: true}
		for v := l; flat[v] >= 0 && !passed[flat[v]]; v = flat[v] {
			takes[l] = append(takes[l], v)
			passed[flat[v]] = true
		}
	}
	// landed[ℓ]: the expected throws a game that land on ℓ. Sums run in
	// label order, so that every call adds in the same order.
	landed := make([]float64, g.Last+1)
	share := 1 / g.Dice.Den
	ts := new(model.TurnScratch).Fit(int(g.Last) + 1)
	for v := int32(0); v < g.Last; v++ {
		if visits[v] == 0 {
			continue
		}
		p := visits[v] * share
		for _, o := range g.Turn(v, ts, model.TurnTiny) {
			if g.Lands(&o) {
				landed[o.Landed] += p * o.P
			}
		}
	}
	for l, js := range takes {
		for _, v := range js {
			stats[index[v]].Taken += landed[l]
		}
	}
	e := f.Values[g.Start]
	u := make([]float64, g.Last+1)
	for i := range stats {
		js := &stats[i]
		if js.Taken == 0 {
			continue // never landed on: removing it changes nothing
		}
		if err := budget.Stopped(f.Ctx); err != nil {
			return err
		}
		effect, err := EffectWithout(f.Ctx, r, b, js.From, e)
		if err != nil {
			return err
		}
		js.Effect = effect
		// The chance to take it: a game whose throws that take it end on
		// the last square, worth 0, while a turn that does so is worth 1.
		g2 := *g
		g2.Board = nil
		g2.Jumps = make([]int32, len(g.Jumps))
		copy(g2.Jumps, g.Jumps)
		hits := make([]bool, g.Last+1)
		for l, js2 := range takes {
			for _, v := range js2 {
				if v == int32(js.From) {
					hits[l] = true
					g2.Jumps[l] = g.Last
				}
			}
		}
		clear(u)
		for v := int32(0); v < g.Last; v++ {
			for _, o := range g2.Turn(v, ts, model.TurnTiny) {
				if g2.Lands(&o) && hits[o.Landed] {
					u[v] += o.P * share
				}
			}
		}
		g2.Meter = r.Meter
		if err := g2.Spend(g2.CompileWork(), "compiling the board for a jump's chance"); err != nil {
			return err
		}
		h := FundamentalPool.Get().(*Fundamental)
		h.Ctx = f.Ctx
		err = h.Prepare(&g2, true)
		if err == nil {
			err = g2.Spend(StructuredWork(&g2, float64(len(h.sq)))/model.JumpsPerStep, "solving for a jump's chance")
		}
		if err == nil {
			err = h.Solve(u)
		}
		if err != nil {
			h.Release()
			return err
		}
		js.Chance = min(h.Values[g.Start], 1)
		h.Release()
	}
	return nil
}

// EffectWithout is what removing the jump from square from adds to the
// expected length e of b under r, by a solve of the board without it:
// +Inf where that board may never finish.
func EffectWithout(ctx context.Context, r model.Rules, b *grid.Squares, from int, e float64) (float64, error) {
	without := make([]int32, len(b.Flat))
	copy(without, b.Flat)
	without[from] = -1
	e2, err := ExpectedTurns(ctx, r, grid.New(b.N, without).WithEffects(b.Effects))
	switch {
	case err == nil:
		return e2 - e, nil
	case errors.Is(err, errs.ErrNeverFinishes):
		return math.Inf(1), nil
	}
	return 0, err
}
