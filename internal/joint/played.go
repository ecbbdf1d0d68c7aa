package joint

import (
	"context"

	"github.com/snakesladders/snakes/internal/errs"
	"github.com/snakesladders/snakes/internal/model"
)

// This file estimates a game's prospects by playing it on many times from
// where it stands: each player's chance to win and of each place, where
// the joint chain is past the bounds.

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
