#!/usr/bin/env python3
"""A model of Hopper's fp8 wgmma accumulation, for gemm_fp8's tolerance (issue 15).

Each m64nNk32 step adds 32 exact products (an e4m3 x e4m3 product has at most 8 significant
bits) into the f32 accumulator after aligning every term to the largest of them and keeping
about 14 significant bits (DeepSeek-V3's report measured "around 14 bits" on the H800); here
each term is truncated toward zero to a multiple of 2^(e - BITS), 2^e just above the largest
term, and the truncated terms are summed exactly. With two-level accumulation (promote_every
P) the wgmma sum restarts every P stages of 128 along K and is added into an f32 total.

Inputs as the kernel's checks draw them: A and B uniform in [-2, 2) rounded to e4m3, the
product scaled by `--scale` (sa sb: each scale is drawn from [0.25, 2), so at most 4).
Prints the largest and the root-mean-square error over `--dots` independent dot products of
length K, for each P (0: never promoted).

  scripts/fp8_accumulation_model.py --k 2048 --promote 0,1,2,4
"""
import argparse

import numpy as np


def to_e4m3(x):
    """Round to the nearest e4m3 value (3 mantissa bits; the range here has no overflow)."""
    _, e = np.frexp(np.maximum(np.abs(x), 2.0**-6))
    quantum = np.ldexp(1.0, e - 4)
    return np.round(x / quantum) * quantum


def truncated_sum(terms, bits):
    """Sum of the terms (last axis), each first truncated to `bits` below the largest's binade."""
    largest = np.max(np.abs(terms), axis=-1, keepdims=True)
    _, e = np.frexp(np.maximum(largest, 1e-30))
    quantum = np.ldexp(1.0, e - bits)
    return np.sum(np.trunc(terms / quantum) * quantum, axis=-1)


def errors(a, b, promote_every, bits):
    products = a * b
    exact = products.sum(axis=1)
    dots, k = products.shape
    acc = np.zeros(dots)
    total = np.zeros(dots)
    steps = (k + 31) // 32  # the last step zero-filled past K, as TMA does
    for s in range(steps):
        terms = np.concatenate([acc[:, None], products[:, 32 * s:32 * s + 32]], axis=1)
        acc = truncated_sum(terms, bits)
        # A stage of 128 along K is 4 k32 steps.
        if promote_every and ((s + 1) % (4 * promote_every) == 0 or s + 1 == steps):
            total += acc
            acc[:] = 0
    return np.abs((total if promote_every else acc) - exact)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--k", type=int, default=2048, help="K")
    parser.add_argument("--dots", type=int, default=16384, help="dot products per chunk")
    parser.add_argument("--chunks", type=int, default=1)
    parser.add_argument("--promote", default="0,1,2,4", help="promote_every values, 0: never")
    parser.add_argument("--scale", type=float, default=4.0, help="sa sb")
    parser.add_argument("--bits", type=int, default=14, help="significant bits kept")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = np.random.default_rng(args.seed)
    intervals = [int(p) for p in args.promote.split(",")]
    found = {p: [] for p in intervals}
    for _ in range(args.chunks):
        a = to_e4m3(rng.uniform(-2, 2, (args.dots, args.k)))
        b = to_e4m3(rng.uniform(-2, 2, (args.dots, args.k)))
        for p in intervals:
            found[p].append(errors(a, b, p, args.bits) * args.scale)
    for p in intervals:
        e = np.concatenate(found[p])
        print(f"K={args.k} promote_every={p} scale={args.scale} bits={args.bits} "
              f"dots={e.size}: max {e.max():.4f} rms {np.sqrt(np.mean(e**2)):.4f}")


if __name__ == "__main__":
    main()
