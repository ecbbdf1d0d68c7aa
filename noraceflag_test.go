//go:build !race

package snakes

const raceEnabled = false
