package web

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"io/fs"
	"math"
	"net/http"
	"net/http/httptest"
	"os"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/snakesladders/snakes"
)

// This file tests the API's answers against the library, its refusals of
// bad requests, the page offline, and the design stream.

func post(t *testing.T, url, body string) (*http.Response, []byte) {
	t.Helper()
	res, err := http.Post(url, "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	data, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return res, data
}

// TestReportEqualsLibrary: the API's report is the library's, byte for
// byte, whichever JSON form the board comes in.
func TestReportEqualsLibrary(t *testing.T) {
	srv := httptest.NewServer(NewHandler(Config{}))
	defer srv.Close()
	for _, tc := range []struct{ board, rules string }{
		{`{"size": 10, "jumps": {"1": 38, "16": 6, "80": 100, "98": 78}}`, `{"startOffBoard": true}`},
		{`[[-1,-1,-1,-1,-1,-1],[-1,-1,-1,-1,-1,-1],[-1,-1,-1,-1,-1,-1],[-1,35,-1,-1,13,-1],[-1,-1,-1,-1,-1,-1],[-1,15,-1,-1,-1,-1]]`, `{}`},
		{`{"size": 8, "jumps": {"5": 40, "60": 2}}`, `{"dice": 2, "overshoot": "bounce", "again": 12, "againLimit": 2}`},
	} {
		res, got := post(t, srv.URL+"/api/report", `{"board": `+tc.board+`, "rules": `+tc.rules+`}`)
		if res.StatusCode != http.StatusOK || res.Header.Get("Content-Type") != "application/json" {
			t.Fatalf("%s: status %d, %s", tc.board, res.StatusCode, got)
		}
		b, err := snakes.ParseBoard([]byte(tc.board))
		if err != nil {
			t.Fatal(err)
		}
		var r snakes.Rules
		if err := json.Unmarshal([]byte(tc.rules), &r); err != nil {
			t.Fatal(err)
		}
		want, err := reportJSON(context.Background(), b, r, "")
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Fatalf("%s: the API's report differs from the library's:\n%s\n%s", tc.board, got, want)
		}
		var fields struct {
			ExpectedTurns float64   `json:"expectedTurns"`
			Visits        []float64 `json:"visits"`
		}
		if err := json.Unmarshal(got, &fields); err != nil {
			t.Fatal(err)
		}
		e, err := r.ExpectedTurns(b)
		if err != nil || math.Abs(fields.ExpectedTurns-e) > 1e-9*e || len(fields.Visits) != b.Squares()+1 {
			t.Fatalf("%s: expectedTurns %v (library %v, %v), %d visits", tc.board, fields.ExpectedTurns, e, err, len(fields.Visits))
		}
	}
}

// TestBadRequests: every bad request gets its 4xx and a JSON error, and the
// server answers the next request.
func TestBadRequests(t *testing.T) {
	srv := httptest.NewServer(NewHandler(Config{}))
	defer srv.Close()
	huge := `{"board": {"size": 10, "jumps": {}}, "rules": {}, "pad": "` + strings.Repeat("x", 3<<20) + `"}`
	for _, tc := range []struct {
		method, path, body string
		code               int
		says               string
		header             []string // pairs of name and value, after Content-Type: application/json
	}{
		{"POST", "/api/report", `{"board": [[-1,`, 400, "invalid JSON", nil},
		{"POST", "/api/report", `{"board": [[-1,-1],[-1]]}`, 400, "row 1 has 1 cell", nil},
		{"POST", "/api/report", `{"board":{"size":46340}}`, 400, "over the limit", nil},
		{"POST", "/api/report", `{"rules": {}}`, 400, "no board", nil},
		{"POST", "/api/report", `{"board": [[-1,-1],[-1,-1]], "rules": {"faces": -3}}`, 400, "Faces is -3", nil},
		{"POST", "/api/report", `{"board": [[-1,-1],[-1,-1]], "rules": {"overshoot": "sideways"}}`, 400, "sideways", nil},
		{"POST", "/api/report", `{"board": [[-1,-1],[-1,-1]], "rules": {"enter": 13}}`, 400, "Enter is 13", nil},
		{"POST", "/api/report", huge, 413, "over 1048576 bytes", nil},
		{"GET", "/api/report", "", 405, "use POST", nil},
		{"PUT", "/api/design", `{}`, 405, "use POST", nil},
		{"POST", "/", "", 405, "use GET", nil},
		{"GET", "/api/nothing", "", 404, "no such API", nil},
		{"GET", "/nothing.js", "", 404, "no such page", nil},
		{"POST", "/api/design", `{"size": 1, "ladders": 1, "turns": 5}`, 400, "Size is 1", nil},
		{"POST", "/api/design", `{"size": 600, "turns": 5}`, 400, "over the server's bound", nil},
		{"POST", "/api/design", `{"size": 10,`, 400, "invalid JSON", nil},
		// A misspelt field anywhere is an error, not a rule left out.
		{"POST", "/api/report", `{"board": [[-1,-1],[-1,-1]], "rules": {"face": 3}}`, 400, `unknown field "face"`, nil},
		{"POST", "/api/report", `{"board": [[-1,-1],[-1,-1]], "rule": {}}`, 400, `unknown field "rule"`, nil},
		{"POST", "/api/design", `{"size": 8, "ladder": 3, "turns": 20}`, 400, `unknown field "ladder"`, nil},
		{"POST", "/api/design", `{"size": 8, "turns": 20, "rules": {"faces": 6, "sides": 8}}`, 400, `unknown field "sides"`, nil},
		{"POST", "/api/report", `{"board": [[-1,-1],[-1,-1]]} {}`, 400, "more after the JSON value", nil},
		// Names match as spelt, once: the json package alone would take
		// "FACES" for "faces" and the last of two keys.
		{"POST", "/api/report", `{"board": [[-1,-1],[-1,-1]], "rules": {"FACES": 3}}`, 400, `JSON key "FACES": the field is "faces"`, nil},
		{"POST", "/api/report", `{"Board": [[-1,-1],[-1,-1]]}`, 400, `JSON key "Board": the field is "board"`, nil},
		{"POST", "/api/report", `{"board": [[-1,-1],[-1,-1]], "board": {"size": 3}}`, 400, `JSON key "board" is given twice`, nil},
		{"POST", "/api/report", `{"board": {"size": 3, "jumps": {"2": 8, "2": 5}}}`, 400, `JSON key "board.jumps.2" is given twice`, nil},
		{"POST", "/api/design", `{"Size": 8, "turns": 20}`, 400, `JSON key "Size": the field is "size"`, nil},
		{"POST", "/api/play", `{"game": {"board": {"size": 3}, "rules": {}, "players": 2, "throws": [], "players": 3}}`, 400, `JSON key "game.players" is given twice`, nil},
		// What a page on another site can make a browser send.
		{"POST", "/api/report", `{"board": [[-1,-1],[-1,-1]]}`, 415, "Content-Type: application/json", []string{"Content-Type", "text/plain"}},
		{"POST", "/api/design", `{"size": 8, "turns": 20}`, 415, "application/x-www-form-urlencoded", []string{"Content-Type", "application/x-www-form-urlencoded"}},
		{"POST", "/api/report", `{"board": [[-1,-1],[-1,-1]]}`, 403, "another site", []string{"Origin", "http://evil.example"}},
		{"POST", "/api/report", `{"board": [[-1,-1],[-1,-1]]}`, 403, "another site", []string{"Sec-Fetch-Site", "cross-site"}},
		{"POST", "/api/report", `{"board": [[-1,-1],[-1,-1]]}`, 421, `"rebound.example:80"`, []string{"Host", "rebound.example:80"}},
		{"GET", "/", "", 421, `"rebound.example"`, []string{"Host", "rebound.example"}},
	} {
		req, err := http.NewRequest(tc.method, srv.URL+tc.path, strings.NewReader(tc.body))
		if err != nil {
			t.Fatal(err)
		}
		if tc.method == "POST" {
			req.Header.Set("Content-Type", "application/json")
		}
		for i := 0; i+1 < len(tc.header); i += 2 {
			if tc.header[i] == "Host" {
				req.Host = tc.header[i+1]
			} else {
				req.Header.Set(tc.header[i], tc.header[i+1])
			}
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		var body struct{ Error string }
		err = json.NewDecoder(res.Body).Decode(&body)
		res.Body.Close()
		if res.StatusCode != tc.code || err != nil || !strings.Contains(body.Error, tc.says) {
			t.Errorf("%s %s %.40q: status %d, error %q (%v); want %d saying %q", tc.method, tc.path, tc.body, res.StatusCode, body.Error, err, tc.code, tc.says)
		}
	}
	// Nothing outside the embedded files is served.
	for _, path := range []string{"/../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/static/../../go.mod", "/web.go"} {
		res, err := http.Get(srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		data, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode == http.StatusOK || bytes.Contains(data, []byte("root:")) || bytes.Contains(data, []byte("package web")) {
			t.Errorf("GET %s: status %d, %.60q", path, res.StatusCode, data)
		}
	}
	if res, _ := post(t, srv.URL+"/api/report", `{"board": [[-1,-1],[-1,-1]]}`); res.StatusCode != 200 {
		t.Fatalf("after the bad requests: status %d", res.StatusCode)
	}
}

// TestPageOffline: the page, its script and its style are served with the
// Content-Security-Policy, and none of them names another host.
func TestPageOffline(t *testing.T) {
	srv := httptest.NewServer(NewHandler(Config{}))
	defer srv.Close()
	for _, path := range []string{"/", "/app.js", "/style.css"} {
		res, err := http.Get(srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != 200 || !strings.Contains(res.Header.Get("Content-Security-Policy"), "default-src 'self'") {
			t.Errorf("GET %s: status %d, CSP %q", path, res.StatusCode, res.Header.Get("Content-Security-Policy"))
		}
	}
	// A reference to another host: a URL in src, href, url() or fetch.
	other := regexp.MustCompile(`(src|href)\s*=\s*["']?(https?:)?//|url\(\s*["']?(https?:)?//|fetch\(\s*["'](https?:)?//|@import`)
	fs.WalkDir(static, "static", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, _ := static.ReadFile(path)
		if loc := other.FindIndex(data); loc != nil {
			t.Errorf("%s names another host: %q", path, data[loc[0]:min(loc[1]+40, len(data))])
		}
		return nil
	})
}

// events reads a server-sent event stream until it ends or stop says so.
func events(r io.Reader, each func(name string, data []byte) (stop bool)) {
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, 16<<20)
	var name string
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "event: "):
			name = line[len("event: "):]
		case strings.HasPrefix(line, "data: "):
			if each(name, []byte(line[len("data: "):])) {
				return
			}
		}
	}
}

// TestDesignStream: a design streams its progress and ends with a report of
// a board that meets the spec.
func TestDesignStream(t *testing.T) {
	srv := httptest.NewServer(NewHandler(Config{}))
	defer srv.Close()
	res, err := http.Post(srv.URL+"/api/design", "application/json", strings.NewReader(`{"size": 8, "ladders": 3, "snakes": 3, "turns": 20, "tolerance": 0.01, "seed": 7}`))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if res.StatusCode != 200 || res.Header.Get("Content-Type") != "text/event-stream" {
		t.Fatalf("status %d, %s", res.StatusCode, res.Header.Get("Content-Type"))
	}
	var names []string
	var report struct {
		Board         json.RawMessage `json:"board"`
		ExpectedTurns float64         `json:"expectedTurns"`
		Error         string          `json:"error"`
	}
	events(res.Body, func(name string, data []byte) bool {
		names = append(names, name)
		if name == "report" {
			if err := json.Unmarshal(data, &report); err != nil {
				t.Fatal(err)
			}
		}
		return false
	})
	if len(names) == 0 || names[len(names)-1] != "report" || report.Error != "" {
		t.Fatalf("events %v, report error %q", names, report.Error)
	}
	b, err := snakes.ParseBoard(report.Board)
	if err != nil {
		t.Fatal(err)
	}
	e, err := snakes.Rules{}.ExpectedTurns(b)
	if err != nil || math.Abs(e-20) > 0.01 || math.Abs(report.ExpectedTurns-e) > 1e-8 {
		t.Fatalf("designed board: ExpectedTurns %v, %v; reported %v", e, err, report.ExpectedTurns)
	}
}

// TestDesignCancel: a client that goes away stops its design, and the
// server's only worker is free again at once.
func TestDesignCancel(t *testing.T) {
	srv := httptest.NewServer(NewHandler(Config{Workers: 1, Budget: 30 * time.Second}))
	defer srv.Close()
	ctx, cancel := context.WithCancel(context.Background())
	// An unreachable target: the search would run for the whole budget.
	req, _ := http.NewRequestWithContext(ctx, "POST", srv.URL+"/api/design", strings.NewReader(`{"size": 10, "ladders": 1, "snakes": 0, "turns": 1000}`))
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	events(res.Body, func(name string, _ []byte) bool { return name == "progress" })
	cancel()
	res.Body.Close()
	start := time.Now()
	if res, _ := post(t, srv.URL+"/api/report", `{"board": [[-1,-1],[-1,-1]]}`); res.StatusCode != 200 {
		t.Fatalf("after a cancelled design: status %d", res.StatusCode)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Fatalf("the worker came back after %v", d)
	}
}

// TestDesignWithinBudget: a design whose target no board meets stops
// searching in time for the closest board's report, and the whole request,
// report included, ends within its budget, plus a second of slack for a
// loaded machine (a report with a budget of its own after the search's
// would take some 50% past it).
func TestDesignWithinBudget(t *testing.T) {
	const budget = 2 * time.Second
	srv := httptest.NewServer(NewHandler(Config{Budget: budget}))
	defer srv.Close()
	start := time.Now()
	res, err := http.Post(srv.URL+"/api/design", "application/json", strings.NewReader(`{"size": 100, "ladders": 30, "snakes": 30, "turns": 100000, "rules": {"overshoot": "bounce"}}`))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var last string
	var report struct {
		Error string `json:"error"`
	}
	events(res.Body, func(name string, data []byte) bool {
		last = name
		if name == "report" {
			json.Unmarshal(data, &report)
		}
		return false
	})
	took := time.Since(start)
	if last != "report" || !strings.Contains(report.Error, "the closest found") {
		t.Errorf("last event %q, report error %q; want the closest board's report", last, report.Error)
	}
	if took > budget+slack {
		t.Errorf("the design took %v with a budget of %v", took, budget)
	}
}

// TestBusy: with every worker taken, a request waits for one until its
// budget ends, then gets 503.
func TestBusy(t *testing.T) {
	srv := httptest.NewServer(NewHandler(Config{Workers: 1, Budget: 300 * time.Millisecond}))
	defer srv.Close()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "POST", srv.URL+"/api/design", strings.NewReader(`{"size": 10, "ladders": 1, "snakes": 0, "turns": 1000}`))
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	events(res.Body, func(name string, _ []byte) bool { return name == "progress" }) // the worker is taken
	r2, body := post(t, srv.URL+"/api/report", `{"board": [[-1,-1],[-1,-1]]}`)
	if r2.StatusCode != http.StatusServiceUnavailable && r2.StatusCode != http.StatusOK {
		t.Fatalf("status %d, %s", r2.StatusCode, body)
	}
}

// TestLoad sends 400 reports of the classic board, 100 at a time, and
// checks that every one is answered within the budget; it logs the
// latencies and the peak heap for docs/web.md. It runs only when asked,
// with SNAKES_LOAD=1: it is a measurement, not a check of behaviour.
func TestLoad(t *testing.T) {
	if os.Getenv("SNAKES_LOAD") == "" {
		t.Skip("a load test: run with SNAKES_LOAD=1")
	}
	srv := httptest.NewServer(NewHandler(Config{Budget: 20 * time.Second}))
	defer srv.Close()
	const requests, concurrent = 400, 100
	body := `{"board": {"size": 10, "jumps": {"1": 38, "4": 14, "9": 31, "16": 6, "21": 42, "28": 84, "36": 44, "47": 26, "49": 11, "51": 67, "56": 53, "62": 19, "64": 60, "71": 91, "80": 100, "87": 24, "93": 73, "95": 75, "98": 78}}, "rules": {"startOffBoard": true}}`
	stop := make(chan struct{})
	peaks := heapPeak(stop)
	latencies := make([]time.Duration, requests)
	var wg sync.WaitGroup
	sem := make(chan struct{}, concurrent)
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: concurrent}}
	start := time.Now()
	for i := range requests {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			t0 := time.Now()
			res, err := client.Post(srv.URL+"/api/report", "application/json", strings.NewReader(body))
			if err != nil {
				t.Error(err)
				return
			}
			io.Copy(io.Discard, res.Body)
			res.Body.Close()
			if res.StatusCode != 200 {
				t.Errorf("request %d: status %d", i, res.StatusCode)
			}
			latencies[i] = time.Since(t0)
		}()
	}
	wg.Wait()
	total := time.Since(start)
	close(stop)
	peak := <-peaks
	slices.Sort(latencies)
	at := func(q float64) time.Duration { return latencies[int(q*float64(requests-1))] }
	t.Logf("%d reports, %d at a time, GOMAXPROCS %d: %v in all (%.0f/s); latency p50 %v, p90 %v, p99 %v, max %v; peak heap in use %.1f MiB",
		requests, concurrent, runtime.GOMAXPROCS(0), total.Round(time.Millisecond), requests/total.Seconds(),
		at(0.5).Round(time.Millisecond), at(0.9).Round(time.Millisecond), at(0.99).Round(time.Millisecond), latencies[requests-1].Round(time.Millisecond), float64(peak)/(1<<20))
	if latencies[requests-1] > 20*time.Second {
		t.Fatalf("slowest answer %v, over the budget", latencies[requests-1])
	}
}
