#!/usr/bin/env bash
# Build horde in release mode and run the Google Benchmark suite.
#
#   ./scripts/bench.sh [benchmark args...]     e.g. --benchmark_filter=avx2
#
# On Debian/Ubuntu it installs what is missing (meson, ninja, g++, pkg-config,
# libsimde-dev, libbenchmark-dev). Results go to bench/results/<host>-<date>.json;
# a table of items/s per backend, with the speedup over scalar, is printed at the end.
set -euo pipefail

cd "$(dirname "$0")/.."

# --- setup -----------------------------------------------------------------
packages=(meson ninja-build g++ pkg-config libsimde-dev libbenchmark-dev libbullet-dev)
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
cpu=$(grep -m1 -E '^(model name|Model|Hardware)[[:space:]]*:' /proc/cpuinfo 2>/dev/null |
      sed 's/^[^:]*:[[:space:]]*//' || true)
[ -n "$cpu" ] || cpu=$(uname -m)
host=$(uname -n 2>/dev/null || true)
[ -n "$host" ] || host=$cpu
host=$(printf '%s' "$host" | tr -c 'A-Za-z0-9._-' '_')
mkdir -p bench/results
out="bench/results/$host-$(date +%Y%m%d-%H%M%S).json"

echo "CPU: $cpu"
"$builddir/bench/horde_bench" --benchmark_min_time=0.5 \
    --benchmark_out="$out" --benchmark_out_format=json "$@"

if [ ! -s "$out" ]; then
    echo "bench.sh: no results in $out (was --benchmark_out overridden?)" >&2
    exit 0
fi

# --- table -----------------------------------------------------------------
# Google Benchmark writes one "key": value per line, so awk reads it directly.
# Per benchmark run_name: the median aggregate if repetitions were asked for,
# else the mean of its iteration runs.
echo
echo "CPU: $cpu"
echo "results: $out"
awk '
function val(line) {
    sub(/^[^:]*:[ \t]*/, "", line); sub(/,[ \t]*$/, "", line); gsub(/"/, "", line)
    return line
}
function key(line) {
    if (match(line, /"[^"]*":/)) return substr(line, RSTART + 1, RLENGTH - 3)
    return ""
}
function mps(v) { v /= 1e6; return sprintf(v < 10 ? "%.2f M/s" : "%.1f M/s", v) }

/^  "benchmarks": \[/ { inb = 1; next }
!inb {
    k = key($0)
    if (k == "horde_best_isa") best = val($0)
    else if (k == "horde_emulated_isas") { n = split(val($0), e, ","); for (i = 1; i <= n; i++) emu[e[i]] = 1 }
    else if (k == "horde_collided_pct") pct = val($0)
    else if (k == "library_build_type") lbt = val($0)
    next
}
/^    {/ { rn = ""; rt = ""; agg = ""; ips = ""; next }
/^    }/ {
    if (rn == "" || ips == "") next
    if (rt == "aggregate" && agg == "median") med[rn] = ips
    else if (rt == "iteration") { sum[rn] += ips; cnt[rn]++ }
    else next
    nf = split(rn, p, "/")
    if (nf != 3) next
    row = p[1] SUBSEP p[3]
    if (!(row in seenrow)) { seenrow[row] = 1; rows[++nrows] = row; rk[nrows] = p[1]; rb[nrows] = p[3] }
    if (!(p[2] in seenisa)) { seenisa[p[2]] = 1; isas[++nisas] = p[2] }
    name[row, p[2]] = rn
    next
}
{
    k = key($0)
    if (k == "run_name") rn = val($0)
    else if (k == "run_type") rt = val($0)
    else if (k == "aggregate_name") agg = val($0)
    else if (k == "items_per_second") ips = val($0) + 0
}
END {
    if (!nrows) { print "no benchmark results to tabulate"; exit }
    printf "\n%-15s %-9s", "kernel", "batch"
    for (j = 1; j <= nisas; j++) {
        fmt = j < nisas ? " %-18s" : " %s"
        printf fmt, isas[j] (isas[j] in emu ? "(emu)" : "")
    }
    printf "\n"
    for (r = 1; r <= nrows; r++) {
        row = rows[r]
        printf "%-15s %-9s", rk[r], rb[r]
        base = ""
        if ((row, "scalar") in name) { b = name[row, "scalar"]; base = (b in med) ? med[b] : sum[b] / cnt[b] }
        for (j = 1; j <= nisas; j++) {
            cell = "-"
            if ((row, isas[j]) in name) {
                b = name[row, isas[j]]
                v = (b in med) ? med[b] : sum[b] / cnt[b]
                cell = mps(v)
                if (isas[j] != "scalar" && base != "" && base > 0) cell = cell sprintf(" %.2fx", v / base)
                lg[isas[j]] += log(v); ng[isas[j]]++
            }
            fmt = j < nisas ? " %-18s" : " %s"
            printf fmt, cell
        }
        printf "\n"
    }
    printf "\n"
    if (best != "") printf "best native backend (runtime dispatch picks it): %s\n", best
    top = ""
    for (j = 1; j <= nisas; j++)
        if (ng[isas[j]] == nrows && (top == "" || lg[isas[j]] > lg[top])) top = isas[j]
    if (top != "") printf "fastest measured (geometric mean over batches): %s%s\n", top, (top in emu ? " (emulated)" : "")
    if (pct != "") printf "movers moved by the push: %s %%\n", pct
    if (lbt == "debug") print "note: libbenchmark itself was built as debug (Debian package); horde itself is a release build"
}' "$out"
