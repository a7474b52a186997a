#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# run.sh TARGET SEED_DIR: one short fuzzing run (a test of the fuzz suite). The scratch
# corpus starts from the committed seeds and is thrown away; findings (crash-*, leak-*,
# timeout-*) are kept in the build directory's fuzz-findings/ and fail the test (exit 1:
# libFuzzer's own default, 77, would read as "skipped" to meson).
set -euo pipefail
target=$1 seeds=$2
seconds=${HORDE_FUZZ_SECONDS:-15}
name=$(basename "$target")
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
findings=$(dirname "$target")/fuzz-findings/$name
mkdir -p "$findings"
export HORDE_FUZZ_REQUIRE=1
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
export ASAN_OPTIONS=detect_leaks=1:halt_on_error=1
mkdir -p "$seeds" 2>/dev/null || true
"$target" "$scratch" "$seeds" -max_total_time="$seconds" -timeout=20 -rss_limit_mb=2048 \
    -error_exitcode=1 -timeout_exitcode=1 -seed=1 -print_final_stats=1 -artifact_prefix="$findings/"
