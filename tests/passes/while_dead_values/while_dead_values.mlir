// RUN: kiln compile --pass=while-dead-values --split-input-file %s | FileCheck %s

// A carried value nothing reads after the loop, and that feeds only itself, goes with the
// ops that computed it; so does a second one that fed only the first.
// CHECK-LABEL: func.func @dead
// CHECK: %[[R:.*]]:2 = stablehlo.while(%[[I:.*]] = %{{.*}}, %[[V:.*]] = %arg0) : tensor<i32>, tensor<4xf32>
// CHECK: do
// CHECK-NOT: stablehlo.exponential
// CHECK-NOT: stablehlo.cosine
// CHECK: stablehlo.sine %[[V]]
// CHECK-NOT: stablehlo.exponential
// CHECK: stablehlo.return %{{.*}}, %{{.*}} : tensor<i32>, tensor<4xf32>
// CHECK: return %[[R]]#1
func.func @dead(%x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xf32> {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %0:4 = stablehlo.while(%i = %c0, %v = %x, %acc = %y, %aux = %y) : tensor<i32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
  cond {
    %c8 = stablehlo.constant dense<8> : tensor<i32>
    %lt = stablehlo.compare LT, %i, %c8, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  } do {
    %one = stablehlo.constant dense<1> : tensor<i32>
    %n = stablehlo.add %i, %one : tensor<i32>
    %w = stablehlo.sine %v : tensor<4xf32>
    %e = stablehlo.exponential %acc : tensor<4xf32>
    %c = stablehlo.cosine %aux : tensor<4xf32>
    %a = stablehlo.add %e, %c : tensor<4xf32>
    stablehlo.return %n, %w, %a, %c : tensor<i32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
  }
  return %0#1 : tensor<4xf32>
}

// -----

// A value only the cond reads stays (the counter here); so does one that feeds a live value,
// and one that feeds an op with effects.
// CHECK-LABEL: func.func @live
// CHECK: stablehlo.while(%{{.*}} = %{{.*}}, %{{.*}} = %arg0, %{{.*}} = %arg1, %{{.*}} = %arg2) : tensor<i32>, tensor<4xf32>, tensor<4xf32>, tensor<2xf32>
// CHECK: stablehlo.rng
func.func @live(%x: tensor<4xf32>, %y: tensor<4xf32>, %lo: tensor<2xf32>) -> tensor<4xf32> {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %shape = stablehlo.constant dense<[2]> : tensor<1xi64>
  %0:4 = stablehlo.while(%i = %c0, %v = %x, %feed = %y, %b = %lo) : tensor<i32>, tensor<4xf32>, tensor<4xf32>, tensor<2xf32>
  cond {
    %c8 = stablehlo.constant dense<8> : tensor<i32>
    %lt = stablehlo.compare LT, %i, %c8, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  } do {
    %one = stablehlo.constant dense<1> : tensor<i32>
    %n = stablehlo.add %i, %one : tensor<i32>
    %w = stablehlo.add %v, %feed : tensor<4xf32>
    %f = stablehlo.sine %feed : tensor<4xf32>
    %s = stablehlo.slice %b [0:1] : (tensor<2xf32>) -> tensor<1xf32>
    %r = stablehlo.reshape %s : (tensor<1xf32>) -> tensor<f32>
    %hi = stablehlo.constant dense<1.0> : tensor<f32>
    %rng = stablehlo.rng %r, %hi, %shape, distribution = UNIFORM : (tensor<f32>, tensor<f32>, tensor<1xi64>) -> tensor<2xf32>
    stablehlo.return %n, %w, %f, %rng : tensor<i32>, tensor<4xf32>, tensor<4xf32>, tensor<2xf32>
  }
  return %0#1 : tensor<4xf32>
}

// -----

// A value the body returns unchanged is the operand everywhere: in cond, in the body and
// after the loop.
// CHECK-LABEL: func.func @forwarded
// CHECK: %[[R:.*]]:2 = stablehlo.while(%[[I:.*]] = %{{.*}}, %[[V:.*]] = %arg0) : tensor<i32>, tensor<4xf32>
// CHECK: stablehlo.compare LT, %[[I]], %arg2
// CHECK: stablehlo.multiply %[[V]], %arg1
// CHECK: return %[[R]]#1, %arg1
func.func @forwarded(%x: tensor<4xf32>, %k: tensor<4xf32>, %n: tensor<i32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %0:4 = stablehlo.while(%i = %c0, %v = %x, %kk = %k, %nn = %n) : tensor<i32>, tensor<4xf32>, tensor<4xf32>, tensor<i32>
  cond {
    %lt = stablehlo.compare LT, %i, %nn, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  } do {
    %one = stablehlo.constant dense<1> : tensor<i32>
    %m = stablehlo.add %i, %one : tensor<i32>
    %w = stablehlo.multiply %v, %kk : tensor<4xf32>
    stablehlo.return %m, %w, %kk, %nn : tensor<i32>, tensor<4xf32>, tensor<4xf32>, tensor<i32>
  }
  return %0#1, %0#2 : tensor<4xf32>, tensor<4xf32>
}

// -----

// Nested loops, inner first: the inner loop's dead value goes, and then the outer value
// that was its initial value is dead too.
// CHECK-LABEL: func.func @nested
// CHECK: stablehlo.while(%{{.*}} = %{{.*}}, %[[V:.*]] = %arg0) : tensor<i32>, tensor<4xf32>
// CHECK: stablehlo.while(%{{.*}} = %{{.*}}, %{{.*}} = %[[V]]) : tensor<i32>, tensor<4xf32>
// CHECK-NOT: stablehlo.exponential
func.func @nested(%x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xf32> {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %0:3 = stablehlo.while(%i = %c0, %v = %x, %u = %y) : tensor<i32>, tensor<4xf32>, tensor<4xf32>
  cond {
    %c3 = stablehlo.constant dense<3> : tensor<i32>
    %lt = stablehlo.compare LT, %i, %c3, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  } do {
    %1:3 = stablehlo.while(%j = %c0, %a = %v, %b = %u) : tensor<i32>, tensor<4xf32>, tensor<4xf32>
    cond {
      %c2 = stablehlo.constant dense<2> : tensor<i32>
      %lt = stablehlo.compare LT, %j, %c2, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %lt : tensor<i1>
    } do {
      %one = stablehlo.constant dense<1> : tensor<i32>
      %j1 = stablehlo.add %j, %one : tensor<i32>
      %a1 = stablehlo.sine %a : tensor<4xf32>
      %b1 = stablehlo.exponential %b : tensor<4xf32>
      stablehlo.return %j1, %a1, %b1 : tensor<i32>, tensor<4xf32>, tensor<4xf32>
    }
    %one = stablehlo.constant dense<1> : tensor<i32>
    %i1 = stablehlo.add %i, %one : tensor<i32>
    %u1 = stablehlo.exponential %u : tensor<4xf32>
    stablehlo.return %i1, %1#1, %u1 : tensor<i32>, tensor<4xf32>, tensor<4xf32>
  }
  return %0#1 : tensor<4xf32>
}

// -----

// A nested loop is seen result by result: the outer value %u reaches only the inner value %b,
// whose result only feeds %u again; both go, though the inner loop carries it.
// CHECK-LABEL: func.func @through_inner_loop
// CHECK: stablehlo.while(%{{.*}} = %{{.*}}, %[[V:.*]] = %arg0) : tensor<i32>, tensor<4xf32>
// CHECK: stablehlo.while(%{{.*}} = %{{.*}}, %{{.*}} = %[[V]]) : tensor<i32>, tensor<4xf32>
// CHECK-NOT: stablehlo.exponential
func.func @through_inner_loop(%x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xf32> {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %0:3 = stablehlo.while(%i = %c0, %v = %x, %u = %y) : tensor<i32>, tensor<4xf32>, tensor<4xf32>
  cond {
    %c3 = stablehlo.constant dense<3> : tensor<i32>
    %lt = stablehlo.compare LT, %i, %c3, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  } do {
    %1:3 = stablehlo.while(%j = %c0, %a = %v, %b = %u) : tensor<i32>, tensor<4xf32>, tensor<4xf32>
    cond {
      %c2 = stablehlo.constant dense<2> : tensor<i32>
      %lt = stablehlo.compare LT, %j, %c2, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %lt : tensor<i1>
    } do {
      %one = stablehlo.constant dense<1> : tensor<i32>
      %j1 = stablehlo.add %j, %one : tensor<i32>
      %a1 = stablehlo.sine %a : tensor<4xf32>
      %b1 = stablehlo.exponential %b : tensor<4xf32>
      stablehlo.return %j1, %a1, %b1 : tensor<i32>, tensor<4xf32>, tensor<4xf32>
    }
    %one = stablehlo.constant dense<1> : tensor<i32>
    %i1 = stablehlo.add %i, %one : tensor<i32>
    %u1 = stablehlo.exponential %1#2 : tensor<4xf32>
    stablehlo.return %i1, %1#1, %u1 : tensor<i32>, tensor<4xf32>, tensor<4xf32>
  }
  return %0#1 : tensor<4xf32>
}

// -----

// But an inner loop's cond reads count: %u decides how often the inner loop runs, and so
// every inner result; it stays.
// CHECK-LABEL: func.func @inner_cond
// CHECK: stablehlo.while(%{{.*}} = %{{.*}}, %{{.*}} = %arg0, %{{.*}} = %arg1) : tensor<i32>, tensor<4xf32>, tensor<i32>
func.func @inner_cond(%x: tensor<4xf32>, %n: tensor<i32>) -> tensor<4xf32> {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %0:3 = stablehlo.while(%i = %c0, %v = %x, %u = %n) : tensor<i32>, tensor<4xf32>, tensor<i32>
  cond {
    %c3 = stablehlo.constant dense<3> : tensor<i32>
    %lt = stablehlo.compare LT, %i, %c3, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  } do {
    %1:2 = stablehlo.while(%j = %c0, %a = %v) : tensor<i32>, tensor<4xf32>
    cond {
      %lt = stablehlo.compare LT, %j, %u, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %lt : tensor<i1>
    } do {
      %one = stablehlo.constant dense<1> : tensor<i32>
      %j1 = stablehlo.add %j, %one : tensor<i32>
      %a1 = stablehlo.sine %a : tensor<4xf32>
      stablehlo.return %j1, %a1 : tensor<i32>, tensor<4xf32>
    }
    %one = stablehlo.constant dense<1> : tensor<i32>
    %i1 = stablehlo.add %i, %one : tensor<i32>
    %u1 = stablehlo.add %u, %one : tensor<i32>
    stablehlo.return %i1, %1#1, %u1 : tensor<i32>, tensor<4xf32>, tensor<i32>
  }
  return %0#1 : tensor<4xf32>
}
