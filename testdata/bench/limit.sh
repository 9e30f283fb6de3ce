#!/usr/bin/env bash
# How close tricks comes to a C program doing the same essential work, and how fast it starts.
#
# The yardstick is limit.c (by default ../shared/bench/limit.c beside the repository, or the file
# LIMIT_C names): it reads 4-player Hearts text, checks what `tricks validate` checks on such
# hands with 64-bit hand masks and no allocation, scores them, and prints the games, the
# violations and the sum of all points. The corpus is the Hearts hands of OPENSPIEL (by default
# ../shared/examples/openspiel: the hands another engine played, with their deals and passes),
# each game once per copy, separated by ---.
#
# It prints, each the median of RUNS paired runs pinned to one core (taskset, where present),
# the CPU time (GNU time) of `tricks validate -q -j 1` and of `tricks score -f jsonl -j 1`
# against limit's on the same file, with their ratios; it checks that limit's sum of points is
# score's; then the start-up: the wall time of `tricks score` of one small game against `cat`
# of it. tricks is built as the README installs it (-tags urfave_cli_no_docs); the start-up of
# a plain build is printed too. At the end it checks the ratios against the targets (validate
# at most 1.5x limit, score at most 1.8x, start-up at most 2x cat).
#
# Usage (from the repository root): testdata/bench/limit.sh [COPIES=5000] [RUNS=11]
set -euo pipefail
copies=${1:-5000}
runs=${2:-11}
limit_c=${LIMIT_C:-../shared/bench/limit.c}
openspiel=${OPENSPIEL:-../shared/examples/openspiel}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

[ -f "$limit_c" ] || { echo "limit.sh: no $limit_c (set LIMIT_C)" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "limit.sh: needs GNU time at /usr/bin/time for CPU times" >&2; exit 2; }
pin=()
if command -v taskset > /dev/null && taskset -c 0 true 2> /dev/null; then
  pin=(taskset -c 0)
fi

# Built as the README's install command builds it (the tag leaves out urfave/cli's man-page
# writer, which tricks does not use); the start-up is also timed of a plain build.
go build -tags urfave_cli_no_docs -o "$dir/tricks" ./cmd/tricks
go build -o "$dir/tricks-plain" ./cmd/tricks
cc -O2 -o "$dir/limit" "$limit_c"
tricks=$dir/tricks

# One copy: every Hearts game of the sample, --- between games.
awk 'FNR == 1 && NR > 1 { print "---" } { print }' "$openspiel"/hearts_*/*.tricks > "$dir/one.tricks"
for ((i = 0; i < copies; i++)); do
  [ "$i" -eq 0 ] || echo "---"
  cat "$dir/one.tricks"
done > "$dir/games.tricks"
hands=$(grep -c '^round' "$dir/games.tricks")
echo "corpus: $copies copies of $(grep -c '^game' "$dir/one.tricks") OpenSpiel Hearts games: $hands hands, $(awk -v b="$(wc -c < "$dir/games.tricks")" 'BEGIN { printf "%.1f", b / 1e6 }') MB"

# The same points: limit's sum against score's.
want=$("$dir/limit" "$dir/games.tricks" | awk '/points/ { print $NF }' || true)
got=$("$tricks" score -f jsonl "$dir/games.tricks" | awk '{ s = $0; sub(/.*"totals":\{/, "", s); sub(/\}.*/, "", s); n = split(s, kv, ","); for (i = 1; i <= n; i++) { split(kv[i], p, ":"); t += p[2] } } END { print t + 0 }')
echo "sum of points: limit $want, tricks score $got$([ "$want" = "$got" ] && echo " (the same)" || echo " (DIFFERENT)")"

# cpu CMD...: the CPU seconds (user + system) of one run of CMD, pinned, output discarded.
cpu() {
  /usr/bin/time -f "%U %S" -o "$dir/t" "${pin[@]}" "$@" > /dev/null 2>&1 || true
  awk '{ print $1 + $2 }' "$dir/t"
}
# median FILE: the median of the numbers in FILE, one a line.
median() { sort -g "$1" | awk '{ v[NR] = $1 } END { print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }'; }

: > "$dir/lim"; : > "$dir/val"; : > "$dir/sco"; : > "$dir/rv"; : > "$dir/rs"
for ((i = 0; i < runs; i++)); do
  l=$(cpu "$dir/limit" "$dir/games.tricks")
  v=$(cpu "$tricks" validate -q -j 1 "$dir/games.tricks")
  s=$(cpu "$tricks" score -f jsonl -j 1 "$dir/games.tricks")
  echo "$l" >> "$dir/lim"; echo "$v" >> "$dir/val"; echo "$s" >> "$dir/sco"
  awk -v a="$v" -v b="$l" 'BEGIN { if (b > 0) print a / b }' >> "$dir/rv"
  awk -v a="$s" -v b="$l" 'BEGIN { if (b > 0) print a / b }' >> "$dir/rs"
done
rate() { awk -v h="$hands" -v t="$1" 'BEGIN { printf "%.0f", (t > 0 ? h / t : 0) }'; }
lim=$(median "$dir/lim"); val=$(median "$dir/val"); sco=$(median "$dir/sco")
rv=$(median "$dir/rv"); rs=$(median "$dir/rs")
echo
echo "CPU seconds, median of $runs paired runs (${pin[*]:-not pinned}):"
printf '  %-32s %6.2f s  %9s hands/CPU-s\n' "limit.c (cc -O2)" "$lim" "$(rate "$lim")"
printf '  %-32s %6.2f s  %9s hands/CPU-s  %.2fx limit\n' "tricks validate -q -j 1" "$val" "$(rate "$val")" "$rv"
printf '  %-32s %6.2f s  %9s hands/CPU-s  %.2fx limit\n' "tricks score -f jsonl -j 1" "$sco" "$(rate "$sco")" "$rs"

# Start-up: one small game, whole processes, wall clock, paired with cat; the plain build's
# in the same loop.
small=testdata/examples/hearts.tricks
: > "$dir/rst"; : > "$dir/rpl"
for ((i = 0; i < 3 * runs; i++)); do
  a=$(date +%s%N); "$tricks" score "$small" > /dev/null; b=$(date +%s%N)
  cat "$small" > /dev/null; c=$(date +%s%N)
  "$dir/tricks-plain" score "$small" > /dev/null; d=$(date +%s%N)
  awk -v t="$((b - a))" -v u="$((c - b))" 'BEGIN { if (u > 0) print t / u }' >> "$dir/rst"
  awk -v t="$((d - c))" -v u="$((c - b))" 'BEGIN { if (u > 0) print t / u }' >> "$dir/rpl"
done
rst=$(median "$dir/rst"); rpl=$(median "$dir/rpl")
printf '\nstart-up: tricks score of %s takes %.2fx the wall time of cat of it (median of %d pairs)\n' "$small" "$rst" "$((3 * runs))"
printf '  (built without -tags urfave_cli_no_docs: %.2fx)\n' "$rpl"

echo
echo "targets:"
awk -v v="$rv" -v s="$rs" -v t="$rst" 'BEGIN {
  printf "  validate <= 1.5x limit: %s (%.2fx)\n", v <= 1.5 ? "met" : "NOT met", v
  printf "  score    <= 1.8x limit: %s (%.2fx)\n", s <= 1.8 ? "met" : "NOT met", s
  printf "  start-up <= 2x cat:     %s (%.2fx)\n", t <= 2 ? "met" : "NOT met", t
}'
