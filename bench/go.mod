module github.com/snakesladders/snakes/bench

go 1.25.0

require github.com/snakesladders/snakes v0.0.0

require gonum.org/v1/gonum v0.17.0

replace github.com/snakesladders/snakes => ../
