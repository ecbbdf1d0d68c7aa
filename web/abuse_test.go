package web

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// This file sends the server the requests of an adversary (long games,
// huge dice, clients that do not read, slow bodies, bursts) and asserts
// each one's status, time and memory.

// snakesBoard is the JSON of an n×n board with a snake down from every
// step-th square, in the object form.
func snakesBoard(n, step int) string {
	var jumps []string
	for s := step; s < n*n; s += step {
		jumps = append(jumps, fmt.Sprintf(`"%d": %d`, s, s/2+1))
	}
	return fmt.Sprintf(`{"size": %d, "jumps": {%s}}`, n, strings.Join(jumps, ", "))
}

// heapPeak samples the heap in use until stop is closed and returns the
// highest seen.
func heapPeak(stop <-chan struct{}) <-chan uint64 {
	out := make(chan uint64, 1)
	go func() {
		var peak uint64
		var m runtime.MemStats
		for {
			runtime.ReadMemStats(&m)
			peak = max(peak, m.HeapInuse)
			select {
			case <-stop:
				out <- peak
				return
			case <-time.After(10 * time.Millisecond):
			}
		}
	}()
	return out
}

// TestAbusiveRequests sends the requests that once held a worker for
// minutes or took gigabytes, and asserts that each ends within the budget
// plus a second (slack), with the status expected, and that the heap stays within
// a few of the server's memory bounds.
func TestAbusiveRequests(t *testing.T) {
	const budget, memory = time.Second, 128 << 20
	srv := httptest.NewServer(NewHandler(Config{Budget: budget, MaxMemory: memory}))
	defer srv.Close()
	loaded := `"weights": [1, 1, 1, 1, 1, 30]`
	for _, tc := range []struct {
		name, path, body string
		code             int
		says             string
	}{
		{"Again without end", "/api/report", `{"board":{"size":100},"rules":{"faces":65536,"again":1,"againLimit":64,"onLimit":"start"}}`, 422, "over the bound of"},
		// A fair die's walks go by intervals, in the squares' memory: the
		// report has the figures the budget left time for.
		{"a die of 65536 faces", "/api/report", `{"board":{"size":500},"rules":{"faces":65536}}`, 200, `"finishes":true`},
		{"a bouncing die of 65536 faces", "/api/report", `{"board":{"size":100},"rules":{"faces":65536,"overshoot":"bounce"}}`, 200, `"finishes":true`},
		{"249 snakes under a loaded die", "/api/report", `{"board":` + snakesBoard(500, 1000) + `,"rules":{` + loaded + `}}`, 200, ""},
		// A game's board is bounded before it is built: 81 bytes would
		// otherwise take gigabytes, or the process.
		{"a game on a board of 2·10⁹ squares", "/api/play", `{"game":{"board":{"size":46340},"rules":{},"players":2,"throws":[]},"throw":true}`, 400, "over the limit of 250000"},
		{"a game on a board of 4·10⁸ squares", "/api/play", `{"game":{"board":{"size":20000},"rules":{},"players":2,"throws":[]},"throw":true}`, 400, "over the limit of 250000"},
		// JSON nested 30,000 deep in 60 kB: its keys are checked in memory
		// in proportion to the depth (once, its square: 1.8 GB).
		{"JSON nested 30,000 deep", "/api/report", `{"board": ` + strings.Repeat("[", 30000) + strings.Repeat("]", 30000) + `}`, 400, "invalid JSON"},
		{"a design of 26 faces, bounce and chain", "/api/design", `{"size":100,"ladders":20,"snakes":20,"turns":50,"rules":{"faces":26,"overshoot":"bounce","chain":true}}`, 200, "event: report"},
	} {
		stop := make(chan struct{})
		peak := heapPeak(stop)
		start := time.Now()
		res, err := http.Post(srv.URL+tc.path, "application/json", strings.NewReader(tc.body))
		if err != nil {
			t.Fatal(err)
		}
		data, err := io.ReadAll(res.Body)
		res.Body.Close()
		took := time.Since(start)
		close(stop)
		heap := <-peak
		t.Logf("%s: status %d in %v, heap peak %d MiB: %.200s", tc.name, res.StatusCode, took.Round(time.Millisecond), heap>>20, data)
		if err != nil || res.StatusCode != tc.code || !strings.Contains(string(data), tc.says) {
			t.Errorf("%s: status %d (%v), %.300s; want %d saying %q", tc.name, res.StatusCode, err, data, tc.code, tc.says)
		}
		if took > budget+slack {
			t.Errorf("%s: took %v with a budget of %v", tc.name, took, budget)
		}
		if heap > 4*memory {
			t.Errorf("%s: the heap reached %d MiB with a memory bound of %d MiB", tc.name, heap>>20, memory>>20)
		}
	}
}

// TestClientsThatDoNotRead: clients that ask for large reports and never
// read them hold no worker: the server's only worker answers another
// client as soon as their reports are computed, long before the write
// deadline (the budget, two minutes) drops them.
func TestClientsThatDoNotRead(t *testing.T) {
	srv := httptest.NewUnstartedServer(NewHandler(Config{Workers: 1, Budget: 2 * time.Minute}))
	srv.Listener = smallBuffers{srv.Listener}
	srv.Start()
	defer srv.Close()
	body := `{"board":{"size":60}}` // a report of 90 kB, visits included
	var conns []net.Conn
	for range 2 {
		c, err := net.Dial("tcp", srv.Listener.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		// A small receive buffer, so that the unread answer fills it.
		c.(*net.TCPConn).SetReadBuffer(4096)
		fmt.Fprintf(c, "POST /api/report HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s", len(body), body)
		conns = append(conns, c)
	}
	defer func() {
		for _, c := range conns {
			c.Close()
		}
	}()
	start := time.Now()
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "POST", srv.URL+"/api/report", strings.NewReader(`{"board": [[-1,-1],[-1,-1]]}`))
	req.Header.Set("Content-Type", "application/json")
	time.Sleep(100 * time.Millisecond) // the two large requests first
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("with two clients not reading: %v", err)
	}
	var rep struct{ MinRolls int }
	err = json.NewDecoder(res.Body).Decode(&rep)
	res.Body.Close()
	took := time.Since(start)
	t.Logf("answered after %v", took)
	if err != nil || res.StatusCode != 200 || rep.MinRolls != 1 {
		t.Fatalf("with two clients not reading: status %d, %v", res.StatusCode, err)
	}
	if took > 45*time.Second {
		t.Fatalf("answered after %v: a client that does not read held the worker", took)
	}
}

// smallBuffers is a listener whose connections send through a small
// buffer, so that an answer of a few kilobytes that the client does not
// read blocks the server's write.
type smallBuffers struct{ net.Listener }

func (l smallBuffers) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if tcp, ok := c.(*net.TCPConn); ok {
		tcp.SetWriteBuffer(4096)
	}
	return c, err
}

// TestSlowBody: a body that does not arrive within the server's read
// timeout is a 408 whose message names no address.
func TestSlowBody(t *testing.T) {
	srv := httptest.NewUnstartedServer(NewHandler(Config{}))
	srv.Config.ReadTimeout = 300 * time.Millisecond
	srv.Start()
	defer srv.Close()
	c, err := net.Dial("tcp", srv.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	fmt.Fprintf(c, "POST /api/report HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"bo")
	c.SetReadDeadline(time.Now().Add(5 * time.Second))
	data, _ := io.ReadAll(c)
	text := string(data)
	if !strings.HasPrefix(text, "HTTP/1.1 408") || !strings.Contains(text, "did not arrive in time") || strings.Contains(text, "127.0.0.1") {
		t.Fatalf("a slow body got %q", text)
	}
}

// readRSS is the process's resident memory, from /proc/self/status
// (Linux).
func readRSS() (uint64, error) {
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0, err
	}
	for _, line := range strings.Split(string(data), "\n") {
		if kb, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			n, err := strconv.ParseUint(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(kb), "kB")), 10, 64)
			return n << 10, err
		}
	}
	return 0, errors.New("no VmRSS in /proc/self/status")
}

// rss is readRSS for the test's own goroutine: a machine without it
// skips the test.
func rss(t *testing.T) uint64 {
	n, err := readRSS()
	if err != nil {
		t.Skip("no resident memory to read: ", err)
	}
	return n
}

// TestBurstMemory sends 200 reports at once and measures the process's
// resident memory before, at its peak, and each second after: it must come
// back within 200 MB of where it started within 10 s, with every request
// answered (200, or 503 for those that found no worker in their budget).
// By default the boards have 3,600 squares and the budget is a second;
// with SNAKES_LOAD=1, the measurement in docs/web.md, 90,000 squares and
// the default budget (about half a minute).
func TestBurstMemory(t *testing.T) {
	side, config := 60, Config{Budget: time.Second}
	if os.Getenv("SNAKES_LOAD") != "" {
		side, config = 300, Config{}
	}
	srv := httptest.NewServer(NewHandler(config))
	defer srv.Close()
	runtime.GC()
	idle := rss(t)
	var peak atomic.Uint64
	stop := make(chan struct{})
	go func() {
		for {
			if n, err := readRSS(); err == nil {
				peak.Store(max(peak.Load(), n))
			}
			select {
			case <-stop:
				return
			case <-time.After(20 * time.Millisecond):
			}
		}
	}()
	var wg sync.WaitGroup
	codes := make([]int, 200)
	for i := range codes {
		wg.Add(1)
		go func() {
			defer wg.Done()
			body := `{"board":` + snakesBoard(side, 50+i) + `,"rules":{"overshoot":"bounce"}}`
			res, err := http.Post(srv.URL+"/api/report", "application/json", strings.NewReader(body))
			if err != nil {
				t.Error(err)
				return
			}
			io.Copy(io.Discard, res.Body)
			res.Body.Close()
			codes[i] = res.StatusCode
		}()
	}
	wg.Wait()
	close(stop)
	ended := time.Now()
	counts := map[int]int{}
	for _, c := range codes {
		counts[c]++
	}
	var after uint64
	for time.Since(ended) < 10*time.Second {
		time.Sleep(time.Second)
		if after = rss(t); after < idle+200<<20 {
			break
		}
	}
	t.Logf("statuses %v; resident memory idle %d MiB, peak %d MiB, %v after the burst %d MiB",
		counts, idle>>20, peak.Load()>>20, time.Since(ended).Round(time.Second), after>>20)
	if after >= idle+200<<20 {
		t.Errorf("%d MiB resident 10 s after the burst, %d MiB before", after>>20, idle>>20)
	}
	if counts[200]+counts[503] != len(codes) || counts[200] == 0 {
		t.Errorf("statuses %v: want every request answered 200 or 503, some 200", counts)
	}
}
