// RUN: kiln compile --pass=fuse-rms-norm,dce --split-input-file %s | FileCheck %s

// x * rsqrt(mean(x^2) + eps) * g, after a residual add whose sum is returned too: the sum is
// the first result, the norm the second.
// CHECK-LABEL: func.func @residual
// CHECK: %[[N:.*]]:2 = kiln.rms_norm(%arg0, %arg1, %arg2) {config = {axis = 1 : i64, epsilon = {{.*}} : f64, scale = true, residual = true}}
// CHECK: stablehlo.add %arg3, %arg4
// CHECK: stablehlo.rsqrt
// CHECK: return %[[N]]#1, %[[N]]#0
func.func @residual(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>, %g: tensor<8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>) {
  %x = stablehlo.add %a, %b : tensor<4x8xf32>
  %sq = stablehlo.multiply %x, %x : tensor<4x8xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %s = stablehlo.reduce(%sq init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
  %n = stablehlo.constant dense<8.0> : tensor<4xf32>
  %ms = stablehlo.divide %s, %n : tensor<4xf32>
  %eps = stablehlo.constant dense<1.0e-6> : tensor<4xf32>
  %v = stablehlo.add %ms, %eps : tensor<4xf32>
  %r = stablehlo.rsqrt %v : tensor<4xf32>
  %rb = stablehlo.broadcast_in_dim %r, dims = [0] : (tensor<4xf32>) -> tensor<4x8xf32>
  %y = stablehlo.multiply %x, %rb : tensor<4x8xf32>
  %gb = stablehlo.broadcast_in_dim %g, dims = [1] : (tensor<8xf32>) -> tensor<4x8xf32>
  %out = stablehlo.multiply %y, %gb : tensor<4x8xf32>
  return %out, %x : tensor<4x8xf32>, tensor<4x8xf32>
}

// -----

// The divisor is not the row length (mean over 8 elements divided by 4): not an RMS norm.
// CHECK-LABEL: func.func @wrong_count
// CHECK-NOT: kiln.rms_norm
func.func @wrong_count(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %sq = stablehlo.multiply %x, %x : tensor<4x8xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %s = stablehlo.reduce(%sq init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
  %n = stablehlo.constant dense<4.0> : tensor<4xf32>
  %ms = stablehlo.divide %s, %n : tensor<4xf32>
  %eps = stablehlo.constant dense<1.0e-6> : tensor<4xf32>
  %v = stablehlo.add %ms, %eps : tensor<4xf32>
  %r = stablehlo.rsqrt %v : tensor<4xf32>
  %rb = stablehlo.broadcast_in_dim %r, dims = [0] : (tensor<4xf32>) -> tensor<4x8xf32>
  %y = stablehlo.multiply %x, %rb : tensor<4x8xf32>
  return %y : tensor<4x8xf32>
}

// -----

// The residual sum is read between the norm's ops: the norm is fused without the add.
// CHECK-LABEL: func.func @main
// CHECK: %[[X:.*]] = stablehlo.add %arg0, %arg1
// CHECK: kiln.rms_norm(%[[X]]) {config = {axis = 1 : i64, epsilon = {{.*}} : f64, scale = false, residual = false}}
func.func @main(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>) {
  %x = stablehlo.add %a, %b : tensor<4x8xf32>
  %early = stablehlo.exponential %x : tensor<4x8xf32>
  %sq = stablehlo.multiply %x, %x : tensor<4x8xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %s = stablehlo.reduce(%sq init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
  %n = stablehlo.constant dense<8.0> : tensor<4xf32>
  %ms = stablehlo.divide %s, %n : tensor<4xf32>
  %eps = stablehlo.constant dense<1.0e-6> : tensor<4xf32>
  %v = stablehlo.add %ms, %eps : tensor<4xf32>
  %r = stablehlo.rsqrt %v : tensor<4xf32>
  %rb = stablehlo.broadcast_in_dim %r, dims = [0] : (tensor<4xf32>) -> tensor<4x8xf32>
  %y = stablehlo.multiply %x, %rb : tensor<4x8xf32>
  return %y, %early : tensor<4x8xf32>, tensor<4x8xf32>
}
