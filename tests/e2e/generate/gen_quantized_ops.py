# Writes ../stablehlo_ops/quantized_ops.mlir: ops on quantized tensors, whose meaning is the
# spec's dequantize_op_quantize (dequantize the operands, compute in the expressed type,
# quantize to the result type), with expected storage values from numpy in f32 following the
# spec's dequantize/quantize formulas. Scales are powers of two in the dot_general,
# convolution and reduce cases so that f32 sums are exact in any order. Element-wise cases
# use one type for operands and result: the spec allows different scales and zero points
# there, but kiln's verifier does not yet.
import os

import numpy as np

F32 = np.float32


class QType:
    """A uniform quantized element type, per-tensor (dim None) or per-axis."""

    def __init__(self, storage, scales, zps, dim=None, lo=None, hi=None):
        self.storage, self.dim = storage, dim
        self.scales = [F32(s) for s in np.atleast_1d(scales)]
        self.zps = list(np.atleast_1d(zps))
        bits = int(storage.lstrip('ui'))
        signed = not storage.startswith('u')
        self.lo = lo if lo is not None else (-(1 << (bits - 1)) if signed else 0)
        self.hi = hi if hi is not None else ((1 << (bits - 1)) - 1 if signed else (1 << bits) - 1)

    def mlir(self):
        rng = f'<{self.lo}:{self.hi}>' if self._narrow() else ''
        params = [f'{float(s):e}:{int(z)}' for s, z in zip(self.scales, self.zps)]
        if self.dim is None:
            return f'!quant.uniform<{self.storage}{rng}:f32, {params[0]}>'
        return f'!quant.uniform<{self.storage}{rng}:f32:{self.dim}, {{{", ".join(params)}}}>'

    def _narrow(self):
        bits = int(self.storage.lstrip('ui'))
        full = (-(1 << (bits - 1)), (1 << (bits - 1)) - 1) if not self.storage.startswith('u') \
            else (0, (1 << bits) - 1)
        return (self.lo, self.hi) != full

    def _params(self, shape):
        """Scales and zero points broadcast to `shape` (per-axis: along self.dim)."""
        if self.dim is None:
            return np.full(shape, self.scales[0], F32), np.full(shape, self.zps[0], np.int64)
        view = [1] * len(shape)
        view[self.dim] = shape[self.dim]
        s = np.broadcast_to(np.array(self.scales, F32).reshape(view), shape)
        z = np.broadcast_to(np.array(self.zps, np.int64).reshape(view), shape)
        return s, z

    def dequantize(self, q):
        """spec dequantize: convert(q - zero_point) * scale, in f32."""
        q = np.asarray(q, np.int64)
        s, z = self._params(q.shape)
        return ((q - z).astype(F32) * s).astype(F32)

    def quantize(self, x):
        """spec quantize: clamp(x / scale + zero_point) rounded half to even, in f32."""
        x = np.asarray(x, F32)
        s, z = self._params(x.shape)
        v = ((x / s).astype(F32) + z.astype(F32)).astype(F32)
        v = np.clip(v, F32(self.lo), F32(self.hi))
        return np.rint(v).astype(np.int64)


def lit(a):
    a = np.asarray(a)
    if a.dtype == bool:
        a = np.where(a, 'true', 'false')
    return np.array2string(a, separator=', ', max_line_width=10**6, threshold=10**6) \
        .replace('\n', '').replace("'", '')


def ttype(shape, elem):
    return 'tensor<' + ''.join(f'{d}x' for d in shape) + elem + '>'


chunks = []


def case(comment, inputs, op_text, result_shape, result_elem, expected):
    """One chunk: constants %a, %b, ... of (values, shape, elem string), the op producing %r
    (op_text uses {a}, {b}, ... for the input types and {r} for the result type), and an
    exact check of %r (quantized results compare their storage integers)."""
    names = 'abcd'
    lines = [f'// {comment}', 'func.func @main() {']
    types = {}
    for n, (vals, shape, elem) in zip(names, inputs):
        types[n] = ttype(shape, elem)
        lines.append(f'  %{n} = stablehlo.constant dense<{lit(vals)}> : {types[n]}')
    types['r'] = ttype(result_shape, result_elem)
    lines.append('  %r = ' + op_text.format(**types))
    lines.append(f'  check.expect_eq_const %r, dense<{lit(expected)}> : {types["r"]}')
    lines += ['  func.return', '}', '']
    chunks.append('\n'.join(lines))


def elementwise(comment, op, fn, qa, a, qb, b, qr, shape):
    expected = qr.quantize(fn(qa.dequantize(a), qb.dequantize(b)).astype(F32))
    case(comment, [(a, shape, qa.mlir()), (b, shape, qb.mlir())],
         f'stablehlo.{op} %a, %b : {{r}}', shape, qr.mlir(), expected)


rng = np.random.default_rng(7)

# --- element-wise binary, per-tensor ---
q8 = QType('i8', 0.5, -3)
a = np.array([-128, -3, 0, 5, 100, 127, -50, 7])
b = np.array([-128, 4, -1, 6, 100, 127, 60, -9])
elementwise('add, per-tensor i8, same type: saturates at -128 and 127', 'add',
            np.add, q8, a, q8, b, q8, [8])
elementwise('multiply: odd products of halves are ties, rounded half to even', 'multiply',
            np.multiply, q8, np.array([-2, -1, 0, 1, 2, 4, 6, 8]), q8,
            np.array([-2, -2, -2, -2, -2, -2, -2, -2]), q8, [8])
q1 = QType('i8', 0.1, 2)
elementwise('subtract with an inexact scale (0.1 rounded to f32, each step rounded)',
            'subtract', np.subtract, q1, rng.integers(-128, 128, 8), q1,
            rng.integers(-128, 128, 8), q1, [8])
qu = QType('ui8', 0.125, 128)
elementwise('multiply, ui8 storage with zero point 128', 'multiply', np.multiply,
            qu, np.array([0, 128, 136, 144, 255, 120, 100, 200]),
            qu, np.array([255, 130, 136, 112, 255, 100, 0, 140]), qu, [8])
qn = QType('i8', 0.5, 0, lo=-100, hi=100)
elementwise('divide, narrow storage range <-100:100> clamps', 'divide', np.divide,
            qn, np.array([100, -100, 7, 3, 0, 50]), qn, np.array([1, 1, 2, 4, 3, -3]), qn, [6])
elementwise('maximum and minimum keep the values of a same-typed operand', 'maximum',
            np.maximum, q8, a, q8, b, q8, [8])
elementwise('minimum', 'minimum', np.minimum, q8, a, q8, b, q8, [8])

# --- element-wise binary, per-axis ---
qp = QType('i8', [0.5, 0.25, 2.0], [0, -2, 3], dim=1)
pa = rng.integers(-128, 128, (2, 3))
pb = rng.integers(-128, 128, (2, 3))
elementwise('add, per-axis along dimension 1', 'add', np.add, qp, pa, qp, pb, qp, [2, 3])
elementwise('multiply, per-axis along dimension 1', 'multiply', np.multiply,
            qp, pa, qp, pb, qp, [2, 3])

# --- element-wise unary ---
for op, fn, comment in [
        ('abs', np.abs, 'abs, per-tensor i8 with zero point -3'),
        ('negate', np.negative, 'negate'),
        ('floor', np.floor, 'floor of x.5 values')]:
    x = np.array([-128, -4, -3, -2, 0, 1, 126, 127])
    case(comment, [(x, [8], q8.mlir())], f'stablehlo.{op} %a : {{r}}', [8], q8.mlir(),
         q8.quantize(fn(q8.dequantize(x))))
qs = QType('i8', [0.0625, 0.5], [0, 10], dim=0)
x = np.array([[0, 16, 64, -64], [10, 12, 20, -100]])
with np.errstate(invalid='ignore'):
    root = np.sqrt(qs.dequantize(x))
case('sqrt, per-axis along dimension 0 (sqrt of a negative is NaN, which quantizes to 0)',
     [(x, [2, 4], qs.mlir())], 'stablehlo.sqrt %a : {r}', [2, 4], qs.mlir(),
     np.where(np.isnan(root), 0, qs.quantize(np.nan_to_num(root))))
qt = QType('i8', 1 / 64, 0)
x = np.array([-128, -64, -1, 0, 1, 32, 64, 127])
case('tanh, i8 with scale 1/64', [(x, [8], qt.mlir())], 'stablehlo.tanh %a : {r}', [8],
     qt.mlir(), qt.quantize(np.tanh(qt.dequantize(x).astype(np.float64)).astype(F32)))

x = np.array([-128, 0, 127])
case('is_finite of quantized values is true', [(x, [3], q8.mlir())],
     'stablehlo.is_finite %a : ({a}) -> tensor<3xi1>', [3], 'i1', np.isfinite(q8.dequantize(x)))

# --- compare and clamp ---
x = np.array([-3, 0, 5, 9, -128, 127])
y = np.array([-1, 0, 2, 15, -128, 127])
case('compare compares the dequantized values',
     [(x, [6], q8.mlir()), (y, [6], q8.mlir())],
     'stablehlo.compare GT, %a, %b : ({a}, {b}) -> tensor<6xi1>', [6], 'i1',
     q8.dequantize(x) > q8.dequantize(y))
lo, hi = np.array(-10), np.array(20)
x = np.array([-128, -11, -10, 0, 20, 21, 127, 5])
case('clamp with quantized bounds', [(lo, [], q8.mlir()), (x, [8], q8.mlir()),
                                     (hi, [], q8.mlir())],
     'stablehlo.clamp %a, %b, %c : ({a}, {b}, {c}) -> {r}', [8], q8.mlir(),
     q8.quantize(np.clip(q8.dequantize(x), q8.dequantize(lo), q8.dequantize(hi))))

# --- dot_general ---
ql = QType('i8', 0.5, 2)
qw = QType('i8', [0.25, 0.5, 0.125], [0, 0, 0], dim=1)
qo = QType('i32', 0.0625, 0)
lhs = rng.integers(-20, 20, (2, 4))
rhs = rng.integers(-20, 20, (4, 3))
dot = ('stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : ({a}, {b}) -> {r}')
case('dot_general: per-tensor lhs, per-axis rhs (output features), per-tensor i32 result',
     [(lhs, [2, 4], ql.mlir()), (rhs, [4, 3], qw.mlir())], dot, [2, 3], qo.mlir(),
     qo.quantize(ql.dequantize(lhs) @ qw.dequantize(rhs)))
q8r = QType('i8', 4.0, -1)
case('dot_general into an i8 result: rounds half to even and saturates',
     [(lhs, [2, 4], ql.mlir()), (rhs, [4, 3], qw.mlir())], dot, [2, 3], q8r.mlir(),
     q8r.quantize(ql.dequantize(lhs) @ qw.dequantize(rhs)))
flhs = (rng.integers(-8, 8, (2, 4)) * 0.25).astype(F32)
case('hybrid dot_general: f32 lhs, quantized rhs, f32 result',
     [(flhs, [2, 4], 'f32'), (rhs, [4, 3], qw.mlir())], dot, [2, 3], 'f32',
     flhs @ qw.dequantize(rhs))
blhs = rng.integers(-10, 10, (2, 2, 3))
brhs = rng.integers(-10, 10, (2, 3, 2))
qbo = QType('i16', 0.25, 5)
qz = QType('i8', 0.5, 0)  # the spec wants rhs zero points of 0
case('batched dot_general', [(blhs, [2, 2, 3], ql.mlir()), (brhs, [2, 3, 2], qz.mlir())],
     'stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1]'
     ' : ({a}, {b}) -> {r}', [2, 2, 2], qbo.mlir(),
     qbo.quantize(np.matmul(ql.dequantize(blhs), qz.dequantize(brhs))))

# --- convolution: NHWC input, HWIO kernel per-axis on O ---
inp = rng.integers(-30, 30, (1, 4, 4, 2))
ker = rng.integers(-10, 10, (2, 2, 2, 3))
qi = QType('i8', 0.25, -4)
qk = QType('i8', [0.5, 0.25, 1.0], [0, 0, 0], dim=3)
qco = QType('i8', 1.0, 3)
fi, fk = qi.dequantize(inp), qk.dequantize(ker)
out = np.zeros((1, 3, 3, 3), F32)
for y in range(3):
    for x in range(3):
        out[0, y, x] = np.einsum('hwi,hwio->o', fi[0, y:y + 2, x:x + 2], fk)
case('convolution: per-tensor input, per-axis kernel (output features), per-tensor result',
     [(inp, [1, 4, 4, 2], qi.mlir()), (ker, [2, 2, 2, 3], qk.mlir())],
     'stablehlo.convolution(%a, %b) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], '
     'window = {{stride = [1, 1], pad = [[0, 0], [0, 0]]}} '
     '{{batch_group_count = 1 : i64, feature_group_count = 1 : i64}} : ({a}, {b}) -> {r}',
     [1, 3, 3, 3], qco.mlir(), qco.quantize(out))

# --- reduce: the body's add is itself quantized, step by step ---
x = np.array([[10, 20, 30, -40], [100, 100, 100, -128]])
init = np.array(-3)  # q8's zero point: the value 0
acc = np.full(2, init)
for j in range(4):
    acc = q8.quantize(q8.dequantize(acc) + q8.dequantize(x[:, j]))
t_in, t_init, t_out = (f'tensor<{d}{q8.mlir()}>' for d in ('2x4x', '', '2x'))
chunks.append(f'''// reduce whose body adds quantized values: each step quantizes (the second row
// saturates at 127 and then adds the last element)
func.func @main() {{
  %a = stablehlo.constant dense<{lit(x)}> : {t_in}
  %init = stablehlo.constant dense<{lit(init)}> : {t_init}
  %r = stablehlo.reduce(%a init: %init) applies stablehlo.add across dimensions = [1]
      : ({t_in}, {t_init}) -> {t_out}
  check.expect_eq_const %r, dense<{lit(acc)}> : {t_out}
  func.return
}}
''')

# --- data movement keeps the storage; a compute op after it dequantizes the moved values ---
x = rng.integers(-10, 10, (2, 3, 2))
qm = QType('i8', [0.5, 0.25, 2.0], [1, -1, 0], dim=1)
moved = np.transpose(x, [2, 1, 0])
t = f'tensor<2x3x2x{qm.mlir()}>'
chunks.append(f'''// transpose moves storage; add then dequantizes per axis
func.func @main() {{
  %a = stablehlo.constant dense<{lit(x)}> : {t}
  %t = stablehlo.transpose %a, dims = [2, 1, 0] : ({t}) -> {t}
  %r = stablehlo.add %t, %t : {t}
  check.expect_eq_const %t, dense<{lit(moved)}> : {t}
  check.expect_eq_const %r, dense<{lit(qm.quantize(2 * qm.dequantize(moved)))}> : {t}
  func.return
}}
''')

path = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                    '../stablehlo_ops/quantized_ops.mlir')
with open(path, 'w') as f:
    f.write('// Ops on quantized tensors: dequantize, compute in the expressed type, quantize\n'
            '// (the spec\'s dequantize_op_quantize). Written by ../generate/gen_quantized_ops.py.'
            '\n\n')
    f.write('\n// -----\n\n'.join(chunks))
print('wrote', path, len(chunks), 'cases')
