#!/usr/bin/env python3
"""Export small JAX programs as StableHLO text plus reference inputs/outputs.

Run from the repository root:

    JAX_PLATFORMS=cpu python3 tests/jax/export.py [--out DIR] [--only NAME ...] [--size S]

`--size bench` exports the programs of SIZES (the cuda backend's benchmark programs) at
the size bench/programs/run.py times them, instead of the small size committed here.

For every program NAME listed in PROGRAMS below this writes, under DIR
(default: tests/jax/programs/):

    NAME.mlir            jax.jit(f).lower(*args).as_text()   (pretty text,
                         default debug info, i.e. no locations), except for
                         `mlp_with_locations` which uses as_text(debug_info=True)
                         and `linalg_portable`, lowered for TPU (see PROGRAMS)
    NAME/in0.npy ...     the (flattened) inputs, random from a fixed seed
    NAME/out0.npy ...    JAX's outputs on CPU, flattened in jax.tree_util order
    NAME/manifest.json   name/dtype/shape of every input and output (needed because
                         bf16 / float8 arrays are stored as raw '<V2' / '<V1'
                         void records, which lose the element type)

Inputs are flattened with jax.tree_util in the order of the positional
arguments; this is exactly the order of the arguments of `@main` in NAME.mlir.

Everything is deterministic: each program gets its own numpy Generator seeded
with crc32(NAME), so adding or removing a program never changes the data of
another one. Location strings in mlp_with_locations.mlir have the repository
root prefix stripped (jax_hlo_source_file_canonicalization_regex), so the text
does not depend on where the checkout lives.
"""

import argparse
import json
import math
import os
import re
import sys
import zlib

# JAX must run on the CPU; set this before importing jax.
os.environ.setdefault("JAX_PLATFORMS", "cpu")

import jax
import jax.numpy as jnp
import jax.scipy.linalg
import jax.scipy.special
import ml_dtypes
import numpy as np
from jax import lax

HERE = os.path.dirname(os.path.abspath(__file__))
REPO_ROOT = os.path.dirname(os.path.dirname(HERE))

# Strip "<repo root>/" from source file names in MLIR locations, so that
# mlp_with_locations.mlir says loc("tests/jax/export.py":L:C ...).
jax.config.update("jax_hlo_source_file_canonicalization_regex",
                  "^" + re.escape(REPO_ROOT + os.sep))

BF16 = ml_dtypes.bfloat16


# ---------------------------------------------------------------------------
# Small helpers for building random inputs.
# ---------------------------------------------------------------------------

def normal(rng, shape, scale=1.0, dtype=np.float32):
    return (rng.standard_normal(shape) * scale).astype(dtype)


def uniform(rng, shape, lo, hi, dtype=np.float32):
    return rng.uniform(lo, hi, size=shape).astype(dtype)


def dense_params(rng, sizes):
    """[(w, b), ...] for a stack of dense layers with the given widths."""
    return [(normal(rng, (m, n), 1.0 / np.sqrt(m)), normal(rng, (n,), 0.1))
            for m, n in zip(sizes[:-1], sizes[1:])]


# ---------------------------------------------------------------------------
# The programs. Each `make_*` takes a numpy Generator (and, for the programs of
# SIZES, the shape parameters of a size) and returns (f, args): the function to
# jit and a tuple of positional arguments (pytrees of numpy arrays). Keep shapes
# small: the inputs get committed.
# ---------------------------------------------------------------------------

def make_mlp(rng):
    """3 dense layers: relu, exact (erf) gelu, linear output. f32."""
    params = dense_params(rng, [16, 32, 32, 8])
    x = normal(rng, (4, 16))

    def mlp(params, x):
        (w1, b1), (w2, b2), (w3, b3) = params
        h = jax.nn.relu(x @ w1 + b1)
        h = jax.nn.gelu(h @ w2 + b2, approximate=False)
        return h @ w3 + b3

    return mlp, (params, x)


def make_sharded(rng):
    """A dense layer with Shardy sharding annotations on a one-device mesh: the export holds
    sdy.mesh, #sdy.sharding argument attributes and sdy.sharding_constraint."""
    from jax.sharding import Mesh, NamedSharding, PartitionSpec as P
    mesh = Mesh(np.array(jax.devices()[:1]), ("x",))
    a = jax.device_put(normal(rng, (4, 8)), NamedSharding(mesh, P("x", None)))
    b = jax.device_put(normal(rng, (8, 4)), NamedSharding(mesh, P()))

    def sharded(a, b):
        c = jax.lax.with_sharding_constraint(a @ b, NamedSharding(mesh, P(None, "x")))
        return jnp.tanh(c)

    return sharded, (a, b)


def make_transformer_block(rng):
    """Pre-LN transformer block: causal MHA + gelu MLP, residuals. f32."""
    seq, d, heads, d_ff = 16, 32, 4, 64
    p = {
        "ln1_g": 1.0 + normal(rng, (d,), 0.1), "ln1_b": normal(rng, (d,), 0.1),
        "wqkv": normal(rng, (d, 3 * d), 1.0 / np.sqrt(d)),
        "wo": normal(rng, (d, d), 1.0 / np.sqrt(d)),
        "ln2_g": 1.0 + normal(rng, (d,), 0.1), "ln2_b": normal(rng, (d,), 0.1),
        "w1": normal(rng, (d, d_ff), 1.0 / np.sqrt(d)),
        "b1": normal(rng, (d_ff,), 0.1),
        "w2": normal(rng, (d_ff, d), 1.0 / np.sqrt(d_ff)),
        "b2": normal(rng, (d,), 0.1),
    }
    x = normal(rng, (seq, d))

    def layer_norm(x, g, b, eps=1e-5):
        mu = jnp.mean(x, axis=-1, keepdims=True)
        var = jnp.mean(jnp.square(x - mu), axis=-1, keepdims=True)
        return (x - mu) * lax.rsqrt(var + eps) * g + b

    def block(p, x):
        s, dm = x.shape
        hd = dm // heads
        h = layer_norm(x, p["ln1_g"], p["ln1_b"])
        q, k, v = jnp.split(h @ p["wqkv"], 3, axis=-1)
        # [seq, d] -> [heads, seq, head_dim]
        q, k, v = (t.reshape(s, heads, hd).transpose(1, 0, 2) for t in (q, k, v))
        logits = jnp.einsum("hqd,hkd->hqk", q, k) / np.sqrt(hd).astype(np.float32)
        causal = jnp.tril(jnp.ones((s, s), dtype=bool))
        logits = jnp.where(causal, logits, -jnp.inf)
        attn = jax.nn.softmax(logits, axis=-1)
        o = jnp.einsum("hqk,hkd->hqd", attn, v).transpose(1, 0, 2).reshape(s, dm)
        x = x + o @ p["wo"]
        h = layer_norm(x, p["ln2_g"], p["ln2_b"])
        h = jax.nn.gelu(h @ p["w1"] + p["b1"])  # tanh approximation
        return x + h @ p["w2"] + p["b2"]

    return block, (p, x)


def make_conv_net(rng):
    """Two NHWC convs (stride/padding/dilation), relu, max+avg pool, dense."""
    x = normal(rng, (2, 16, 16, 3))
    k1 = normal(rng, (3, 3, 3, 8), 1.0 / np.sqrt(27))   # HWIO
    b1 = normal(rng, (8,), 0.1)
    k2 = normal(rng, (3, 3, 8, 16), 1.0 / np.sqrt(72))
    b2 = normal(rng, (16,), 0.1)
    wd = normal(rng, (16 * 2 * 2, 10), 1.0 / 8.0)
    bd = normal(rng, (10,), 0.1)
    dn = ("NHWC", "HWIO", "NHWC")

    def conv_net(x, k1, b1, k2, b2, wd, bd):
        # 16x16 -> 16x16 ("SAME"), then 2x2/2 max pool -> 8x8
        h = lax.conv_general_dilated(x, k1, window_strides=(1, 1), padding="SAME",
                                     dimension_numbers=dn)
        h = jax.nn.relu(h + b1)
        h = lax.reduce_window(h, -jnp.inf, lax.max, (1, 2, 2, 1), (1, 2, 2, 1), "VALID")
        # stride 2 with explicit asymmetric padding and rhs dilation: 8x8 -> 4x4
        h = lax.conv_general_dilated(h, k2, window_strides=(2, 2),
                                     padding=((1, 2), (1, 2)), rhs_dilation=(1, 1),
                                     dimension_numbers=dn)
        h = jax.nn.relu(h + b2)
        # 2x2/2 average pool: 4x4 -> 2x2
        h = lax.reduce_window(h, 0.0, lax.add, (1, 2, 2, 1), (1, 2, 2, 1), "VALID") / 4.0
        h = h.reshape(h.shape[0], -1)
        return h @ wd + bd

    return conv_net, (x, k1, b1, k2, b2, wd, bd)


def make_train_step(rng):
    """One SGD step on a 2-layer MLP regression; returns (new_params, loss)."""
    params = {"l1": dict(zip("wb", dense_params(rng, [8, 16])[0])),
              "l2": dict(zip("wb", dense_params(rng, [16, 4])[0]))}
    x = normal(rng, (8, 8))
    y = normal(rng, (8, 4))
    lr = np.float32(0.1)

    def loss_fn(params, x, y):
        h = jnp.tanh(x @ params["l1"]["w"] + params["l1"]["b"])
        pred = h @ params["l2"]["w"] + params["l2"]["b"]
        return jnp.mean(jnp.square(pred - y))

    def train_step(params, x, y, lr):
        loss, grads = jax.value_and_grad(loss_fn)(params, x, y)
        new_params = jax.tree_util.tree_map(lambda p, g: p - lr * g, params, grads)
        return new_params, loss

    return train_step, (params, x, y, lr)


def make_scan_rnn(rng):
    """tanh RNN cell over a sequence with lax.scan; returns (h_final, all_h)."""
    seq, batch, din, dh = 10, 2, 4, 8
    wx = normal(rng, (din, dh), 0.5)
    wh = normal(rng, (dh, dh), 0.3)
    b = normal(rng, (dh,), 0.1)
    xs = normal(rng, (seq, batch, din))
    h0 = normal(rng, (batch, dh), 0.5)

    def scan_rnn(wx, wh, b, xs, h0):
        def cell(h, x):
            h = jnp.tanh(x @ wx + h @ wh + b)
            return h, h
        return lax.scan(cell, h0, xs)

    return scan_rnn, (wx, wh, b, xs, h0)


def make_fori_loop(rng):
    """lax.fori_loop with a static trip count accumulating a matrix recurrence."""
    a = normal(rng, (6, 6), 0.3)
    x0 = normal(rng, (6,))
    s0 = np.int32(rng.integers(1, 100))

    def fori(a, x0, s0):
        def body(i, carry):
            x, acc, s = carry
            x = jnp.sin(a @ x) + i.astype(jnp.float32) * 0.01
            return x, acc + x, s * 3 + i
        return lax.fori_loop(0, 12, body, (x0, jnp.zeros_like(x0), s0))

    return fori, (a, x0, s0)


def make_while_loop(rng):
    """lax.while_loop whose trip count depends on the data (Collatz-like
    iteration + a float loop that halves until below a threshold)."""
    n = np.int32(rng.integers(20, 60))
    x = uniform(rng, (5,), 10.0, 100.0)

    def while_fn(n, x):
        def cond(c):
            v, steps = c
            return (v != 1) & (steps < 200)

        def body(c):
            v, steps = c
            v = jnp.where(v % 2 == 0, v // 2, 3 * v + 1)
            return v, steps + 1

        v, steps = lax.while_loop(cond, body, (n, jnp.int32(0)))

        # float loop: halve the vector until its max is < 1
        def fcond(c):
            return jnp.max(c[0]) >= 1.0

        def fbody(c):
            return c[0] * 0.5, c[1] + 1

        y, k = lax.while_loop(fcond, fbody, (x, jnp.int32(0)))
        return steps, y, k

    return while_fn, (n, x)


def make_sort(rng):
    """jnp.sort, jnp.argsort (stable), descending sort, lax.sort with 3
    operands / 1 key, and lax.sort with 2 keys."""
    x = normal(rng, (4, 10))
    y = rng.integers(-50, 50, size=(4, 10)).astype(np.int32)
    k1 = rng.integers(0, 3, size=(12,)).astype(np.int32)  # lots of ties
    k2 = normal(rng, (12,))

    def sort_fn(x, y, k1, k2):
        s = jnp.sort(x, axis=-1)
        s0 = jnp.sort(x, axis=0)
        a = jnp.argsort(x, axis=-1)
        d = jnp.sort(x, axis=-1, descending=True)
        xs, ys, idx = lax.sort(
            (x, y, lax.broadcasted_iota(jnp.int32, x.shape, 1)), dimension=1, num_keys=1)
        lk1, lk2 = lax.sort((k1, k2), num_keys=2)
        return s, s0, a, d, xs, ys, idx, lk1, lk2

    return sort_fn, (x, y, k1, k2)


def make_top_k(rng):
    """lax.top_k on the last axis (f32 and int32)."""
    x = normal(rng, (3, 20))
    y = rng.permutation(40).reshape(2, 20).astype(np.int32)

    def top_k(x, y):
        v, i = lax.top_k(x, 5)
        vi, ii = lax.top_k(y, 3)
        return v, i, vi, ii

    return top_k, (x, y)


def make_gather_scatter(rng):
    """Fancy-index gather, scatter add/set/max, dynamic_(update_)slice."""
    x = normal(rng, (10, 6))
    idx = rng.integers(-10, 10, size=(7,)).astype(np.int32)   # negative ok, dups
    idx2 = rng.permutation(10)[:4].astype(np.int32)           # unique for .set
    v = normal(rng, (7, 6))
    v2 = normal(rng, (4, 6))
    start = rng.integers(0, 8, size=(2,)).astype(np.int32)
    patch = normal(rng, (3, 2))

    def gather_scatter(x, idx, idx2, v, v2, start, patch):
        g = x[idx]                          # gather rows
        g2 = x[idx2, 1:4]                   # gather + slice
        g3 = x[idx2, idx2 % 6]              # point gather
        sa = x.at[idx].add(v)               # scatter-add, duplicate indices
        ss = x.at[idx2].set(v2)             # scatter (overwrite), unique indices
        sm = x.at[idx2, 2].max(v2[:, 0])    # scatter-max
        ds = lax.dynamic_slice(x, (start[0], start[1]), (4, 3))
        dus = lax.dynamic_update_slice(x, patch, (start[0], start[1]))
        # out-of-range starts are clamped by dynamic_slice semantics
        ds_clamped = lax.dynamic_slice(x, (start[0] + 7, start[1] - 9), (4, 3))
        return g, g2, g3, sa, ss, sm, ds, dus, ds_clamped

    return gather_scatter, (x, idx, idx2, v, v2, start, patch)


def make_argmax(rng):
    """argmax / argmin along different axes (f32, int32)."""
    x = normal(rng, (5, 7))
    y = rng.integers(-1000, 1000, size=(3, 4, 6)).astype(np.int32)

    def argmax(x, y):
        return (jnp.argmax(x, axis=1), jnp.argmin(x, axis=0),
                jnp.argmax(y, axis=2), jnp.argmin(y, axis=1), jnp.argmax(x))

    return argmax, (x, y)


def make_cumsum(rng):
    """cumsum, cumprod, cummax/cummin, reverse cumsum."""
    x = normal(rng, (4, 12))
    y = uniform(rng, (12,), 0.5, 1.5)
    z = rng.integers(-100, 100, size=(3, 8)).astype(np.int32)

    def cumsum(x, y, z):
        return (jnp.cumsum(x, axis=1), jnp.cumsum(x, axis=0), jnp.cumprod(y),
                lax.cummax(x, axis=1), lax.cummin(z, axis=1),
                lax.cumsum(x, axis=1, reverse=True), jnp.cumsum(z, axis=0))

    return cumsum, (x, y, z)


def make_integer_ops(rng):
    """int32 and uint8 arithmetic: //, %, bitwise, shifts, compares, where."""
    a = rng.integers(-1000, 1000, size=(16,)).astype(np.int32)
    b = rng.integers(1, 50, size=(16,)).astype(np.int32) * rng.choice([-1, 1], 16).astype(np.int32)
    sh = rng.integers(0, 32, size=(16,)).astype(np.int32)
    sh_big = rng.integers(0, 40, size=(16,)).astype(np.int32)  # some >= 32
    u = rng.integers(0, 256, size=(16,)).astype(np.uint8)
    w = rng.integers(1, 256, size=(16,)).astype(np.uint8)

    def integer_ops(a, b, sh, sh_big, u, w):
        fdiv = a // b              # floor division (python semantics)
        fmod = a % b               # floor modulo
        tdiv = lax.div(a, b)       # truncating division (C semantics)
        trem = lax.rem(a, b)
        bits = (a & b) | (a ^ ~b)
        shl = a << sh
        shr_a = a >> sh            # arithmetic shift (signed)
        shr_l = lax.shift_right_logical(a, sh)
        # out-of-range shift amounts are defined by StableHLO (0 / sign fill)
        shl_big = lax.shift_left(a, sh_big)
        shr_a_big = lax.shift_right_arithmetic(a, sh_big)
        shr_l_big = lax.shift_right_logical(a, sh_big)
        cmp = jnp.where((a > b) & (a != 0) | (b <= -20), a * b, a - b)
        mx = jnp.maximum(a, b) + jnp.minimum(a, b) + jnp.abs(a) + jnp.sign(b)
        pc = lax.population_count(a) + lax.clz(a)
        # uint8 wraps around
        u_sum = u + w
        u_mul = u * w
        u_div = u // w
        u_rem = u % w
        u_bits = (u & w) ^ (u | ~w) ^ (u >> 3) ^ (w << 2)
        u_cmp = (u >= w).astype(jnp.int32)
        return (fdiv, fmod, tdiv, trem, bits, shl, shr_a, shr_l, shl_big,
                shr_a_big, shr_l_big, cmp, mx, pc, u_sum, u_mul, u_div, u_rem,
                u_bits, u_cmp)

    return integer_ops, (a, b, sh, sh_big, u, w)


def make_x64_ops(rng):
    """int64 / uint64 / f64 arithmetic (exported with jax.enable_x64(True))."""
    a = rng.integers(-2**40, 2**40, size=(8,)).astype(np.int64)
    b = rng.integers(1, 2**20, size=(8,)).astype(np.int64)
    x = rng.standard_normal((8,)).astype(np.float64)
    u = rng.integers(0, 2**63, size=(8,), dtype=np.uint64)

    def x64_ops(a, b, x, u):
        i = a // b + a % b * 3 + (a << 5) + (a >> 7) + (a ^ b)
        f = jnp.exp(x) * jnp.float64(1e-300) / jnp.float64(3.0) + jnp.sqrt(jnp.abs(x))
        mixed = a.astype(jnp.float64) * x + (x * 1e12).astype(jnp.int64).astype(jnp.float64)
        uu = (u >> 3) * jnp.uint64(7) + u // jnp.uint64(1000)
        return i, f, mixed, uu, jnp.sum(x), jnp.sum(a)

    return x64_ops, (a, b, x, u)


def make_bf16_attention(rng):
    """bf16 matmuls accumulated in f32 (preferred_element_type), f32 softmax."""
    q = normal(rng, (8, 32), dtype=BF16)
    k = normal(rng, (8, 32), dtype=BF16)
    v = normal(rng, (8, 16), dtype=BF16)

    def bf16_attention(q, k, v):
        s = jnp.matmul(q, k.T, preferred_element_type=jnp.float32) / np.float32(np.sqrt(32))
        p = jax.nn.softmax(s, axis=-1)
        o = lax.dot_general(p.astype(jnp.bfloat16), v, (((1,), (0,)), ((), ())),
                            preferred_element_type=jnp.float32)
        return o.astype(jnp.bfloat16), p, jnp.tanh(q) + k   # last one pure bf16

    return bf16_attention, (q, k, v)


def make_special_functions(rng):
    """Special functions that lower to chlo.* (or expanded stablehlo) ops."""
    x = uniform(rng, (16,), 0.1, 4.0)          # positive
    u = uniform(rng, (16,), -0.9, 0.9)         # inside (-1, 1)
    g = uniform(rng, (16,), 1.1, 5.0)          # > 1 for acosh
    y = normal(rng, (16,), 3.0)
    special = np.array([np.inf, -np.inf, np.nan, 0.0, -0.0, 1.0, 1e38, -1e-40],
                       dtype=np.float32)

    sp = jax.scipy.special

    def special_functions(x, u, g, y, special):
        return {
            "erf": lax.erf(y), "erfc": lax.erfc(y), "erf_inv": lax.erf_inv(u),
            "lgamma": lax.lgamma(x), "digamma": lax.digamma(x),
            "tan": jnp.tan(u), "sinh": jnp.sinh(y), "cosh": jnp.cosh(u),
            "asin": jnp.arcsin(u), "acos": jnp.arccos(u), "atan": jnp.arctan(y),
            "atan2": jnp.arctan2(y, x),
            "asinh": jnp.arcsinh(y), "acosh": jnp.arccosh(g), "atanh": jnp.arctanh(u),
            "is_finite": jnp.isfinite(special), "isinf": jnp.isinf(special),
            "isnan": jnp.isnan(special),
            "nextafter": jnp.nextafter(y, x),
            "igamma": sp.gammainc(g, x), "igammac": sp.gammaincc(g, x),
            "bessel_i0e": sp.i0e(y), "bessel_i1e": sp.i1e(y),
            "logistic": jax.nn.sigmoid(y), "log1p": jnp.log1p(x), "expm1": jnp.expm1(u),
            "cbrt": jnp.cbrt(y), "rsqrt": lax.rsqrt(x),
            "top_k": lax.top_k(y, 4),
        }

    return special_functions, (x, u, g, y, special)


def make_fft(rng):
    """fft / ifft (complex64), rfft / irfft (f32), 2-D fft."""
    z = (normal(rng, (3, 16)) + 1j * normal(rng, (3, 16))).astype(np.complex64)
    r = normal(rng, (3, 16))
    r2 = normal(rng, (4, 8))

    def fft(z, r, r2):
        return (jnp.fft.fft(z), jnp.fft.ifft(z), jnp.fft.rfft(r),
                jnp.fft.irfft(jnp.fft.rfft(r) * 0.5, n=16), jnp.fft.fft2(r2))

    return fft, (z, r, r2)


def make_random(rng):
    """jax.random with a raw uint32[2] (threefry) key as argument, plus
    lax.rng_bit_generator with explicit algorithms."""
    key = rng.integers(0, 2**32, size=(2,), dtype=np.uint32)
    state = rng.integers(0, 2**32, size=(4,), dtype=np.uint32)

    def random_fn(key, state):
        k1, k2, k3 = jax.random.split(key, 3)
        n = jax.random.normal(k1, (4, 5))
        u = jax.random.uniform(k2, (8,), minval=-2.0, maxval=3.0)
        bits = jax.random.bits(k3, (6,))
        st3, b3 = lax.rng_bit_generator(state, (4, 3), dtype=jnp.uint32,
                                        algorithm=lax.RandomAlgorithm.RNG_THREE_FRY)
        stp, bp = lax.rng_bit_generator(state, (5,), dtype=jnp.uint32,
                                        algorithm=lax.RandomAlgorithm.RNG_PHILOX)
        return n, u, bits, st3, b3, stp, bp

    return random_fn, (key, state)


def make_linalg(rng):
    """Cholesky of an SPD matrix and triangular solves."""
    m = normal(rng, (6, 6))
    b = normal(rng, (6, 3))

    def linalg(m, b):
        a = m @ m.T + 6.0 * jnp.eye(6, dtype=m.dtype)
        l = jnp.linalg.cholesky(a)
        y = jax.scipy.linalg.solve_triangular(l, b, lower=True)
        x = jax.scipy.linalg.solve_triangular(l, y, lower=True, trans="T")
        return l, y, x

    return linalg, (m, b)


def make_lu(rng):
    """LU with partial pivoting (getrf and the pivots' permutation) of a batch of square
    matrices and of a tall one."""
    a = normal(rng, (2, 5, 5))
    t = normal(rng, (6, 4))

    def lu(a, t):
        return jax.lax.linalg.lu(a), jax.lax.linalg.lu(t)

    return lu, (a, t)


def make_qr(rng):
    """Householder QR (geqrf, orgqr / ungqr): reduced and complete, real and complex. LAPACK's
    reflectors fix the signs of R's diagonal, so Q and R compare as they are."""
    a = normal(rng, (2, 5, 3))
    c = (normal(rng, (3, 3)) + 1j * normal(rng, (3, 3))).astype(np.complex64)

    def qr(a, c):
        return jnp.linalg.qr(a), jnp.linalg.qr(a[0], mode="complete"), jnp.linalg.qr(c)

    return qr, (a, c)


def make_eigh(rng):
    """Symmetric and Hermitian eigendecompositions (syevd, heevd). Eigenvectors are defined up
    to a sign (a phase for complex matrices), so the program returns what does not depend on
    them: the eigenvalues, V diag(w) V^H and V^H V."""
    m = normal(rng, (2, 4, 4))
    c = (normal(rng, (3, 3)) + 1j * normal(rng, (3, 3))).astype(np.complex64)

    def eigh(m, c):
        out = []
        for x in (m, c):
            w, v = jnp.linalg.eigh(x)
            vh = jnp.conj(jnp.swapaxes(v, -1, -2))
            out.append((w, (v * w[..., None, :]) @ vh, vh @ v))
        return out

    return eigh, (m, c)


def make_complex(rng):
    """complex64 arithmetic, abs, angle, conj, real/imag, exp/log/sqrt."""
    z = (normal(rng, (10,)) + 1j * normal(rng, (10,))).astype(np.complex64)
    w = (normal(rng, (10,)) + 1j * normal(rng, (10,))).astype(np.complex64)
    r = normal(rng, (10,))
    m = (normal(rng, (3, 4)) + 1j * normal(rng, (3, 4))).astype(np.complex64)
    n = (normal(rng, (4, 2)) + 1j * normal(rng, (4, 2))).astype(np.complex64)

    def complex_fn(z, w, r, m, n):
        return (z * w + z / w - r * z, jnp.abs(z), jnp.angle(z), jnp.conj(z),
                jnp.real(z), jnp.imag(w), lax.complex(r, r * 2.0),
                jnp.exp(z), jnp.log(w), jnp.sqrt(z), m @ n, jnp.sum(z * w))

    return complex_fn, (z, w, r, m, n)


def make_reductions(rng):
    """sum/max/min/prod, mean/var/std, logsumexp, any/all, int reductions."""
    x = normal(rng, (4, 6, 5))
    p = uniform(rng, (4, 6), 0.8, 1.2)
    bmask = rng.random((4, 6)) > 0.3
    i = rng.integers(-100, 100, size=(4, 6)).astype(np.int32)

    def reductions(x, p, bmask, i):
        return (jnp.sum(x), jnp.sum(x, axis=(0, 2)), jnp.max(x, axis=1),
                jnp.min(x, axis=-1), jnp.prod(p, axis=0), jnp.mean(x, axis=1),
                jnp.var(x, axis=2), jnp.std(x), jax.nn.logsumexp(x, axis=-1),
                jnp.any(bmask, axis=1), jnp.all(bmask, axis=0), jnp.all(bmask),
                jnp.sum(i, axis=0), jnp.max(i), jnp.min(i, axis=1),
                jnp.linalg.norm(p, axis=1))

    return reductions, (x, p, bmask, i)


def make_control_flow(rng):
    """lax.cond on a data-dependent predicate and lax.switch on an index."""
    x = normal(rng, (6,))
    y = normal(rng, (6,))
    idx = np.int32(rng.integers(1, 3))
    idx_oob = np.int32(7)   # lax.switch clamps the index into range

    def control_flow(x, y, idx, idx_oob):
        c1 = lax.cond(jnp.sum(x) > 0, lambda a, b: a * b, lambda a, b: a - b, x, y)
        c2 = lax.cond(jnp.sum(x) <= 0, lambda a, b: a * b, lambda a, b: a - b, x, y)
        branches = [lambda a: jnp.sin(a), lambda a: jnp.cos(a) * 2.0,
                    lambda a: jnp.exp(a) - 1.0]
        s1 = lax.switch(idx, branches, x)
        s2 = lax.switch(idx_oob, branches, y)
        return c1, c2, s1, s2

    return control_flow, (x, y, idx, idx_oob)


def make_convert(rng):
    """astype among f32, f16, bf16, int8, uint32, bool, f8e4m3fn, f8e5m2."""
    x = normal(rng, (12,), 5.0)
    # float -> int conversions are only well defined in range: keep it so
    small = uniform(rng, (12,), -100.0, 100.0)
    pos = uniform(rng, (12,), 0.0, 1000.0)
    i8 = rng.integers(-128, 128, size=(12,)).astype(np.int8)
    u32 = rng.integers(0, 2**32, size=(12,), dtype=np.uint32)

    def convert(x, small, pos, i8, u32):
        return (x.astype(jnp.float16), x.astype(jnp.bfloat16),
                x.astype(jnp.float16).astype(jnp.float32),
                x.astype(jnp.bfloat16).astype(jnp.float32),
                small.astype(jnp.int8), pos.astype(jnp.uint32),
                x.astype(jnp.bool_), (x > 0).astype(jnp.float32),
                x.astype(jnp.float8_e4m3fn), x.astype(jnp.float8_e5m2),
                x.astype(jnp.float8_e4m3fn).astype(jnp.float32),
                x.astype(jnp.float8_e5m2).astype(jnp.float32),
                x.astype(jnp.bfloat16).astype(jnp.float8_e4m3fn),
                i8.astype(jnp.float32), i8.astype(jnp.uint32), i8.astype(jnp.bool_),
                u32.astype(jnp.float32), u32.astype(jnp.int8),
                (u32 % 70000).astype(jnp.float16),  # > 65504 rounds to inf
                lax.bitcast_convert_type(x, jnp.uint32),
                lax.bitcast_convert_type(u32, jnp.float32) * 0.0 + 1.0)

    return convert, (x, small, pos, i8, u32)


def make_ragged_dot(rng):
    """lax.ragged_dot_general in its three modes (chlo.ragged_dot when lowered for TPU)."""
    dn = lax.RaggedDotDimensionNumbers
    # ragged non-contracting, with a batch dimension: rows of lhs in groups, one rhs per group
    lhs = normal(rng, (2, 7, 4))
    rhs = normal(rng, (2, 3, 4, 5))
    sizes = np.array([[2, 0, 4], [1, 3, 2]], np.int32)   # the first batch leaves a row over
    # ragged contracting: the result gains a group dimension
    lc = normal(rng, (3, 6))
    rc = normal(rng, (6, 2))
    sizes_c = np.array([1, 3, 2], np.int32)
    # ragged batch: the same as dot_general
    lb = normal(rng, (4, 2, 3))
    rb = normal(rng, (4, 3, 5))
    sizes_b = np.array([4], np.int32)

    def ragged_dot(lhs, rhs, sizes, lc, rc, sizes_c, lb, rb, sizes_b):
        a = lax.ragged_dot_general(lhs, rhs, sizes, dn(
            dot_dimension_numbers=(([2], [2]), ([0], [0])),
            lhs_ragged_dimensions=[1], rhs_group_dimensions=[1]))
        b = lax.ragged_dot_general(lc, rc, sizes_c, dn(
            dot_dimension_numbers=(([1], [0]), ([], [])),
            lhs_ragged_dimensions=[1], rhs_group_dimensions=[]))
        c = lax.ragged_dot_general(lb, rb, sizes_b, dn(
            dot_dimension_numbers=(([2], [1]), ([0], [0])),
            lhs_ragged_dimensions=[0], rhs_group_dimensions=[]))
        return a, b, c

    return ragged_dot, (lhs, rhs, sizes, lc, rc, sizes_c, lb, rb, sizes_b)


# ---------------------------------------------------------------------------
# Bigger models for the optimizer's pattern fusion, still small enough for the
# interpreter under AddressSanitizer (a fraction of a second each).
# ---------------------------------------------------------------------------

def layer_norm(x, g, b, eps=1e-5):
    """LayerNorm over the last axis, jnp.mean / jnp.var form."""
    mu = jnp.mean(x, axis=-1, keepdims=True)
    var = jnp.var(x, axis=-1, keepdims=True)
    return (x - mu) * lax.rsqrt(var + eps) * g + b


def make_gpt2(rng):
    """GPT-2-style decoder, 4 layers: token + position embeddings (gather), pre-LayerNorm,
    causal multi-head attention in plain jnp ops, tanh-GELU MLP, residuals, final LayerNorm,
    LM head tied to the token embedding; returns the logits. f32, int32 tokens."""
    vocab, seq, d, heads, layers, batch = 256, 32, 64, 4, 4, 2
    d_ff = 4 * d
    p = {
        "wte": normal(rng, (vocab, d), 0.1),
        "wpe": normal(rng, (seq, d), 0.05),
        "layers": [{
            "ln1_g": 1.0 + normal(rng, (d,), 0.1), "ln1_b": normal(rng, (d,), 0.1),
            "w_qkv": normal(rng, (d, 3 * d), 1.0 / np.sqrt(d)),
            "b_qkv": normal(rng, (3 * d,), 0.05),
            "w_o": normal(rng, (d, d), 1.0 / np.sqrt(d)),
            "b_o": normal(rng, (d,), 0.05),
            "ln2_g": 1.0 + normal(rng, (d,), 0.1), "ln2_b": normal(rng, (d,), 0.1),
            "w_fc": normal(rng, (d, d_ff), 1.0 / np.sqrt(d)),
            "b_fc": normal(rng, (d_ff,), 0.05),
            "w_proj": normal(rng, (d_ff, d), 1.0 / np.sqrt(d_ff)),
            "b_proj": normal(rng, (d,), 0.05),
        } for _ in range(layers)],
        "lnf_g": 1.0 + normal(rng, (d,), 0.1), "lnf_b": normal(rng, (d,), 0.1),
    }
    tokens = rng.integers(0, vocab, size=(batch, seq)).astype(np.int32)

    def attention(lp, x):
        b, s, dm = x.shape
        hd = dm // heads
        qkv = x @ lp["w_qkv"] + lp["b_qkv"]
        q, k, v = jnp.split(qkv, 3, axis=-1)
        # [b, s, d] -> [b, heads, s, head_dim]
        q, k, v = (t.reshape(b, s, heads, hd).transpose(0, 2, 1, 3) for t in (q, k, v))
        scores = jnp.einsum("bhqd,bhkd->bhqk", q, k) * np.float32(1.0 / np.sqrt(hd))
        causal = jnp.tril(jnp.ones((s, s), dtype=bool))
        scores = jnp.where(causal, scores, jnp.finfo(jnp.float32).min)
        probs = jax.nn.softmax(scores, axis=-1)
        o = jnp.einsum("bhqk,bhkd->bhqd", probs, v).transpose(0, 2, 1, 3).reshape(b, s, dm)
        return o @ lp["w_o"] + lp["b_o"]

    def gpt2(p, tokens):
        s = tokens.shape[1]
        x = p["wte"][tokens] + jnp.take(p["wpe"], jnp.arange(s), axis=0)
        for lp in p["layers"]:
            x = x + attention(lp, layer_norm(x, lp["ln1_g"], lp["ln1_b"]))
            h = jax.nn.gelu(layer_norm(x, lp["ln2_g"], lp["ln2_b"]) @ lp["w_fc"] + lp["b_fc"])
            x = x + h @ lp["w_proj"] + lp["b_proj"]
        x = layer_norm(x, p["lnf_g"], p["lnf_b"])
        return x @ p["wte"].T

    return gpt2, (p, tokens)


def make_resnet(rng):
    """Small ResNet, NHWC: stem conv 3x3 + batch norm + relu, three basic blocks (the second
    with stride 2 and a 1x1 projection shortcut), global average pool, dense. Batch norm is
    the inference form with given mean / var / scale / bias. f32."""
    dn = ("NHWC", "HWIO", "NHWC")

    def conv(cin, cout, k=3):
        return normal(rng, (k, k, cin, cout), 1.0 / np.sqrt(k * k * cin))

    def bn(c):
        return {"mean": normal(rng, (c,), 0.1), "var": uniform(rng, (c,), 0.5, 1.5),
                "scale": 1.0 + normal(rng, (c,), 0.1), "bias": normal(rng, (c,), 0.1)}

    def block(cin, cout, proj):
        b = {"conv1": conv(cin, cout), "bn1": bn(cout), "conv2": conv(cout, cout), "bn2": bn(cout)}
        if proj:
            b["proj"] = conv(cin, cout, 1)
            b["bn_proj"] = bn(cout)
        return b

    p = {"stem": conv(3, 16), "bn_stem": bn(16),
         "blocks": [block(16, 16, False), block(16, 32, True), block(32, 32, False)],
         "fc_w": normal(rng, (32, 10), 1.0 / np.sqrt(32)), "fc_b": normal(rng, (10,), 0.1)}
    x = normal(rng, (2, 16, 16, 3))
    strides = [1, 2, 1]

    def conv2d(x, k, stride=1):
        return lax.conv_general_dilated(x, k, (stride, stride), "SAME", dimension_numbers=dn)

    def batch_norm(x, s, eps=1e-5):
        return (x - s["mean"]) * lax.rsqrt(s["var"] + eps) * s["scale"] + s["bias"]

    def resnet(p, x):
        h = jax.nn.relu(batch_norm(conv2d(x, p["stem"]), p["bn_stem"]))
        for b, stride in zip(p["blocks"], strides):
            y = jax.nn.relu(batch_norm(conv2d(h, b["conv1"], stride), b["bn1"]))
            y = batch_norm(conv2d(y, b["conv2"]), b["bn2"])
            shortcut = batch_norm(conv2d(h, b["proj"], stride), b["bn_proj"]) if "proj" in b else h
            h = jax.nn.relu(y + shortcut)
        h = jnp.mean(h, axis=(1, 2))
        return h @ p["fc_w"] + p["fc_b"]

    return resnet, (p, x)


def make_train_step_adam(rng):
    """One training step of a small pre-LN transformer classifier (attention + gelu MLP, mean
    pool, linear head): softmax cross-entropy on integer labels (log_softmax +
    take_along_axis), jax.grad, and a hand-written Adam update (m, v, bias correction, eps)
    over the whole parameter pytree; returns (new_params, new_m, new_v, loss)."""
    batch, seq, d, heads, d_ff, classes = 4, 8, 32, 4, 64, 10
    params = {
        "ln1_g": 1.0 + normal(rng, (d,), 0.1), "ln1_b": normal(rng, (d,), 0.1),
        "wqkv": normal(rng, (d, 3 * d), 1.0 / np.sqrt(d)),
        "wo": normal(rng, (d, d), 1.0 / np.sqrt(d)),
        "ln2_g": 1.0 + normal(rng, (d,), 0.1), "ln2_b": normal(rng, (d,), 0.1),
        "w1": normal(rng, (d, d_ff), 1.0 / np.sqrt(d)), "b1": normal(rng, (d_ff,), 0.1),
        "w2": normal(rng, (d_ff, d), 1.0 / np.sqrt(d_ff)), "b2": normal(rng, (d,), 0.1),
        "head_w": normal(rng, (d, classes), 1.0 / np.sqrt(d)),
        "head_b": normal(rng, (classes,), 0.1),
    }
    leaves, treedef = jax.tree_util.tree_flatten(params)
    # Adam moments from earlier steps: never zeros, v positive.
    m = jax.tree_util.tree_unflatten(treedef, [normal(rng, a.shape, 0.01) for a in leaves])
    v = jax.tree_util.tree_unflatten(treedef, [uniform(rng, a.shape, 1e-5, 1e-3)
                                               for a in leaves])
    step = np.int32(3)                   # the step being taken (1-based)
    x = normal(rng, (batch, seq, d))
    labels = rng.integers(0, classes, size=(batch,)).astype(np.int32)
    lr, b1, b2, eps = 1e-3, 0.9, 0.999, 1e-8

    def forward(p, x):
        b, s, dm = x.shape
        hd = dm // heads
        h = layer_norm(x, p["ln1_g"], p["ln1_b"])
        q, k, v = jnp.split(h @ p["wqkv"], 3, axis=-1)
        q, k, v = (t.reshape(b, s, heads, hd).transpose(0, 2, 1, 3) for t in (q, k, v))
        scores = jnp.einsum("bhqd,bhkd->bhqk", q, k) / np.float32(np.sqrt(hd))
        o = jnp.einsum("bhqk,bhkd->bhqd", jax.nn.softmax(scores, axis=-1), v)
        x = x + o.transpose(0, 2, 1, 3).reshape(b, s, dm) @ p["wo"]
        h = jax.nn.gelu(layer_norm(x, p["ln2_g"], p["ln2_b"]) @ p["w1"] + p["b1"])
        x = x + h @ p["w2"] + p["b2"]
        return jnp.mean(x, axis=1) @ p["head_w"] + p["head_b"]

    def loss_fn(p, x, labels):
        logp = jax.nn.log_softmax(forward(p, x), axis=-1)
        return -jnp.mean(jnp.take_along_axis(logp, labels[:, None], axis=-1))

    def train_step_adam(params, m, v, step, x, labels):
        loss, grads = jax.value_and_grad(loss_fn)(params, x, labels)
        t = step.astype(jnp.float32)
        new_m = jax.tree_util.tree_map(lambda m, g: b1 * m + (1 - b1) * g, m, grads)
        new_v = jax.tree_util.tree_map(lambda v, g: b2 * v + (1 - b2) * g * g, v, grads)
        m_corr = 1 - b1 ** t
        v_corr = 1 - b2 ** t

        def update(p, m, v):
            return p - lr * (m / m_corr) / (jnp.sqrt(v / v_corr) + eps)

        new_params = jax.tree_util.tree_map(update, params, new_m, new_v)
        return new_params, new_m, new_v, loss

    return train_step_adam, (params, m, v, step, x, labels)


def make_rnn_lstm(rng):
    """LSTM over a sequence with lax.scan (one fused input/hidden matmul per step, gates
    i, f, g, o); returns ((h_final, c_final), all_h)."""
    seq, batch, din, dh = 12, 2, 8, 16
    w = normal(rng, (din + dh, 4 * dh), 1.0 / np.sqrt(din + dh))
    b = normal(rng, (4 * dh,), 0.1)
    xs = normal(rng, (seq, batch, din))
    h0 = normal(rng, (batch, dh), 0.5)
    c0 = normal(rng, (batch, dh), 0.5)

    def rnn_lstm(w, b, xs, h0, c0):
        def cell(carry, x):
            h, c = carry
            z = jnp.concatenate([x, h], axis=-1) @ w + b
            i, f, g, o = jnp.split(z, 4, axis=-1)
            c = jax.nn.sigmoid(f) * c + jax.nn.sigmoid(i) * jnp.tanh(g)
            h = jax.nn.sigmoid(o) * jnp.tanh(c)
            return (h, c), h
        return lax.scan(cell, (h0, c0), xs)

    return rnn_lstm, (w, b, xs, h0, c0)


# ---------------------------------------------------------------------------
# The cuda backend's benchmark programs (issue 14), bf16, in two sizes: "small" is what gets
# exported into the repository (the interpreter runs it in CI under AddressSanitizer), "bench"
# the size bench/programs/run.py builds on the GPU machine (never exported here). A make_
# function of SIZES takes the shape parameters of the size as keyword arguments.
# ---------------------------------------------------------------------------

ATTENTION_SIZES = {"small": dict(batch=2, heads=4, seq=32, head_dim=16),
                   "bench": dict(batch=8, heads=16, seq=1024, head_dim=64)}

ATTENTION_GRAD_SIZES = {"small": dict(batch=2, heads=2, seq=64, head_dim=32),
                        "bench": dict(batch=8, heads=16, seq=1024, head_dim=64)}

SIZES = {
    "attention": ATTENTION_SIZES,
    "causal_attention": ATTENTION_SIZES,
    "attention_grad": ATTENTION_GRAD_SIZES,
    "causal_attention_grad": ATTENTION_GRAD_SIZES,
    "bias_attention_grad": ATTENTION_GRAD_SIZES,
    # Llama 3's 32 query heads over 8 kv heads at the bench size.
    "gqa_attention_grad": {"small": dict(batch=2, heads=4, kv_heads=2, seq=64, head_dim=32),
                           "bench": dict(batch=4, heads=32, kv_heads=8, seq=1024,
                                         head_dim=64)},
    # GPT-2 small: d_model 768, 12 heads, d_ff 3072, seq 512.
    "gpt2_block": {"small": dict(batch=2, seq=16, d=64, heads=4, d_ff=256),
                   "bench": dict(batch=4, seq=512, d=768, heads=12, d_ff=3072)},
    # Llama 3.2 1B's layer: d_model 2048, 32 query heads and 8 kv heads of 64, d_ff 8192.
    "llama_layer": {"small": dict(batch=2, seq=16, d=64, heads=8, kv_heads=2, d_ff=176),
                    "bench": dict(batch=4, seq=512, d=2048, heads=32, kv_heads=8, d_ff=8192)},
}


def plain_attention(q, k, v, causal):
    """softmax(q k^T / sqrt(d)) v on [batch, heads, seq, head_dim] in the inputs' type, as plain
    jnp code writes it (XLA materialises the [seq, seq] scores); the causal mask from
    jnp.tril / jnp.where."""
    # A Python float keeps the scores in the inputs' type (a NumPy scalar would promote).
    s = jnp.einsum("bhqd,bhkd->bhqk", q, k) * (1.0 / math.sqrt(q.shape[-1]))
    if causal:
        mask = jnp.tril(jnp.ones((q.shape[2], k.shape[2]), dtype=bool))
        s = jnp.where(mask, s, jnp.finfo(s.dtype).min)
    return jnp.einsum("bhqk,bhkd->bhqd", jax.nn.softmax(s, axis=-1), v)


def make_attention(rng, batch, heads, seq, head_dim, causal=False):
    """Attention without a mask: bf16 q, k, v [batch, heads, seq, head_dim], bf16 throughout."""
    q, k, v = (normal(rng, (batch, heads, seq, head_dim), dtype=BF16) for _ in range(3))

    def attention(q, k, v):
        return plain_attention(q, k, v, causal=False)

    def causal_attention(q, k, v):
        return plain_attention(q, k, v, causal=True)

    return (causal_attention if causal else attention), (q, k, v)


def make_causal_attention(rng, **shape):
    """make_attention with a causal mask."""
    return make_attention(rng, causal=True, **shape)


def make_attention_grad(rng, batch, heads, seq, head_dim, causal=False):
    """The training side of plain_attention: the value and the gradients (dq, dk, dv) of the
    scalar loss sum(attention(q, k, v) * g), g a random bf16 upstream gradient (so dO = g), all
    bf16 [batch, heads, seq, head_dim]; the loss summed in f32 and returned in bf16 (its f32
    value keeps the few-ulp drift of 8192 bf16 products, past f32's tolerance)."""
    q, k, v, g = (normal(rng, (batch, heads, seq, head_dim), dtype=BF16) for _ in range(4))

    def loss(q, k, v, g):
        o = plain_attention(q, k, v, causal=causal)
        return jnp.sum(o.astype(jnp.float32) * g.astype(jnp.float32))

    def attention_grad(q, k, v, g):
        value, grads = jax.value_and_grad(loss, argnums=(0, 1, 2))(q, k, v, g)
        return value.astype(jnp.bfloat16), grads

    def causal_attention_grad(q, k, v, g):
        value, grads = jax.value_and_grad(loss, argnums=(0, 1, 2))(q, k, v, g)
        return value.astype(jnp.bfloat16), grads

    return (causal_attention_grad if causal else attention_grad), (q, k, v, g)


def make_causal_attention_grad(rng, **shape):
    """make_attention_grad with a causal mask."""
    return make_attention_grad(rng, causal=True, **shape)


def make_gqa_attention_grad(rng, batch, heads, kv_heads, seq, head_dim):
    """The training side of causal attention with grouped kv heads (Llama's GQA): k and v
    [batch, kv_heads, seq, head_dim] widened to the query heads by jnp.repeat, so jax.grad
    sums dk and dv over each group. Loss, dO and types as make_attention_grad."""
    q, g = (normal(rng, (batch, heads, seq, head_dim), dtype=BF16) for _ in range(2))
    k, v = (normal(rng, (batch, kv_heads, seq, head_dim), dtype=BF16) for _ in range(2))
    group = heads // kv_heads

    def loss(q, k, v, g):
        o = plain_attention(q, jnp.repeat(k, group, axis=1), jnp.repeat(v, group, axis=1),
                            causal=True)
        return jnp.sum(o.astype(jnp.float32) * g.astype(jnp.float32))

    def gqa_attention_grad(q, k, v, g):
        value, grads = jax.value_and_grad(loss, argnums=(0, 1, 2))(q, k, v, g)
        return value.astype(jnp.bfloat16), grads

    return gqa_attention_grad, (q, k, v, g)


def make_bias_attention_grad(rng, batch, heads, seq, head_dim):
    """The training side of attention with an additive mask (an argument, not differentiated):
    bias [batch, 1, seq, seq] in bf16, 0 where a key is seen and -30000 where it is padding
    (each batch row keeps a random number of keys), plus a small random relative-position
    term, added to the scaled scores. Loss, dO and types as make_attention_grad."""
    q, k, v, g = (normal(rng, (batch, heads, seq, head_dim), dtype=BF16) for _ in range(4))
    keep = rng.integers(seq // 2, seq + 1, size=batch)
    pad = np.where(np.arange(seq)[None, :] < keep[:, None], 0.0, -30000.0)
    bias = (pad[:, None, None, :] + 0.5 * rng.standard_normal((batch, 1, seq, seq)))
    bias = bias.astype(BF16)

    def loss(q, k, v, g, bias):
        s = jnp.einsum("bhqd,bhkd->bhqk", q, k) * (1.0 / math.sqrt(q.shape[-1])) + bias
        o = jnp.einsum("bhqk,bhkd->bhqd", jax.nn.softmax(s, axis=-1), v)
        return jnp.sum(o.astype(jnp.float32) * g.astype(jnp.float32))

    def bias_attention_grad(q, k, v, g, bias):
        value, grads = jax.value_and_grad(loss, argnums=(0, 1, 2))(q, k, v, g, bias)
        return value.astype(jnp.bfloat16), grads

    return bias_attention_grad, (q, k, v, g, bias)


def causal_softmax_f32(scores):
    """Causal mask (jnp.tril / jnp.where with finfo.min) and softmax over the keys, on f32
    [batch, heads, seq, seq] scores; the probabilities in bf16."""
    mask = jnp.tril(jnp.ones(scores.shape[-2:], dtype=bool))
    scores = jnp.where(mask, scores, jnp.finfo(jnp.float32).min)
    return jax.nn.softmax(scores, axis=-1).astype(jnp.bfloat16)


def make_gpt2_block(rng, batch, seq, d, heads, d_ff):
    """One GPT-2 block in bf16: pre-LayerNorm (statistics in f32), causal multi-head attention
    (q kᵀ accumulated in f32, f32 softmax, bf16 probabilities @ v), tanh-GELU MLP, residuals.
    Weights, biases and activations bf16."""
    def w(shape, scale):
        return normal(rng, shape, scale, dtype=BF16)

    p = {
        "ln1_g": (1.0 + normal(rng, (d,), 0.1)).astype(BF16), "ln1_b": w((d,), 0.1),
        "w_qkv": w((d, 3 * d), 1.0 / np.sqrt(d)), "b_qkv": w((3 * d,), 0.05),
        "w_o": w((d, d), 1.0 / np.sqrt(d)), "b_o": w((d,), 0.05),
        "ln2_g": (1.0 + normal(rng, (d,), 0.1)).astype(BF16), "ln2_b": w((d,), 0.1),
        "w_fc": w((d, d_ff), 1.0 / np.sqrt(d)), "b_fc": w((d_ff,), 0.05),
        "w_proj": w((d_ff, d), 1.0 / np.sqrt(d_ff)), "b_proj": w((d,), 0.05),
    }
    x = w((batch, seq, d), 1.0)

    def layer_norm_bf16(x, g, b, eps=1e-5):
        xf = x.astype(jnp.float32)
        mu = jnp.mean(xf, axis=-1, keepdims=True)
        var = jnp.var(xf, axis=-1, keepdims=True)
        return ((xf - mu) * lax.rsqrt(var + eps)).astype(jnp.bfloat16) * g + b

    def gpt2_block(p, x):
        b, s, dm = x.shape
        hd = dm // heads
        h = layer_norm_bf16(x, p["ln1_g"], p["ln1_b"])
        q, k, v = jnp.split(h @ p["w_qkv"] + p["b_qkv"], 3, axis=-1)
        q, k, v = (t.reshape(b, s, heads, hd).transpose(0, 2, 1, 3) for t in (q, k, v))
        scores = jnp.einsum("bhqd,bhkd->bhqk", q, k, preferred_element_type=jnp.float32)
        probs = causal_softmax_f32(scores * np.float32(1.0 / np.sqrt(hd)))
        o = jnp.einsum("bhqk,bhkd->bhqd", probs, v).transpose(0, 2, 1, 3).reshape(b, s, dm)
        # Residual + (projection + bias), as GPT-2 adds its sublayers' outputs.
        x = x + (o @ p["w_o"] + p["b_o"])
        h = layer_norm_bf16(x, p["ln2_g"], p["ln2_b"])
        h = jax.nn.gelu(h @ p["w_fc"] + p["b_fc"])  # tanh approximation, as GPT-2
        return x + (h @ p["w_proj"] + p["b_proj"])

    return gpt2_block, (p, x)


def make_llama_layer(rng, batch, seq, d, heads, kv_heads, d_ff):
    """One Llama decoder layer in bf16: RMSNorm (statistics in f32), attention with grouped
    kv heads widened by jnp.repeat, RoPE (half rotation, tables from iota, in f32) on q and k,
    causal mask, f32 softmax; SwiGLU MLP; residuals. No biases; weights and activations
    bf16."""
    hd = d // heads

    def w(shape, scale):
        return normal(rng, shape, scale, dtype=BF16)

    p = {
        "attn_norm": (1.0 + normal(rng, (d,), 0.1)).astype(BF16),
        "wq": w((d, heads * hd), 1.0 / np.sqrt(d)),
        "wk": w((d, kv_heads * hd), 1.0 / np.sqrt(d)),
        "wv": w((d, kv_heads * hd), 1.0 / np.sqrt(d)),
        "wo": w((heads * hd, d), 1.0 / np.sqrt(d)),
        "mlp_norm": (1.0 + normal(rng, (d,), 0.1)).astype(BF16),
        "w_gate": w((d, d_ff), 1.0 / np.sqrt(d)),
        "w_up": w((d, d_ff), 1.0 / np.sqrt(d)),
        "w_down": w((d_ff, d), 1.0 / np.sqrt(d_ff)),
    }
    x = w((batch, seq, d), 1.0)

    def rms_norm(x, g, eps=1e-5):
        xf = x.astype(jnp.float32)
        y = xf * lax.rsqrt(jnp.mean(jnp.square(xf), axis=-1, keepdims=True) + eps)
        return y.astype(jnp.bfloat16) * g

    def rope(x, cos, sin):
        """Half rotation of x [batch, seq, heads, head_dim] by f32 tables [seq, head_dim]."""
        xf = x.astype(jnp.float32)
        x1, x2 = jnp.split(xf, 2, axis=-1)
        rotated = jnp.concatenate([-x2, x1], axis=-1)
        return (xf * cos[None, :, None, :] + rotated * sin[None, :, None, :]).astype(x.dtype)

    def llama_layer(p, x):
        b, s, _ = x.shape
        inv_freq = 1.0 / (500000.0 ** (jnp.arange(0, hd, 2, dtype=jnp.float32) / hd))
        angles = jnp.arange(s, dtype=jnp.float32)[:, None] * inv_freq[None, :]
        angles = jnp.concatenate([angles, angles], axis=-1)
        cos, sin = jnp.cos(angles), jnp.sin(angles)

        h = rms_norm(x, p["attn_norm"])
        q = rope((h @ p["wq"]).reshape(b, s, heads, hd), cos, sin)
        k = rope((h @ p["wk"]).reshape(b, s, kv_heads, hd), cos, sin)
        v = (h @ p["wv"]).reshape(b, s, kv_heads, hd)
        q, k, v = (t.transpose(0, 2, 1, 3) for t in (q, k, v))
        k = jnp.repeat(k, heads // kv_heads, axis=1)
        v = jnp.repeat(v, heads // kv_heads, axis=1)
        scores = jnp.einsum("bhqd,bhkd->bhqk", q, k, preferred_element_type=jnp.float32)
        probs = causal_softmax_f32(scores * np.float32(1.0 / np.sqrt(hd)))
        o = jnp.einsum("bhqk,bhkd->bhqd", probs, v).transpose(0, 2, 1, 3).reshape(b, s, -1)
        x = x + o @ p["wo"]
        h = rms_norm(x, p["mlp_norm"])
        return x + (jax.nn.silu(h @ p["w_gate"]) * (h @ p["w_up"])) @ p["w_down"]

    return llama_layer, (p, x)


# name -> (make function, export options)
PROGRAMS = {
    "mlp": (make_mlp, {}),
    "mlp_with_locations": (make_mlp, {"debug_info": True}),
    "transformer_block": (make_transformer_block, {}),
    "conv_net": (make_conv_net, {}),
    "train_step": (make_train_step, {}),
    "scan_rnn": (make_scan_rnn, {}),
    "fori_loop": (make_fori_loop, {}),
    "while_loop": (make_while_loop, {}),
    "sort": (make_sort, {}),
    "top_k": (make_top_k, {}),
    "gather_scatter": (make_gather_scatter, {}),
    "argmax": (make_argmax, {}),
    "cumsum": (make_cumsum, {}),
    "integer_ops": (make_integer_ops, {}),
    "x64_ops": (make_x64_ops, {"x64": True}),
    "bf16_attention": (make_bf16_attention, {}),
    "special_functions": (make_special_functions, {}),
    "fft": (make_fft, {}),
    "random": (make_random, {}),
    "linalg": (make_linalg, {}),
    # Same program lowered for TPU: on CPU, cholesky / triangular_solve become
    # stablehlo.custom_call @lapack_*_ffi; the TPU lowering uses the portable
    # stablehlo.cholesky / stablehlo.triangular_solve ops instead. The
    # reference outputs still come from running `linalg` on the CPU.
    "linalg_portable": (make_linalg, {"platforms": ("tpu",)}),
    "lu": (make_lu, {}),
    "qr": (make_qr, {}),
    "eigh": (make_eigh, {}),
    "complex": (make_complex, {}),
    "reductions": (make_reductions, {}),
    "control_flow": (make_control_flow, {}),
    "convert": (make_convert, {}),
    "sharded": (make_sharded, {}),
    # Lowered for TPU, where ragged dots stay chlo.ragged_dot (the CPU lowering expands them
    # into masks and a dot_general); the reference outputs come from the CPU.
    "ragged_dot_portable": (make_ragged_dot, {"platforms": ("tpu",)}),
    "gpt2": (make_gpt2, {}),
    "resnet": (make_resnet, {}),
    "train_step_adam": (make_train_step_adam, {}),
    "rnn_lstm": (make_rnn_lstm, {}),
    # The benchmark programs of issue 14, exported at their "small" size (SIZES).
    "attention": (make_attention, {}),
    "causal_attention": (make_causal_attention, {}),
    "attention_grad": (make_attention_grad, {}),
    "causal_attention_grad": (make_causal_attention_grad, {}),
    "gqa_attention_grad": (make_gqa_attention_grad, {}),
    "bias_attention_grad": (make_bias_attention_grad, {}),
    "gpt2_block": (make_gpt2_block, {}),
    "llama_layer": (make_llama_layer, {}),
}


# ---------------------------------------------------------------------------
# Export driver.
# ---------------------------------------------------------------------------

def save_npy(path, a):
    """np.save, except that ml_dtypes element types (bfloat16, float8_*) are
    always written as raw little-endian void records '<V{itemsize}'. That is
    what np.save itself writes for bfloat16 and float8_e4m3fn, but for
    float8_e5m2 it writes '<f1', which np.load cannot read back. The real
    element type is in manifest.json (and in the .mlir signature)."""
    if a.dtype.type.__module__ != "ml_dtypes":
        np.save(path, a)
        return
    with open(path, "wb") as fh:
        np.lib.format.write_array_header_1_0(
            fh, {"descr": f"<V{a.dtype.itemsize}", "fortran_order": False,
                 "shape": a.shape})
        fh.write(np.ascontiguousarray(a).tobytes())


def describe(name, a):
    return {"name": name, "dtype": np.dtype(a.dtype).name, "shape": list(np.shape(a))}


def program_seed(name):
    """Per-program seed, stable across runs and independent of program order."""
    return zlib.crc32(re.sub(r"_(with_locations|portable)$", "", name).encode())


def sizes(name):
    """The sizes program `name` can be built at: ["small"], or SIZES[name]'s keys."""
    return list(SIZES.get(name, {"small": None}))


def build(name, size="small"):
    """(f, args, opts) of program `name` at `size` (one of sizes(name)), with the same random
    arguments export_one uses. Call it (and jit f) under jax.enable_x64(opts.get("x64", False))."""
    make, opts = PROGRAMS[name]
    if size not in sizes(name):
        raise ValueError(f"{name} has no size {size!r} (it has {', '.join(sizes(name))})")
    shape = SIZES[name][size] if name in SIZES else {}
    f, args = make(np.random.default_rng(program_seed(name)), **shape)
    return f, args, opts


def export_one(name, out_dir, size="small"):
    opts = PROGRAMS[name][1]
    seed = program_seed(name)

    with jax.enable_x64(opts.get("x64", False)):
        f, args, _ = build(name, size)
        if "platforms" in opts:
            lowered = jax.jit(f).trace(*args).lower(lowering_platforms=opts["platforms"])
        else:
            lowered = jax.jit(f).lower(*args)
        text = lowered.as_text(debug_info=opts.get("debug_info", False))
        outs = jax.jit(f)(*args)

    # Flatten in jax.tree_util order; keep the pytree paths for the manifest.
    in_paths, _ = jax.tree_util.tree_flatten_with_path(args)
    out_paths, _ = jax.tree_util.tree_flatten_with_path(outs)
    in_names = ["args" + jax.tree_util.keystr(p) for p, _ in in_paths]
    out_names = ["result" + jax.tree_util.keystr(p) for p, _ in out_paths]
    ins = [np.asarray(a) for _, a in in_paths]
    outs = [np.asarray(o) for _, o in out_paths]

    # Sanity checks: jit must not have pruned arguments, and every input must
    # be "real" random data (never all zeros).
    n_args = len(re.search(r"func\.func public @main\((.*?)\)\s*->", text,
                           re.S).group(1).split("%arg")) - 1
    assert n_args == len(ins), f"{name}: @main has {n_args} args, {len(ins)} inputs"
    for i, a in enumerate(ins):
        assert a.size == 0 or np.any(a != 0), f"{name}: in{i} all zero"

    with open(os.path.join(out_dir, name + ".mlir"), "w") as fh:
        fh.write(text)
    data_dir = os.path.join(out_dir, name)
    os.makedirs(data_dir, exist_ok=True)
    for old in os.listdir(data_dir):          # drop stale files from older runs
        if re.fullmatch(r"(in|out)\d+\.npy", old):
            os.remove(os.path.join(data_dir, old))
    for prefix, arrays in (("in", ins), ("out", outs)):
        for i, a in enumerate(arrays):
            save_npy(os.path.join(data_dir, f"{prefix}{i}.npy"), a)
    manifest = {
        "program": name + ".mlir",
        "seed": seed,
        "x64": bool(opts.get("x64", False)),
        "lowering_platforms": list(opts.get("platforms", ["cpu"])),
        "debug_info": bool(opts.get("debug_info", False)),
        **({"size": size} if size != "small" else {}),
        "inputs": [describe(n, a) for n, a in zip(in_names, ins)],
        "outputs": [describe(n, a) for n, a in zip(out_names, outs)],
    }
    # Pretty-print with one line per array entry.
    lines = []
    for key, value in manifest.items():
        if isinstance(value, list) and value and isinstance(value[0], dict):
            body = ",\n".join("    " + json.dumps(v) for v in value)
            lines.append(f'  {json.dumps(key)}: [\n{body}\n  ]')
        else:
            lines.append(f"  {json.dumps(key)}: {json.dumps(value)}")
    with open(os.path.join(data_dir, "manifest.json"), "w") as fh:
        fh.write("{\n" + ",\n".join(lines) + "\n}\n")
    in_bytes = sum(a.nbytes for a in ins)
    print(f"{name:20s} {len(ins):2d} inputs ({in_bytes:6d} B), {len(outs):2d} outputs, "
          f"{len(text):6d} chars of MLIR")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", default=os.path.join(HERE, "programs"),
                    help="output folder (default: tests/jax/programs)")
    ap.add_argument("--only", nargs="*", help="export only these programs")
    ap.add_argument("--size", default="small", choices=["small", "bench"],
                    help="the programs of SIZES at this size (default: small, the size "
                         "committed; bench sizes are for bench/programs/run.py)")
    args = ap.parse_args()
    # Reference outputs with StableHLO's rounding: each bf16 / f16 op rounds its result, as
    # kiln's interpreter does (by default XLA keeps fused 16-bit intermediates in f32). Set
    # before the first computation creates the backend. Files exported before this flag was
    # set (bf16_attention, convert) were not rewritten.
    os.environ["XLA_FLAGS"] = (os.environ.get("XLA_FLAGS", "") +
                               " --xla_allow_excess_precision=false").strip()
    os.makedirs(args.out, exist_ok=True)
    print(f"jax {jax.__version__}, jaxlib {jax.lib.__version__}, "
          f"backend {jax.default_backend()}")
    for name in args.only or [n for n in PROGRAMS if args.size in sizes(n)]:
        export_one(name, args.out, args.size)
    return 0


if __name__ == "__main__":
    sys.exit(main())
