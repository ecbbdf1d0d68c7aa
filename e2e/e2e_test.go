// Package e2e drives the page of package web in a real browser: headless
// Chromium from Go, by chromedp. It is a module of its own so that the
// library's go.mod keeps only its test dependencies.
package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/snakesladders/snakes"
	"github.com/snakesladders/snakes/web"
)

// browser finds Chromium, skipping the test when there is none and CI is
// unset (CI installs it: see .ci/run).
func browser(t *testing.T) string {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if path, err := exec.LookPath(name); err == nil {
			return path
		}
	}
	if os.Getenv("CI") == "" {
		t.Skip("no Chromium on this machine: apt-get update && apt-get install -y chromium (CI installs it)")
	}
	t.Fatal("no Chromium, and CI is set: .ci/run should have installed it")
	return ""
}

// expected is ExpectedTurns of board (JSON) under rules as the page shows
// it: four decimals.
func expected(t *testing.T, board string, rules snakes.Rules) string {
	b, err := snakes.ParseBoard([]byte(board))
	if err != nil {
		t.Fatal(err)
	}
	e, err := rules.ExpectedTurns(b)
	if err != nil {
		t.Fatal(err)
	}
	return fmt.Sprintf("%.4f", e)
}

// waitText waits until the element sel's text is want.
func waitText(sel, want string) chromedp.Action[chromedp.Void] {
	return waitFor(fmt.Sprintf(`document.querySelector(%q) && document.querySelector(%q).textContent === %q`, sel, sel, want))
}

// waitFor waits until the JavaScript expression is true.
func waitFor(expression string) chromedp.Action[chromedp.Void] {
	return chromedp.Poll[chromedp.Void](expression, chromedp.WithPollingTimeout(20*time.Second))
}

// TestPage opens the page on the classic board, adds a ladder by clicking,
// loads a board from a link, starts and cancels a design, and fails on any
// JavaScript error or console error. With SNAKES_SCREENSHOTS=1 it saves
// the page at desktop and phone widths under docs/.
func TestPage(t *testing.T) {
	exe := browser(t)
	srv := httptest.NewServer(web.NewHandler(web.Config{}))
	defer srv.Close()

	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(exe), chromedp.NoSandbox, chromedp.WindowSize(1280, 900))
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancelAlloc()
	ctx, cancel := chromedp.NewContext(actx)
	defer cancel()
	// The browser starts on the first call, whose context must have no
	// deadline; each step below has one.
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("starting %s: %v", exe, err)
	}
	var mu sync.Mutex
	var problems []string
	if err := chromedp.Listen(ctx, func(ev any) {
		mu.Lock()
		defer mu.Unlock()
		switch ev := ev.(type) {
		case *runtime.EventExceptionThrown:
			d := ev.ExceptionDetails
			problems = append(problems, fmt.Sprintf("exception at %s:%d: %s", d.URL, d.LineNumber+1, d.Text))
		case *runtime.EventConsoleAPICalled:
			if ev.Type == runtime.ConsoleAPICalledTypeError || ev.Type == runtime.ConsoleAPICalledTypeAssert {
				var args []string
				for _, a := range ev.Args {
					args = append(args, a.Description+string(a.Value))
				}
				problems = append(problems, "console error: "+strings.Join(args, " "))
			}
		}
	}); err != nil {
		t.Fatal(err)
	}
	step := func(what string, steps ...chromedp.Action[chromedp.Void]) {
		t.Helper()
		sctx, cancel := context.WithTimeout(ctx, time.Minute)
		defer cancel()
		if err := chromedp.Do(sctx, steps...); err != nil {
			t.Fatalf("%s: %v", what, err)
		}
	}

	classic := `{"size":10,"jumps":{"1":38,"4":14,"9":31,"16":6,"21":42,"28":84,"36":44,"47":26,"49":11,"51":67,"56":53,"62":19,"64":60,"71":91,"80":100,"87":24,"93":73,"95":75,"98":78}}`
	withLadder := strings.Replace(classic, `"1":38,`, `"1":38,"2":45,`, 1)
	offBoard := snakes.Rules{StartOffBoard: true}

	// The classic board, then a ladder from 2 to 45 by two clicks.
	step("adding a ladder",
		chromedp.Navigate(srv.URL+"/"),
		waitText("#expected", expected(t, classic, offBoard)),
		chromedp.Click(chromedp.CSS(`#board g[data-square="2"] rect`)),
		chromedp.Click(chromedp.CSS(`#board g[data-square="45"] rect`)),
		waitText("#expected", expected(t, withLadder, offBoard)),
	)
	shot(t, ctx, "web-desktop.png", 1280, 900)

	// Square effects placed by clicking: 5 gives another throw, 7 costs a
	// turn; the figures are the library's for the board with them.
	withAgain := strings.TrimSuffix(withLadder, "}") + `,"again":[5]}`
	withBoth := strings.TrimSuffix(withLadder, "}") + `,"again":[5],"miss":[7]}`
	step("placing square effects",
		chromedp.Click(chromedp.CSS(`input[name="tool"][value="again"]`)),
		chromedp.Click(chromedp.CSS(`#board g[data-square="5"] rect`)),
		waitText("#expected", expected(t, withAgain, offBoard)),
		chromedp.Click(chromedp.CSS(`input[name="tool"][value="miss"]`)),
		chromedp.Click(chromedp.CSS(`#board g[data-square="7"] rect`)),
		waitText("#expected", expected(t, withBoth, offBoard)),
		waitFor(`document.querySelectorAll('#board text.effect[data-effect="again"][data-square="5"]').length === 1 && document.querySelectorAll('#board text.effect[data-effect="miss"][data-square="7"]').length === 1`),
	)
	shot(t, ctx, "web-effects.png", 1280, 900)
	step("taking an effect away",
		chromedp.Click(chromedp.CSS(`#board g[data-square="7"] rect`)),
		waitText("#expected", expected(t, withAgain, offBoard)),
		chromedp.Click(chromedp.CSS(`input[name="tool"][value="jump"]`)),
	)

	// The heat map: the squares shaded by the turns that start on them.
	step("the heat map",
		chromedp.Click(chromedp.ID("heat")),
		waitFor(`[...document.querySelectorAll("#board rect")].some(r => r.getAttribute("fill").startsWith("rgb("))`),
	)
	shot(t, ctx, "web-heat.png", 1280, 900)

	// Best play on the classic board: snakes may be declined and a die of
	// 4 or 6 faces picked each turn. The figures are the library's; the
	// declined snakes are faded and each square takes its die's colour.
	bestChoice := snakes.Choice{DeclineSnakes: true, Faces: []int{4, 6}}
	best, err := offBoard.BestPlay(context.Background(), snakes.Classic(), bestChoice)
	if err != nil {
		t.Fatal(err)
	}
	random, _ := offBoard.ExpectedTurns(snakes.Classic())
	wins, err := best.WinChances(context.Background(), 2)
	if err != nil {
		t.Fatal(err)
	}
	declined, fours := 0, 0
	for v := 1; v < 100; v++ {
		if _, ok := snakes.Classic().Jump(v); ok && !best.Takes(v) {
			declined++
		}
		if best.Die(v) == 4 {
			fours++
		}
	}
	step("best play",
		chromedp.Navigate(srv.URL+"/"),
		waitText("#expected", expected(t, classic, offBoard)),
		chromedp.Click(chromedp.CSS(`#best input[name="declineSnakes"]`)),
		chromedp.SendKeys(chromedp.CSS(`#best input[name="faces"]`), "4,6"),
		chromedp.Click(chromedp.ID("best-show")),
		waitText("#best-turns", fmt.Sprintf("%.4f (random play %.4f)", best.ExpectedTurns(), random)),
		waitText("#best-wins", fmt.Sprintf("%.2f%%", 100*wins[0])),
		waitFor(fmt.Sprintf(`document.querySelectorAll("#board g.jump.declined").length === %d`, declined)),
		waitFor(fmt.Sprintf(`[...document.querySelectorAll("#board g.sq rect")].filter(r => r.getAttribute("fill") === "#dbeafe" && r.parentNode.dataset.square !== "0").length === %d`, fours)),
	)
	shot(t, ctx, "web-best.png", 1280, 900)
	step("a die that is not a number",
		chromedp.SetValue(chromedp.CSS(`#best input[name="faces"]`), "4,x"),
		chromedp.Evaluate[chromedp.Void](`document.getElementById("best").dispatchEvent(new Event("change"))`),
		waitFor(`!document.getElementById("best-error").hidden && document.getElementById("best-error").textContent.includes('"x" is not a whole number')`),
		waitFor(`document.querySelectorAll("#board g.jump.declined").length === 0`),
		chromedp.SetValue(chromedp.CSS(`#best input[name="faces"]`), "4,6"),
		chromedp.Evaluate[chromedp.Void](`document.getElementById("best").dispatchEvent(new Event("change"))`),
		waitText("#best-turns", fmt.Sprintf("%.4f (random play %.4f)", best.ExpectedTurns(), random)),
	)
	step("best play taken off the board",
		chromedp.Click(chromedp.ID("best-show")),
		waitFor(`document.querySelectorAll("#board g.jump.declined").length === 0`),
		waitFor(`document.getElementById("best-legend").hidden`),
	)

	// A board from a link: LeetCode's example under its rules.
	leet := `[[-1,-1,-1,-1,-1,-1],[-1,-1,-1,-1,-1,-1],[-1,-1,-1,-1,-1,-1],[-1,35,-1,-1,13,-1],[-1,-1,-1,-1,-1,-1],[-1,15,-1,-1,-1,-1]]`
	link := srv.URL + "/?board=" + url.QueryEscape(leet) + "&rules=" + url.QueryEscape("{}")
	step("a board from a link",
		chromedp.Navigate(link),
		waitText("#expected", expected(t, leet, snakes.Rules{})),
		waitText("#min-rolls", "4"),
		waitFor(`document.getElementById("size").value === "6"`), // the size box follows the board
		waitFor(`document.getElementById("path").textContent === `+strconv.Quote(pathText(t, leet))),
	)

	// Links whose board cannot be read, or is not a board, show why.
	for _, bad := range []struct{ board, says string }{
		{`[[-1,`, "not JSON"},
		{`{"size":3,"jumps":{"9":1}}`, "the last square cannot start a jump"},
	} {
		step("a link with a bad board",
			chromedp.Navigate(srv.URL+"/?board="+url.QueryEscape(bad.board)),
			waitFor(`!document.getElementById("error").hidden && document.getElementById("error").textContent.includes(`+strconv.Quote(bad.says)+`)`),
			waitFor(`document.getElementById("expected").textContent === "–"`),
		)
	}

	// A game that surely ends, in about 6⁴¹⁷ turns: its expectation is
	// not computed, and the page says so rather than "never finishes".
	long := map[string]int{}
	for s := 2; s < 50*50; s++ {
		if (s-1)%6 != 0 {
			long[strconv.Itoa(s)] = 1
		}
	}
	longJSON, _ := json.Marshal(map[string]any{"size": 50, "jumps": long})
	quick := httptest.NewServer(web.NewHandler(web.Config{Budget: time.Second}))
	defer quick.Close()
	step("figures not computed",
		chromedp.Navigate(quick.URL+"/?board="+url.QueryEscape(string(longJSON))+"&rules=%7B%7D"),
		waitText("#expected", "not computed"),
		waitFor(`document.getElementById("path").textContent.startsWith("Path (417 rolls): 1 → 7 → ") && document.getElementById("path").textContent.includes(" → … 400 squares … → ")`),
		waitFor(`document.querySelectorAll("#skipped li").length >= 1 && document.querySelector("#skipped li").textContent.includes("float64")`),
	)

	// A design that cannot meet its target, started and cancelled: on a
	// 40×40 board, whose search takes many seconds to stop coming closer.
	step("a design, cancelled",
		chromedp.SetValue(chromedp.ID("size"), "40"),
		chromedp.Click(chromedp.ID("preset-empty")),
		waitFor(`document.getElementById("path").textContent.startsWith("Path (267 rolls)")`),
		chromedp.SetValue(chromedp.CSS(`#design input[name="turns"]`), "1000"),
		chromedp.SetValue(chromedp.CSS(`#design input[name="ladders"]`), "1"),
		chromedp.SetValue(chromedp.CSS(`#design input[name="snakes"]`), "0"),
		chromedp.Click(chromedp.ID("design-start")),
		waitFor(`document.getElementById("design-status").textContent.startsWith("Closest so far")`),
		chromedp.Click(chromedp.ID("design-cancel")),
		waitText("#design-status", "Cancelled."),
	)

	// A seeded game of two players under Bump, thrown to its end: every
	// square shown and every player's odds are the library's, which throws
	// the n-th die of seed 7 from PCG(7, n) as the server does.
	step("a game to play",
		chromedp.Navigate(srv.URL+"/?seed=7"),
		waitText("#expected", expected(t, classic, offBoard)),
		chromedp.SetValue(chromedp.CSS(`#play input[name="names"]`), "Ana, Ben"),
		chromedp.Click(chromedp.CSS(`#play input[name="bump"]`)),
		chromedp.Click(chromedp.CSS(`#play input[name="animate"]`)),
		chromedp.Click(chromedp.ID("play-new")),
		waitFor(`document.getElementById("odds").dataset.odds !== undefined && document.getElementById("odds").dataset.odds !== ""`),
	)
	game, err := snakes.NewGame(snakes.Classic(), snakes.Rules{StartOffBoard: true, Bump: true}, 2)
	if err != nil {
		t.Fatal(err)
	}
	// playAlong throws on the page to the game's end, beside game thrown
	// as the server throws with seed, and checks every square and every
	// player's odds shown.
	playAlong := func(game *snakes.Game, seed uint64) {
		for n := 0; !game.Over(); n++ {
			step(fmt.Sprintf("throw %d", n+1),
				chromedp.Click(chromedp.ID("play-throw")),
				waitFor(fmt.Sprintf(`document.querySelectorAll("#play-log li").length >= %d && document.getElementById("board").dataset.squares !== ""`, n+1)),
			)
			if _, err := game.Throw(rand.New(rand.NewPCG(seed, uint64(n)))); err != nil {
				t.Fatal(err)
			}
			type shownGame struct{ Squares, Odds string }
			step("the throw shown", waitFor(`!document.getElementById("play-throw").disabled || document.querySelector("#play-log li.win") !== null`))
			shown, err := chromedp.Run(ctx, chromedp.Evaluate[shownGame](`({Squares: document.getElementById("board").dataset.squares, Odds: document.getElementById("odds").dataset.odds})`))
			if err != nil {
				t.Fatal(err)
			}
			wantSquares, _ := json.Marshal(game.Squares())
			if shown.Squares != string(wantSquares) {
				t.Fatalf("throw %d: the page shows squares %s, the library %s", n+1, shown.Squares, wantSquares)
			}
			if game.Winner() < 0 {
				odds, err := game.Odds()
				if err != nil {
					t.Fatal(err)
				}
				var got []float64
				if err := json.Unmarshal([]byte(shown.Odds), &got); err != nil || len(got) != game.Players() || math.Abs(got[0]-odds[0]) > 1e-12 {
					t.Fatalf("throw %d: the page shows odds %s, the library %v", n+1, shown.Odds, odds)
				}
			}
		}
	}
	playAlong(game, 7)
	winner := []string{"Ana", "Ben"}[game.Winner()]
	step("the winner", waitFor(`document.querySelector("#play-log li.win") !== null && document.querySelector("#play-log li.win").textContent.startsWith(`+strconv.Quote(winner+" wins")+`)`))
	shot(t, ctx, "web-play.png", 1280, 900)

	// A game on a board with square effects: throws that give another
	// throw keep the turn, and a square that costs a turn passes the
	// player over, as the library plays them; the log says so.
	effects := `{"size":6,"jumps":{"3":16,"8":22,"20":29,"27":5,"33":12,"35":18},"again":[6,14,25],"miss":[10,19,30]}`
	step("a game on a board with effects",
		chromedp.Navigate(srv.URL+"/?seed=1&board="+url.QueryEscape(effects)+"&rules=%7B%7D"),
		waitText("#expected", expected(t, effects, snakes.Rules{})),
		chromedp.Click(chromedp.CSS(`#play input[name="animate"]`)),
		chromedp.Click(chromedp.ID("play-new")),
		waitFor(`document.getElementById("odds").dataset.odds !== undefined && document.getElementById("odds").dataset.odds !== ""`),
	)
	eb, err := snakes.ParseBoard([]byte(effects))
	if err != nil {
		t.Fatal(err)
	}
	egame, err := snakes.NewGame(eb, snakes.Rules{}, 2)
	if err != nil {
		t.Fatal(err)
	}
	playAlong(egame, 1)
	said := map[snakes.Effect]string{snakes.ThrowAgain: "throws again", snakes.MissTurn: "misses the next turn"}
	moves := egame.Moves()
	passed := 0 // turns passed over: the gaps between the moves' turns
	for i, m := range moves {
		if text := said[m.Effect]; text != "" {
			step("the log says what a square did", waitFor(`[...document.querySelectorAll("#play-log li")].some(li => li.textContent.includes(`+strconv.Quote(text)+`))`))
		}
		if i > 0 {
			passed += max(m.Turn-moves[i-1].Turn-1, 0)
		}
	}
	if passed == 0 {
		t.Fatal("the game on a board with effects passed no turn over: choose another seed")
	}
	step("the log says each turn passed over", waitFor(fmt.Sprintf(`[...document.querySelectorAll("#play-log li")].filter(li => li.textContent.endsWith(" misses this turn")).length === %d`, passed)))

	// Three players played on until one is left: the log says who
	// finishes in which place, and the end lists every place, as the
	// library plays the game.
	// The board, the die, the Throw button and the odds all on the screen
	// while a game is played, at a laptop's size and a phone's.
	onScreen := waitFor(`["board", "die", "play-throw", "odds"].every(id => { const r = document.getElementById(id).getBoundingClientRect(); return r.height > 0 && r.top >= 0 && r.bottom <= innerHeight + 1 && r.right <= innerWidth + 1; })`)
	step("a game played on",
		chromedp.EmulateViewport(1366, 768),
		chromedp.Navigate(srv.URL+"/?seed=11"),
		waitText("#expected", expected(t, classic, offBoard)),
		chromedp.SetValue(chromedp.CSS(`#play select[name="players"]`), "3"),
		chromedp.Click(chromedp.CSS(`#play input[name="playOn"]`)),
		chromedp.Click(chromedp.CSS(`#play input[name="animate"]`)),
		chromedp.Click(chromedp.ID("play-new")),
		waitFor(`document.getElementById("odds").dataset.odds !== undefined && document.getElementById("odds").dataset.odds !== ""`),
		waitText("#turn", "Purple to throw"),
		onScreen,
	)
	pgame, err := snakes.NewGame(snakes.Classic(), snakes.Rules{StartOffBoard: true, PlayOn: true}, 3)
	if err != nil {
		t.Fatal(err)
	}
	playAlong(pgame, 11)
	names := []string{"Purple", "Orange", "Grey"}
	st := pgame.Standings()
	end := fmt.Sprintf("The game is over after %d throws: 1st %s, 2nd %s, 3rd %s.", len(pgame.Moves()), names[st[0]], names[st[1]], names[st[2]])
	saved, err := json.Marshal(pgame)
	if err != nil {
		t.Fatal(err)
	}
	var last struct{ Throws [][]int }
	if err := json.Unmarshal(saved, &last); err != nil {
		t.Fatal(err)
	}
	lastFaces := fmt.Sprint(last.Throws[len(last.Throws)-1][0])
	step("the places", waitFor(`document.querySelector("#play-log li.win") !== null && document.querySelector("#play-log li.win").textContent === `+strconv.Quote(end)),
		waitFor(`[...document.querySelectorAll("#play-log li")].filter(li => li.textContent.includes(", finishes 1st")).length === 1 && [...document.querySelectorAll("#play-log li")].filter(li => li.textContent.includes(", finishes 2nd")).length === 1`),
		waitText("#banner", fmt.Sprintf("1st %s · 2nd %s · 3rd %s", names[st[0]], names[st[1]], names[st[2]])),
		waitFor(`document.getElementById("die").dataset.faces === `+strconv.Quote(lastFaces)),
		onScreen,
	)
	shot(t, ctx, "web-playon.png", 1366, 768)

	// Reopened from its link on a phone: the log is rebuilt, a line a move
	// and the end, and the odds chart; Undo takes the last throw back as
	// the library does.
	gameLink, err := chromedp.Run(ctx, chromedp.Location())
	if err != nil {
		t.Fatal(err)
	}
	if err := pgame.Undo(); err != nil {
		t.Fatal(err)
	}
	wantSquares, _ := json.Marshal(pgame.Squares())
	step("a game reopened on a phone",
		chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2), chromedp.EmulateMobile),
		chromedp.Navigate(gameLink),
		waitFor(fmt.Sprintf(`document.querySelectorAll("#play-log li").length === %d && document.querySelector("#play-log li.win") !== null`, len(pgame.Moves())+2)),
		waitFor(`document.querySelectorAll("#odds-chart polyline").length === 3`), // the odds so far, rebuilt
		onScreen,
		chromedp.Click(chromedp.ID("play-undo")),
		waitFor(`document.getElementById("board").dataset.squares === `+strconv.Quote(string(wantSquares))+` && document.getElementById("banner").hidden && !document.getElementById("play-throw").disabled`),
		waitFor(fmt.Sprintf(`document.querySelectorAll("#play-log li").length === %d`, len(pgame.Moves()))),
	)
	shot(t, ctx, "web-phone-play.png", 390, 844)

	// Four players played on to the end on the phone, and three under Bump
	// on the laptop (their joint chain solved once, for the first throw,
	// and kept by the server): each throw as the library plays it, the
	// screen as above, the banner at the end.
	for _, g := range []struct {
		name          string
		players, seed int
		rules         snakes.Rules
		box           string
		width, height int64
	}{
		{"four played on, on a phone", 4, 5, snakes.Rules{StartOffBoard: true, PlayOn: true}, "playOn", 390, 844},
		{"three under Bump", 3, 6, snakes.Rules{StartOffBoard: true, Bump: true}, "bump", 1366, 768},
	} {
		viewport := chromedp.EmulateViewport(g.width, g.height)
		if g.width < 500 {
			viewport = chromedp.EmulateViewport(g.width, g.height, chromedp.EmulateScale(2), chromedp.EmulateMobile)
		}
		step(g.name,
			viewport,
			chromedp.Navigate(fmt.Sprintf("%s/?seed=%d", srv.URL, g.seed)),
			waitText("#expected", expected(t, classic, offBoard)),
			chromedp.SetValue(chromedp.CSS(`#play select[name="players"]`), strconv.Itoa(g.players)),
			chromedp.Click(chromedp.CSS(`#play input[name="`+g.box+`"]`)),
			chromedp.Click(chromedp.CSS(`#play input[name="animate"]`)),
			chromedp.Click(chromedp.ID("play-new")),
			waitFor(`document.getElementById("odds").dataset.odds !== undefined && document.getElementById("odds").dataset.odds !== ""`),
			onScreen,
		)
		game, err := snakes.NewGame(snakes.Classic(), g.rules, g.players)
		if err != nil {
			t.Fatal(err)
		}
		playAlong(game, uint64(g.seed))
		banner := names[game.Winner()] + " wins!"
		if g.rules.PlayOn {
			var parts []string
			for k, p := range game.Standings() {
				parts = append(parts, fmt.Sprintf("%s %s", []string{"1st", "2nd", "3rd", "4th"}[k], append(names, "Pink")[p]))
			}
			banner = strings.Join(parts, " · ")
		}
		step(g.name+": the end", waitText("#banner", banner), onScreen)
	}

	// The phone's width.
	step("at a phone's width",
		chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2), chromedp.EmulateMobile),
		chromedp.Navigate(srv.URL+"/"),
		waitText("#expected", expected(t, classic, offBoard)),
	)
	shot(t, ctx, "web-phone.png", 390, 844)

	mu.Lock()
	defer mu.Unlock()
	if len(problems) > 0 {
		t.Fatalf("the page reported:\n%s", strings.Join(problems, "\n"))
	}
}

// pathText is how the page shows the fewest-rolls path of board under the
// default rules, a short one whole: the squares each roll leaves the token
// on, after jumps.
func pathText(t *testing.T, board string) string {
	b, err := snakes.ParseBoard([]byte(board))
	if err != nil {
		t.Fatal(err)
	}
	path, ok := snakes.Rules{}.ShortestPath(b)
	if !ok || len(path) == 0 {
		t.Fatalf("no path on %s", board)
	}
	squares := []string{strconv.Itoa(path[0].From)}
	for _, m := range path {
		squares = append(squares, strconv.Itoa(m.To))
	}
	return fmt.Sprintf("Path (%d rolls): %s", len(path), strings.Join(squares, " → "))
}

// shot saves a screenshot of the whole page under docs/ when
// SNAKES_SCREENSHOTS is set, else in the test's temporary directory.
func shot(t *testing.T, ctx context.Context, name string, width, height int) {
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatalf("screenshot %s: %v", name, err)
	}
	dir := t.TempDir()
	if os.Getenv("SNAKES_SCREENSHOTS") != "" {
		dir = filepath.Join("..", "docs")
	}
	if err := os.WriteFile(filepath.Join(dir, name), png, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("%s: %d×%d, %d bytes", name, width, height, len(png))
}
