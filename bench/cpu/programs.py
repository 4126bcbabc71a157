"""The CPU program benchmark's programs: each a JAX function and the shapes and dtypes of its
arguments. export.py writes them as StableHLO (bench/cpu/programs/NAME.mlir); run.py times
kiln and XLA-CPU on them. Sizes are the issue's: matmuls of 2048-4096, attention, a GPT-2
block, sort of 1M, argmax, scatter-add, cumsum, a convolution block."""
import jax
import jax.numpy as jnp

f32, bf16 = jnp.float32, jnp.bfloat16


def matmul(x, w):
    return x @ w


def gemm_bias_gelu(x, w, b):
    return jax.nn.gelu(x @ w + b)


def attention(q, k, v):
    # Plain jnp attention as a user writes it: [batch, heads, seq, dim], softmax in f32.
    scale = q.shape[-1] ** -0.5
    s = jnp.einsum("bhqd,bhkd->bhqk", q, k).astype(f32) * scale
    p = jax.nn.softmax(s, axis=-1).astype(q.dtype)
    return jnp.einsum("bhqk,bhkd->bhqd", p, v)


D, H, F, T = 768, 12, 3072, 128


def layer_norm(x, g, b):
    mean = x.mean(-1, keepdims=True)
    var = ((x - mean) ** 2).mean(-1, keepdims=True)
    return (x - mean) * jax.lax.rsqrt(var + 1e-5) * g + b


def gpt2_block(x, ln1_g, ln1_b, w_qkv, b_qkv, w_o, b_o, ln2_g, ln2_b, w_fc, b_fc, w_proj,
               b_proj):
    h = layer_norm(x, ln1_g, ln1_b)
    q, k, v = jnp.split(h @ w_qkv + b_qkv, 3, axis=-1)
    split = lambda t: t.reshape(T, H, D // H).transpose(1, 0, 2)
    q, k, v = split(q), split(k), split(v)
    scores = q @ k.transpose(0, 2, 1) / jnp.sqrt(D // H)
    scores = jnp.where(jnp.tril(jnp.ones((T, T), bool)), scores, -1e9)
    attn = jax.nn.softmax(scores, axis=-1) @ v
    x = x + attn.transpose(1, 0, 2).reshape(T, D) @ w_o + b_o
    h = layer_norm(x, ln2_g, ln2_b)
    return x + jax.nn.gelu(h @ w_fc + b_fc) @ w_proj + b_proj


def sort(x):
    return jnp.sort(x)


def argmax_rows(x):
    return jnp.argmax(x, axis=1)


def scatter_add(table, u, updates):
    # Indices from a float input so that random inputs give in-range, spread-out rows.
    idx = (jnp.abs(u) * 65536).astype(jnp.int32) % table.shape[0]
    return table.at[idx].add(updates)


def cumsum(x):
    return jnp.cumsum(x)


def softmax_rows(x):
    return jax.nn.softmax(x, axis=-1)


def conv_block(x, w1, w2):
    # A ResNet basic block without normalisation: NHWC, 3x3, stride 1, residual add.
    dn = ("NHWC", "HWIO", "NHWC")
    conv = lambda a, w: jax.lax.conv_general_dilated(a, w, (1, 1), "SAME", dimension_numbers=dn)
    h = jax.nn.relu(conv(x, w1))
    return jax.nn.relu(conv(h, w2) + x)


# name: (function, [(shape, dtype), ...])
PROGRAMS = {
    "matmul_f32_2048": (matmul, [((2048, 2048), f32), ((2048, 2048), f32)]),
    "matmul_bf16_4096": (matmul, [((4096, 4096), bf16), ((4096, 4096), bf16)]),
    "gemm_bias_gelu_bf16_4096": (gemm_bias_gelu,
                                 [((4096, 4096), bf16), ((4096, 4096), bf16), ((4096,), bf16)]),
    "attention_bf16": (attention, [((4, 8, 512, 64), bf16)] * 3),
    "gpt2_block_f32": (gpt2_block, [((s), f32) for s in [
        (T, D), (D,), (D,), (D, 3 * D), (3 * D,), (D, D), (D,), (D,), (D,), (D, F), (F,), (F, D),
        (D,)]]),
    "sort_f32_1m": (sort, [((1 << 20,), f32)]),
    "argmax_rows_f32_4096": (argmax_rows, [((4096, 4096), f32)]),
    "scatter_add_f32": (scatter_add, [((4096, 128), f32), ((262144,), f32),
                                      ((262144, 128), f32)]),
    "cumsum_f32_1m": (cumsum, [((1 << 20,), f32)]),
    "softmax_f32_4096": (softmax_rows, [((4096, 4096), f32)]),
    "conv_block_f32": (conv_block, [((8, 56, 56, 64), f32), ((3, 3, 64, 64), f32),
                                    ((3, 3, 64, 64), f32)]),
}


def arg_specs(name):
    _, args = PROGRAMS[name]
    return [jax.ShapeDtypeStruct(shape, dtype) for shape, dtype in args]
