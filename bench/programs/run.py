#!/usr/bin/env python3
"""Whole programs on the GPU: XLA (JAX on the same GPU) against kiln's cuda backend, on the
same inputs in the same run, with the outputs checked against each other.

Run from the repository root on the GPU machine, with a built kiln (the bundle's, or
build/.../kiln):

    python3 bench/programs/run.py --kiln .bundle/kiln [NAME ...] [--size bench|small]
                                  [--iters 50] [--out FILE.md] [--stats-dir DIR]

NAME is a program of tests/jax/export.py (default: every one the repository exports with
inputs). Sizes: the programs of export.SIZES (attention, causal_attention, attention_grad,
causal_attention_grad, gpt2_block, llama_layer) have a small size, the one exported into
tests/jax/programs for the tests, and a bench size (the shapes issue 14 names: attention and
its gradients b=8, h=16, s=1024, d=64; GPT-2 small's block at
seq 512; a Llama 3.2 1B layer at seq 512). `--size bench` (the default) times those at their
bench size: this script builds the program with export.build(NAME, "bench"), writes its StableHLO
(jax.jit(f).lower(*args).as_text()) and its inputs to a temporary folder and runs kiln on
them. Every other program has only its exported size and runs on the committed files
(tests/jax/programs/NAME.mlir and NAME/in*.npy). `--size small` runs everything at the
exported size. For each program:

- XLA: jax.jit(f).lower(*args).compile() (its compile time), arguments on the device, the
  median of --iters timed calls after warm-up (block_until_ready each);
- kiln: `kiln compile --backend cuda -O2` with an empty kernel cache twice (cold compile time:
  the faster of the two) and again with the cache filled (warm), then `kiln run --backend cuda -O2 --time` on the same inputs: the median of
  its runs with the inputs uploaded once and the outputs left in device memory (`time_ms`), as
  XLA's arguments and results stay on the device; the end-to-end time from and to host arrays
  (`time_ms_host`) is in the JSON too;
- where they disagree, runs the program again with every floating argument widened to f64
  (jax, x64) and gives each one's relative RMS distance to that output ("distance to f64: kiln
  a, XLA b"), which says who is nearer the exact math on an ill-conditioned output;
- checks kiln's outputs against XLA's: integers exactly; f32 / f64 within 2e-3 relative
  (|kiln - xla| / max(|xla|, 1)); 16-bit floats (HALF_TOLERANCE) element by element within a
  few ulps of the element and of the output's largest magnitude (bf16: 1.6e-2 |xla| +
  max|xla| / 64), and within a relative RMS error ||kiln - xla|| / ||xla|| of 2e-2 (bf16) or 2e-3
  (f16) over the whole output. XLA computes fused bf16 element-wise ops in f32 and rounds once,
  kiln rounds after every op as the interpreter does, so single elements drift by a few ulps,
  and a residual sum that cancels to near zero keeps the absolute error of its terms.

Prints one markdown table (and writes it to --out): program, size, XLA ms, kiln ms, XLA/kiln,
XLA compile s, kiln compile s (cold / warm: the compiler's own time in the process, the
optimizer's passes plus lowering and kernels as `kiln compile --stats` reports them, as XLA's is
measured inside a process whose GPU is initialised), kiln process s (the whole `kiln compile`
command, process start and driver initialisation included), agreement. A program kiln cannot compile yet
shows the error's first line instead of its times.
"""

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

import jax
import jax.numpy as jnp
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


def time_xla(name, size, iters):
    f, args, opts = export.build(name, size)
    with jax.enable_x64(opts.get("x64", False)):
        start = time.perf_counter()
        compiled = jax.jit(f).lower(*args).compile()
        compile_s = time.perf_counter() - start
        dev_args = jax.device_put(args)
        run = lambda: jax.block_until_ready(compiled(*dev_args))
        ms = median_ms(run, iters)
        outs = jax.tree_util.tree_leaves(compiled(*dev_args))
        return ms, compile_s, [np.asarray(o) for o in outs]


def upcast_outputs(name, size):
    """The program's outputs with every floating argument widened to f64 (jax with x64): the
    exact math's stand-in where XLA and kiln disagree on an ill-conditioned output (the program's
    own casts, such as a loss summed in f32, stay)."""
    f, args, _ = export.build(name, size)
    with jax.enable_x64(True):
        def widen(a):
            a = jnp.asarray(a)
            if jnp.issubdtype(a.dtype, jnp.floating):
                return a.astype(jnp.float64)
            if jnp.issubdtype(a.dtype, jnp.complexfloating):
                return a.astype(jnp.complex128)
            return a
        outs = jax.tree_util.tree_leaves(jax.jit(f)(*jax.tree_util.tree_map(widen, args)))
        return [np.asarray(o) for o in outs]


def distance_to_upcast(name, size, verdict, xla_outs, out_dir):
    """For a disagreement on output i ("outI: ..."): the relative RMS distance of kiln's and XLA's
    output i to upcast_outputs' (who is nearer the exact math), as text; empty if there is
    none to give."""
    m = re.match(r"out(\d+):", verdict)
    if not m:
        return ""
    i = int(m.group(1))
    try:
        truth = upcast_outputs(name, size)[i].astype(np.complex128).ravel()
        got = np.load(os.path.join(out_dir, "out%d.npy" % i))
        if got.dtype.kind == "V":
            got = got.view(xla_outs[i].dtype)
        got = got.astype(np.complex128).ravel()
        want = xla_outs[i].astype(np.complex128).ravel()
    except Exception as e:  # noqa: BLE001 - the verdict stands without it
        return " (f64 upcast failed: %s)" % str(e).splitlines()[0][:60]
    norm = max(float(np.sqrt(np.mean(np.abs(truth) ** 2))), 1e-30)
    rel = lambda x: float(np.sqrt(np.mean(np.abs(x - truth) ** 2))) / norm
    return " (distance to f64: kiln %.3g, XLA %.3g)" % (rel(got), rel(want))


def run_kiln(kiln, args, env=None):
    return subprocess.run([kiln] + args, capture_output=True, text=True, env=env, timeout=900)


def program_files(name, size, work_dir):
    """(the .mlir file, its input files in order) of `name` at `size`: the committed export at
    the exported size, else written into work_dir from export.build (the same arguments XLA
    runs on)."""
    if size == "small":
        data = os.path.join(PROGRAMS_DIR, name)
        inputs = sorted((p for p in os.listdir(data) if re.fullmatch(r"in\d+\.npy", p)),
                        key=lambda p: int(p[2:-4]))
        return os.path.join(PROGRAMS_DIR, name + ".mlir"), [os.path.join(data, p) for p in inputs]
    f, args, opts = export.build(name, size)
    with jax.enable_x64(opts.get("x64", False)):
        text = jax.jit(f).lower(*args).as_text()
    program = os.path.join(work_dir, name + ".mlir")
    with open(program, "w") as fh:
        fh.write(text)
    inputs = []
    for i, a in enumerate(jax.tree_util.tree_leaves(args)):
        inputs.append(os.path.join(work_dir, "in%d.npy" % i))
        export.save_npy(inputs[-1], np.asarray(a))
    return program, inputs


def time_kiln(kiln, program, inputs, iters, out_dir, stats_dir=None):
    cache = tempfile.mkdtemp(prefix="kiln-cache-")
    env = dict(os.environ, KILN_CACHE_DIR=cache)
    compile_times = []  # the compiler's own seconds (optimizer + lowering + kernels), cold, warm
    process_times = []  # the whole `kiln compile` process (start, driver initialisation too)
    # Cold twice, each in an empty cache, the faster kept (a cold compile is a few hundred ms of
    # process starts and NVRTC, easily slowed by whatever else the machine is doing), then warm.
    for kind in ("cold", "cold2", "warm"):
        if kind == "cold2":
            shutil.rmtree(cache, ignore_errors=True)
            os.makedirs(cache)
        start = time.perf_counter()
        r = run_kiln(kiln, ["compile", "--backend", "cuda", "-O2", "--stats", program,
                            "-o", os.devnull], env)
        process_times.append(time.perf_counter() - start)
        if stats_dir:
            name = os.path.splitext(os.path.basename(program))[0]
            with open(os.path.join(stats_dir, "%s.%s.txt" % (name, kind)), "w") as f:
                f.write(r.stderr)
        passes = re.search(r"^total: ([0-9.]+) ms", r.stderr, re.M)
        backend = re.search(r"compiled for \S+ in ([0-9.]+) ms", r.stderr)
        compile_times.append((float(passes.group(1)) + float(backend.group(1))) / 1e3
                             if passes and backend else process_times[-1])
        if r.returncode != 0:
            shutil.rmtree(cache, ignore_errors=True)
            return None, compile_times, (r.stderr.strip().splitlines() or ["?"])[0]
    compile_times = [min(compile_times[:2]), compile_times[2]]
    process_times = [min(process_times[:2]), process_times[2]]
    cmd = ["run", "--backend", "cuda", "-O2", program, "--out", out_dir, "--time",
           "--iters", str(iters), "--warmup", "5", "--json"]
    for p in inputs:
        cmd += ["--input", p]
    r = run_kiln(kiln, cmd, env)
    shutil.rmtree(cache, ignore_errors=True)
    if r.returncode != 0:
        return None, compile_times, (r.stderr.strip().splitlines() or ["?"])[0]
    facts = json.loads(r.stdout.strip().splitlines()[-1])
    time_kiln.process_times = process_times
    return facts["time_ms"]["median"], compile_times, None


# 16-bit floats: (rtol, atol, rms). An element agrees when |kiln - xla| <= rtol |xla| + atol
# max|xla| (rtol: four ulps, as oracle::default_tolerance; atol: a few ulps of the output's
# largest magnitude, for elements where a residual sum cancels to near zero), and the whole output
# when ||kiln - xla|| <= rms ||xla||.
HALF_TOLERANCE = {"bfloat16": (1.6e-2, 1.0 / 64, 2e-2), "float16": (2e-3, 1.0 / 512, 2e-3)}


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
        diff = np.abs(g - w)
        if want.dtype.name in HALF_TOLERANCE:
            rtol, atol, rms_bound = HALF_TOLERANCE[want.dtype.name]
            bad = ~(diff <= rtol * np.abs(w) + atol * float(np.max(np.abs(w), initial=0.0)))
            rms = float(np.sqrt(np.mean(diff ** 2) / max(np.mean(np.abs(w) ** 2), 1e-30)))
            if np.any(bad):
                return "out%d: %d of %d elements off (max error %.3g)" % (
                    i, int(np.sum(bad)), bad.size, float(np.nanmax(diff)))
            if not rms <= rms_bound:
                return "out%d: relative RMS error %.3g" % (i, rms)
            continue
        err = diff / np.maximum(np.abs(w), 1.0)
        if not np.all(err <= 2e-3):
            return "out%d: max error %.3g" % (i, float(np.nanmax(err)))
    return "yes"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("names", nargs="*")
    parser.add_argument("--kiln", required=True)
    parser.add_argument("--size", choices=["bench", "small"], default="bench",
                        help="the size of the programs that have several (export.SIZES); the "
                             "others run at their exported size")
    parser.add_argument("--iters", type=int, default=50)
    parser.add_argument("--out")
    parser.add_argument("--stats-dir", help="keep each kiln compile's --stats output here "
                                            "(NAME.cold.txt, NAME.cold2.txt, NAME.warm.txt)")
    a = parser.parse_args()
    names = a.names or [n for n in export.PROGRAMS
                        if os.path.isdir(os.path.join(PROGRAMS_DIR, n))
                        and os.path.exists(os.path.join(PROGRAMS_DIR, n + ".mlir"))]
    device = jax.devices()[0].device_kind
    rows = ["| program | size | XLA ms | kiln ms | XLA/kiln | XLA compile s | "
            "kiln compile s (cold / warm) | kiln process s (cold / warm) | agree |",
            "|---|---|---:|---:|---:|---:|---:|---:|---|"]
    for name in names:
        size = a.size if a.size in export.sizes(name) else "small"
        try:
            xla_ms, xla_compile, xla_outs = time_xla(name, size, a.iters)
        except Exception as e:  # noqa: BLE001 - report and go on
            rows.append("| %s | %s | XLA failed: %s | | | | | |" % (
                name, size, str(e).splitlines()[0][:80]))
            continue
        work_dir = tempfile.mkdtemp(prefix="kiln-program-")
        out_dir = os.path.join(work_dir, "out")
        os.makedirs(out_dir)
        program, inputs = program_files(name, size, work_dir)
        kiln_ms, kiln_compile, error = time_kiln(a.kiln, program, inputs, a.iters, out_dir,
                                                    a.stats_dir)
        if error:
            rows.append("| %s | %s | %.3f | — | — | %.2f | %.2f / %.2f | | not compiled: %s |" % (
                name, size, xla_ms, xla_compile, kiln_compile[0], kiln_compile[-1],
                error.replace("|", "/")[:120]))
        else:
            proc = time_kiln.process_times
            verdict = agree(xla_outs, out_dir)
            if verdict != "yes":
                verdict += distance_to_upcast(name, size, verdict, xla_outs, out_dir)
            rows.append("| %s | %s | %.3f | %.3f | %.2f | %.2f | %.3f / %.3f | %.2f / %.2f | %s |" % (
                name, size, xla_ms, kiln_ms, xla_ms / kiln_ms, xla_compile, kiln_compile[0],
                kiln_compile[1], proc[0], proc[1], verdict))
        shutil.rmtree(work_dir, ignore_errors=True)
        print(rows[-1], flush=True)
    text = "On %s, JAX %s (XLA:GPU).\n\n%s\n" % (device, jax.__version__, "\n".join(rows))
    print(text)
    if a.out:
        with open(a.out, "w") as f:
            f.write(text)


if __name__ == "__main__":
    main()
