package web

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/snakesladders/snakes"
)

// design searches for a board that meets the posted Spec and streams the
// search: "progress" events, then the designed board's "report". A spec
// the library refuses is a 400 before any event; the search stops when the
// client goes away or three quarters of the budget have passed (answering
// the closest board, with the reason in the report event's "error"), and
// the report of the board takes the rest.
func (s *server) design(w http.ResponseWriter, r *http.Request) {
	data, ok := s.body(w, r)
	if !ok {
		return
	}
	var spec snakes.Spec
	if err := json.Unmarshal(data, &spec); err != nil {
		fail(w, http.StatusBadRequest, "invalid JSON: %s", message(err))
		return
	}
	if sq := spec.Size * spec.Size; spec.Size > 0 && sq > s.MaxSquares {
		fail(w, http.StatusBadRequest, "Size is %d: %d squares, over the server's bound of %d", spec.Size, sq, s.MaxSquares)
		return
	}
	ctx, done, ok := s.work(w, r)
	if !ok {
		return
	}
	defer done()
	// The search gets three quarters of what is left of the budget and
	// the board's report the rest, so that the request ends within it.
	deadline, _ := ctx.Deadline()
	search, stop := context.WithDeadline(ctx, time.Now().Add(time.Until(deadline)*3/4))
	defer stop()

	// The search runs beside the stream; its progress comes through a
	// channel that drops what the stream has not yet sent.
	progress := make(chan float64, 1)
	type result struct {
		b   *snakes.Board
		err error
	}
	finished := make(chan result, 1)
	go func() {
		b, err := snakes.DesignProgress(search, spec, func(d float64) {
			select {
			case progress <- d:
			default:
			}
		})
		finished <- result{b, err}
	}()

	started := false
	start := func() {
		if !started {
			h := w.Header()
			h.Set("Content-Type", "text/event-stream")
			h.Set("Cache-Control", "no-store")
			w.WriteHeader(http.StatusOK)
			started = true
		}
	}
	for {
		select {
		case d := <-progress:
			start()
			event(w, "progress", map[string]float64{"distance": d})
		case res := <-finished:
			if !started && errors.Is(res.err, snakes.ErrInvalidSpec) {
				fail(w, http.StatusBadRequest, "%s", message(res.err))
				return
			}
			start()
			if res.b == nil {
				event(w, "error", map[string]string{"error": message(res.err)})
				return
			}
			var warning string
			if res.err != nil {
				warning = message(res.err)
			}
			out, err := reportJSON(ctx, res.b, spec.Rules, warning)
			if err != nil {
				event(w, "error", map[string]string{"error": message(err)})
				return
			}
			fmt.Fprintf(w, "event: report\ndata: %s\n\n", out)
			flush(w)
			return
		}
	}
}

// event writes one server-sent event of value v and flushes it.
func event(w http.ResponseWriter, name string, v any) {
	data, _ := json.Marshal(v)
	fmt.Fprintf(w, "event: %s\ndata: %s\n\n", name, data)
	flush(w)
}

func flush(w http.ResponseWriter) {
	if f, ok := w.(http.Flusher); ok {
		f.Flush()
	}
}
