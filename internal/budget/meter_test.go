package budget

// This file tests the meter and the memory: a nil one counts nothing, a real one refuses
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

// TestMemory checks the running total: tables that fit one by one are
// refused together, a refused table is not counted, and what a solve
// took comes back when it returns.
func TestMemory(t *testing.T) {
	var none *Memory
	if held, ok := none.Take(1e300); !ok || held != 1e300 || none.Held() != 0 {
		t.Fatalf("a nil memory: %v %v, held %v", held, ok, none.Held())
	}
	m := NewMemory(100)
	if _, ok := m.Take(60); !ok {
		t.Fatal("60 of 100 refused")
	}
	mark := m.Held()
	if _, ok := m.Take(30); !ok {
		t.Fatal("90 of 100 refused")
	}
	if held, ok := m.Take(20); ok || held != 110 || m.Held() != 90 {
		t.Fatalf("20 more past the bound: %v %v, held %v, want 110 refused and 90 held", held, ok, m.Held())
	}
	m.Back(mark)
	if _, ok := m.Take(40); !ok || m.Held() != 100 {
		t.Fatalf("40 after giving back 30: held %v", m.Held())
	}
	m.Give(100)
	m.Give(5)
	if m.Held() != 0 {
		t.Fatalf("held %v after giving back everything and more", m.Held())
	}
	m.Reset(10)
	if _, ok := m.Take(11); ok {
		t.Fatal("11 of a reset 10 taken")
	}
}
