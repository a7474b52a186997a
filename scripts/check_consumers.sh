#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Checks that downstream users can build against horde three ways:
#   1. meson install into a staging prefix, then cc + pkg-config --cflags --libs horde
#   3. the same install through CMake: find_package(horde), target horde::horde
#   2. horde as a meson subproject (meson.override_dependency('horde', ...))
# Prints "N passed, N failed" for these checks; exit status 0 only if all pass.
set -uo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0
failed=0

# A shipping build (-Dtests=false) and a subproject build hold only the library: no test,
# example, benchmark or emulated backend (prints the first targets that should not be there).
extra() { ninja -C "$1" -t targets all 2>/dev/null | grep -E 'checkasm|known_|property_|/crowd[:.]|bench/|horde_(neon|wasm_simd128)' | head -n 3; }

# 1. install + pkg-config
if meson setup "$work/build" --prefix="$work/prefix" -Dtests=false -Dexamples=false -Dbench=disabled >"$work/log1" 2>&1 &&
    meson install -C "$work/build" >>"$work/log1" 2>&1 && [ -z "$(extra "$work/build")" ]; then
    pcdir=$(dirname "$(find "$work/prefix" -name horde.pc | head -n1)")
    libdir=$(dirname "$(find "$work/prefix" -name 'libhorde.so' | head -n1)")
    if PKG_CONFIG_PATH="$pcdir" cc -std=c11 -Wall -Werror tests/consumer/main.c \
        $(PKG_CONFIG_PATH="$pcdir" pkg-config --cflags --libs horde) -o "$work/consumer_pc" >>"$work/log1" 2>&1 &&
        LD_LIBRARY_PATH="$libdir" "$work/consumer_pc" >>"$work/log1" 2>&1; then
        echo "ok: installed horde via pkg-config"
        passed=$((passed + 1))
    else
        echo "FAIL: installed horde via pkg-config"; cat "$work/log1"; failed=$((failed + 1))
    fi
else
    echo "FAIL: meson install"; cat "$work/log1"; failed=$((failed + 1))
fi

# 3. the CMake package of the same install: find_package(horde), horde::horde
if [ -d "$work/prefix" ] && command -v cmake >/dev/null 2>&1; then
    libdir=$(dirname "$(find "$work/prefix" -name 'libhorde.so' | head -n1)")
    if cmake -S tests/consumer -B "$work/cmake" -DCMAKE_PREFIX_PATH="$work/prefix" >"$work/log3" 2>&1 &&
        cmake --build "$work/cmake" >>"$work/log3" 2>&1 &&
        LD_LIBRARY_PATH="$libdir" "$work/cmake/consumer" >>"$work/log3" 2>&1; then
        echo "ok: installed horde via CMake find_package(horde) / horde::horde"
        passed=$((passed + 1))
    else
        echo "FAIL: installed horde via CMake"; cat "$work/log3"; failed=$((failed + 1))
    fi
else
    echo "FAIL: CMake consumer (no install, or cmake missing)"; failed=$((failed + 1))
fi

# 2. subproject
mkdir -p "$work/sub/subprojects"
cp tests/consumer/meson.build tests/consumer/main.c "$work/sub/"
ln -s "$root" "$work/sub/subprojects/horde"
if meson setup "$work/sub/build" "$work/sub" >"$work/log2" 2>&1 &&
    meson test -C "$work/sub/build" >>"$work/log2" 2>&1 && [ -z "$(extra "$work/sub/build")" ]; then
    echo "ok: horde as a meson subproject (the library only)"
    passed=$((passed + 1))
else
    echo "FAIL: horde as a meson subproject"; cat "$work/log2"; failed=$((failed + 1))
fi
echo "$passed passed, $failed failed"
((failed == 0))
