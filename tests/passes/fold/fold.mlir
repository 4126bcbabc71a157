// RUN: kiln compile --pass=fold,dce --split-input-file %s | FileCheck %s
// RUN: kiln compile --pass=fold --validate 1 --split-input-file %s -o /dev/null

// A chain of ops on constants becomes one constant; a splat result prints as a splat.
// CHECK-LABEL: func.func @chain
// CHECK-NEXT: %[[C:.*]] = stablehlo.constant dense<[5.000000e+00, 7.000000e+00, 9.000000e+00]> : tensor<3xf32>
// CHECK-NEXT: %[[S:.*]] = stablehlo.constant dense<4> : tensor<2x2xi32>
// CHECK-NEXT: return %[[C]], %[[S]]
func.func @chain() -> (tensor<3xf32>, tensor<2x2xi32>) {
  %a = stablehlo.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %b = stablehlo.constant dense<[4.0, 5.0, 6.0]> : tensor<3xf32>
  %c = stablehlo.add %a, %b : tensor<3xf32>
  %d = stablehlo.subtract %c, %a : tensor<3xf32>
  %e = stablehlo.add %d, %a : tensor<3xf32>
  %two = stablehlo.constant dense<2> : tensor<2x2xi32>
  %f = stablehlo.multiply %two, %two : tensor<2x2xi32>
  return %e, %f : tensor<3xf32>, tensor<2x2xi32>
}

// -----

// An op that reads an argument stays; the constant half of it folds.
// CHECK-LABEL: func.func @partial
// CHECK: %[[C:.*]] = stablehlo.constant dense<3.000000e+00> : tensor<4xf32>
// CHECK-NEXT: %[[R:.*]] = stablehlo.multiply %arg0, %[[C]]
// CHECK-NEXT: return %[[R]]
func.func @partial(%arg0: tensor<4xf32>) -> tensor<4xf32> {
  %one = stablehlo.constant dense<1.0> : tensor<4xf32>
  %two = stablehlo.constant dense<2.0> : tensor<4xf32>
  %three = stablehlo.add %one, %two : tensor<4xf32>
  %r = stablehlo.multiply %arg0, %three : tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// Integers wrap around: i8 127 + 1 is -128, ui8 0 - 1 is 255, i32 min / -1 follows the
// interpreter (XLA's choice: min).
// CHECK-LABEL: func.func @wrap
// CHECK-NEXT: stablehlo.constant dense<-128> : tensor<i8>
// CHECK-NEXT: stablehlo.constant dense<255> : tensor<ui8>
// CHECK-NEXT: stablehlo.constant dense<-2147483648> : tensor<i32>
// CHECK-NEXT: return
func.func @wrap() -> (tensor<i8>, tensor<ui8>, tensor<i32>) {
  %a = stablehlo.constant dense<127> : tensor<i8>
  %b = stablehlo.constant dense<1> : tensor<i8>
  %c = stablehlo.add %a, %b : tensor<i8>
  %z = stablehlo.constant dense<0> : tensor<ui8>
  %o = stablehlo.constant dense<1> : tensor<ui8>
  %d = stablehlo.subtract %z, %o : tensor<ui8>
  %m = stablehlo.constant dense<-2147483648> : tensor<i32>
  %n = stablehlo.constant dense<-1> : tensor<i32>
  %e = stablehlo.divide %m, %n : tensor<i32>
  return %c, %d, %e : tensor<i8>, tensor<ui8>, tensor<i32>
}

// -----

// f32 special values: 1/0 is inf, 0/0 is NaN, -0 * 1 keeps its sign, max with NaN is NaN.
// CHECK-LABEL: func.func @specials
// CHECK-NEXT: stablehlo.constant dense<[0x7F800000, 0xFF800000]> : tensor<2xf32>
// CHECK-NEXT: stablehlo.constant dense<0x{{[7F]F}}C00000> : tensor<f32>
// CHECK-NEXT: stablehlo.constant dense<-0.000000e+00> : tensor<f32>
// CHECK-NEXT: stablehlo.constant dense<0x{{[7F]F}}C00000> : tensor<f32>
// CHECK-NEXT: return
func.func @specials() -> (tensor<2xf32>, tensor<f32>, tensor<f32>, tensor<f32>) {
  %pm = stablehlo.constant dense<[1.0, -1.0]> : tensor<2xf32>
  %zz = stablehlo.constant dense<0.0> : tensor<2xf32>
  %inf = stablehlo.divide %pm, %zz : tensor<2xf32>
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %nan = stablehlo.divide %z, %z : tensor<f32>
  %nz = stablehlo.constant dense<-0.0> : tensor<f32>
  %one = stablehlo.constant dense<1.0> : tensor<f32>
  %p = stablehlo.multiply %nz, %one : tensor<f32>
  %mx = stablehlo.maximum %nan, %one : tensor<f32>
  return %inf, %nan, %p, %mx : tensor<2xf32>, tensor<f32>, tensor<f32>, tensor<f32>
}

// -----

// bf16 arithmetic rounds to bf16: 1 + 2^-8 is 1 (ties to even), 1 + 3 * 2^-8 rounds up.
// CHECK-LABEL: func.func @bf16
// CHECK-NEXT: stablehlo.constant dense<[1.000000e+00, 1.015625e+00]> : tensor<2xbf16>
// CHECK-NEXT: return
func.func @bf16() -> tensor<2xbf16> {
  %a = stablehlo.constant dense<1.0> : tensor<2xbf16>
  %b = stablehlo.constant dense<[0.00390625, 0.01171875]> : tensor<2xbf16>
  %c = stablehlo.add %a, %b : tensor<2xbf16>
  return %c : tensor<2xbf16>
}

// -----

// A reduce of a constant folds through its body; so does a compare and a select.
// CHECK-LABEL: func.func @reduce
// CHECK-NEXT: stablehlo.constant dense<[3.000000e+00, 1.200000e+01]> : tensor<2xf32>
// CHECK-NEXT: stablehlo.constant dense<[false, true]> : tensor<2xi1>
// CHECK-NEXT: return
func.func @reduce() -> (tensor<2xf32>, tensor<2xi1>) {
  %x = stablehlo.constant dense<[[1.0, 2.0], [5.0, 7.0]]> : tensor<2x2xf32>
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %s = stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [1] : (tensor<2x2xf32>, tensor<f32>) -> tensor<2xf32>
  %t = stablehlo.constant dense<5.0> : tensor<2xf32>
  %p = stablehlo.compare GT, %s, %t : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
  return %s, %p : tensor<2xf32>, tensor<2xi1>
}

// -----

// A small iota folds; an iota or broadcast beyond 1024 elements stays (cheap to recompute,
// costly to store), unless its result is a splat.
// CHECK-LABEL: func.func @expanding
// CHECK-NEXT: stablehlo.constant dense<[0, 1, 2, 3]> : tensor<4xi32>
// CHECK-NEXT: stablehlo.iota dim = 0 : tensor<2048xi32>
// CHECK-NEXT: stablehlo.constant dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>
// CHECK-NEXT: stablehlo.broadcast_in_dim {{.*}} -> tensor<2x1024xf32>
// CHECK-NEXT: stablehlo.constant dense<1.000000e+00> : tensor<4096xf32>
// CHECK-NEXT: return
func.func @expanding() -> (tensor<4xi32>, tensor<2048xi32>, tensor<2x1024xf32>, tensor<4096xf32>) {
  %i = stablehlo.iota dim = 0 : tensor<4xi32>
  %j = stablehlo.iota dim = 0 : tensor<2048xi32>
  %v = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %b = stablehlo.broadcast_in_dim %v, dims = [0] : (tensor<2xf32>) -> tensor<2x1024xf32>
  %one = stablehlo.constant dense<1.0> : tensor<f32>
  %s = stablehlo.broadcast_in_dim %one, dims = [] : (tensor<f32>) -> tensor<4096xf32>
  return %i, %j, %b, %s : tensor<4xi32>, tensor<2048xi32>, tensor<2x1024xf32>, tensor<4096xf32>
}

// -----

// Results over PassOptions::fold_max_elements (16384) are left alone, splat or not.
// CHECK-LABEL: func.func @limit
// CHECK: stablehlo.add
func.func @limit() -> tensor<128x256xf32> {
  %a = stablehlo.constant dense<1.0> : tensor<128x256xf32>
  %b = stablehlo.add %a, %a : tensor<128x256xf32>
  return %b : tensor<128x256xf32>
}

// -----

// A while on constants is not folded: its trip count has no bound, so folding could hang the
// compiler. The constant ops in its body fold where they stand.
// CHECK-LABEL: func.func @loop
// CHECK: stablehlo.while
// CHECK: do
// CHECK: stablehlo.constant dense<3> : tensor<i32>
// CHECK-NOT: stablehlo.multiply
// CHECK: stablehlo.add
func.func @loop() -> tensor<i32> {
  %i0 = stablehlo.constant dense<0> : tensor<i32>
  %n = stablehlo.constant dense<10> : tensor<i32>
  %r = stablehlo.while(%i = %i0) : tensor<i32>
  cond {
    %lt = stablehlo.compare LT, %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  } do {
    %one = stablehlo.constant dense<1> : tensor<i32>
    %k = stablehlo.constant dense<3> : tensor<i32>
    %step = stablehlo.multiply %one, %k : tensor<i32>
    %next = stablehlo.add %i, %step : tensor<i32>
    stablehlo.return %next : tensor<i32>
  }
  return %r : tensor<i32>
}

// -----

// Random numbers and effects are never folded.
// CHECK-LABEL: func.func @effects
// CHECK: stablehlo.rng
func.func @effects() -> tensor<2xf32> {
  %a = stablehlo.constant dense<0.0> : tensor<f32>
  %b = stablehlo.constant dense<1.0> : tensor<f32>
  %s = stablehlo.constant dense<[2]> : tensor<1xi64>
  %0 = stablehlo.rng %a, %b, %s, distribution = UNIFORM : (tensor<f32>, tensor<f32>, tensor<1xi64>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// An if on a constant whose branches read only constants folds (multiple results too); one
// whose branch reads an argument stays.
// CHECK-LABEL: func.func @branches
// CHECK-DAG: stablehlo.constant dense<4> : tensor<i32>
// CHECK-DAG: stablehlo.constant dense<-2.500000e+00> : tensor<f32>
// CHECK: "stablehlo.if"
// CHECK: stablehlo.negate %arg0
func.func @branches(%arg0: tensor<f32>) -> (tensor<i32>, tensor<f32>, tensor<f32>) {
  %t = stablehlo.constant dense<false> : tensor<i1>
  %a = stablehlo.constant dense<2> : tensor<i32>
  %b = stablehlo.constant dense<2.5> : tensor<f32>
  %r:2 = "stablehlo.if"(%t) ({
    stablehlo.return %a, %b : tensor<i32>, tensor<f32>
  }, {
    %c = stablehlo.add %a, %a : tensor<i32>
    %d = stablehlo.negate %b : tensor<f32>
    stablehlo.return %c, %d : tensor<i32>, tensor<f32>
  }) : (tensor<i1>) -> (tensor<i32>, tensor<f32>)
  %s = "stablehlo.if"(%t) ({
    stablehlo.return %b : tensor<f32>
  }, {
    %d = stablehlo.negate %arg0 : tensor<f32>
    stablehlo.return %d : tensor<f32>
  }) : (tensor<i1>) -> tensor<f32>
  return %r#0, %r#1, %s : tensor<i32>, tensor<f32>, tensor<f32>
}
