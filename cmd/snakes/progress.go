package main

import (
	"fmt"
	"io"
	"os"
	"sync"
	"time"
)

// This file shows on a terminal what the command is working on.

// progress shows, on a terminal, what the command is working on once it
// has worked for more than a second, on one line rewritten in place.
type progress struct {
	mu      sync.Mutex
	w       io.Writer
	stage   string
	began   time.Time
	shown   bool
	done    chan struct{}
	stopped sync.Once
}

// startProgress returns a progress that writes to w when w is a terminal,
// and does nothing otherwise.
func startProgress(w io.Writer) *progress {
	f, ok := w.(*os.File)
	return showProgress(w, ok && isTerminal(f), time.Second, 250*time.Millisecond)
}

// showProgress returns a progress that, when on, writes to w the stage
// being worked on every period once after has passed.
func showProgress(w io.Writer, on bool, after, period time.Duration) *progress {
	p := &progress{w: w, began: time.Now(), done: make(chan struct{})}
	if !on {
		close(p.done)
		return p
	}
	go func() {
		tick := time.NewTicker(period)
		defer tick.Stop()
		for {
			select {
			case <-p.done:
				return
			case <-tick.C:
				p.mu.Lock()
				if elapsed := time.Since(p.began); elapsed > after && p.stage != "" {
					fmt.Fprintf(p.w, "\r\033[Ksnakes: working on the %s (%.0f s)", p.stage, elapsed.Seconds())
					p.shown = true
				}
				p.mu.Unlock()
			}
		}
	}()
	return p
}

// isTerminal reports whether f is a terminal: a character device other
// than the null device, which is one too.
func isTerminal(f *os.File) bool {
	info, err := f.Stat()
	if err != nil || info.Mode()&os.ModeCharDevice == 0 {
		return false
	}
	null, err := os.Stat(os.DevNull)
	return err != nil || !os.SameFile(info, null)
}

// set names the stage being worked on.
func (p *progress) set(stage string) {
	p.mu.Lock()
	p.stage = stage
	p.mu.Unlock()
}

// stop ends the display and clears its line; it may be called again.
func (p *progress) stop() {
	p.stopped.Do(func() {
		select {
		case <-p.done:
		default:
			close(p.done)
		}
		p.mu.Lock()
		if p.shown {
			fmt.Fprint(p.w, "\r\033[K")
		}
		p.mu.Unlock()
	})
}
