package snakes

import "sync"

// parallelFrom is the work (multiply-adds, about) past which a sweep of
// the rows, a step of the elimination or Jumps' batches are shared among
// the cores: below it, starting goroutines costs more than it saves. A
// variable, so that tests can make every such step parallel.
var parallelFrom float64 = 1 << 24

// parallel runs work over [0, n) in workers contiguous parts, the w-th
// getting [lo, hi), and waits for them.
func parallel(n, workers int, work func(w, lo, hi int)) {
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
