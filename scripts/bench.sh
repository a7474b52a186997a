#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Build horde in release mode and run the Google Benchmark suite.
#
#   ./scripts/bench.sh [--quick | --full] [--filter REGEX] [-- benchmark args...]
#
# --quick: one short repetition per benchmark, native backends, a few minutes;
# --full (default): medians of 3 repetitions of 0.5 s, every row, repetitions of a
# kernel's rows in random order (about 18 minutes on a 2-core VM).
# It prints which kernel of how many it is running and the elapsed time; results go to
# bench/results/<cpu-model>-<date>-<mode>.json with two plots beside it
# (-throughput.png, -scaling.png); then the table of items/s per backend, the speedup
# over scalar and over the peers. Compare two result files (two CPUs, or before/after):
#   scripts/bench_compare.py A.json B.json [REGEX]
# On Debian/Ubuntu it installs what is missing (meson, ninja, g++, pkg-config,
# libsimde-dev, libbenchmark-dev, libbullet-dev, python3-matplotlib).
set -euo pipefail

cd "$(dirname "$0")/.."

# --- setup -----------------------------------------------------------------
packages=(meson ninja-build g++ pkg-config libsimde-dev libbenchmark-dev libbullet-dev python3-matplotlib)
if command -v dpkg >/dev/null 2>&1 && command -v apt-get >/dev/null 2>&1; then
    missing=()
    for p in "${packages[@]}"; do
        dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
    done
    if ((${#missing[@]})); then
        sudo=()
        if [ "$(id -u)" -ne 0 ]; then
            if command -v sudo >/dev/null 2>&1; then
                sudo=(sudo)
            else
                echo "bench.sh: missing ${missing[*]}; run as root or install sudo" >&2
                exit 1
            fi
        fi
        echo "bench.sh: installing ${missing[*]}"
        export DEBIAN_FRONTEND=noninteractive
        "${sudo[@]}" apt-get update
        "${sudo[@]}" apt-get install -y --no-install-recommends "${missing[@]}"
    fi
else
    echo "bench.sh: no dpkg/apt-get here; assuming ${packages[*]} (or equivalents) are installed" >&2
fi

# --- build -----------------------------------------------------------------
builddir=build-bench
opts=(--buildtype=release -Dbench=enabled -Dtests=false)
if [ -d "$builddir/meson-private" ]; then
    meson setup --reconfigure "${opts[@]}" "$builddir" . ||
        meson setup --wipe "${opts[@]}" "$builddir" .
else
    rm -rf "$builddir"
    meson setup "${opts[@]}" "$builddir" .
fi
ninja -C "$builddir"

# --- run -------------------------------------------------------------------
# Kernel by kernel with progress; one JSON named by CPU model and date in bench/results/,
# the table, and the plots (scripts/bench_run.py, bench_plot.py).
py=/usr/bin/python3
[ -x "$py" ] || py=python3
exec "$py" scripts/bench_run.py "$builddir/bench/horde_bench" "$@"
