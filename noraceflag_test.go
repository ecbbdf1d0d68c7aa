//go:build !race

package snakes

// This file says the race detector is off (raceflag_test.go says when it
// is on), for the tests that scale down under it.

const raceEnabled = false
