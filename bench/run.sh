#!/usr/bin/env bash
# Runs the comparison benchmarks three times and prints the medians' ratios
# as Markdown tables.
#   bash bench/run.sh            # everything, 10⁸-square boards included (about 10 minutes, 3 GB)
#   bash bench/run.sh -short     # without the 10⁸-square boards
# Extra arguments go to go test. The raw output is kept in bench/results.txt
# (for benchstat, from golang.org/x/perf, if you want to compare runs).
set -euo pipefail
cd "$(dirname "$0")"
# TABLES_ONLY=1 prints the tables of the last run again without running it.
if [ -z "${TABLES_ONLY:-}" ]; then
	go test -run '^$' -bench '^Benchmark(MinRolls|Scale|ExpectedScale|ExpectedTurns|Throughput)$' -benchmem -count 3 -timeout 80m "$@" | tee results.txt >&2
fi

awk '
function value(field,   i) { for (i = 3; i < NF; i++) if ($(i+1) == field) return $i; return "" }
# keep(a, k, v): a[k] becomes the median of the values given for k so far
# (of three: their sum less the least and the greatest).
function keep(a, k, v) {
	if (v == "") return
	runs[a, k]++; sum[a, k] += v
	if (runs[a, k] == 1 || v < lo[a, k]) lo[a, k] = v
	if (runs[a, k] == 1 || v > hi[a, k]) hi[a, k] = v
	med[a, k] = runs[a, k] < 3 ? sum[a, k] / runs[a, k] : sum[a, k] - lo[a, k] - hi[a, k]
}
/^Benchmark/ {
	name = $1; sub(/^Benchmark/, "", name); sub(/-[0-9]+$/, "", name)
	n = split(name, part, "/")
	group = part[1]; variant = part[n]; board = part[2]
	for (i = 3; i < n; i++) board = board "/" part[i]
	if (group == "Scale" || group == "Throughput" || group == "ExpectedScale") { board = name; sub(/^[^\/]*\/?/, "", board); variant = "" }
	key = group SUBSEP board SUBSEP variant
	keep("ns", key, value("ns/op")); allocs[key] = value("allocs/op")
	keep("nsq", key, value("ns/square")); keep("heap", key, value("heapB/square")); keep("rate", key, value("boards/s"))
	if (!((group, board) in seen)) { seen[group, board] = 1; order[group, ++count[group]] = board }
}
function num(v) { return v == "" ? "–" : v >= 100 ? sprintf("%.0f", v) : v >= 1 ? sprintf("%.2f", v) : sprintf("%.3f", v) }
function ratio(a, b) { return (a == "" || b == "" || b == 0) ? "–" : a / b < 0.1 ? sprintf("%.3f×", a / b) : sprintf("%.1f×", a / b) }
END {
	for (k in med) { split(k, kk, SUBSEP); which = kk[1]; key = kk[2] SUBSEP kk[3] SUBSEP kk[4]
		if (which == "ns") ns[key] = med[k]; else if (which == "nsq") nsq[key] = med[k]
		else if (which == "heap") heap[key] = med[k]; else rate[key] = med[k] }
	print "\n### MinRolls: how many times faster the library is (same run)\n"
	print "| board | snakes ns/op | allocs/op | gonum BFS | gonum BFS + build | gonum Dijkstra | adjacency list | inline coords | time ÷ floor |"
	print "|---|---:|---:|---:|---:|---:|---:|---:|---:|"
	for (i = 1; i <= count["MinRolls"]; i++) {
		b = order["MinRolls", i]; s = ns["MinRolls", b, "snakes"]
		printf "| %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", b, num(s), allocs["MinRolls", b, "snakes"],
			ratio(ns["MinRolls", b, "gonumBFS"], s), ratio(ns["MinRolls", b, "gonumBFS+build"], s),
			ratio(ns["MinRolls", b, "gonumDijkstra"], s), ratio(ns["MinRolls", b, "adjacency"], s),
			ratio(ns["MinRolls", b, "inline"], s), ratio(s, ns["MinRolls", b, "floor"])
	}
	print "\n### NewBoard + MinRolls from 10⁴ to 10⁸ squares\n"
	print "| board | ns/square | heap bytes/square | ns/square ÷ the 100×100 board of the same density |"
	print "|---|---:|---:|---:|"
	for (i = 1; i <= count["Scale"]; i++) {
		b = order["Scale", i]; d = b; sub(/^[^\/]*\//, "", d)
		printf "| %s | %s | %s | %s |\n", b, num(nsq["Scale", b, ""]), num(heap["Scale", b, ""]), ratio(nsq["Scale", b, ""], nsq["Scale", "100x100/" d, ""])
	}
	print "\n### ExpectedTurns from 10⁴ to 10⁶ squares\n"
	print "| board | ms/op | ns/square | heap bytes/square |"
	print "|---|---:|---:|---:|"
	for (i = 1; i <= count["ExpectedScale"]; i++) {
		b = order["ExpectedScale", i]
		printf "| %s | %s | %s | %s |\n", b, num(ns["ExpectedScale", b, ""] / 1e6), num(nsq["ExpectedScale", b, ""]), num(heap["ExpectedScale", b, ""])
	}
	print "\n### ExpectedTurns against gonum LU\n"
	print "| board | snakes ns/op | allocs/op | gonum LU ns/op | speed-up |"
	print "|---|---:|---:|---:|---:|"
	for (i = 1; i <= count["ExpectedTurns"]; i++) {
		b = order["ExpectedTurns", i]
		printf "| %s | %s | %s | %s | %s |\n", b, num(ns["ExpectedTurns", b, "snakes"]), allocs["ExpectedTurns", b, "snakes"],
			num(ns["ExpectedTurns", b, "gonumLU"]), ratio(ns["ExpectedTurns", b, "gonumLU"], ns["ExpectedTurns", b, "snakes"])
	}
	print "\n### Throughput\n"
	printf "NewBoard + MinRolls + ExpectedTurns on random 10×10 boards: %s ns a board, %.0f boards/s on one core.\n",
		num(ns["Throughput", "", ""]), rate["Throughput", "", ""]
}' results.txt
