//go:build !race

package main

import "time"

// This file says the race detector is off, for the tests that scale down
// under it.

// bigBudget is TestBigBoard's budget: enough for the expectation of a
// 1000×1000 board, too little for the figures after it.
const bigBudget = 3 * time.Second
