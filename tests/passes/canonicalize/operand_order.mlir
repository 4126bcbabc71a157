// RUN: kiln compile --pass=canonicalize --split-input-file %s | FileCheck %s

// Commutative ops put a constant (or a broadcast constant) second; ops between two constants,
// two variables, or with the constant second already, and non-commutative ops are unchanged.
// CHECK-LABEL: func.func @commutative
// CHECK: %[[C:.*]] = stablehlo.constant dense<2.000000e+00> : tensor<4xf32>
// CHECK: %[[S:.*]] = stablehlo.constant dense<3.000000e+00> : tensor<f32>
// CHECK: %[[B:.*]] = stablehlo.broadcast_in_dim %[[S]]
// CHECK: %[[A:.*]] = stablehlo.add %arg0, %[[C]]
// CHECK: %[[M:.*]] = stablehlo.multiply %[[A]], %[[B]]
// CHECK: %[[X:.*]] = stablehlo.maximum %[[M]], %[[C]]
// CHECK: %[[N:.*]] = stablehlo.minimum %[[X]], %[[C]]
// CHECK: %[[D:.*]] = stablehlo.subtract %[[C]], %[[N]]
// CHECK: stablehlo.add %[[C]], %[[B]]
// CHECK: stablehlo.multiply %[[D]], %arg0
func.func @commutative(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %c = stablehlo.constant dense<2.0> : tensor<4xf32>
  %s = stablehlo.constant dense<3.0> : tensor<f32>
  %b = stablehlo.broadcast_in_dim %s, dims = [] : (tensor<f32>) -> tensor<4xf32>
  %0 = stablehlo.add %c, %x : tensor<4xf32>
  %1 = stablehlo.multiply %b, %0 : tensor<4xf32>
  %2 = stablehlo.maximum %c, %1 : tensor<4xf32>
  %3 = stablehlo.minimum %2, %c : tensor<4xf32>
  %4 = stablehlo.subtract %c, %3 : tensor<4xf32>
  %5 = stablehlo.add %c, %b : tensor<4xf32>
  %6 = stablehlo.multiply %4, %x : tensor<4xf32>
  return %4, %5, %6 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// -----

// The bitwise ops too.
// CHECK-LABEL: func.func @bitwise
// CHECK: stablehlo.and %arg0, %[[C:.*]] :
// CHECK: stablehlo.or %{{.*}}, %[[C]] :
// CHECK: stablehlo.xor %{{.*}}, %[[C]] :
func.func @bitwise(%x: tensor<4xi32>) -> tensor<4xi32> {
  %c = stablehlo.constant dense<7> : tensor<4xi32>
  %0 = stablehlo.and %c, %x : tensor<4xi32>
  %1 = stablehlo.or %c, %0 : tensor<4xi32>
  %2 = stablehlo.xor %c, %1 : tensor<4xi32>
  return %2 : tensor<4xi32>
}

// -----

// A compare with the constant first swaps its operands and mirrors its direction.
// CHECK-LABEL: func.func @compare
// CHECK: stablehlo.compare GT, %arg0, %[[C:.*]], FLOAT
// CHECK: stablehlo.compare LE, %arg0, %[[C]], TOTALORDER
// CHECK: stablehlo.compare EQ, %arg0, %[[C]]
// CHECK: stablehlo.compare NE, %arg0, %[[C]]
// CHECK: stablehlo.compare LT, %arg0, %[[C]]
// CHECK: stablehlo.compare GE, %arg0, %[[C]]
// CHECK: stablehlo.compare LT, %[[C]], %[[C]]
func.func @compare(%x: tensor<4xf32>) -> (tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>) {
  %c = stablehlo.constant dense<0.5> : tensor<4xf32>
  %0 = stablehlo.compare LT, %c, %x, FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %1 = stablehlo.compare GE, %c, %x, TOTALORDER : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %2 = stablehlo.compare EQ, %c, %x : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %3 = stablehlo.compare NE, %c, %x : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %4 = stablehlo.compare GT, %c, %x : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %5 = stablehlo.compare LE, %c, %x : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %6 = stablehlo.compare LT, %c, %c : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  return %0, %1, %2, %3, %4, %5, %6 : tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>
}

// -----

// dot is dot_general contracting lhs's last dimension with rhs's first; precision is kept.
// CHECK-LABEL: func.func @dot
// CHECK: stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0], precision = [HIGHEST, DEFAULT] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
// CHECK: stablehlo.dot_general %arg2, %arg1, contracting_dims = [0] x [0] : (tensor<3xf32>, tensor<3x4xf32>) -> tensor<4xf32>
// CHECK: stablehlo.dot_general %arg2, %arg2, contracting_dims = [0] x [0] : (tensor<3xf32>, tensor<3xf32>) -> tensor<f32>
// CHECK-NOT: stablehlo.dot %
func.func @dot(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>, %v: tensor<3xf32>) -> (tensor<2x4xf32>, tensor<4xf32>, tensor<f32>) {
  %0 = stablehlo.dot %a, %b, precision = [HIGHEST, DEFAULT] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  %1 = stablehlo.dot %v, %b : (tensor<3xf32>, tensor<3x4xf32>) -> tensor<4xf32>
  %2 = stablehlo.dot %v, %v : (tensor<3xf32>, tensor<3xf32>) -> tensor<f32>
  return %0, %1, %2 : tensor<2x4xf32>, tensor<4xf32>, tensor<f32>
}

// -----

// stablehlo.composite stays as it is (its decomposition is a function like any other).
// CHECK-LABEL: func.func @main
// CHECK: stablehlo.composite "kiln.scale" %arg0 {decomposition = @scale}
func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.composite "kiln.scale" %x {decomposition = @scale} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
// CHECK-LABEL: func.func private @scale(%arg1
// CHECK: stablehlo.multiply %arg1, %{{.*}} : tensor<4xf32>
func.func private @scale(%x: tensor<4xf32>) -> tensor<4xf32> {
  %c = stablehlo.constant dense<2.0> : tensor<4xf32>
  %0 = stablehlo.multiply %c, %x : tensor<4xf32>
  return %0 : tensor<4xf32>
}
