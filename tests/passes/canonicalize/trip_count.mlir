// RUN: kiln compile --pass=canonicalize --split-input-file %s | FileCheck %s

// JAX's fori_loop: a counter from a constant, compared LT with a constant bound, plus 1 in
// the body. The loop runs bound - start times.
// CHECK-LABEL: func.func @fori_loop
// CHECK: stablehlo.while{{.*}}attributes {kiln.trip_count = 9 : i64}
func.func @fori_loop(%x: tensor<4xf32>) -> tensor<4xf32> {
  %c3 = stablehlo.constant dense<3> : tensor<i32>
  %0:2 = stablehlo.while(%i = %c3, %v = %x) : tensor<i32>, tensor<4xf32>
  cond {
    %c12 = stablehlo.constant dense<12> : tensor<i32>
    %lt = stablehlo.compare LT, %i, %c12, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  } do {
    %one = stablehlo.constant dense<1> : tensor<i32>
    %n = stablehlo.add %i, %one : tensor<i32>
    %w = stablehlo.sine %v : tensor<4xf32>
    stablehlo.return %n, %w : tensor<i32>, tensor<4xf32>
  }
  return %0#1 : tensor<4xf32>
}

// -----

// The mirrored forms: `bound > i`, `1 + i`, an i64 counter, a bound carried unchanged from a
// constant operand (fori_loop with the bound in the carry), a bound captured from outside.
// CHECK-LABEL: func.func @mirrored
// CHECK: stablehlo.while{{.*}}attributes {kiln.trip_count = 5 : i64}
// CHECK: stablehlo.while{{.*}}attributes {kiln.trip_count = 7 : i64}
func.func @mirrored(%x: tensor<f32>) -> (tensor<f32>, tensor<f32>) {
  %c0 = stablehlo.constant dense<0> : tensor<i64>
  %c5 = stablehlo.constant dense<5> : tensor<i64>
  %0:2 = stablehlo.while(%i = %c0, %v = %x) : tensor<i64>, tensor<f32>
  cond {
    %gt = stablehlo.compare GT, %c5, %i : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.return %gt : tensor<i1>
  } do {
    %one = stablehlo.constant dense<1> : tensor<i64>
    %n = stablehlo.add %one, %i : tensor<i64>
    %w = stablehlo.cosine %v : tensor<f32>
    stablehlo.return %n, %w : tensor<i64>, tensor<f32>
  }
  %s = stablehlo.constant dense<-2> : tensor<i32>
  %b = stablehlo.constant dense<5> : tensor<i32>
  %1:3 = stablehlo.while(%i = %s, %n = %b, %v = %x) : tensor<i32>, tensor<i32>, tensor<f32>
  cond {
    %lt = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  } do {
    %one = stablehlo.constant dense<1> : tensor<i32>
    %k = stablehlo.add %i, %one : tensor<i32>
    %w = stablehlo.sine %v : tensor<f32>
    stablehlo.return %k, %n, %w : tensor<i32>, tensor<i32>, tensor<f32>
  }
  return %0#1, %1#2 : tensor<f32>, tensor<f32>
}

// -----

// A start at or past the bound: the loop runs zero times.
// CHECK-LABEL: func.func @zero_trips
// CHECK: stablehlo.while{{.*}}attributes {kiln.trip_count = 0 : i64}
func.func @zero_trips(%x: tensor<f32>) -> tensor<f32> {
  %c9 = stablehlo.constant dense<9> : tensor<i32>
  %0:2 = stablehlo.while(%i = %c9, %v = %x) : tensor<i32>, tensor<f32>
  cond {
    %c4 = stablehlo.constant dense<4> : tensor<i32>
    %lt = stablehlo.compare LT, %i, %c4, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  } do {
    %one = stablehlo.constant dense<1> : tensor<i32>
    %n = stablehlo.add %i, %one : tensor<i32>
    stablehlo.return %n, %v : tensor<i32>, tensor<f32>
  }
  return %0#1 : tensor<f32>
}

// -----

// Not provable, so no trip count: the counter is also modified (i + 1 then doubled), a bound
// from a function argument, a bound carried but changed by the body, a step of 2, LE, an
// UNSIGNED comparison, a start from an argument.
// CHECK-LABEL: func.func @unknown
// CHECK-NOT: kiln.trip_count
func.func @unknown(%x: tensor<f32>, %n: tensor<i32>) -> (tensor<f32>, tensor<f32>, tensor<f32>, tensor<f32>, tensor<f32>, tensor<f32>, tensor<f32>) {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %c10 = stablehlo.constant dense<10> : tensor<i32>
  %one = stablehlo.constant dense<1> : tensor<i32>
  %two = stablehlo.constant dense<2> : tensor<i32>
  %0:2 = stablehlo.while(%i = %c0, %v = %x) : tensor<i32>, tensor<f32>
  cond {
    %lt = stablehlo.compare LT, %i, %c10, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  } do {
    %a = stablehlo.add %i, %one : tensor<i32>
    %m = stablehlo.multiply %a, %two : tensor<i32>
    stablehlo.return %m, %v : tensor<i32>, tensor<f32>
  }
  %1:2 = stablehlo.while(%i = %c0, %v = %x) : tensor<i32>, tensor<f32>
  cond {
    %lt = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  } do {
    %a = stablehlo.add %i, %one : tensor<i32>
    stablehlo.return %a, %v : tensor<i32>, tensor<f32>
  }
  %2:3 = stablehlo.while(%i = %c0, %b = %c10, %v = %x) : tensor<i32>, tensor<i32>, tensor<f32>
  cond {
    %lt = stablehlo.compare LT, %i, %b, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  } do {
    %a = stablehlo.add %i, %one : tensor<i32>
    %c = stablehlo.subtract %b, %one : tensor<i32>
    stablehlo.return %a, %c, %v : tensor<i32>, tensor<i32>, tensor<f32>
  }
  %3:2 = stablehlo.while(%i = %c0, %v = %x) : tensor<i32>, tensor<f32>
  cond {
    %lt = stablehlo.compare LT, %i, %c10, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  } do {
    %a = stablehlo.add %i, %two : tensor<i32>
    stablehlo.return %a, %v : tensor<i32>, tensor<f32>
  }
  %4:2 = stablehlo.while(%i = %c0, %v = %x) : tensor<i32>, tensor<f32>
  cond {
    %le = stablehlo.compare LE, %i, %c10, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %le : tensor<i1>
  } do {
    %a = stablehlo.add %i, %one : tensor<i32>
    stablehlo.return %a, %v : tensor<i32>, tensor<f32>
  }
  %5:2 = stablehlo.while(%i = %c0, %v = %x) : tensor<i32>, tensor<f32>
  cond {
    %lt = stablehlo.compare LT, %i, %c10, UNSIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  } do {
    %a = stablehlo.add %i, %one : tensor<i32>
    stablehlo.return %a, %v : tensor<i32>, tensor<f32>
  }
  %6:2 = stablehlo.while(%i = %n, %v = %x) : tensor<i32>, tensor<f32>
  cond {
    %lt = stablehlo.compare LT, %i, %c10, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  } do {
    %a = stablehlo.add %i, %one : tensor<i32>
    stablehlo.return %a, %v : tensor<i32>, tensor<f32>
  }
  return %0#1, %1#1, %2#2, %3#1, %4#1, %5#1, %6#1 : tensor<f32>, tensor<f32>, tensor<f32>, tensor<f32>, tensor<f32>, tensor<f32>, tensor<f32>
}
