// RUN: kiln compile --pass=fuse-gemm,dce --split-input-file %s | FileCheck %s

// relu(x @ W + b) + r: one kiln.gemm with the whole epilogue.
// CHECK-LABEL: func.func @bias_relu_residual
// CHECK: %[[G:.*]] = kiln.gemm(%arg0, %arg1, %arg2, %arg3) {config = {bias = true, activation = "relu", residual = true}}
// CHECK: stablehlo.dot_general
// CHECK: stablehlo.maximum
// CHECK: return %[[G]]
func.func @bias_relu_residual(%x: tensor<4x8xf32>, %w: tensor<8x16xf32>, %b: tensor<16xf32>, %r: tensor<4x16xf32>) -> tensor<4x16xf32> {
  %d = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
  %bb = stablehlo.broadcast_in_dim %b, dims = [1] : (tensor<16xf32>) -> tensor<4x16xf32>
  %h = stablehlo.add %d, %bb : tensor<4x16xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<4x16xf32>
  %a = stablehlo.maximum %h, %zero : tensor<4x16xf32>
  %out = stablehlo.add %a, %r : tensor<4x16xf32>
  return %out : tensor<4x16xf32>
}

// -----

// A bare dot_general is left alone; a biased one whose sum is used elsewhere too is not fused.
// CHECK-LABEL: func.func @bare_and_escaping
// CHECK-NOT: kiln.gemm
func.func @bare_and_escaping(%x: tensor<4x8xf32>, %w: tensor<8x16xf32>, %b: tensor<16xf32>) -> (tensor<4x16xf32>, tensor<4x16xf32>, tensor<4x16xf32>) {
  %d = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
  %bb = stablehlo.broadcast_in_dim %b, dims = [1] : (tensor<16xf32>) -> tensor<4x16xf32>
  %h = stablehlo.add %d, %bb : tensor<4x16xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<4x16xf32>
  %a = stablehlo.maximum %h, %zero : tensor<4x16xf32>
  return %d, %h, %a : tensor<4x16xf32>, tensor<4x16xf32>, tensor<4x16xf32>
}

// -----

// A "bias" that varies along the rows (the left-hand side's free dimension) is not a GEMM
// epilogue bias.
// CHECK-LABEL: func.func @row_bias
// CHECK-NOT: kiln.gemm
func.func @row_bias(%x: tensor<4x8xf32>, %w: tensor<8x16xf32>, %b: tensor<4xf32>) -> tensor<4x16xf32> {
  %d = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
  %bb = stablehlo.broadcast_in_dim %b, dims = [0] : (tensor<4xf32>) -> tensor<4x16xf32>
  %h = stablehlo.add %d, %bb : tensor<4x16xf32>
  return %h : tensor<4x16xf32>
}
