package budget

// This file tests the meter: a nil one counts nothing, a real one refuses
// once its charges together pass the bound, and not before.

import (
	"errors"
	"strings"
	"testing"

	"github.com/snakesladders/snakes/internal/errs"
)

func TestMeter(t *testing.T) {
	var none *Meter
	if err := none.Charge(1e300, "anything"); err != nil || none.Spent() != 0 {
		t.Fatalf("a nil meter: %v, spent %v", err, none.Spent())
	}
	m := NewMeter("the figure", 10, " (MaxWork)")
	for i := range 10 {
		if err := m.Charge(1, "a step"); err != nil {
			t.Fatalf("step %d of 10: %v", i+1, err)
		}
	}
	err := m.Charge(0.5, "half a step")
	if !errors.Is(err, errs.ErrTooLarge) || err.Error() != "snakes: the figure: half a step brings its work to 10.5 steps, over the bound of 10 (MaxWork)" {
		t.Fatalf("past the bound: %v", err)
	}
	if !strings.Contains(err.Error(), "half a step") || m.Spent() != 10.5 {
		t.Fatalf("spent %v", m.Spent())
	}
}
