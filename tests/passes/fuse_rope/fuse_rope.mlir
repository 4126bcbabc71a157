// RUN: kiln compile --pass=fuse-rope,dce --split-input-file %s | FileCheck %s

// Half rotation with cos / sin tables as inputs.
// CHECK-LABEL: func.func @half
// CHECK: %[[R:.*]] = kiln.rope(%arg1, %arg0, %arg2) {config = {style = "half", axis = 2 : i64, tables_computed = false, input = 1 : i64, cos = 0 : i64, sin = 2 : i64}}
// CHECK: stablehlo.negate
// CHECK: stablehlo.concatenate
// CHECK: return %[[R]]
func.func @half(%x: tensor<2x4x8xf32>, %cos: tensor<4x8xf32>, %sin: tensor<4x8xf32>) -> tensor<2x4x8xf32> {
  %c = stablehlo.broadcast_in_dim %cos, dims = [1, 2] : (tensor<4x8xf32>) -> tensor<2x4x8xf32>
  %xc = stablehlo.multiply %x, %c : tensor<2x4x8xf32>
  %lo = stablehlo.slice %x [0:2, 0:4, 0:4] : (tensor<2x4x8xf32>) -> tensor<2x4x4xf32>
  %hi = stablehlo.slice %x [0:2, 0:4, 4:8] : (tensor<2x4x8xf32>) -> tensor<2x4x4xf32>
  %nhi = stablehlo.negate %hi : tensor<2x4x4xf32>
  %rot = stablehlo.concatenate %nhi, %lo, dim = 2 : (tensor<2x4x4xf32>, tensor<2x4x4xf32>) -> tensor<2x4x8xf32>
  %s = stablehlo.broadcast_in_dim %sin, dims = [1, 2] : (tensor<4x8xf32>) -> tensor<2x4x8xf32>
  %rs = stablehlo.multiply %rot, %s : tensor<2x4x8xf32>
  %out = stablehlo.add %xc, %rs : tensor<2x4x8xf32>
  return %out : tensor<2x4x8xf32>
}

// -----

// The halves swapped without the negation: not a rotation.
// CHECK-LABEL: func.func @no_negation
// CHECK-NOT: kiln.rope
func.func @no_negation(%x: tensor<2x4x8xf32>, %cos: tensor<4x8xf32>, %sin: tensor<4x8xf32>) -> tensor<2x4x8xf32> {
  %c = stablehlo.broadcast_in_dim %cos, dims = [1, 2] : (tensor<4x8xf32>) -> tensor<2x4x8xf32>
  %xc = stablehlo.multiply %x, %c : tensor<2x4x8xf32>
  %lo = stablehlo.slice %x [0:2, 0:4, 0:4] : (tensor<2x4x8xf32>) -> tensor<2x4x4xf32>
  %hi = stablehlo.slice %x [0:2, 0:4, 4:8] : (tensor<2x4x8xf32>) -> tensor<2x4x4xf32>
  %rot = stablehlo.concatenate %hi, %lo, dim = 2 : (tensor<2x4x4xf32>, tensor<2x4x4xf32>) -> tensor<2x4x8xf32>
  %s = stablehlo.broadcast_in_dim %sin, dims = [1, 2] : (tensor<4x8xf32>) -> tensor<2x4x8xf32>
  %rs = stablehlo.multiply %rot, %s : tensor<2x4x8xf32>
  %out = stablehlo.add %xc, %rs : tensor<2x4x8xf32>
  return %out : tensor<2x4x8xf32>
}
