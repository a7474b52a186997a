#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""Compares two horde benchmark result files (two CPUs, or before / after a change):
one row per benchmark both files hold, items/s of each, the ratio B / A, and the noise
each run reported (coefficient of variation over its repetitions; '-' for single runs).
A ratio inside the two runs' combined noise is marked '~'.

    bench_compare.py A.json B.json [REGEX]

(Google Benchmark's own tool also reads these files:
 python3 /usr/share/benchmark/compare.py benchmarks A.json B.json, from libbenchmark-tools.)"""
import json
import math
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench_table  # noqa: E402


def main(argv):
    if len(argv) not in (3, 4):
        print(__doc__)
        return 2
    docs = []
    for p in argv[1:3]:
        with open(p) as f:
            docs.append(json.load(f))
    pat = re.compile(argv[3]) if len(argv) == 4 else None
    a, b = (bench_table.figures(d) for d in docs)
    cpus = [d["context"].get("horde_cpu_model", "?") for d in docs]
    print(f"A: {argv[1]} ({cpus[0]})\nB: {argv[2]} ({cpus[1]})\n")
    print(f"{'benchmark':<40} {'A items/s':>12} {'cv':>6} {'B items/s':>12} {'cv':>6} {'B/A':>7}")
    ratios = []
    for name in a:
        if name not in b or (pat and not pat.search(name)):
            continue
        (va, ca), (vb, cb) = a[name], b[name]
        r = vb / va if va else float("nan")
        ratios.append(r)
        noise = math.hypot(ca or 0.0, cb or 0.0)
        mark = "~" if (ca is not None or cb is not None) and abs(r - 1) <= 2 * noise else " "
        fmt = lambda c: f"{100 * c:5.1f}%" if c is not None else f"{'-':>6}"  # noqa: E731
        print(f"{name:<40} {va:12.4g} {fmt(ca)} {vb:12.4g} {fmt(cb)} {r:6.2f}{mark}")
    if not ratios:
        print("no benchmark in common")
        return 1
    print(f"\n{len(ratios)} benchmarks; geometric mean of B/A: {bench_table.geomean(ratios):.3f} "
          "('~': within twice the runs' combined noise)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
