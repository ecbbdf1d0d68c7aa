//go:build race

package snakes

// This file says the race detector is on, for the tests that scale down
// under it.

// raceEnabled is true under the race detector, whose sync.Pool drops items
// at random, so allocation counts mean nothing there.
const raceEnabled = true
