//go:build !race

package web

import "time"

// slack is what a request may take past its budget: a second.
const slack = time.Second
