#!/usr/bin/env python3
"""The CPU program benchmark: times each program of bench/cpu/programs/ with `kiln run --time`
and the same JAX function on XLA-CPU, on this machine in the same run, and prints a markdown
table with the ratio (kiln time / XLA time) and the geometric mean; --json FILE keeps the
figures. Both sides exclude compilation and run on random inputs (never zeros).

    JAX_PLATFORMS=cpu python3 bench/cpu/run.py --kiln build/release/kiln [--iters 3] [--only NAME...]
"""
import argparse
import json
import math
import os
import statistics
import subprocess
import sys
import time

os.environ.setdefault("JAX_PLATFORMS", "cpu")
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import jax  # noqa: E402
import numpy as np  # noqa: E402
import programs  # noqa: E402


def time_kiln(kiln, name, warmup, iters, timeout):
    path = os.path.join(HERE, "programs", name + ".mlir")
    cmd = [kiln, "run", path, "--random-inputs", "1", "--time", "--json",
           "--warmup", str(warmup), "--iters", str(iters)]
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, f"over {timeout} s"
    if proc.returncode != 0:
        return None, proc.stderr.strip().splitlines()[-1] if proc.stderr else "failed"
    return json.loads(proc.stdout.strip().splitlines()[-1])["time_ms"]["median"], ""


def random_args(name):
    rng = np.random.default_rng(1)
    args = []
    for spec in programs.arg_specs(name):
        a = rng.uniform(0.5, 1.5, spec.shape) * rng.choice([-1.0, 1.0], spec.shape)
        args.append(jax.numpy.asarray(a, dtype=spec.dtype))
    return args


def time_xla(name, warmup, iters):
    fn = jax.jit(programs.PROGRAMS[name][0])
    args = random_args(name)
    for _ in range(warmup + 1):  # the first call compiles
        jax.block_until_ready(fn(*args))
    times = []
    for _ in range(iters):
        start = time.perf_counter()
        jax.block_until_ready(fn(*args))
        times.append((time.perf_counter() - start) * 1e3)
    return statistics.median(times)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--kiln", required=True, help="the kiln binary")
    ap.add_argument("--iters", type=int, default=3)
    ap.add_argument("--warmup", type=int, default=1)
    ap.add_argument("--timeout", type=int, default=600, help="seconds per kiln program")
    ap.add_argument("--only", nargs="*", help="program names (default: all)")
    ap.add_argument("--json", help="also write the figures to this file")
    a = ap.parse_args()
    names = a.only or list(programs.PROGRAMS)
    rows, ratios = [], []
    print(f"jax {jax.__version__}, {os.cpu_count()} CPUs", flush=True)
    print("| program | kiln (ms) | XLA-CPU (ms) | kiln / XLA |")
    print("|---|---|---|---|")
    for name in names:
        xla_ms = time_xla(name, a.warmup, a.iters)
        kiln_ms, why = time_kiln(a.kiln, name, a.warmup, a.iters, a.timeout)
        ratio = kiln_ms / xla_ms if kiln_ms is not None else None
        if ratio is not None:
            ratios.append(ratio)
        kiln_text = f"{kiln_ms:.1f}" if kiln_ms is not None else f"({why})"
        ratio_text = f"{ratio:.2f}" if ratio is not None else "-"
        print(f"| {name} | {kiln_text} | {xla_ms:.1f} | {ratio_text} |", flush=True)
        rows.append({"program": name, "kiln_ms": kiln_ms, "xla_ms": xla_ms, "ratio": ratio,
                     "error": why})
    geomean = math.exp(sum(map(math.log, ratios)) / len(ratios)) if ratios else None
    worst = max(ratios) if ratios else None
    if geomean is not None:
        print(f"\ngeometric mean kiln / XLA: {geomean:.2f}; worst: {worst:.2f} "
              f"({len(ratios)} of {len(names)} programs ran)")
    if a.json:
        with open(a.json, "w") as fh:
            json.dump({"jax": jax.__version__, "rows": rows, "geomean": geomean, "worst": worst},
                      fh, indent=1)
    return 0 if len(ratios) == len(names) else 1


if __name__ == "__main__":
    sys.exit(main())
