# SPDX-License-Identifier: MIT
"""Reading horde benchmark JSON (Google Benchmark's format, names <kernel>/<backend>/<n>):
one items/s figure per benchmark (the median aggregate when there were repetitions, else
the mean of the iterations), its noise (coefficient of variation, when repetitions give
one), and the table scripts/bench.sh prints."""
import math

PEERS = ("naive", "bullet", "grid", "floor")


def figures(doc):
    """{name: (items_per_second, cv or None)} for every benchmark of a result file."""
    med, cv, sums = {}, {}, {}
    for b in doc["benchmarks"]:
        name, ips = b["name"], b.get("items_per_second")
        if ips is None:
            continue
        if b.get("run_type") == "aggregate":
            name = name.rsplit("_", 1)[0]  # <benchmark>_median, _cv, ...
            if b.get("aggregate_name") == "median":
                med[name] = ips
            elif b.get("aggregate_name") == "cv":
                cv[name] = ips  # Google Benchmark stores the cv of items/s there
        else:
            s = sums.setdefault(name, [0.0, 0])
            s[0] += ips
            s[1] += 1
    out = {n: (v[0] / v[1], None) for n, v in sums.items()}
    for n, v in med.items():
        out[n] = (v, cv.get(n))
    return out


def counter(doc, key):
    """{name: median (or mean) of user counter `key`} for the rows that report it
    (cycles_per_item etc., from HORDE_BENCH_CYCLES)."""
    med, sums = {}, {}
    for b in doc["benchmarks"]:
        if key not in b:
            continue
        name = b["name"]
        if b.get("run_type") == "aggregate":
            if b.get("aggregate_name") == "median":
                med[name.rsplit("_", 1)[0]] = b[key]
        else:
            s = sums.setdefault(name, [0.0, 0])
            s[0] += b[key]
            s[1] += 1
    out = {n: v[0] / v[1] for n, v in sums.items()}
    out.update(med)
    return out


def split(name):
    p = name.split("/")
    return (p[0], p[1], p[2]) if len(p) == 3 else None


def mps(v):
    return f"{v / 1e6:.1f}" if v >= 1e5 else f"{v / 1e3:.2f}k"


def print_table(doc):
    fig = figures(doc)
    rows, isas = [], []
    for name in fig:
        s = split(name)
        if not s:
            continue
        if (s[0], s[2]) not in rows:
            rows.append((s[0], s[2]))
        if s[1] not in isas:
            isas.append(s[1])
    print(f"\n{'kernel':<18} {'batch':>8}  " + "  ".join(f"{i:>16}" for i in isas) + "   (M items/s; x scalar)")
    for k, n in rows:
        base = fig.get(f"{k}/scalar/{n}", (None,))[0]
        cells = []
        for i in isas:
            v = fig.get(f"{k}/{i}/{n}", (None,))[0]
            if v is None:
                cells.append(f"{'-':>16}")
            elif base and i != "scalar":
                cells.append(f"{mps(v) + f' {v / base:.2f}x':>16}")
            else:
                cells.append(f"{mps(v):>16}")
        print(f"{k:<18} {n:>8}  " + "  ".join(cells))
    # horde's best native backend against each peer row of the same kernel and size
    print()
    cyc = counter(doc, "cycles_per_item")
    for k, n in rows:
        for peer in PEERS:
            pv = fig.get(f"{k}/{peer}/{n}", (None,))[0]
            if not pv:
                continue
            best = max(((fig[f"{k}/{i}/{n}"][0], i) for i in isas
                        if i not in PEERS and f"{k}/{i}/{n}" in fig), default=None)
            if best and peer != "floor":
                by_cycles = ""
                if f"{k}/{best[1]}/{n}" in cyc and f"{k}/{peer}/{n}" in cyc:
                    by_cycles = f" (cycles per item: {cyc[f'{k}/{peer}/{n}'] / cyc[f'{k}/{best[1]}/{n}']:.2f}x)"
                print(f"{k}/{n}: {best[1]} {best[0] / pv:.2f}x the {peer} peer{by_cycles}")
            elif best:
                print(f"{k}/{n}: {best[1]} at {100 * best[0] / pv:.1f} % of the memory floor")
    print_threads(doc)


def print_threads(doc):
    """Multi-core rows: <kernel>/<isa>/<n>/real_time/threads:<k>, whole-batch items/s."""
    fig = figures(doc)
    one = {n[: -len("/threads:1")]: v for n, (v, _) in fig.items() if n.endswith("/threads:1")}
    for n, (v, _) in sorted(fig.items()):
        if "/threads:" in n and not n.endswith("/threads:1"):
            base, k = n.rsplit("/threads:", 1)
            if base in one:
                print(f"{base.replace('/real_time', '')}: {k} threads {v / one[base]:.2f}x one thread")


def geomean(xs):
    xs = [x for x in xs if x > 0]
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else float("nan")


README_ROWS = [("cylinder_push", 65536), ("cylinder_move", 100000), ("aabb_move", 100000), ("point_move", 1024),
               ("point_move", 100000), ("cylinder_tri", 1024), ("cylinder_tri_soup", 1024), ("ground_height", 1024),
               ("sphere_tri_pairs", 1024), ("sphere_tri_list", 1024), ("sweep_sphere_tri", 1024)]
README_COLS = ["scalar", "sse2", "sse41", "avx2", "neon", "wasm_simd128", "naive", "floor", "bullet"]


def markdown_table(doc, rows=README_ROWS, cols=README_COLS):
    """README's benchmark table: M items/s and, in brackets, the ratio to scalar."""
    fig = figures(doc)
    head = [c + (" (emu)" if c in ("neon", "wasm_simd128") else "") for c in cols]
    out = ["| kernel | n | " + " | ".join(head) + " |", "|---|---:|" + "---:|" * len(cols)]
    for k, n in rows:
        base = fig.get(f"{k}/scalar/{n}", (None,))[0]
        cells = []
        for c in cols:
            v = fig.get(f"{k}/{c}/{n}", (None,))[0]
            if v is None:
                cells.append("-")
            else:
                m = v / 1e6
                txt = f"{m:.3g}" if m < 100 else f"{m:.0f}"
                cells.append(txt if c == "scalar" or not base else f"{txt} ({v / base:.2f}x)")
        out.append(f"| {k} | {n} | " + " | ".join(cells) + " |")
    return "\n".join(out)


if __name__ == "__main__":
    import json
    import sys
    if len(sys.argv) < 2:
        print("bench_table.py RESULT.json [--markdown]")
        sys.exit(2)
    with open(sys.argv[1]) as f:
        d = json.load(f)
    if "--markdown" in sys.argv:
        print(markdown_table(d))
    else:
        print_table(d)
