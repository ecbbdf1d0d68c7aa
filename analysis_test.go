package snakes

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"runtime"
	"sync"
	"testing"
	"time"

	"pgregory.net/rapid"

	"github.com/snakesladders/snakes/internal/boards"
	"github.com/snakesladders/snakes/internal/model"
)

// This file tests Analysis: its answers against the Rules methods', what
// it keeps when cancelled, concurrent use, cancellation within 50 ms, and
// the memory it gives back.

// TestPropertyAnalysisAsRules asks an Analysis every question in a drawn
// order, some twice, on random boards under every rule set, house rules
// included, and compares each answer, error or not, with the Rules method
// of the same name on the same board: the shared solve must answer exactly
// as a fresh one, whatever was asked before.
func TestPropertyAnalysisAsRules(t *testing.T) {
	t.Parallel()
	rapid.Check(t, func(t *rapid.T) {
		grid := genGrid(2, 7).Draw(t, "grid")
		r := genHouse().Draw(t, "rules").rules()
		b, err := NewBoard(grid)
		if err != nil {
			t.Fatal(err)
		}
		ctx := context.Background()
		a, err := r.Analyze(ctx, b)
		if err != nil {
			t.Fatal(err)
		}
		g, _ := r.game(b)
		squares := rapid.SliceOfN(rapid.IntRange(int(g.Start), int(g.Last)), 1, 3).Draw(t, "squares")
		q := rapid.SampledFrom([]float64{0.1, 0.5, 0.9, 1}).Draw(t, "q")
		questions := []struct {
			name       string
			got, fresh func() (any, error)
		}{
			{"ExpectedTurns", func() (any, error) { return a.ExpectedTurns(ctx) }, func() (any, error) { return r.ExpectedTurns(b) }},
			{"ExpectedFrom", func() (any, error) { return a.ExpectedFrom(ctx) }, func() (any, error) { return r.ExpectedFrom(b) }},
			{"Variance", func() (any, error) { return a.Variance(ctx) }, func() (any, error) { return r.Variance(b) }},
			{"Visits", func() (any, error) { return a.Visits(ctx) }, func() (any, error) { return r.Visits(b) }},
			{"Jumps", func() (any, error) { return a.Jumps(ctx) }, func() (any, error) { return r.Jumps(b) }},
			{"LengthDistribution", func() (any, error) { return a.LengthDistribution(ctx, 30) }, func() (any, error) { return r.LengthDistribution(b, 30) }},
			{"Quantile", func() (any, error) { return a.Quantile(ctx, q) }, func() (any, error) { return r.Quantile(b, q) }},
			{"ModeTurns", func() (any, error) { return a.ModeTurns(ctx) }, func() (any, error) { return r.ModeTurns(b) }},
			{"WinChances", func() (any, error) { return a.WinChances(ctx, 2) }, func() (any, error) { return r.WinChances(b, 2) }},
			{"WinChancesFrom", func() (any, error) { return a.WinChancesFrom(ctx, squares) }, func() (any, error) { return r.WinChancesFrom(b, squares) }},
		}
		order := rapid.SliceOfN(rapid.IntRange(0, len(questions)-1), len(questions), 2*len(questions)).Draw(t, "order")
		for _, i := range order {
			qu := questions[i]
			got, gerr := qu.got()
			want, werr := qu.fresh()
			if (gerr == nil) != (werr == nil) || gerr != nil && gerr.Error() != werr.Error() {
				t.Fatalf("%s: Analysis error %v, Rules error %v", qu.name, gerr, werr)
			}
			if gerr == nil && !reflect.DeepEqual(got, want) {
				t.Fatalf("%s: Analysis %v, Rules %v", qu.name, got, want)
			}
		}
	})
}

// TestAnalysisKeepsNothingCancelled: a call whose context is already done
// returns its error and keeps nothing, so that the next call answers.
func TestAnalysisKeepsNothingCancelled(t *testing.T) {
	t.Parallel()
	r := Rules{StartOffBoard: true}
	a, err := r.Analyze(context.Background(), Classic())
	if err != nil {
		t.Fatal(err)
	}
	done, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := a.Variance(done); !errors.Is(err, context.Canceled) {
		t.Fatalf("Variance on a cancelled context: %v", err)
	}
	v, err := a.Variance(context.Background())
	want, werr := r.Variance(Classic())
	if err != nil || werr != nil || v != want {
		t.Fatalf("Variance after a cancelled call: %v, %v; want %v, %v", v, err, want, werr)
	}
	if _, err := r.Analyze(done, Classic()); !errors.Is(err, context.Canceled) {
		t.Fatalf("Analyze on a cancelled context: %v", err)
	}
	if _, err := (Rules{Faces: -1}).Analyze(context.Background(), Classic()); !errors.Is(err, ErrInvalidRules) {
		t.Fatalf("Analyze with Faces -1: %v", err)
	}
	if _, err := r.Analyze(context.Background(), nil); !errors.Is(err, ErrInvalidBoard) {
		t.Fatalf("Analyze of a nil board: %v", err)
	}
}

// TestAnalysisConcurrent asks one Analysis from several goroutines at once
// (under -race too): every answer is the Rules method's.
func TestAnalysisConcurrent(t *testing.T) {
	t.Parallel()
	r, b := Rules{}, mustBoard(t, randomGrid(20, 0.1, 1))
	a, err := r.Analyze(context.Background(), b)
	if err != nil {
		t.Fatal(err)
	}
	wantV, _ := r.Variance(b)
	wantJ, _ := r.Jumps(b)
	wantW, _ := r.WinChances(b, 3)
	var wg sync.WaitGroup
	errs := make(chan error, 12)
	for i := range 12 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ctx := context.Background()
			switch i % 3 {
			case 0:
				if v, err := a.Variance(ctx); err != nil || v != wantV {
					errs <- fmt.Errorf("Variance %v, %v; want %v", v, err, wantV)
				}
			case 1:
				if j, err := a.Jumps(ctx); err != nil || !reflect.DeepEqual(j, wantJ) {
					errs <- fmt.Errorf("Jumps differ: %v", err)
				}
			default:
				if w, err := a.WinChances(ctx, 3); err != nil || !reflect.DeepEqual(w, wantW) {
					errs <- fmt.Errorf("WinChances %v, %v; want %v", w, err, wantW)
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

// TestCancelWithin50ms cancels calls that take far longer than the test
// after 20 ms, on boards the server accepts, and checks that each returns
// within 50 ms of the cancellation (250 ms under the race detector) with
// an error wrapping the context's. A call late once is tried again: a
// loop that overruns does so every time, while a pause of the machine's
// (a shared two-core machine stalls for tens of milliseconds now and
// then) does not come twice running.
func TestCancelWithin50ms(t *testing.T) {
	if testing.Short() {
		t.Skip("builds boards of 10⁵ squares")
	}
	big := mustBoard(t, randomGrid(316, 0.01, 1))
	british := Rules{Enter: 6, Again: 6, AgainLimit: 3}
	cases := []struct {
		name string
		r    Rules
		b    *Board
		call func(ctx context.Context, a *Analysis) error
	}{
		{"ExpectedTurns/316x316", Rules{}, big, func(ctx context.Context, a *Analysis) error { _, err := a.ExpectedTurns(ctx); return err }},
		{"ExpectedTurns/316x316/british", british, big, func(ctx context.Context, a *Analysis) error { _, err := a.ExpectedTurns(ctx); return err }},
		{"ExpectedFrom/316x316", Rules{}, big, func(ctx context.Context, a *Analysis) error { _, err := a.ExpectedFrom(ctx); return err }},
		{"Variance/316x316", Rules{}, big, func(ctx context.Context, a *Analysis) error { _, err := a.Variance(ctx); return err }},
		{"Visits/316x316", Rules{}, big, func(ctx context.Context, a *Analysis) error { _, err := a.Visits(ctx); return err }},
		{"Jumps/316x316", Rules{}, big, func(ctx context.Context, a *Analysis) error { _, err := a.Jumps(ctx); return err }},
		{"LengthDistribution/316x316", Rules{}, big, func(ctx context.Context, a *Analysis) error {
			_, err := a.LengthDistribution(ctx, 1<<20)
			return err
		}},
		{"Quantile/316x316", Rules{}, big, func(ctx context.Context, a *Analysis) error { _, err := a.Quantile(ctx, 0.99); return err }},
		{"ModeTurns/316x316", Rules{}, big, func(ctx context.Context, a *Analysis) error { _, err := a.ModeTurns(ctx); return err }},
		{"WinChances/316x316", Rules{}, big, func(ctx context.Context, a *Analysis) error { _, err := a.WinChances(ctx, 4); return err }},
		// A fair die's walks by intervals, a loaded die's over its turns.
		{"LengthDistribution/316x316/65536 faces", Rules{Faces: 65536, Overshoot: Bounce}, big, func(ctx context.Context, a *Analysis) error {
			_, err := a.LengthDistribution(ctx, 1<<20)
			return err
		}},
		{"WinChances/316x316/65536 faces", Rules{Faces: 65536}, big, func(ctx context.Context, a *Analysis) error { _, err := a.WinChances(ctx, 2); return err }},
		// Past the default bound the board's price refuses it in about
		// 25 ms: a higher one lets the walk run.
		{"ModeTurns/316x316/loaded", Rules{Weights: boards.Loaded(300)}.WithMaxWork(1 << 40), big, func(ctx context.Context, a *Analysis) error { _, err := a.ModeTurns(ctx); return err }},
		{"Report/316x316", Rules{}, big, func(ctx context.Context, a *Analysis) error {
			rep, err := a.r.ReportContext(ctx, a.b, nil)
			if err == nil && len(rep.Skipped) == 0 {
				return errors.New("a report of every figure within 20 ms")
			}
			if err == nil {
				return ctx.Err()
			}
			return err
		}},
	}
	// The race detector slows every loop between two looks at the
	// context some five times.
	limit := 50 * time.Millisecond
	if raceEnabled {
		limit = 250 * time.Millisecond
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var lates []time.Duration
			for len(lates) < 2 {
				a, err := tc.r.Analyze(context.Background(), tc.b)
				if err != nil {
					t.Fatal(err)
				}
				ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
				err = tc.call(ctx, a)
				late := time.Since(deadline(ctx))
				cancel()
				if !errors.Is(err, context.DeadlineExceeded) {
					t.Fatalf("error %v, want one wrapping context.DeadlineExceeded", err)
				}
				if lates = append(lates, late); late <= limit {
					return
				}
			}
			t.Errorf("returned %v and %v after the deadline, want within %v", lates[0], lates[1], limit)
		})
	}
}

func deadline(ctx context.Context) time.Time {
	d, _ := ctx.Deadline()
	return d
}

// TestAnalysisRefusesAsRules: a game whose turns fit the work bound but
// whose insights' classification does not is refused by an Analysis with
// the Rules methods' error, for the insights and for a race's bound alike.
func TestAnalysisRefusesAsRules(t *testing.T) {
	t.Parallel()
	b := Classic()
	r := tuned(Rules{StartOffBoard: true}, func(l *model.Limits) { l.Work = 1000 }) // turns 606 steps, classifying 2424
	_, want := r.ExpectedFrom(b)
	if !errors.Is(want, ErrTooLarge) {
		t.Fatalf("Rules.ExpectedFrom: %v, want ErrTooLarge", want)
	}
	a, err := r.Analyze(context.Background(), b)
	if err != nil {
		t.Fatal(err)
	}
	if _, got := a.ExpectedFrom(context.Background()); got == nil || got.Error() != want.Error() {
		t.Fatalf("Analysis.ExpectedFrom: %v, want %v", got, want)
	}
	if _, got := a.Variance(context.Background()); got == nil || got.Error() != want.Error() {
		t.Fatalf("Analysis.Variance: %v, want %v", got, want)
	}
	// Past the memory bound, each figure names what the Rules method names.
	huge, hb := Rules{Dice: 2, Faces: 2048}, mustJumps(t, 1000, nil)
	ha, err := huge.Analyze(context.Background(), hb)
	if err != nil {
		t.Fatal(err)
	}
	_, wantWalk := huge.LengthDistribution(hb, 10)
	_, gotWalk := ha.LengthDistribution(context.Background(), 10)
	_, wantFrom := huge.ExpectedFrom(hb)
	_, gotFrom := ha.ExpectedFrom(context.Background())
	if !errors.Is(wantWalk, ErrTooLarge) || gotWalk == nil || gotWalk.Error() != wantWalk.Error() ||
		!errors.Is(wantFrom, ErrTooLarge) || gotFrom == nil || gotFrom.Error() != wantFrom.Error() {
		t.Fatalf("LengthDistribution: %v, want %v\nExpectedFrom: %v, want %v", gotWalk, wantWalk, gotFrom, wantFrom)
	}
}

// TestAnalysesGiveMemoryBack makes Analyses of the classic board one after
// another, as a server makes one a request, each asked the five insights
// and dropped: once collected, they must hold nothing, whatever the count
// made. (Tables that a cleanup hands to a pool stay live through the
// collection that finds their Analysis unreachable.)
func TestAnalysesGiveMemoryBack(t *testing.T) {
	// Not parallel: the heap is the process's, and the parallel tests wait
	// for this one.
	ctx := context.Background()
	r, b := Rules{StartOffBoard: true}, Classic()
	var ms runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&ms)
	before := ms.HeapAlloc
	const made = 3000
	for range made {
		a, err := r.Analyze(ctx, b)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := a.ExpectedFrom(ctx); err != nil {
			t.Fatal(err)
		}
		a.Variance(ctx)
		a.Visits(ctx)
		if _, err := a.Jumps(ctx); err != nil {
			t.Fatal(err)
		}
	}
	runtime.GC()
	runtime.ReadMemStats(&ms)
	held := int64(ms.HeapAlloc) - int64(before)
	t.Logf("held after a collection: %d KiB", held>>10)
	// One Analysis allocates 36 KB: 3000 held would be 108 MB.
	if held > 4<<20 {
		t.Errorf("%d MiB more heap after a collection than before %d Analyses made and dropped one after another", held>>20, made)
	}
}

// TestAnalysisMemoryPerFigure: an Analysis under a small memory bound
// answers figure after figure, each new argument a figure of its own
// (lengths, quantiles, races from other squares), as the Rules methods
// do: each figure's tables count against the bound together, and those
// earlier figures left behind are not counted again, nor are a figure's
// passing tables (once, they piled up until the 16th length was refused).
func TestAnalysisMemoryPerFigure(t *testing.T) {
	t.Parallel()
	r := Rules{}.WithMaxBytes(400 << 10)
	b := mustBoard(t, randomGrid(30, 0.1, 1))
	a, err := r.Analyze(t.Context(), b)
	if err != nil {
		t.Fatal(err)
	}
	for i := range 40 {
		if _, err := a.LengthDistribution(t.Context(), 50+i); err != nil {
			t.Fatalf("LengthDistribution(%d): %v", 50+i, err)
		}
		if _, err := a.Quantile(t.Context(), 0.5+float64(i)/100); err != nil {
			t.Fatalf("Quantile(%v): %v", 0.5+float64(i)/100, err)
		}
		if _, err := a.WinChancesFrom(t.Context(), []int{1 + i, 2 + i}); err != nil {
			t.Fatalf("WinChancesFrom(%d, %d): %v", 1+i, 2+i, err)
		}
	}
	if _, err := a.ExpectedFrom(t.Context()); err != nil {
		t.Fatalf("ExpectedFrom after them: %v", err)
	}
}
