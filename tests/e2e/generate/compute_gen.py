# Turns an oracle file (chunks whose @main returns values) into a check-dialect test file,
# with the expected values computed by XLA CPU (JAX's compiler).
# Per chunk, a line `// tol: X` makes float checks expect_almost_eq_const with tolerance X.
import os, sys, re, numpy as np, ml_dtypes
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from compute_xla import run

def fmt_scalar(v, dt):
    if dt == np.bool_: return 'true' if v else 'false'
    if dt.kind in 'iu' or dt in (np.dtype(ml_dtypes.int4), np.dtype(ml_dtypes.uint4), np.dtype(ml_dtypes.int2), np.dtype(ml_dtypes.uint2)): return str(int(v))
    if dt.kind == 'c':
        return '(' + fmt_scalar(v.real, np.dtype(dt.type(0).real.dtype)) + ', ' + fmt_scalar(v.imag, np.dtype(dt.type(0).real.dtype)) + ')'
    f = float(v)
    if np.isfinite(f):
        r = repr(f)
        return r if ('.' in r or 'e' in r) else r + '.0'
    bits = np.array([v], dtype=dt).view({2: np.uint16, 4: np.uint32, 8: np.uint64}[dt.itemsize])[0]
    return '0x%0*X' % (dt.itemsize * 2, int(bits))

def fmt(a):
    dt = a.dtype
    if a.ndim == 0: return fmt_scalar(a[()], dt)
    def rec(x):
        if x.ndim == 0: return fmt_scalar(x[()], dt)
        return '[' + ', '.join(rec(y) for y in x) + ']'
    return rec(a)

def convert(chunk):
    want = run(chunk)
    m = re.search(r'^\s*(func\.)?return\s+(.*?)\s*:\s*(.*)$', chunk, re.M)
    names = [n.strip() for n in m.group(2).split(',')]
    types = re.findall(r'tensor<[^>]*>(?:>)?', m.group(3))
    tol = re.search(r'// tol: (\S+)', chunk)
    indent = re.match(r'\s*', m.group(0)).group(0)
    lines = []
    for n, t, w in zip(names, types, want):
        lit = 'dense<' + fmt(w) + '>' if w.size else 'dense<>'
        if tol and (w.dtype.kind in 'fc' or w.dtype == ml_dtypes.bfloat16):
            lines.append(f'{indent}check.expect_almost_eq_const {n}, {lit} : {t}, tolerance = {"%.1e" % float(tol.group(1))}')
        else:
            lines.append(f'{indent}check.expect_eq_const {n}, {lit} : {t}')
    lines.append(f'{indent}func.return')
    out = chunk[:m.start()] + '\n'.join(lines) + chunk[m.end():]
    out = re.sub(r'(func\.func @main\(\))\s*->\s*(\([^{]*\)|tensor<[^{]*>)\s*\{', r'\1 {', out, count=1)
    return out

src = open(sys.argv[1]).read()
parts = src.split('// -----')
print('// -----'.join(convert(p) for p in parts), end='')
