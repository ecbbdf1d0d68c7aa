#!/usr/bin/env bash
# Runs the comparison benchmarks and prints their ratios as Markdown tables.
#   bash bench/run.sh            # everything, 10⁸-square boards included (about 5 minutes, 3 GB)
#   bash bench/run.sh -short     # without the 10⁸-square boards
# Extra arguments go to go test. The raw output is kept in bench/results.txt
# (for benchstat, from golang.org/x/perf, if you want to compare runs).
set -euo pipefail
cd "$(dirname "$0")"
go test -run '^$' -bench . -benchmem -timeout 80m "$@" | tee results.txt >&2

awk '
function value(field,   i) { for (i = 3; i < NF; i++) if ($(i+1) == field) return $i; return "" }
/^Benchmark/ {
	name = $1; sub(/^Benchmark/, "", name); sub(/-[0-9]+$/, "", name)
	n = split(name, part, "/")
	group = part[1]; variant = part[n]; board = part[2]
	for (i = 3; i < n; i++) board = board "/" part[i]
	if (group == "Scale" || group == "Throughput") { board = name; sub(/^[^\/]*\/?/, "", board); variant = "" }
	key = group SUBSEP board SUBSEP variant
	ns[key] = value("ns/op"); allocs[key] = value("allocs/op")
	nsq[key] = value("ns/square"); heap[key] = value("heapB/square"); rate[key] = value("boards/s")
	if (!((group, board) in seen)) { seen[group, board] = 1; order[group, ++count[group]] = board }
}
function ratio(a, b) { return (a == "" || b == "" || b == 0) ? "–" : sprintf("%.1f×", a / b) }
END {
	print "\n### MinRolls: how many times faster the library is (same run)\n"
	print "| board | snakes ns/op | allocs/op | gonum BFS | gonum BFS + build | gonum Dijkstra | adjacency list | inline coords | time ÷ floor |"
	print "|---|---:|---:|---:|---:|---:|---:|---:|---:|"
	for (i = 1; i <= count["MinRolls"]; i++) {
		b = order["MinRolls", i]; s = ns["MinRolls", b, "snakes"]
		printf "| %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", b, s, allocs["MinRolls", b, "snakes"],
			ratio(ns["MinRolls", b, "gonumBFS"], s), ratio(ns["MinRolls", b, "gonumBFS+build"], s),
			ratio(ns["MinRolls", b, "gonumDijkstra"], s), ratio(ns["MinRolls", b, "adjacency"], s),
			ratio(ns["MinRolls", b, "inline"], s), ratio(s, ns["MinRolls", b, "floor"])
	}
	print "\n### NewBoard + MinRolls from 10⁴ to 10⁸ squares\n"
	print "| board | ns/square | heap bytes/square | ns/square ÷ the 100×100 board of the same density |"
	print "|---|---:|---:|---:|"
	for (i = 1; i <= count["Scale"]; i++) {
		b = order["Scale", i]; d = b; sub(/^[^\/]*\//, "", d)
		printf "| %s | %s | %s | %s |\n", b, nsq["Scale", b, ""], heap["Scale", b, ""], ratio(nsq["Scale", b, ""], nsq["Scale", "100x100/" d, ""])
	}
	print "\n### ExpectedTurns against gonum LU\n"
	print "| board | snakes ns/op | allocs/op | gonum LU ns/op | speed-up |"
	print "|---|---:|---:|---:|---:|"
	for (i = 1; i <= count["ExpectedTurns"]; i++) {
		b = order["ExpectedTurns", i]
		printf "| %s | %s | %s | %s | %s |\n", b, ns["ExpectedTurns", b, "snakes"], allocs["ExpectedTurns", b, "snakes"],
			ns["ExpectedTurns", b, "gonumLU"], ratio(ns["ExpectedTurns", b, "gonumLU"], ns["ExpectedTurns", b, "snakes"])
	}
	print "\n### Throughput\n"
	printf "NewBoard + MinRolls + ExpectedTurns on random 10×10 boards: %s ns a board, %.0f boards/s on one core.\n",
		ns["Throughput", "", ""], rate["Throughput", "", ""]
}' results.txt
