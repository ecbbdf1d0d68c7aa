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

// This file is the design endpoint: the search streamed as events, then
// the designed board's report, within the request's budget.

// design searches for a board that meets the posted Spec and streams the
// search: "progress" events, then the designed board's "report". A spec
// the library refuses is a 400 before any event; the search stops when the
// client goes away or three quarters of the budget have passed (answering
// the closest board, with the reason in the report event's "error"), and
// the report of the board takes the rest. The search and the report run
// in a goroutine of their own that gives the worker back when they end,
// whatever the stream is doing; every event is written under a deadline,
// and a client that does not read the stream is dropped.
func (s *server) design(w http.ResponseWriter, r *http.Request) {
	var spec snakes.Spec
	if !s.request(w, r, &spec) {
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
	spec.Rules = spec.Rules.WithMaxBytes(s.MaxMemory)
	// The search gets three quarters of what is left of the budget and
	// the board's report the rest, so that the request ends within it.
	deadline, _ := ctx.Deadline()
	search, stop := context.WithDeadline(ctx, time.Now().Add(time.Until(deadline)*3/4))
	defer stop()

	// The search runs beside the stream; its progress comes through a
	// channel that drops what the stream has not yet sent.
	progress := make(chan float64, 1)
	type result struct {
		err    error // the spec refused, or no board at all
		report []byte
	}
	finished := make(chan result, 1)
	go func() {
		defer done()
		b, err := snakes.DesignProgress(search, spec, func(d float64) {
			select {
			case progress <- d:
			default:
			}
		})
		if b == nil {
			finished <- result{err: err}
			return
		}
		var warning string
		if err != nil {
			warning = message(err)
		}
		out, err := reportJSON(ctx, b, spec.Rules, warning)
		finished <- result{err: err, report: out}
	}()

	rc := http.NewResponseController(w)
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
		// Each event has until the budget's end, and the last one a
		// budget of its own from when it is ready.
		rc.SetWriteDeadline(deadline.Add(time.Second))
		select {
		case d := <-progress:
			start()
			if event(w, "progress", map[string]float64{"distance": d}) != nil {
				return // the deferred done stops the search
			}
		case res := <-finished:
			if !started && errors.Is(res.err, snakes.ErrInvalidSpec) {
				fail(w, http.StatusBadRequest, "%s", message(res.err))
				return
			}
			rc.SetWriteDeadline(time.Now().Add(s.Budget))
			start()
			if res.err != nil {
				event(w, "error", map[string]string{"error": message(res.err)})
				return
			}
			fmt.Fprintf(w, "event: report\ndata: %s\n\n", res.report)
			flush(w)
			return
		}
	}
}

// event writes one server-sent event of value v and flushes it, returning
// the error of a client gone or too slow.
func event(w http.ResponseWriter, name string, v any) error {
	data, _ := json.Marshal(v)
	if _, err := fmt.Fprintf(w, "event: %s\ndata: %s\n\n", name, data); err != nil {
		return err
	}
	return flush(w)
}

func flush(w http.ResponseWriter) error { return http.NewResponseController(w).Flush() }
