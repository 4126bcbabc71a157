// RUN: kiln compile --pass=fuse-quant-matmul,dce --split-input-file %s | FileCheck %s

// quant_gemv.cpp's definition: shifts an iota times 4, W contracted on its K, the words
// read first; the operands still come as x, codes, scales, zero points.
// CHECK-LABEL: func.func @definition
// CHECK: kiln.quant_matmul(%arg0, %arg1, %arg2, %arg3) {config = {bits = 4 : i64, group = 32 : i64, x = 0 : i64, codes = 1 : i64, scales = 2 : i64, zeros = 3 : i64}}
// CHECK: stablehlo.shift_right_logical
// CHECK: stablehlo.dot_general
// CHECK-NOT: stablehlo.dot_general
func.func @definition(%x: tensor<2x64xbf16>, %w: tensor<4x8xui32>, %s: tensor<4x2xbf16>, %z: tensor<4x2xbf16>) -> (tensor<2x4xbf16>) {
  %xf = stablehlo.convert %x : (tensor<2x64xbf16>) -> tensor<2x64xf32>
  %wb = stablehlo.broadcast_in_dim %w, dims = [0, 1] : (tensor<4x8xui32>) -> tensor<4x8x8xui32>
  %j = stablehlo.iota dim = 2 : tensor<4x8x8xui32>
  %step = stablehlo.constant dense<4> : tensor<4x8x8xui32>
  %shift = stablehlo.multiply %j, %step : tensor<4x8x8xui32>
  %t = stablehlo.shift_right_logical %wb, %shift : tensor<4x8x8xui32>
  %mask = stablehlo.constant dense<15> : tensor<4x8x8xui32>
  %q = stablehlo.and %t, %mask : tensor<4x8x8xui32>
  %qf = stablehlo.convert %q : (tensor<4x8x8xui32>) -> tensor<4x8x8xf32>
  %qg = stablehlo.reshape %qf : (tensor<4x8x8xf32>) -> tensor<4x2x32xf32>
  %sf = stablehlo.convert %s : (tensor<4x2xbf16>) -> tensor<4x2xf32>
  %zf = stablehlo.convert %z : (tensor<4x2xbf16>) -> tensor<4x2xf32>
  %sb = stablehlo.broadcast_in_dim %sf, dims = [0, 1] : (tensor<4x2xf32>) -> tensor<4x2x32xf32>
  %zb = stablehlo.broadcast_in_dim %zf, dims = [0, 1] : (tensor<4x2xf32>) -> tensor<4x2x32xf32>
  %d = stablehlo.subtract %qg, %zb : tensor<4x2x32xf32>
  %wg = stablehlo.multiply %sb, %d : tensor<4x2x32xf32>
  %wk = stablehlo.reshape %wg : (tensor<4x2x32xf32>) -> tensor<4x64xf32>
  %y = stablehlo.dot_general %xf, %wk, contracting_dims = [1] x [1] : (tensor<2x64xf32>, tensor<4x64xf32>) -> tensor<2x4xf32>
  %r = stablehlo.convert %y : (tensor<2x4xf32>) -> tensor<2x4xbf16>
  return %r : tensor<2x4xbf16>
}

// -----

// JAX's jnp.dot(x, w.T): the transpose of W goes in; the shifts a broadcast
// [8] table (iota times 4 plus 0), the mask a broadcast splat.
// CHECK-LABEL: func.func @jax_transpose
// CHECK: kiln.quant_matmul(%arg0, %arg1, %arg2, %arg3) {config = {bits = 4 : i64, group = 32 : i64, x = 0 : i64, codes = 1 : i64, scales = 2 : i64, zeros = 3 : i64}}
// CHECK: stablehlo.transpose
func.func @jax_transpose(%x: tensor<2x64xbf16>, %w: tensor<4x8xui32>, %s: tensor<4x2xbf16>, %z: tensor<4x2xbf16>) -> (tensor<2x4xbf16>) {
  %xf = stablehlo.convert %x : (tensor<2x64xbf16>) -> tensor<2x64xf32>
  %wb = stablehlo.broadcast_in_dim %w, dims = [0, 1] : (tensor<4x8xui32>) -> tensor<4x8x8xui32>
  %i = stablehlo.iota dim = 0 : tensor<8xui32>
  %c4 = stablehlo.constant dense<4> : tensor<ui32>
  %c4b = stablehlo.broadcast_in_dim %c4, dims = [] : (tensor<ui32>) -> tensor<8xui32>
  %m = stablehlo.multiply %i, %c4b : tensor<8xui32>
  %c0 = stablehlo.constant dense<0> : tensor<8xui32>
  %a = stablehlo.add %m, %c0 : tensor<8xui32>
  %a3 = stablehlo.broadcast_in_dim %a, dims = [2] : (tensor<8xui32>) -> tensor<1x1x8xui32>
  %shift = stablehlo.broadcast_in_dim %a3, dims = [0, 1, 2] : (tensor<1x1x8xui32>) -> tensor<4x8x8xui32>
  %t = stablehlo.shift_right_logical %wb, %shift : tensor<4x8x8xui32>
  %mask = stablehlo.constant dense<15> : tensor<4x8x8xui32>
  %q = stablehlo.and %t, %mask : tensor<4x8x8xui32>
  %qf = stablehlo.convert %q : (tensor<4x8x8xui32>) -> tensor<4x8x8xf32>
  %qg = stablehlo.reshape %qf : (tensor<4x8x8xf32>) -> tensor<4x2x32xf32>
  %sf = stablehlo.convert %s : (tensor<4x2xbf16>) -> tensor<4x2xf32>
  %zf = stablehlo.convert %z : (tensor<4x2xbf16>) -> tensor<4x2xf32>
  %sb = stablehlo.broadcast_in_dim %sf, dims = [0, 1] : (tensor<4x2xf32>) -> tensor<4x2x32xf32>
  %zb = stablehlo.broadcast_in_dim %zf, dims = [0, 1] : (tensor<4x2xf32>) -> tensor<4x2x32xf32>
  %d = stablehlo.subtract %qg, %zb : tensor<4x2x32xf32>
  %wg = stablehlo.multiply %sb, %d : tensor<4x2x32xf32>
  %wk = stablehlo.reshape %wg : (tensor<4x2x32xf32>) -> tensor<4x64xf32>
  %wt = stablehlo.transpose %wk, dims = [1, 0] : (tensor<4x64xf32>) -> tensor<64x4xf32>
  %y = stablehlo.dot_general %xf, %wt, contracting_dims = [1] x [0] : (tensor<2x64xf32>, tensor<64x4xf32>) -> tensor<2x4xf32>
  %r = stablehlo.convert %y : (tensor<2x4xf32>) -> tensor<2x4xbf16>
  return %r : tensor<2x4xbf16>
}

// -----

// The fold's form of the shifts: a constant of the unpacked shape, 8-bit codes 4 a word
// (group 32 of K = 64: the words [4, 16]).
// CHECK-LABEL: func.func @folded_table
// CHECK: kiln.quant_matmul(%arg0, %arg1, %arg2, %arg3) {config = {bits = 8 : i64, group = 32 : i64, x = 0 : i64, codes = 1 : i64, scales = 2 : i64, zeros = 3 : i64}}
func.func @folded_table(%x: tensor<2x64xbf16>, %w: tensor<4x16xui32>, %s: tensor<4x2xbf16>, %z: tensor<4x2xbf16>) -> (tensor<2x4xbf16>) {
  %xf = stablehlo.convert %x : (tensor<2x64xbf16>) -> tensor<2x64xf32>
  %wb = stablehlo.broadcast_in_dim %w, dims = [0, 1] : (tensor<4x16xui32>) -> tensor<4x16x4xui32>
  %shift = stablehlo.constant dense<[[[0, 8, 16, 24], [0, 8, 16, 24], [0, 8, 16, 24], [0, 8, 16, 24], [0, 8, 16, 24], [0, 8, 16, 24], [0, 8, 16, 24], [0, 8, 16, 24], [0, 8, 16, 24], [0, 8, 16, 24], [0, 8, 16, 24], [0, 8, 16, 24], [0, 8, 16, 24], [0, 8, 16, 24], [0, 8, 16, 24], [0, 8, 16, 24]], [[0, 8, 16, 24], [0, 8, 16, 24], [0, 8, 16, 24], [0, 8, 16, 24], [0, 8, 16, 24], [0, 8, 16, 24], [0, 8, 16, 24], [0, 8, 16, 24], [0, 8, 16, 24], [0, 8, 16, 24], [0, 8, 16, 24], [0, 8, 16, 24], [0, 8, 16, 24], [0, 8, 16, 24], [0, 8, 16, 24], [0, 8, 16, 24]], [[0, 8, 16, 24], [0, 8, 16, 24], [0, 8, 16, 24], [0, 8, 16, 24], [0, 8, 16, 24], [0, 8, 16, 24], [0, 8, 16, 24], [0, 8, 16, 24], [0, 8, 16, 24], [0, 8, 16, 24], [0, 8, 16, 24], [0, 8, 16, 24], [0, 8, 16, 24], [0, 8, 16, 24], [0, 8, 16, 24], [0, 8, 16, 24]], [[0, 8, 16, 24], [0, 8, 16, 24], [0, 8, 16, 24], [0, 8, 16, 24], [0, 8, 16, 24], [0, 8, 16, 24], [0, 8, 16, 24], [0, 8, 16, 24], [0, 8, 16, 24], [0, 8, 16, 24], [0, 8, 16, 24], [0, 8, 16, 24], [0, 8, 16, 24], [0, 8, 16, 24], [0, 8, 16, 24], [0, 8, 16, 24]]]> : tensor<4x16x4xui32>
  %t = stablehlo.shift_right_logical %wb, %shift : tensor<4x16x4xui32>
  %mask = stablehlo.constant dense<255> : tensor<4x16x4xui32>
  %q = stablehlo.and %t, %mask : tensor<4x16x4xui32>
  %qf = stablehlo.convert %q : (tensor<4x16x4xui32>) -> tensor<4x16x4xf32>
  %qg = stablehlo.reshape %qf : (tensor<4x16x4xf32>) -> tensor<4x2x32xf32>
  %sf = stablehlo.convert %s : (tensor<4x2xbf16>) -> tensor<4x2xf32>
  %zf = stablehlo.convert %z : (tensor<4x2xbf16>) -> tensor<4x2xf32>
  %sb = stablehlo.broadcast_in_dim %sf, dims = [0, 1] : (tensor<4x2xf32>) -> tensor<4x2x32xf32>
  %zb = stablehlo.broadcast_in_dim %zf, dims = [0, 1] : (tensor<4x2xf32>) -> tensor<4x2x32xf32>
  %d = stablehlo.subtract %qg, %zb : tensor<4x2x32xf32>
  %wg = stablehlo.multiply %sb, %d : tensor<4x2x32xf32>
  %wk = stablehlo.reshape %wg : (tensor<4x2x32xf32>) -> tensor<4x64xf32>
  %y = stablehlo.dot_general %xf, %wk, contracting_dims = [1] x [1] : (tensor<2x64xf32>, tensor<4x64xf32>) -> tensor<2x4xf32>
  %r = stablehlo.convert %y : (tensor<2x4xf32>) -> tensor<2x4xbf16>
  return %r : tensor<2x4xbf16>
}

// -----

// x's convert read by another op too: the composite takes a copy of its own, the
// exponential keeps the original; an f32 result (no convert after the product).
// CHECK-LABEL: func.func @shared_x
// CHECK: %[[XF:.*]] = stablehlo.convert %arg0
// CHECK: kiln.quant_matmul(%arg0, %arg1, %arg2, %arg3) {config = {bits = 4 : i64, group = 32 : i64, x = 0 : i64, codes = 1 : i64, scales = 2 : i64, zeros = 3 : i64}}
// CHECK: stablehlo.exponential %[[XF]]
func.func @shared_x(%x: tensor<2x64xbf16>, %w: tensor<4x8xui32>, %s: tensor<4x2xbf16>, %z: tensor<4x2xbf16>) -> (tensor<2x4xf32>, tensor<2x64xf32>) {
  %xf = stablehlo.convert %x : (tensor<2x64xbf16>) -> tensor<2x64xf32>
  %wb = stablehlo.broadcast_in_dim %w, dims = [0, 1] : (tensor<4x8xui32>) -> tensor<4x8x8xui32>
  %j = stablehlo.iota dim = 2 : tensor<4x8x8xui32>
  %step = stablehlo.constant dense<4> : tensor<4x8x8xui32>
  %shift = stablehlo.multiply %j, %step : tensor<4x8x8xui32>
  %t = stablehlo.shift_right_logical %wb, %shift : tensor<4x8x8xui32>
  %mask = stablehlo.constant dense<15> : tensor<4x8x8xui32>
  %q = stablehlo.and %t, %mask : tensor<4x8x8xui32>
  %qf = stablehlo.convert %q : (tensor<4x8x8xui32>) -> tensor<4x8x8xf32>
  %qg = stablehlo.reshape %qf : (tensor<4x8x8xf32>) -> tensor<4x2x32xf32>
  %sf = stablehlo.convert %s : (tensor<4x2xbf16>) -> tensor<4x2xf32>
  %zf = stablehlo.convert %z : (tensor<4x2xbf16>) -> tensor<4x2xf32>
  %sb = stablehlo.broadcast_in_dim %sf, dims = [0, 1] : (tensor<4x2xf32>) -> tensor<4x2x32xf32>
  %zb = stablehlo.broadcast_in_dim %zf, dims = [0, 1] : (tensor<4x2xf32>) -> tensor<4x2x32xf32>
  %d = stablehlo.subtract %qg, %zb : tensor<4x2x32xf32>
  %wg = stablehlo.multiply %sb, %d : tensor<4x2x32xf32>
  %wk = stablehlo.reshape %wg : (tensor<4x2x32xf32>) -> tensor<4x64xf32>
  %y = stablehlo.dot_general %xf, %wk, contracting_dims = [1] x [1] : (tensor<2x64xf32>, tensor<4x64xf32>) -> tensor<2x4xf32>
  %e = stablehlo.exponential %xf : tensor<2x64xf32>
  return %y, %e : tensor<2x4xf32>, tensor<2x64xf32>
}

// -----

// Codes shifted by 3 j: not the packed layout.
// CHECK-LABEL: func.func @wrong_shift
// CHECK-NOT: kiln.quant_matmul
func.func @wrong_shift(%x: tensor<2x64xbf16>, %w: tensor<4x8xui32>, %s: tensor<4x2xbf16>, %z: tensor<4x2xbf16>) -> (tensor<2x4xbf16>) {
  %xf = stablehlo.convert %x : (tensor<2x64xbf16>) -> tensor<2x64xf32>
  %wb = stablehlo.broadcast_in_dim %w, dims = [0, 1] : (tensor<4x8xui32>) -> tensor<4x8x8xui32>
  %j = stablehlo.iota dim = 2 : tensor<4x8x8xui32>
  %step = stablehlo.constant dense<3> : tensor<4x8x8xui32>
  %shift = stablehlo.multiply %j, %step : tensor<4x8x8xui32>
  %t = stablehlo.shift_right_logical %wb, %shift : tensor<4x8x8xui32>
  %mask = stablehlo.constant dense<15> : tensor<4x8x8xui32>
  %q = stablehlo.and %t, %mask : tensor<4x8x8xui32>
  %qf = stablehlo.convert %q : (tensor<4x8x8xui32>) -> tensor<4x8x8xf32>
  %qg = stablehlo.reshape %qf : (tensor<4x8x8xf32>) -> tensor<4x2x32xf32>
  %sf = stablehlo.convert %s : (tensor<4x2xbf16>) -> tensor<4x2xf32>
  %zf = stablehlo.convert %z : (tensor<4x2xbf16>) -> tensor<4x2xf32>
  %sb = stablehlo.broadcast_in_dim %sf, dims = [0, 1] : (tensor<4x2xf32>) -> tensor<4x2x32xf32>
  %zb = stablehlo.broadcast_in_dim %zf, dims = [0, 1] : (tensor<4x2xf32>) -> tensor<4x2x32xf32>
  %d = stablehlo.subtract %qg, %zb : tensor<4x2x32xf32>
  %wg = stablehlo.multiply %sb, %d : tensor<4x2x32xf32>
  %wk = stablehlo.reshape %wg : (tensor<4x2x32xf32>) -> tensor<4x64xf32>
  %y = stablehlo.dot_general %xf, %wk, contracting_dims = [1] x [1] : (tensor<2x64xf32>, tensor<4x64xf32>) -> tensor<2x4xf32>
  %r = stablehlo.convert %y : (tensor<2x4xf32>) -> tensor<2x4xbf16>
  return %r : tensor<2x4xbf16>
}

// -----

// 4-bit shifts, a 3-bit mask.
// CHECK-LABEL: func.func @wrong_mask
// CHECK-NOT: kiln.quant_matmul
func.func @wrong_mask(%x: tensor<2x64xbf16>, %w: tensor<4x8xui32>, %s: tensor<4x2xbf16>, %z: tensor<4x2xbf16>) -> (tensor<2x4xbf16>) {
  %xf = stablehlo.convert %x : (tensor<2x64xbf16>) -> tensor<2x64xf32>
  %wb = stablehlo.broadcast_in_dim %w, dims = [0, 1] : (tensor<4x8xui32>) -> tensor<4x8x8xui32>
  %j = stablehlo.iota dim = 2 : tensor<4x8x8xui32>
  %step = stablehlo.constant dense<4> : tensor<4x8x8xui32>
  %shift = stablehlo.multiply %j, %step : tensor<4x8x8xui32>
  %t = stablehlo.shift_right_logical %wb, %shift : tensor<4x8x8xui32>
  %mask = stablehlo.constant dense<7> : tensor<4x8x8xui32>
  %q = stablehlo.and %t, %mask : tensor<4x8x8xui32>
  %qf = stablehlo.convert %q : (tensor<4x8x8xui32>) -> tensor<4x8x8xf32>
  %qg = stablehlo.reshape %qf : (tensor<4x8x8xf32>) -> tensor<4x2x32xf32>
  %sf = stablehlo.convert %s : (tensor<4x2xbf16>) -> tensor<4x2xf32>
  %zf = stablehlo.convert %z : (tensor<4x2xbf16>) -> tensor<4x2xf32>
  %sb = stablehlo.broadcast_in_dim %sf, dims = [0, 1] : (tensor<4x2xf32>) -> tensor<4x2x32xf32>
  %zb = stablehlo.broadcast_in_dim %zf, dims = [0, 1] : (tensor<4x2xf32>) -> tensor<4x2x32xf32>
  %d = stablehlo.subtract %qg, %zb : tensor<4x2x32xf32>
  %wg = stablehlo.multiply %sb, %d : tensor<4x2x32xf32>
  %wk = stablehlo.reshape %wg : (tensor<4x2x32xf32>) -> tensor<4x64xf32>
  %y = stablehlo.dot_general %xf, %wk, contracting_dims = [1] x [1] : (tensor<2x64xf32>, tensor<4x64xf32>) -> tensor<2x4xf32>
  %r = stablehlo.convert %y : (tensor<2x4xf32>) -> tensor<2x4xbf16>
  return %r : tensor<2x4xbf16>
}

// -----

// The words [2, 16] unpacked and regrouped as 4 rows: a row of W takes codes of
// half a word row, which no kernel reads so.
// CHECK-LABEL: func.func @rows_mixed
// CHECK-NOT: kiln.quant_matmul
func.func @rows_mixed(%x: tensor<2x64xbf16>, %w: tensor<2x16xui32>, %s: tensor<4x2xbf16>, %z: tensor<4x2xbf16>) -> (tensor<2x4xbf16>) {
  %xf = stablehlo.convert %x : (tensor<2x64xbf16>) -> tensor<2x64xf32>
  %wb = stablehlo.broadcast_in_dim %w, dims = [0, 1] : (tensor<2x16xui32>) -> tensor<2x16x8xui32>
  %j = stablehlo.iota dim = 2 : tensor<2x16x8xui32>
  %step = stablehlo.constant dense<4> : tensor<2x16x8xui32>
  %shift = stablehlo.multiply %j, %step : tensor<2x16x8xui32>
  %t = stablehlo.shift_right_logical %wb, %shift : tensor<2x16x8xui32>
  %mask = stablehlo.constant dense<15> : tensor<2x16x8xui32>
  %q = stablehlo.and %t, %mask : tensor<2x16x8xui32>
  %qf = stablehlo.convert %q : (tensor<2x16x8xui32>) -> tensor<2x16x8xf32>
  %qg = stablehlo.reshape %qf : (tensor<2x16x8xf32>) -> tensor<4x2x32xf32>
  %sf = stablehlo.convert %s : (tensor<4x2xbf16>) -> tensor<4x2xf32>
  %zf = stablehlo.convert %z : (tensor<4x2xbf16>) -> tensor<4x2xf32>
  %sb = stablehlo.broadcast_in_dim %sf, dims = [0, 1] : (tensor<4x2xf32>) -> tensor<4x2x32xf32>
  %zb = stablehlo.broadcast_in_dim %zf, dims = [0, 1] : (tensor<4x2xf32>) -> tensor<4x2x32xf32>
  %d = stablehlo.subtract %qg, %zb : tensor<4x2x32xf32>
  %wg = stablehlo.multiply %sb, %d : tensor<4x2x32xf32>
  %wk = stablehlo.reshape %wg : (tensor<4x2x32xf32>) -> tensor<4x64xf32>
  %y = stablehlo.dot_general %xf, %wk, contracting_dims = [1] x [1] : (tensor<2x64xf32>, tensor<4x64xf32>) -> tensor<2x4xf32>
  %r = stablehlo.convert %y : (tensor<2x4xf32>) -> tensor<2x4xbf16>
  return %r : tensor<2x4xbf16>
}
