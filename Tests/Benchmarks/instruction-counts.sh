#!/usr/bin/env bash
# Instruction counts of M1, M2 and M3 per frame (issue 17 item 6): bezel-bench does each
# figure's work COUNT times after a warm-up (`--instructions`), and callgrind counts only the
# function doing it (`--toggle-collect`). Instruction counts do not change with the machine's
# load (the same binary gives the same count to within a few instructions), so a regression
# shows here where timings would drown it.
#
#   instruction-counts.sh BEZEL_BENCH [--record]
#
# Prints `RESULT M1_instructions=… per_frame` (and M2, M3) and compares each with
# Tests/BenchmarkResults/instructions.txt: exits 1 when one is more than 3 % above it (and
# says which). --record writes the file instead (after a change meant to cost more, or one
# that saves: commit it with the change).
set -euo pipefail
bench=$(realpath "$1")
record=${2:-}
here=$(cd "$(dirname "$0")" && pwd)
committed="$here/../BenchmarkResults/instructions.txt"
count=50
command -v valgrind >/dev/null || { echo "instruction-counts.sh: valgrind is not installed" >&2; exit 1; }

declare -A function=([M1]=countedFullRender [M2]=countedHighlightRedraw [M3]=countedPressRelease)
results=()
for figure in M1 M2 M3; do
    out=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null --toggle-collect="*${function[$figure]}*" \
        "$bench" --instructions "$figure" "$count" 2>&1) || { echo "$out" >&2; exit 1; }
    total=$(echo "$out" | sed -n 's/.*Collected : \([0-9]*\).*/\1/p' | tail -1)
    [ -n "$total" ] && [ "$total" -gt 0 ] || { echo "instruction-counts.sh: callgrind counted nothing for $figure" >&2; echo "$out" >&2; exit 1; }
    per=$((total / count))
    echo "RESULT ${figure}_instructions=$per per_frame (callgrind, $count frames)"
    results+=("${figure}_instructions=$per")
done

if [ "$record" = --record ]; then
    {
        echo "# Instruction counts per frame (Tests/Benchmarks/instruction-counts.sh --record), release"
        echo "# build, callgrind. CI fails when a figure is more than 3 % above its line here."
        printf '%s\n' "${results[@]}"
    } > "$committed"
    echo "recorded in $committed"
    exit 0
fi
[ -f "$committed" ] || { echo "instruction-counts.sh: no $committed (run with --record)" >&2; exit 1; }
failed=0
for line in "${results[@]}"; do
    key=${line%%=*}; value=${line#*=}
    base=$(sed -n "s/^$key=\([0-9]*\).*/\1/p" "$committed")
    [ -n "$base" ] || { echo "instruction-counts.sh: $key is not in $committed" >&2; failed=1; continue; }
    # More than 3 % above: value * 100 > base * 103.
    if [ $((value * 100)) -gt $((base * 103)) ]; then
        echo "FAIL $key=$value is more than 3 % above the committed $base" >&2
        failed=1
    else
        echo "ok $key=$value against the committed $base ($(( (value - base) * 10000 / base )) hundredths of a percent)"
    fi
done
exit $failed
