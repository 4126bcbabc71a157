#!/usr/bin/env python3
"""Compares two `kiln bench --json` runs (before and after a change, timed in one session on one
GPU): verdicts, knobs and median times per kernel, dtype and shape.

    python3 scripts/compare_bench.py OLD.json NEW.json [OLD2.json NEW2.json ...]  (or .json.xz)

Exits 1 when a verdict or a knob differs; prints the time ratios (new / old) with the ones
furthest from 1 first, so a refactor that should not change speed shows whether it did.
"""
import json
import lzma
import statistics
import sys


def load(path):
    with (lzma.open(path, "rt") if path.endswith(".xz") else open(path)) as f:
        return {(r["kernel"], r["dtype"], tuple(r["shape"])): r for r in json.load(f)}


def main(paths):
    if len(paths) < 2 or len(paths) % 2:
        sys.exit(__doc__)
    rows, problems = [], []
    for old_path, new_path in zip(paths[::2], paths[1::2]):
        old, new = load(old_path), load(new_path)
        for key in sorted(set(old) ^ set(new)):
            problems.append(f"only in {'old' if key in old else 'new'}: {key}")
        for key in sorted(set(old) & set(new)):
            o, n = old[key], new[key]
            if o["correct"] != n["correct"]:
                problems.append(f"verdict {o['correct']} -> {n['correct']}: {key}")
            if o["knobs"] != n["knobs"]:
                problems.append(f"knobs {o['knobs']} -> {n['knobs']}: {key}")
            rows.append((key, o["time"]["median_ms"], n["time"]["median_ms"]))
    ratios = [n / o for _, o, n in rows]
    print(f"{len(rows)} kernel x dtype x shape compared; {len(problems)} verdict/knob differences")
    for p in problems:
        print("  " + p)
    if ratios:
        print(f"new/old median time: median {statistics.median(ratios):.4f}, "
              f"geomean {statistics.geometric_mean(ratios):.4f}, "
              f"range {min(ratios):.3f}..{max(ratios):.3f}; "
              f"{sum(abs(r - 1) > 0.03 for r in ratios)} beyond 3%")
        for (key, o, n), r in sorted(zip(rows, ratios), key=lambda x: -abs(x[1] - 1))[:10]:
            kernel, dtype, shape = key
            print(f"  {kernel:<20} {dtype:<5} {'x'.join(map(str, shape)):<18} "
                  f"{o:.4f} -> {n:.4f} ms ({r:.3f})")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
