# Generates check-dialect tests whose expected values come from XLA (JAX's CPU compiler).
import os, sys, re
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import numpy as np, ml_dtypes as md
from xla_eval import run

# Where the generated tests go: tests/e2e/stablehlo_ops.
OUT_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'stablehlo_ops')

T = {np.dtype(np.float32): 'f32', np.dtype(np.float64): 'f64', np.dtype(np.float16): 'f16',
     np.dtype(md.bfloat16): 'bf16', np.dtype(np.int8): 'i8', np.dtype(np.int16): 'i16',
     np.dtype(np.int32): 'i32', np.dtype(np.int64): 'i64', np.dtype(np.uint8): 'ui8',
     np.dtype(np.uint16): 'ui16', np.dtype(np.uint32): 'ui32', np.dtype(np.uint64): 'ui64',
     np.dtype(np.bool_): 'i1', np.dtype(np.complex64): 'complex<f32>',
     np.dtype(np.complex128): 'complex<f64>', np.dtype(md.float8_e4m3fn): 'f8E4M3FN',
     np.dtype(md.float8_e5m2): 'f8E5M2', np.dtype(md.int4): 'i4', np.dtype(md.uint4): 'ui4',
     np.dtype(md.float8_e4m3fnuz): 'f8E4M3FNUZ', np.dtype(md.float8_e5m2fnuz): 'f8E5M2FNUZ',
     np.dtype(md.float4_e2m1fn): 'f4E2M1FN', np.dtype(md.int2): 'i2', np.dtype(md.uint2): 'ui2',
     np.dtype(md.float8_e4m3): 'f8E4M3', np.dtype(md.float8_e3m4): 'f8E3M4',
     np.dtype(md.float8_e4m3b11fnuz): 'f8E4M3B11FNUZ',
     np.dtype(md.float6_e2m3fn): 'f6E2M3FN', np.dtype(md.float6_e3m2fn): 'f6E3M2FN',
     np.dtype(md.float8_e8m0fnu): 'f8E8M0FNU'}

def ttype(a):
    return 'tensor<' + ''.join(f'{d}x' for d in a.shape) + T[a.dtype] + '>'

def fmt_float(v, dt):
    f = float(v)
    if np.isnan(f) or np.isinf(f):
        bits = np.array([v], dtype=dt).view(np.dtype(f'u{dt.itemsize}'))[0]
        nbits = {'f4E2M1FN': 4, 'f6E2M3FN': 6, 'f6E3M2FN': 6}.get(T[dt], dt.itemsize * 8)
        bits = int(bits) & ((1 << nbits) - 1)
        return '0x%0*X' % ((nbits + 3) // 4, bits)
    r = repr(f)
    if 'e' in r and '.' not in r.split('e')[0]:
        m, e = r.split('e')
        r = m + '.0e' + e
    return r

def fmt_elem(v, dt):
    if dt == np.bool_: return 'true' if v else 'false'
    if dt.kind == 'c':
        pt = np.dtype(np.float32 if dt == np.complex64 else np.float64)
        return '(%s, %s)' % (fmt_float(pt.type(v.real), pt), fmt_float(pt.type(v.imag), pt))
    if dt.kind in 'iu' or T[dt] in ('i4', 'ui4', 'i2', 'ui2'): return str(int(v))
    return fmt_float(v, dt)

def fmt(a):
    if a.ndim == 0: return fmt_elem(a[()], a.dtype)
    return '[' + ', '.join(fmt(x) for x in a) + ']'

def dense(a):
    if a.size == 0: return f'dense<> : {ttype(a)}'
    return f'dense<{fmt(a)}> : {ttype(a)}'

def case(body, inputs, results, check='eq', ulps=0, comment=None, expected=None):
    """body uses %a0.. for inputs and defines %r0.. with types given in results."""
    args = ', '.join(f'%a{i}: {ttype(a)}' for i, a in enumerate(inputs))
    rets = ', '.join(results)
    rvals = ', '.join(f'%r{i}' for i in range(len(results)))
    xla = f'func.func @main({args}) -> ({rets}) {{\n{body}\n  return {rvals} : {rets}\n}}'
    outs = expected if expected is not None else run(xla, *inputs)
    lines = []
    if comment: lines.append('// ' + comment)
    lines.append('func.func @main() {')
    for i, a in enumerate(inputs):
        lines.append(f'  %a{i} = stablehlo.constant {dense(a)}')
    lines.append(body)
    for i, o in enumerate(outs):
        o = np.asarray(o)
        if check == 'eq' or o.dtype.kind not in 'fcV' and T[o.dtype] not in ('bf16',):
            if check != 'eq' and (o.dtype.kind in 'iub'):
                lines.append(f'  check.expect_eq_const %r{i}, {dense(o)}')
                continue
        if check == 'eq':
            lines.append(f'  check.expect_eq_const %r{i}, {dense(o)}')
        else:
            lines.append(f'  %e{i} = stablehlo.constant {dense(o)}')
            lines.append(f'  check.expect_close %r{i}, %e{i}, max_ulp_difference = {ulps} : '
                         f'{results[i]}, {results[i]}')
    lines.append('  func.return\n}')
    return '\n'.join(lines)

def write(path, header, chunks):
    with open(path, 'w') as f:
        f.write('// ' + header + '\n// Expected values from XLA (JAX CPU).\n\n')
        f.write('\n\n// -----\n\n'.join(chunks) + '\n')
