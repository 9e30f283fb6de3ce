#!/usr/bin/env bash
# End-to-end throughput: simulate N 4-player Hearts games, then time `tricks validate` and
# `tricks score` on them as text and as YAML, with 1 and 2 workers. Prints wall time, games
# per second and peak memory. Usage (from the repository root):
#   testdata/bench/bench.sh [N=20000] [RULESET=hearts]
set -euo pipefail
n=${1:-20000}
ruleset=${2:-hearts}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
go build -o "$dir/tricks" ./cmd/tricks
"$dir/tricks" simulate -r "$ruleset" -n "$n" --seed 1 > "$dir/games.tricks"
"$dir/tricks" convert --to yaml "$dir/games.tricks" > "$dir/games.yaml"
echo "$n $ruleset games: $(du -h "$dir/games.tricks" | cut -f1) text, $(du -h "$dir/games.yaml" | cut -f1) YAML"
run() {
  local label=$1; shift
  local start end
  start=$(date +%s.%N)
  /usr/bin/time -f "%M" -o "$dir/mem" "$@" > /dev/null || [ $? -eq 1 ]
  end=$(date +%s.%N)
  awk -v l="$label" -v s="$start" -v e="$end" -v n="$n" -v m="$(cat "$dir/mem")" \
    'BEGIN { t = e - s; printf "%-28s %6.2f s  %8.0f games/s  %6.1f MB\n", l, t, n / t, m / 1024 }'
}
for j in 1 2; do
  run "validate text -j $j" "$dir/tricks" validate -q -j "$j" "$dir/games.tricks"
done
run "score text jsonl -j 2" "$dir/tricks" score -f jsonl -j 2 "$dir/games.tricks"
run "stats text -j 1" "$dir/tricks" stats -j 1 "$dir/games.tricks"
run "validate yaml -j 2" "$dir/tricks" validate -q -j 2 "$dir/games.yaml"
