package web

import (
	"context"
	"testing"

	"github.com/snakesladders/snakes"
)

// This file tests the kept games' tables.

// TestGamesKept: a game kept shares its solved joint chain with a game of
// the same board, rules and players (whose odds then need no solve: its
// tables are the kept game's), not with another; the least recently used
// game goes to make room within the bound, and one whose tables alone
// pass it is not kept.
func TestGamesKept(t *testing.T) {
	t.Parallel()
	newGame := func(size int) *snakes.Game {
		b, err := snakes.FromJumps(size, map[int]int{2: size})
		if err != nil {
			t.Fatal(err)
		}
		g, err := snakes.NewGame(b, snakes.Rules{Bump: true}, 2)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := g.OddsContext(context.Background()); err != nil {
			t.Fatal(err)
		}
		return g
	}
	a, b, c := newGame(3), newGame(4), newGame(5)
	if a.OddsMemory() == 0 || a.OddsMemory() >= b.OddsMemory() || b.OddsMemory() >= c.OddsMemory() {
		t.Fatalf("tables of %d, %d, %d bytes", a.OddsMemory(), b.OddsMemory(), c.OddsMemory())
	}
	cache := games{maxBytes: b.OddsMemory() + c.OddsMemory()}
	cache.keep(gameKey(a), a, a.OddsMemory())
	cache.keep(gameKey(b), b, b.OddsMemory())
	replayed := newGame(4)
	fresh, _ := snakes.NewGame(replayed.Board(), replayed.Rules(), 2)
	if !cache.share(gameKey(fresh), fresh) || fresh.OddsMemory() != b.OddsMemory() {
		t.Fatalf("a game of b's board, rules and players: shared %d bytes", fresh.OddsMemory())
	}
	three, _ := snakes.NewGame(b.Board(), b.Rules(), 3)
	if cache.share(gameKey(three), three) {
		t.Fatal("a game of three players shared the tables of a game of two")
	}
	cache.keep(gameKey(c), c, c.OddsMemory()) // a, least recently used, goes
	if cache.share(gameKey(a), newGame(3)) || !cache.share(gameKey(c), newGame(5)) || cache.bytes != b.OddsMemory()+c.OddsMemory() {
		t.Fatalf("after room was made: %d bytes kept", cache.bytes)
	}
	small := games{maxBytes: a.OddsMemory() - 1}
	if small.keep(gameKey(a), a, a.OddsMemory()); small.share(gameKey(a), newGame(3)) {
		t.Fatal("a game whose tables pass the bound was kept")
	}
}
