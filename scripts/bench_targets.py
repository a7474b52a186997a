#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""The speed targets, measured in interleaved rounds: how far each horde row is from the
ratio its issue asks of it, with the spread a shared machine puts on that ratio.

    bench_targets.py [BINARY] [--rounds N] [--min-time S] [--warmup S] [--issue N] [--json OUT]

BINARY defaults to build-bench/bench/horde_bench (scripts/bench.sh builds it). Each round
runs every target row and its comparison row once, in one process, one after the other,
so a row and the row it is compared with are measured seconds apart; N rounds (default
11) of S seconds per row (default 0.3), each row after a warm-up of at least one call
(--warmup, default 0.1 s: the first call of the 1,000,000-mover crowd row is slower than
the next ones, and 0.3 s holds only one or two calls of it); --issue N keeps the targets of
issue N only. It prints,
per target:

  by time    the median over the rounds of that round's ratio (the compared row's time
             per item over the row's; for a cost that must stay low, such as the crowd's
             cost per mover at 1,000,000 against 10,000, the row's over the other's)
  best       the ratio of the two rows' fastest rounds: the machine's least disturbed
             moments, the closest this gets to the code's own speed
  cycles     the same from the fewest cycles per item, when the PMU counts them
             (HORDE_BENCH_CYCLES; n/a, and null in --json, where it does not)
  spread     the lowest and highest per-round ratio, and in how many rounds it met the target

A full ./scripts/bench.sh run takes the median of 3 repetitions per row, with a kernel's
rows in random order. On a VM whose other tenants come and go, one such run can land
anywhere in the spread this prints. Do not read a single full run's ratio as met or missed
without it."""
import json
import os
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from bench_run import cpu_model  # noqa: E402

# (row, the row it is compared with, the ratio asked, the issue asking, at_most): at_most,
# the ratio is the row's cost per item over the other's and must stay at most the one
# asked; otherwise it is the other's cost over the row's and must reach it.
TARGETS = [
    ("cylinder_push/avx2/65536", "cylinder_push/naive/65536", 3.0, 12, False),
    ("cylinder_push/sse41/65536", "cylinder_push/naive/65536", 1.5, 12, False),
    ("cylinder_move/avx2/100000", "cylinder_move/naive/100000", 3.5, 12, False),
    ("cylinder_move/sse41/100000", "cylinder_move/naive/100000", 1.5, 12, False),
    ("aabb_move/avx2/100000", "aabb_move/naive/100000", 2.0, 12, False),
    ("aabb_move/sse41/100000", "aabb_move/naive/100000", 1.5, 12, False),
    ("radial_push/avx2/65536", "radial_push/scalar/65536", 4.0, 14, False),
    ("radial_push_grid/avx2/65536", "radial_push_grid/scalar/65536", 4.0, 14, False),
    # the same movers and poles: the grid kernel against the list kernel's scalar reference
    ("radial_push_grid/avx2/65536", "radial_push/scalar/65536", 4.0, 14, False),
    ("crowd_separate/avx2/100000", "crowd_separate/grid/100000", 4.0, 14, False),
    ("crowd_separate/avx2/1000000", "crowd_separate/avx2/10000", 1.5, 14, True),
    # the frame call against the recipe's calls, against itself on two workers, per NPC
    ("frame/avx2/100000/workers:1/real_time", "frame/recipe/100000/real_time", 0.5, 51, True),
    ("frame/avx2/100000/workers:2/real_time", "frame/avx2/100000/workers:1/real_time", 1.8, 51, False),
    ("frame/avx2/1000000/workers:1/iterations:5/real_time", "frame/avx2/10000/workers:1/real_time", 1.3, 51, True),
    ("voxel_raycast/avx2/1024", "voxel_raycast/naive/1024", 4.0, 52, False),
    ("voxel_los/avx2/1024", "voxel_los/naive/1024", 8.0, 52, False),
    ("sphere_tri_pairs/avx2/1024", "sphere_tri_pairs/scalar/1024", 12.0, 53, False),
    ("sphere_tri_pairs/avx2/1024", "sphere_tri_pairs/bullet/1024", 12.0, 53, False),
    ("sweep_sphere_tri/avx2/1024", "sweep_sphere_tri/scalar/1024", 8.0, 53, False),
]


def run_round(binary, rows, min_time, warmup):
    pattern = "^(" + "|".join(sorted(rows)) + ")$"
    env = dict(os.environ, HORDE_BENCH_CYCLES="1")
    out = subprocess.run([binary, f"--benchmark_filter={pattern}", f"--benchmark_min_time={min_time}",
                          f"--benchmark_min_warmup_time={warmup}", "--benchmark_format=json"],
                         env=env, check=True, capture_output=True, text=True)
    got = {}
    for b in json.loads(out.stdout)["benchmarks"]:
        n = int(b["name"].split("/")[2])  # <kernel>/<label>/<n>[/...]: time per item
        got[b["name"]] = (b["real_time"] / n, b.get("cycles_per_item", 0.0))
    return got


def main(argv):
    binary, rounds, min_time, warmup, json_out, issue = "build-bench/bench/horde_bench", 11, 0.3, 0.1, None, None
    args = argv[1:]
    while args:
        a = args.pop(0)
        if a == "--rounds":
            rounds = int(args.pop(0))
        elif a == "--min-time":
            min_time = float(args.pop(0))
        elif a == "--warmup":
            warmup = float(args.pop(0))
        elif a == "--issue":
            issue = int(args.pop(0))
        elif a == "--json":
            json_out = args.pop(0)
        elif a.startswith("-"):
            print(__doc__)
            return 2
        else:
            binary = a
    targets = [t for t in TARGETS if issue is None or t[3] == issue]
    rows = {r for t in targets for r in t[:2]}
    results = []
    for k in range(rounds):
        print(f"round {k + 1} of {rounds}", file=sys.stderr, flush=True)
        results.append(run_round(binary, rows, min_time, warmup))
    print(f"{cpu_model()}: {rounds} rounds of {min_time} s per row after {warmup} s of warm-up")
    width = max(len(t[0]) for t in targets)
    print(f"{'row':{width}} {'target':>7} {'by time':>8} {'best':>6} {'cycles':>7}  spread")
    report = []
    for row, peer, want, asked_by, at_most in targets:
        num, den = (row, peer) if at_most else (peer, row)
        per_round = [r[num][0] / r[den][0] for r in results]
        best = min(r[num][0] for r in results) / min(r[den][0] for r in results)
        cyc_num, cyc_den = min(r[num][1] for r in results), min(r[den][1] for r in results)
        cycles = cyc_num / cyc_den if cyc_num > 0 and cyc_den > 0 else None  # no PMU: no count
        met = sum((x <= want) if at_most else (x >= want) for x in per_round)
        median = statistics.median(per_round)
        print(f"{row:{width}} {'<=' if at_most else '>='}{want:4.1f}x {median:7.2f}x {best:5.2f}x {'n/a' if cycles is None else f'{cycles:6.2f}x':>7}  "
              f"{min(per_round):.2f}-{max(per_round):.2f}x, met in {met} of {rounds}   (vs {peer})")
        report.append({"row": row, "compared_with": peer, "target": want, "at_most": at_most, "issue": asked_by,
                       "per_round": per_round, "best": best, "cycles": cycles})
    if json_out:
        with open(json_out, "w") as f:
            json.dump({"cpu": cpu_model(), "rounds": rounds, "min_time": min_time, "warmup": warmup,
                       "targets": report}, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
