package snakes_test

import (
	"errors"
	"fmt"

	"github.com/snakesladders/snakes"
)

// The first example of LeetCode 909: a ladder from 2 to 15, a ladder from 14
// to 35 and a snake from 17 to 13.
var leetcode = [][]int{
	{-1, -1, -1, -1, -1, -1},
	{-1, -1, -1, -1, -1, -1},
	{-1, -1, -1, -1, -1, -1},
	{-1, 35, -1, -1, 13, -1},
	{-1, -1, -1, -1, -1, -1},
	{-1, 15, -1, -1, -1, -1},
}

func ExampleNewBoard() {
	b, err := snakes.NewBoard(leetcode)
	if err != nil {
		fmt.Println(err)
		return
	}
	for label := 1; label <= b.Squares(); label++ {
		if to, ok := b.Jump(label); ok {
			row, col, _ := b.Cell(label)
			fmt.Printf("square %d at grid[%d][%d] jumps to %d\n", label, row, col, to)
		}
	}
	// Output:
	// square 2 at grid[5][1] jumps to 15
	// square 14 at grid[3][1] jumps to 35
	// square 17 at grid[3][4] jumps to 13
}

func ExampleNewBoard_invalid() {
	_, err := snakes.NewBoard([][]int{
		{-1, -1, -1},
		{-1, 12, -1},
		{-1, -1},
	})
	fmt.Println(err)
	fmt.Println(errors.Is(err, snakes.ErrInvalidBoard))

	_, err = snakes.NewBoard([][]int{
		{-1, -1, -1},
		{-1, 12, -1},
		{-1, -1, -1},
	})
	fmt.Println(err)
	// Output:
	// snakes: row 2 has 2 cells, want 3
	// true
	// snakes: row 1, column 1 (square 5) holds 12, want -1 or a square in 1..9
}

func ExampleFlatten() {
	flat, err := snakes.Flatten([][]int{
		{-1, -1},
		{-1, 3},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(flat)
	// Output:
	// [-1 -1 3 -1 -1]
}

func ExampleMinRolls() {
	b, _ := snakes.NewBoard(leetcode)
	fmt.Println(snakes.MinRolls(b))

	walled, _ := snakes.NewBoard([][]int{
		{1, -1, -1},
		{1, 1, 1},
		{-1, 1, 1},
	})
	fmt.Println(snakes.MinRolls(walled))
	// Output:
	// 4
	// -1
}

func ExampleShortestPath() {
	b, _ := snakes.NewBoard(leetcode)
	path, ok := snakes.ShortestPath(b)
	if !ok {
		fmt.Println("the last square cannot be reached")
		return
	}
	for _, m := range path {
		fmt.Printf("roll %d: %d → %d", m.Roll, m.From, m.Landed)
		switch {
		case m.To > m.Landed:
			fmt.Printf(", ladder to %d", m.To)
		case m.To < m.Landed:
			fmt.Printf(", snake to %d", m.To)
		}
		fmt.Println()
	}
	// Output:
	// roll 1: 1 → 2, ladder to 15
	// roll 2: 15 → 17, snake to 13
	// roll 1: 13 → 14, ladder to 35
	// roll 1: 35 → 36
}

func ExampleDistances() {
	b, _ := snakes.NewBoard([][]int{
		{-1, -1, -1},
		{-1, -1, -1},
		{-1, 8, -1},
	})
	// Square 2 is a ladder to 8, so no turn ends on 2; 9 takes two rolls.
	fmt.Println(snakes.Distances(b))
	// Output:
	// [-1 0 -1 1 1 1 1 1 1 2]
}
