package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"time"

	"github.com/snakesladders/snakes/web"
)

// This file is the serve subcommand: the page and its API on a local
// address.

// serve runs the page and its API (package web) until interrupted.
func serve(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("snakes serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	addr := fs.String("addr", "127.0.0.1:8080", "address to listen on: the loopback only unless told otherwise (say :8080 for every interface)")
	budget := fs.Duration("budget", web.DefaultBudget, "time for one request's figures")
	maxSquares := fs.Int("max-squares", web.DefaultMaxSquares, "refuse boards of more squares")
	workers := fs.Int("workers", 0, "requests computing at once (0: one a core)")
	maxMemory := fs.Int64("max-memory", web.DefaultMaxMemory, "refuse a request whose figures' tables together need more bytes (422)")
	fs.Usage = func() {
		fmt.Fprintf(stderr, "Usage: snakes serve [-addr 127.0.0.1:8080] [-budget 10s] [-max-squares N] [-max-memory BYTES] [-workers N]\n\n"+
			"Serves a page to draw and edit a board, see its figures and play on it, and\n"+
			"its JSON API: POST /api/report {board, rules}, POST /api/design <spec>, and\n"+
			"POST /api/play {game: {board, rules, players, throws}, throw, seed}, which\n"+
			"replays the game, throws once more when asked and answers the odds. It\n"+
			"listens on the loopback only unless -addr says otherwise.\n\n")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("serve takes no arguments, got %q", fs.Args())
	}
	switch {
	case *budget <= 0:
		return fmt.Errorf("-budget is %v: give a time above 0, such as 10s", *budget)
	case *maxSquares <= 0:
		return fmt.Errorf("-max-squares is %d: give a count above 0", *maxSquares)
	case *maxMemory <= 0:
		return fmt.Errorf("-max-memory is %d: give a count of bytes above 0", *maxMemory)
	case *workers < 0:
		return fmt.Errorf("-workers is %d: give 0 (one a core) or more", *workers)
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return err
	}
	srv := &http.Server{
		Handler:           web.NewHandler(web.Config{Budget: *budget, MaxSquares: *maxSquares, MaxMemory: *maxMemory, Workers: *workers}),
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		IdleTimeout:       2 * time.Minute,
		MaxHeaderBytes:    64 << 10,
	}
	fmt.Fprintf(stdout, "snakes: serving http://%s/\n", ln.Addr())
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	go func() {
		<-ctx.Done()
		shut, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		srv.Shutdown(shut)
	}()
	if err := srv.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}
