// RUN: kiln compile --pass=licm --split-input-file %s | FileCheck %s

// An op reading only values from outside the loop moves before it; one reading the carried
// value stays.
// CHECK-LABEL: func.func @simple
// CHECK: %[[E:.*]] = stablehlo.exponential %arg1
// CHECK: stablehlo.while
// CHECK: do
// CHECK-NOT: stablehlo.exponential
// CHECK: stablehlo.add %{{.*}}, %[[E]]
func.func @simple(%x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xf32> {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %0:2 = stablehlo.while(%i = %c0, %v = %x) : tensor<i32>, tensor<4xf32>
  cond {
    %c8 = stablehlo.constant dense<8> : tensor<i32>
    %lt = stablehlo.compare LT, %i, %c8, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  } do {
    %one = stablehlo.constant dense<1> : tensor<i32>
    %n = stablehlo.add %i, %one : tensor<i32>
    %e = stablehlo.exponential %y : tensor<4xf32>
    %w = stablehlo.add %v, %e : tensor<4xf32>
    stablehlo.return %n, %w : tensor<i32>, tensor<4xf32>
  }
  return %0#1 : tensor<4xf32>
}

// -----

// A chain of invariant ops moves in order; a constant goes out with the op that reads it, and
// a broadcast (larger than its operand) only with an invariant user. The cond's invariant ops
// move too (cond always runs).
// CHECK-LABEL: func.func @chained
// CHECK: %[[R:.*]] = stablehlo.reduce(%arg1 init:
// CHECK: %[[T:.*]] = stablehlo.tanh %arg1
// CHECK: %[[C:.*]] = stablehlo.constant dense<2.000000e+00>
// CHECK: %[[B:.*]] = stablehlo.broadcast_in_dim %[[C]]
// CHECK: %[[M:.*]] = stablehlo.multiply %[[T]], %[[B]]
// CHECK: stablehlo.while
// CHECK: cond
// CHECK: stablehlo.compare LT, %{{.*}}, %[[R]]
// CHECK: do
// CHECK-NOT: stablehlo.tanh
// CHECK: %[[K:.*]] = stablehlo.constant dense<3.000000e+00>
// CHECK: %[[KB:.*]] = stablehlo.broadcast_in_dim %[[K]]
// CHECK: stablehlo.multiply %{{.*}}, %[[KB]]
// CHECK: stablehlo.add %{{.*}}, %[[M]]
func.func @chained(%x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xf32> {
  %s0 = stablehlo.constant dense<0.0> : tensor<f32>
  %0:2 = stablehlo.while(%s = %s0, %v = %x) : tensor<f32>, tensor<4xf32>
  cond {
    %z = stablehlo.constant dense<0.0> : tensor<f32>
    %r = stablehlo.reduce(%y init: %z) applies stablehlo.add across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
    %lt = stablehlo.compare LT, %s, %r : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  } do {
    %t = stablehlo.tanh %y : tensor<4xf32>
    %c = stablehlo.constant dense<2.0> : tensor<f32>
    %b = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %m = stablehlo.multiply %t, %b : tensor<4xf32>
    %k = stablehlo.constant dense<3.0> : tensor<f32>
    %kb = stablehlo.broadcast_in_dim %k, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %v3 = stablehlo.multiply %v, %kb : tensor<4xf32>
    %w = stablehlo.add %v3, %m : tensor<4xf32>
    %one = stablehlo.constant dense<1.0> : tensor<f32>
    %s1 = stablehlo.add %s, %one : tensor<f32>
    stablehlo.return %s1, %w : tensor<f32>, tensor<4xf32>
  }
  return %0#1 : tensor<4xf32>
}

// -----

// Nested loops: an op invariant in both leaves both; one that reads the outer loop's value
// leaves only the inner loop.
// CHECK-LABEL: func.func @nested
// CHECK: %[[L:.*]] = stablehlo.log %arg1
// CHECK: stablehlo.while
// CHECK: do
// CHECK: %[[S:.*]] = stablehlo.sine %[[OUTER:.*]] :
// CHECK: stablehlo.while
// CHECK: do
// CHECK-NOT: stablehlo.log
// CHECK-NOT: stablehlo.sine
// CHECK: stablehlo.add %{{.*}}, %[[L]]
// CHECK: stablehlo.add %{{.*}}, %[[S]]
func.func @nested(%x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xf32> {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %0:2 = stablehlo.while(%i = %c0, %v = %x) : tensor<i32>, tensor<4xf32>
  cond {
    %c3 = stablehlo.constant dense<3> : tensor<i32>
    %lt = stablehlo.compare LT, %i, %c3, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  } do {
    %1:2 = stablehlo.while(%j = %c0, %u = %v) : tensor<i32>, tensor<4xf32>
    cond {
      %c4 = stablehlo.constant dense<4> : tensor<i32>
      %lt = stablehlo.compare LT, %j, %c4, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %lt : tensor<i1>
    } do {
      %l = stablehlo.log %y : tensor<4xf32>
      %s = stablehlo.sine %v : tensor<4xf32>
      %a = stablehlo.add %u, %l : tensor<4xf32>
      %b = stablehlo.add %a, %s : tensor<4xf32>
      %one = stablehlo.constant dense<1> : tensor<i32>
      %j1 = stablehlo.add %j, %one : tensor<i32>
      stablehlo.return %j1, %b : tensor<i32>, tensor<4xf32>
    }
    %one = stablehlo.constant dense<1> : tensor<i32>
    %i1 = stablehlo.add %i, %one : tensor<i32>
    stablehlo.return %i1, %1#1 : tensor<i32>, tensor<4xf32>
  }
  return %0#1 : tensor<4xf32>
}

// -----

// Ops with effects stay, and so do ops whose regions read the carried values.
// CHECK-LABEL: func.func @stays
// CHECK: stablehlo.while
// CHECK: do
// CHECK: stablehlo.rng
// CHECK: stablehlo.reduce
// CHECK: stablehlo.custom_call @side_effect
func.func @stays(%x: tensor<2xf32>, %a: tensor<f32>, %b: tensor<f32>) -> tensor<2xf32> {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %shape = stablehlo.constant dense<[2]> : tensor<1xi64>
  %0:2 = stablehlo.while(%i = %c0, %v = %x) : tensor<i32>, tensor<2xf32>
  cond {
    %c3 = stablehlo.constant dense<3> : tensor<i32>
    %lt = stablehlo.compare LT, %i, %c3, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  } do {
    %r = stablehlo.rng %a, %b, %shape, distribution = UNIFORM : (tensor<f32>, tensor<f32>, tensor<1xi64>) -> tensor<2xf32>
    %z = stablehlo.constant dense<0.0> : tensor<f32>
    %m = stablehlo.reduce(%x init: %z) across dimensions = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<f32>
      reducer(%p: tensor<f32>, %q: tensor<f32>) {
        %e = stablehlo.slice %v [0:1] : (tensor<2xf32>) -> tensor<1xf32>
        %f = stablehlo.reshape %e : (tensor<1xf32>) -> tensor<f32>
        %s = stablehlo.add %p, %f : tensor<f32>
        %t = stablehlo.add %s, %q : tensor<f32>
        stablehlo.return %t : tensor<f32>
      }
    %mb = stablehlo.broadcast_in_dim %m, dims = [] : (tensor<f32>) -> tensor<2xf32>
    %k = stablehlo.custom_call @side_effect(%x) {has_side_effect = true} : (tensor<2xf32>) -> tensor<2xf32>
    %w0 = stablehlo.add %v, %r : tensor<2xf32>
    %w1 = stablehlo.add %w0, %mb : tensor<2xf32>
    %w = stablehlo.add %w1, %k : tensor<2xf32>
    %one = stablehlo.constant dense<1> : tensor<i32>
    %i1 = stablehlo.add %i, %one : tensor<i32>
    stablehlo.return %i1, %w : tensor<i32>, tensor<2xf32>
  }
  return %0#1 : tensor<2xf32>
}

// -----

// A carried value the body returns unchanged (JAX carries its weights so) is the loop's
// operand on every iteration: an op reading it moves out and reads the operand.
// CHECK-LABEL: func.func @forwarded
// CHECK: %[[T:.*]] = stablehlo.transpose %arg1
// CHECK: stablehlo.while
// CHECK: do
// CHECK-NOT: stablehlo.transpose
// CHECK: stablehlo.dot_general %{{.*}}, %[[T]]
func.func @forwarded(%x: tensor<2x4xf32>, %w: tensor<4x4xf32>) -> tensor<2x4xf32> {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %0:3 = stablehlo.while(%i = %c0, %v = %x, %ww = %w) : tensor<i32>, tensor<2x4xf32>, tensor<4x4xf32>
  cond {
    %c3 = stablehlo.constant dense<3> : tensor<i32>
    %lt = stablehlo.compare LT, %i, %c3, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  } do {
    %t = stablehlo.transpose %ww, dims = [1, 0] : (tensor<4x4xf32>) -> tensor<4x4xf32>
    %d = stablehlo.dot_general %v, %t, contracting_dims = [1] x [0] : (tensor<2x4xf32>, tensor<4x4xf32>) -> tensor<2x4xf32>
    %one = stablehlo.constant dense<1> : tensor<i32>
    %i1 = stablehlo.add %i, %one : tensor<i32>
    stablehlo.return %i1, %d, %ww : tensor<i32>, tensor<2x4xf32>, tensor<4x4xf32>
  }
  return %0#1 : tensor<2x4xf32>
}
