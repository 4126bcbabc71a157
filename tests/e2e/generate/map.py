from gen import *
ch = []
x = np.array([[1.5, -2.0], [0.0, 4.0]], np.float32); y = np.array([[2.0, 3.0], [-1.0, 0.5]], np.float32)
body = '''  %r0 = "stablehlo.map"(%a0, %a1) ({
  ^bb0(%p: tensor<f32>, %q: tensor<f32>):
    %m = stablehlo.multiply %p, %q : tensor<f32>
    %s = stablehlo.add %m, %p : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {dimensions = array<i64: 0, 1>} : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>'''
ch.append(case(body, [x, y], ['tensor<2x2xf32>']))
body = '''  %r0 = "stablehlo.map"(%a0) ({
  ^bb0(%p: tensor<i32>):
    %c = stablehlo.constant dense<3> : tensor<i32>
    %m = stablehlo.multiply %p, %c : tensor<i32>
    %b = stablehlo.compare GT, %m, %c : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %b : tensor<i1>
  }) {dimensions = array<i64: 0>} : (tensor<4xi32>) -> tensor<4xi1>'''
ch.append(case(body, [np.array([0, 1, 2, -5], np.int32)], ['tensor<4xi1>'], comment='result type differs from the inputs'))
body = '''  %r0 = "stablehlo.map"(%a0) ({
  ^bb0(%p: tensor<f32>):
    stablehlo.return %p : tensor<f32>
  }) {dimensions = array<i64: 0>} : (tensor<0xf32>) -> tensor<0xf32>'''
ch.append(case(body, [np.zeros(0, np.float32)], ['tensor<0xf32>'], comment='zero-sized'))
body = '''  %r0 = "stablehlo.map"(%a0, %a1) ({
  ^bb0(%p: tensor<bf16>, %q: tensor<bf16>):
    %s = stablehlo.maximum %p, %q : tensor<bf16>
    stablehlo.return %s : tensor<bf16>
  }) {dimensions = array<i64>} : (tensor<bf16>, tensor<bf16>) -> tensor<bf16>'''
ch.append(case(body, [np.array(1.5, md.bfloat16), np.array(-2.0, md.bfloat16)], ['tensor<bf16>'], comment='rank 0'))
write(OUT_DIR + '/map.mlir', 'stablehlo.map: the computation applied per element.', ch)

ch = []
def bc(x, dt, exp, comment=None):
    return case(f'  %r0 = stablehlo.bitcast_convert %a0 : ({ttype(x)}) -> {dt}', [x], [dt], comment=comment, expected=[exp])
ch.append(bc(np.array([0x7F, -1, 0x18], np.int8), 'tensor<3x2xi4>', np.array([[-1, 7], [-1, -1], [-8, 1]], md.int4),
             comment='sub-byte results: low nibble first, sign-extended'))
ch.append(bc(np.array([[-1, 7], [2, -8]], md.int4), 'tensor<2xui8>', np.array([0x7F, 0x82], np.uint8)))
ch.append(bc(np.array([0x3, 0xF], md.uint4), 'tensor<2xf4E2M1FN>', np.array([0x3, 0xF], np.uint8).view(md.float4_e2m1fn) if False else np.array([1.5, -6.0], md.float4_e2m1fn)))
ch.append(bc(np.array([5, 0], np.uint8), 'tensor<2x8xi1>', np.array([[1, 0, 1, 0, 0, 0, 0, 0], [0] * 8], bool)))
import re
with open(OUT_DIR + '/bitcast_convert.mlir') as f: old = f.read()
with open(OUT_DIR + '/bitcast_convert.mlir', 'w') as f:
    f.write(old.rstrip('\n') + '\n\n// -----\n\n' + '\n\n// -----\n\n'.join(ch) + '\n')
