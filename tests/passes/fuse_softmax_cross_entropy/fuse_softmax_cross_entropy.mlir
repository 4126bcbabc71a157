// RUN: kiln compile --pass=fuse-softmax,fuse-softmax-cross-entropy,dce --split-input-file %s | FileCheck %s

// -sum(labels * log_softmax(x), axis 1): the log-softmax goes inside, the mean stays outside.
// CHECK-LABEL: func.func @soft_labels
// CHECK: %[[L:.*]] = kiln.softmax_cross_entropy(%arg0, %arg1) {config = {labels = "dense", negated = true}}
// CHECK: kiln.log_softmax
// CHECK: stablehlo.multiply
// CHECK: return %[[L]]
func.func @soft_labels(%x: tensor<4x8xf32>, %y: tensor<4x8xf32>) -> tensor<4xf32> {
  %e = stablehlo.exponential %x : tensor<4x8xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %s = stablehlo.reduce(%e init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
  %l = stablehlo.log %s : tensor<4xf32>
  %lb = stablehlo.broadcast_in_dim %l, dims = [0] : (tensor<4xf32>) -> tensor<4x8xf32>
  %ls = stablehlo.subtract %x, %lb : tensor<4x8xf32>
  %p = stablehlo.multiply %y, %ls : tensor<4x8xf32>
  %r = stablehlo.reduce(%p init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
  %n = stablehlo.negate %r : tensor<4xf32>
  return %n : tensor<4xf32>
}

// -----

// The labels are summed over the other axis than the log-softmax's: not a cross-entropy.
// CHECK-LABEL: func.func @other_axis
// CHECK-NOT: kiln.softmax_cross_entropy
// CHECK: kiln.log_softmax
func.func @other_axis(%x: tensor<4x8xf32>, %y: tensor<4x8xf32>) -> tensor<8xf32> {
  %e = stablehlo.exponential %x : tensor<4x8xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %s = stablehlo.reduce(%e init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
  %l = stablehlo.log %s : tensor<4xf32>
  %lb = stablehlo.broadcast_in_dim %l, dims = [0] : (tensor<4xf32>) -> tensor<4x8xf32>
  %ls = stablehlo.subtract %x, %lb : tensor<4x8xf32>
  %p = stablehlo.multiply %y, %ls : tensor<4x8xf32>
  %r = stablehlo.reduce(%p init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<4x8xf32>, tensor<f32>) -> tensor<8xf32>
  return %r : tensor<8xf32>
}
