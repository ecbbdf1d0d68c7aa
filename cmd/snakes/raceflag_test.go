//go:build race

package main

import "time"

// This file says the race detector is on, for the tests that scale down
// under it.

// bigBudget is TestBigBoard's budget: under the race detector, which makes
// the expectation of a 1000×1000 board several times slower, and with the
// package's other tests beside it, more than the 3 s it needs alone.
const bigBudget = 20 * time.Second
