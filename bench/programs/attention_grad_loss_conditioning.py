"""Why causal_attention_grad's bf16 loss differs between kiln and XLA (bench/PROGRAMS.md): the
loss sum(attention(q, k, v) * g) at the bench size cancels ~900-fold, so the pipelines' own
rounding (XLA's bf16 scores and softmax; an f32 softmax with a bf16 output, as kiln computes)
moves it by about 0.5 either side of the exact f64 value. Runs on the CPU with JAX in about a
minute: python3 bench/programs/attention_grad_loss_conditioning.py"""
import math, numpy as np, jax, jax.numpy as jnp
jax.config.update("jax_enable_x64", True)
rng = np.random.default_rng(1)
B,H,S,D = 8,16,1024,64
BF = jnp.bfloat16
q,k,v,g = (jnp.asarray(rng.standard_normal((B,H,S,D)).astype(np.float32)).astype(BF) for _ in range(4))
def plain(q,k,v):
    s = jnp.einsum("bhqd,bhkd->bhqk", q, k) * (1.0/math.sqrt(D))
    mask = jnp.tril(jnp.ones((S,S), dtype=bool))
    s = jnp.where(mask, s, jnp.finfo(s.dtype).min)
    return jnp.einsum("bhqk,bhkd->bhqd", jax.nn.softmax(s, axis=-1), v)
def loss_xla(q,k,v,g):
    o = plain(q,k,v)
    return jnp.sum(o.astype(jnp.float32)*g.astype(jnp.float32))
def exact(q,k,v,g, dt):
    q,k,v,g = (x.astype(dt) for x in (q,k,v,g))
    s = jnp.einsum("bhqd,bhkd->bhqk", q, k) / math.sqrt(D)
    mask = jnp.tril(jnp.ones((S,S), dtype=bool))
    s = jnp.where(mask, s, -jnp.inf)
    o = jnp.einsum("bhqk,bhkd->bhqd", jax.nn.softmax(s, axis=-1), v)
    return o
lx = float(jax.jit(loss_xla)(q,k,v,g))
o64 = jax.jit(lambda *a: exact(*a, jnp.float64))(q,k,v,g)
l64 = float(jnp.sum(o64*g.astype(jnp.float64)))
o32 = jax.jit(lambda *a: exact(*a, jnp.float32))(q,k,v,g)
lf = float(jnp.sum(o32.astype(BF).astype(jnp.float32)*g.astype(jnp.float32)))
print("xla-style bf16 loss %.4f  exact f64 %.4f  f32 softmax, o in bf16 %.4f" % (lx, l64, lf))
print("as bf16: xla %s exact %s f32 %s" % (float(jnp.asarray(lx).astype(BF)), float(jnp.asarray(l64).astype(BF)), float(jnp.asarray(lf).astype(BF))))
print("sum |o g| = %.1f" % float(jnp.sum(jnp.abs(o64*g.astype(jnp.float64)))))
