// Package snakes answers the questions people ask about a snakes-and-ladders
// board: the fewest rolls to finish and which rolls do it, and (see [Rules])
// how long a game of random play lasts and how likely each player is to win.
//
// # Boards
//
// A board is n×n in the layout of LeetCode 909: squares are labelled 1..n²
// boustrophedon from the bottom-left, so grid[n-1][0] is square 1, the bottom
// row runs left to right, the row above it right to left, and so on.
// grid[r][c] is -1 for no jump, or the label the token is moved to: a ladder
// when it is higher, a snake when lower. [NewBoard] validates a grid once and
// keeps the label→destination array that [Flatten] returns, so that every
// search step is a single lookup. [FromJumps] builds a board from a map of
// jumps, and [Classic] returns the classic 10×10 board. A square may also
// have an [Effect] ([Board.WithEffects]): [ThrowAgain] gives the player
// another throw in the same turn, [MissTurn] ends the turn and passes over
// the player's next one. Every figure follows them; a passed-over turn
// counts as a turn.
//
// # Rules
//
// Under the zero [Rules] (LeetCode's) a roll moves 1..6 squares forward and
// never past n²; landing on a jump's start moves the token to its end as part
// of the same roll, and at most one jump is taken per roll even when the end
// starts another. The game starts on square 1 and ends on square n². The
// package-level functions use these rules; the methods of [Rules] take others:
// another die, an off-board start, bouncing or finishing on an overshoot,
// chained jumps, and the house rules people play: several dice
// ([Rules.Dice]), loaded dice and spinners ([Rules.Weights]), a total to
// enter ([Rules.Enter]), another throw on a total ([Rules.Again]) and a limit
// on those ([Rules.AgainLimit], [Rules.OnLimit]: [VoidTurn] or
// [BackToStart]). Under every rule set the searches count throws and the
// random-play figures count turns; a [Move] says which turn its throw
// belongs to.
//
// # Example
//
// On the 6×6 board of LeetCode's first example, a ladder from 2 to 15 and a
// snake from 17 to 13 lead, with a ladder from 14 to 35, to square 36 in four
// rolls:
//
//	b, err := snakes.NewBoard([][]int{
//		{-1, -1, -1, -1, -1, -1},
//		{-1, -1, -1, -1, -1, -1},
//		{-1, -1, -1, -1, -1, -1},
//		{-1, 35, -1, -1, 13, -1},
//		{-1, -1, -1, -1, -1, -1},
//		{-1, 15, -1, -1, -1, -1},
//	})
//	if err != nil {
//		return err
//	}
//	snakes.MinRolls(b)     // 4
//	snakes.ShortestPath(b) // 1→2 (ladder to 15), 15→17 (snake to 13), 13→14 (ladder to 35), 35→36
//
// # Index
//
// Boards: [NewBoard], [FromJumps], [Classic], [Flatten], and the accessors
// [Board.Size], [Board.Squares], [Board.Jump], [Board.Grid], [Board.Cell],
// [Board.Label]; square effects: [Board.WithEffects], [Board.Effect],
// [Board.Effects].
//
// Fewest rolls: [MinRolls], [ShortestPath], [Distances], and the same as
// methods of [Rules]: [Rules.MinRolls], [Rules.ShortestPath],
// [Rules.Distances].
//
// Random play, for any [Rules]: [Rules.ExpectedTurns],
// [Rules.ExactExpectedTurns] (the exact fraction),
// [Rules.LengthDistribution], [Rules.MedianTurns], [Rules.Quantile],
// [Rules.ModeTurns], [Rules.WinChances], [Rules.WinChancesFrom] (a game in
// progress), [Rules.GameLength], [Rules.Play]; and [Rules.Validate].
//
// Many questions of one board: [Rules.Analyze] returns an [Analysis], which
// answers the same questions ([Analysis.ExpectedTurns],
// [Analysis.ExpectedFrom], [Analysis.Variance], [Analysis.Visits],
// [Analysis.Jumps], [Analysis.LengthDistribution], [Analysis.Quantile],
// [Analysis.ModeTurns], [Analysis.WinChances], [Analysis.WinChancesFrom])
// from one solve of the game's equations and one table of its moves, each
// kept once computed, and each stopping within about a millisecond of its
// context's end.
//
// Playing a game: [NewGame] starts a [Game] of several players, played
// throw by throw ([Game.Apply] with the faces the dice show, or
// [Game.Throw]), each throw checked (errors wrapping [ErrInvalidThrow] or
// [ErrGameOver]), a throw taken back ([Game.Undo]), the game saved and
// resumed as JSON, and every player's exact chance to win from where it
// stands, mid-turn included ([Game.Odds]); under Rules.Bump a token landed
// on goes back to the start, and the odds come from the joint chain of
// every token; under Rules.PlayOn the game goes on to the last place
// ([Game.Standings]). [Game.Outlook] gives each player's chance to win and
// of each place, exact where it fits the bounds, else estimated by playing
// the game on; [Rules.Places] every place's chance from the start.
//
// Best play, where the rules give a choice ([Choice]: jumps a player may
// decline, a die picked each turn): [Rules.BestPlay] returns the
// [Strategy] of least expected turns ([Strategy.ExpectedTurns],
// [Strategy.Die], [Strategy.Takes]) and the race of players who follow it
// ([Strategy.WinChances]); [Rules.BestRace] the [RaceStrategy] of two
// players who each play to win ([RaceStrategy.FirstWins]).
//
// Designing a board: [Design] (and [DesignProgress]) search for a board
// whose game lasts as long as a [Spec] asks, errors wrapping
// [ErrInvalidSpec] or [ErrNoDesign].
//
// What a board does, exactly, for any [Rules]: [Rules.Variance] of the game
// length, [Rules.ExpectedFrom] every square, [Rules.Visits] (where turns
// start), and [Rules.Jumps] ([JumpStats]: how often each snake and ladder is
// taken, how likely at least once, and what removing it would do).
//
// Input and output: [ParseBoard] and [Board.UnmarshalJSON] read a grid or a
// {"size", "jumps", "again", "miss"} object ([ParseBoardLimit] with a
// bound on its size), [Board.MarshalJSON] writes the grid (the object,
// for a board with effects), [Board.String] draws the board as
// text, and [Rules.Report] gathers what the snakes command prints, as text
// ([Report.WriteText], or in two parts: [Report.WriteSearchText] and
// [Report.WritePlayText]), JSON ([Report.JSON]) or SVG
// ([Report.WriteBoardSVG], [Report.WritePlotSVG]); [Rules.ReportContext]
// computes the random-play figures within a deadline, listing those it
// leaves out as [Skip] values and naming its stages ([StageSearch] and the
// rest) to a progress function. [Overshoot], [Penalty] and [Effect] read
// and write their names as text, for flags and JSON. The JSON of a board,
// of [Rules] and of a [Game] is read by its documented names alone: a key
// spelt in another case, given twice or unknown is an error (the json
// package alone would take "FACES" for "faces", and the last of two).
//
// Errors: every error wraps one of [ErrInvalidBoard], [ErrInvalidRules],
// [ErrNeverFinishes], [ErrTooLarge], [ErrInvalidSpec], [ErrNoDesign],
// [ErrInvalidThrow] and [ErrGameOver],
// and its message names the row, column, square or field at fault and the
// value found there.
//
// # Bounds
//
// No argument takes the process down. Each exported function's doc says
// what it allocates and how its time grows; a request beyond [MaxBytes] of
// memory or [MaxWork] steps gets an error wrapping [ErrTooLarge] before the
// memory is allocated, where the function returns errors (the searches,
// which do not, answer as if the end were unreachable past MaxBytes, and
// [Rules.Play] records at most 2²² moves). So a call without a context
// answers or refuses within about 10 s here; [Rules.WithMaxWork] and
// [Rules.WithMaxBytes] set other bounds. A Board is immutable once built,
// and decoding into a used one replaces it whole: a reused or copied Board
// answers exactly as a fresh one.
package snakes
