#!/usr/bin/env python3
"""Whole programs on the GPU: XLA (JAX on the same GPU) against kiln's cuda backend, on the
same inputs in the same run, with the outputs checked against each other.

Run from the repository root on the GPU machine, with a built kiln (the bundle's, or
build/.../kiln):

    python3 bench/programs/run.py --kiln .bundle/kiln [NAME ...] [--iters 50] [--out FILE.md]

For each program NAME of tests/jax/export.py (default: every one the repository exports with
inputs), this builds the function and its arguments as export.py does, then:

- XLA: jax.jit(f).lower(*args).compile() (its compile time), arguments on the device, the
  median of --iters timed calls after warm-up (block_until_ready each);
- kiln: `kiln compile --backend cuda -O2` with an empty kernel cache (cold compile time) and
  again (warm), then `kiln run --backend cuda -O2 --time` on the exported inputs
  (tests/jax/programs/NAME/in*.npy), its median. kiln's time includes copying the inputs to
  the device and the outputs back (the command line runs on host arrays), XLA's does not;
- checks kiln's outputs against XLA's (relative tolerance by dtype: 2e-2 for 16-bit floats,
  2e-3 otherwise; integers exact).

Prints one markdown table (and writes it to --out): program, XLA ms, kiln ms, XLA/kiln,
XLA compile s, kiln compile s (cold / warm), agreement. A program kiln cannot compile yet
shows the error's first line instead of its times.
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

import jax
import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "tests", "jax"))
import export  # noqa: E402

PROGRAMS_DIR = os.path.join(ROOT, "tests", "jax", "programs")


def median_ms(fn, iters, warmup=5):
    for _ in range(warmup):
        fn()
    times = []
    for _ in range(iters):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1e3)
    times.sort()
    return times[len(times) // 2]


def time_xla(name, iters):
    f, args, opts = export.build(name)
    with jax.enable_x64(opts.get("x64", False)):
        start = time.perf_counter()
        compiled = jax.jit(f).lower(*args).compile()
        compile_s = time.perf_counter() - start
        dev_args = jax.device_put(args)
        run = lambda: jax.block_until_ready(compiled(*dev_args))
        ms = median_ms(run, iters)
        outs = jax.tree_util.tree_leaves(compiled(*dev_args))
        return ms, compile_s, [np.asarray(o) for o in outs]


def run_kiln(kiln, args, env=None):
    return subprocess.run([kiln] + args, capture_output=True, text=True, env=env, timeout=900)


def time_kiln(kiln, name, iters, out_dir):
    program = os.path.join(PROGRAMS_DIR, name + ".mlir")
    inputs = sorted(
        (p for p in os.listdir(os.path.join(PROGRAMS_DIR, name)) if p.startswith("in")),
        key=lambda p: int(p[2:-4]))
    cache = tempfile.mkdtemp(prefix="kiln-cache-")
    env = dict(os.environ, KILN_CACHE_DIR=cache)
    compile_times = []
    for _ in range(2):  # cold, then warm
        start = time.perf_counter()
        r = run_kiln(kiln, ["compile", "--backend", "cuda", "-O2", program, "-o", os.devnull], env)
        compile_times.append(time.perf_counter() - start)
        if r.returncode != 0:
            shutil.rmtree(cache, ignore_errors=True)
            return None, compile_times, (r.stderr.strip().splitlines() or ["?"])[0]
    cmd = ["run", "--backend", "cuda", "-O2", program, "--out", out_dir, "--time",
           "--iters", str(iters), "--warmup", "5", "--json"]
    for p in inputs:
        cmd += ["--input", os.path.join(PROGRAMS_DIR, name, p)]
    r = run_kiln(kiln, cmd, env)
    shutil.rmtree(cache, ignore_errors=True)
    if r.returncode != 0:
        return None, compile_times, (r.stderr.strip().splitlines() or ["?"])[0]
    facts = json.loads(r.stdout.strip().splitlines()[-1])
    return facts["time_ms"]["median"], compile_times, None


def agree(xla_outs, out_dir):
    for i, want in enumerate(xla_outs):
        got = np.load(os.path.join(out_dir, "out%d.npy" % i))
        if got.dtype.kind == "V":  # ml_dtypes types NumPy lacks (bfloat16, float8): same bytes
            got = got.view(want.dtype)
        if got.shape != want.shape:
            return "out%d: shape %s vs %s" % (i, got.shape, want.shape)
        if want.dtype.kind in "iub":
            if not np.array_equal(got, want):
                return "out%d: %d elements differ" % (i, int(np.sum(got != want)))
            continue
        w = want.astype(np.complex128 if want.dtype.kind == "c" else np.float64)
        g = got.astype(w.dtype)
        tol = 2e-2 if want.dtype.itemsize <= 2 else 2e-3
        err = np.abs(g - w) / np.maximum(np.abs(w), 1.0)
        if not np.all(err <= tol):
            return "out%d: max error %.3g" % (i, float(np.nanmax(err)))
    return "yes"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("names", nargs="*")
    parser.add_argument("--kiln", required=True)
    parser.add_argument("--iters", type=int, default=50)
    parser.add_argument("--out")
    a = parser.parse_args()
    names = a.names or [n for n in export.PROGRAMS
                        if os.path.isdir(os.path.join(PROGRAMS_DIR, n))
                        and os.path.exists(os.path.join(PROGRAMS_DIR, n + ".mlir"))]
    device = jax.devices()[0].device_kind
    rows = ["| program | XLA ms | kiln ms | XLA/kiln | XLA compile s | kiln compile s (cold / warm) | agree |",
            "|---|---:|---:|---:|---:|---:|---|"]
    for name in names:
        try:
            xla_ms, xla_compile, xla_outs = time_xla(name, a.iters)
        except Exception as e:  # noqa: BLE001 - report and go on
            rows.append("| %s | XLA failed: %s | | | | | |" % (name, str(e).splitlines()[0][:80]))
            continue
        out_dir = tempfile.mkdtemp(prefix="kiln-out-")
        kiln_ms, kiln_compile, error = time_kiln(a.kiln, name, a.iters, out_dir)
        if error:
            rows.append("| %s | %.3f | — | — | %.2f | %.2f / %.2f | not compiled: %s |" % (
                name, xla_ms, xla_compile, kiln_compile[0], kiln_compile[-1],
                error.replace("|", "/")[:120]))
        else:
            rows.append("| %s | %.3f | %.3f | %.2f | %.2f | %.2f / %.2f | %s |" % (
                name, xla_ms, kiln_ms, xla_ms / kiln_ms, xla_compile, kiln_compile[0],
                kiln_compile[1], agree(xla_outs, out_dir)))
        shutil.rmtree(out_dir, ignore_errors=True)
        print(rows[-1], flush=True)
    text = "On %s, JAX %s (XLA:GPU).\n\n%s\n" % (device, jax.__version__, "\n".join(rows))
    print(text)
    if a.out:
        with open(a.out, "w") as f:
            f.write(text)


if __name__ == "__main__":
    main()
