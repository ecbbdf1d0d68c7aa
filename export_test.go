package snakes

// This file exports to the package's external tests what only tests use.

// RaceEnabled is whether the race detector is on, for the external tests'
// sample sizes.
const RaceEnabled = raceEnabled
