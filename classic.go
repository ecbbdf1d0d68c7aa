package snakes

import "sync"

// This file holds the classic 10×10 board.

// Classic returns the 10×10 board of the classic American edition, with
// ladders 1→38, 4→14, 9→31, 21→42, 28→84, 36→44, 51→67, 71→91, 80→100 and
// chutes 16→6, 47→26, 49→11, 56→53, 62→19, 64→60, 87→24, 93→73, 95→75,
// 98→78, as analysed by Althoen, King and Schilling, "How long is a game of
// Snakes and Ladders?", Mathematical Gazette 77 (1993). It is played with
// Rules{StartOffBoard: true}: tokens start off the board, so the ladder on
// square 1 can be taken, and a roll past 100 is not moved.
//
// The board is shared; like every Board it is immutable.
func Classic() *Board { return classic() }

var classic = sync.OnceValue(func() *Board {
	b, err := FromJumps(10, map[int]int{
		1: 38, 4: 14, 9: 31, 21: 42, 28: 84, 36: 44, 51: 67, 71: 91, 80: 100,
		16: 6, 47: 26, 49: 11, 56: 53, 62: 19, 64: 60, 87: 24, 93: 73, 95: 75, 98: 78,
	})
	if err != nil {
		panic(err) // the table above is valid; a test proves it
	}
	return b
})
