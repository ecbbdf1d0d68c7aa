package snakes_test

import (
	"context"
	"fmt"

	"github.com/snakesladders/snakes"
)

// This file holds best play's examples: the samples of Codeforces 1245E
// ("Hyakugoku and Ladders"), where every ladder may be declined.

// hyakugoku returns the board of a Codeforces 1245E input: heights[i][j],
// row i from the top, is the height of the ladder on that tile (0: none),
// which leads straight up that many rows.
func hyakugoku(heights [10][10]int) *snakes.Board {
	empty, _ := snakes.FromJumps(10, nil)
	cells := make([][]int, 10)
	for i, row := range heights {
		cells[i] = make([]int, 10)
		for j, h := range row {
			cells[i][j] = -1
			if h > 0 {
				cells[i][j], _ = empty.Label(i-h, j)
			}
		}
	}
	b, err := snakes.NewBoard(cells)
	if err != nil {
		panic(err)
	}
	return b
}

// The three samples of Codeforces 1245E: the least expected turns when
// every ladder may be declined, under the zero Rules (the token starts on
// square 1, and a throw past the last square leaves it where it stands).
func ExampleRules_BestPlay() {
	samples := [][10][10]int{
		{},
		{4: {0, 0, 3, 0, 0, 0, 4, 0, 0, 0}, 6: {6: 4}, 7: {2: 3}, 8: {2: 4}, 9: {9: 9}},
		{6: {0, 6, 6, 6, 6, 6, 6, 0, 0, 0}, 7: {0: 1}},
	}
	for _, heights := range samples {
		s, err := snakes.Rules{}.BestPlay(context.Background(), hyakugoku(heights), snakes.Choice{DeclineLadders: true})
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("%.10f\n", s.ExpectedTurns())
	}
	// Output:
	// 33.0476190476
	// 20.2591405923
	// 15.9047592939
}

// The race on the classic board when each player picks a die of 4 or 6
// faces each turn: played to win, and played for the fewest turns (the
// first player's chance, both players playing alike).
func ExampleRules_BestRace() {
	r := snakes.Rules{StartOffBoard: true}
	c := snakes.Choice{Faces: []int{4, 6}}
	race, err := r.BestRace(context.Background(), snakes.Classic(), c)
	if err != nil {
		fmt.Println(err)
		return
	}
	length, err := r.BestPlay(context.Background(), snakes.Classic(), c)
	if err != nil {
		fmt.Println(err)
		return
	}
	wins, err := length.WinChances(context.Background(), 2)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("played to win: %.10f\n", race.FirstWins())
	fmt.Printf("played for length: %.10f\n", wins[0])
	fmt.Println("on 1 against 1, the first picks a die of", race.Die(1, 1))
	// Output:
	// played to win: 0.5113089411
	// played for length: 0.5113104968
	// on 1 against 1, the first picks a die of 4
}
