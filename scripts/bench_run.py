#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""Runs horde's benchmark binary kernel by kernel with progress, merges the results into
one JSON named by CPU model and date, prints the table (items/s per backend, speedup over
scalar and over the peers) and draws the plots (scripts/bench_plot.py).

    bench_run.py BINARY [--quick | --full] [--filter REGEX] [--out-dir DIR] [-- extra args]

--quick  one repetition of 0.05 s per benchmark, native backends only, no 1 M rows:
         a few minutes; for a first look.
--full   (default) medians of 3 repetitions of 0.5 s each, every row: the figures README
         quotes. The repetitions of one kernel's rows run in random order
         (--benchmark_enable_random_interleaving), so a change in the machine's load
         during the group reaches every row's median alike and the ratios within a run
         (backend against scalar, horde against its peers) stay comparable on a shared VM.
Called by scripts/bench.sh, which builds the binary first."""
import json
import os
import re
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import bench_table  # noqa: E402


def cpu_model():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if re.match(r"^(model name|Model|Hardware)\s*:", line):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return os.uname().machine


def slug(s):
    return re.sub(r"[^A-Za-z0-9]+", "-", s).strip("-").lower()[:48]


def main(argv):
    if len(argv) < 2:
        print(__doc__)
        return 2
    binary, mode, filt, out_dir, extra = argv[1], "full", "", "bench/results", []
    args = argv[2:]
    while args:
        a = args.pop(0)
        if a == "--quick":
            mode = "quick"
        elif a == "--full":
            mode = "full"
        elif a == "--filter":
            filt = args.pop(0)
        elif a == "--out-dir":
            out_dir = args.pop(0)
        elif a == "--":
            extra, args = args, []
        else:
            extra.append(a)
    names = subprocess.run([binary, "--benchmark_list_tests"] + ([f"--benchmark_filter={filt}"] if filt else []),
                           check=True, capture_output=True, text=True).stdout.split()
    if mode == "quick":
        # native backends (emulated ones are slow and mean nothing), no 1 M rows
        emulated = {"neon", "wasm_simd128"} if os.uname().machine in ("x86_64", "i686") else {"sse2", "sse41", "avx2", "wasm_simd128"}
        names = [n for n in names if n.split("/")[1] not in emulated and not n.endswith("/1048576")]
    kernels = []
    for n in names:
        k = n.split("/")[0]
        if k not in kernels:
            kernels.append(k)
    timing = (["--benchmark_min_time=0.05", "--benchmark_repetitions=1"] if mode == "quick" else
              ["--benchmark_min_time=0.5", "--benchmark_repetitions=3", "--benchmark_report_aggregates_only=true",
               "--benchmark_enable_random_interleaving=true"])
    cpu = cpu_model()
    print(f"CPU: {cpu}; {mode} mode: {len(names)} benchmarks in {len(kernels)} groups", flush=True)
    # Hardware cycles, instructions and branch misses per item beside the times, where
    # the machine exposes the counters (bench/main.cpp; HORDE_BENCH_CYCLES=0 turns it off).
    env = dict(os.environ, HORDE_BENCH_CYCLES=os.environ.get("HORDE_BENCH_CYCLES", "1"))
    merged, t0 = None, time.time()
    for i, k in enumerate(kernels, 1):
        rows = [n for n in names if n.split("/")[0] == k]
        regex = "^(" + "|".join(re.escape(n) for n in rows) + ")$"
        print(f"[{i}/{len(kernels)}] {k}: {len(rows)} benchmarks ... ", end="", flush=True)
        t1 = time.time()
        with tempfile.NamedTemporaryFile(suffix=".json", delete=False) as tmp:
            path = tmp.name
        subprocess.run([binary, f"--benchmark_filter={regex}", f"--benchmark_out={path}",
                        "--benchmark_out_format=json"] + timing + extra, check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
        with open(path) as f:
            part = json.load(f)
        os.unlink(path)
        if merged is None:
            merged = part
        else:
            merged["benchmarks"].extend(part["benchmarks"])
        print(f"{time.time() - t1:.0f} s (elapsed {time.time() - t0:.0f} s)", flush=True)
    if merged is None:
        print("no benchmarks matched")
        return 1
    merged["context"]["horde_cpu_model"] = cpu
    merged["context"]["horde_bench_mode"] = mode
    os.makedirs(out_dir, exist_ok=True)
    out = os.path.join(out_dir, f"{slug(cpu)}-{time.strftime('%Y%m%d-%H%M')}-{mode}.json")
    with open(out, "w") as f:
        json.dump(merged, f, indent=1)
    print(f"\nresults: {out}")
    bench_table.print_table(merged)
    try:
        import bench_plot
        for png in bench_plot.plot(out):
            print(f"plot: {png}")
    except ImportError as e:
        print(f"no plots ({e}); install python3-matplotlib")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
