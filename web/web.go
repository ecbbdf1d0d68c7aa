// Package web serves a snakes-and-ladders board in the browser: a page to
// draw and edit a board and see its figures change, and the JSON API the
// page reads, as one [http.Handler] that a program can mount on its own
// mux. The page's files are embedded and reference no other host, so it
// works offline.
//
// The API:
//
//	POST /api/report  {"board": <board JSON>, "rules": <Rules JSON>}
//	POST /api/design  <Spec JSON>
//	POST /api/play    {"game": <Game JSON>, "throw": true, "seed": 0}
//
// /api/play replays the game it is sent (the library's JSON of a Game:
// board, rules, players, throws), throws once more when asked (from
// PCG(seed, throws so far) when seed is not 0, so that a link replays the
// same game), and answers the game, the throw, the squares, who throws
// next, the winner (-1 while the game goes on) and every player's chance to
// win (null, with the reason in "skipped", when it does not fit the
// budget). The page keeps the game; the rules live in the library alone.
// The game's board is bounded (Config.MaxSquares) before it is built, and
// its throws are replayed by a worker within the budget, under the
// server's memory bound.
//
// /api/report answers the board's report, the JSON of `snakes -json`, with
// "visits" (the expected turns that start on each square, for the heat
// map) added. /api/design streams server-sent events: "progress" events
// with the search's distance from the target, then one "report" event with
// the designed board's report (and "error" when no board met the target
// in time), or one "error" event. A bad request gets a 4xx status and
// {"error": "..."}: 400 for invalid JSON, boards, rules or specs (the
// library's message; a field the API does not know is invalid), 403 for a
// POST from another site, 404 for anything else, 405 for a wrong method,
// 408 for a body that does not arrive in time, 413 for a body over the
// limit, 415 for a body not sent as application/json, 421 for a host name
// that is not the loopback's when the server listens on the loopback, 422
// for a board whose random play needs more than the server's bounds before
// anything is computed, and 503 when the server is too busy to start the
// request within its budget.
//
// Every request is bounded: its body (Config.MaxBody), its board's squares
// (Config.MaxSquares), the tables its figures hold at once
// (Config.MaxMemory, each counted before it is made), its time
// (Config.Budget: the report skips what does not fit and names it, the
// design stops and answers its closest board, the report included), and
// the requests that compute run
// at most Config.Workers at a time. A computation stops within 50 ms of
// its budget's end or of its client going away. The worker is given back
// before the answer is written, under a write deadline of the budget, so a
// client that does not read holds nothing but its own connection.
package web

import (
	"bytes"
	"context"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http"
	"path"
	"reflect"
	"runtime"
	"runtime/debug"
	"strings"
	"sync"
	"time"

	"github.com/snakesladders/snakes"
	"github.com/snakesladders/snakes/internal/errs"
)

//go:embed static
var static embed.FS

// Config bounds a server's requests. Its zero value gives the defaults.
type Config struct {
	Budget     time.Duration // time for one request's figures; 0 means 10 s
	MaxSquares int           // the largest board, in squares; 0 means 250,000 (500×500)
	MaxBody    int64         // the largest request body, in bytes; 0 means 1 MiB
	Workers    int           // requests computing at once; 0 means GOMAXPROCS
	// MaxMemory bounds the tables a request's figures hold at once, in
	// bytes (snakes.Rules.WithMaxBytes); 0 means 512 MiB.
	MaxMemory int64
}

// The defaults of Config's zero fields.
const (
	DefaultBudget     = 10 * time.Second
	DefaultMaxSquares = 500 * 500
	DefaultMaxBody    = 1 << 20
	DefaultMaxMemory  = 512 << 20
)

// withDefaults fills in c's zero fields.
func (c Config) withDefaults() Config {
	if c.Budget <= 0 {
		c.Budget = DefaultBudget
	}
	if c.MaxSquares <= 0 {
		c.MaxSquares = DefaultMaxSquares
	}
	if c.MaxBody <= 0 {
		c.MaxBody = DefaultMaxBody
	}
	if c.Workers <= 0 {
		c.Workers = runtime.GOMAXPROCS(0)
	}
	if c.MaxMemory <= 0 {
		c.MaxMemory = DefaultMaxMemory
	}
	return c
}

// A server is the handler's state: its bounds and its free workers.
type server struct {
	Config
	workers chan struct{}
	fs      fs.FS // the embedded files
	files   http.Handler

	mu   sync.Mutex
	tidy *time.Timer // gives memory back once no request computes

	games games // the odds' tables of the games played, kept
}

// NewHandler returns the page and the API under the bounds of c.
func NewHandler(c Config) http.Handler {
	c = c.withDefaults()
	sub, err := fs.Sub(static, "static")
	if err != nil {
		panic(err) // the embedded tree is fixed at build time
	}
	s := &server{Config: c, workers: make(chan struct{}, c.Workers), fs: sub, files: http.FileServerFS(sub)}
	s.games.maxBytes = c.MaxMemory
	mux := http.NewServeMux()
	mux.HandleFunc("/api/report", s.report)
	mux.HandleFunc("/api/design", s.design)
	mux.HandleFunc("/api/play", s.play)
	mux.HandleFunc("/api/best", s.best)
	mux.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		fail(w, http.StatusNotFound, "no such API: %s", r.URL.Path)
	})
	mux.HandleFunc("/", s.page)
	return secure(guard(mux))
}

// secure sets the headers every answer carries: the page may load and
// fetch only from this server.
func secure(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Security-Policy", "default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'")
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "no-referrer")
		next.ServeHTTP(w, r)
	})
}

// page serves the embedded files: the page at /, its scripts and styles.
func (s *server) page(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		fail(w, http.StatusMethodNotAllowed, "%s is not allowed here: use GET", r.Method)
		return
	}
	if name := strings.TrimPrefix(path.Clean(r.URL.Path), "/"); name != "" {
		if _, err := fs.Stat(s.fs, name); err != nil {
			fail(w, http.StatusNotFound, "no such page: %s", r.URL.Path)
			return
		}
	}
	s.files.ServeHTTP(w, r)
}

// fail answers a JSON error with status code.
func fail(w http.ResponseWriter, code int, format string, args ...any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	json.NewEncoder(w).Encode(struct {
		Error string `json:"error"`
	}{fmt.Sprintf(format, args...)})
}

// request reads r's body up to s.MaxBody into v (see decode), answering
// 405 for a method other than POST, 413 for a longer body and 400 for
// invalid JSON; ok is false when it has answered.
func (s *server) request(w http.ResponseWriter, r *http.Request, v any) (ok bool) {
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", "POST")
		fail(w, http.StatusMethodNotAllowed, "%s is not allowed here: use POST", r.Method)
		return false
	}
	data, err := io.ReadAll(http.MaxBytesReader(w, r.Body, s.MaxBody))
	var tooBig *http.MaxBytesError
	var netErr net.Error
	switch {
	case errors.As(err, &tooBig):
		fail(w, http.StatusRequestEntityTooLarge, "the body is over %d bytes", s.MaxBody)
		return false
	case errors.As(err, &netErr) && netErr.Timeout():
		// The message of a network error names both ends' addresses.
		fail(w, http.StatusRequestTimeout, "the body did not arrive in time")
		return false
	case err != nil:
		fail(w, http.StatusBadRequest, "the body could not be read")
		return false
	}
	if err := decode(data, v); err != nil {
		fail(w, http.StatusBadRequest, "invalid JSON: %s", message(err))
		return false
	}
	return true
}

// decode decodes the JSON of data into v, refusing fields v does not have,
// a key spelt in another case or given twice, and anything after the
// value: a misspelt rule ("face": 3, "Faces": 3) is an error, not a rule
// silently left at its default.
func decode(data []byte, v any) error {
	if err := errs.ExactKeys(data, reflect.TypeOf(v), errRequest); err != nil {
		return err
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if dec.More() {
		return errors.New("more after the JSON value")
	}
	return nil
}

// errRequest is what a request's JSON that is not as documented wraps.
var errRequest = errors.New("invalid request")

// work gives a request its budget and waits for a free worker within it,
// answering 503 when none frees up; done ends the budget and gives the
// worker back. ok is false when it has answered.
// done may be called more than once: the answer is written after the
// worker is given back, so that a client that does not read holds no
// worker, only its own connection until the write deadline (answer).
func (s *server) work(w http.ResponseWriter, r *http.Request) (ctx context.Context, done func(), ok bool) {
	ctx, cancel := context.WithTimeout(r.Context(), s.Budget)
	select {
	case s.workers <- struct{}{}:
		return ctx, sync.OnceFunc(func() { cancel(); s.release() }), true
	case <-ctx.Done():
		cancel()
		fail(w, http.StatusServiceUnavailable, "the server is busy: no worker was free within %v", s.Budget)
		return nil, nil, false
	}
}

// release gives a worker back. When none is left computing, the memory
// the requests freed goes back to the operating system a moment later
// (debug.FreeOSMemory), rather than over the minutes the runtime's
// scavenger takes, so that a burst of large boards leaves no footprint.
func (s *server) release() {
	<-s.workers
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.tidy == nil {
		s.tidy = time.AfterFunc(100*time.Millisecond, func() {
			if len(s.workers) == 0 {
				debug.FreeOSMemory()
			}
			s.mu.Lock()
			s.tidy = nil
			s.mu.Unlock()
		})
	}
}

// answer writes an answer of status code under a write deadline of the
// budget: a client that does not read it in that time is dropped.
func (s *server) answer(w http.ResponseWriter, code int, contentType string, data []byte) {
	http.NewResponseController(w).SetWriteDeadline(time.Now().Add(s.Budget))
	w.Header().Set("Content-Type", contentType)
	w.WriteHeader(code)
	w.Write(data)
}

// reportRequest is what /api/report takes.
type reportRequest struct {
	Board json.RawMessage `json:"board"`
	Rules json.RawMessage `json:"rules"`
}

// parse reads a board and rules, answering 400 when either is bad.
func (s *server) parse(w http.ResponseWriter, boardJSON, rulesJSON json.RawMessage) (*snakes.Board, snakes.Rules, bool) {
	var rules snakes.Rules
	if len(boardJSON) == 0 {
		fail(w, http.StatusBadRequest, "no board: send {\"board\": ..., \"rules\": ...}")
		return nil, rules, false
	}
	b, err := snakes.ParseBoardLimit(boardJSON, s.MaxSquares)
	if err != nil {
		fail(w, http.StatusBadRequest, "%s", message(err))
		return nil, rules, false
	}
	if len(rulesJSON) > 0 && string(rulesJSON) != "null" {
		if err := decode(rulesJSON, &rules); err != nil {
			fail(w, http.StatusBadRequest, "rules: %s", message(err))
			return nil, rules, false
		}
	}
	if err := rules.Validate(); err != nil {
		fail(w, http.StatusBadRequest, "%s", message(err))
		return nil, rules, false
	}
	return b, rules.WithMaxBytes(s.MaxMemory), true
}

// message is err's text without the library's prefix.
func message(err error) string { return strings.TrimPrefix(err.Error(), "snakes: ") }

// withBoard is a request of a board and its rules, among its fields.
type withBoard interface {
	boardAndRules() (board, rules json.RawMessage)
}

func (q *reportRequest) boardAndRules() (board, rules json.RawMessage) { return q.Board, q.Rules }

// start reads r into req (request), its board and rules (parse), and
// gives it a worker within its budget (work); ok is false when it has
// answered. The caller defers done.
func (s *server) start(w http.ResponseWriter, r *http.Request, req withBoard) (b *snakes.Board, rules snakes.Rules, ctx context.Context, done func(), ok bool) {
	if !s.request(w, r, req) {
		return nil, rules, nil, nil, false
	}
	board, rulesJSON := req.boardAndRules()
	if b, rules, ok = s.parse(w, board, rulesJSON); !ok {
		return nil, rules, nil, nil, false
	}
	ctx, done, ok = s.work(w, r)
	return b, rules, ctx, done, ok
}

func (s *server) report(w http.ResponseWriter, r *http.Request) {
	var req reportRequest
	b, rules, ctx, done, ok := s.start(w, r, &req)
	if !ok {
		return
	}
	defer done()
	out, err := reportJSON(ctx, b, rules, "")
	done()
	var big tooLarge
	switch {
	case errors.As(err, &big):
		fail(w, http.StatusUnprocessableEntity, "%s", message(big.err))
	case err != nil:
		fail(w, http.StatusBadRequest, "%s", message(err))
	default:
		s.answer(w, http.StatusOK, "application/json", out)
	}
}

// tooLarge is reportJSON's error for a board whose random play is over
// the server's bounds before anything is computed: the request is refused
// (422) rather than answered with its fewest rolls alone.
type tooLarge struct{ err error }

func (e tooLarge) Error() string { return e.err.Error() }
func (e tooLarge) Unwrap() error { return e.err }

// reportJSON is the report of b under rules as `snakes -json` gives it,
// with the visits added for the heat map and, when not empty, warning as
// "error" (a design that missed its target). The fields are appended to
// the report's object rather than decoded and encoded again: a report of
// 250,000 squares is megabytes of JSON, and a second pass over it would
// cost the request a share of its budget after its figures are done.
func reportJSON(ctx context.Context, b *snakes.Board, rules snakes.Rules, warning string) ([]byte, error) {
	rep, err := rules.ReportContext(ctx, b, nil)
	if err != nil {
		return nil, err
	}
	if sk := rep.Skipped; len(sk) > 0 && sk[0].Figure == snakes.FigurePlay && errors.Is(sk[0].Err, snakes.ErrTooLarge) {
		return nil, tooLarge{sk[0].Err}
	}
	out, err := json.Marshal(rep)
	if err != nil {
		return nil, err
	}
	visits, err := json.Marshal(rep.Visits)
	if err != nil {
		return nil, err
	}
	out = append(append(append(out[:len(out)-1], `,"visits":`...), visits...), '}')
	if warning != "" {
		w, err := json.Marshal(warning)
		if err != nil {
			return nil, err
		}
		out = append(append(append(out[:len(out)-1], `,"error":`...), w...), '}')
	}
	return out, nil
}
