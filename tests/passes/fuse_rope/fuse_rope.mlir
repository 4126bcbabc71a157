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

// -----

// Tables folded into constants of x's shape (fold expands a small broadcast of tables computed
// from iotas: llama_layer's k at its exported size): computed tables, operands of the composite
// as other literal tables are.
// CHECK-LABEL: func.func @constant_tables
// CHECK: %[[C:.*]] = stablehlo.constant dense<{{\[\[\[}}1.000000e+00
// CHECK: %[[S:.*]] = stablehlo.constant dense<{{\[\[\[}}0.000000e+00
// CHECK: %[[R:.*]] = kiln.rope(%arg0, %[[C]], %[[S]]) {config = {style = "half", axis = 2 : i64, tables_computed = true, input = 0 : i64, cos = 1 : i64, sin = 2 : i64}}
// CHECK: stablehlo.negate
// CHECK: return %[[R]]
func.func @constant_tables(%x: tensor<1x2x4xf32>) -> tensor<1x2x4xf32> {
  %c = stablehlo.constant dense<[[[1.0, 1.0, 1.0, 1.0], [0.5, 0.75, 0.5, 0.75]]]> : tensor<1x2x4xf32>
  %s = stablehlo.constant dense<[[[0.0, 0.0, 0.0, 0.0], [0.25, 0.5, 0.25, 0.5]]]> : tensor<1x2x4xf32>
  %xc = stablehlo.multiply %x, %c : tensor<1x2x4xf32>
  %lo = stablehlo.slice %x [0:1, 0:2, 0:2] : (tensor<1x2x4xf32>) -> tensor<1x2x2xf32>
  %hi = stablehlo.slice %x [0:1, 0:2, 2:4] : (tensor<1x2x4xf32>) -> tensor<1x2x2xf32>
  %nhi = stablehlo.negate %hi : tensor<1x2x2xf32>
  %rot = stablehlo.concatenate %nhi, %lo, dim = 2 : (tensor<1x2x2xf32>, tensor<1x2x2xf32>) -> tensor<1x2x4xf32>
  %rs = stablehlo.multiply %rot, %s : tensor<1x2x4xf32>
  %out = stablehlo.add %xc, %rs : tensor<1x2x4xf32>
  return %out : tensor<1x2x4xf32>
}

// -----

// A table that is a full-shape tensor computed at run time (no broadcast, not a constant) is not
// taken for one.
// CHECK-LABEL: func.func @runtime_full_tables
// CHECK-NOT: kiln.rope
func.func @runtime_full_tables(%x: tensor<1x2x4xf32>, %c: tensor<1x2x4xf32>, %s: tensor<1x2x4xf32>) -> tensor<1x2x4xf32> {
  %xc = stablehlo.multiply %x, %c : tensor<1x2x4xf32>
  %lo = stablehlo.slice %x [0:1, 0:2, 0:2] : (tensor<1x2x4xf32>) -> tensor<1x2x2xf32>
  %hi = stablehlo.slice %x [0:1, 0:2, 2:4] : (tensor<1x2x4xf32>) -> tensor<1x2x2xf32>
  %nhi = stablehlo.negate %hi : tensor<1x2x2xf32>
  %rot = stablehlo.concatenate %nhi, %lo, dim = 2 : (tensor<1x2x2xf32>, tensor<1x2x2xf32>) -> tensor<1x2x4xf32>
  %rs = stablehlo.multiply %rot, %s : tensor<1x2x4xf32>
  %out = stablehlo.add %xc, %rs : tensor<1x2x4xf32>
  return %out : tensor<1x2x4xf32>
}
