// RUN: kiln compile --pass=canonicalize --split-input-file %s | FileCheck %s

// chlo.constant is a stablehlo.constant; constant_like a splat of its value in the result type.
// CHECK-LABEL: func.func @constants
// CHECK-NOT: chlo.
// CHECK-DAG: stablehlo.constant dense<[1, 2, 3, 4]> : tensor<4xi64>
// CHECK-DAG: stablehlo.constant dense<2.500000e+00> : tensor<2x3xf32>
func.func @constants(%x: tensor<2x3xf32>) -> (tensor<4xi64>, tensor<2x3xf32>) {
  %0 = chlo.constant dense<[1, 2, 3, 4]> : tensor<4xi64>
  %1 = "chlo.constant_like"(%x) <{value = 2.500000e+00 : f32}> : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0, %1 : tensor<4xi64>, tensor<2x3xf32>
}

// -----

// A float square is x * x (one rounding either way); tan is stablehlo.tan. A complex square
// stays (see README: the interpreter's complex product recovers infinities).
// CHECK-LABEL: func.func @square_tan
// CHECK: %[[M:.*]] = stablehlo.multiply %arg0, %arg0 : tensor<4xf32>
// CHECK: stablehlo.tan %[[M]] : tensor<4xf32>
// CHECK: chlo.square %arg1
func.func @square_tan(%x: tensor<4xf32>, %z: tensor<2xcomplex<f32>>) -> (tensor<4xf32>, tensor<2xcomplex<f32>>) {
  %0 = chlo.square %x : tensor<4xf32> -> tensor<4xf32>
  %1 = chlo.tan %0 : tensor<4xf32> -> tensor<4xf32>
  %2 = chlo.square %z : tensor<2xcomplex<f32>> -> tensor<2xcomplex<f32>>
  return %1, %2 : tensor<4xf32>, tensor<2xcomplex<f32>>
}

// -----

// conj: complex(real, -imag); of a real number, the number itself.
// CHECK-LABEL: func.func @conj
// CHECK: %[[RE:.*]] = stablehlo.real %arg0
// CHECK: %[[IM:.*]] = stablehlo.imag %arg0
// CHECK: %[[NEG:.*]] = stablehlo.negate %[[IM]]
// CHECK: %[[C:.*]] = stablehlo.complex %[[RE]], %[[NEG]]
// CHECK: return %[[C]], %arg1
func.func @conj(%z: tensor<3xcomplex<f32>>, %x: tensor<3xf32>) -> (tensor<3xcomplex<f32>>, tensor<3xf32>) {
  %0 = chlo.conj %z : tensor<3xcomplex<f32>> -> tensor<3xcomplex<f32>>
  %1 = chlo.conj %x : tensor<3xf32> -> tensor<3xf32>
  return %0, %1 : tensor<3xcomplex<f32>>, tensor<3xf32>
}

// -----

// is_inf: |x| == +inf; is_pos_inf / is_neg_inf: x == +-inf. Types without infinities stay.
// CHECK-LABEL: func.func @is_inf
// CHECK: %[[A:.*]] = stablehlo.abs %arg0 : tensor<4xbf16>
// CHECK: %[[INF:.*]] = stablehlo.constant dense<0x7F80> : tensor<4xbf16>
// CHECK: stablehlo.compare EQ, %[[A]], %[[INF]]
// CHECK: %[[NINF:.*]] = stablehlo.constant dense<0xFF80> : tensor<4xbf16>
// CHECK: stablehlo.compare EQ, %arg0, %[[NINF]]
// CHECK: %[[PINF:.*]] = stablehlo.constant dense<0x7F80> : tensor<4xbf16>
// CHECK: stablehlo.compare EQ, %arg0, %[[PINF]]
// CHECK: chlo.is_inf %arg1
func.func @is_inf(%x: tensor<4xbf16>, %y: tensor<4xf8E4M3FN>) -> (tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>) {
  %0 = chlo.is_inf %x : tensor<4xbf16> -> tensor<4xi1>
  %1 = chlo.is_neg_inf %x : tensor<4xbf16> -> tensor<4xi1>
  %2 = chlo.is_pos_inf %x : tensor<4xbf16> -> tensor<4xi1>
  %3 = chlo.is_inf %y : tensor<4xf8E4M3FN> -> tensor<4xi1>
  return %0, %1, %2, %3 : tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>
}

// -----

// Broadcasting ops: each operand of another shape is broadcast (numpy's trailing rule, or
// broadcast_dimensions), then the StableHLO op runs; the chlo math ops stay named.
// CHECK-LABEL: func.func @broadcast_binary
// CHECK: %[[A:.*]] = stablehlo.broadcast_in_dim %arg0, dims = [1] : (tensor<4xf32>) -> tensor<2x4xf32>
// CHECK: %[[ADD:.*]] = stablehlo.add %[[A]], %arg1 : tensor<2x4xf32>
// CHECK: %[[S:.*]] = stablehlo.broadcast_in_dim %arg2, dims = [] : (tensor<f32>) -> tensor<2x4xf32>
// CHECK: %[[SUB:.*]] = stablehlo.subtract %[[ADD]], %[[S]]
// CHECK: %[[C:.*]] = stablehlo.broadcast_in_dim %arg3, dims = [0] : (tensor<2xf32>) -> tensor<2x4xf32>
// CHECK: %[[MUL:.*]] = stablehlo.multiply %[[SUB]], %[[C]]
// CHECK: %[[A2:.*]] = stablehlo.broadcast_in_dim %arg0, dims = [1]
// CHECK: chlo.next_after %[[MUL]], %[[A2]] : tensor<2x4xf32>, tensor<2x4xf32> -> tensor<2x4xf32>
// CHECK-NOT: chlo.broadcast
func.func @broadcast_binary(%a: tensor<4xf32>, %b: tensor<2x4xf32>, %s: tensor<f32>, %c: tensor<2xf32>) -> tensor<2x4xf32> {
  %0 = chlo.broadcast_add %a, %b : (tensor<4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  %1 = chlo.broadcast_subtract %0, %s : (tensor<2x4xf32>, tensor<f32>) -> tensor<2x4xf32>
  %2 = chlo.broadcast_multiply %1, %c {broadcast_dimensions = array<i64: 0>} : (tensor<2x4xf32>, tensor<2xf32>) -> tensor<2x4xf32>
  %3 = chlo.broadcast_next_after %2, %a : (tensor<2x4xf32>, tensor<4xf32>) -> tensor<2x4xf32>
  return %3 : tensor<2x4xf32>
}

// -----

// broadcast_dimensions on operands of the result's rank map the lhs (the verifier's reading):
// it is broadcast through them, here a transposition; the rhs stays as it is.
// CHECK-LABEL: func.func @broadcast_equal_ranks
// CHECK: %[[C:.*]] = stablehlo.broadcast_in_dim %arg0, dims = [1, 0] : (tensor<4x1xf32>) -> tensor<2x4xf32>
// CHECK: stablehlo.subtract %[[C]], %arg1 : tensor<2x4xf32>
// CHECK: %[[T:.*]] = stablehlo.broadcast_in_dim %arg2, dims = [1, 0] : (tensor<3x3xf32>) -> tensor<3x3xf32>
// CHECK: stablehlo.add %[[T]], %arg2 : tensor<3x3xf32>
// CHECK-NOT: chlo.broadcast
func.func @broadcast_equal_ranks(%c: tensor<4x1xf32>, %b: tensor<2x4xf32>, %d: tensor<3x3xf32>) -> (tensor<2x4xf32>, tensor<3x3xf32>) {
  %0 = chlo.broadcast_subtract %c, %b {broadcast_dimensions = array<i64: 1, 0>} : (tensor<4x1xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  %1 = chlo.broadcast_add %d, %d {broadcast_dimensions = array<i64: 1, 0>} : (tensor<3x3xf32>, tensor<3x3xf32>) -> tensor<3x3xf32>
  return %0, %1 : tensor<2x4xf32>, tensor<3x3xf32>
}

// -----

// broadcast_compare takes its direction and comparison type; broadcast_select and
// broadcast_complex broadcast every operand.
// CHECK-LABEL: func.func @broadcast_compare_select
// CHECK: %[[A:.*]] = stablehlo.broadcast_in_dim %arg0, dims = [1]
// CHECK: stablehlo.compare LT, %[[A]], %arg1 : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xi1>
// CHECK: %[[A2:.*]] = stablehlo.broadcast_in_dim %arg0, dims = [1]
// CHECK: stablehlo.compare EQ, %arg1, %[[A2]], TOTALORDER
// CHECK: %[[A3:.*]] = stablehlo.broadcast_in_dim %arg0, dims = [1]
// CHECK: stablehlo.complex %[[A3]], %arg1
// CHECK: %[[P:.*]] = stablehlo.broadcast_in_dim %arg2, dims = [] : (tensor<i1>) -> tensor<2x4xi1>
// CHECK: %[[A4:.*]] = stablehlo.broadcast_in_dim %arg0, dims = [1]
// CHECK: stablehlo.select %[[P]], %[[A4]], %arg1
// CHECK-NOT: chlo.
func.func @broadcast_compare_select(%a: tensor<4xf32>, %b: tensor<2x4xf32>, %p: tensor<i1>) -> (tensor<2x4xi1>, tensor<2x4xi1>, tensor<2x4xcomplex<f32>>, tensor<2x4xf32>) {
  %0 = chlo.broadcast_compare %a, %b {comparison_direction = #chlo<comparison_direction LT>} : (tensor<4xf32>, tensor<2x4xf32>) -> tensor<2x4xi1>
  %1 = chlo.broadcast_compare %b, %a {compare_type = #chlo<comparison_type TOTALORDER>, comparison_direction = #chlo<comparison_direction EQ>} : (tensor<2x4xf32>, tensor<4xf32>) -> tensor<2x4xi1>
  %2 = chlo.broadcast_complex %a, %b : (tensor<4xf32>, tensor<2x4xf32>) -> tensor<2x4xcomplex<f32>>
  %3 = chlo.broadcast_select %p, %a, %b : (tensor<i1>, tensor<4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  return %0, %1, %2, %3 : tensor<2x4xi1>, tensor<2x4xi1>, tensor<2x4xcomplex<f32>>, tensor<2x4xf32>
}

// -----

// Kept as named ops: special functions (no exact StableHLO form), mulhi, top_k, ragged_dot.
// CHECK-LABEL: func.func @kept
// CHECK: chlo.erf
// CHECK: chlo.erf_inv
// CHECK: chlo.lgamma
// CHECK: chlo.atan
// CHECK: chlo.mulhi
// CHECK: chlo.top_k
func.func @kept(%x: tensor<8xf32>, %i: tensor<4xi32>) -> (tensor<8xf32>, tensor<4xi32>, tensor<2xf32>) {
  %0 = chlo.erf %x : tensor<8xf32> -> tensor<8xf32>
  %1 = chlo.erf_inv %0 : tensor<8xf32> -> tensor<8xf32>
  %2 = chlo.lgamma %1 : tensor<8xf32> -> tensor<8xf32>
  %3 = chlo.atan %2 : tensor<8xf32> -> tensor<8xf32>
  %4 = chlo.mulhi %i, %i : tensor<4xi32>, tensor<4xi32> -> tensor<4xi32>
  %5:2 = chlo.top_k(%3, k = 2) : tensor<8xf32> -> (tensor<2xf32>, tensor<2xi32>)
  return %3, %4, %5#0 : tensor<8xf32>, tensor<4xi32>, tensor<2xf32>
}
