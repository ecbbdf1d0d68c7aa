package web_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"

	"github.com/snakesladders/snakes/web"
)

// This file holds the package's runnable example.

// A program mounts the page and the API on its own mux, here under /snakes/,
// and asks for a report as the page does.
func ExampleNewHandler() {
	mux := http.NewServeMux()
	mux.Handle("/snakes/", http.StripPrefix("/snakes", web.NewHandler(web.Config{})))
	srv := httptest.NewServer(mux)
	defer srv.Close()

	res, err := http.Post(srv.URL+"/snakes/api/report", "application/json",
		strings.NewReader(`{"board": [[-1,-1,-1],[-1,9,-1],[-1,-1,-1]], "rules": {"faces": 6}}`))
	if err != nil {
		panic(err)
	}
	defer res.Body.Close()
	var rep struct {
		MinRolls      int     `json:"minRolls"`
		ExpectedTurns float64 `json:"expectedTurns"`
	}
	json.NewDecoder(res.Body).Decode(&rep)
	fmt.Println(res.Status, rep.MinRolls, rep.ExpectedTurns)

	// A bad board is a 400 with the library's message.
	res, err = http.Post(srv.URL+"/snakes/api/report", "application/json", strings.NewReader(`{"board": [[-1,-1],[-1]]}`))
	if err != nil {
		panic(err)
	}
	defer res.Body.Close()
	var bad struct{ Error string }
	json.NewDecoder(res.Body).Decode(&bad)
	fmt.Println(res.Status, bad.Error)
	// Output:
	// 200 OK 1 5.533333333
	// 400 Bad Request row 1 has 1 cell, want 2
}
