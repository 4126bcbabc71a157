# Expected values of uniform_quantize/uniform_dequantize by the spec's formulas, in numpy f32.
import os
import numpy as np
def q(x, scale, zp, lo, hi, dt=np.float32):
    x = np.asarray(x, dt); s = dt(scale); z = dt(zp)
    v = np.rint((x / s).astype(dt) + z).astype(dt)
    v = np.clip(v, dt(lo), dt(hi))
    return v.astype(np.int64)
def dq(qv, scale, zp, dt=np.float32):
    return ((np.asarray(qv) - zp).astype(dt) * dt(scale)).astype(dt)
def lit(a): return np.array2string(np.asarray(a), separator=', ', max_line_width=10**6).replace('\n','')
chunks = []
def chunk(comment, xt, qt, x, expected, shape):
    chunks.append(f'''// {comment}
func.func @main() {{
  %x = stablehlo.constant dense<{lit(x)}> : tensor<{shape}x{xt}>
  %q = stablehlo.uniform_quantize %x : (tensor<{shape}x{xt}>) -> tensor<{shape}x{qt}>
  %d = stablehlo.uniform_dequantize %q : (tensor<{shape}x{qt}>) -> tensor<{shape}x{xt}>
  check.expect_eq_const %d, dense<{lit(expected)}> : tensor<{shape}x{xt}>
  func.return
}}
''')
x = np.array([0.25, 0.75, -1.25, 100, -100, 1.0, 0.5, -0.0], np.float32)
chunk('per-tensor i8: ties to even (-2.5 -> -2, -1.5 -> -2, -5.5 -> -6), clamp to [-128, 127]',
      'f32', '!quant.uniform<i8:f32, 5.000000e-01:-3>', x, dq(q(x, .5, -3, -128, 127), .5, -3), 8)
chunk('narrow storage range <-100:100>', 'f32', '!quant.uniform<i8<-100:100>:f32, 5.000000e-01:-3>',
      x, dq(q(x, .5, -3, -100, 100), .5, -3), 8)
chunk('unsigned storage u8 with zero point 128', 'f32', '!quant.uniform<ui8:f32, 2.500000e-01:128>',
      x, dq(q(x, .25, 128, 0, 255), .25, 128), 8)
y = np.array([0.3, -7.0, 3.3, 1e4, 0.1, -0.05], np.float32)
chunk('i16 storage, inexact scale 0.1 (x / scale rounded in f32)', 'f32', '!quant.uniform<i16:f32, 1.000000e-01:5>',
      y, dq(q(y, np.float32(0.1), 5, -32768, 32767), np.float32(0.1), 5), 6)
# per-axis along dimension 1 of 2x3
z = np.array([[0.3, -1.0, 2.0], [5.0, 0.7, -0.9]], np.float32)
scales = [np.float32(0.1), np.float32(0.2), np.float32(0.4)]; zps = [0, 1, -1]
exp = np.stack([dq(q(z[:, j], scales[j], zps[j], -128, 127), scales[j], zps[j]) for j in range(3)], 1)
chunks.append(f'''// per-axis quantization along dimension 1
func.func @main() {{
  %x = stablehlo.constant dense<{lit(z)}> : tensor<2x3xf32>
  %q = stablehlo.uniform_quantize %x : (tensor<2x3xf32>) -> tensor<2x3x!quant.uniform<i8:f32:1, {{1.000000e-01:0, 2.000000e-01:1, 4.000000e-01:-1}}>>
  %d = stablehlo.uniform_dequantize %q : (tensor<2x3x!quant.uniform<i8:f32:1, {{1.000000e-01:0, 2.000000e-01:1, 4.000000e-01:-1}}>>) -> tensor<2x3xf32>
  check.expect_eq_const %d, dense<{lit(exp)}> : tensor<2x3xf32>
  func.return
}}
''')
# requantize i8 (scale .5 zp -3) -> i8 (scale 1.0, zp 0)
r = dq(q(x, .5, -3, -128, 127), .5, -3)
exp = dq(q(r, 1.0, 0, -128, 127), 1.0, 0)
chunks.append(f'''// requantization: quantized operand to another scale (through its expressed values)
func.func @main() {{
  %x = stablehlo.constant dense<{lit(x)}> : tensor<8xf32>
  %q = stablehlo.uniform_quantize %x : (tensor<8xf32>) -> tensor<8x!quant.uniform<i8:f32, 5.000000e-01:-3>>
  %r = stablehlo.uniform_quantize %q : (tensor<8x!quant.uniform<i8:f32, 5.000000e-01:-3>>) -> tensor<8x!quant.uniform<i8:f32, 1.000000e+00>>
  %d = stablehlo.uniform_dequantize %r : (tensor<8x!quant.uniform<i8:f32, 1.000000e+00>>) -> tensor<8xf32>
  check.expect_eq_const %d, dense<{lit(exp)}> : tensor<8xf32>
  func.return
}}
''')
b = np.array([1.5, -2.25, 3.0], np.float32)
# bf16 expressed: values are exact in bf16
chunk('bf16 expressed type, i4 storage', 'bf16', '!quant.uniform<i4:bf16, 5.000000e-01:1>', b,
      dq(q(b, .5, 1, -8, 7), .5, 1), 3)
open(os.path.join(os.path.dirname(os.path.abspath(__file__)), '../stablehlo_ops/uniform_quantize.mlir'),'w').write('\n// -----\n\n'.join(chunks))
