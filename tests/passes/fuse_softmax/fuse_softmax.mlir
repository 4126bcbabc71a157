// RUN: kiln compile --pass=fuse-softmax,dce --split-input-file %s | FileCheck %s

// jax.nn.softmax's form: guarded max, keepdims broadcasts.
// CHECK-LABEL: func.func @softmax_max
// CHECK: %[[S:.*]] = kiln.softmax(%arg0) {config = {axis = 1 : i64, max_subtracted = true}}
// CHECK: stablehlo.reduce
// CHECK-SAME: stablehlo.maximum
// CHECK: stablehlo.exponential
// CHECK: stablehlo.divide
// CHECK: stablehlo.return
// CHECK: return %[[S]]
func.func @softmax_max(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %m = stablehlo.reduce(%x init: %ninf) applies stablehlo.maximum across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
  %g = stablehlo.broadcast_in_dim %ninf, dims = [] : (tensor<f32>) -> tensor<4xf32>
  %mm = stablehlo.maximum %g, %m : tensor<4xf32>
  %m1 = stablehlo.broadcast_in_dim %mm, dims = [0] : (tensor<4xf32>) -> tensor<4x1xf32>
  %mb = stablehlo.broadcast_in_dim %m1, dims = [0, 1] : (tensor<4x1xf32>) -> tensor<4x8xf32>
  %y = stablehlo.subtract %x, %mb : tensor<4x8xf32>
  %e = stablehlo.exponential %y : tensor<4x8xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %s = stablehlo.reduce(%e init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
  %sb = stablehlo.broadcast_in_dim %s, dims = [0] : (tensor<4xf32>) -> tensor<4x8xf32>
  %r = stablehlo.divide %e, %sb : tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}

// -----

// Without the max, over the first axis.
// CHECK-LABEL: func.func @softmax_no_max
// CHECK: kiln.softmax(%arg0) {config = {axis = 0 : i64, max_subtracted = false}}
func.func @softmax_no_max(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %e = stablehlo.exponential %x : tensor<4x8xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %s = stablehlo.reduce(%e init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<4x8xf32>, tensor<f32>) -> tensor<8xf32>
  %sb = stablehlo.broadcast_in_dim %s, dims = [1] : (tensor<8xf32>) -> tensor<4x8xf32>
  %r = stablehlo.divide %e, %sb : tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}

// -----

// Log-softmax: y - log(sum(exp(y))), y = x - max(x).
// CHECK-LABEL: func.func @log_softmax
// CHECK: kiln.log_softmax(%arg0) {config = {axis = 1 : i64, max_subtracted = true}}
// CHECK-NOT: kiln.softmax
func.func @log_softmax(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %m = stablehlo.reduce(%x init: %ninf) applies stablehlo.maximum across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
  %mb = stablehlo.broadcast_in_dim %m, dims = [0] : (tensor<4xf32>) -> tensor<4x8xf32>
  %y = stablehlo.subtract %x, %mb : tensor<4x8xf32>
  %e = stablehlo.exponential %y : tensor<4x8xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %s = stablehlo.reduce(%e init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
  %l = stablehlo.log %s : tensor<4xf32>
  %lb = stablehlo.broadcast_in_dim %l, dims = [0] : (tensor<4xf32>) -> tensor<4x8xf32>
  %r = stablehlo.subtract %y, %lb : tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}

// -----

// The exp escapes (a second result): not fused.
// CHECK-LABEL: func.func @exp_escapes
// CHECK-NOT: kiln.softmax
func.func @exp_escapes(%x: tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>) {
  %e = stablehlo.exponential %x : tensor<4x8xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %s = stablehlo.reduce(%e init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
  %sb = stablehlo.broadcast_in_dim %s, dims = [0] : (tensor<4xf32>) -> tensor<4x8xf32>
  %r = stablehlo.divide %e, %sb : tensor<4x8xf32>
  return %r, %e : tensor<4x8xf32>, tensor<4x8xf32>
}

// -----

// The sum broadcast along the wrong dimension (a square matrix: shapes agree): not a softmax.
// CHECK-LABEL: func.func @transposed_sum
// CHECK-NOT: kiln.softmax
func.func @transposed_sum(%x: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %e = stablehlo.exponential %x : tensor<8x8xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %s = stablehlo.reduce(%e init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<8x8xf32>, tensor<f32>) -> tensor<8xf32>
  %sb = stablehlo.broadcast_in_dim %s, dims = [1] : (tensor<8xf32>) -> tensor<8x8xf32>
  %r = stablehlo.divide %e, %sb : tensor<8x8xf32>
  return %r : tensor<8x8xf32>
}

// -----

// A sum that starts at 1: not a softmax.
// CHECK-LABEL: func.func @sum_init_one
// CHECK-NOT: kiln.softmax
func.func @sum_init_one(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %e = stablehlo.exponential %x : tensor<4x8xf32>
  %one = stablehlo.constant dense<1.0> : tensor<f32>
  %s = stablehlo.reduce(%e init: %one) applies stablehlo.add across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
  %sb = stablehlo.broadcast_in_dim %s, dims = [0] : (tensor<4xf32>) -> tensor<4x8xf32>
  %r = stablehlo.divide %e, %sb : tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}
