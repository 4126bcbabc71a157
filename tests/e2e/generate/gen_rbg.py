# Writes tests/e2e/stablehlo_ops/rng.mlir with expected values from XLA on the CPU.
import os
import numpy as np
from rbg import case
import jax.numpy as jnp
def shape_str(shape): return 'x'.join(map(str, shape)) + ('x' if shape else '')
def dense(a):
    a = np.asarray(a)
    if a.ndim == 0: return str(a.item())
    return np.array2string(a, separator=', ', threshold=10**9, max_line_width=10**9).replace('\n','')
NP = {'ui8':np.uint8,'i8':np.int8,'ui16':np.uint16,'i16':np.int16,'ui32':np.uint32,'i32':np.int32,'ui64':np.uint64,'i64':np.int64}
cases = [
 ('THREE_FRY', [1, 2], (5,), 'ui32'),
 ('THREE_FRY', [0x123456789abcdef0, 0xfffffffffffffffe], (2,3), 'ui32'),
 ('THREE_FRY', [7, 42], (3,), 'ui64'),
 ('THREE_FRY', [7, 0xffffffffffffffff], (2,2), 'i64'),
 ('THREE_FRY', [5, 6], (7,), 'ui8'),
 ('THREE_FRY', [5, 6], (3,), 'i16'),
 ('THREE_FRY', [9, 10], (), 'i32'),
 ('THREE_FRY', [9, 10], (0,), 'ui32'),
 ('PHILOX', [1, 2, 3], (5,), 'ui32'),
 ('PHILOX', [1, 0xffffffffffffffff, 3], (2,3), 'ui32'),
 ('PHILOX', [11, 12], (9,), 'i32'),
 ('PHILOX', [11, 12, 13], (3,), 'ui64'),
 ('PHILOX', [0xdeadbeef, 1, 0], (2,2), 'i64'),
 ('PHILOX', [3, 4, 5], (6,), 'i8'),
 ('PHILOX', [3, 4, 5], (5,), 'ui16'),
 ('PHILOX', [3, 4], (), 'ui32'),
 ('DEFAULT', [1, 2, 3], (4,), 'ui32'),
 ('THREE_FRY', [1, 2], (3, 3), 'ui32'),
 ('THREE_FRY', [3, 4], (3, 5), 'i32'),
 ('THREE_FRY', [5, 6], (2, 4), 'ui32'),
 ('THREE_FRY', [7, 8], (4, 2), 'ui16'),
 ('THREE_FRY', [9, 10], (2, 3, 4), 'ui32'),
 ('THREE_FRY', [11, 12], (3, 5, 7), 'ui8'),
 ('THREE_FRY', [13, 0xfffffffffffffffe], (1, 1), 'ui32'),
 ('PHILOX', [13, 0xfffffffffffffffe], (3, 3), 'ui32'),
 ('PHILOX', [1, 0xffffffffffffffff, 0xffffffffffffffff], (5,), 'ui32'),
 ('DEFAULT', [21, 22], (3,), 'ui64'),
]
chunks = []
for alg, st, shape, dt in cases:
    ns, out = case(alg, st, shape, dt)
    n = len(st)
    ot = f'tensor<{shape_str(shape)}{dt}>'
    out = out.astype(NP[dt])
    chunks.append(f'''// {alg}: state {st}, result {ot}; expected values from XLA on the CPU 
func.func @main() {{
  %state = stablehlo.constant dense<{dense(np.array(st, dtype=np.uint64))}> : tensor<{n}xui64>
  %new_state, %bits = stablehlo.rng_bit_generator %state, algorithm = {alg} : (tensor<{n}xui64>) -> (tensor<{n}xui64>, {ot})
  check.expect_eq_const %new_state, dense<{dense(ns)}> : tensor<{n}xui64>
  check.expect_eq_const %bits, dense<{dense(out) if out.size else "[]"}> : {ot}
  func.return
}}
''')
chunks.append('''// stablehlo.rng: values are implementation-defined (kiln: a fixed Philox stream per op), but
// always in [a, b) for UNIFORM, so a range of one value and a zero deviation are exact.
func.func @main() {
  %a = stablehlo.constant dense<5> : tensor<i32>
  %b = stablehlo.constant dense<6> : tensor<i32>
  %shape = stablehlo.constant dense<[2, 3]> : tensor<2xi64>
  %r = stablehlo.rng %a, %b, %shape, distribution = UNIFORM : (tensor<i32>, tensor<i32>, tensor<2xi64>) -> tensor<2x3xi32>
  check.expect_eq_const %r, dense<5> : tensor<2x3xi32>
  %fa = stablehlo.constant dense<-1.5> : tensor<f32>
  %fz = stablehlo.constant dense<0.0> : tensor<f32>
  %s1 = stablehlo.constant dense<[4]> : tensor<1xi64>
  %n = stablehlo.rng %fa, %fz, %s1, distribution = NORMAL : (tensor<f32>, tensor<f32>, tensor<1xi64>) -> tensor<4xf32>
  check.expect_eq_const %n, dense<-1.5> : tensor<4xf32>
  %u = stablehlo.rng %fa, %fa, %s1, distribution = UNIFORM : (tensor<f32>, tensor<f32>, tensor<1xi64>) -> tensor<4xf32>
  check.expect_eq_const %u, dense<-1.5> : tensor<4xf32>
  func.return
}
''')
open(os.path.join(os.path.dirname(os.path.abspath(__file__)), '../stablehlo_ops/rng.mlir'),'w').write('\n// -----\n\n'.join(chunks))
