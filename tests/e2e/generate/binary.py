from gen import *
nan, inf = np.nan, np.inf
fa = np.array([1.5, -2.5, 0.0, -0.0, inf, -inf, nan, 3.0, 1e38, 7.0], np.float32)
fb = np.array([0.5, 4.0, -0.0, 0.0, inf, inf, 1.0, 0.0, 10.0, -2.0], np.float32)
da = fa.astype(np.float64); db = fb.astype(np.float64)
ba = fa.astype(md.bfloat16); bb = fb.astype(md.bfloat16)
ha = np.array([1.5, -2.5, 0.0, -0.0, inf, 60000.0, nan, 3.0], np.float16)
hb = np.array([0.5, 4.0, -0.0, 0.0, -inf, 60000.0, 1.0, 0.0], np.float16)
ea = np.array([1.5, -2.5, 0.0, 448.0, nan, 3.0], md.float8_e4m3fn)
eb = np.array([0.5, 4.0, -0.0, 448.0, 1.0, 0.0], md.float8_e4m3fn)
ia = np.array([5, -5, 0, -2147483648, 2147483647, 7, -7, 100], np.int32)
ib = np.array([0, 0, 0, -1, 1, 2, 2, -3], np.int32)
i8a = np.array([127, -128, 100, -100, 5, 0], np.int8)
i8b = np.array([1, -1, 100, 3, 0, -1], np.int8)
la = np.array([2**63 - 1, -2**63, 12345678901234, -1], np.int64)
lb = np.array([1, -1, -98765, 0], np.int64)
ua = np.array([255, 0, 200, 7], np.uint8); ub = np.array([1, 1, 100, 0], np.uint8)
u64a = np.array([2**64 - 1, 0, 2**63], np.uint64); u64b = np.array([1, 1, 3], np.uint64)
i4a = np.array([7, -8, 5, -3, 0], md.int4); i4b = np.array([1, -1, 3, 2, 0], md.int4)
u4a = np.array([15, 0, 9, 4], md.uint4); u4b = np.array([1, 1, 9, 0], md.uint4)
ca = np.array([1 + 2j, -3.5 + 0.5j, 0j, 2 - 1j], np.complex64)
cb = np.array([0.5 - 1j, 2 + 0j, 1 + 1j, 2 - 1j], np.complex64)
za = ca.astype(np.complex128); zb = cb.astype(np.complex128)
ta = np.array([True, True, False, False]); tb = np.array([True, False, True, False])

def bi(op, a, b, check='eq', ulps=0, comment=None, expected=None):
    t = ttype(a)
    return case(f'  %r0 = stablehlo.{op} %a0, %a1 : {t}', [a, b], [t], check, ulps, comment, expected)

ch = []
for a, b in [(fa, fb), (da, db), (ba, bb), (ha, hb), (ea, eb)]:
    for op in ['add', 'subtract', 'multiply', 'divide', 'maximum', 'minimum', 'remainder']:
        ch.append(bi(op, a, b))
for a, b in [(ia, ib), (i8a, i8b), (la, lb), (ua, ub), (u64a, u64b), (i4a, i4b), (u4a, u4b)]:
    for op in ['add', 'subtract', 'multiply', 'divide', 'remainder', 'maximum', 'minimum', 'and', 'or', 'xor']:
        ch.append(bi(op, a, b, comment='wraps; x/0 = -1, x%0 = x, INT_MIN/-1 = INT_MIN' if op in ('divide', 'remainder') else None))
for a, b in [(ca, cb), (za, zb)]:
    for op in ['add', 'subtract', 'multiply']:
        ch.append(bi(op, a, b))
    ch.append(bi('divide', a, b, check='close', ulps=2))
for op in ['add', 'multiply', 'maximum', 'minimum', 'and', 'or', 'xor']:
    ch.append(bi(op, ta, tb))
# power
pa = np.array([2, -1, -1, 1, 0, 3, 2, -3, 0, 7], np.int32)
pb = np.array([-1, -3, -2, -5, -1, 0, 31, 3, 0, 12], np.int32)
ch.append(bi('power', pa, pb, comment='negative exponents: 1 for 1, +-1 for -1, else 0; wraps'))
ch.append(bi('power', np.array([2, 3, 255, 0], np.uint8), np.array([7, 5, 2, 0], np.uint8)))
ch.append(bi('power', np.array([2, -2, 3, 5], np.int64), np.array([62, 63, 40, 27], np.int64)))
for a, b in [(np.array([2.0, -8.0, 0.0, 0.0, -1.0, 1.0, nan, 4.0, -2.0], np.float32),
              np.array([10.0, 1.0 / 3, 0.0, -1.0, inf, nan, 0.0, 0.5, 0.5], np.float32))]:
    ch.append(bi('power', a, b, check='close', ulps=2))
    ch.append(bi('power', a.astype(np.float64), b.astype(np.float64), check='close', ulps=2))
    ch.append(bi('power', a.astype(md.bfloat16), b.astype(md.bfloat16), check='close', ulps=1))
ch.append(bi('power', ca[[0, 1, 3]], cb[[0, 1, 3]], check='close', ulps=8))
# atan2
ya = np.array([1.0, -1.0, 0.0, -0.0, 0.0, -0.0, inf, 1.0, nan], np.float32)
xb = np.array([1.0, -1.0, 0.0, 0.0, -0.0, -0.0, inf, 0.0, 1.0], np.float32)
ch.append(bi('atan2', ya, xb, check='close', ulps=2))
ch.append(bi('atan2', ya.astype(np.float64), xb.astype(np.float64), check='close', ulps=2))
ch.append(bi('atan2', ya.astype(md.bfloat16), xb.astype(md.bfloat16), check='close', ulps=1))
# shifts
sa = np.array([1, 1, -1, -8, -8, 8, 12345, 1], np.int32)
sb = np.array([31, 32, 1, 1, 40, -1, 3, 0], np.int32)
for op in ['shift_left', 'shift_right_arithmetic', 'shift_right_logical']:
    ch.append(bi(op, sa, sb, comment='amounts >= width (or negative) shift everything out'))
    ch.append(bi(op, np.array([128, 255, 1, 3], np.uint8), np.array([1, 7, 8, 200], np.uint8)))
    ch.append(bi(op, np.array([-8, 7, -1, 4], md.int4), np.array([1, 1, 3, 4], md.int4)))
    ch.append(bi(op, np.array([-2**63, 5, -1], np.int64), np.array([63, 64, 1], np.int64)))
# complex
ch.append(case('  %r0 = stablehlo.complex %a0, %a1 : tensor<3xcomplex<f32>>',
               [np.array([1.0, -0.0, nan], np.float32), np.array([2.0, inf, -1.0], np.float32)],
               ['tensor<3xcomplex<f32>>']))
ch.append(case('  %r0 = stablehlo.complex %a0, %a1 : tensor<2xcomplex<f64>>',
               [np.array([1.0, 3.5]), np.array([-2.0, 0.0])], ['tensor<2xcomplex<f64>>']))
ch.append(bi('add', np.zeros((2, 0), np.float32), np.zeros((2, 0), np.float32), comment='zero-sized'))
ch.append(bi('multiply', np.array(3, np.int32), np.array(-4, np.int32), comment='rank 0'))
write(OUT_DIR + '/elementwise_binary.mlir',
      'The element-wise binary ops on every element class: overflow, division by zero, NaN, -0.', ch)
print(len(ch))
