// RUN: kiln compile --pass=assign-buffers --split-input-file %s | FileCheck %s
// RUN: kiln compile --pass=assign-buffers --stats %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS

// A dead value's buffer is reused; an element-wise op whose operand dies writes in place; a
// reshape is a view; the module records its peak. Buffers are 256-byte aligned.
// CHECK: module attributes {kiln.peak_memory_bytes = 8192 : i64}
// CHECK-LABEL: func.func @chain
// CHECK: stablehlo.exponential %arg0 {kiln.buffers = array<i64: 0>}
// CHECK: stablehlo.negate %{{.*}} {kiln.buffers = array<i64: 0>, kiln.in_place = array<i64: 0>}
// CHECK: stablehlo.reshape %{{.*}} {kiln.buffers = array<i64: -1>}
// CHECK: stablehlo.dot_general {{.*}} {kiln.buffers = array<i64: 4096>}
// STATS: peak memory: 8192 bytes
func.func @chain(%arg0: tensor<32x32xf32>) -> tensor<32x32xf32> {
  %e = stablehlo.exponential %arg0 : tensor<32x32xf32>
  %n = stablehlo.negate %e : tensor<32x32xf32>
  %r = stablehlo.reshape %n : (tensor<32x32xf32>) -> tensor<1024xf32>
  %r2 = stablehlo.reshape %r : (tensor<1024xf32>) -> tensor<32x32xf32>
  %d = stablehlo.dot_general %r2, %r2, contracting_dims = [1] x [0] : (tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
  return %d : tensor<32x32xf32>
}

// -----

// A value still needed later is not overwritten; a dead one's space is taken by a new value.
// CHECK-LABEL: func.func @reuse
// CHECK: stablehlo.exponential %arg0 {kiln.buffers = array<i64: 0>}
// CHECK: stablehlo.negate %{{.*}} {kiln.buffers = array<i64: 4096>}
// CHECK: stablehlo.add {{.*}} {kiln.buffers = array<i64: 0>, kiln.in_place = array<i64: 0>}
func.func @reuse(%arg0: tensor<32x32xf32>) -> tensor<32x32xf32> {
  %e = stablehlo.exponential %arg0 : tensor<32x32xf32>
  %n = stablehlo.negate %e : tensor<32x32xf32>
  %a = stablehlo.add %e, %n : tensor<32x32xf32>
  return %a : tensor<32x32xf32>
}

// -----

// A scan writing one row per step into a carried buffer updates it in place.
// CHECK-LABEL: func.func @scan_rows
// CHECK: stablehlo.dynamic_update_slice {{.*}} {kiln.buffers = array<i64: -1>, kiln.in_place = array<i64: 0>}
func.func @scan_rows(%x: tensor<1x8xf32>) -> tensor<16x8xf32> {
  %z = stablehlo.constant dense<0.0> : tensor<16x8xf32>
  %i0 = stablehlo.constant dense<0> : tensor<i32>
  %r:2 = stablehlo.while(%i = %i0, %acc = %z) : tensor<i32>, tensor<16x8xf32>
  cond {
    %n = stablehlo.constant dense<16> : tensor<i32>
    %lt = stablehlo.compare LT, %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  } do {
    %c0 = stablehlo.constant dense<0> : tensor<i32>
    %u = stablehlo.dynamic_update_slice %acc, %x, %i, %c0 : (tensor<16x8xf32>, tensor<1x8xf32>, tensor<i32>, tensor<i32>) -> tensor<16x8xf32>
    %one = stablehlo.constant dense<1> : tensor<i32>
    %j = stablehlo.add %i, %one : tensor<i32>
    stablehlo.return %j, %u : tensor<i32>, tensor<16x8xf32>
  }
  return %r#1 : tensor<16x8xf32>
}

// -----

// A fusion without inputs in a loop body (an iota) has no operand to update in place.
// CHECK-LABEL: func.func @no_inputs
// CHECK: kiln.fusion "loop" () {kiln.buffers = array<i64: 0>}
func.func @no_inputs(%n: tensor<i32>) -> tensor<4xi32> {
  %z = stablehlo.constant dense<0> : tensor<4xi32>
  %r = stablehlo.while(%acc = %z) : tensor<4xi32>
  cond {
    %lt = stablehlo.constant dense<false> : tensor<i1>
    stablehlo.return %lt : tensor<i1>
  } do {
    %f = kiln.fusion "loop" () ({
      %i = stablehlo.iota dim = 0 : tensor<4xi32>
      %d = stablehlo.add %i, %i : tensor<4xi32>
      stablehlo.return %d : tensor<4xi32>
    }) : () -> tensor<4xi32>
    stablehlo.return %f : tensor<4xi32>
  }
  return %r : tensor<4xi32>
}
