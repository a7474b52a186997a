#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""Plots of a horde benchmark result file (Debian's python3-matplotlib):
  <result>-throughput.png  items/s per kernel and backend at each kernel's largest common
                           batch, log scale, labelled with the speedup over scalar; peers
                           (naive, Bullet, floor) as hatched bars;
  <result>-scaling.png     ns per item against batch size, one panel per kernel, one line
                           per backend and peer.
    bench_plot.py RESULT.json"""
import os
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench_table  # noqa: E402

ORDER = ["scalar", "sse2", "sse41", "avx2", "neon", "wasm_simd128", "naive", "bullet", "grid", "floor"]
COLORS = {"scalar": "#888888", "sse2": "#9ecae1", "sse41": "#4292c6", "avx2": "#08519c", "neon": "#74c476",
          "wasm_simd128": "#fd8d3c", "naive": "#d62728", "bullet": "#9467bd", "grid": "#e377c2", "floor": "#cccccc"}


def plot(path):
    import json
    with open(path) as f:
        doc = json.load(f)
    fig = bench_table.figures(doc)
    data = {}  # kernel -> isa -> {n: ips}
    for name, (v, _) in fig.items():
        s = bench_table.split(name)
        if s and s[2].isdigit():
            data.setdefault(s[0], {}).setdefault(s[1], {})[int(s[2])] = v
    kernels = list(data)
    cpu = doc["context"].get("horde_cpu_model", "")
    base = os.path.splitext(path)[0]
    outs = []

    # throughput at the largest batch every native backend of the kernel has
    fig1, ax = plt.subplots(figsize=(max(8, 1.3 * len(kernels)), 5))
    width = 0.8 / max(1, max(len(v) for v in data.values()))
    ticks = []
    for ki, k in enumerate(kernels):
        isas = [i for i in ORDER if i in data[k]]
        ns = set.intersection(*(set(data[k][i]) for i in isas if i not in ("floor",))) or set(data[k]["scalar"])
        n = max(ns)
        sc = data[k].get("scalar", {}).get(n)
        for j, i in enumerate(isas):
            v = data[k][i].get(n)
            if v is None:
                continue
            x = ki + (j - len(isas) / 2) * width
            ax.bar(x, v, width, color=COLORS.get(i, "#333333"), hatch="//" if i in bench_table.PEERS else None,
                   label=i if ki == 0 or i not in ax.get_legend_handles_labels()[1] else None)
            if sc and i not in ("scalar", "floor"):
                ax.text(x, v, f"{v / sc:.1f}x", ha="center", va="bottom", fontsize=6, rotation=90)
        ticks.append(f"{k}\nn = {n}")
    ax.set_yscale("log")
    ax.set_xticks(range(len(kernels)))
    ax.set_xticklabels(ticks, rotation=25, ha="right", fontsize=7)
    ax.set_ylabel("items / s (log)")
    ax.set_title(f"horde: throughput per backend, speedup over scalar\n{cpu}", fontsize=9)
    handles, labels = ax.get_legend_handles_labels()
    uniq = dict(zip(labels, handles))
    ax.legend(uniq.values(), uniq.keys(), fontsize=7, ncol=5)
    fig1.tight_layout()
    outs.append(base + "-throughput.png")
    fig1.savefig(outs[-1], dpi=110)
    plt.close(fig1)

    # cost per item against batch size
    cols = 4
    rows = (len(kernels) + cols - 1) // cols
    fig2, axes = plt.subplots(rows, cols, figsize=(4 * cols, 3 * rows), squeeze=False)
    for ki, k in enumerate(kernels):
        ax = axes[ki // cols][ki % cols]
        for i in ORDER:
            if i not in data[k]:
                continue
            pts = sorted(data[k][i].items())
            ax.plot([p[0] for p in pts], [1e9 / p[1] for p in pts], marker="o", ms=3, color=COLORS.get(i),
                    linestyle="--" if i in bench_table.PEERS else "-", label=i)
        ax.set_xscale("log")
        ax.set_yscale("log")
        ax.set_title(k, fontsize=9)
        ax.set_xlabel("batch size", fontsize=7)
        ax.set_ylabel("ns per item", fontsize=7)
        ax.tick_params(labelsize=6)
        ax.legend(fontsize=5)
    for ki in range(len(kernels), rows * cols):
        axes[ki // cols][ki % cols].axis("off")
    fig2.suptitle(f"horde: cost per item against batch size ({cpu})", fontsize=9)
    fig2.tight_layout()
    outs.append(base + "-scaling.png")
    fig2.savefig(outs[-1], dpi=100)
    plt.close(fig2)
    return outs


if __name__ == "__main__":
    if len(sys.argv) != 2:
        print(__doc__)
        sys.exit(2)
    for p in plot(sys.argv[1]):
        print(p)
