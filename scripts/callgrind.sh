#!/usr/bin/env bash
# Instructions per item of kernel backends, counted by callgrind: a figure that stays the
# same on a noisy machine (timings do not). Each row runs one benchmark call of the
# release benchmark binary and counts only inside the backend's own function
# (--toggle-collect=horde_<kernel>_<isa>), so scene set-up and the peers are not counted.
#
#   ./scripts/callgrind.sh [BUILD_DIR] [kernel/isa/n ...]
#   default: build-bench (scripts/bench.sh builds it) and the voxel rows of issue 12.
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
printf '%-32s %14s %10s\n' row instructions per_item
for row in "${rows[@]}"; do
    IFS=/ read -r kernel isa n <<<"$row"
    out=$(mktemp)
    valgrind --tool=callgrind --callgrind-out-file="$out" --toggle-collect="horde_${kernel}_${isa}" \
        "$bin" --benchmark_filter="^${row}\$" --benchmark_min_time=0 >/dev/null 2>&1
    total=$(callgrind_annotate "$out" 2>/dev/null | awk '/PROGRAM TOTALS/ {gsub(",", "", $1); print $1}')
    rm -f "$out"
    # --benchmark_min_time=0 times exactly one call of n items
    printf '%-32s %14s %10.0f\n' "$row" "$total" "$(echo "$total / $n" | bc -l)"
done
