// RUN: kiln compile --pass=refine-shapes --split-input-file %s | FileCheck %s
// (No --validate: the interpreter runs no op of a dynamic result type but the dynamic-shape
// ops; tests/unit/passes/refine_shapes_test.cpp compares refined functions with it.)

// Element-wise ops, convert, compare and select take their operands' shape; transpose,
// concatenate, slice and reduce their rules.
// CHECK-LABEL: func.func @chain
// CHECK: stablehlo.exponential %{{.*}} : tensor<2x3xf32>
// CHECK: stablehlo.convert %{{.*}} : (tensor<2x3xf32>) -> tensor<2x3xf16>
// CHECK: stablehlo.compare GT, {{.*}} -> tensor<2x3xi1>
// CHECK: stablehlo.select {{.*}}, tensor<2x3xf16>
// CHECK: stablehlo.transpose {{.*}} -> tensor<3x2xf16>
// CHECK: stablehlo.reshape {{.*}} : (tensor<3x2xf16>) -> tensor<6xf16>
// CHECK: stablehlo.concatenate {{.*}} -> tensor<12xf16>
// CHECK: stablehlo.slice {{.*}} -> tensor<5xf16>
// CHECK: stablehlo.reduce{{.*}} -> tensor<f16>
// CHECK: return {{.*}} : tensor<5xf16>, tensor<f16>
func.func @chain(%arg0: tensor<2x3xf32>) -> (tensor<?xf16>, tensor<f16>) {
  %0 = stablehlo.convert %arg0 : (tensor<2x3xf32>) -> tensor<?x?xf32>
  %1 = stablehlo.exponential %0 : tensor<?x?xf32>
  %2 = stablehlo.convert %1 : (tensor<?x?xf32>) -> tensor<?x?xf16>
  %3 = stablehlo.compare GT, %2, %2 : (tensor<?x?xf16>, tensor<?x?xf16>) -> tensor<?x?xi1>
  %4 = stablehlo.select %3, %2, %2 : (tensor<?x?xi1>, tensor<?x?xf16>, tensor<?x?xf16>) -> tensor<?x?xf16>
  %5 = stablehlo.transpose %4, dims = [1, 0] : (tensor<?x?xf16>) -> tensor<?x?xf16>
  %6 = stablehlo.reshape %5 : (tensor<?x?xf16>) -> tensor<6xf16>
  %7 = stablehlo.concatenate %6, %6, dim = 0 : (tensor<6xf16>, tensor<6xf16>) -> tensor<?xf16>
  %8 = stablehlo.slice %7 [1:11:2] : (tensor<?xf16>) -> tensor<?xf16>
  %zero = stablehlo.constant dense<0.0> : tensor<f16>
  %9 = stablehlo.reduce(%8 init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<?xf16>, tensor<f16>) -> tensor<f16>
  return %8, %9 : tensor<?xf16>, tensor<f16>
}

// -----

// reshape to a type with one (bounded) dynamic dimension: it takes the elements left.
// CHECK-LABEL: func.func @reshape_bounded
// CHECK: stablehlo.reshape {{.*}} -> tensor<2x6xf32>
func.func @reshape_bounded(%a: tensor<3x4xf32>) -> tensor<2x?xf32, #stablehlo.bounds<?, 8>> {
  %0 = stablehlo.reshape %a : (tensor<3x4xf32>) -> tensor<2x?xf32, #stablehlo.bounds<?, 8>>
  return %0 : tensor<2x?xf32, #stablehlo.bounds<?, 8>>
}

// -----

// CHECK-LABEL: func.func @dot
// CHECK: stablehlo.dot_general {{.*}} -> tensor<4x5xf32>
func.func @dot(%a: tensor<4x3xf32>, %b: tensor<3x5xf32>) -> tensor<?x?xf32> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<4x3xf32>, tensor<3x5xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

// bitcast_convert to narrower elements gains a dimension.
// CHECK-LABEL: func.func @bitcast
// CHECK: stablehlo.bitcast_convert {{.*}} -> tensor<3x2xi16>
func.func @bitcast(%a: tensor<3xf32>) -> tensor<?x2xi16> {
  %0 = stablehlo.bitcast_convert %a : (tensor<3xf32>) -> tensor<?x2xi16>
  return %0 : tensor<?x2xi16>
}

// -----

// while: the carried values' types flow into both regions and out of the loop.
// CHECK-LABEL: func.func @loop
// CHECK: stablehlo.while(%[[I:.*]] = %{{.*}}, %[[X:.*]] = %{{.*}}) : tensor<i32>, tensor<4xf32>
// CHECK: stablehlo.add %[[X]], %[[X]] : tensor<4xf32>
// CHECK: return {{.*}} : tensor<4xf32>
func.func @loop(%arg0: tensor<4xf32>) -> tensor<?xf32> {
  %c = stablehlo.convert %arg0 : (tensor<4xf32>) -> tensor<?xf32>
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %r:2 = stablehlo.while(%i = %zero, %x = %c) : tensor<i32>, tensor<?xf32>
    cond {
    %three = stablehlo.constant dense<3> : tensor<i32>
    %lt = stablehlo.compare LT, %i, %three : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  } do {
    %one = stablehlo.constant dense<1> : tensor<i32>
    %j = stablehlo.add %i, %one : tensor<i32>
    %y = stablehlo.add %x, %x : tensor<?xf32>
    stablehlo.return %j, %y : tensor<i32>, tensor<?xf32>
  }
  return %r#1 : tensor<?xf32>
}

// -----

// if: the result type is the branches'.
// CHECK-LABEL: func.func @branch
// CHECK: "stablehlo.if"
// CHECK: }) : (tensor<i1>) -> tensor<2xf32>
func.func @branch(%p: tensor<i1>, %a: tensor<2xf32>) -> tensor<?xf32> {
  %r = "stablehlo.if"(%p) ({
    %n = stablehlo.negate %a : tensor<2xf32>
    stablehlo.return %n : tensor<2xf32>
  }, {
    stablehlo.return %a : tensor<2xf32>
  }) : (tensor<i1>) -> tensor<?xf32>
  return %r : tensor<?xf32>
}

// -----

// A function with a dynamic argument is left alone (its caller has not fixed its shapes).
// CHECK-LABEL: func.func @polymorphic
// CHECK: stablehlo.negate %arg0 : tensor<?xf32>
func.func @polymorphic(%arg0: tensor<?xf32>) -> tensor<?xf32> {
  %0 = stablehlo.negate %arg0 : tensor<?xf32>
  return %0 : tensor<?xf32>
}
