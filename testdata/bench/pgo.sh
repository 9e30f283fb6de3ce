#!/usr/bin/env bash
# Writes cmd/tricks/default.pgo, the CPU profile that `go build` optimises the tricks command
# by (profile-guided optimisation: https://go.dev/doc/pgo; go build and go install use the
# default.pgo of the main package by themselves). The profile is of the work bench.sh
# measures, run in-process by the pipeline benchmarks: validate of text (Hearts hands with
# their deals and without, whose hands are inferred from the play; whole Spades partnership
# games) and of YAML, score -f jsonl, simulate. Run it from the repository root after a change to the hot path, and
# commit the profile with the change (an older profile still works, for less).
#
# Usage: testdata/bench/pgo.sh [BENCHTIME=3s]
set -euo pipefail
benchtime=${1:-3s}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
go test ./cmd/tricks/internal/app -run '^$' -bench 'Pipeline(Validate|ValidateInferred|ValidateYAML|ScoreJSONL|Spades|Simulate)$' \
  -benchtime "$benchtime" -count 1 -cpuprofile "$dir/cpu.prof" -o "$dir/tricks.test" > "$dir/bench.txt"
grep '^Benchmark' "$dir/bench.txt"
cp "$dir/cpu.prof" cmd/tricks/default.pgo
echo "wrote cmd/tricks/default.pgo ($(wc -c < cmd/tricks/default.pgo) bytes)"
