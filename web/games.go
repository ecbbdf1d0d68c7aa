package web

// This file keeps the odds' tables of the games the page plays, so that a
// joint chain under Bump is solved once for a board, rules and players,
// not for every throw: a cache bounded by the memory bound, the least
// recently used out.

import (
	"container/list"
	"encoding/json"
	"strconv"
	"sync"

	"github.com/snakesladders/snakes"
)

// games holds a game for each board, rules and players whose odds' tables
// were worth keeping, within maxBytes in all.
type games struct {
	mu       sync.Mutex
	maxBytes int64
	bytes    int64
	order    *list.List // of *kept, the most recently used first
	byKey    map[string]*list.Element
}

// A kept game: its key and its tables' bytes.
type kept struct {
	key   string
	game  *snakes.Game
	bytes int64
}

// gameKey is what a game's tables depend on: its board, rules and number
// of players.
func gameKey(g *snakes.Game) string {
	b, _ := json.Marshal(g.Board()) // a valid board and rules encode
	r, _ := json.Marshal(g.Rules())
	return string(b) + string(r) + strconv.Itoa(g.Players())
}

// share makes g read its odds from the kept game of its key, if there is
// one, and reports whether there was.
func (c *games) share(key string, g *snakes.Game) bool {
	c.mu.Lock()
	e, ok := c.byKey[key]
	if ok {
		c.order.MoveToFront(e)
	}
	c.mu.Unlock()
	return ok && g.ShareOdds(e.Value.(*kept).game) == nil
}

// keep keeps g, whose odds' tables hold bytes, under key: the least
// recently used games go to make room, and a game whose tables alone pass
// the bound is not kept.
func (c *games) keep(key string, g *snakes.Game, bytes int64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if bytes <= 0 || bytes > c.maxBytes || c.byKey[key] != nil {
		return
	}
	if c.order == nil {
		c.order, c.byKey = list.New(), map[string]*list.Element{}
	}
	for c.bytes+bytes > c.maxBytes {
		last := c.order.Back()
		k := c.order.Remove(last).(*kept)
		delete(c.byKey, k.key)
		c.bytes -= k.bytes
	}
	c.byKey[key] = c.order.PushFront(&kept{key, g, bytes})
	c.bytes += bytes
}
