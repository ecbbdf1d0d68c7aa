package joint

import (
	"context"
	"math"

	"github.com/snakesladders/snakes/internal/errs"
	"github.com/snakesladders/snakes/internal/grid"
	"github.com/snakesladders/snakes/internal/linalg"
	"github.com/snakesladders/snakes/internal/model"
	"github.com/snakesladders/snakes/internal/walk"
)

// This file is the places of a game played on until one player is left,
// every token starting on the start: each player's chance of each place,
// from the one walk all of them follow, or under Bump the joint chain; and
// a game's prospects estimated by playing it on many times from where it
// stands, where the joint chain is past the bounds.

// PlacesFromStart is [Rules.Places] on the model.
func PlacesFromStart(ctx context.Context, r model.Rules, b *grid.Squares, players int) ([][]float64, error) {
	if err := CheckPlayers(players); err != nil {
		return nil, err
	}
	g, err := model.Playable(r, b)
	if err != nil {
		return nil, err
	}
	w, err := walk.PlayWalk(ctx, &g, nil, nil)
	if err != nil {
		return nil, err
	}
	return Places(w, players, func() (*Joint, error) { return NewRanks(ctx, &g, players) })
}

// Places returns p[i][m], the chance that player i (turn order) finishes in
// place m+1, for players tokens that all start where w does.
//
// Player i finishes in place m+1 when it finishes on its turn t and
// exactly m others finished before it: of the i players before it, those
// that finished by their turn t, and of those after it, those that
// finished by their turn t−1. With F the chance to have finished by a turn
// and L = 1 − F the chance not to (both kept as they are, never one taken
// from 1), that count is binomial in each group, and its chances are the
// coefficients of (L_t + F_t·x)^i·(L_{t−1} + F_{t−1}·x)^{n−1−i}: sums of
// products of non-negative terms. The turns are followed until the chance
// of still playing is below 1e-18, or until the walk settles into its
// geometric tail (square by square, or by its windows and evenly turn by
// turn: Tail.Even), from which each token still playing finishes each of
// its turns with the same chance 1 − λ whatever it did before: the places of
// those left then follow from a small chain of how many are left and whose
// turn it is (tailPlaces), weighed by how many of each group finished
// before the tail.
//
// Under Bump the tokens are not independent: the places are the ranks of
// the joint chain joined returns (NewRanks).
//
// A board on which a token can be trapped is refused with
// ErrNeverFinishes; a game too long to follow within MaxWork with
// ErrTooLarge. Each turn costs a pass of the walk and players³ steps.
func Places(w *walk.Walk, players int, joined func() (*Joint, error)) ([][]float64, error) {
	n := players
	if w.Finished == 1 { // every token stands on the last square: in turn order
		p := make([][]float64, n)
		for i := range p {
			p[i] = make([]float64, n)
			p[i][i] = 1
		}
		return p, nil
	}
	// Under Bump a token that cannot go on alone may be sent back to the
	// start by another: whether the game ends is the joint chain's to say.
	if w.G.Bump && n > 1 {
		j, err := joined()
		if err != nil {
			return nil, err
		}
		if !j.Sure() {
			return nil, errs.Errorf(errs.ErrNeverFinishes, "under Bump the tokens can send each other back for ever: the game may never end, and a player has no place")
		}
		return j.PlacesAt(OnStart(w.G, n)), nil
	}
	if w.Trap >= 0 {
		return nil, errs.Errorf(errs.ErrNeverFinishes, "square %d can be reached, and the last square cannot be reached from it: a player may never finish, and has no place", w.G.Square(w.Trap))
	}
	// The sums, the binomials' rows and, for the tail, two levels of
	// tailRanks' tables and the ranks of every number of tokens left.
	if bytes := 8 * (5*float64(n)*float64(n) + 3*float64(n)*float64(n)*float64(n)); !w.G.Take(bytes) {
		return nil, w.G.TooBig(bytes, "the places of %d players", n)
	}
	acc := make([]linalg.Sum, n*n) // acc[i*n+m]: player i in place m+1
	out := func() [][]float64 {
		p := make([][]float64, n)
		for i := range p {
			p[i] = make([]float64, n)
			for m := range p[i] {
				p[i][m] = min(acc[i*n+m].Value(), 1) // a sum of chances that add to 1, less rounding
			}
		}
		return p
	}
	// now[a] and then[b]: the chance that exactly a of the a' players
	// before i, or b of those after it, have finished, for every a' (rows
	// of the powers of the two binomials), by this turn and the one before;
	// conv the two convolved. This turn's rows are the next one's before.
	powNow, powThen := make([]float64, n*n), make([]float64, n*n)
	binomialRows(powThen, n, 1, 0)
	conv := make([]float64, n)
	var done linalg.Sum // F: finished by the latest turn
	var tail walk.Tail
	for t := 1; ; t++ {
		going := w.Alive
		f := w.Turn()
		tail.Observe(f, going)
		done.Add(f)
		lNow := w.Left
		binomialRows(powNow, n, lNow, done.Value())
		if f > 0 {
			for i := range n {
				convolve(conv, powNow[i*n:i*n+i+1], powThen[(n-1-i)*n:(n-1-i)*n+n-i])
				for m, c := range conv {
					if c > 0 {
						acc[i*n+m].Add(f * c)
					}
				}
			}
		}
		w.Work += float64(n) * float64(n) * float64(n)
		if w.Alive < 1e-18 {
			return out(), nil // what is left is below the last bit of every sum
		}
		if t%walk.SettledEvery == 0 {
			lambda, settled := w.Geometric()
			if !settled && tail.Even(w) {
				lambda, settled = math.Exp(-tail.Rate), true
			}
			if settled {
				if w.Work += tailWork(n); w.Work > w.G.Lim.Work {
					return nil, w.G.TooLong(w.Work, "the places of %d players", n)
				}
				if err := tailPlaces(w.Ctx, acc, n, lNow, lambda, powNow); err != nil {
					return nil, err
				}
				return out(), nil
			}
		}
		if w.Work > w.G.Lim.Work {
			return nil, errs.Errorf(errs.ErrTooLarge, "the places of %d players: after %d turns %.3g%% of games are still going, and following them further would take over %.3g steps%s", n, t, 100*w.Left, w.G.Lim.Work, w.G.WorkName())
		}
		if err := w.Budget(); err != nil {
			return nil, err
		}
		powNow, powThen = powThen, powNow
	}
}

// binomialRows writes, in row a of pow (n×n), the coefficients of
// (l + f·x)^a for a = 0..n−1: the chances that exactly 0..a of a tokens
// have finished, each having finished with chance f and not with l.
func binomialRows(pow []float64, n int, l, f float64) {
	clear(pow)
	pow[0] = 1
	for a := 1; a < n; a++ {
		row, prev := pow[a*n:(a+1)*n], pow[(a-1)*n:a*n]
		for k := 0; k <= a; k++ {
			if k < a {
				row[k] = prev[k] * l
			}
			if k > 0 {
				row[k] += prev[k-1] * f
			}
		}
	}
}

// convolve writes into out the coefficients of the product of the
// polynomials x and y, len(out) = len(x)+len(y)−1.
func convolve(out, x, y []float64) {
	clear(out)
	for a, p := range x {
		for b, q := range y {
			out[a+b] += p * q
		}
	}
}

// tailPlaces adds to acc the places of the tokens still playing after a
// whole round, each of which has not finished with chance left (the same
// for every token) and finishes each later turn with chance 1 − λ: for
// player i, a of the i before it and b of the n−1−i after it have
// finished (the rows of pow), and it takes place a+b+1+r for its rank r
// among the n−a−b left (tailRanks).
func tailPlaces(ctx context.Context, acc []linalg.Sum, n int, left, lambda float64, pow []float64) error {
	starts, err := tailRanks(ctx, n, lambda)
	if err != nil {
		return err
	}
	for i := range n {
		before, after := pow[i*n:(i+1)*n], pow[(n-1-i)*n:(n-i)*n]
		for a := 0; a <= i; a++ {
			for b := 0; b <= n-1-i; b++ {
				p := left * before[a] * after[b]
				if p == 0 {
					continue
				}
				u := n - a - b
				for r, c := range starts[u][(i-a)*u : (i-a+1)*u] {
					acc[i*n+a+b+r].Add(p * c)
				}
			}
		}
	}
	return nil
}

// tailWork is what tailRanks and tailPlaces take for n players, in steps.
func tailWork(n int) float64 {
	f := float64(n)
	return f*f*f*f*f/5 + f*f*f*f/4
}

// tailRanks returns, for u = 1..n tokens that each finish each of their
// turns with chance 1 − λ, taking turns in order from the first, the
// chance that token i of them ranks r: starts[u][i·u+r].
//
// With pos the token to throw, A(pos) the ranks should it finish now (it
// ranks first, and the others rank as u−1 tokens do from the one after
// it, or from the first when it was the last of the round) and V(pos) the
// ranks from there, V(pos) = (1−λ)·A(pos) + λ·V(pos+1) round the u
// positions, so that V(pos) = Σ_k λ^k·A(pos+k) / Σ_k λ^k, k < u: weights
// near 1 however long the game, and nothing taken from 1.
func tailRanks(ctx context.Context, n int, lambda float64) ([][]float64, error) {
	starts := make([][]float64, n+1)
	prev := [][]float64{{1}}
	starts[1] = prev[0]
	for u := 2; u <= n; u++ {
		finish := make([][]float64, u)
		for pos := range u {
			a := make([]float64, u*u)
			a[pos*u] = 1
			sub := prev[pos%(u-1)] // the one after pos, or the first
			for i := range u {
				if i == pos {
					continue
				}
				k := i
				if i > pos {
					k--
				}
				copy(a[i*u+1:(i+1)*u], sub[k*(u-1):(k+1)*(u-1)])
			}
			finish[pos] = a
		}
		cur := make([][]float64, u)
		for pos := range u {
			if err := ctx.Err(); err != nil { // u³ steps a position: a millisecond for 100 players
				return nil, err
			}
			v := make([]float64, u*u)
			weight, sum := 1.0, 0.0
			for k := range u {
				for x, c := range finish[(pos+k)%u] {
					v[x] += weight * c
				}
				sum += weight
				weight *= lambda
			}
			for x := range v {
				v[x] /= sum
			}
			cur[pos] = v
		}
		starts[u], prev = cur[0], cur
	}
	return starts, nil
}

// What follows estimates a game's prospects by playing it on many times
// from where it stands.

// playedThrowCost is what a throw of a played game costs, in steps of the
// work bound: about 50 ns (BenchmarkGameThrow), against 3 to 8 for a step.
const playedThrowCost = 10

// maxPlayedThrows is the most throws one played game may take: a game
// still going after them is too long to estimate by playing.
const maxPlayedThrows = 1 << 20

// Played plays up to games games on from position from of g, played on
// until one player is left whatever g's PlayOn says, each throw's total
// drawn by throw, and returns how many it played and in how many each
// player won and finished in each place (places[i*n+m]: player i in place
// m+1). It stops early, with the games played so far, once the throws pass
// g's work bound or ctx is done; if it played none it returns the error
// that stopped it, ErrTooLarge, or ctx's.
func Played(ctx context.Context, g *model.Game, from *model.Position, throw func() int32, games int) (wins, places []int, played int, err error) {
	on := *g
	on.PlayOn = true
	n := len(from.Squares)
	wins, places = make([]int, n), make([]int, n*n)
	var pos model.Position // each game in turn, in the same slices
	work := 0.0
	for played < games {
		pos.CopyFrom(from)
		on.Resume(&pos)
		throws := 0
		for ; !pos.Over; throws++ {
			if throws == maxPlayedThrows {
				return nil, nil, 0, errs.Errorf(errs.ErrTooLarge, "a game played on from here went on past %d throws: too long to estimate by playing", maxPlayedThrows)
			}
			on.Advance(&pos, throw())
		}
		work += playedThrowCost * float64(throws)
		for m, q := range pos.Placed {
			places[q*n+m]++
		}
		wins[pos.Winner]++
		played++
		if played%256 == 0 {
			err = ctx.Err()
			if err == nil && work > g.Lim.Work {
				err = g.TooLong(work, "playing games on to estimate the odds")
			}
			if err != nil {
				break
			}
		}
	}
	if played == 0 {
		return nil, nil, 0, err
	}
	return wins, places, played, nil
}
