//go:build race

package web

import "time"

// This file says the race detector is on, for the tests that scale down
// under it.

// slack is what a request may take past its budget in these tests: the
// race detector makes the parts that do not look at the deadline (parsing,
// the searches, encoding the answer) several times slower.
const slack = 5 * time.Second
