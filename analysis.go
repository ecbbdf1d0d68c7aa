package snakes

import (
	"context"
	"errors"
	"math"

	"slices"
	"strconv"
	"strings"

	"github.com/snakesladders/snakes/internal/budget"
	"github.com/snakesladders/snakes/internal/joint"
	"github.com/snakesladders/snakes/internal/model"
	"github.com/snakesladders/snakes/internal/solve"
	"github.com/snakesladders/snakes/internal/walk"
)

// This file is Analysis: one board under one rule set, compiled once and
// solved once, answering every random-play question from what its solves
// leave.

// An Analysis is a board under a rule set, ready to answer the random-play
// questions of [Rules] many times over: the expected turns, the
// expectation from every square, the variance, the visits and the jumps
// share one solve of the game's equations, and the length distribution,
// the quantiles and the races share one table of the moves. Each figure is
// computed on its first call and kept, so that asking again costs a copy;
// a call that its context ends keeps nothing, and the next call computes
// afresh. Each method answers exactly as the [Rules] method of the same
// name does on the same board, with the same errors, and stops within a few
// milliseconds of its context's end (50 at most on boards of up to 250,000
// squares) with an error wrapping the context's.
//
// An Analysis is safe for concurrent use by several goroutines: their
// calls take turns, a caller waiting for its turn gives up when its own
// context ends. It keeps the moves of every square (16 to 20 bytes a turn's
// end) and, once an insight is asked for, the solve's rows (see
// [Rules.ExpectedFrom]); the figures it keeps are the size of their
// results, one for each distinct argument asked (a quantile, a number of
// turns, the players' squares). They are its own, and garbage as soon as
// it is: on the classic board an Analysis allocates 36 KB for the five
// insights (BenchmarkAnalysis).
type Analysis struct {
	r    Rules
	b    *Board
	g    model.Game    // r on b, validated
	turn chan struct{} // holds a token while a call computes

	c      *model.Chain       // the game's turns and classes, once compiled
	fair   *walk.FairClasses  // the classes of its squares, once found, where its walks go by intervals
	f      *solve.Fundamental // the insights' solve, once made
	fErr   error
	tabled *solve.Fundamental // the tables c and f live in: see tables

	expected once[float64]
	from     once[[]float64]
	variance once[float64]
	visits   once[[]float64]
	jumps    once[[]JumpStats]
	mode     once[int]
	dist     map[int]*once[[]float64]
	quantile map[float64]*once[int]
	wins     map[string]*once[[]float64]
	places   map[int]*once[[][]float64]
	joints   map[int]*once[*joint.Joint] // under Bump: the joint chain of each number of players asked, or why not

	// mem is the memory account of the figure being computed, which every
	// copy of g shares: each figure starts it afresh (figure), so that a
	// figure's tables count against the bound together, and those an
	// earlier figure left for the later ones are not counted again.
	mem budget.Memory
}

// A once is a figure of an Analysis: kept once computed, or refused for a
// reason that another call would meet again.
type once[T any] struct {
	done bool
	v    T
	err  error
}

// Analyze validates r and b and returns their Analysis. It compiles
// nothing yet: the tables are built by the first call that needs them.
// Errors wrap [ErrInvalidRules] for invalid r and [ErrInvalidBoard] for a
// nil or empty board, or are ctx's error when ctx is already done.
func (r Rules) Analyze(ctx context.Context, b *Board) (*Analysis, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	r.Weights = slices.Clone(r.Weights) // the caller's slice may change
	return r.analysis(b)
}

// analysis is Analyze without the context.
func (r Rules) analysis(b *Board) (*Analysis, error) {
	g, err := r.playable(b)
	if err != nil {
		return nil, err
	}
	return r.analysisOf(b, g), nil
}

// analysisOf is the Analysis of g, r compiled on b.
func (r Rules) analysisOf(b *Board, g model.Game) *Analysis {
	a := &Analysis{r: r, b: b, g: g, turn: make(chan struct{}, 1)}
	a.g.Mem = &a.mem
	return a
}

// Rules returns the rules a was made with.
func (a *Analysis) Rules() Rules {
	r := a.r
	r.Weights = slices.Clone(r.Weights)
	return r
}

// Board returns the board a was made with.
func (a *Analysis) Board() *Board { return a.b }

// figure returns the value of the figure slot gives, computing it with
// compute on a's turn when it is not yet kept. slot runs on a's turn too.
func figure[T any](ctx context.Context, a *Analysis, slot func() *once[T], compute func() (T, error)) (T, error) {
	select {
	case a.turn <- struct{}{}:
	case <-ctx.Done():
		var zero T
		return zero, ctx.Err()
	}
	defer func() { <-a.turn }()
	a.mem.Reset(a.g.Lim.Bytes)
	return kept(ctx, slot(), compute)
}

// field is a slot of figure for a figure kept in a field of a.
func field[T any](c *once[T]) func() *once[T] { return func() *once[T] { return c } }

// kept is figure for a caller already on a's turn; a result that ctx's end
// cut short is not kept.
func kept[T any](ctx context.Context, c *once[T], compute func() (T, error)) (T, error) {
	var zero T
	if c.done {
		return c.v, c.err
	}
	if err := ctx.Err(); err != nil {
		return zero, err
	}
	v, err := compute()
	if err != nil && ctx.Err() != nil {
		return zero, ctx.Err() // whatever compute said, it was cut short
	}
	c.done, c.v, c.err = true, v, err
	return v, err
}

// entry is a slot of figure for a figure kept in the map m under key k,
// made on first use.
func entry[K comparable, T any](m *map[K]*once[T], k K) func() *once[T] {
	return func() *once[T] {
		if *m == nil {
			*m = map[K]*once[T]{}
		}
		c, ok := (*m)[k]
		if !ok {
			c = new(once[T])
			(*m)[k] = c
		}
		return c
	}
}

// chain returns a's chain, compiled on first use, after the caller has
// checked the bounds of what it wants the chain for (checkWalk,
// checkInsight: each implies the chain's own); a compiling that ctx cut
// short is not kept. It runs on a's turn.
func (a *Analysis) chain(ctx context.Context) (*model.Chain, error) {
	if a.c == nil {
		f := a.tables()
		if err := f.Own.Compile(ctx, &f.Game); err != nil {
			return nil, err // only ctx's end stops a compiling
		}
		a.c = &f.Own
	}
	return a.c, nil
}

// tables returns the fundamental whose slices hold a's chain and solve,
// made on first use. It holds a copy of a's game, as a pooled one does.
// Not pooled: tables that a cleanup hands to a pool once a is collected
// stay live through the collection that finds a unreachable, so that under
// a steady stream of Analyses each collection's goal grows with them and
// the heap without bound (TestAnalysesGiveMemoryBack).
func (a *Analysis) tables() *solve.Fundamental {
	if a.tabled == nil {
		a.tabled = &solve.Fundamental{Game: a.g}
	}
	return a.tabled
}

// insight returns a's fundamental, readied on first use over a's chain,
// set to stop when ctx is done. It runs on a's turn.
func (a *Analysis) insight(ctx context.Context) (*solve.Fundamental, error) {
	if a.f == nil && a.fErr == nil {
		// The bounds first, as the Rules methods check them, before a chain
		// is compiled.
		if err := solve.CheckInsight(&a.g); err != nil {
			a.fErr = err
			return nil, err
		}
		c, err := a.chain(ctx)
		if err != nil {
			return nil, err
		}
		f := a.tables()
		f.Ctx = ctx
		switch err := solve.InsightOn(f, c); {
		case err != nil && ctx.Err() != nil:
			return nil, ctx.Err() // cut short: the next call readies afresh
		case err != nil:
			a.fErr = err
		default:
			a.f = f
		}
	}
	if a.fErr != nil {
		return nil, a.fErr
	}
	a.f.Ctx = ctx
	return a.f, nil
}

// walk returns a walk from the start, over a's chain unless it goes by
// intervals (walk.go), stopping when ctx is done. It runs on a's turn.
func (a *Analysis) walk(ctx context.Context) (*walk.Walk, error) {
	return walk.PlayWalk(ctx, &a.g, func() (*model.Chain, error) { return a.chain(ctx) }, func() (*walk.FairClasses, error) {
		if a.fair == nil {
			cl, err := walk.NewFairClasses(&a.g)
			if err != nil {
				return nil, err
			}
			a.fair = cl
		}
		return a.fair, nil
	})
}

// startWalk returns a walk of a's from the start for need, for the
// caller alone, stopping when ctx is done.
func (a *Analysis) startWalk(ctx context.Context) (*walk.Walk, error) {
	var c once[*walk.Walk] // never kept: each caller walks on its own
	return figure(ctx, a, field(&c), func() (*walk.Walk, error) { return a.walk(ctx) })
}

// ExpectedTurns is [Rules.ExpectedTurns].
func (a *Analysis) ExpectedTurns(ctx context.Context) (float64, error) {
	return figure(ctx, a, field(&a.expected), func() (float64, error) {
		return solve.ExpectedTurns(ctx, a.r.spec(), a.b.squares())
	})
}

// ExpectedFrom is [Rules.ExpectedFrom]: a new slice each call.
func (a *Analysis) ExpectedFrom(ctx context.Context) ([]float64, error) {
	v, err := figure(ctx, a, field(&a.from), a.expectedFrom(ctx))
	return slices.Clone(v), err
}

func (a *Analysis) expectedFrom(ctx context.Context) func() ([]float64, error) {
	return func() ([]float64, error) {
		f, err := a.insight(ctx)
		if err != nil {
			return nil, err
		}
		return f.ExpectedFrom()
	}
}

// Variance is [Rules.Variance].
func (a *Analysis) Variance(ctx context.Context) (float64, error) {
	return figure(ctx, a, field(&a.variance), a.varianceOf(ctx))
}

func (a *Analysis) varianceOf(ctx context.Context) func() (float64, error) {
	return func() (float64, error) {
		f, err := a.insight(ctx)
		if err != nil {
			return 0, err
		}
		return f.Variance()
	}
}

// Visits is [Rules.Visits]: a new slice each call.
func (a *Analysis) Visits(ctx context.Context) ([]float64, error) {
	v, err := figure(ctx, a, field(&a.visits), func() ([]float64, error) {
		f, err := a.insight(ctx)
		if err != nil {
			return nil, err
		}
		return f.Visits()
	})
	return slices.Clone(v), err
}

// Jumps is [Rules.Jumps]: a new slice each call. Within the structured
// solve's bounds it reads the solve and the visits the other insights
// share; past them it keeps rows of its own for the call (see
// [Rules.Jumps]).
func (a *Analysis) Jumps(ctx context.Context) ([]JumpStats, error) {
	v, err := figure(ctx, a, field(&a.jumps), func() ([]JumpStats, error) {
		f, err := a.insight(ctx)
		if err != nil {
			return nil, err
		}
		if !f.Dense() {
			// Kept rows reorder the unknowns: a fundamental of its own,
			// over the same chain.
			f = solve.FundamentalPool.Get().(*solve.Fundamental)
			defer f.Release()
			f.Ctx = ctx
			if err := solve.InsightOn(f, a.c); err != nil {
				return nil, err
			}
		}
		return solve.JumpsOf(a.r.spec(), a.b.squares(), f, jumpStatsOf)
	})
	return slices.Clone(v), err
}

// LengthDistribution is [Rules.LengthDistribution]: a new slice each call.
func (a *Analysis) LengthDistribution(ctx context.Context, maxTurns int) ([]float64, error) {
	v, err := figure(ctx, a, entry(&a.dist, maxTurns), func() ([]float64, error) {
		if err := checkTurns(&a.g, maxTurns); err != nil {
			return nil, err
		}
		w, err := a.walk(ctx)
		if err != nil {
			return nil, err
		}
		return w.Distribution(maxTurns)
	})
	return slices.Clone(v), err
}

// Quantile is [Rules.Quantile].
func (a *Analysis) Quantile(ctx context.Context, q float64) (int, error) {
	if err := checkQuantile(q); err != nil {
		return 0, err
	}
	return figure(ctx, a, entry(&a.quantile, q), func() (int, error) {
		w, err := a.walk(ctx)
		if err != nil {
			return 0, err
		}
		t, err := w.Quantiles([]float64{q})
		if err != nil {
			return 0, err
		}
		return t[0], nil
	})
}

// ModeTurns is [Rules.ModeTurns].
func (a *Analysis) ModeTurns(ctx context.Context) (int, error) {
	return figure(ctx, a, field(&a.mode), func() (int, error) {
		w, err := a.walk(ctx)
		if err != nil {
			return 0, err
		}
		return w.Mode()
	})
}

// WinChances is [Rules.WinChances]: a new slice each call.
func (a *Analysis) WinChances(ctx context.Context, players int) ([]float64, error) {
	if err := joint.CheckPlayers(players); err != nil {
		return nil, err
	}
	return a.WinChancesFrom(ctx, joint.OnStart(&a.g, players))
}

// Places is [Rules.Places]: new slices each call.
func (a *Analysis) Places(ctx context.Context, players int) ([][]float64, error) {
	if err := joint.CheckPlayers(players); err != nil {
		return nil, err
	}
	v, err := figure(ctx, a, entry(&a.places, players), func() ([][]float64, error) {
		w, err := a.walk(ctx)
		if err != nil {
			return nil, err
		}
		return joint.Places(w, players, func() (*joint.Joint, error) { return joint.NewRanks(ctx, &a.g, players) })
	})
	if err != nil {
		return nil, err
	}
	out := make([][]float64, len(v))
	for i := range v {
		out[i] = slices.Clone(v[i])
	}
	return out, nil
}

// WinChancesFrom is [Rules.WinChancesFrom]: a new slice each call.
func (a *Analysis) WinChancesFrom(ctx context.Context, squares []int) ([]float64, error) {
	squares, err := joint.CheckRace(&a.g, squares)
	if err != nil {
		return nil, err
	}
	return a.winsAt(ctx, squares)
}

// winsAt is WinChancesFrom of players on the states of a's chain.
func (a *Analysis) winsAt(ctx context.Context, squares []int) ([]float64, error) {
	key := make([]string, len(squares))
	for i, s := range squares {
		key[i] = strconv.Itoa(s)
	}
	v, err := figure(ctx, a, entry(&a.wins, strings.Join(key, ",")), func() ([]float64, error) {
		if a.g.Bump && len(squares) > 1 {
			j, err := a.joint(ctx, len(squares))
			if err == nil && !j.Holds(squares) { // a token where none stands between throws: a chain of its own
				j, err = joint.NewJoint(ctx, &a.g, len(squares), false, joint.Int32s(squares))
			}
			if err != nil {
				return nil, err
			}
			return j.Wins(squares), nil
		}
		w, err := a.walk(ctx)
		if err != nil {
			return nil, err
		}
		cost := math.Inf(1)
		if w.Trap < 0 && w.FM == nil {
			from, variance, err := a.spread(ctx)
			if err := budget.Stopped(ctx); err != nil {
				return nil, err
			}
			cost = joint.RaceBound(w, squares, from, variance, err)
		}
		return joint.WinChances(w, squares, cost)
	})
	return slices.Clone(v), err
}

// jointOf is joint on a's turn, as a call of its own.
func (a *Analysis) jointOf(ctx context.Context, players int) (*joint.Joint, error) {
	select {
	case a.turn <- struct{}{}:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	defer func() { <-a.turn }()
	a.mem.Reset(a.g.Lim.Bytes)
	return a.joint(ctx, players)
}

// jointBytes is the memory of the joint chains a keeps.
func (a *Analysis) jointBytes() int64 {
	a.turn <- struct{}{}
	defer func() { <-a.turn }()
	var total int64
	for _, c := range a.joints {
		if c.v != nil {
			total += c.v.Bytes
		}
	}
	return total
}

// joint returns the joint chain of players tokens, solved on first use
// and kept. It runs on a's turn.
func (a *Analysis) joint(ctx context.Context, players int) (*joint.Joint, error) {
	c := entry(&a.joints, players)()
	if c.done {
		return c.v, c.err
	}
	j, err := joint.NewJoint(ctx, &a.g, players, false, nil)
	if err != nil && !errors.Is(err, ErrTooLarge) || ctx.Err() != nil {
		return nil, err // cut short, or not the chain's own: asked again, it may answer
	}
	c.done, c.v, c.err = true, j, err // a chain past the bounds is refused at once from then on
	return j, err
}

// spread returns the expected turns from every state of the chain (as
// ExpectedFrom and Variance keep them, solved once) and the variance from
// the start, for the races' bound. It runs on a's turn.
func (a *Analysis) spread(ctx context.Context) ([]float64, float64, error) {
	if _, err := kept(ctx, &a.from, a.expectedFrom(ctx)); err != nil {
		return nil, 0, err
	}
	variance, err := kept(ctx, &a.variance, a.varianceOf(ctx))
	return a.f.Values, variance, err // for every state, a waiting token's too
}
