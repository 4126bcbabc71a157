from gen import *
nan, inf = np.nan, np.inf
f32 = np.array([0.0, -0.0, 1.5, -2.5, 0.5, -0.5, 3.7, -3.7, inf, -inf, nan], np.float32)
pos = np.array([0.0, -0.0, 0.25, 1.0, 2.0, 10.0, 1e30, inf, nan, -1.0], np.float32)
tr = np.array([0.0, -0.0, 0.5, -1.25, 3.0, -20.0, 88.0, inf, -inf, nan], np.float32)
f64 = np.array([0.0, -0.0, 0.3, -2.5, 100.0, inf, nan], np.float64)
bf = np.array([0.0, -0.0, 1.5, -2.5, 0.3, 100.0, inf, nan], md.bfloat16)
f16 = np.array([0.0, -0.0, 1.5, -2.5, 0.3, 60000.0, inf, nan], np.float16)
f8 = np.array([0.0, -0.0, 1.5, -2.5, 0.3, 448.0, nan], md.float8_e4m3fn)
f8b = np.array([0.0, -0.0, 1.5, -2.5, 0.3, 57344.0, inf, nan], md.float8_e5m2)
c64 = np.array([0j, 1 + 2j, -3.5 - 0.5j, 0.25j, -2 + 0j], np.complex64)
c128 = np.array([0j, 1 + 2j, -3.5 - 0.5j, 0.25j, -2 + 0j], np.complex128)
i32 = np.array([0, 1, -1, 7, -8, 2147483647, -2147483648], np.int32)
i8 = np.array([0, 1, -1, 127, -128, 37], np.int8)
i64 = np.array([0, 1, -1, 2**63 - 1, -2**63, 12345678901], np.int64)
u8 = np.array([0, 1, 128, 255, 37], np.uint8)
u64 = np.array([0, 1, 2**63, 2**64 - 1], np.uint64)
i4 = np.array([0, 1, -1, 7, -8, 5], md.int4)
u4 = np.array([0, 1, 8, 15, 6], md.uint4)

def un(op, x, res=None, check='eq', ulps=0, comment=None):
    rt = res or ttype(x)
    return case(f'  %r0 = stablehlo.{op} %a0 : ({ttype(x)}) -> {rt}', [x], [rt], check, ulps, comment)

chunks = []
# Exact ops on every class they accept.
for x in [f32, f64, bf, f16, f8, f8b]:
    chunks.append(un('abs', x))
    chunks.append(un('negate', x))
    chunks.append(un('sign', x))
    for op in ['ceil', 'floor', 'round_nearest_afz', 'round_nearest_even']:
        chunks.append(un(op, x))
    chunks.append(un('is_finite', x, ttype(x).replace(T[x.dtype], 'i1')))
rnd = np.array([0.5, 1.5, 2.5, -0.5, -1.5, -2.5, 0.49999997, -0.0, 1e20], np.float32)
chunks.append(un('round_nearest_afz', rnd, comment='ties: away from zero'))
chunks.append(un('round_nearest_even', rnd, comment='ties: to even'))
for x in [i32, i8, i64, i4]:
    chunks.append(un('abs', x, comment='abs(INT_MIN) wraps to INT_MIN'))
    chunks.append(un('negate', x))
    chunks.append(un('sign', x))
for x in [i32, i8, i64, i4, u8, u64, u4]:
    chunks.append(un('not', x))
    if T[x.dtype] in ('i4', 'ui4'):
        # XLA counts the bits of the byte holding a 4-bit value; the spec counts the 4 bits.
        bits = [int(v) & 15 for v in x]
        pc = np.array([bin(b).count('1') for b in bits], x.dtype)
        lz = np.array([4 - b.bit_length() for b in bits], x.dtype)
        chunks.append(case(f'  %r0 = stablehlo.popcnt %a0 : {ttype(x)}', [x], [ttype(x)], expected=[pc],
                           comment='4-bit values: the bits of the value (XLA counts the byte)'))
        chunks.append(case(f'  %r0 = stablehlo.count_leading_zeros %a0 : {ttype(x)}', [x], [ttype(x)], expected=[lz]))
        continue
    chunks.append(un('popcnt', x))
    chunks.append(un('count_leading_zeros', x))
chunks.append(un('negate', u8, comment='unsigned negation wraps'))
chunks.append(un('not', np.array([True, False]), ))
for x in [c64, c128]:
    chunks.append(un('negate', x))
    pt = 'f32' if x.dtype == np.complex64 else 'f64'
    chunks.append(un('real', x, ttype(x).replace(T[x.dtype], pt)))
    chunks.append(un('imag', x, ttype(x).replace(T[x.dtype], pt)))
    chunks.append(un('abs', x, ttype(x).replace(T[x.dtype], pt)))
    chunks.append(un('sign', x))
chunks.append(un('real', f32))
chunks.append(un('imag', f32))
chunks.append(un('abs', np.zeros((0, 3), np.float32), comment='zero-sized'))
chunks.append(un('negate', np.array(2.5, np.float32), comment='rank 0'))
chunks.append(un('sqrt', np.array([[0.0, 4.0], [2.0, -0.0]], np.float32), comment='rank 2; sqrt is exact'))
chunks.append(un('sqrt', pos))
chunks.append(un('sqrt', np.array([0.0, 2.0, 3.0, 1e300, -1.0], np.float64)))
chunks.append(un('sqrt', np.array([0.0, 2.0, 3.0, 100.0, -1.0], md.bfloat16)))

# Transcendental: within a few ulps of XLA's approximations.
for op, x in [('cosine', tr), ('sine', tr), ('tan', tr), ('tanh', tr), ('exponential', tr),
              ('exponential_minus_one', tr), ('log', pos), ('log_plus_one', pos),
              ('logistic', tr), ('rsqrt', pos), ('cbrt', np.array([0.0, -0.0, 8.0, -27.0, 2.0, inf, nan], np.float32))]:
    chunks.append(un(op, x, check='close', ulps=4))
for op in ['cosine', 'sine', 'tan', 'tanh', 'exponential', 'exponential_minus_one', 'log',
           'log_plus_one', 'logistic', 'rsqrt', 'sqrt', 'cbrt']:
    for x in [np.array([0.5, 1.0, 2.0, 3.0], np.float64), np.array([0.5, 1.0, 2.0, 3.0], md.bfloat16),
              np.array([0.5, 1.0, 2.0, 3.0], np.float16)]:
        chunks.append(un(op, x, check='close', ulps=2 if x.dtype != np.float64 else 4))
for op in ['cosine', 'sine', 'tanh', 'exponential', 'log', 'sqrt', 'rsqrt', 'exponential_minus_one', 'log_plus_one', 'logistic', 'tan']:
    for x in [np.array([1 + 2j, -0.5 + 0.25j, 3 - 1j], np.complex64), np.array([1 + 2j, -0.5 + 0.25j, 3 - 1j], np.complex128)]:
        chunks.append(un(op, x, check='close', ulps=8))
den = np.array([1e-45, -1e-45, 1.1754942e-38], np.float32)
for op, fn in [('sign', np.sign), ('ceil', np.ceil), ('floor', np.floor), ('abs', np.abs)]:
    chunks.append(case(f'  %r0 = stablehlo.{op} %a0 : tensor<3xf32>', [den], ['tensor<3xf32>'],
                       expected=[fn(den)], comment='subnormals are values (XLA CPU flushes them; numpy)'))
write(OUT_DIR + '/elementwise_unary.mlir',
      'The element-wise unary ops on every element class, with NaN, infinities, -0, wrap-around.',
      chunks)
print(len(chunks))
