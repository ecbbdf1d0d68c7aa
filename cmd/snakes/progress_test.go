package main

import (
	"bytes"
	"strings"
	"sync"
	"testing"
	"time"
)

// This file tests the progress line.

// lockedBuffer is a bytes.Buffer safe to write from the progress goroutine
// while the test reads it.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

func TestProgress(t *testing.T) {
	var out lockedBuffer
	p := showProgress(&out, true, 20*time.Millisecond, 5*time.Millisecond)
	p.set("win chances")
	time.Sleep(100 * time.Millisecond)
	p.stop()
	p.stop() // a second stop does nothing
	got := out.String()
	if !strings.Contains(got, "\r\033[Ksnakes: working on the win chances (0 s)") || !strings.HasSuffix(got, "\r\033[K") {
		t.Errorf("progress wrote %q", got)
	}

	// Off a terminal, or before the delay, nothing is written.
	var quiet lockedBuffer
	p = showProgress(&quiet, false, 0, time.Millisecond)
	p.set("win chances")
	time.Sleep(20 * time.Millisecond)
	p.stop()
	p = showProgress(&quiet, true, time.Hour, time.Millisecond)
	p.set("win chances")
	time.Sleep(20 * time.Millisecond)
	p.stop()
	if quiet.String() != "" {
		t.Errorf("progress wrote %q", quiet.String())
	}
}
