package snakes

// A Move is one roll: the token stands on From, rolls Roll, is put on Landed
// by the die, and ends the turn on To. Under the zero [Rules] Landed is
// From+Roll; after a bounce it is where the token bounced to, and under
// Stay an overshooting roll leaves Landed and To equal to From. To differs
// from Landed exactly when Landed starts a jump that is taken.
type Move struct {
	From   int `json:"from"`
	Roll   int `json:"roll"`
	Landed int `json:"landed"`
	To     int `json:"to"`
}

// ShortestPath returns a path of MinRolls(b) moves from square 1 to the last
// square under the zero [Rules]. It is Rules{}.ShortestPath(b).
func ShortestPath(b *Board) ([]Move, bool) { return Rules{}.ShortestPath(b) }

// ShortestPath returns a fewest-rolls path from the start to the last
// square: of all such paths, the one whose sequence of Roll values is
// lexicographically smallest, so the answer is unique. It returns an empty,
// non-nil path and true when the start is the last square, and (nil, false)
// when the last square is unreachable, b is nil or empty, r is invalid, or
// the search would need more than [MaxBytes] (about 8 bytes a square:
// boards of over 10⁹ squares).
//
// It allocates only the returned slice, besides pooled buffers of about 9
// bytes a square. Its time grows with the squares reached.
func (r Rules) ShortestPath(b *Board) ([]Move, bool) {
	g, err := r.game(b)
	if err != nil || g.last < 1 || 8*float64(g.last) > MaxBytes {
		return nil, false
	}
	sc := getScratch(&g)
	defer putScratch(sc)
	sc.growDist(g.last)
	dist, good := sc.dist, sc.good
	rolls, reached := search(g, sc, dist, false, true)
	if rolls < 0 {
		return nil, false
	}
	// Walking the reached squares from the farthest back marks every square
	// that lies on some shortest path: the last square, and any square with a
	// roll to a marked square one roll farther out.
	for i := reached - 1; i >= 0; i-- {
		v := sc.queue[i]
		on := v == g.last
		for roll := int32(1); !on && dist[v] < int32(rolls) && roll <= g.faces; roll++ {
			_, to := g.step(v, roll)
			on = dist[to] == dist[v]+1 && has(good, to)
		}
		if on {
			add(good, v)
		} else {
			clearBit(good, v)
		}
	}
	// From the start, the smallest roll to a marked square one roll farther
	// out always leaves a way to finish in the remaining rolls.
	path := make([]Move, 0, rolls)
	for v := g.start; v != g.last; {
		for roll := int32(1); roll <= g.faces; roll++ {
			landed, to := g.step(v, roll)
			if dist[to] == dist[v]+1 && has(good, to) {
				path = append(path, Move{From: int(v), Roll: int(roll), Landed: int(landed), To: int(to)})
				v = to
				break
			}
		}
	}
	return path, true
}
