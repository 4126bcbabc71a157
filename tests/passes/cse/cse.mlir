// RUN: kiln compile --pass=cse,dce --split-input-file %s | FileCheck %s

// Two equal adds become one.
// CHECK-LABEL: func.func @simple
// CHECK: %[[A:.*]] = stablehlo.add %arg0, %arg1
// CHECK-NOT: stablehlo.add
// CHECK: stablehlo.multiply %[[A]], %[[A]]
func.func @simple(%arg0: tensor<4xf32>, %arg1: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.add %arg0, %arg1 : tensor<4xf32>
  %1 = stablehlo.add %arg0, %arg1 : tensor<4xf32>
  %2 = stablehlo.multiply %0, %1 : tensor<4xf32>
  return %2 : tensor<4xf32>
}

// -----

// Operand order matters (subtract is not commutative), attributes too, constants merge.
// CHECK-LABEL: func.func @differences
// CHECK-COUNT-2: stablehlo.subtract
// CHECK-COUNT-2: stablehlo.compare
// CHECK-COUNT-1: stablehlo.constant
func.func @differences(%a: tensor<4xf32>, %b: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xi1>, tensor<4xi1>, tensor<4xf32>, tensor<4xf32>) {
  %0 = stablehlo.subtract %a, %b : tensor<4xf32>
  %1 = stablehlo.subtract %b, %a : tensor<4xf32>
  %2 = stablehlo.compare LT, %a, %b : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %3 = stablehlo.compare GT, %a, %b : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %4 = stablehlo.constant dense<2.0> : tensor<4xf32>
  %5 = stablehlo.constant dense<2.0> : tensor<4xf32>
  return %0, %1, %2, %3, %4, %5 : tensor<4xf32>, tensor<4xf32>, tensor<4xi1>, tensor<4xi1>, tensor<4xf32>, tensor<4xf32>
}

// -----

// Reduces with equal bodies merge; an op inside a region reuses one computed outside it.
// CHECK-LABEL: func.func @regions
// CHECK: %[[E:.*]] = stablehlo.exponential %arg0
// CHECK: stablehlo.reduce
// CHECK-NOT: stablehlo.reduce
// CHECK: stablehlo.while
// CHECK: do
// CHECK-NOT: stablehlo.exponential
// CHECK: stablehlo.add %{{.*}}, %[[E]]
func.func @regions(%arg0: tensor<4xf32>) -> (tensor<f32>, tensor<f32>, tensor<4xf32>) {
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %e = stablehlo.exponential %arg0 : tensor<4xf32>
  %0 = stablehlo.reduce(%arg0 init: %z) applies stablehlo.add across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
  %1 = stablehlo.reduce(%arg0 init: %z) applies stablehlo.add across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
  %c = stablehlo.constant dense<3> : tensor<i32>
  %i0 = stablehlo.constant dense<0> : tensor<i32>
  %2:2 = stablehlo.while(%i = %i0, %x = %arg0) : tensor<i32>, tensor<4xf32>
  cond {
    %lt = stablehlo.compare LT, %i, %c : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  } do {
    %one = stablehlo.constant dense<1> : tensor<i32>
    %n = stablehlo.add %i, %one : tensor<i32>
    %e2 = stablehlo.exponential %arg0 : tensor<4xf32>
    %y = stablehlo.add %x, %e2 : tensor<4xf32>
    stablehlo.return %n, %y : tensor<i32>, tensor<4xf32>
  }
  return %0, %1, %2#1 : tensor<f32>, tensor<f32>, tensor<4xf32>
}

// -----

// Ops with effects never merge.
// CHECK-LABEL: func.func @effects
// CHECK-COUNT-2: stablehlo.rng
func.func @effects(%a: tensor<f32>, %b: tensor<f32>) -> (tensor<2xf32>, tensor<2xf32>) {
  %s = stablehlo.constant dense<[2]> : tensor<1xi64>
  %0 = stablehlo.rng %a, %b, %s, distribution = UNIFORM : (tensor<f32>, tensor<f32>, tensor<1xi64>) -> tensor<2xf32>
  %1 = stablehlo.rng %a, %b, %s, distribution = UNIFORM : (tensor<f32>, tensor<f32>, tensor<1xi64>) -> tensor<2xf32>
  return %0, %1 : tensor<2xf32>, tensor<2xf32>
}
