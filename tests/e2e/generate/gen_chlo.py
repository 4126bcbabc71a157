# Writes tests/e2e/stablehlo_ops/chlo.mlir: expected values from jax.scipy.special / numpy in
# f64 (and rounded to f32 for the f32 cases).
import os
import numpy as np, jax, jax.numpy as jnp, mpmath as mp
mp.mp.dps = 50
def mpref(mpfn, jfn):
    # mpmath (50 digits) where the value is finite, else JAX's value (poles, NaN, limits).
    def f(*args):
        args = [np.asarray(a, np.float64) for a in args]
        j = np.asarray(jfn(*[jnp.asarray(a) for a in args]), np.float64)
        out = j.copy()
        for i in range(len(args[0])):
            vals = [a[i] for a in args]
            if not all(np.isfinite(v) for v in vals): continue
            try:
                v = mpfn(*[mp.mpf(float(v)) for v in vals])
                v = float(mp.re(v)) if isinstance(v, mp.mpc) else float(v)
                if np.isfinite(v): out[i] = v
            except Exception:
                pass
        return out
    return f
jax.config.update('jax_enable_x64', True)
from jax.scipy import special as sp
inf, nan = np.inf, np.nan
def fmt(v, dt):
    v = dt(v)
    if np.isnan(v): return '0x7FF8000000000000' if dt == np.float64 else '0x7FC00000'
    if np.isinf(v):
        if dt == np.float64: return '0x7FF0000000000000' if v > 0 else '0xFFF0000000000000'
        return '0x7F800000' if v > 0 else '0xFF800000'
    if v == 0 and np.signbit(v): return '-0.0'
    r = repr(float(v))
    if 'e' in r and '.' not in r: r = r.replace('e', '.0e')
    return r
def lit(vals, dt): return '[' + ', '.join(fmt(v, dt) for v in vals) + ']'
TY = {np.float64: 'f64', np.float32: 'f32'}
chunks = []
def unary(op, xs, fn, dt=np.float64, ulps=4):
    xs = np.array(xs, np.float64).astype(dt).astype(np.float64)
    ex = np.asarray(fn(xs), np.float64)
    t = f'tensor<{len(xs)}x{TY[dt]}>'
    chunks.append(f'''// chlo.{op} on {TY[dt]}; expected: jax.scipy.special / numpy in f64{" rounded to f32" if dt == np.float32 else ""}.
func.func @main() {{
  %x = stablehlo.constant dense<{lit(xs, dt)}> : {t}
  %r = chlo.{op} %x : {t} -> {t}
  %e = stablehlo.constant dense<{lit(ex, dt)}> : {t}
  check.expect_close %r, %e, max_ulp_difference = {ulps} : {t}, {t}
  func.return
}}
''')
def binary(op, xs, ys, fn, dt=np.float64, ulps=8):
    xs = np.array(xs, np.float64).astype(dt).astype(np.float64)
    ys = np.array(ys, np.float64).astype(dt).astype(np.float64)
    ex = np.asarray(fn(xs, ys), np.float64)
    t = f'tensor<{len(xs)}x{TY[dt]}>'
    chunks.append(f'''// chlo.{op} on {TY[dt]}; expected: jax.scipy.special in f64.
func.func @main() {{
  %x = stablehlo.constant dense<{lit(xs, dt)}> : {t}
  %y = stablehlo.constant dense<{lit(ys, dt)}> : {t}
  %r = chlo.{op} %x, %y : {t}, {t} -> {t}
  %e = stablehlo.constant dense<{lit(ex, dt)}> : {t}
  check.expect_close %r, %e, max_ulp_difference = {ulps} : {t}, {t}
  func.return
}}
''')
E = [-inf, -3, -0.5, -0., 0., 1e-10, 0.7, 2, 6, inf, nan]
erf = mpref(mp.erf, sp.erf); erfc = mpref(mp.erfc, sp.erfc); erfinv = mpref(mp.erfinv, sp.erfinv)
lgamma = mpref(lambda x: mp.loggamma(x).real if x < 0 else mp.loggamma(x), sp.gammaln)
digamma = mpref(mp.digamma, sp.digamma)
i1e = mpref(lambda x: mp.besseli(1, x) * mp.exp(-abs(x)), sp.i1e)
unary('erf', E, erf); unary('erf', E, erf, np.float32, 0)
unary('erfc', E, erfc); unary('erfc', E, erfc, np.float32, 0)
unary('erf_inv', [-1, -0.999, -0.5, -0., 0., 1e-20, 0.3, 0.9999999999, 1, 1.5, nan], erfinv)
unary('erf_inv', [-1, -0.999, -0.5, -0., 0., 1e-20, 0.3, 0.99999, 1, 1.5, nan], erfinv, np.float32, 0)
unary('lgamma', [-inf, -2.5, -1, -0., 0., 1e-300, 0.5, 1, 2, 3.7, 100, 1e300, inf, nan], lgamma)
unary('lgamma', [-2.5, -1, 0., 0.5, 1, 2, 3.7, 100, inf], lgamma, np.float32, 0)
# The negative axis: where |Gamma| is near 1 lgamma is a difference of larger terms.
unary('lgamma', [-0.5, -1.5, -2.25, -2.75, -3.5, -3.9375, -5.25, -7.999975, -15.75, -20.3, -31.5,
                 -33.7, -100.25, -170.5], lgamma, np.float64, 2)
# digamma loses a few ulps to cancellation near its root x = 1.4616...
unary('digamma', [-1.5, -1, -0., 0., 1e-300, 0.5, 1, 3.3, 10, 1e20, inf, -inf, nan], digamma, np.float64, 16)
unary('digamma', [-1.5, -1, 0., 0.5, 1, 3.3, 10, 1e20, inf], digamma, np.float32, 0)
unary('bessel_i1e', [-inf, -2.5, -0., 0., 1e-5, 1, 15, 19.9, 20.1, 29.9, 30.1, 100, 1e10, inf, nan], i1e)
unary('bessel_i1e', [-2.5, 0., 1, 15, 29.9, 30.1, 100, inf], i1e, np.float32, 0)
T = [-2.5, -1., -0.3, -0., 0., 0.4, 0.99, 1., 1.5, 3.]
for name, fn in [('tan', np.tan), ('sinh', np.sinh), ('cosh', np.cosh), ('asin', np.arcsin),
                 ('acos', np.arccos), ('atan', np.arctan), ('asinh', np.arcsinh), ('acosh', np.arccosh),
                 ('atanh', np.arctanh)]:
    with np.errstate(all='ignore'):
        unary(name, T, lambda x, fn=fn: fn(np.asarray(x)), np.float64, 2)
        unary(name, T, lambda x, fn=fn: fn(np.asarray(x)), np.float32, 1)
def jpolygamma(n, x):
    ok = n == jnp.floor(n)
    return jnp.where(ok, sp.polygamma(jnp.where(ok, n, 0).astype(jnp.int64), x), jnp.nan)
binary('polygamma', [0., 1., 2., 1., 3., -1., 1.5, 4.], [2., 2., 0.5, 1., -1.5, 1., 1., 10.],
       mpref(lambda n, x: mp.polygamma(int(n), x) if n == int(n) and n >= 0 else mp.nan, jpolygamma))
binary('zeta', [1., 0.5, 2., 2., 2., 3., 2., 4.5, 2.], [1., 1., 0., -1., -1.5, 0.5, 20., 2., 1e-3],
       mpref(lambda s, q: mp.zeta(s, q) if s > 1 else mp.nan, sp.zeta))
open(os.path.join(os.path.dirname(os.path.abspath(__file__)), '../stablehlo_ops/chlo.mlir'), 'w').write(open(os.path.join(os.path.dirname(os.path.abspath(__file__)), 'chlo_struct.mlir.in')).read() + '\n// -----\n\n' + '\n// -----\n\n'.join(chunks))
