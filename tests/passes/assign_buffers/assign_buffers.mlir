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
