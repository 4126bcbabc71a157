#!/usr/bin/env python3
"""Prints the Markdown table of bench/RESULTS.md from `kiln bench` result files.

Reads DIR/<arch>/<kernel>.json (results folders, or .tar.xz files of them, as
scripts/gpu_session.sh brings back; a later one's runs replace an earlier one's) and keeps,
per kernel, dtype and shape, the latest checked run (one with interpreter checks; sweeps run
with --no-check are left out). Columns:
kiln's median time, its share of the measured copy rate, each baseline's median time and
kiln's speed-up over it (> 1: kiln faster), and whether kiln and the baselines passed.
  python3 scripts/results_table.py RESULTS... [--dtype bf16]...
"""
import argparse
import glob
import json
import os
import tarfile
import tempfile


def load_runs(path):
    if os.path.isfile(path):
        tmp = tempfile.mkdtemp()
        with tarfile.open(path) as t:
            t.extractall(tmp)
        path = tmp
    runs = []
    for f in sorted(glob.glob(os.path.join(path, "**", "*.json"), recursive=True)):
        if os.path.basename(f) == "leaderboard.json":
            continue
        with open(f) as fh:
            runs.extend(json.load(fh)["runs"])
    return runs


def cell(run, library):
    for b in run["baselines"]:
        if b["library"] != library:
            continue
        if b.get("error"):
            return "error"
        return f"{b['time']['median_ms']:.4f} ({b['speedup']:.2f}x)"
    return "-"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("results", nargs="+")
    ap.add_argument("--dtype", action="append")
    a = ap.parse_args()
    latest = {}
    for r in (run for path in a.results for run in load_runs(path)):
        if r.get("check") is None or (a.dtype and r["dtype"] not in a.dtype):
            continue
        latest[(r["kernel"], r["dtype"], tuple(r["shape"]))] = r  # files keep run order
    print("| kernel | dtype | shape | ok | kiln ms | % copy | vendor ms (speed-up) "
          "| torch ms (speed-up) |")
    print("|---|---|---|---|---|---|---|---|")
    def order(item):  # by kernel and dtype, then the largest shape first
        (kernel, dtype, shape), _ = item
        size = 1
        for d in shape:
            size *= d
        return kernel, dtype, -size, shape

    for (kernel, dtype, shape), r in sorted(latest.items(), key=order):
        ok = "yes" if r["correct"] else "NO"
        for b in r["baselines"]:
            c = b.get("check")
            if c and not c["passed"] and c["cases"]:
                ok += f" ({b['library']} failed)"
        shape_text = "x".join(str(d) for d in shape) or "scalar"
        print(f"| {kernel} | {dtype} | {shape_text} | {ok} | {r['time']['median_ms']:.4f} "
              f"| {100 * r['copy_fraction']:.1f}% | {cell(r, 'vendor')} | {cell(r, 'torch')} |")


if __name__ == "__main__":
    main()
