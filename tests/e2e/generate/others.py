from gen import *
nan, inf = np.nan, np.inf
def out(name, header, ch):
    write(os.path.join(OUT_DIR, name + '.mlir'), header, ch); print(name, len(ch))

# compare
ch = []
fa = np.array([1.0, -0.0, nan, nan, inf, -inf, 2.0, 1.0], np.float32)
fb = np.array([1.0, 0.0, nan, 1.0, inf, 1.0, 1.0, 2.0], np.float32)
for d in ['EQ', 'NE', 'GE', 'GT', 'LE', 'LT']:
    for a, b in [(fa, fb), (fa.astype(np.float64), fb.astype(np.float64)), (fa.astype(md.bfloat16), fb.astype(md.bfloat16)),
                 (fa.astype(md.float8_e5m2), fb.astype(md.float8_e5m2))]:
        rt = ttype(a).replace(T[a.dtype], 'i1')
        ch.append(case(f'  %r0 = stablehlo.compare {d}, %a0, %a1, FLOAT : ({ttype(a)}, {ttype(b)}) -> {rt}', [a, b], [rt]))
    ta = np.array([-0.0, 0.0, nan, -nan, -inf, 1.0, nan], np.float32)
    tb = np.array([0.0, -0.0, inf, -inf, -nan, 1.0, nan], np.float32)
    rt = 'tensor<7xi1>'
    ch.append(case(f'  %r0 = stablehlo.compare {d}, %a0, %a1, TOTALORDER : (tensor<7xf32>, tensor<7xf32>) -> {rt}', [ta, tb], [rt],
                   comment='totalOrder: -NaN < -inf < -0 < +0 < +inf < +NaN'))
    for a, b, ty in [(np.array([-1, 0, 5, -2147483648], np.int32), np.array([1, 0, -5, 2147483647], np.int32), 'SIGNED'),
                     (np.array([255, 0, 5], np.uint8), np.array([1, 0, 200], np.uint8), 'UNSIGNED'),
                     (np.array([-8, 7, 0], md.int4), np.array([7, -8, 0], md.int4), 'SIGNED'),
                     (np.array([2**64 - 1, 3], np.uint64), np.array([1, 3], np.uint64), 'UNSIGNED'),
                     (np.array([True, False, True]), np.array([False, True, True]), 'UNSIGNED')]:
        rt = ttype(a).replace(T[a.dtype], 'i1')
        ch.append(case(f'  %r0 = stablehlo.compare {d}, %a0, %a1, {ty} : ({ttype(a)}, {ttype(b)}) -> {rt}', [a, b], [rt]))
    ca = np.array([1 + 2j, 1 + 2j, 1 + 3j, 2 + 0j, complex(nan, 0)], np.complex64)
    cb = np.array([1 + 2j, 1 + 3j, 1 + 2j, 1 + 5j, 1 + 0j], np.complex64)
    if d in ('EQ', 'NE'):
        ch.append(case(f'  %r0 = stablehlo.compare {d}, %a0, %a1, FLOAT : (tensor<5xcomplex<f32>>, tensor<5xcomplex<f32>>) -> tensor<5xi1>',
                       [ca, cb], ['tensor<5xi1>']))
a = np.array([1, 2], np.int32)
ch.append(case('  %r0 = stablehlo.compare LT, %a0, %a1 : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi1>', [a, a[::-1].copy()], ['tensor<2xi1>'], comment='no compare_type'))
out('compare', 'stablehlo.compare: every direction and comparison type, NaN, -0, extremes.', ch)

# select
ch = []
p = np.array([True, False, True, False])
for x, y in [(np.array([1.0, 2.0, nan, -0.0], np.float32), np.array([5.0, 6.0, 7.0, 0.0], np.float32)),
             (np.array([1, 2, 3, 4], md.int4), np.array([-1, -2, -3, -4], md.int4)),
             (np.array([1 + 1j, 2, 3, 4], np.complex128), np.array([0, 0, 0, 1j], np.complex128)),
             (np.array([True, True, False, False]), np.array([False, True, False, True]))]:
    t = ttype(x)
    ch.append(case(f'  %r0 = stablehlo.select %a0, %a1, %a2 : tensor<4xi1>, {t}', [p, x, y], [t]))
    ch.append(case(f'  %r0 = stablehlo.select %a0, %a1, %a2 : tensor<i1>, {t}', [np.array(False), x, y], [t], comment='scalar predicate'))
ch.append(case('  %r0 = stablehlo.select %a0, %a1, %a2 : tensor<2x3xi1>, tensor<2x3xbf16>',
               [np.array([[1, 0, 1], [0, 1, 0]], bool), np.ones((2, 3), md.bfloat16), np.zeros((2, 3), md.bfloat16)], ['tensor<2x3xbf16>']))
ch.append(case('  %r0 = stablehlo.select %a0, %a1, %a2 : tensor<0xi1>, tensor<0xf32>',
               [np.zeros(0, bool), np.zeros(0, np.float32), np.zeros(0, np.float32)], ['tensor<0xf32>'], comment='zero-sized'))
out('select', 'stablehlo.select with tensor and scalar predicates on every element class.', ch)

# clamp
ch = []
x = np.array([-5.0, 0.0, 5.0, nan, -0.0, 15.0], np.float32)
lo = np.array([0.0, -0.0, 1.0, 0.0, 0.0, nan], np.float32); hi = np.array([1.0, 0.0, 4.0, 1.0, 1.0, 20.0], np.float32)
ch.append(case('  %r0 = stablehlo.clamp %a0, %a1, %a2 : tensor<6xf32>', [lo, x, hi], ['tensor<6xf32>'], comment='NaN propagates; -0 < +0'))
for xs, l, h in [(np.array([-5, 0, 5, 100], np.int32), np.array(0, np.int32), np.array(10, np.int32)),
                 (np.array([0, 128, 255], np.uint8), np.array(10, np.uint8), np.array(200, np.uint8)),
                 (np.array([-8, 0, 7], md.int4), np.array(-2, md.int4), np.array(3, md.int4)),
                 (np.array([-5.0, 0.3, 5.0], md.bfloat16), np.array(-1.0, md.bfloat16), np.array(1.0, md.bfloat16)),
                 (np.array([-5.0, 0.3, 5.0], np.float64), np.array([-1.0, 0.0, 6.0]), np.array(1.0, np.float64))]:
    t = ttype(xs)
    ch.append(case(f'  %r0 = stablehlo.clamp %a0, %a1, %a2 : ({ttype(l)}, {t}, {ttype(h)}) -> {t}', [l, xs, h], [t]))
out('clamp', 'stablehlo.clamp with scalar and tensor bounds, NaN and -0.', ch)

# reduce_precision
ch = []
x = np.array([1.0, 1.00390625, 1.01171875, 65504.0, 65520.0, 1e-5, 6.1e-5, -3.14159, inf, nan, -0.0, 3e38], np.float32)
for e, m in [(5, 10), (8, 7), (8, 23), (4, 3), (11, 52), (5, 2), (8, 0)]:
    t = 'tensor<12xf32>'
    ch.append(case(f'  %r0 = stablehlo.reduce_precision %a0, format = e{e}m{m} : {t}', [x], [t]))
xd = x.astype(np.float64)
for e, m in [(8, 23), (5, 10), (11, 20)]:
    ch.append(case(f'  %r0 = stablehlo.reduce_precision %a0, format = e{e}m{m} : tensor<12xf64>', [xd], ['tensor<12xf64>']))
xb = np.array([1.0, 1.0078125, 1.0234375, 3e38, 1e-39, -2.5, inf, nan], md.bfloat16)
for e, m in [(5, 3), (8, 2), (4, 7)]:
    ch.append(case(f'  %r0 = stablehlo.reduce_precision %a0, format = e{e}m{m} : tensor<8xbf16>', [xb], ['tensor<8xbf16>']))
out('reduce_precision', 'stablehlo.reduce_precision: mantissa rounding (ties to even), exponent overflow/underflow.', ch)
