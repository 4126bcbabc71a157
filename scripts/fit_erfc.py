#!/usr/bin/env python3
"""Fits the polynomial of the fast erfc in src/kernels/cuda/ops/elementwise.cuh.

erfc(x) = t * P(t) * exp(-x^2) for x >= 0, with t = 1 / (1 + x / 2): P(t) = erfcx(x) / t is
smooth on t in (0, 1]. A least-squares fit in a Chebyshev basis, weighted for relative
error, against mpmath; then the coefficients rounded to f32 and the formula evaluated in f32
(Horner, as the kernel does) against mpmath's erfc, printing the worst relative error.
Needs numpy and mpmath:  python3 scripts/fit_erfc.py [DEGREE]
"""
import sys

import mpmath as mp
import numpy as np

mp.mp.dps = 30
degree = int(sys.argv[1]) if len(sys.argv) > 1 else 8

xs = np.concatenate([np.linspace(0, 12, 4000), np.geomspace(1e-4, 12, 2000)])
t = 1 / (1 + xs / 2)
target = np.array([float(mp.erfc(x) * mp.exp(x * x)) for x in xs]) / t
basis = np.polynomial.chebyshev.chebvander(2 * t - 1, degree)
weight = 1 / target
cheb, *_ = np.linalg.lstsq(basis * weight[:, None], target * weight, rcond=None)
# From the Chebyshev basis in 2t - 1 to a power series in t.
power = np.polynomial.Polynomial(np.polynomial.chebyshev.cheb2poly(cheb))(
    np.polynomial.Polynomial([-1, 2]))
coef = power.coef.astype(np.float32)

check = np.linspace(0, 10, 4001).astype(np.float32)
tt = (np.float32(1) / (np.float32(1) + check / np.float32(2))).astype(np.float32)
p = np.zeros_like(tt)
for c in reversed(coef):
    p = (p * tt + c).astype(np.float32)
approx = tt.astype(np.float64) * p * np.exp(-check.astype(np.float64) ** 2)
ref = np.array([float(mp.erfc(float(x))) for x in check])
worst = np.max(np.abs(approx - ref) / ref)
print(f"degree {degree}: worst relative error {worst:.3g} on [0, 10]")
print("coefficients, highest power first:")
for c in reversed(coef):
    print(f"  {float(c):.8g}f")
