#!/usr/bin/env python3
"""The cost of one loop step on the GPU: XLA against kiln on loops with small bodies, each
program built at two trip counts and timed at both, the step's cost the slope
(t(long) - t(short)) / (long - short), so the fixed costs (launch, copies at the edges) cancel.

Issue 14's target: XLA drives each step of a lax.scan / fori_loop from the host (about 12-14 µs
a step on an H100); kiln's loops run on the device (unrolled into the CUDA graph, or a
conditional graph node), target at most 3 µs a step. Run from the repository root on the GPU
machine:

    python3 bench/programs/loop_steps.py --kiln .bundle/kiln [--short 16] [--long 512]
                                         [--iters 20] [--out FILE.md] [--loops A,B]

Loops (bodies of a few small ops, f32):
- fori_loop: lax.fori_loop with a static trip count, x = sin(a @ x) + 0.01 i (a 6 x 6 matrix);
- while_loop: lax.while_loop to a trip count given as an argument (a data-dependent loop: the
  condition reads a device value), the same body;
- scan: lax.scan of an RNN cell h = tanh(wh @ h + wx @ x_t + b) over a sequence (16 units,
  8 inputs), collecting every h;
- scan_4x64, scan_8x128: the same cell over a batch (4 x 64 units, 8 x 128 units, 32 inputs).

$KILN_CUDA_DEVICE_LOOP_WORK (passed on to kiln) says which loops kiln runs as one kernel.

Each program's outputs are checked against XLA's (f32, 2e-3 relative). Prints a markdown table
(and writes it to --out): loop, XLA µs a step, kiln µs a step, XLA/kiln, and the times at both
trip counts.
"""

import argparse
import os
import sys
import tempfile

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import run  # noqa: E402  (time_kiln, median_ms, the export helpers)


def fori_loop(steps):
    rng = np.random.default_rng(1)
    a = (0.3 * rng.standard_normal((6, 6))).astype(np.float32)
    x0 = rng.standard_normal(6).astype(np.float32)

    def f(a, x0):
        def body(i, x):
            return jnp.sin(a @ x) + i.astype(jnp.float32) * 0.01
        return lax.fori_loop(0, steps, body, x0)

    return f, (a, x0)


def while_loop(steps):
    rng = np.random.default_rng(2)
    a = (0.3 * rng.standard_normal((6, 6))).astype(np.float32)
    x0 = rng.standard_normal(6).astype(np.float32)

    def f(a, x0, n):
        def body(c):
            i, x = c
            return i + 1, jnp.sin(a @ x) + i.astype(jnp.float32) * 0.01
        return lax.while_loop(lambda c: c[0] < n, body, (jnp.int32(0), x0))[1]

    return f, (a, x0, np.int32(steps))


def scan(steps):
    rng = np.random.default_rng(3)
    wh = (0.3 * rng.standard_normal((16, 16))).astype(np.float32)
    wx = (0.3 * rng.standard_normal((16, 8))).astype(np.float32)
    b = (0.1 * rng.standard_normal(16)).astype(np.float32)
    xs = rng.standard_normal((steps, 8)).astype(np.float32)
    h0 = np.zeros(16, np.float32)

    def f(wh, wx, b, xs, h0):
        def cell(h, x):
            h = jnp.tanh(wh @ h + wx @ x + b)
            return h, h
        return lax.scan(cell, h0, xs)

    return f, (wh, wx, b, xs, h0)


def batched_scan(batch, units, inputs):
    """lax.scan of an RNN cell over a batch: h = tanh(h @ wh + x_t @ wx + b), h [batch, units]."""
    def make(steps):
        rng = np.random.default_rng(4)
        wh = (rng.standard_normal((units, units)) / np.sqrt(units)).astype(np.float32)
        wx = (rng.standard_normal((inputs, units)) / np.sqrt(inputs)).astype(np.float32)
        b = (0.1 * rng.standard_normal(units)).astype(np.float32)
        xs = rng.standard_normal((steps, batch, inputs)).astype(np.float32)
        h0 = np.zeros((batch, units), np.float32)

        def f(wh, wx, b, xs, h0):
            def cell(h, x):
                h = jnp.tanh(h @ wh + x @ wx + b)
                return h, h
            return lax.scan(cell, h0, xs)

        return f, (wh, wx, b, xs, h0)
    return make


LOOPS = {"fori_loop": fori_loop, "while_loop": while_loop, "scan": scan,
         # A step of about 25 thousand multiply-adds (one kernel by default) and one of about 165
         # thousand (past KILN_CUDA_DEVICE_LOOP_WORK's default: graph nodes): where one block's
         # loop stops paying.
         "scan_4x64": batched_scan(4, 64, 32), "scan_8x128": batched_scan(8, 128, 32)}


def time_both(kiln, make, steps, iters, work):
    """(XLA ms, kiln ms, error text or None) of the loop at `steps`."""
    f, args = make(steps)
    compiled = jax.jit(f).lower(*args).compile()
    dev_args = jax.device_put(args)
    xla_ms = run.median_ms(lambda: jax.block_until_ready(compiled(*dev_args)), iters)
    want = [np.asarray(o) for o in jax.tree_util.tree_leaves(compiled(*dev_args))]
    folder = tempfile.mkdtemp(prefix="loop-", dir=work)
    program = os.path.join(folder, "loop.mlir")
    with open(program, "w") as fh:
        fh.write(jax.jit(f).lower(*args).as_text())
    inputs = []
    for i, a in enumerate(args):
        inputs.append(os.path.join(folder, "in%d.npy" % i))
        np.save(inputs[-1], np.asarray(a))
    out_dir = os.path.join(folder, "out")
    os.makedirs(out_dir)
    kiln_ms, _, error = run.time_kiln(kiln, program, inputs, iters, out_dir)
    if error:
        return xla_ms, None, error
    for i, w in enumerate(want):
        got = np.load(os.path.join(out_dir, "out%d.npy" % i))
        if not np.allclose(got, w, rtol=2e-3, atol=2e-3):
            return xla_ms, kiln_ms, "out%d disagrees: max error %.3g" % (
                i, float(np.max(np.abs(got - w))))
    return xla_ms, kiln_ms, None


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--kiln", required=True)
    ap.add_argument("--short", type=int, default=16)
    ap.add_argument("--long", type=int, default=512)
    ap.add_argument("--iters", type=int, default=20)
    ap.add_argument("--out")
    ap.add_argument("--loops", default=",".join(LOOPS), help="comma-separated: " + ",".join(LOOPS))
    a = ap.parse_args()
    work = tempfile.mkdtemp(prefix="kiln-loops-")
    lines = ["On %s, JAX %s (XLA on its %s backend); trip counts %d and %d." % (
                 jax.devices()[0].device_kind, jax.__version__, jax.default_backend(), a.short,
                 a.long), "",
             "| loop | XLA µs a step | kiln µs a step | XLA/kiln | XLA ms (%d / %d) | "
             "kiln ms (%d / %d) | agree |" % (a.short, a.long, a.short, a.long),
             "|---|---:|---:|---:|---:|---:|---|"]
    for name in a.loops.split(","):
        make = LOOPS[name]
        x1, k1, e1 = time_both(a.kiln, make, a.short, a.iters, work)
        x2, k2, e2 = time_both(a.kiln, make, a.long, a.iters, work)
        xla_step = (x2 - x1) * 1e3 / (a.long - a.short)
        if k1 is None or k2 is None:
            lines.append("| %s | %.2f | - | - | %.3f / %.3f | - | %s |" % (
                name, xla_step, x1, x2, (e1 or e2)[:80]))
            continue
        kiln_step = (k2 - k1) * 1e3 / (a.long - a.short)
        lines.append("| %s | %.2f | %.2f | %.2f | %.3f / %.3f | %.3f / %.3f | %s |" % (
            name, xla_step, kiln_step, xla_step / max(kiln_step, 1e-9), x1, x2, k1, k2,
            e1 or e2 or "yes"))
    text = "\n".join(lines) + "\n"
    print(text)
    if a.out:
        with open(a.out, "w") as fh:
            fh.write(text)


if __name__ == "__main__":
    main()
