#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Long fuzzing campaigns over every libFuzzer target of tests/fuzz (README "Fuzzing").
#   scripts/fuzz.sh [SECONDS] [TARGET...]
# SECONDS per target (default 600); TARGET: a file name of tests/fuzz/*.c without .c
# (default: all). Builds build-fuzz/ (clang-14, AddressSanitizer + UndefinedBehaviorSanitizer,
# -Dfuzz=true), then runs the targets two at a time (HORDE_FUZZ_JOBS), each from its
# committed seeds into build-fuzz/fuzz-corpus/<target>, with every finding saved as
# build-fuzz/fuzz-findings/<target>/crash-* (reproduce: build-fuzz/tests/fuzz/fuzz_<target>
# FILE). HORDE_FUZZ_UPDATE_SEEDS=1 merges each grown corpus back into
# tests/fuzz/corpus/<target>, keeping at most 40 small inputs. Prints one line per target
# (runs, coverage, findings) and exits non-zero if any target found anything.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-600}
shift || true
all=()
for f in tests/fuzz/*.c; do all+=("$(basename "$f" .c)"); done
targets=("$@")
if ((${#targets[@]} == 0)); then targets=("${all[@]}"); fi
jobs=${HORDE_FUZZ_JOBS:-2}
dir=build-fuzz
flags="-fno-sanitize-recover=undefined -fno-omit-frame-pointer"
if [ ! -f "$dir/meson-private/coredata.dat" ]; then
    CC=clang-14 CXX=clang++-14 meson setup "$dir" -Dbuildtype=debugoptimized -Dtests=false -Dbench=disabled \
        -Dfuzz=true -Db_sanitize=address,undefined -Db_lundef=false "-Dc_args=$flags" >/dev/null
fi
ninja -C "$dir" >/dev/null
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 ASAN_OPTIONS=detect_leaks=1:halt_on_error=1
export HORDE_FUZZ_REQUIRE=1
run_one() {
    local t=$1 corpus=$dir/fuzz-corpus/$1 findings=$dir/fuzz-findings/$1 log=$dir/fuzz-logs/$1.log
    mkdir -p "$corpus" "$findings" "$dir/fuzz-logs" "tests/fuzz/corpus/$t"
    local rc=0
    "$dir/tests/fuzz/fuzz_$t" "$corpus" "tests/fuzz/corpus/$t" -max_total_time="$seconds" -timeout=20 \
        -error_exitcode=1 -timeout_exitcode=1 -rss_limit_mb=2048 -max_len=4096 -print_final_stats=1 -artifact_prefix="$findings/" >"$log" 2>&1 || rc=$?
    local runs cov found
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1) || true
    cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1 | cut -d' ' -f2) || true
    found=$(find "$findings" -type f | wc -l) || true
    printf '%-18s %4ss  runs %-10s coverage %-6s corpus %-5s findings %s  exit %s  %s\n' "$t" "$seconds" \
        "${runs:-?}" "${cov:-?}" "$(find "$corpus" -type f | wc -l)" "$found" "$rc" \
        "$(grep '^counters:' "$log" | tail -1 || true)"
    if [ "${HORDE_FUZZ_UPDATE_SEEDS:-0}" = 1 ] && [ "$rc" = 0 ]; then
        local merged
        merged=$(mktemp -d)
        "$dir/tests/fuzz/fuzz_$t" -merge=1 -max_len=1024 "$merged" "$corpus" >/dev/null 2>&1 || true
        mkdir -p "tests/fuzz/corpus/$t"
        # head stops reading after 40 names: find's SIGPIPE must not fail the target under pipefail
        { find "$merged" -type f -size -1025c | head -n 40 | xargs -r cp -t "tests/fuzz/corpus/$t"; } || true
        rm -rf "$merged"
    fi
    [ "$rc" = 0 ] && [ "$found" = 0 ]
}
status=0
pids=()
for t in "${targets[@]}"; do
    run_one "$t" &
    pids+=($!)
    if ((${#pids[@]} >= jobs)); then
        wait "${pids[0]}" || status=1
        pids=("${pids[@]:1}")
    fi
done
for p in "${pids[@]}"; do wait "$p" || status=1; done
exit $status
