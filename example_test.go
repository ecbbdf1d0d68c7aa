package snakes_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log"
	"math"
	"math/rand/v2"
	"os"

	"github.com/snakesladders/snakes"
)

// This file holds the godoc's runnable examples, from outside the package.

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

func ExampleClassic() {
	b := snakes.Classic()
	rules := snakes.Rules{StartOffBoard: true}
	fmt.Println("fewest turns:", rules.MinRolls(b))
	e, err := rules.ExpectedTurns(b)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("expected turns: %.7f\n", e)
	median, _ := rules.MedianTurns(b)
	fmt.Println("median turns:", median)
	// Output:
	// fewest turns: 7
	// expected turns: 39.2251223
	// median turns: 32
}

func ExampleRules_LengthDistribution() {
	dist, err := snakes.Rules{StartOffBoard: true}.LengthDistribution(snakes.Classic(), 10)
	if err != nil {
		fmt.Println(err)
		return
	}
	within := 0.0
	for _, p := range dist {
		within += p
	}
	fmt.Printf("finished within 10 turns: %.4f%%\n", 100*within)
	fmt.Printf("finished in exactly 7: %.6f%%\n", 100*dist[7])
	// Output:
	// finished within 10 turns: 2.2189%
	// finished in exactly 7: 0.151106%
}

func ExampleRules_WinChances() {
	rules := snakes.Rules{StartOffBoard: true}
	for _, players := range []int{2, 4} {
		chances, err := rules.WinChances(snakes.Classic(), players)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("%d players:", players)
		for _, p := range chances {
			fmt.Printf(" %.4f", p)
		}
		fmt.Printf(" (first player's edge %.2f points)\n", 100*(chances[0]-1/float64(players)))
	}
	// Output:
	// 2 players: 0.5079 0.4921 (first player's edge 0.79 points)
	// 4 players: 0.2601 0.2532 0.2466 0.2401 (first player's edge 1.01 points)
}

func ExampleRules_GameLength() {
	rounds, turns, err := snakes.Rules{StartOffBoard: true}.GameLength(snakes.Classic(), 2)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("two players: %.2f rounds, %.2f turns in all\n", rounds, turns)
	// Output:
	// two players: 26.33 rounds, 52.15 turns in all
}

func ExampleRules_ExpectedTurns_neverFinishes() {
	// From square 5 every roll of a three-sided die lands on a snake back to 5.
	b, _ := snakes.FromJumps(3, map[int]int{6: 5, 7: 5, 8: 5})
	_, err := snakes.Rules{Faces: 3}.ExpectedTurns(b)
	fmt.Println(err)
	fmt.Println(errors.Is(err, snakes.ErrNeverFinishes))
	// Output:
	// snakes: square 5 can be reached, and no turn leaves it
	// true
}

func ExampleRules_Play() {
	// A fixed seed makes the game repeatable.
	rng := rand.New(rand.NewPCG(1, 2))
	b, _ := snakes.NewBoard(leetcode)
	moves := snakes.Rules{Overshoot: snakes.Bounce}.Play(b, rng, 100)
	fmt.Println(len(moves) > 0 && moves[len(moves)-1].To == 36)
	// Output:
	// true
}

func ExampleBoard_String() {
	b, _ := snakes.FromJumps(3, map[int]int{2: 8, 6: 1})
	fmt.Print(b)
	// Output:
	// 7   8   9
	// 6↓1 5   4
	// 1   2↑8 3
}

func ExampleParseBoard() {
	b, err := snakes.ParseBoard([]byte(`{"size": 2, "jumps": {"2": 3}}`))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(b.Grid(), snakes.MinRolls(b))

	_, err = snakes.ParseBoard([]byte("[[-1, -1],\n [-1, 3"))
	fmt.Println(err)
	// Output:
	// [[-1 -1] [-1 3]] 1
	// snakes: board JSON line 2, column 8: unexpected end of JSON input
}

func ExampleRules() {
	// Square 2 is a ladder to 5, and 5 a ladder to 9.
	b, _ := snakes.FromJumps(3, map[int]int{2: 5, 5: 9})
	for _, r := range []snakes.Rules{
		{Faces: 1},              // one jump per roll: 1 → 2 → 5, then 5 → 6, ...
		{Faces: 1, Chain: true}, // 1 → 2 → 5 → 9 in one roll
	} {
		fmt.Println(r.MinRolls(b))
	}
	// Output:
	// 5
	// 1
}

func ExampleRules_Variance() {
	r := snakes.Rules{StartOffBoard: true}
	v, err := r.Variance(snakes.Classic())
	if err != nil {
		fmt.Println(err)
		return
	}
	e, _ := r.ExpectedTurns(snakes.Classic())
	fmt.Printf("a classic game lasts %.1f ± %.1f turns\n", e, math.Sqrt(v))
	// Output: a classic game lasts 39.2 ± 25.2 turns
}

func ExampleRules_Quantile() {
	r := snakes.Rules{StartOffBoard: true}
	for _, q := range []float64{0.1, 0.5, 0.9, 0.99} {
		t, _ := r.Quantile(snakes.Classic(), q)
		fmt.Printf("%2.0f%% of games are over within %d turns\n", 100*q, t)
	}
	// Output:
	// 10% of games are over within 15 turns
	// 50% of games are over within 32 turns
	// 90% of games are over within 72 turns
	// 99% of games are over within 128 turns
}

// The snake bitten most often on the classic board, and the one snake whose
// removal would make games longer.
func ExampleRules_Jumps() {
	stats, err := snakes.Rules{StartOffBoard: true}.Jumps(snakes.Classic())
	if err != nil {
		fmt.Println(err)
		return
	}
	var most snakes.JumpStats
	for _, js := range stats {
		if js.To < js.From && js.Taken > most.Taken {
			most = js
		}
		if js.To < js.From && js.Effect > 0 {
			fmt.Printf("snake %d→%d shortens the game by %.4f turns\n", js.From, js.To, js.Effect)
		}
	}
	fmt.Printf("snake %d→%d bites %.4f times a game, in %.1f%% of games\n", most.From, most.To, most.Taken, 100*most.Chance)
	// Output:
	// snake 56→53 shortens the game by 0.0136 turns
	// snake 47→26 bites 0.6734 times a game, in 41.2% of games
}

// Without the ladder from 80 to 100 a classic game would last almost 20
// turns longer.
func ExampleRules_Jumps_effect() {
	stats, _ := snakes.Rules{StartOffBoard: true}.Jumps(snakes.Classic())
	for _, js := range stats {
		if js.From == 80 {
			fmt.Printf("ladder %d→%d: taken in %.1f%% of games, removing it adds %.2f turns\n", js.From, js.To, 100*js.Chance, js.Effect)
		}
	}
	// Output: ladder 80→100: taken in 48.3% of games, removing it adds 19.77 turns
}

func ExampleRules_ExactExpectedTurns() {
	e, err := snakes.Rules{StartOffBoard: true}.ExactExpectedTurns(snakes.Classic())
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(e)
	fmt.Println(e.FloatString(10))
	// Output:
	// 225837582538403273407117496273279920181931269186581786048583/5757472998140039232950575874628786131130999406013041613400
	// 39.2251223082
}

// The squares a classic game lands on most: square 99 above all, since under
// Stay only a roll of 1 finishes from it.
func ExampleRules_Visits() {
	visits, _ := snakes.Rules{StartOffBoard: true}.Visits(snakes.Classic())
	for _, s := range []int{99, 44, 26} {
		fmt.Printf("square %d: %.3f turns a game\n", s, visits[s])
	}
	// Output:
	// square 99: 1.552 turns a game
	// square 44: 1.100 turns a game
	// square 26: 1.056 turns a game
}

// Two players in a game in progress: the first, to move, is on square 50,
// the second not yet on the board.
func ExampleRules_WinChancesFrom() {
	chances, _ := snakes.Rules{StartOffBoard: true}.WinChancesFrom(snakes.Classic(), []int{50, 0})
	fmt.Printf("%.4f %.4f\n", chances[0], chances[1])
	// Output: 0.6777 0.3223
}

// A 10×10 board with 6 ladders and 6 snakes on which a game lasts 30 turns
// on average, to three decimals.
func ExampleDesign() {
	spec := snakes.Spec{Size: 10, Ladders: 6, Snakes: 6, Turns: 30, Tolerance: 5e-4, Seed: 1}
	b, err := snakes.Design(context.Background(), spec)
	if err != nil {
		fmt.Println(err)
		return
	}
	e, _ := spec.Rules.ExpectedTurns(b)
	fmt.Printf("%.3f expected turns\n", e)
	// Output: 30.000 expected turns
}

// Two dice thrown together move a token by their total, 2 to 12. Under
// Stay a token on square 99 of the classic board can never finish, since
// two dice never total 1; bouncing off the end, it can.
func ExampleRules_twoDice() {
	b := snakes.Classic()
	stay := snakes.Rules{StartOffBoard: true, Dice: 2}
	_, err := stay.ExpectedTurns(b)
	fmt.Println(errors.Is(err, snakes.ErrNeverFinishes))
	bounce := snakes.Rules{StartOffBoard: true, Dice: 2, Overshoot: snakes.Bounce}
	e, _ := bounce.ExpectedTurns(b)
	fmt.Printf("%.4f turns, at least %d\n", e, bounce.MinRolls(b))
	// Output:
	// true
	// 30.3796 turns, at least 5
}

// British rules: a six to come onto the board, another throw after a six,
// and three sixes in a row void the turn. The shortest game takes more
// throws than turns.
func ExampleRules_sixToEnter() {
	b := snakes.Classic()
	r := snakes.Rules{Enter: 6, Again: 6, AgainLimit: 3}
	e, _ := r.ExpectedTurns(b)
	fmt.Printf("expected %.4f turns\n", e)
	path, _ := r.ShortestPath(b)
	fmt.Printf("fewest: %d throws in %d turns\n", len(path), path[len(path)-1].Turn)
	fmt.Printf("first throws: %+v %+v\n", path[0], path[1])
	// Output:
	// expected 38.5632 turns
	// fewest: 8 throws in 5 turns
	// first throws: {From:0 Roll:6 Landed:6 To:6 Turn:1 Player:0 Effect:none} {From:6 Roll:3 Landed:9 To:31 Turn:1 Player:0 Effect:none}
}

// A loaded die: face k comes up Weights[k-1] times in Σ Weights. One that
// always shows five finishes the classic board in exactly 16 turns; one
// that shows six twice as often as the other faces shortens the game.
func ExampleRules_loadedDie() {
	b := snakes.Classic()
	five := snakes.Rules{StartOffBoard: true, Weights: []int{0, 0, 0, 0, 1, 0}}
	dist, _ := five.LengthDistribution(b, 20)
	fmt.Println(dist[16])
	fair, _ := snakes.Rules{StartOffBoard: true}.ExpectedTurns(b)
	loaded, _ := snakes.Rules{StartOffBoard: true, Weights: []int{1, 1, 1, 1, 1, 2}}.ExpectedTurns(b)
	fmt.Printf("fair %.4f, loaded %.4f\n", fair, loaded)
	// Output:
	// 1
	// fair 39.2251, loaded 36.2526
}

// Analyze solves a board once and answers many questions from that solve:
// the expectation, the spread, the visits and the jumps share it.
func ExampleRules_Analyze() {
	ctx := context.Background()
	a, err := snakes.Rules{StartOffBoard: true}.Analyze(ctx, snakes.Classic())
	if err != nil {
		log.Fatal(err)
	}
	e, _ := a.ExpectedTurns(ctx)
	v, _ := a.Variance(ctx)
	median, _ := a.Quantile(ctx, 0.5)
	wins, _ := a.WinChances(ctx, 2)
	jumps, _ := a.Jumps(ctx)
	fmt.Printf("expected %.4f turns, standard deviation %.4f, median %d\n", e, math.Sqrt(v), median)
	fmt.Printf("the first of two players wins %.4f\n", wins[0])
	fmt.Printf("the ladder %d→%d is taken %.4f times a game\n", jumps[0].From, jumps[0].To, jumps[0].Taken)
	// Output:
	// expected 39.2251 turns, standard deviation 25.2250, median 32
	// the first of two players wins 0.5079
	// the ladder 1→38 is taken 0.1667 times a game
}

// ExpectedFrom gives the expected turns left from every square: on the
// classic board a player on 79, a roll below the ladder from 80 to 100, is
// five turns closer to the end than one on 81, just past it.
func ExampleRules_ExpectedFrom() {
	from, err := snakes.Rules{StartOffBoard: true}.ExpectedFrom(snakes.Classic())
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("from the start %.4f, from 79 %.4f, from 81 %.4f, from 100 %.0f\n", from[0], from[79], from[81], from[100])
	// Output:
	// from the start 39.2251, from 79 20.5203, from 81 25.4658, from 100 0
}

// FromJumps builds a board from its jumps alone, here a 4×4 board with one
// ladder and one snake.
func ExampleFromJumps() {
	b, err := snakes.FromJumps(4, map[int]int{3: 11, 14: 2})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(snakes.MinRolls(b))
	fmt.Print(b)
	// Output:
	// 2
	// 16    15    14↓2  13
	//  9    10    11    12
	//  8     7     6     5
	//  1     2     3↑11  4
}

// Report gathers every figure the snakes command prints; WriteText prints
// them.
func ExampleRules_Report() {
	b, err := snakes.FromJumps(3, map[int]int{2: 8, 7: 3})
	if err != nil {
		log.Fatal(err)
	}
	rep, err := snakes.Rules{}.Report(b)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("fewest rolls %d, expected turns %.4f, median %d\n", rep.MinRolls, *rep.ExpectedTurns, *rep.MedianTurns)
	if err := rep.WriteText(os.Stdout); err != nil {
		log.Fatal(err)
	}
	// Output:
	// fewest rolls 2, expected turns 7.0000, median 5
	// Board: 3×3, 1 ladder, 1 snake
	// Rules: 6-sided die, start on square 1, a roll past the end is not moved, one jump per roll
	//
	// 7 ↓3 8*   9*
	// 6    5    4
	// 1    2*↑8 3
	//
	// Fewest rolls: 2
	//   roll 1: 1 → 2, ladder to 8
	//   roll 1: 8 → 9
	//
	// Random play, one player:
	//   expected turns: 7.0000, standard deviation 5.4772
	//   median turns: 5, most likely: 2
	//   10th / 90th / 99th percentile: 2 / 14 / 27 turns
	//   finished within 10 turns: 80.62%
	//   finished within 25 turns: 98.74%
	//   finished within 50 turns: 99.99%
	//   most turns start on square 8 (3.500 a game), 1 (1.000), 6 (0.875), 3 (0.750), 5 (0.525)
	// First player's chance to win:
	//   2 players: 54.55% (fair share 50.00%, edge +4.55 points)
	//   3 players: 39.56% (fair share 33.33%, edge +6.23 points)
	//   4 players: 32.19% (fair share 25.00%, edge +7.19 points)
	//
	// Jumps, by what removing each would add to the expected length:
	//      from →   to     taken   chance     effect
	//        2 →    8    0.1667   16.67%     +0.1667
	//        7 →    3    0.5833   38.89%     +0.0000
}

// A game of two players on the classic board under Bump: throws given as
// the dice showed them, each player's exact chance to win after each, and
// the game saved as JSON.
func ExampleGame() {
	g, err := snakes.NewGame(snakes.Classic(), snakes.Rules{StartOffBoard: true, Bump: true}, 2)
	if err != nil {
		log.Fatal(err)
	}
	odds, _ := g.Odds()
	fmt.Printf("before a throw: %.4f %.4f\n", odds[0], odds[1])
	for _, face := range []int{4, 4, 1} {
		player := g.Player()
		m, err := g.Apply(face)
		if err != nil {
			log.Fatal(err)
		}
		odds, _ := g.Odds()
		fmt.Printf("player %d throws %d: %d → %d, squares %v, odds %.4f %.4f\n", player, m.Roll, m.From, m.To, g.Squares(), odds[0], odds[1])
	}
	if _, err := g.Apply(7); err != nil {
		fmt.Println(err)
	}
	saved, _ := json.Marshal(g)
	fmt.Println(string(saved[len(saved)-35:]))
	// Output:
	// before a throw: 0.5056 0.4944
	// player 0 throws 4: 0 → 14, squares [14 0], odds 0.5201 0.4799
	// player 1 throws 4: 0 → 14, squares [0 14], odds 0.4799 0.5201
	// player 0 throws 1: 0 → 38, squares [38 14], odds 0.5235 0.4765
	// snakes: die 1 shows 7, want 1..6
	// "players":2,"throws":[[4],[4],[1]]}
}

// A board whose square 5 gives another throw and whose square 9 costs the
// next turn: the figures, exact ones too, count the turn passed over.
func ExampleBoard_WithEffects() {
	b, err := snakes.FromJumps(4, map[int]int{3: 11, 14: 2})
	if err != nil {
		log.Fatal(err)
	}
	b, err = b.WithEffects(map[int]snakes.Effect{5: snakes.ThrowAgain, 9: snakes.MissTurn})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Print(b)
	e, _ := snakes.Rules{}.ExactExpectedTurns(b)
	fmt.Println("expected turns:", e.FloatString(4))
	data, _ := json.Marshal(b)
	fmt.Println(string(data))
	_, err = b.WithEffects(map[int]snakes.Effect{3: snakes.MissTurn})
	fmt.Println(err)
	// Output:
	// 16    15    14↓2  13
	//  9‖   10    11    12
	//  8     7     6     5»
	//  1     2     3↑11  4
	// expected turns: 9.9097
	// {"size":4,"jumps":{"14":2,"3":11},"again":[5],"miss":[9]}
	// snakes: square 3 starts a jump (to 11): it can have no effect (miss)
}

// A game on that board, throw by throw: 1 → 5 gives another throw, 5 → 9
// costs player 0 the next turn, so player 1 throws twice running.
func ExampleGame_effects() {
	b, _ := snakes.FromJumps(4, map[int]int{3: 11, 14: 2})
	b, _ = b.WithEffects(map[int]snakes.Effect{5: snakes.ThrowAgain, 9: snakes.MissTurn})
	game, err := snakes.NewGame(b, snakes.Rules{}, 2)
	if err != nil {
		log.Fatal(err)
	}
	for _, face := range []int{4, 4, 1, 1, 3} {
		m, _ := game.Apply(face)
		fmt.Printf("turn %d: player %d %d → %d %v\n", m.Turn, m.Player, m.From, m.To, m.Effect)
	}
	// Output:
	// turn 1: player 0 1 → 5 again
	// turn 1: player 0 5 → 9 miss
	// turn 2: player 1 1 → 2 none
	// turn 4: player 1 2 → 11 none
	// turn 5: player 0 9 → 12 none
}

func ExampleGame_Undo() {
	game, err := snakes.NewGame(snakes.Classic(), snakes.Rules{StartOffBoard: true, Bump: true}, 2)
	if err != nil {
		log.Fatal(err)
	}
	game.Apply(4) // player 0 climbs the ladder from 4 to 14
	game.Apply(3)
	game.Apply(5) // player 0 from 14 to 19
	fmt.Println(game.Squares(), "player", game.Player(), "to throw")
	if err := game.Undo(); err != nil {
		log.Fatal(err)
	}
	fmt.Println(game.Squares(), "player", game.Player(), "to throw")
	// Output:
	// [19 3] player 1 to throw
	// [14 3] player 0 to throw
}

// Three players on the classic board, played on until one is left: each
// player's chance of each place. The first column is WinChances.
func ExampleRules_Places() {
	places, err := snakes.Rules{}.Places(snakes.Classic(), 3)
	if err != nil {
		log.Fatal(err)
	}
	for i, row := range places {
		fmt.Printf("player %d: 1st %.4f, 2nd %.4f, 3rd %.4f\n", i, row[0], row[1], row[2])
	}
	// Output:
	// player 0: 1st 0.3430, 2nd 0.3298, 3rd 0.3272
	// player 1: 1st 0.3332, 2nd 0.3335, 3rd 0.3332
	// player 2: 1st 0.3238, 2nd 0.3366, 3rd 0.3396
}

// A game played on after the first finish: Standings grows as players
// finish, and the game is over when one is left.
func ExampleGame_Standings() {
	b, err := snakes.NewBoard([][]int{{-1, -1}, {-1, -1}}) // squares 1..4, no jumps
	if err != nil {
		log.Fatal(err)
	}
	game, err := snakes.NewGame(b, snakes.Rules{PlayOn: true}, 3)
	if err != nil {
		log.Fatal(err)
	}
	for _, roll := range []int{3, 1, 2, 2} {
		m, err := game.Apply(roll)
		if err != nil {
			log.Fatal(err)
		}
		fmt.Printf("player %d: %d to %d, standings %v, over %v\n", m.Player, m.From, m.To, game.Standings(), game.Over())
	}
	// Output:
	// player 0: 1 to 4, standings [0], over false
	// player 1: 1 to 2, standings [0], over false
	// player 2: 1 to 3, standings [0], over false
	// player 1: 2 to 4, standings [0 1 2], over true
}

// Four players under Bump on the classic board: the joint chain of every
// token is past the default bounds, so the outlook plays the game on
// 200,000 times from where it stands, seeded by the game's throws.
func ExampleGame_Outlook() {
	game, err := snakes.NewGame(snakes.Classic(), snakes.Rules{StartOffBoard: true, Bump: true}, 4)
	if err != nil {
		log.Fatal(err)
	}
	o, err := game.Outlook(context.Background())
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(o.Note)
	for i, p := range o.Win {
		fmt.Printf("player %d wins %.3f ± %.3f, is last %.3f\n", i, p, o.StdErr[i], o.Places[i][3])
	}
	// Output:
	// too many players for exact odds on this board: estimated from 200,000 games
	// player 0 wins 0.255 ± 0.001, is last 0.247
	// player 1 wins 0.251 ± 0.001, is last 0.250
	// player 2 wins 0.248 ± 0.001, is last 0.251
	// player 3 wins 0.246 ± 0.001, is last 0.252
}
