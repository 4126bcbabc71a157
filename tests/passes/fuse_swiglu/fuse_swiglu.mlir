// RUN: kiln compile --pass=fuse-swiglu,fuse-silu,dce --split-input-file %s | FileCheck %s

// silu(x @ W1) * (x @ W2): the GEMMs go into the region; no kiln.silu is left outside.
// CHECK-LABEL: func.func @two_weights
// CHECK: kiln.swiglu(%arg0, %arg1, %arg2) {config = {activation = "silu", input = 0 : i64, gate_weight = 1 : i64, up_weight = 2 : i64}}
// CHECK-COUNT-2: stablehlo.dot_general
// CHECK: stablehlo.logistic
// CHECK-NOT: kiln.silu
func.func @two_weights(%x: tensor<4x8xf32>, %w1: tensor<8x16xf32>, %w2: tensor<8x16xf32>) -> tensor<4x16xf32> {
  %a = stablehlo.dot_general %x, %w1, contracting_dims = [1] x [0] : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
  %b = stablehlo.dot_general %x, %w2, contracting_dims = [1] x [0] : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
  %s = stablehlo.logistic %a : tensor<4x16xf32>
  %silu = stablehlo.multiply %a, %s : tensor<4x16xf32>
  %r = stablehlo.multiply %silu, %b : tensor<4x16xf32>
  return %r : tensor<4x16xf32>
}

// -----

// One x @ [W1 W2] split in halves; the gate is the second half here.
// CHECK-LABEL: func.func @fused_weight
// CHECK: kiln.swiglu(%arg0, %arg1) {config = {activation = "silu", input = 0 : i64, fused_weight = 1 : i64, gate_half = 1 : i64}}
func.func @fused_weight(%x: tensor<4x8xf32>, %w: tensor<8x32xf32>) -> tensor<4x16xf32> {
  %h = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<4x8xf32>, tensor<8x32xf32>) -> tensor<4x32xf32>
  %up = stablehlo.slice %h [0:4, 0:16] : (tensor<4x32xf32>) -> tensor<4x16xf32>
  %a = stablehlo.slice %h [0:4, 16:32] : (tensor<4x32xf32>) -> tensor<4x16xf32>
  %s = stablehlo.logistic %a : tensor<4x16xf32>
  %silu = stablehlo.multiply %a, %s : tensor<4x16xf32>
  %r = stablehlo.multiply %silu, %up : tensor<4x16xf32>
  return %r : tensor<4x16xf32>
}

// -----

// The two products read different inputs: a SiLU times something, not a SwiGLU.
// CHECK-LABEL: func.func @different_inputs
// CHECK-NOT: kiln.swiglu
// CHECK: kiln.silu
func.func @different_inputs(%x: tensor<4x8xf32>, %y: tensor<4x8xf32>, %w1: tensor<8x16xf32>, %w2: tensor<8x16xf32>) -> tensor<4x16xf32> {
  %a = stablehlo.dot_general %x, %w1, contracting_dims = [1] x [0] : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
  %b = stablehlo.dot_general %y, %w2, contracting_dims = [1] x [0] : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
  %s = stablehlo.logistic %a : tensor<4x16xf32>
  %silu = stablehlo.multiply %a, %s : tensor<4x16xf32>
  %r = stablehlo.multiply %silu, %b : tensor<4x16xf32>
  return %r : tensor<4x16xf32>
}
