#!/usr/bin/env python3
"""Export small JAX programs that each hold (or almost hold) one pattern kiln should fuse.

Run from the repository root:

    JAX_PLATFORMS=cpu python3 tests/jax/export_patterns.py [--out DIR] [--only NAME ...]

For every program NAME in PATTERNS below this writes, under DIR (default:
tests/jax/patterns/):

    NAME.mlir       jax.jit(f).lower(*args).as_text(): pretty text, no locations
    patterns.json   for each NAME: the kiln op the program should be recognised
                    as ("pattern"), how many times ("count"), what the program
                    is ("what"), where its code comes from ("source": jax.nn,
                    flax.linen, flax.nnx, optax or hand) and the element type

The programs are lowered from abstract arguments (jax.ShapeDtypeStruct), so no
data is drawn and no file depends on a random seed; the text is deterministic
(two runs give byte-identical files). With --only, patterns.json keeps the
entries of the programs not exported.

A positive program computes the pattern's exact math in one of the forms JAX,
Flax or Optax emit, or a common hand-written variant. A negative program
(count 0) changes the math so that the pattern no longer holds (a max taken
over another tensor, a mask applied after the softmax, ...): a pass that fuses
it would compute something else. A program may hold other patterns too (a
SwiGLU holds two GEMMs, attention holds a softmax); "count" is only about
"pattern".
"""

import argparse
import json
import math
import os
import sys

# JAX must run on the CPU; set this before importing jax.
os.environ.setdefault("JAX_PLATFORMS", "cpu")

import jax
import jax.numpy as jnp
from jax import lax

HERE = os.path.dirname(os.path.abspath(__file__))

F32 = jnp.float32
BF16 = jnp.bfloat16
I32 = jnp.int32

# Shapes: activations [batch, seq, features], attention [batch, heads, seq, head_dim].
B, T, D = 2, 8, 32
H, S, HD = 4, 16, 32
HIDDEN = 64
CLASSES = 16


def arg(shape, dtype=F32):
    return jax.ShapeDtypeStruct(shape, dtype)


# name -> dict(fn, args, pattern, count, what, source, dtype)
PATTERNS = {}


def pattern(kiln_op, count, what, args, source="hand", dtype="f32", name=None):
    """Registers the decorated function as a pattern program. `args` is a tuple of
    jax.ShapeDtypeStruct pytrees, or a function returning one (for Flax parameters)."""
    def register(fn):
        key = name or fn.__name__
        assert key not in PATTERNS, key
        PATTERNS[key] = dict(fn=fn, args=args, pattern=kiln_op, count=count, what=what,
                             source=source, dtype=dtype)
        return fn
    return register


def x_args(dtype=F32, n=1, shape=(B, T, D)):
    return tuple(arg(shape, dtype) for _ in range(n))


# ---------------------------------------------------------------------------
# kiln.softmax
# ---------------------------------------------------------------------------

@pattern("kiln.softmax", 1, "jax.nn.softmax over the last axis", x_args(), "jax.nn")
def softmax_jax_nn(x):
    return jax.nn.softmax(x, axis=-1)


@pattern("kiln.softmax", 1, "jax.nn.softmax over the middle axis (1 of 3)", x_args(), "jax.nn")
def softmax_jax_nn_axis1(x):
    return jax.nn.softmax(x, axis=1)


@pattern("kiln.softmax", 2, "jax.nn.softmax over the last axis and over axis 0, two results",
         x_args(), "jax.nn")
def softmax_two_axes(x):
    return jax.nn.softmax(x, axis=-1), jax.nn.softmax(x, axis=0)


@pattern("kiln.softmax", 1, "hand-written: exp(x - max) / sum(exp(x - max)), keepdims",
         x_args())
def softmax_hand_max(x):
    e = jnp.exp(x - jnp.max(x, axis=-1, keepdims=True))
    return e / jnp.sum(e, axis=-1, keepdims=True)


@pattern("kiln.softmax", 1, "hand-written without the max subtraction: exp(x) / sum(exp(x))",
         x_args())
def softmax_hand_no_max(x):
    e = jnp.exp(x)
    return e / jnp.sum(e, axis=-1, keepdims=True)


@pattern("kiln.softmax", 1, "bf16 input, softmax computed in f32, result cast back to bf16",
         x_args(BF16), dtype="bf16")
def softmax_bf16_f32_compute(x):
    return jax.nn.softmax(x.astype(F32), axis=-1).astype(BF16)


@pattern("kiln.softmax", 1, "jax.nn.softmax on bf16: max, exp and divide in bf16, the sum in f32",
         x_args(BF16), "jax.nn", dtype="bf16")
def softmax_bf16(x):
    return jax.nn.softmax(x, axis=-1)


@pattern("kiln.softmax", 0, "subtracts the max of another tensor: not a softmax", x_args(n=2))
def softmax_wrong_max(x, y):
    e = jnp.exp(x - jnp.max(y, axis=-1, keepdims=True))
    return e / jnp.sum(e, axis=-1, keepdims=True)


@pattern("kiln.softmax", 0, "max over axis 1 but sum over axis 2: not a softmax", x_args())
def softmax_max_sum_axes_differ(x):
    e = jnp.exp(x - jnp.max(x, axis=1, keepdims=True))
    return e / jnp.sum(e, axis=2, keepdims=True)


@pattern("kiln.softmax", 0, "divides by the sum of exp of another tensor: not a softmax",
         x_args(n=2))
def softmax_divide_other_sum(x, y):
    return jnp.exp(x) / jnp.sum(jnp.exp(y), axis=-1, keepdims=True)


# ---------------------------------------------------------------------------
# kiln.log_softmax
# ---------------------------------------------------------------------------

@pattern("kiln.log_softmax", 1, "jax.nn.log_softmax over the last axis", x_args(), "jax.nn")
def log_softmax_jax_nn(x):
    return jax.nn.log_softmax(x, axis=-1)


@pattern("kiln.log_softmax", 1, "hand-written: x - max - log(sum(exp(x - max)))", x_args())
def log_softmax_hand(x):
    shifted = x - jnp.max(x, axis=-1, keepdims=True)
    return shifted - jnp.log(jnp.sum(jnp.exp(shifted), axis=-1, keepdims=True))


@pattern("kiln.log_softmax", 1, "x - jax.nn.logsumexp(x) (logsumexp's guarded max)",
         x_args(), "jax.nn")
def log_softmax_logsumexp(x):
    return x - jax.nn.logsumexp(x, axis=-1, keepdims=True)


@pattern("kiln.log_softmax", 1, "bf16 input, jax.nn.log_softmax in f32", x_args(BF16),
         "jax.nn", dtype="bf16")
def log_softmax_bf16_f32_compute(x):
    return jax.nn.log_softmax(x.astype(F32), axis=-1)


@pattern("kiln.log_softmax", 0, "x - log(sum(exp(y))) with y != x: not a log-softmax",
         x_args(n=2))
def log_softmax_other_lse(x, y):
    return x - jnp.log(jnp.sum(jnp.exp(y), axis=-1, keepdims=True))


# ---------------------------------------------------------------------------
# kiln.gelu
# ---------------------------------------------------------------------------

@pattern("kiln.gelu", 1, "jax.nn.gelu(approximate=True): the tanh form", x_args(), "jax.nn")
def gelu_tanh_jax_nn(x):
    return jax.nn.gelu(x, approximate=True)


@pattern("kiln.gelu", 1, "jax.nn.gelu(approximate=False): the erf form (chlo.erf)",
         x_args(), "jax.nn")
def gelu_erf_jax_nn(x):
    return jax.nn.gelu(x, approximate=False)


@pattern("kiln.gelu", 1, "hand-written tanh form: 0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3)))",
         x_args())
def gelu_tanh_hand(x):
    return 0.5 * x * (1.0 + jnp.tanh(math.sqrt(2.0 / math.pi) * (x + 0.044715 * x ** 3)))


@pattern("kiln.gelu", 1, "hand-written erf form: 0.5 x (1 + erf(x / sqrt(2)))", x_args())
def gelu_erf_hand(x):
    return 0.5 * x * (1.0 + lax.erf(x / math.sqrt(2.0)))


@pattern("kiln.gelu", 1, "jax.nn.gelu (tanh form) on bf16", x_args(BF16), "jax.nn",
         dtype="bf16")
def gelu_tanh_bf16(x):
    return jax.nn.gelu(x)


@pattern("kiln.gelu", 0, "tanh form whose cubic term is of another tensor: not a GELU",
         x_args(n=2))
def gelu_tanh_other_cube(x, y):
    return 0.5 * x * (1.0 + jnp.tanh(math.sqrt(2.0 / math.pi) * (x + 0.044715 * y ** 3)))


@pattern("kiln.gelu", 0, "erf form with x / 2 in place of x / sqrt(2): not a GELU", x_args())
def gelu_erf_wrong_scale(x):
    return 0.5 * x * (1.0 + lax.erf(x / 2.0))


# ---------------------------------------------------------------------------
# kiln.silu
# ---------------------------------------------------------------------------

@pattern("kiln.silu", 1, "jax.nn.silu (jax.nn.swish is the same function)", x_args(), "jax.nn")
def silu_jax_nn(x):
    return jax.nn.silu(x)


@pattern("kiln.silu", 1, "hand-written: x * jax.nn.sigmoid(x)", x_args())
def silu_x_sigmoid(x):
    return x * jax.nn.sigmoid(x)


@pattern("kiln.silu", 1, "hand-written: x / (1 + exp(-x))", x_args())
def silu_x_over_1_exp(x):
    return x / (1.0 + jnp.exp(-x))


@pattern("kiln.silu", 1, "jax.nn.silu on bf16", x_args(BF16), "jax.nn", dtype="bf16")
def silu_bf16(x):
    return jax.nn.silu(x)


@pattern("kiln.silu", 0, "sigmoid(x) * y with y != x: a gate, not a SiLU", x_args(n=2))
def silu_sigmoid_times_other(x, y):
    return jax.nn.sigmoid(x) * y


@pattern("kiln.silu", 0, "x * sigmoid(1.702 x) (the sigmoid GELU approximation): not a SiLU",
         x_args())
def silu_scaled_sigmoid(x):
    return x * jax.nn.sigmoid(1.702 * x)


# ---------------------------------------------------------------------------
# kiln.swiglu
# ---------------------------------------------------------------------------

def swiglu_args(dtype=F32):
    return (arg((B, T, D), dtype), arg((D, HIDDEN), dtype), arg((D, HIDDEN), dtype))


@pattern("kiln.swiglu", 1, "silu(x @ W1) * (x @ W2), two weight matrices", swiglu_args())
def swiglu_two_weights(x, w1, w2):
    return jax.nn.silu(x @ w1) * (x @ w2)


@pattern("kiln.swiglu", 1, "one x @ [W1 W2] matmul split in two halves, silu(a) * b",
         (arg((B, T, D)), arg((D, 2 * HIDDEN))))
def swiglu_fused_weight(x, w12):
    a, b = jnp.split(x @ w12, 2, axis=-1)
    return jax.nn.silu(a) * b


@pattern("kiln.swiglu", 1, "silu(x @ W1) * (x @ W2) in bf16", swiglu_args(BF16),
         dtype="bf16")
def swiglu_bf16(x, w1, w2):
    return jax.nn.silu(x @ w1) * (x @ w2)


@pattern("kiln.swiglu", 0, "sigmoid(x @ W1) * (x @ W2): a GLU without the SiLU's x factor",
         swiglu_args())
def swiglu_sigmoid_glu(x, w1, w2):
    return jax.nn.sigmoid(x @ w1) * (x @ w2)


# ---------------------------------------------------------------------------
# kiln.layer_norm
# ---------------------------------------------------------------------------

def norm_args(dtype=F32, affine=2):
    return (arg((B, T, D), dtype),) + tuple(arg((D,), F32) for _ in range(affine))


@pattern("kiln.layer_norm", 1, "jnp.mean / jnp.var, (x - mean) * rsqrt(var + eps) * g + b",
         norm_args())
def layer_norm_mean_var(x, g, b):
    mu = jnp.mean(x, axis=-1, keepdims=True)
    var = jnp.var(x, axis=-1, keepdims=True)
    return (x - mu) * lax.rsqrt(var + 1e-5) * g + b


@pattern("kiln.layer_norm", 1, "(x - mean) / sqrt(mean((x - mean)^2) + eps) * g + b",
         norm_args())
def layer_norm_sqrt_divide(x, g, b):
    mu = jnp.mean(x, axis=-1, keepdims=True)
    var = jnp.mean(jnp.square(x - mu), axis=-1, keepdims=True)
    return (x - mu) / jnp.sqrt(var + 1e-6) * g + b


@pattern("kiln.layer_norm", 1, "no scale or bias: (x - mean) * rsqrt(var + eps)",
         norm_args(affine=0))
def layer_norm_no_affine(x):
    mu = jnp.mean(x, axis=-1, keepdims=True)
    return (x - mu) * lax.rsqrt(jnp.var(x, axis=-1, keepdims=True) + 1e-5)


@pattern("kiln.layer_norm", 1, "bf16 input normalised in f32, cast back to bf16",
         norm_args(BF16), dtype="bf16")
def layer_norm_bf16_f32_compute(x, g, b):
    xf = x.astype(F32)
    mu = jnp.mean(xf, axis=-1, keepdims=True)
    var = jnp.var(xf, axis=-1, keepdims=True)
    return ((xf - mu) * lax.rsqrt(var + 1e-5) * g + b).astype(BF16)


@pattern("kiln.layer_norm", 0, "subtracts the mean over axis 1 but normalises over axis 2",
         norm_args())
def layer_norm_mean_other_axis(x, g, b):
    mu = jnp.mean(x, axis=1, keepdims=True)
    var = jnp.var(x, axis=-1, keepdims=True)
    return (x - mu) * lax.rsqrt(var + 1e-5) * g + b


@pattern("kiln.layer_norm", 0, "divides by the standard deviation of another tensor",
         norm_args() + (arg((B, T, D)),))
def layer_norm_other_var(x, g, b, y):
    mu = jnp.mean(x, axis=-1, keepdims=True)
    var = jnp.var(y, axis=-1, keepdims=True)
    return (x - mu) * lax.rsqrt(var + 1e-5) * g + b


# ---------------------------------------------------------------------------
# kiln.rms_norm
# ---------------------------------------------------------------------------

@pattern("kiln.rms_norm", 1, "x * rsqrt(mean(x^2) + eps) * g", norm_args(affine=1))
def rms_norm_rsqrt(x, g):
    return x * lax.rsqrt(jnp.mean(jnp.square(x), axis=-1, keepdims=True) + 1e-6) * g


@pattern("kiln.rms_norm", 1, "x / sqrt(mean(x * x) + eps) * g", norm_args(affine=1))
def rms_norm_sqrt_divide(x, g):
    return x / jnp.sqrt(jnp.mean(x * x, axis=-1, keepdims=True) + 1e-6) * g


@pattern("kiln.rms_norm", 1, "residual add then RMS norm; returns the norm and the new residual",
         norm_args(affine=1) + (arg((B, T, D)),))
def rms_norm_residual(x, g, residual):
    h = x + residual
    return h * lax.rsqrt(jnp.mean(jnp.square(h), axis=-1, keepdims=True) + 1e-6) * g, h


@pattern("kiln.rms_norm", 1, "LLaMA style: bf16 input, statistics in f32, cast back, * g (bf16)",
         (arg((B, T, D), BF16), arg((D,), BF16)), dtype="bf16")
def rms_norm_bf16_f32_compute(x, g):
    xf = x.astype(F32)
    y = xf * lax.rsqrt(jnp.mean(jnp.square(xf), axis=-1, keepdims=True) + 1e-6)
    return y.astype(BF16) * g


@pattern("kiln.rms_norm", 0, "rsqrt of the mean of another tensor's squares", norm_args(affine=1)
         + (arg((B, T, D)),))
def rms_norm_other_tensor(x, g, y):
    return x * lax.rsqrt(jnp.mean(jnp.square(y), axis=-1, keepdims=True) + 1e-6) * g


@pattern("kiln.rms_norm", 0, "rsqrt of the square of the mean (not the mean of the squares)",
         norm_args(affine=1))
def rms_norm_square_of_mean(x, g):
    return x * lax.rsqrt(jnp.square(jnp.mean(x, axis=-1, keepdims=True)) + 1e-6) * g


# ---------------------------------------------------------------------------
# kiln.attention ([batch, heads, seq, head_dim] unless said otherwise)
# ---------------------------------------------------------------------------

def qkv_args(dtype=F32, kv_heads=H, layout="bhsd"):
    def shape(h):
        return (B, h, S, HD) if layout == "bhsd" else (B, S, h, HD)
    return (arg(shape(H), dtype), arg(shape(kv_heads), dtype), arg(shape(kv_heads), dtype))


def sdpa_scores(q, k):
    return jnp.einsum("bhqd,bhkd->bhqk", q, k) / math.sqrt(q.shape[-1])


@pattern("kiln.attention", 1, "jax.nn.dot_product_attention, [batch, seq, heads, head_dim]",
         qkv_args(layout="bshd"), "jax.nn")
def attention_jax_nn(q, k, v):
    return jax.nn.dot_product_attention(q, k, v)


@pattern("kiln.attention", 1, "jax.nn.dot_product_attention(is_causal=True)",
         qkv_args(layout="bshd"), "jax.nn")
def attention_jax_nn_causal(q, k, v):
    return jax.nn.dot_product_attention(q, k, v, is_causal=True)


@pattern("kiln.attention", 1, "softmax(q k^T / sqrt(d)) v with einsum, no mask", qkv_args())
def attention_hand(q, k, v):
    return jnp.einsum("bhqk,bhkd->bhqd", jax.nn.softmax(sdpa_scores(q, k), axis=-1), v)


@pattern("kiln.attention", 1, "additive mask input [batch, 1, seq, seq] added to the scores",
         qkv_args() + (arg((B, 1, S, S)),))
def attention_additive_mask(q, k, v, mask):
    p = jax.nn.softmax(sdpa_scores(q, k) + mask, axis=-1)
    return jnp.einsum("bhqk,bhkd->bhqd", p, v)


@pattern("kiln.attention", 1, "causal mask from iota / compare / select (-inf)", qkv_args())
def attention_causal_iota(q, k, v):
    s = sdpa_scores(q, k)
    row = lax.broadcasted_iota(I32, s.shape, 2)
    col = lax.broadcasted_iota(I32, s.shape, 3)
    s = lax.select(col <= row, s, jnp.full(s.shape, -jnp.inf, s.dtype))
    return jnp.einsum("bhqk,bhkd->bhqd", jax.nn.softmax(s, axis=-1), v)


@pattern("kiln.attention", 1, "causal mask from jnp.tril(ones) and jnp.where(finfo.min)",
         qkv_args())
def attention_causal_tril(q, k, v):
    s = sdpa_scores(q, k)
    causal = jnp.tril(jnp.ones((S, S), dtype=bool))
    s = jnp.where(causal, s, jnp.finfo(F32).min)
    return jnp.einsum("bhqk,bhkd->bhqd", jax.nn.softmax(s, axis=-1), v)


@pattern("kiln.attention", 1, "GQA: 4 query heads, 2 kv heads widened by jnp.repeat",
         qkv_args(kv_heads=2))
def attention_gqa_repeat(q, k, v):
    rep = q.shape[1] // k.shape[1]
    k = jnp.repeat(k, rep, axis=1)
    v = jnp.repeat(v, rep, axis=1)
    return jnp.einsum("bhqk,bhkd->bhqd", jax.nn.softmax(sdpa_scores(q, k), axis=-1), v)


@pattern("kiln.attention", 1,
         "GQA: queries reshaped to [b, kv_heads, group, s, d], kv broadcast in the einsums",
         qkv_args(kv_heads=2))
def attention_gqa_reshape(q, k, v):
    b, h, s, d = q.shape
    kvh = k.shape[1]
    qg = q.reshape(b, kvh, h // kvh, s, d)
    scores = jnp.einsum("bgrqd,bgkd->bgrqk", qg, k) / math.sqrt(d)
    o = jnp.einsum("bgrqk,bgkd->bgrqd", jax.nn.softmax(scores, axis=-1), v)
    return o.reshape(b, h, s, d)


@pattern("kiln.attention", 1,
         "bf16 q, k, v; scores accumulated in f32, f32 softmax, bf16 probabilities @ v",
         qkv_args(BF16), dtype="bf16")
def attention_bf16_f32_softmax(q, k, v):
    s = jnp.einsum("bhqd,bhkd->bhqk", q, k, preferred_element_type=F32) / math.sqrt(HD)
    p = jax.nn.softmax(s, axis=-1).astype(BF16)
    return jnp.einsum("bhqk,bhkd->bhqd", p, v)


@pattern("kiln.attention", 0, "0/1 mask multiplied in after the softmax (not renormalised)",
         qkv_args() + (arg((B, 1, S, S)),))
def attention_mask_after_softmax(q, k, v, mask):
    p = jax.nn.softmax(sdpa_scores(q, k), axis=-1) * mask
    return jnp.einsum("bhqk,bhkd->bhqd", p, v)


@pattern("kiln.attention", 0, "softmax over the query axis instead of the key axis", qkv_args())
def attention_softmax_query_axis(q, k, v):
    return jnp.einsum("bhqk,bhkd->bhqd", jax.nn.softmax(sdpa_scores(q, k), axis=-2), v)


# ---------------------------------------------------------------------------
# kiln.rope: [batch, seq, heads, head_dim]
# ---------------------------------------------------------------------------

def rope_tables(seq, dim, base=10000.0):
    """cos, sin of shape [seq, dim / 2] computed in the program from iota."""
    inv_freq = 1.0 / (base ** (jnp.arange(0, dim, 2, dtype=F32) / dim))
    angles = jnp.arange(seq, dtype=F32)[:, None] * inv_freq[None, :]
    return jnp.cos(angles), jnp.sin(angles)


def rotate_half(x):
    x1, x2 = jnp.split(x, 2, axis=-1)
    return jnp.concatenate([-x2, x1], axis=-1)


ROPE_X = arg((B, S, H, HD))


@pattern("kiln.rope", 1,
         "half rotation (GPT-NeoX / LLaMA): x * cos + rotate_half(x) * sin, tables from iota",
         (ROPE_X,))
def rope_half(x):
    cos, sin = rope_tables(x.shape[1], x.shape[-1])
    cos = jnp.concatenate([cos, cos], axis=-1)[None, :, None, :]
    sin = jnp.concatenate([sin, sin], axis=-1)[None, :, None, :]
    return x * cos + rotate_half(x) * sin


@pattern("kiln.rope", 1, "half rotation with cos / sin tables [seq, head_dim] as inputs",
         (ROPE_X, arg((S, HD)), arg((S, HD))))
def rope_half_tables(x, cos, sin):
    return x * cos[None, :, None, :] + rotate_half(x) * sin[None, :, None, :]


@pattern("kiln.rope", 1,
         "interleaved (GPT-J): pairs (x[2i], x[2i+1]) rotated, strided slices, stack, reshape",
         (ROPE_X,))
def rope_interleaved(x):
    cos, sin = rope_tables(x.shape[1], x.shape[-1])
    cos, sin = cos[None, :, None, :], sin[None, :, None, :]
    x0, x1 = x[..., 0::2], x[..., 1::2]
    out = jnp.stack([x0 * cos - x1 * sin, x0 * sin + x1 * cos], axis=-1)
    return out.reshape(x.shape)


@pattern("kiln.rope", 1, "half rotation on bf16 x with f32 tables, result in bf16",
         (arg((B, S, H, HD), BF16),), dtype="bf16")
def rope_half_bf16(x):
    cos, sin = rope_tables(x.shape[1], x.shape[-1])
    cos = jnp.concatenate([cos, cos], axis=-1)[None, :, None, :]
    sin = jnp.concatenate([sin, sin], axis=-1)[None, :, None, :]
    xf = x.astype(F32)
    return (xf * cos + rotate_half(xf) * sin).astype(BF16)


@pattern("kiln.rope", 0, "half swap without the negation, concat(x2, x1): not a rotation",
         (ROPE_X, arg((S, HD)), arg((S, HD))))
def rope_no_negation(x, cos, sin):
    x1, x2 = jnp.split(x, 2, axis=-1)
    swapped = jnp.concatenate([x2, x1], axis=-1)
    return x * cos[None, :, None, :] + swapped * sin[None, :, None, :]


# ---------------------------------------------------------------------------
# kiln.softmax_cross_entropy: logits [batch * seq, classes]
# ---------------------------------------------------------------------------

XENT_LOGITS = arg((B * T, CLASSES))
XENT_LABELS = arg((B * T,), I32)
XENT_ONE_HOT = arg((B * T, CLASSES))


@pattern("kiln.softmax_cross_entropy", 1,
         "integer labels: -mean(take_along_axis(log_softmax(logits), labels))",
         (XENT_LOGITS, XENT_LABELS))
def xent_integer_labels(logits, labels):
    logp = jax.nn.log_softmax(logits, axis=-1)
    return -jnp.mean(jnp.take_along_axis(logp, labels[:, None], axis=-1))


@pattern("kiln.softmax_cross_entropy", 1,
         "one-hot made from integer labels: -mean(sum(one_hot * log_softmax))",
         (XENT_LOGITS, XENT_LABELS))
def xent_one_hot_from_labels(logits, labels):
    one_hot = jax.nn.one_hot(labels, logits.shape[-1])
    return -jnp.mean(jnp.sum(one_hot * jax.nn.log_softmax(logits, axis=-1), axis=-1))


@pattern("kiln.softmax_cross_entropy", 1,
         "soft labels (a probability input): -sum(labels * log_softmax), per row",
         (XENT_LOGITS, XENT_ONE_HOT))
def xent_soft_labels(logits, labels):
    return -jnp.sum(labels * jax.nn.log_softmax(logits, axis=-1), axis=-1)


@pattern("kiln.softmax_cross_entropy", 1,
         "optax.softmax_cross_entropy_with_integer_labels, per row", (XENT_LOGITS, XENT_LABELS),
         "optax")
def xent_optax_integer_labels(logits, labels):
    import optax
    return optax.softmax_cross_entropy_with_integer_labels(logits, labels)


@pattern("kiln.softmax_cross_entropy", 1, "optax.softmax_cross_entropy (one-hot / soft labels)",
         (XENT_LOGITS, XENT_ONE_HOT), "optax")
def xent_optax_one_hot(logits, labels):
    import optax
    return optax.softmax_cross_entropy(logits, labels)


@pattern("kiln.softmax_cross_entropy", 0,
         "log_softmax over the batch axis, labels picked along the class axis",
         (XENT_LOGITS, XENT_LABELS))
def xent_log_softmax_wrong_axis(logits, labels):
    logp = jax.nn.log_softmax(logits, axis=0)
    return -jnp.mean(jnp.take_along_axis(logp, labels[:, None], axis=-1))


# ---------------------------------------------------------------------------
# kiln.gemm: GEMM + bias + activation + residual epilogue
# ---------------------------------------------------------------------------

def gemm_args(dtype=F32, residual=False, out=HIDDEN):
    a = (arg((B, T, D), dtype), arg((D, out), dtype), arg((out,), dtype))
    return a + ((arg((B, T, out), dtype),) if residual else ())


@pattern("kiln.gemm", 1, "x @ W + b", gemm_args())
def gemm_bias(x, w, b):
    return x @ w + b


@pattern("kiln.gemm", 1, "relu(x @ W + b)", gemm_args())
def gemm_bias_relu(x, w, b):
    return jax.nn.relu(x @ w + b)


@pattern("kiln.gemm", 1, "r + gelu_tanh(x @ W + b): bias, activation and residual",
         gemm_args(residual=True))
def gemm_bias_gelu_residual(x, w, b, r):
    return r + jax.nn.gelu(x @ w + b)


@pattern("kiln.gemm", 1, "r + (x @ W + b): bias and residual, no activation",
         gemm_args(residual=True, out=D))
def gemm_bias_residual(x, w, b, r):
    return r + (x @ w + b)


@pattern("kiln.gemm", 1, "relu(x @ W + b) in bf16", gemm_args(BF16), dtype="bf16")
def gemm_bias_relu_bf16(x, w, b):
    return jax.nn.relu(x @ w + b)


@pattern("kiln.gemm", 1, "r + gelu_tanh(x @ W + b) in bf16", gemm_args(BF16, residual=True),
         dtype="bf16")
def gemm_bias_gelu_residual_bf16(x, w, b, r):
    return r + jax.nn.gelu(x @ w + b)


@pattern("kiln.gemm", 1,
         "bf16 x @ W accumulated in f32 (preferred_element_type), + f32 bias, relu, cast to bf16",
         (arg((B, T, D), BF16), arg((D, HIDDEN), BF16), arg((HIDDEN,), F32)), dtype="bf16")
def gemm_bf16_f32_accumulate_relu(x, w, b):
    y = jnp.matmul(x, w, preferred_element_type=F32) + b
    return jax.nn.relu(y).astype(BF16)


@pattern("kiln.gemm", 2, "two dense layers: relu(x @ W1 + b1) @ W2 + b2",
         gemm_args() + (arg((HIDDEN, D)), arg((D,))))
def gemm_two_layers(x, w1, b1, w2, b2):
    return jax.nn.relu(x @ w1 + b1) @ w2 + b2


@pattern("kiln.gemm", 0, "relu(x * w + b): an element-wise product, no contraction",
         (arg((B, T, D)), arg((D,)), arg((D,))))
def gemm_elementwise_not_dot(x, w, b):
    return jax.nn.relu(x * w + b)


# ---------------------------------------------------------------------------
# Weight-only quantized matmul: y = x @ dequant(W)^T
# ---------------------------------------------------------------------------
# The layout of the library's gemv_w4 / gemv_w8 (src/kernels/cuda/quant_gemv.cpp): W [N, K]
# as unsigned 4- or 8-bit codes packed along K into uint32 words [N, K * bits / 32], the first
# code in the lowest bits; per-group scales and zero points [N, K / group] in x's type;
# w = (code - zero) * scale, all in f32, the product accumulated in f32.

QN, QK = 48, 256  # rows of W (output features), reduction length


def quant_args(bits, group, m=4, dtype=BF16, n=QN, k=QK):
    return (arg((m, k), dtype), arg((n, k * bits // 32), jnp.uint32),
            arg((n, k // group), dtype), arg((n, k // group), dtype))


def dequantize(w, s, z, bits, group, shift_extra=0):
    """W [N, K] in f32 from the packed words, per-group scales and zero points."""
    per_word = 32 // bits
    n, k = w.shape[0], w.shape[1] * per_word
    shifts = jnp.arange(per_word, dtype=jnp.uint32) * bits + shift_extra
    q = (w[:, :, None] >> shifts) & ((1 << bits) - 1)
    q = q.astype(F32).reshape(n, k // group, group)
    return ((q - z.astype(F32)[:, :, None]) * s.astype(F32)[:, :, None]).reshape(n, k)


@pattern("kiln.quant_matmul", 1,
         "x @ dequant(W).T, 4-bit codes 8 a word, group 32, M = 4, bf16 (jnp.dot of a transpose)",
         quant_args(4, 32), dtype="bf16")
def quant_matmul_w4(x, w, s, z):
    return jnp.dot(x.astype(F32), dequantize(w, s, z, 4, 32).T).astype(x.dtype)


@pattern("kiln.quant_matmul", 1,
         "x @ dequant(W).T, 8-bit codes 4 a word, group 64, M = 1 (a GEMV), f16, contracting K "
         "of both (lax.dot_general)",
         quant_args(8, 64, m=1, dtype=jnp.float16), dtype="f16")
def quant_matmul_w8_gemv(x, w, s, z):
    y = lax.dot_general(x.astype(F32), dequantize(w, s, z, 8, 64), (((1,), (1,)), ((), ())))
    return y.astype(x.dtype)


@pattern("kiln.quant_matmul", 1,
         "x @ dequant(W).T, 4-bit codes, group 128, M = 32: a composite the small-batch kernel "
         "(M <= 16) does not take", quant_args(4, 128, m=32), dtype="bf16")
def quant_matmul_w4_batch32(x, w, s, z):
    return jnp.dot(x.astype(F32), dequantize(w, s, z, 4, 128).T).astype(x.dtype)


@pattern("kiln.quant_matmul", 2,
         "q and k projections of one x (its convert shared) through two 4-bit weights",
         quant_args(4, 32) + quant_args(4, 32)[1:], dtype="bf16")
def quant_matmul_w4_shared_x(x, w1, s1, z1, w2, s2, z2):
    xf = x.astype(F32)
    return (jnp.dot(xf, dequantize(w1, s1, z1, 4, 32).T).astype(x.dtype),
            jnp.dot(xf, dequantize(w2, s2, z2, 4, 32).T).astype(x.dtype))


@pattern("kiln.quant_matmul", 0,
         "codes shifted by 4 j + 1: not the packed layout of any kernel",
         quant_args(4, 32), dtype="bf16")
def quant_matmul_w4_wrong_shift(x, w, s, z):
    return jnp.dot(x.astype(F32), dequantize(w, s, z, 4, 32, shift_extra=1).T).astype(x.dtype)


@pattern("kiln.quant_matmul", 0,
         "4-bit codes masked with 7 (3 bits): not what the shifts unpack",
         quant_args(4, 32), dtype="bf16")
def quant_matmul_w4_wrong_mask(x, w, s, z):
    n, k = w.shape[0], w.shape[1] * 8
    q = (w[:, :, None] >> (jnp.arange(8, dtype=jnp.uint32) * 4)) & 7
    q = q.astype(F32).reshape(n, k // 32, 32)
    wd = ((q - z.astype(F32)[:, :, None]) * s.astype(F32)[:, :, None]).reshape(n, k)
    return jnp.dot(x.astype(F32), wd.T).astype(x.dtype)


# ---------------------------------------------------------------------------
# Real Flax and Optax modules (flax.linen, flax.nnx), parameters as arguments
# ---------------------------------------------------------------------------

def linen_program(make_module, x):
    """(f, args) for a flax.linen module: f(params, x) = module.apply(params, x)."""
    module = make_module()
    params = jax.eval_shape(module.init, jax.random.key(0), x)
    return module.apply, (params, x)


def nnx_program(make_module, x):
    """(f, args) for a flax.nnx module: f(state, x) = nnx.merge(graphdef, state)(x)."""
    from flax import nnx
    graphdef, state = nnx.split(nnx.eval_shape(lambda: make_module(nnx.Rngs(0))))

    def apply(state, x):
        return nnx.merge(graphdef, state)(x)
    return apply, (state, x)


FLAX_PROGRAMS = {}


def flax_pattern(kiln_op, count, what, source, dtype="f32"):
    """Registers a function returning (f, args) built from a Flax module."""
    def register(build):
        FLAX_PROGRAMS[build.__name__] = build
        PATTERNS[build.__name__] = dict(fn=None, args=None, build=build, pattern=kiln_op,
                                        count=count, what=what, source=source, dtype=dtype)
        return build
    return register


@flax_pattern("kiln.layer_norm", 1,
              "flax.linen.LayerNorm (variance as mean(x^2) - mean(x)^2, clipped at 0)",
              "flax.linen")
def layer_norm_flax_linen():
    from flax import linen as nn
    return linen_program(lambda: nn.LayerNorm(epsilon=1e-6), arg((B, T, D)))


@flax_pattern("kiln.layer_norm", 1, "flax.nnx.LayerNorm", "flax.nnx")
def layer_norm_flax_nnx():
    from flax import nnx
    return nnx_program(lambda rngs: nnx.LayerNorm(D, rngs=rngs), arg((B, T, D)))


@flax_pattern("kiln.rms_norm", 1, "flax.linen.RMSNorm", "flax.linen")
def rms_norm_flax_linen():
    from flax import linen as nn
    return linen_program(lambda: nn.RMSNorm(epsilon=1e-6), arg((B, T, D)))


@flax_pattern("kiln.rms_norm", 1, "flax.nnx.RMSNorm", "flax.nnx")
def rms_norm_flax_nnx():
    from flax import nnx
    return nnx_program(lambda rngs: nnx.RMSNorm(D, rngs=rngs), arg((B, T, D)))


@flax_pattern("kiln.gemm", 1, "flax.linen.Dense followed by jax.nn.relu", "flax.linen")
def gemm_flax_linen_dense_relu():
    from flax import linen as nn

    class DenseRelu(nn.Module):
        @nn.compact
        def __call__(self, x):
            return jax.nn.relu(nn.Dense(HIDDEN)(x))
    return linen_program(DenseRelu, arg((B, T, D)))


@flax_pattern("kiln.gemm", 1, "flax.nnx.Linear followed by jax.nn.gelu (tanh form)", "flax.nnx")
def gemm_flax_nnx_linear_gelu():
    from flax import nnx

    class LinearGelu(nnx.Module):
        def __init__(self, rngs):
            self.linear = nnx.Linear(D, HIDDEN, rngs=rngs)

        def __call__(self, x):
            return jax.nn.gelu(self.linear(x))
    return nnx_program(LinearGelu, arg((B, T, D)))


@flax_pattern("kiln.attention", 1,
              "flax.linen.MultiHeadDotProductAttention, self-attention on [2, 16, 32], "
              "4 heads of 8", "flax.linen")
def attention_flax_linen():
    from flax import linen as nn
    return linen_program(lambda: nn.MultiHeadDotProductAttention(num_heads=H, qkv_features=D),
                         arg((B, S, D)))


@flax_pattern("kiln.attention", 1,
              "flax.nnx.MultiHeadAttention, self-attention on [2, 16, 32], 4 heads of 8, "
              "decode=False", "flax.nnx")
def attention_flax_nnx():
    from flax import nnx
    return nnx_program(lambda rngs: nnx.MultiHeadAttention(num_heads=H, in_features=D,
                                                           decode=False, rngs=rngs),
                       arg((B, S, D)))


# ---------------------------------------------------------------------------
# Export driver.
# ---------------------------------------------------------------------------

def build(name):
    """(f, args) of pattern program `name`."""
    entry = PATTERNS[name]
    if entry["fn"] is None:
        return entry["build"]()
    return entry["fn"], entry["args"]


def lower_text(name):
    f, args = build(name)
    return jax.jit(f).lower(*args).as_text()


def manifest_entry(entry):
    return {k: entry[k] for k in ("pattern", "count", "what", "source", "dtype")}


def write_manifest(path, names):
    """patterns.json: one line per program, in PATTERNS order; entries for programs
    not in `names` are kept from the existing file."""
    old = {}
    if os.path.exists(path):
        with open(path) as fh:
            old = json.load(fh)
    entries = {}
    for name, entry in PATTERNS.items():
        if name in names:
            entries[name] = manifest_entry(entry)
        elif name in old:
            entries[name] = old[name]
    lines = [f"  {json.dumps(n)}: {json.dumps(e)}" for n, e in entries.items()]
    with open(path, "w") as fh:
        fh.write("{\n" + ",\n".join(lines) + "\n}\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", default=os.path.join(HERE, "patterns"),
                    help="output folder (default: tests/jax/patterns)")
    ap.add_argument("--only", nargs="*", help="export only these programs")
    ap.add_argument("--list", action="store_true", help="list the programs and exit")
    args = ap.parse_args()
    if args.list:
        for name, e in PATTERNS.items():
            print(f"{name:34s} {e['pattern']:28s} {e['count']}  {e['what']}")
        return 0
    names = args.only or list(PATTERNS)
    unknown = [n for n in names if n not in PATTERNS]
    if unknown:
        ap.error("unknown programs: " + " ".join(unknown))
    os.makedirs(args.out, exist_ok=True)
    print(f"jax {jax.__version__}, jaxlib {jax.lib.__version__}, "
          f"backend {jax.default_backend()}")
    for name in names:
        text = lower_text(name)
        with open(os.path.join(args.out, name + ".mlir"), "w") as fh:
            fh.write(text)
        e = PATTERNS[name]
        print(f"{name:34s} {e['pattern']:28s} x{e['count']}  {len(text):6d} chars")
    write_manifest(os.path.join(args.out, "patterns.json"), set(names))
    return 0


if __name__ == "__main__":
    sys.exit(main())
