#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The one test command (CI runs it through .ci/run). On a fresh Debian 12 machine it
# installs what is missing, then builds and runs the whole meson test suite three ways:
#   build-test/   native release build (+ the benchmark, so it at least compiles)
#   build-san/    -O2 -g1 with AddressSanitizer + UndefinedBehaviorSanitizer
#   build-clang/  release build with clang-14
#   build-tsan/   clang-14 with ThreadSanitizer (every test; tests/api/threads.c calls every
#                 kernel from several threads while another forces backends)
#   build-fuzz/   clang-14 libFuzzer targets (tests/fuzz) with ASan + UBSan, each run for
#                 HORDE_FUZZ_SECONDS (default 15) from its committed seeds
# and then cross-compiled, each suite run under its emulator (scripts/cross/*.ini):
#   build-aarch64/  aarch64-linux-gnu under qemu-aarch64 (NEON native)
#   build-armv7/    arm-linux-gnueabihf (ARMv7-A + NEON) under qemu-arm
#   build-wasm32/   wasm32-wasi (SIMD128) under node's WASI, then the crowd example's
#                   browser page in headless Chromium (scripts/browser_check.sh)
# then the consumer builds (scripts/check_consumers.sh) and the documentation check
# (scripts/check_docs.sh), each counted like the meson tests.
# Under emulation the checkasm programs test HORDE_CROSS_ITEMS random items per backend
# (default 100000; the native release and clang runs keep their 1,000,000), and under
# ASan+UBSan HORDE_SAN_ITEMS (default 250000: the sanitizers look for memory and UB
# errors on the same paths, and at 1,000,000 that run was the suite's longest, 10 min,
# 4 of them in checkasm_cylinder_move's SIMDe-emulated backends); every other test is
# unchanged.
# HORDE_TEST_CROSS=0 skips the cross suites (they are on by default, and in CI).
# A build that fails still lets every test program that did build run; each test whose
# program could not be built counts as failed, and so does the failed build itself.
# The last line of output is always "N passed, N failed" (meson tests across all runs).
# Exit status: 0 only if everything built and every test passed.
set -euo pipefail
cd "$(dirname "$0")/.."

SECONDS=0
passed=0
failed=0
skipped=0
problems=()

fail() { # fail COUNT WHAT
    failed=$((failed + $1))
    problems+=("$2")
}

finish() {
    echo
    echo "=== summary ==="
    if ((${#problems[@]})); then
        printf '  FAILED: %s\n' "${problems[@]}"
    fi
    if ((skipped)); then
        echo "  ($skipped skipped, counted in neither number)"
    fi
    printf 'wall time: %dm%02ds\n' $((SECONDS / 60)) $((SECONDS % 60))
    echo "$passed passed, $failed failed"
    if ((failed)); then exit 1; fi
    exit 0
}

# ---- dependencies ------------------------------------------------------------------------
packages=(meson ninja-build gcc g++ pkg-config cmake libsimde-dev libbenchmark-dev clang-14 libclang-rt-14-dev
    libbullet-dev libpng-dev)
cross=${HORDE_TEST_CROSS:-1}
if [ "$cross" != 0 ]; then
    packages+=(qemu-user gcc-aarch64-linux-gnu libc6-dev-arm64-cross gcc-arm-linux-gnueabihf
        libc6-dev-armhf-cross llvm-14 lld-14 wasi-libc libclang-rt-14-dev-wasm32 chromium)
fi
if command -v dpkg >/dev/null 2>&1; then
    missing=()
    for p in "${packages[@]}"; do
        status=$(dpkg -s "$p" 2>/dev/null || true)
        if [[ $status != *"Status: install ok installed"* ]]; then
            missing+=("$p")
        fi
    done
    if ((${#missing[@]})); then
        echo "=== installing: ${missing[*]} ==="
        sudo=()
        if [ "$(id -u)" -ne 0 ]; then sudo=(sudo); fi
        export DEBIAN_FRONTEND=noninteractive
        if ! { "${sudo[@]}" apt-get update && "${sudo[@]}" apt-get install -y "${missing[@]}"; }; then
            fail 1 "apt-get install ${missing[*]}"
        fi
    fi
else
    echo "warning: no dpkg; assuming meson, ninja, a C/C++ compiler, SIMDe and Google Benchmark are installed" >&2
fi
for tool in meson ninja python3; do
    if ! command -v "$tool" >/dev/null 2>&1; then
        fail 1 "$tool not found"
        finish
    fi
done

# ---- one configuration: set up, build (keep going on errors), run what was built ----------
# run_config LABEL BUILDDIR "ENV ASSIGNMENTS FOR SETUP" "ENV ASSIGNMENTS FOR TESTS" SETUP ARGS...
# The env assignment strings and the test name list are split into words on purpose.
# shellcheck disable=SC2086
run_config() {
    local label=$1 dir=$2 setup_env=$3 test_env=$4
    shift 4
    echo
    echo "=== $label: $dir ==="
    local t0=$SECONDS
    # Reuse an existing build directory (options re-applied); start over if that fails.
    if [ -f "$dir/meson-private/coredata.dat" ] &&
        env $setup_env meson setup --reconfigure "$dir" "$@" >"$dir.setup.log" 2>&1; then
        :
    else
        rm -rf "$dir"
        if ! env $setup_env meson setup "$dir" "$@" >"$dir.setup.log" 2>&1; then
            cat "$dir.setup.log"
            fail 1 "$label: meson setup"
            rm -f "$dir.setup.log"
            return 0
        fi
    fi
    mv "$dir.setup.log" "$dir/meson-logs/setup-output.txt"
    if ! ninja -C "$dir" -k 0; then
        fail 1 "$label: build"
    fi

    # Tests whose program exists (meson test refuses to start if any is missing).
    local lists built unbuilt n_unbuilt=0
    if ! lists=$(meson introspect --tests "$dir" | python3 -c '
import json, os, sys
built, unbuilt = [], []
for t in json.load(sys.stdin):
    (built if os.path.exists(t["cmd"][0]) else unbuilt).append(t["name"])
print(" ".join(built))
print(" ".join(unbuilt))'); then
        fail 1 "$label: listing tests"
        return 0
    fi
    built=$(sed -n 1p <<<"$lists")
    unbuilt=$(sed -n 2p <<<"$lists")
    if [ -n "$unbuilt" ]; then
        for t in $unbuilt; do
            fail 1 "$label: $t (program not built)"
            n_unbuilt=$((n_unbuilt + 1))
        done
    fi
    if [ -z "$built" ]; then
        echo "--- $label: no test program was built ($n_unbuilt tests counted as failed)"
        return 0
    fi

    local log="$dir/meson-logs/testlog.json" rc=0
    rm -f "$log"
    env $test_env meson test -C "$dir" --no-rebuild --print-errorlogs $built || rc=$?
    if [ ! -s "$log" ]; then
        fail 1 "$label: meson test produced no log (exit $rc)"
        return 0
    fi
    local counts
    counts=$(python3 - "$log" <<'EOF'
import json, sys
ok = bad = skip = 0
names = []
with open(sys.argv[1]) as f:
    for line in f:
        if not line.strip():
            continue
        r = json.loads(line)
        res = r.get("result", "")
        if res in ("OK", "EXPECTEDFAIL"):
            ok += 1
        elif res == "SKIP":
            skip += 1
        else:
            bad += 1
            names.append("%s=%s" % (r.get("name", "?"), res))
print(ok, bad, skip, ",".join(names))
EOF
    )
    local n_ok n_bad n_skip bad_names
    read -r n_ok n_bad n_skip bad_names <<<"$counts"
    passed=$((passed + n_ok))
    skipped=$((skipped + n_skip))
    if ((n_bad)); then
        fail "$n_bad" "$label: ${bad_names//,/ }"
    elif ((rc)); then
        fail 1 "$label: meson test exited $rc"
    fi
    echo "--- $label: $n_ok passed, $n_bad failed, $n_skip skipped, $n_unbuilt not built ($((SECONDS - t0))s)"
}

# (a) native release build; the benchmark is compiled too (not run).
bench=enabled
if [ ! -f bench/meson.build ]; then
    echo "warning: bench/meson.build missing; building without the benchmark" >&2
    bench=disabled
fi
run_config "native release" build-test "" "" \
    -Dbuildtype=release -Dtests=true -Dbench=$bench

# (b) ASan + UBSan. UBSan findings abort (halt_on_error and -fno-sanitize-recover), so
# meson sees them as failures; leaks fail the test too. Without the SIMDe-emulated NEON and
# wasm_simd128 backends: gcc spent half of this build's time on them (1,303 CPU-seconds in
# all, 621 for those two), and the fuzz stage below runs them under ASan + UBSan (clang).
# -O2 with line tables only (-g1: the file and line of every frame of a report, no
# variables): with full -g (debugoptimized) gcc took 198 s for this build on 2 cores,
# with -g1 123 s. Asserts stay on (b_ndebug=false; debug=false would define NDEBUG).
san_flags="-fno-sanitize-recover=undefined -fno-omit-frame-pointer"
run_config "sanitizers (address,undefined)" build-san "" \
    "HORDE_CHECKASM_ITEMS=${HORDE_SAN_ITEMS:-250000} UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 ASAN_OPTIONS=detect_leaks=1:halt_on_error=1" \
    -Doptimization=2 -Ddebug=false -Db_ndebug=false -Dtests=true -Dbench=disabled -Demulated_isas=false \
    -Db_sanitize=address,undefined -Db_lundef=false \
    "-Dc_args=$san_flags -g1" "-Dcpp_args=$san_flags -g1"

# (c) clang-14.
if command -v clang-14 >/dev/null 2>&1; then
    cxx=clang++-14
    command -v "$cxx" >/dev/null 2>&1 || cxx=c++
    run_config "clang-14 release" build-clang "CC=clang-14 CXX=$cxx" "" \
        -Dbuildtype=release -Dtests=true -Dbench=disabled
    # (c2) ThreadSanitizer: the whole suite, checkasm/property tests at the cross runs' size,
    # on the backends this CPU runs (the SIMDe-emulated NEON and wasm_simd128 ones add no
    # thread behaviour of their own; (c) and the fuzz stage run them).
    run_config "thread sanitizer (clang-14)" build-tsan "CC=clang-14 CXX=$cxx" \
        "HORDE_CHECKASM_ITEMS=${HORDE_CROSS_ITEMS:-100000} TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1" \
        -Dbuildtype=debugoptimized -Dtests=true -Dbench=disabled -Demulated_isas=false \
        -Db_sanitize=thread -Db_lundef=false
    # (c3) the fuzz targets, a short fixed budget each (scripts/fuzz.sh runs long campaigns).
    # No examples here: (b) already runs them under ASan + UBSan (here they took 41 s).
    run_config "fuzz (libFuzzer, clang-14, address,undefined)" build-fuzz "CC=clang-14 CXX=$cxx" \
        "HORDE_FUZZ_SECONDS=${HORDE_FUZZ_SECONDS:-15}" \
        -Dbuildtype=debugoptimized -Dtests=false -Dbench=disabled -Dfuzz=true -Dexamples=false \
        -Db_sanitize=address,undefined -Db_lundef=false "-Dc_args=$san_flags"
else
    fail 1 "clang-14 not installed"
fi

# (d) cross-compiled suites under emulation. node (>= 20, for WASI preview1) ships with the
# machine image; Debian 12's own nodejs is older, so it is not installed from here.
if [ "$cross" != 0 ]; then
    cross_items=${HORDE_CROSS_ITEMS:-100000}
    run_config "aarch64 (qemu-aarch64)" build-aarch64 "" "HORDE_CHECKASM_ITEMS=$cross_items" \
        --cross-file scripts/cross/aarch64-linux-gnu.ini -Dtests=true -Dbench=disabled
    # armv7 runs its own backends (scalar, neon) only: the emulated x86 and wasm ones are
    # proven on aarch64 and wasm32, and under qemu-arm they took most of this stage.
    run_config "armv7 (qemu-arm)" build-armv7 "" "HORDE_CHECKASM_ITEMS=$cross_items" \
        --cross-file scripts/cross/arm-linux-gnueabihf.ini -Dtests=true -Dbench=disabled \
        -Demulated_isas=false
    node_major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
    if [ "$node_major" -ge 20 ] 2>/dev/null; then
        run_config "wasm32 (node WASI)" build-wasm32 "" "HORDE_CHECKASM_ITEMS=$cross_items" \
            --cross-file scripts/cross/wasm32-wasi.ini -Dtests=true -Dbench=disabled
        # The crowd example's browser build in headless Chromium (counted as one test).
        echo
        echo "=== browser: examples/crowd in headless Chromium ==="
        if ./scripts/browser_check.sh build-wasm32/examples/crowd build-wasm32/crowd-browser.png; then
            passed=$((passed + 1))
        else
            fail 1 "browser check (scripts/browser_check.sh)"
        fi
    else
        fail 1 "wasm32: needs Node.js >= 20 (WASI preview1) on PATH; found: $(node --version 2>/dev/null || echo none)"
    fi
fi

# (e) downstream use: installed + pkg-config, and as a meson subproject.
echo
echo "=== consumers: install + pkg-config, install + CMake, meson subproject ==="
consumer_out=$(./scripts/check_consumers.sh 2>&1) || true
sed "s/^/  /" <<<"$consumer_out"
if [[ $(tail -n1 <<<"$consumer_out") =~ ^([0-9]+)\ passed,\ ([0-9]+)\ failed$ ]]; then
    passed=$((passed + BASH_REMATCH[1]))
    if ((BASH_REMATCH[2])); then fail "${BASH_REMATCH[2]}" "consumer checks"; fi
else
    fail 1 "consumer checks did not report"
fi

# (f) the documentation: no history in README, docs/ and the code's comments, no broken
# relative links, README at most 450 lines (counted as one test). Add --spdx once every
# source file carries its SPDX line.
echo
echo "=== documentation: scripts/check_docs.sh ==="
if ./scripts/check_docs.sh --spdx; then
    passed=$((passed + 1))
else
    fail 1 "documentation check (scripts/check_docs.sh)"
fi

finish
