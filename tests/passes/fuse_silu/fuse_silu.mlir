// RUN: kiln compile --pass=fuse-silu,dce --split-input-file %s | FileCheck %s

// jax.nn.silu: x * (1 / (1 + exp(-x))); the shared constant 1 is copied for the pattern.
// CHECK-LABEL: func.func @jax_nn
// CHECK: %[[S:.*]] = kiln.silu(%arg0) {config = {}}
// CHECK: stablehlo.negate
// CHECK: return %[[S]]
func.func @jax_nn(%x: tensor<8xf32>) -> tensor<8xf32> {
  %0 = stablehlo.negate %x : tensor<8xf32>
  %1 = stablehlo.exponential %0 : tensor<8xf32>
  %c = stablehlo.constant dense<1.0> : tensor<f32>
  %one = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<f32>) -> tensor<8xf32>
  %3 = stablehlo.add %one, %1 : tensor<8xf32>
  %5 = stablehlo.divide %one, %3 : tensor<8xf32>
  %6 = stablehlo.multiply %x, %5 : tensor<8xf32>
  return %6 : tensor<8xf32>
}

// -----

// x / (1 + exp(-x)) and logistic(x) * x.
// CHECK-LABEL: func.func @other_forms
// CHECK: kiln.silu(%arg0)
// CHECK: kiln.silu(%arg1)
// CHECK-SAME: {
// CHECK: stablehlo.logistic
func.func @other_forms(%x: tensor<8xf32>, %y: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  %0 = stablehlo.negate %x : tensor<8xf32>
  %1 = stablehlo.exponential %0 : tensor<8xf32>
  %one = stablehlo.constant dense<1.0> : tensor<8xf32>
  %3 = stablehlo.add %one, %1 : tensor<8xf32>
  %4 = stablehlo.divide %x, %3 : tensor<8xf32>
  %5 = stablehlo.logistic %y : tensor<8xf32>
  %6 = stablehlo.multiply %5, %y : tensor<8xf32>
  return %4, %6 : tensor<8xf32>, tensor<8xf32>
}

// -----

// sigmoid(x) * y is a gate, not a SiLU.
// CHECK-LABEL: func.func @gate
// CHECK-NOT: kiln.silu
func.func @gate(%x: tensor<8xf32>, %y: tensor<8xf32>) -> tensor<8xf32> {
  %5 = stablehlo.logistic %x : tensor<8xf32>
  %6 = stablehlo.multiply %5, %y : tensor<8xf32>
  return %6 : tensor<8xf32>
}
