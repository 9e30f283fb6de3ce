#!/usr/bin/env bash
# End-to-end throughput of tricks on N single-hand 4-player Hearts games with their deals and
# passes, the games of
#   tricks simulate -r hearts -o end=rounds -o rounds=1 --with-deal -n N --seed 1
# (about 740 bytes of text a hand). In one run it prints hands/s and MB/s of `validate -q`
# and `score -f jsonl` at -j 1 pinned to one core (with taskset, where present) and at -j
# <all cores>, how much faster `wc -l` reads the same file, the rates on the same games as
# YAML and as JSON lines (converted once), `simulate` hands/s, and each run's peak RSS (with
# GNU /usr/bin/time, where present, which also gives the CPU time: on a shared machine the
# hands per CPU second say more than the wall clock). Each figure is the median of RUNS runs;
# the two runs of validate for the -j scaling are made in turn, and their ratio is the median
# of the pairs' ratios.
# Then it streams BIG games (1,000,000 by default; 0 skips it) from simulate through
# `validate -j <all cores> -` for the peak RSS of a long run, without writing them to disk.
# At the end it checks the (wall clock) figures against the targets.
#
# Usage (from the repository root): testdata/bench/bench.sh [N=100000] [RUNS=3] [BIG=1000000]
set -euo pipefail
n=${1:-100000}
runs=${2:-3}
big=${3:-1000000}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

cores=$(getconf _NPROCESSORS_ONLN 2>/dev/null || nproc 2>/dev/null || echo 1)
pin=()
if command -v taskset > /dev/null && taskset -c 0 true 2> /dev/null; then
  pin=(taskset -c 0)
fi
gnutime=
if [ -x /usr/bin/time ] && /usr/bin/time -f %M -o /dev/null true 2> /dev/null; then
  gnutime=/usr/bin/time
fi

go build -tags urfave_cli_no_docs -o "$dir/tricks" ./cmd/tricks # as the README installs it
tricks=$dir/tricks
sim=(simulate -r hearts -o end=rounds -o rounds=1 --with-deal -n "$n" --seed 1)
"$tricks" "${sim[@]}" > "$dir/games.tricks"
"$tricks" convert --to yaml "$dir/games.tricks" > "$dir/games.yaml"
"$tricks" convert -f jsonl "$dir/games.tricks" > "$dir/games.json"
hands=$(grep -c '^round' "$dir/games.tricks")
mb() { awk -v b="$(wc -c < "$1")" 'BEGIN { printf "%.1f", b / 1e6 }'; }
echo "corpus: $n games, $hands hands: text $(mb "$dir/games.tricks") MB, YAML $(mb "$dir/games.yaml") MB, JSON lines $(mb "$dir/games.json") MB"
echo "machine: $cores cores; one core: ${pin[*]:-not pinned (no taskset)}; peak RSS: ${gnutime:-not measured (no GNU time)}; median of $runs runs"
echo

# once NAME CMD...: runs CMD once (stdout discarded) and appends its start and end time, peak
# RSS and CPU time to $dir/NAME.all.
once() {
  local name=$1
  shift
  local start end use="0 0"
  start=$(date +%s.%N)
  if [ -n "$gnutime" ]; then
    "$gnutime" -f "%M %U %S" -o "$dir/use" "$@" > /dev/null || [ $? -eq 1 ]
    use=$(tail -n 1 "$dir/use" | awk '{ print $1, $2 + $3 }')
  else
    "$@" > /dev/null || [ $? -eq 1 ]
  fi
  end=$(date +%s.%N)
  echo "$start $end $use" >> "$dir/$name.all"
}

median() { sort -g | awk '{ t[NR] = $1 } END { print t[int((NR + 1) / 2)] }'; }

# summary NAME FILE: records the median wall time, the median CPU time and the largest peak
# RSS of the runs in $dir/NAME.all as $dir/NAME.{s,cpu,rss}, and prints them. FILE is the
# input, for MB/s ("-": none).
summary() {
  local name=$1 file=$2
  awk '{ print $2 - $1 }' "$dir/$name.all" | median > "$dir/$name.s"
  awk '{ print $4 }' "$dir/$name.all" | median > "$dir/$name.cpu"
  awk 'BEGIN { m = 0 } $3 > m { m = $3 } END { print m }' "$dir/$name.all" > "$dir/$name.rss"
  local bytes=0
  [ "$file" != - ] && bytes=$(wc -c < "$file")
  awk -v l="$name" -v t="$(cat "$dir/$name.s")" -v c="$(cat "$dir/$name.cpu")" -v h="$hands" -v b="$bytes" \
    -v m="$(cat "$dir/$name.rss")" 'BEGIN {
    line = sprintf("%-26s %7.3f s %10.0f hands/s", l, t, h / t)
    if (b > 0) line = line sprintf(" %8.1f MB/s", b / t / 1e6); else line = line sprintf(" %13s", "")
    if (m > 0) line = line sprintf(" %7.1f MB RSS", m / 1024)
    if (c > 0) line = line sprintf("  | CPU %6.2f s %10.0f hands/CPU-s", c, h / c)
    print line }'
}

# measure NAME FILE CMD...: runs CMD $runs times and prints the summary.
measure() {
  local name=$1 file=$2
  shift 2
  : > "$dir/$name.all"
  local k
  for ((k = 0; k < runs; k++)); do
    once "$name" "$@"
  done
  summary "$name" "$file"
}

# scaling A B FILE N: runs validate -q -j 1 pinned to one core (A) and -j N (B) in turn,
# $runs times each, prints both summaries, and records the median of the pairs' ratios of
# wall time, A / B, as $dir/scaling: the speed of a shared machine drifts from one minute to
# the next, and a ratio of two runs made seconds apart is steadier than one of two medians.
scaling() {
  local a=$1 b=$2 file=$3 j=$4 k
  : > "$dir/$a.all"
  : > "$dir/$b.all"
  for ((k = 0; k < runs; k++)); do
    once "$a" "${pin[@]}" "$tricks" validate -q -j 1 "$file"
    once "$b" "$tricks" validate -q -j "$j" "$file"
  done
  summary "$a" "$file"
  summary "$b" "$file"
  paste "$dir/$a.all" "$dir/$b.all" | awk '{ print ($2 - $1) / ($6 - $5) }' | median > "$dir/scaling"
}

measure "wc -l text" "$dir/games.tricks" wc -l "$dir/games.tricks"
scaling "validate text -j 1 (1)" "validate text -j $cores" "$dir/games.tricks" "$cores"
measure "score jsonl text -j 1 (1)" "$dir/games.tricks" "${pin[@]}" "$tricks" score -f jsonl -j 1 "$dir/games.tricks"
measure "score jsonl text -j $cores" "$dir/games.tricks" "$tricks" score -f jsonl -j "$cores" "$dir/games.tricks"
measure "stats text -j 1 (1)" "$dir/games.tricks" "${pin[@]}" "$tricks" stats -j 1 "$dir/games.tricks"
measure "validate yaml -j 1 (1)" "$dir/games.yaml" "${pin[@]}" "$tricks" validate -q -j 1 "$dir/games.yaml"
measure "validate json -j 1 (1)" "$dir/games.json" "${pin[@]}" "$tricks" validate -q -j 1 "$dir/games.json"
measure "simulate -j 1 (1)" - "${pin[@]}" "$tricks" "${sim[@]}" -j 1
measure "simulate -j $cores" - "$tricks" "${sim[@]}" -j "$cores"
echo "(1): pinned to one core"
bigrss=0
if [ "$big" -gt 0 ] && [ -n "$gnutime" ]; then
  "$tricks" simulate -r hearts -o end=rounds -o rounds=1 --with-deal -n "$big" --seed 1 -j 1 |
    "$gnutime" -f %M -o "$dir/bigrss" "$tricks" validate -q -j "$cores" - || [ $? -eq 1 ]
  bigrss=$(tail -n 1 "$dir/bigrss")
  awk -v n="$big" -v m="$bigrss" 'BEGIN { printf "validate -j all of %d games streamed from simulate: peak RSS %.1f MB\n", n, m / 1024 }'
fi

# The figures against the targets. The one-core rates and the format ratios are taken per CPU
# second when GNU time gave the CPU time (on a shared machine the wall clock of a pinned run
# includes the other work on that core); the -j scaling can only be wall clock.
s() { cat "$dir/$1.s"; }
one() { if [ -n "$gnutime" ]; then cat "$dir/$1.cpu"; else cat "$dir/$1.s"; fi; }
basis=wall
[ -n "$gnutime" ] && basis=CPU
rss=$(cat "$dir"/*.rss | sort -n | tail -n 1)
echo
awk -v h="$hands" -v wc="$(s "wc -l text")" -v v1w="$(s "validate text -j 1 (1)")" -v scaling="$(cat "$dir/scaling")" \
  -v s1w="$(s "score jsonl text -j 1 (1)")" -v v1="$(one "validate text -j 1 (1)")" -v y1="$(one "validate yaml -j 1 (1)")" \
  -v j1="$(one "validate json -j 1 (1)")" -v m1="$(one "simulate -j 1 (1)")" -v basis="$basis" \
  -v rss="$rss" -v cores="$cores" -v n="$n" -v big="$big" -v bigrss="$bigrss" 'BEGIN {
  printf "wc -l reads the text %.0fx faster than validate -j 1 and %.0fx faster than score -f jsonl -j 1 (wall clock)\n", v1w / wc, s1w / wc
  printf "one-core rates and format ratios per %s second:\n", basis
  check("validate text -j 1, one core >= 250,000 hands/s (aim 400,000)", h / v1, 250000, "%.0f")
  if (cores >= 2) check(sprintf("validate -j %d / -j 1 >= 1.85 (wall clock, paired runs)", cores), scaling, 1.85, "%.2f")
  check("YAML rate / text rate >= 1/2", v1 / y1, 1 / 2, "%.2f")
  check("JSON rate / text rate >= 1/2", v1 / j1, 1 / 2, "%.2f")
  check("simulate -j 1, one core >= 100,000 hands/s", h / m1, 100000, "%.0f")
  if (rss > 0) check(sprintf("peak RSS < 64 MB (%d games)", n), 64 - rss / 1024, 0, "%.1f MB to spare")
  if (bigrss > 0) check(sprintf("peak RSS < 64 MB (%d games streamed)", big), 64 - bigrss / 1024, 0, "%.1f MB to spare")
}
function check(what, got, want, f, verdict) {
  verdict = "BELOW"
  if (got >= want) verdict = "meets"
  printf "%-64s " f "  %s\n", what, got, verdict
}'
