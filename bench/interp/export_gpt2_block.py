#!/usr/bin/env python3
"""Export one GPT-2-small transformer block (d_model 768, 12 heads, MLP 3072, sequence 128,
f32, causal attention, pre-layer-norm, GELU) as StableHLO for the interpreter benchmark.
Weights are arguments, so the text stays small; the benchmark runs it on random inputs.

    JAX_PLATFORMS=cpu python3 bench/interp/export_gpt2_block.py
"""
import os

os.environ.setdefault("JAX_PLATFORMS", "cpu")
import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402

D, H, F, T = 768, 12, 3072, 128


def layer_norm(x, g, b):
    mean = x.mean(-1, keepdims=True)
    var = ((x - mean) ** 2).mean(-1, keepdims=True)
    return (x - mean) * jax.lax.rsqrt(var + 1e-5) * g + b


def block(x, ln1_g, ln1_b, w_qkv, b_qkv, w_o, b_o, ln2_g, ln2_b, w_fc, b_fc, w_proj, b_proj):
    h = layer_norm(x, ln1_g, ln1_b)
    qkv = h @ w_qkv + b_qkv
    q, k, v = jnp.split(qkv, 3, axis=-1)
    split = lambda t: t.reshape(T, H, D // H).transpose(1, 0, 2)
    q, k, v = split(q), split(k), split(v)
    scores = q @ k.transpose(0, 2, 1) / jnp.sqrt(D // H)
    mask = jnp.tril(jnp.ones((T, T), bool))
    scores = jnp.where(mask, scores, -1e9)
    attn = jax.nn.softmax(scores, axis=-1) @ v
    x = x + attn.transpose(1, 0, 2).reshape(T, D) @ w_o + b_o
    h = layer_norm(x, ln2_g, ln2_b)
    return x + jax.nn.gelu(h @ w_fc + b_fc) @ w_proj + b_proj


shapes = [(T, D), (D,), (D,), (D, 3 * D), (3 * D,), (D, D), (D,), (D,), (D,), (D, F), (F,),
          (F, D), (D,)]
args = [jax.ShapeDtypeStruct(s, jnp.float32) for s in shapes]
text = jax.jit(block).lower(*args).as_text()
out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "gpt2_block.mlir")
with open(out, "w") as fh:
    fh.write(text)
print(f"wrote {out} ({len(text)} chars)")
