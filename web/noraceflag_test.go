//go:build !race

package web

import "time"

// This file says the race detector is off, for the tests that scale down
// under it.

// slack is what a request may take past its budget: a second.
const slack = time.Second
