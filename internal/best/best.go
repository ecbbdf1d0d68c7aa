// This file is one player's best play: the check of what the turn model
// holds, the strategy that surely finishes to start from, and policy
// iteration over the strategy's solves.

package best

import (
	"context"
	"math"
	"slices"
	"sync"

	"github.com/snakesladders/snakes/internal/budget"
	"github.com/snakesladders/snakes/internal/errs"
	"github.com/snakesladders/snakes/internal/grid"
	"github.com/snakesladders/snakes/internal/joint"
	"github.com/snakesladders/snakes/internal/linalg"
	"github.com/snakesladders/snakes/internal/model"
	"github.com/snakesladders/snakes/internal/solve"
)

// A Choice is what the rules let a player choose.
type Choice struct {
	Ladders, Snakes bool  // a jump up (down) may be declined when a throw lands on its start
	Faces           []int // the fair dice to pick from each turn; empty: the rules' dice
}

// A Plan is the best strategy and its values.
type Plan struct {
	From  []float64 // per square 0..n²: the least expected turns from a turn begun there; +Inf where no strategy surely finishes
	Die   []int32   // per square: the faces of the die thrown there, 0 where the rules' dice are (no die is chosen) and on the last square
	Take  []bool    // per square: the jump that starts there is taken
	Jumps []int32   // the jumps the strategy takes, as model.Game holds them
	Start int32     // the rules' start: 0 or 1
	Steps int       // the strategies solved
}

// strideUpTo is the widest dice whose throws a strategy's chain keeps room
// for on every square (model.Strategy.Stride): the dice people throw.
const strideUpTo = 64

// Tolerance is how much better, relative to the expected turns, a choice
// must be to replace the one held: rounding cannot then make the
// iteration go round, and no choice left does better by more.
const Tolerance = 1e-12

// Check returns an error wrapping errs.ErrInvalidRules, naming the rule,
// where c cannot be held with r on g (compiled from r) and sq: another
// throw on a total, a throw to enter, several dice, a loaded die among
// chosen dice, a square that gives another throw with a chosen die, a die
// of no faces or of too many, a die listed twice, or, under Chain, a jump
// that may be declined on a loop of jumps.
func Check(r model.Rules, g *model.Game, sq *grid.Squares, c Choice) error {
	switch {
	case r.Again != 0:
		return errs.Errorf(errs.ErrInvalidRules, "Again is %d: best play with another throw on a total is not held", r.Again)
	case r.Enter != 0:
		return errs.Errorf(errs.ErrInvalidRules, "Enter is %d: best play with a throw to enter is not held", r.Enter)
	case r.Dice > 1:
		return errs.Errorf(errs.ErrInvalidRules, "Dice is %d: best play with several dice is not held", r.Dice)
	case len(r.Weights) > 0 && len(c.Faces) > 0:
		return errs.Errorf(errs.ErrInvalidRules, "Weights are set beside Choice.Faces: a loaded die cannot be chosen among fair ones")
	}
	listed := make(map[int]bool, len(c.Faces))
	for i, f := range c.Faces {
		switch {
		case f < 1 || f > model.MaxFaces:
			return errs.Errorf(errs.ErrInvalidRules, "Choice.Faces[%d] is %d, want 1..%d", i, f, model.MaxFaces)
		case listed[f]:
			return errs.Errorf(errs.ErrInvalidRules, "Choice.Faces[%d] is %d, listed before it", i, f)
		}
		listed[f] = true
	}
	if len(c.Faces) > 0 {
		again := int32(-1)
		for s, e := range g.Eff {
			if e == grid.Again && (again < 0 || s < again) {
				again = s
			}
		}
		if again >= 0 {
			return errs.Errorf(errs.ErrInvalidRules, "square %d gives another throw: best play with a die chosen each turn and such squares is not held", again)
		}
	}
	if r.Chain && (c.Ladders || c.Snakes) {
		if s := onLoop(sq.Flat); s >= 0 {
			return errs.Errorf(errs.ErrInvalidRules, "Chain is set and the jump from square %d comes back to it: declining jumps on a loop of jumps is not held", s)
		}
	}
	return nil
}

// onLoop returns the least square on a loop of jumps, or -1.
func onLoop(flat []int32) int32 {
	const (
		unseen = iota
		onPath
		done
	)
	state := make([]uint8, len(flat))
	least := int32(-1)
	for s := range flat {
		v := int32(s)
		var path []int32
		for v >= 0 && flat[v] >= 0 && flat[v] != v && state[v] == unseen {
			state[v] = onPath
			path = append(path, v)
			v = flat[v]
		}
		if v >= 0 && state[v] == onPath {
			for _, p := range path[slices.Index(path, v):] {
				if least < 0 || p < least {
					least = p
				}
			}
		}
		for _, p := range path {
			state[p] = done
		}
	}
	return least
}

// planner is one call's search for the best strategy.
type planner struct {
	ctx   context.Context
	g     *model.Game // the game as the rules play it: every jump taken
	flat  []int32     // the board's jumps, unchained
	chain bool
	can   []bool  // a jump starting there may be declined; nil where none may
	dice  []int32 // the dice to pick from: {0}, the rules' dice, where none is chosen
	s     model.Strategy
	take  []bool
	c     model.Chain
	cost  []float64
	x     []float64 // per square: the expected turns after a throw from it, under s
	f     *solve.Fundamental
	steps int

	most   int32     // the most faces of the dice
	at     []float64 // per square: after's value, for improve
	worth  []float64 // per die: what a throw of it is worth, for improve
	dieAt  []int32   // per total: the index in dice of the die of that many faces, or -1
	throws float64   // the totals of all the dice, a square's throws in a pass
	widest int32     // the most totals of one die: the highest, each die showing 1 up
	looked int       // the throws since the context was last looked at

	chainTook float64 // the memory the strategy's chain took

	// The search for a strategy that finishes (stops): per square.
	stopIn   []bool
	stopK    []int32
	stopDone []bool
	stack    []int32

	jumps []int32 // the last strategy's jumps, kept to be compared
	dirty []bool  // Dirty's table, kept for the next call
	canAt []bool  // can's table, kept for the next call
}

var planners = sync.Pool{New: func() any { return new(planner) }}

// Solve returns the best play on sq under r with choice c, which Check
// has passed: the strategy that surely finishes from the most squares and,
// among those, the one of least expected turns from every square, found by
// policy iteration from taking every jump with the rules' die (or the
// largest chosen). Its work is charged to r.Meter (or a meter of r's bound)
// and its tables to r's memory bound; it stops with ctx's error once ctx
// is done. A start from which no strategy surely finishes is
// errs.ErrNeverFinishes.
func Solve(ctx context.Context, r model.Rules, sq *grid.Squares, c Choice) (*Plan, error) {
	g, err := compile(r, sq, c, "the best play")
	if err != nil {
		return nil, err
	}
	size := int(g.Top) + 1
	// The planner's tables and the plan: about 70 bytes a square.
	if bytes := 70 * float64(size); !g.Take(bytes) {
		return nil, g.TooBig(bytes, "the best play on %d squares", g.Top)
	}
	// The planner's tables are pooled, so that steady calls allocate only
	// the plan.
	p := planners.Get().(*planner)
	defer func() {
		p.ctx, p.g, p.flat, p.f = nil, nil, nil, nil
		planners.Put(p)
	}()
	p.ctx, p.g, p.flat, p.chain, p.steps, p.chainTook = ctx, g, sq.Flat, r.Chain, 0, 0
	p.s.Dirty = nil
	p.dice, p.s.Den = append(p.dice[:0], 0), g.Dice.Den
	if len(c.Faces) > 0 {
		p.dice = appendFaces(p.dice[:0], c.Faces)
		p.s.Den = multiple(p.dice)
	}
	p.can = c.declinable(p.flat, p.canAt)
	if p.can != nil {
		p.canAt = p.can
	}
	p.most, p.looked = slices.Max(p.dice), 0
	p.throws, p.widest = totals(g, p.dice)
	// Where a choice can change a square's throws, room for the widest
	// die's throws on each square, so that a step compiles again only the
	// squares whose throws changed; dice wider than people throw, or no
	// choice at all, merge each square's throws and compile afresh.
	p.s.Stride = 0
	if p.widest <= strideUpTo && (len(p.dice) > 1 || p.can != nil) {
		p.s.Stride = p.widest
	}
	p.worth = linalg.Grow(p.worth, len(p.dice))
	p.dieAt = linalg.Grow(p.dieAt, int(p.most)+1)
	for t := range p.dieAt {
		p.dieAt[t] = -1
	}
	for k, d := range p.dice {
		p.dieAt[d] = int32(k)
	}
	first := p.dice[0]
	if len(c.Faces) > 0 {
		first = slices.Max(p.dice)
		if slices.Contains(p.dice, g.Faces) && g.Dice.N == nil {
			first = g.Faces
		}
	}
	p.s.Die = linalg.Grow(p.s.Die, size)
	for v := range g.Top {
		p.s.Die[v] = first
	}
	p.s.Die[g.Top] = 0
	p.take = linalg.Grow(p.take, size)
	for s, to := range p.flat {
		p.take[s] = to >= 0
	}
	p.cost = linalg.Grow(p.cost, size)
	p.f = solve.FundamentalPool.Get().(*solve.Fundamental)
	p.f.Ctx = ctx
	defer p.f.Release()
	if err := p.evaluate(); err != nil {
		return nil, err
	}
	if slices.ContainsFunc(p.x, func(x float64) bool { return math.IsInf(x, 1) }) {
		if err := p.finishing(); err != nil {
			return nil, err
		}
		p.s.Dirty = nil // much has changed: the chain is compiled afresh
		if err := p.evaluate(); err != nil {
			return nil, err
		}
	}
	if math.IsInf(p.x[g.Start], 1) {
		return nil, errs.Errorf(errs.ErrNeverFinishes, "from square %d no strategy surely reaches the last square", g.Start)
	}
	for {
		changed, err := p.improve()
		if err != nil {
			return nil, err
		}
		if !changed {
			break
		}
		if err := p.evaluate(); err != nil {
			return nil, err
		}
	}
	plan := &Plan{From: make([]float64, size), Die: slices.Clone(p.s.Die), Take: slices.Clone(p.take), Jumps: slices.Clone(p.s.Jumps), Start: g.Start, Steps: p.steps}
	for v, x := range p.x {
		plan.From[v] = 1 + x
	}
	plan.From[g.Top] = 0
	if len(c.Faces) == 0 {
		clear(plan.Die)
	}
	for s, to := range p.flat {
		plan.Take[s] = plan.Take[s] && to >= 0 && to != int32(s)
	}
	return plan, nil
}

// compile compiles sq under r for figure, checks c against them (Check),
// and gives the game a meter of r's work bound where r has none.
func compile(r model.Rules, sq *grid.Squares, c Choice, figure string) (*model.Game, error) {
	g, err := model.OnSquares(r, sq)
	if err != nil {
		return nil, err
	}
	if err := Check(r, &g, sq, c); err != nil {
		return nil, err
	}
	if g.Meter == nil {
		g.Meter = budget.NewMeter(figure, g.Lim.Work, g.WorkName())
	}
	return &g, nil
}

// declinable returns, for every square of flat, whether c lets a throw
// that puts the token down there decline the jump that starts there, in
// into (grown to fit); nil where c declines no jump.
func (c Choice) declinable(flat []int32, into []bool) []bool {
	if !c.Ladders && !c.Snakes {
		return nil
	}
	can := linalg.Grow(into, len(flat))
	for s, to := range flat {
		can[s] = to >= 0 && (to > int32(s) && c.Ladders || to < int32(s) && c.Snakes)
	}
	return can
}

// totals returns the totals a throw of each of dice (0: the rules' dice)
// can show, summed (a square's throws in a pass over its choices), and
// the most of one die.
func totals(g *model.Game, dice []int32) (sum float64, widest int32) {
	for _, d := range dice {
		sum += float64(g.Totals(d))
		widest = max(widest, g.Totals(d))
	}
	return sum, widest
}

// appendFaces appends the dice of a Choice's Faces to dst as the model
// numbers them.
func appendFaces(dst []int32, dice []int) []int32 {
	for _, d := range dice {
		dst = append(dst, int32(d))
	}
	return dst
}

// multiple is the least multiple of every die's faces where it is within
// float64's exact integers, so that the throws' weights sum exactly; else 1.
func multiple(faces []int32) float64 {
	l := uint64(1)
	for _, f := range faces {
		a, b := l, uint64(f)
		for b != 0 {
			a, b = b, a%b
		}
		if l/a > (1<<53)/uint64(f) {
			return 1
		}
		l = l / a * uint64(f)
	}
	return float64(l)
}

// evaluate solves the strategy p holds: p.x, the expected turns after a
// throw from each square.
func (p *planner) evaluate() error {
	p.steps++
	if err := budget.Stopped(p.ctx); err != nil {
		return err
	}
	jumps := append(p.jumps[:0], p.flat...)
	for s := range jumps {
		if !p.take[s] {
			jumps[s] = -1
		}
	}
	if p.chain {
		jumps = grid.ChainJumps(jumps)
	}
	if p.s.Dirty != nil {
		// The throws that land where a jump now ends elsewhere changed:
		// those from the squares below it within the widest die, and
		// those that bounce back from the last square.
		g := p.g
		for x, to := range jumps {
			if to == p.s.Jumps[x] {
				continue
			}
			for v := max(int32(x)-p.widest, 0); v < int32(x); v++ {
				p.s.Dirty[v] = true
			}
			if g.Over == model.Bounce {
				for v := max(g.Top-p.widest, 0); v < g.Top; v++ {
					p.s.Dirty[v] = true
				}
			}
		}
	}
	p.jumps, p.s.Jumps = p.s.Jumps, jumps
	// A chain compiled afresh takes its tables anew: the last one's go back.
	if p.s.Dirty == nil {
		p.g.Mem.Give(p.chainTook)
		p.chainTook = 0
	}
	held := p.g.Mem.Held()
	err := p.g.Chosen(p.ctx, &p.c, &p.s, p.cost)
	p.chainTook += p.g.Mem.Held() - held
	if p.s.Dirty == nil {
		p.s.Dirty = linalg.Grow(p.dirty, len(p.cost))
		p.dirty = p.s.Dirty
		clear(p.s.Dirty)
	}
	if err != nil {
		return err
	}
	x, err := p.f.SolveFor(&p.c, p.cost)
	if err != nil {
		return err
	}
	p.x = append(p.x[:0], x...)
	return nil
}

// after is what a throw that left the token on square to is worth under
// p's values: the turns it adds and those from there.
func (p *planner) after(to int32) float64 {
	if to == p.g.Top {
		return 0
	}
	return p.s.G.LeftOn(to) + p.x[to]
}

// worths sets p.worth[k] to the expected turns after a throw from v of
// p.dice[k] under p's strategy and values, from p.at (after's values on
// every square): the faces of the dice in one pass, each die's mean read
// off the running sum as its last face is passed.
func (p *planner) worths(v int32) {
	sg := &p.s.G
	sum, top := 0.0, sg.Top
	for t := int32(1); t <= p.most; t++ {
		switch u := v + t; {
		case u <= top:
			if to := sg.Jumps[u]; to >= 0 {
				u = to
			}
			sum += p.at[u]
		case sg.Moved(v, t):
			_, to := sg.Beyond(v, t)
			sum += p.at[to]
		default:
			sum += 1 + p.x[v]
		}
		if k := p.dieAt[t]; k >= 0 {
			p.worth[k] = sum / float64(t)
		}
	}
}

// improve changes every choice that does better under p's values than the
// one held by more than Tolerance, and reports whether any changed.
func (p *planner) improve() (changed bool, err error) {
	g := p.g
	if err := p.charge(int(g.Top)+1, "a pass over the choices of every square"); err != nil {
		return false, err
	}
	p.at = p.at[:0]
	for s := range g.Top + 1 {
		p.at = append(p.at, p.after(s))
	}
	for v := range g.Top {
		x := p.x[v]
		if math.IsInf(x, 1) || len(p.dice) < 2 {
			continue
		}
		if err := p.look(); err != nil {
			return false, err
		}
		p.worths(v)
		held := p.worth[slices.Index(p.dice, p.s.Die[v])]
		for k, d := range p.dice {
			if w := p.worth[k]; d != p.s.Die[v] && w < held-Tolerance*(1+x) {
				p.s.Die[v], held, changed = d, w, true
				p.s.Dirty[v] = true
			}
		}
	}
	for j, on := range p.can {
		if !on || math.IsInf(p.x[j], 1) {
			continue
		}
		stay := p.after(int32(j))
		end := p.flat[j]
		if p.chain && p.s.Jumps[end] >= 0 {
			end = p.s.Jumps[end]
		}
		take := p.after(end)
		tol := Tolerance * (1 + stay)
		if p.take[j] && stay < take-tol || !p.take[j] && take < stay-tol {
			p.take[j] = !p.take[j]
			changed = true
		}
	}
	return changed, nil
}

// finishing replaces p's strategy, on the squares from which some strategy
// surely finishes, by one that does: the greatest set of squares from
// which some die keeps every throw, with some choice of jumps, within the
// set, and reaches the last square with some chance (the almost-sure
// attractor), found with each square's fewest turns to the last square
// within it; each square then takes a die, and each jump's start the
// choice, that comes nearer.
func (p *planner) finishing() error {
	g := p.g
	size := int(g.Top) + 1
	in := make([]bool, size)
	for i := range in {
		in[i] = true
	}
	near := make([]int32, size) // turns to the last square within in
	const far = math.MaxInt32
	for {
		for i := range near {
			near[i] = far
		}
		near[g.Top] = 0
		for moved := true; moved; {
			moved = false
			if err := p.charge(size, "the search for a strategy that finishes"); err != nil {
				return err
			}
			p.stops(in, near)
			for v := g.Top - 1; v >= 0; v-- {
				if !in[v] {
					continue
				}
				if err := p.look(); err != nil {
					return err
				}
				if d, n := p.nearest(v, in, near); d >= 0 && n < math.MaxInt32 && n+1 < near[v] {
					near[v], moved = n+1, true
				}
			}
		}
		shrunk := false
		for v := range in {
			if in[v] && near[v] == far {
				in[v], shrunk = false, true
			}
		}
		if !shrunk {
			break
		}
	}
	p.stops(in, near)
	for j, on := range p.can {
		if on && in[j] {
			to, k := p.flat[j], int32(math.MaxInt32)
			switch {
			case p.chain:
				k = p.stopK[to]
			case in[to]:
				k = near[to]
			}
			p.take[j] = k < near[j]
		}
	}
	for v := range g.Top {
		if in[v] {
			p.s.Die[v], _ = p.nearest(v, in, near)
		}
	}
	return nil
}

// look returns the context's error once it is done, looking at it about
// every budget.CheckEvery throws that a square's dice take: a pass over
// the squares of wide dice takes seconds.
func (p *planner) look() error {
	if p.looked += int(p.throws); p.looked < budget.CheckEvery {
		return nil
	}
	p.looked = 0
	return budget.Stopped(p.ctx)
}

// charge counts a pass over the squares' throws against the work bound.
func (p *planner) charge(size int, what string) error {
	if err := p.g.Spend(p.throws*float64(size), what); err != nil {
		return err
	}
	return budget.Stopped(p.ctx)
}

// nearest returns the die from v, among those every throw of which can
// stay within in, whose nearest throw comes nearest the last square, and
// how near; -1 where there is none.
func (p *planner) nearest(v int32, in []bool, near []int32) (die, n int32) {
	die, n = -1, math.MaxInt32
	for _, d := range p.dice {
		ok, best := true, int32(math.MaxInt32)
		p.g.Throws(v, d, func(total, landed, _ int32, _ float64) {
			if !p.g.Moved(v, total) { // the token stays on v, taking no jump
				ok = ok && in[v]
				best = min(best, near[v])
				return
			}
			ok = ok && p.stopIn[landed]
			best = min(best, p.stopK[landed])
		})
		if ok && (die < 0 || best < n) {
			die, n = d, best
		}
	}
	return die, n
}

// stops sets, for every square s, whether a token put down on s can stop
// within in, choosing the jumps it may decline (p.stopIn), and how near
// the last square it can stop there (p.stopK: MaxInt32 where no such
// square is near yet): in time linear in the squares, each chain of
// jumps (which has no loop where a jump may be declined under Chain:
// Check) followed once.
func (p *planner) stops(in []bool, near []int32) {
	g := p.g
	size := int(g.Top) + 1
	p.stopIn, p.stopK = linalg.Grow(p.stopIn, size), linalg.Grow(p.stopK, size)
	p.stopDone = linalg.Grow(p.stopDone, size)
	clear(p.stopDone)
	for x := range int32(size) {
		// The squares of x's chain whose stops are not yet known, the
		// farthest last: each takes its own stop and that of the next.
		stack := append(p.stack[:0], x)
		for {
			s := stack[len(stack)-1]
			to := p.flat[s]
			if p.chain && p.can != nil && to >= 0 && to != s && !p.stopDone[to] {
				stack = append(stack, to)
				continue
			}
			p.stopAt(s, in, near)
			stack = stack[:len(stack)-1]
			if len(stack) == 0 {
				break
			}
		}
		p.stack = stack
	}
}

// stopAt sets p.stopIn[s] and p.stopK[s] (see stops), those of the next
// square of s's chain being set.
func (p *planner) stopAt(s int32, in []bool, near []int32) {
	p.stopDone[s] = true
	within, k := false, int32(math.MaxInt32)
	at := func(s int32) {
		if in[s] {
			within, k = true, min(k, near[s])
		}
	}
	to := p.flat[s]
	switch {
	case p.can == nil:
		at(p.g.Land(s)) // every jump taken, chained as the game chains them
	case to < 0 || to == s:
		at(s)
	default:
		if p.can[s] {
			at(s)
		}
		if !p.chain {
			at(to)
		} else if p.stopIn[to] {
			within, k = true, min(k, p.stopK[to])
		}
	}
	p.stopIn[s], p.stopK[s] = within, k
}

// WinChances returns the chances to win of players players who all follow
// plan, found on sq under r with choice c: the race of random play on the
// board without the jumps plan declines, under r with the one die plan
// throws on the squares a turn can begin on from the start (or the rules'
// dice), and else, without Bump or squares that cost a turn, the race
// over the turns of plan's own chain. Where plan throws several dice on
// those squares under Bump, or beside squares that cost a turn, it
// returns an error wrapping errs.ErrInvalidRules that names two of them.
func WinChances(ctx context.Context, r model.Rules, sq *grid.Squares, c Choice, plan *Plan, players int) ([]float64, error) {
	// The dice on the squares a turn can begin on from the start, which
	// the strategy's own chain finds, where a die is chosen.
	var ch model.Chain
	var s model.Strategy
	die, at, mixed := int32(0), 0, -1
	if len(c.Faces) > 0 {
		g, err := model.OnSquares(r, sq)
		if err != nil {
			return nil, err
		}
		s = model.Strategy{Die: plan.Die, Jumps: plan.Jumps, Den: multiple(appendFaces(nil, c.Faces))}
		if err := g.Chosen(ctx, &ch, &s, make([]float64, len(plan.Die))); err != nil {
			return nil, err
		}
		ch.FromStart()
		for v, d := range plan.Die[:len(plan.Die)-1] {
			switch {
			case !ch.Reached[v] || d == die:
			case die == 0:
				die, at = d, v
			case mixed < 0:
				mixed = v
			}
		}
	}
	if mixed < 0 {
		flat := slices.Clone(sq.Flat)
		for v := range flat {
			if flat[v] >= 0 && flat[v] != int32(v) && !plan.Take[v] {
				flat[v] = -1
			}
		}
		if die != 0 {
			r.Faces = int(die)
		}
		return joint.RaceFromStart(ctx, r, grid.New(sq.N, flat).WithEffects(sq.Effects), players)
	}
	if r.Bump || len(sq.Effects) > 0 {
		return nil, errs.Errorf(errs.ErrInvalidRules, "the strategy throws a die of %d faces on square %d and of %d on square %d: a race of such players under Bump or with squares that cost a turn is not held", die, at, plan.Die[mixed], mixed)
	}
	return joint.RaceOn(ctx, &s.G, &ch, players)
}
