#!/usr/bin/python3
"""The speed targets, measured in interleaved rounds: how far each horde row is from the
ratio its issue asks of it, with the spread a shared machine puts on that ratio.

    bench_targets.py [BINARY] [--rounds N] [--min-time S] [--json OUT]

BINARY defaults to build-bench/bench/horde_bench (scripts/bench.sh builds it). Each round
runs every target row and its comparison row once, in one process, one after the other,
so a row and the row it is compared with are measured seconds apart; N rounds (default
11) of S seconds per row (default 0.3). It prints, per target:

  by time    the median over the rounds of that round's ratio (compared row's time / row's)
  best       the ratio of the two rows' fastest rounds: the machine's least disturbed
             moments, the closest this gets to the code's own speed
  cycles     the same from the fewest cycles per item, when the PMU counts them
             (HORDE_BENCH_CYCLES; 0 where it does not)
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

# (row, the row it is compared with, the ratio asked, the issue asking)
TARGETS = [
    ("cylinder_push/avx2/65536", "cylinder_push/naive/65536", 3.0, 12),
    ("cylinder_push/sse41/65536", "cylinder_push/naive/65536", 1.5, 12),
    ("cylinder_move/avx2/100000", "cylinder_move/naive/100000", 3.5, 12),
    ("cylinder_move/sse41/100000", "cylinder_move/naive/100000", 1.5, 12),
    ("aabb_move/avx2/100000", "aabb_move/naive/100000", 2.0, 12),
    ("aabb_move/sse41/100000", "aabb_move/naive/100000", 1.5, 12),
    ("radial_push/avx2/65536", "radial_push/scalar/65536", 4.0, 14),
    ("crowd_separate/avx2/100000", "crowd_separate/grid/100000", 4.0, 14),
]


def run_round(binary, rows, min_time):
    pattern = "^(" + "|".join(sorted(rows)) + ")$"
    env = dict(os.environ, HORDE_BENCH_CYCLES="1")
    out = subprocess.run([binary, f"--benchmark_filter={pattern}", f"--benchmark_min_time={min_time}",
                          "--benchmark_format=json"], env=env, check=True, capture_output=True, text=True)
    got = {}
    for b in json.loads(out.stdout)["benchmarks"]:
        got[b["name"]] = (b["real_time"], b.get("cycles_per_item", 0.0))
    return got


def main(argv):
    binary, rounds, min_time, json_out = "build-bench/bench/horde_bench", 11, 0.3, None
    args = argv[1:]
    while args:
        a = args.pop(0)
        if a == "--rounds":
            rounds = int(args.pop(0))
        elif a == "--min-time":
            min_time = float(args.pop(0))
        elif a == "--json":
            json_out = args.pop(0)
        elif a.startswith("-"):
            print(__doc__)
            return 2
        else:
            binary = a
    rows = {r for t in TARGETS for r in t[:2]}
    results = []
    for k in range(rounds):
        print(f"round {k + 1} of {rounds}", file=sys.stderr, flush=True)
        results.append(run_round(binary, rows, min_time))
    print(f"{cpu_model()}: {rounds} rounds of {min_time} s per row")
    print(f"{'row':28} {'target':>6} {'by time':>8} {'best':>6} {'cycles':>7}  spread")
    report = []
    for row, peer, want, issue in TARGETS:
        per_round = [r[peer][0] / r[row][0] for r in results]
        best = min(r[peer][0] for r in results) / min(r[row][0] for r in results)
        cyc_row, cyc_peer = min(r[row][1] for r in results), min(r[peer][1] for r in results)
        cycles = cyc_peer / cyc_row if cyc_row > 0 else 0.0
        met = sum(x >= want for x in per_round)
        median = statistics.median(per_round)
        print(f"{row:28} {want:5.1f}x {median:7.2f}x {best:5.2f}x {cycles:6.2f}x  "
              f"{min(per_round):.2f}-{max(per_round):.2f}x, met in {met} of {rounds}")
        report.append({"row": row, "compared_with": peer, "target": want, "issue": issue,
                       "per_round": per_round, "best": best, "cycles": cycles})
    if json_out:
        with open(json_out, "w") as f:
            json.dump({"cpu": cpu_model(), "rounds": rounds, "min_time": min_time, "targets": report}, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
