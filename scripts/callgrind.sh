#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Instructions per item of kernel backends, counted by callgrind: a figure that stays the
# same on a noisy machine (timings do not). Each row runs the release benchmark binary
# and counts only inside the backend's own function (--toggle-collect=horde_<kernel>_<isa>).
# The benchmark's set-up may call the same function too (the scalar reference computes
# context figures), so every row runs twice, with one and with three timed calls
# (--benchmark_min_time=0 times one call per repetition), and reports the difference
# divided by 2n.
#
#   ./scripts/callgrind.sh [BUILD_DIR] [kernel/isa/n ...]
#   default: build-bench (scripts/bench.sh builds it) and the voxel kernels' rows.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${1:-build-bench}
shift || true
rows=("$@")
if ((${#rows[@]} == 0)); then
    for k in cylinder_push/65536 cylinder_move/100000 aabb_move/100000; do
        for isa in scalar sse41 avx2; do
            rows+=("${k%%/*}/$isa/${k##*/}")
        done
    done
fi
bin="$dir/bench/horde_bench"
[ -x "$bin" ] || { echo "callgrind.sh: no $bin (run ./scripts/bench.sh first)" >&2; exit 1; }
command -v valgrind >/dev/null || { echo "callgrind.sh: valgrind not installed" >&2; exit 1; }

# instructions counted in horde_<kernel>_<isa> over a run with `reps` timed calls
count() {
    local row=$1 reps=$2 kernel isa n out total
    IFS=/ read -r kernel isa n <<<"$row"
    out=$(mktemp)
    valgrind --tool=callgrind --callgrind-out-file="$out" --toggle-collect="horde_${kernel}_${isa}" \
        "$bin" --benchmark_filter="^${row}\$" --benchmark_min_time=0 \
        --benchmark_repetitions="$reps" >/dev/null 2>&1
    total=$(callgrind_annotate "$out" 2>/dev/null | awk '/PROGRAM TOTALS/ {gsub(",", "", $1); print $1}')
    rm -f "$out"
    echo "$total"
}

printf '%-28s %12s\n' row per_item
for row in "${rows[@]}"; do
    one=$(count "$row" 1)
    three=$(count "$row" 3)
    awk -v r="$row" -v a="$one" -v b="$three" -v n="${row##*/}" \
        'BEGIN { printf "%-28s %12.0f\n", r, (b - a) / (2 * n) }'
done
