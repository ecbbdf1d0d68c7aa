package model

import "github.com/snakesladders/snakes/internal/budget"

// This file holds the rules as the model reads them: the root package's
// Rules without their JSON, bounds or methods.

// Rules are the fields of the public Rules, documented there.
type Rules struct {
	Faces         int
	StartOffBoard bool
	Overshoot     Overshoot
	Chain         bool
	Dice          int
	Weights       []int
	Enter         int
	Again         int
	AgainLimit    int
	OnLimit       Penalty
	Bump          bool

	Lim *Limits // the call's bounds: nil for DefaultLimits

	// Meter, when not nil, counts the work of every solve of the game
	// against one bound: a call that makes many solves shares it.
	Meter *budget.Meter
}

// Overshoot is what a roll past the last square does, numbered as the
// public Overshoot.
type Overshoot int

// The overshoots.
const (
	Stay Overshoot = iota
	Bounce
	Finish
)

// Penalty is where a token goes when a run of Again throws reaches
// AgainLimit, numbered as the public Penalty.
type Penalty int

// The penalties.
const (
	VoidTurn Penalty = iota
	BackToStart
)

// The bounds on what one call may take, documented where the root package
// exports them.
const (
	MaxBytes = 2 << 30
	MaxWork  = 1 << 31
)
