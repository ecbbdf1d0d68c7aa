package snakes

// This file makes the property tests draw the same cases on every run, so
// that go test gives the same verdict each time: rapid's seed is fixed
// unless -rapid.seed or RAPID_SEED gives one (0 draws a fresh seed each
// run, to look further).

import (
	"flag"
	"os"
	"strconv"
	"testing"
)

// propertySeed is the seed the property tests draw from by default.
const propertySeed = 909

func TestMain(m *testing.M) {
	flag.Parse()
	given := false
	flag.Visit(func(f *flag.Flag) { given = given || f.Name == "rapid.seed" })
	if _, env := os.LookupEnv("RAPID_SEED"); !given && !env {
		if err := flag.Set("rapid.seed", strconv.Itoa(propertySeed)); err != nil {
			panic(err)
		}
	}
	os.Exit(m.Run())
}
