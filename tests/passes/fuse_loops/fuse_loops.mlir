// RUN: kiln compile --pass=fuse-loops,dce --split-input-file %s | FileCheck %s
// RUN: kiln compile --pass=fuse-loops,dce --split-input-file --validate 1 %s -o /dev/null
// RUN: kiln compile --pass=fuse-loops --explain-fusion --split-input-file %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=EXPLAIN

// A chain of element-wise ops with a broadcast and a transpose is one kernel.
// CHECK-LABEL: func.func @chain
// CHECK: %[[F:.*]] = kiln.fusion "loop" (%arg0, %arg1)
// CHECK-NEXT: ^bb0
// CHECK-NOT: func.return
// CHECK: stablehlo.transpose
// CHECK: stablehlo.broadcast_in_dim
// CHECK: stablehlo.exponential
// CHECK: stablehlo.add
// CHECK: stablehlo.return
// CHECK: func.return %[[F]]
func.func @chain(%arg0: tensor<4x8xf32>, %arg1: tensor<8xf32>) -> tensor<8x4xf32> {
  %t = stablehlo.transpose %arg0, dims = [1, 0] : (tensor<4x8xf32>) -> tensor<8x4xf32>
  %b = stablehlo.broadcast_in_dim %arg1, dims = [0] : (tensor<8xf32>) -> tensor<8x4xf32>
  %e = stablehlo.exponential %t : tensor<8x4xf32>
  %s = stablehlo.add %e, %b : tensor<8x4xf32>
  return %s : tensor<8x4xf32>
}

// -----

// A value two kernels read is not computed twice: the exponential stays a kernel of its own
// (its users become two fusions of one op each, left as they are), and the explanation says
// why. A dot_general is never fused.
// CHECK-LABEL: func.func @shared
// CHECK: stablehlo.exponential
// CHECK: stablehlo.dot_general
// CHECK-NOT: kiln.fusion
// EXPLAIN: not fused: stablehlo.exponential {{.*}} its result is also used by
func.func @shared(%arg0: tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<4x4xf32>) {
  %e = stablehlo.exponential %arg0 : tensor<4x4xf32>
  %d = stablehlo.dot_general %e, %e, contracting_dims = [1] x [0] : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  %n = stablehlo.negate %e : tensor<4x4xf32>
  return %d, %n : tensor<4x4xf32>, tensor<4x4xf32>
}

// -----

// A tiny value (at most 4096 elements) that a later op also reads joins its consumer's fusion
// as an extra output: one kernel instead of two, since kernels this small cost their launch.
// CHECK-LABEL: func.func @tiny_extra_output
// CHECK: %[[F:.*]]:2 = kiln.fusion "multi_output" (%arg0)
// CHECK: stablehlo.exponential
// CHECK: stablehlo.negate
// CHECK: stablehlo.dot_general %[[F]]#{{[01]}}, %[[F]]#{{[01]}}
// EXPLAIN: fused: stablehlo.exponential {{.*}} into the fusion of stablehlo.negate
func.func @tiny_extra_output(%arg0: tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<4x4xf32>) {
  %e = stablehlo.exponential %arg0 : tensor<4x4xf32>
  %n = stablehlo.negate %e : tensor<4x4xf32>
  %d = stablehlo.dot_general %e, %n, contracting_dims = [1] x [0] : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  return %d, %n : tensor<4x4xf32>, tensor<4x4xf32>
}

// -----

// A tiny dynamic_update_slice (an unrolled RNN's per-step write of its output) joins the fusion
// of the value it writes; a large one stays a kernel of its own (updated in place).
// CHECK-LABEL: func.func @tiny_dynamic_update_slice
// CHECK: kiln.fusion "loop" (%arg1, %arg0, %arg2)
// CHECK: stablehlo.tanh
// CHECK: stablehlo.dynamic_update_slice
// CHECK: stablehlo.return
func.func @tiny_dynamic_update_slice(%out: tensor<12x2x16xf32>, %h: tensor<1x2x16xf32>, %t: tensor<i32>) -> tensor<12x2x16xf32> {
  %z = stablehlo.constant dense<0> : tensor<i32>
  %a = stablehlo.tanh %h : tensor<1x2x16xf32>
  %r = stablehlo.dynamic_update_slice %out, %a, %t, %z, %z : (tensor<12x2x16xf32>, tensor<1x2x16xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<12x2x16xf32>
  return %r : tensor<12x2x16xf32>
}

// -----

// CHECK-LABEL: func.func @large_dynamic_update_slice
// CHECK-NOT: kiln.fusion
// CHECK: stablehlo.dynamic_update_slice
func.func @large_dynamic_update_slice(%out: tensor<1024x2x16xf32>, %h: tensor<1x2x16xf32>, %t: tensor<i32>) -> tensor<1024x2x16xf32> {
  %z = stablehlo.constant dense<0> : tensor<i32>
  %a = stablehlo.tanh %h : tensor<1x2x16xf32>
  %r = stablehlo.dynamic_update_slice %out, %a, %t, %z, %z : (tensor<1024x2x16xf32>, tensor<1x2x16xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1024x2x16xf32>
  return %r : tensor<1024x2x16xf32>
}

// -----

// A larger one stays a kernel of its own at O2 (multi-output fusion of large values is O3's).
// CHECK-LABEL: func.func @large_no_extra_output
// CHECK: stablehlo.exponential
// CHECK-NOT: kiln.fusion
// EXPLAIN: not fused: stablehlo.exponential {{.*}} its result is also used by stablehlo.dot_general
func.func @large_no_extra_output(%arg0: tensor<128x64xf32>) -> (tensor<128x128xf32>, tensor<128x64xf32>) {
  %e = stablehlo.exponential %arg0 : tensor<128x64xf32>
  %n = stablehlo.negate %e : tensor<128x64xf32>
  %d = stablehlo.dot_general %e, %n, contracting_dims = [1] x [1] : (tensor<128x64xf32>, tensor<128x64xf32>) -> tensor<128x128xf32>
  return %d, %n : tensor<128x128xf32>, tensor<128x64xf32>
}

// -----

// A broadcast read by two consumers is copied into each fusion; splat constants go inside.
// CHECK-LABEL: func.func @cheap_copies
// CHECK: kiln.fusion "loop" (%arg1, %arg0)
// CHECK: stablehlo.constant dense<2.000000e+00>
// CHECK: kiln.fusion "loop" (%arg1, %arg0)
func.func @cheap_copies(%arg0: tensor<4x8xf32>, %arg1: tensor<8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>) {
  %two = stablehlo.constant dense<2.0> : tensor<4x8xf32>
  %b = stablehlo.broadcast_in_dim %arg1, dims = [1] : (tensor<8xf32>) -> tensor<4x8xf32>
  %m = stablehlo.multiply %b, %arg0 : tensor<4x8xf32>
  %m2 = stablehlo.multiply %m, %two : tensor<4x8xf32>
  %s = stablehlo.subtract %b, %arg0 : tensor<4x8xf32>
  %s2 = stablehlo.tanh %s : tensor<4x8xf32>
  return %m2, %s2 : tensor<4x8xf32>, tensor<4x8xf32>
}

// -----

// Fusions form inside loop bodies too.
// CHECK-LABEL: func.func @in_loop
// CHECK: stablehlo.while
// CHECK: do
// CHECK: kiln.fusion "loop"
func.func @in_loop(%n: tensor<i32>, %x: tensor<16xf32>) -> tensor<16xf32> {
  %z = stablehlo.constant dense<0> : tensor<i32>
  %r:2 = stablehlo.while(%i = %z, %y = %x) : tensor<i32>, tensor<16xf32>
  cond {
    %lt = stablehlo.compare LT, %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  } do {
    %one = stablehlo.constant dense<1> : tensor<i32>
    %j = stablehlo.add %i, %one : tensor<i32>
    %s = stablehlo.sine %y : tensor<16xf32>
    %c = stablehlo.cosine %s : tensor<16xf32>
    stablehlo.return %j, %c : tensor<i32>, tensor<16xf32>
  }
  return %r#1 : tensor<16xf32>
}

// -----

// Max pooling with windows that do not overlap takes the relu before it; average pooling with
// overlapping windows does not (the relu would be computed once per window).
// CHECK-LABEL: func.func @pooling
// CHECK: kiln.fusion "loop"
// CHECK: stablehlo.maximum
// CHECK: stablehlo.reduce_window
// EXPLAIN: the windows reading it overlap
func.func @pooling(%x: tensor<1x8x8x4xf32>) -> (tensor<1x4x4x4xf32>, tensor<1x7x7x4xf32>) {
  %z = stablehlo.constant dense<0.0> : tensor<1x8x8x4xf32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %r = stablehlo.maximum %x, %z : tensor<1x8x8x4xf32>
  %p = "stablehlo.reduce_window"(%r, %ninf) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = stablehlo.maximum %a, %b : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }) {window_dimensions = array<i64: 1, 2, 2, 1>, window_strides = array<i64: 1, 2, 2, 1>} : (tensor<1x8x8x4xf32>, tensor<f32>) -> tensor<1x4x4x4xf32>
  %r2 = stablehlo.maximum %x, %z : tensor<1x8x8x4xf32>
  %e = stablehlo.exponential %r2 : tensor<1x8x8x4xf32>
  %q = "stablehlo.reduce_window"(%e, %zero) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {window_dimensions = array<i64: 1, 2, 2, 1>} : (tensor<1x8x8x4xf32>, tensor<f32>) -> tensor<1x7x7x4xf32>
  return %p, %q : tensor<1x4x4x4xf32>, tensor<1x7x7x4xf32>
}
