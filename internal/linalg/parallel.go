package linalg

import "sync"

// This file shares a loop among the cores.

// Parallel runs work over [0, n) in workers contiguous parts, the w-th
// getting [lo, hi), and waits for them.
func Parallel(n, workers int, work func(w, lo, hi int)) {
	workers = max(min(workers, n), 1)
	var wg sync.WaitGroup
	for w := range workers {
		lo, hi := n*w/workers, n*(w+1)/workers
		wg.Add(1)
		go func() {
			defer wg.Done()
			work(w, lo, hi)
		}()
	}
	wg.Wait()
}
