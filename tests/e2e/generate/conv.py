from gen import *
nan, inf = np.nan, np.inf
def out(name, header, ch):
    write(os.path.join(OUT_DIR, name + '.mlir'), header, ch); print(name, len(ch))
floats = [np.float32, np.float64, np.float16, md.bfloat16, md.float8_e4m3fn, md.float8_e5m2,
          md.float8_e4m3fnuz, md.float8_e5m2fnuz, md.float8_e4m3b11fnuz, md.float8_e4m3, md.float8_e3m4, md.float4_e2m1fn,
          md.float6_e2m3fn, md.float6_e3m2fn]
ints = [np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64, md.int4, md.uint4, md.int2, md.uint2]
ch = []
fsrc = np.array([0.0, -0.0, 1.0, -1.5, 2.75, 0.1, 3.0e5, -7.0, 448.0, 1e-3], np.float32)
fsp = np.array([inf, -inf, nan], np.float32)
def conv(x, dst, comment=None, expected=None):
    st = ttype(x); dt = st.replace(T[x.dtype], T[np.dtype(dst)])
    body = f'  %r0 = stablehlo.convert %a0 : ({st}) -> {dt}'
    try:
        return case(body, [x], [dt], comment=comment, expected=expected)
    except Exception:  # XLA lacks the f6 types: ml_dtypes' conversion is the oracle
        return case(body, [x], [dt], comment=comment, expected=[x.astype(dst)])
# float -> float, every pair over f32 and the narrow formats (one rounding, overflow per format).
for d in floats:
    ch.append(conv(fsrc, d))
    ch.append(conv(fsp, d, comment='inf/NaN into ' + T[np.dtype(d)]))
for s in floats[1:]:
    x = fsrc.astype(s)
    for d in [np.float32, np.float64, md.bfloat16, np.float16, md.float8_e5m2]:
        if d != s: ch.append(conv(x, d))
# float -> int: truncation, saturation, NaN -> 0.
fi = np.array([nan, inf, -inf, 3e9, -3e9, -1.7, 1.7, 300.5, -129.9, -0.5, 1e20], np.float32)
for d in ints:
    ch.append(conv(fi, d, comment='truncates toward zero; saturates; NaN -> 0'))
ch.append(conv(fi.astype(np.float64), np.int64))
ch.append(conv(fi.astype(md.bfloat16), np.int32))
ch.append(conv(np.array([-3.9, 0.5, 448.0, nan], md.float8_e4m3fn), np.int8))
# int -> int wraps; int -> float rounds once; to/from bool.
isrc = np.array([0, 1, -1, 127, -128, 255, 65535, -2147483648, 2147483647, 300], np.int64)
for d in ints + [np.float32, np.float64, md.bfloat16, np.float16, md.float8_e4m3fn, np.bool_]:
    ch.append(conv(isrc, d, comment='wraps to the destination width' if np.dtype(d).kind in 'iuV' else None))
usrc = np.array([0, 1, 2**63, 2**64 - 1, 12345], np.uint64)
for d in [np.int64, np.int8, np.float32, np.float64, np.bool_]:
    ch.append(conv(usrc, d))
for s in [np.int8, np.uint8, md.int4, md.uint4, np.int32]:
    x = np.array([0, 1, 5, 7], s)
    for d in [np.float32, md.bfloat16, np.int64, md.int4, np.bool_]:
        if np.dtype(d) != np.dtype(s): ch.append(conv(x, d))
big = np.array([2**60 + 2**52 + 1, -(2**62) - 2**54 - 1, 2**53 + 1], np.int64)
ch.append(conv(big, np.float32, comment='rounded once'))
ch.append(conv(big, np.float64))
ch.append(conv(big, md.bfloat16, comment='rounded once (XLA rounds through f32 twice)',
               expected=[np.array([2**60 + 2**53, -(2**62) - 2**55, 2**53], md.bfloat16)]))
b = np.array([True, False])
for d in ints + floats[:6] + [np.complex64, np.complex128]:
    ch.append(conv(b, d))
fb = np.array([0.0, -0.0, 0.5, nan, -inf], np.float32)
ch.append(conv(fb, np.bool_, comment='non-zero (NaN included) is true'))
ch.append(conv(fb.astype(md.bfloat16), np.bool_))
# complex
c = np.array([1.5 - 2j, complex(nan, 1), complex(0, 3), -0.0 + 0j], np.complex64)
for d in [np.complex128, np.float32, np.float64, md.bfloat16, np.int32, np.bool_]:
    ch.append(conv(c, d, comment='complex -> real drops the imaginary part' if d not in (np.complex128,) else None))
cz = np.array([1.5 - 2j, 1e300 + 1e-300j, complex(inf, -inf)], np.complex128)
ch.append(conv(cz, np.complex64))
for s in [np.float32, np.float64, md.bfloat16, np.int32, md.int4, np.uint64]:
    x = np.array([1, 0, 3], s)
    ch.append(conv(x, np.complex64)); ch.append(conv(x, np.complex128))
ch.append(conv(np.zeros((0, 2), np.float32), np.int32, comment='zero-sized'))
ch.append(conv(np.array(-2.5, np.float64), md.bfloat16, comment='rank 0'))
out('convert', 'stablehlo.convert between element types: rounding, saturation, NaN, wrap-around.', ch)

# bitcast_convert
ch = []
def bc(x, dt, comment=None):
    return case(f'  %r0 = stablehlo.bitcast_convert %a0 : ({ttype(x)}) -> {dt}', [x], [dt], comment=comment)
f = np.array([1.0, -0.0, nan, -2.5], np.float32)
ch.append(bc(f, 'tensor<4xi32>'))
ch.append(bc(f, 'tensor<4xui32>'))
ch.append(bc(np.array([1, -1, 2143289344], np.int32), 'tensor<3xf32>'))
ch.append(bc(f, 'tensor<4x4xi8>', comment='wider to narrower: a new last dimension, low bytes first'))
ch.append(bc(f, 'tensor<4x2xbf16>'))
ch.append(bc(np.arange(8, dtype=np.uint8).reshape(2, 4), 'tensor<2xf32>', comment='narrower to wider'))
ch.append(bc(np.arange(8, dtype=np.int16).reshape(2, 4), 'tensor<2xi64>'))
ch.append(bc(np.array([1.0, -2.0], np.float64), 'tensor<2x2xi32>'))
ch.append(bc(np.array([1.0, -2.0], np.float64), 'tensor<2xui64>'))
ch.append(bc(np.array([1 + 2j, -3j], np.complex64), 'tensor<2xcomplex<f32>>'))
ch.append(bc(np.array([1.5, -0.0, 448.0], md.float8_e4m3fn), 'tensor<3xi8>'))
ch.append(bc(np.array([1.5, -0.0], md.bfloat16), 'tensor<2xf16>'))
out('bitcast_convert', 'stablehlo.bitcast_convert: same width and changing width (last dimension).', ch)
