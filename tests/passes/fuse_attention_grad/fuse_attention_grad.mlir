// RUN: kiln compile --pass=fuse-attention-grad,fuse-softmax,fuse-attention,dce --split-input-file %s | FileCheck %s
// RUN: kiln compile --pass=fuse-attention-grad,fuse-softmax,fuse-attention,dce --split-input-file --validate 1 %s -o /dev/null

// jax.value_and_grad of a causal plain-jnp attention (f32, the O1 form of tests/jax/export.py's
// plain_attention): the backward becomes kiln.attention_grad, which reads the forward's output
// (the kiln.attention fuse-attention then makes of the forward, whose pieces the gradient no
// longer reads) and recomputes P in its region.
// CHECK-LABEL: func.func @causal_with_value
// CHECK: %[[O:.*]] = kiln.attention(%arg0, %arg1, %arg2, %{{.*}}) {config = {scale = 3.535533845424652e-01 : f64, mask = "causal", causal = true
// CHECK: kiln.softmax
// CHECK: %[[G:.*]]:3 = kiln.attention_grad(%arg0, %arg1, %arg2, %arg3, %{{.*}}, %[[O]]) {config = {scale = 3.535533845424652e-01 : f64, mask = "causal", causal = true, q = 0 : i64, k = 1 : i64, v = 2 : i64, do = 3 : i64, o = 5 : i64}}
// CHECK: stablehlo.exponential
// CHECK: stablehlo.negate
// CHECK: stablehlo.select
// CHECK-NOT: stablehlo.exponential
// The results are dq, dk, dv whatever order the program defines them in (dv first here).
// CHECK: func.return %{{.*}}, %[[G]]#0, %[[G]]#1, %[[G]]#2 :
module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func @causal_with_value(%arg0: tensor<1x2x4x8xf32>, %arg1: tensor<1x2x4x8xf32>, %arg2: tensor<1x2x4x8xf32>, %arg3: tensor<1x2x4x8xf32>) -> (tensor<f32>, tensor<1x2x4x8xf32>, tensor<1x2x4x8xf32>, tensor<1x2x4x8xf32>) {
    %0 = stablehlo.dot_general %arg0, %arg1, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [3], precision = [DEFAULT, DEFAULT] : (tensor<1x2x4x8xf32>, tensor<1x2x4x8xf32>) -> tensor<1x2x4x4xf32>
    %1 = stablehlo.constant dense<3.5355338e-01> : tensor<1x2x4x4xf32>
    %2 = stablehlo.multiply %0, %1 : tensor<1x2x4x4xf32>
    %3 = stablehlo.constant dense<[[[[true, false, false, false], [true, true, false, false], [true, true, true, false], [true, true, true, true]], [[true, false, false, false], [true, true, false, false], [true, true, true, false], [true, true, true, true]]]]> : tensor<1x2x4x4xi1>
    %4 = stablehlo.constant dense<-3.4028235e+38> : tensor<1x2x4x4xf32>
    %5 = stablehlo.select %3, %2, %4 : tensor<1x2x4x4xi1>, tensor<1x2x4x4xf32>
    %6 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %7 = stablehlo.reduce(%5 init: %6) applies stablehlo.maximum across dimensions = [3] : (tensor<1x2x4x4xf32>, tensor<f32>) -> tensor<1x2x4xf32>
    %8 = stablehlo.constant dense<0xFF800000> : tensor<1x2x4xf32>
    %9 = stablehlo.maximum %8, %7 : tensor<1x2x4xf32>
    %10 = stablehlo.broadcast_in_dim %9, dims = [0, 1, 2] : (tensor<1x2x4xf32>) -> tensor<1x2x4x4xf32>
    %11 = stablehlo.subtract %5, %10 : tensor<1x2x4x4xf32>
    %12 = stablehlo.exponential %11 : tensor<1x2x4x4xf32>
    %13 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %14 = stablehlo.reduce(%12 init: %13) applies stablehlo.add across dimensions = [3] : (tensor<1x2x4x4xf32>, tensor<f32>) -> tensor<1x2x4xf32>
    %15 = stablehlo.broadcast_in_dim %14, dims = [0, 1, 2] : (tensor<1x2x4xf32>) -> tensor<1x2x4x1xf32>
    %16 = stablehlo.broadcast_in_dim %14, dims = [0, 1, 2] : (tensor<1x2x4xf32>) -> tensor<1x2x4x4xf32>
    %17 = stablehlo.divide %12, %16 : tensor<1x2x4x4xf32>
    %18 = stablehlo.multiply %15, %15 : tensor<1x2x4x1xf32>
    %19 = stablehlo.constant dense<1.000000e+00> : tensor<1x2x4x1xf32>
    %20 = stablehlo.divide %19, %18 : tensor<1x2x4x1xf32>
    %21 = stablehlo.dot_general %17, %arg2, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [2], precision = [DEFAULT, DEFAULT] : (tensor<1x2x4x4xf32>, tensor<1x2x4x8xf32>) -> tensor<1x2x4x8xf32>
    %22 = stablehlo.multiply %21, %arg3 : tensor<1x2x4x8xf32>
    %23 = stablehlo.reduce(%22 init: %13) applies stablehlo.add across dimensions = [0, 1, 2, 3] : (tensor<1x2x4x8xf32>, tensor<f32>) -> tensor<f32>
    %24 = stablehlo.dot_general %arg3, %17, batching_dims = [0, 1] x [0, 1], contracting_dims = [2] x [2], precision = [DEFAULT, DEFAULT] : (tensor<1x2x4x8xf32>, tensor<1x2x4x4xf32>) -> tensor<1x2x8x4xf32>
    %25 = stablehlo.transpose %24, dims = [0, 1, 3, 2] : (tensor<1x2x8x4xf32>) -> tensor<1x2x4x8xf32>
    %26 = stablehlo.dot_general %arg3, %arg2, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [3], precision = [DEFAULT, DEFAULT] : (tensor<1x2x4x8xf32>, tensor<1x2x4x8xf32>) -> tensor<1x2x4x4xf32>
    %27 = stablehlo.broadcast_in_dim %20, dims = [0, 1, 2, 3] : (tensor<1x2x4x1xf32>) -> tensor<1x2x4x4xf32>
    %28 = stablehlo.multiply %26, %27 : tensor<1x2x4x4xf32>
    %29 = stablehlo.multiply %28, %12 : tensor<1x2x4x4xf32>
    %30 = stablehlo.reduce(%29 init: %13) applies stablehlo.add across dimensions = [3] : (tensor<1x2x4x4xf32>, tensor<f32>) -> tensor<1x2x4xf32>
    %31 = stablehlo.reshape %30 : (tensor<1x2x4xf32>) -> tensor<1x2x4x1xf32>
    %32 = stablehlo.negate %31 : tensor<1x2x4x1xf32>
    %33 = stablehlo.divide %26, %16 : tensor<1x2x4x4xf32>
    %34 = stablehlo.reduce(%32 init: %13) applies stablehlo.add across dimensions = [0, 3] : (tensor<1x2x4x1xf32>, tensor<f32>) -> tensor<2x4xf32>
    %35 = stablehlo.broadcast_in_dim %34, dims = [1, 2] : (tensor<2x4xf32>) -> tensor<1x2x4x4xf32>
    %36 = stablehlo.add %33, %35 : tensor<1x2x4x4xf32>
    %37 = stablehlo.multiply %36, %12 : tensor<1x2x4x4xf32>
    %38 = stablehlo.constant dense<0.000000e+00> : tensor<1x2x4x4xf32>
    %39 = stablehlo.select %3, %37, %38 : tensor<1x2x4x4xi1>, tensor<1x2x4x4xf32>
    %40 = stablehlo.multiply %39, %1 : tensor<1x2x4x4xf32>
    %41 = stablehlo.dot_general %40, %arg0, batching_dims = [0, 1] x [0, 1], contracting_dims = [2] x [2], precision = [DEFAULT, DEFAULT] : (tensor<1x2x4x4xf32>, tensor<1x2x4x8xf32>) -> tensor<1x2x4x8xf32>
    %42 = stablehlo.dot_general %40, %arg1, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [2], precision = [DEFAULT, DEFAULT] : (tensor<1x2x4x4xf32>, tensor<1x2x4x8xf32>) -> tensor<1x2x4x8xf32>
    func.return %23, %42, %41, %25 : tensor<f32>, tensor<1x2x4x8xf32>, tensor<1x2x4x8xf32>, tensor<1x2x4x8xf32>
  }
}

// -----

// jax.grad alone (no o = P·v in the program): fused without the link to a forward (o = -1);
// the operands q, k, v, dO in that order, though the program reads dO before v.
// CHECK-LABEL: func.func @gradients_only
// CHECK: %[[G:.*]]:3 = kiln.attention_grad(%arg0, %arg1, %arg2, %arg3) {config = {scale = 3.535533845424652e-01 : f64, mask = "none", causal = false, q = 0 : i64, k = 1 : i64, v = 2 : i64, do = 3 : i64, o = -1 : i64}}
// CHECK-NOT: kiln.attention
// CHECK: func.return %[[G]]#0, %[[G]]#1, %[[G]]#2 :
module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func @gradients_only(%arg0: tensor<1x2x4x8xf32>, %arg1: tensor<1x2x4x8xf32>, %arg2: tensor<1x2x4x8xf32>, %arg3: tensor<1x2x4x8xf32>) -> (tensor<1x2x4x8xf32>, tensor<1x2x4x8xf32>, tensor<1x2x4x8xf32>) {
    %0 = stablehlo.dot_general %arg0, %arg1, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [3], precision = [DEFAULT, DEFAULT] : (tensor<1x2x4x8xf32>, tensor<1x2x4x8xf32>) -> tensor<1x2x4x4xf32>
    %1 = stablehlo.constant dense<3.5355338e-01> : tensor<1x2x4x4xf32>
    %2 = stablehlo.multiply %0, %1 : tensor<1x2x4x4xf32>
    %3 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %4 = stablehlo.reduce(%2 init: %3) applies stablehlo.maximum across dimensions = [3] : (tensor<1x2x4x4xf32>, tensor<f32>) -> tensor<1x2x4xf32>
    %5 = stablehlo.constant dense<0xFF800000> : tensor<1x2x4xf32>
    %6 = stablehlo.maximum %5, %4 : tensor<1x2x4xf32>
    %7 = stablehlo.broadcast_in_dim %6, dims = [0, 1, 2] : (tensor<1x2x4xf32>) -> tensor<1x2x4x4xf32>
    %8 = stablehlo.subtract %2, %7 : tensor<1x2x4x4xf32>
    %9 = stablehlo.exponential %8 : tensor<1x2x4x4xf32>
    %10 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %11 = stablehlo.reduce(%9 init: %10) applies stablehlo.add across dimensions = [3] : (tensor<1x2x4x4xf32>, tensor<f32>) -> tensor<1x2x4xf32>
    %12 = stablehlo.broadcast_in_dim %11, dims = [0, 1, 2] : (tensor<1x2x4xf32>) -> tensor<1x2x4x1xf32>
    %13 = stablehlo.broadcast_in_dim %11, dims = [0, 1, 2] : (tensor<1x2x4xf32>) -> tensor<1x2x4x4xf32>
    %14 = stablehlo.divide %9, %13 : tensor<1x2x4x4xf32>
    %15 = stablehlo.multiply %12, %12 : tensor<1x2x4x1xf32>
    %16 = stablehlo.constant dense<1.000000e+00> : tensor<1x2x4x1xf32>
    %17 = stablehlo.divide %16, %15 : tensor<1x2x4x1xf32>
    %18 = stablehlo.dot_general %arg3, %14, batching_dims = [0, 1] x [0, 1], contracting_dims = [2] x [2], precision = [DEFAULT, DEFAULT] : (tensor<1x2x4x8xf32>, tensor<1x2x4x4xf32>) -> tensor<1x2x8x4xf32>
    %19 = stablehlo.transpose %18, dims = [0, 1, 3, 2] : (tensor<1x2x8x4xf32>) -> tensor<1x2x4x8xf32>
    %20 = stablehlo.dot_general %arg3, %arg2, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [3], precision = [DEFAULT, DEFAULT] : (tensor<1x2x4x8xf32>, tensor<1x2x4x8xf32>) -> tensor<1x2x4x4xf32>
    %21 = stablehlo.broadcast_in_dim %17, dims = [0, 1, 2, 3] : (tensor<1x2x4x1xf32>) -> tensor<1x2x4x4xf32>
    %22 = stablehlo.multiply %20, %21 : tensor<1x2x4x4xf32>
    %23 = stablehlo.multiply %22, %9 : tensor<1x2x4x4xf32>
    %24 = stablehlo.reduce(%23 init: %10) applies stablehlo.add across dimensions = [3] : (tensor<1x2x4x4xf32>, tensor<f32>) -> tensor<1x2x4xf32>
    %25 = stablehlo.reshape %24 : (tensor<1x2x4xf32>) -> tensor<1x2x4x1xf32>
    %26 = stablehlo.negate %25 : tensor<1x2x4x1xf32>
    %27 = stablehlo.divide %20, %13 : tensor<1x2x4x4xf32>
    %28 = stablehlo.reduce(%26 init: %10) applies stablehlo.add across dimensions = [0, 3] : (tensor<1x2x4x1xf32>, tensor<f32>) -> tensor<2x4xf32>
    %29 = stablehlo.broadcast_in_dim %28, dims = [1, 2] : (tensor<2x4xf32>) -> tensor<1x2x4x4xf32>
    %30 = stablehlo.add %27, %29 : tensor<1x2x4x4xf32>
    %31 = stablehlo.multiply %30, %9 : tensor<1x2x4x4xf32>
    %32 = stablehlo.multiply %31, %1 : tensor<1x2x4x4xf32>
    %33 = stablehlo.dot_general %32, %arg0, batching_dims = [0, 1] x [0, 1], contracting_dims = [2] x [2], precision = [DEFAULT, DEFAULT] : (tensor<1x2x4x4xf32>, tensor<1x2x4x8xf32>) -> tensor<1x2x4x8xf32>
    %34 = stablehlo.dot_general %32, %arg1, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [2], precision = [DEFAULT, DEFAULT] : (tensor<1x2x4x4xf32>, tensor<1x2x4x8xf32>) -> tensor<1x2x4x8xf32>
    func.return %34, %33, %19 : tensor<1x2x4x8xf32>, tensor<1x2x4x8xf32>, tensor<1x2x4x8xf32>
  }
}

// -----

// The gradient's scale (0.25) is not the forward's: not the attention backward.
// CHECK-LABEL: func.func @other_scale
// CHECK-NOT: kiln.attention_grad
module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func @other_scale(%arg0: tensor<1x2x4x8xf32>, %arg1: tensor<1x2x4x8xf32>, %arg2: tensor<1x2x4x8xf32>, %arg3: tensor<1x2x4x8xf32>) -> (tensor<1x2x4x8xf32>, tensor<1x2x4x8xf32>, tensor<1x2x4x8xf32>) {
    %0 = stablehlo.dot_general %arg0, %arg1, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [3], precision = [DEFAULT, DEFAULT] : (tensor<1x2x4x8xf32>, tensor<1x2x4x8xf32>) -> tensor<1x2x4x4xf32>
    %1 = stablehlo.constant dense<3.5355338e-01> : tensor<1x2x4x4xf32>
    %2 = stablehlo.multiply %0, %1 : tensor<1x2x4x4xf32>
    %3 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %4 = stablehlo.reduce(%2 init: %3) applies stablehlo.maximum across dimensions = [3] : (tensor<1x2x4x4xf32>, tensor<f32>) -> tensor<1x2x4xf32>
    %5 = stablehlo.constant dense<0xFF800000> : tensor<1x2x4xf32>
    %6 = stablehlo.maximum %5, %4 : tensor<1x2x4xf32>
    %7 = stablehlo.broadcast_in_dim %6, dims = [0, 1, 2] : (tensor<1x2x4xf32>) -> tensor<1x2x4x4xf32>
    %8 = stablehlo.subtract %2, %7 : tensor<1x2x4x4xf32>
    %9 = stablehlo.exponential %8 : tensor<1x2x4x4xf32>
    %10 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %11 = stablehlo.reduce(%9 init: %10) applies stablehlo.add across dimensions = [3] : (tensor<1x2x4x4xf32>, tensor<f32>) -> tensor<1x2x4xf32>
    %12 = stablehlo.broadcast_in_dim %11, dims = [0, 1, 2] : (tensor<1x2x4xf32>) -> tensor<1x2x4x1xf32>
    %13 = stablehlo.broadcast_in_dim %11, dims = [0, 1, 2] : (tensor<1x2x4xf32>) -> tensor<1x2x4x4xf32>
    %14 = stablehlo.divide %9, %13 : tensor<1x2x4x4xf32>
    %15 = stablehlo.multiply %12, %12 : tensor<1x2x4x1xf32>
    %16 = stablehlo.constant dense<1.000000e+00> : tensor<1x2x4x1xf32>
    %17 = stablehlo.divide %16, %15 : tensor<1x2x4x1xf32>
    %18 = stablehlo.dot_general %arg3, %14, batching_dims = [0, 1] x [0, 1], contracting_dims = [2] x [2], precision = [DEFAULT, DEFAULT] : (tensor<1x2x4x8xf32>, tensor<1x2x4x4xf32>) -> tensor<1x2x8x4xf32>
    %19 = stablehlo.transpose %18, dims = [0, 1, 3, 2] : (tensor<1x2x8x4xf32>) -> tensor<1x2x4x8xf32>
    %20 = stablehlo.dot_general %arg3, %arg2, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [3], precision = [DEFAULT, DEFAULT] : (tensor<1x2x4x8xf32>, tensor<1x2x4x8xf32>) -> tensor<1x2x4x4xf32>
    %21 = stablehlo.broadcast_in_dim %17, dims = [0, 1, 2, 3] : (tensor<1x2x4x1xf32>) -> tensor<1x2x4x4xf32>
    %22 = stablehlo.multiply %20, %21 : tensor<1x2x4x4xf32>
    %23 = stablehlo.multiply %22, %9 : tensor<1x2x4x4xf32>
    %24 = stablehlo.reduce(%23 init: %10) applies stablehlo.add across dimensions = [3] : (tensor<1x2x4x4xf32>, tensor<f32>) -> tensor<1x2x4xf32>
    %25 = stablehlo.reshape %24 : (tensor<1x2x4xf32>) -> tensor<1x2x4x1xf32>
    %26 = stablehlo.negate %25 : tensor<1x2x4x1xf32>
    %27 = stablehlo.divide %20, %13 : tensor<1x2x4x4xf32>
    %28 = stablehlo.reduce(%26 init: %10) applies stablehlo.add across dimensions = [0, 3] : (tensor<1x2x4x1xf32>, tensor<f32>) -> tensor<2x4xf32>
    %29 = stablehlo.broadcast_in_dim %28, dims = [1, 2] : (tensor<2x4xf32>) -> tensor<1x2x4x4xf32>
    %30 = stablehlo.add %27, %29 : tensor<1x2x4x4xf32>
    %31 = stablehlo.multiply %30, %9 : tensor<1x2x4x4xf32>
    %c2 = stablehlo.constant dense<2.500000e-01> : tensor<1x2x4x4xf32>
    %32 = stablehlo.multiply %31, %c2 : tensor<1x2x4x4xf32>
    %33 = stablehlo.dot_general %32, %arg0, batching_dims = [0, 1] x [0, 1], contracting_dims = [2] x [2], precision = [DEFAULT, DEFAULT] : (tensor<1x2x4x4xf32>, tensor<1x2x4x8xf32>) -> tensor<1x2x4x8xf32>
    %34 = stablehlo.dot_general %32, %arg1, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [2], precision = [DEFAULT, DEFAULT] : (tensor<1x2x4x4xf32>, tensor<1x2x4x8xf32>) -> tensor<1x2x4x8xf32>
    func.return %34, %33, %19 : tensor<1x2x4x8xf32>, tensor<1x2x4x8xf32>, tensor<1x2x4x8xf32>
  }
}

// -----

// An additive mask (jax.value_and_grad with respect to q, k and v; the bias [1, 1, 4, 4] an
// argument, not differentiated): dS has the same form, so the backward fuses, reading the
// bias as the forward's kiln.attention does (its region recomputes the scores from it).
// CHECK-LABEL: func.func @additive_mask
// CHECK: %[[O:.*]] = kiln.attention(%arg0, %arg1, %arg2, %arg4) {config = {scale = 3.535533845424652e-01 : f64, mask = "additive"
// CHECK: %[[G:.*]]:3 = kiln.attention_grad(%arg0, %arg1, %arg2, %{{.*}}, %arg4, %[[O]]) {config = {scale = 3.535533845424652e-01 : f64, mask = "additive", causal = false, q = 0 : i64, k = 1 : i64, v = 2 : i64, do = 3 : i64, o = 5 : i64}}
// CHECK: func.return %{{.*}}, %[[G]]#0, %[[G]]#1, %[[G]]#2 :
module @jit_additive_mask attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func @additive_mask(%arg0: tensor<1x2x4x8xf32>, %arg1: tensor<1x2x4x8xf32>, %arg2: tensor<1x2x4x8xf32>, %arg3: tensor<1x2x4x8xf32>, %arg4: tensor<1x1x4x4xf32>) -> (tensor<f32>, tensor<1x2x4x8xf32>, tensor<1x2x4x8xf32>, tensor<1x2x4x8xf32>) {
    %0 = stablehlo.dot_general %arg0, %arg1, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [3], precision = [DEFAULT, DEFAULT] : (tensor<1x2x4x8xf32>, tensor<1x2x4x8xf32>) -> tensor<1x2x4x4xf32>
    %cst = stablehlo.constant dense<0.353553385> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<1x2x4x4xf32>
    %2 = stablehlo.multiply %0, %1 : tensor<1x2x4x4xf32>
    %3 = stablehlo.broadcast_in_dim %arg4, dims = [0, 1, 2, 3] : (tensor<1x1x4x4xf32>) -> tensor<1x2x4x4xf32>
    %4 = stablehlo.add %2, %3 : tensor<1x2x4x4xf32>
    %cst_0 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %5 = stablehlo.reduce(%4 init: %cst_0) applies stablehlo.maximum across dimensions = [3] : (tensor<1x2x4x4xf32>, tensor<f32>) -> tensor<1x2x4xf32>
    %cst_1 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %6 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<1x2x4xf32>
    %7 = stablehlo.maximum %6, %5 : tensor<1x2x4xf32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [0, 1, 2] : (tensor<1x2x4xf32>) -> tensor<1x2x4x1xf32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [0, 1, 2, 3] : (tensor<1x2x4x1xf32>) -> tensor<1x2x4x4xf32>
    %10 = stablehlo.subtract %4, %9 : tensor<1x2x4x4xf32>
    %11 = stablehlo.exponential %10 : tensor<1x2x4x4xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %12 = stablehlo.reduce(%11 init: %cst_2) applies stablehlo.add across dimensions = [3] : (tensor<1x2x4x4xf32>, tensor<f32>) -> tensor<1x2x4xf32>
    %13 = stablehlo.broadcast_in_dim %12, dims = [0, 1, 2] : (tensor<1x2x4xf32>) -> tensor<1x2x4x1xf32>
    %14 = stablehlo.broadcast_in_dim %13, dims = [0, 1, 2, 3] : (tensor<1x2x4x1xf32>) -> tensor<1x2x4x4xf32>
    %15 = stablehlo.divide %11, %14 : tensor<1x2x4x4xf32>
    %16 = stablehlo.multiply %13, %13 : tensor<1x2x4x1xf32>
    %cst_3 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %17 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<1x2x4x1xf32>
    %18 = stablehlo.divide %17, %16 : tensor<1x2x4x1xf32>
    %19 = stablehlo.dot_general %15, %arg2, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [2], precision = [DEFAULT, DEFAULT] : (tensor<1x2x4x4xf32>, tensor<1x2x4x8xf32>) -> tensor<1x2x4x8xf32>
    %20 = stablehlo.multiply %19, %arg3 : tensor<1x2x4x8xf32>
    %cst_4 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %21 = stablehlo.reduce(%20 init: %cst_4) applies stablehlo.add across dimensions = [0, 1, 2, 3] : (tensor<1x2x4x8xf32>, tensor<f32>) -> tensor<f32>
    %cst_5 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %22 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<1x2x4x8xf32>
    %23 = stablehlo.multiply %22, %arg3 : tensor<1x2x4x8xf32>
    %24 = stablehlo.dot_general %23, %15, batching_dims = [0, 1] x [0, 1], contracting_dims = [2] x [2], precision = [DEFAULT, DEFAULT] : (tensor<1x2x4x8xf32>, tensor<1x2x4x4xf32>) -> tensor<1x2x8x4xf32>
    %25 = stablehlo.transpose %24, dims = [0, 1, 3, 2] : (tensor<1x2x8x4xf32>) -> tensor<1x2x4x8xf32>
    %26 = stablehlo.dot_general %23, %arg2, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [3], precision = [DEFAULT, DEFAULT] : (tensor<1x2x4x8xf32>, tensor<1x2x4x8xf32>) -> tensor<1x2x4x4xf32>
    %27 = stablehlo.broadcast_in_dim %18, dims = [0, 1, 2, 3] : (tensor<1x2x4x1xf32>) -> tensor<1x2x4x4xf32>
    %28 = stablehlo.multiply %26, %27 : tensor<1x2x4x4xf32>
    %29 = stablehlo.multiply %28, %11 : tensor<1x2x4x4xf32>
    %cst_6 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %30 = stablehlo.reduce(%29 init: %cst_6) applies stablehlo.add across dimensions = [3] : (tensor<1x2x4x4xf32>, tensor<f32>) -> tensor<1x2x4xf32>
    %31 = stablehlo.reshape %30 : (tensor<1x2x4xf32>) -> tensor<1x2x4x1xf32>
    %32 = stablehlo.negate %31 : tensor<1x2x4x1xf32>
    %33 = stablehlo.broadcast_in_dim %13, dims = [0, 1, 2, 3] : (tensor<1x2x4x1xf32>) -> tensor<1x2x4x4xf32>
    %34 = stablehlo.divide %26, %33 : tensor<1x2x4x4xf32>
    %cst_7 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %35 = stablehlo.reduce(%32 init: %cst_7) applies stablehlo.add across dimensions = [0, 3] : (tensor<1x2x4x1xf32>, tensor<f32>) -> tensor<2x4xf32>
    %36 = stablehlo.broadcast_in_dim %35, dims = [1, 2] : (tensor<2x4xf32>) -> tensor<1x2x4xf32>
    %37 = stablehlo.broadcast_in_dim %36, dims = [0, 1, 2] : (tensor<1x2x4xf32>) -> tensor<1x2x4x4xf32>
    %38 = stablehlo.add %34, %37 : tensor<1x2x4x4xf32>
    %39 = stablehlo.multiply %38, %11 : tensor<1x2x4x4xf32>
    %cst_8 = stablehlo.constant dense<0.353553385> : tensor<f32>
    %40 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<1x2x4x4xf32>
    %41 = stablehlo.multiply %39, %40 : tensor<1x2x4x4xf32>
    %42 = stablehlo.dot_general %41, %arg0, batching_dims = [0, 1] x [0, 1], contracting_dims = [2] x [2], precision = [DEFAULT, DEFAULT] : (tensor<1x2x4x4xf32>, tensor<1x2x4x8xf32>) -> tensor<1x2x4x8xf32>
    %43 = stablehlo.dot_general %41, %arg1, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [2], precision = [DEFAULT, DEFAULT] : (tensor<1x2x4x4xf32>, tensor<1x2x4x8xf32>) -> tensor<1x2x4x8xf32>
    func.return %21, %43, %42, %25 : tensor<f32>, tensor<1x2x4x8xf32>, tensor<1x2x4x8xf32>, tensor<1x2x4x8xf32>
  }
}

// -----

// The bias differentiated too (argnums includes it): dS is its gradient, read outside the
// backward, so nothing is outlined.
// CHECK-LABEL: func.func @differentiated_mask
// CHECK-NOT: kiln.attention_grad
module @jit_differentiated_mask attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func @differentiated_mask(%arg0: tensor<1x2x4x8xf32>, %arg1: tensor<1x2x4x8xf32>, %arg2: tensor<1x2x4x8xf32>, %arg3: tensor<1x2x4x8xf32>, %arg4: tensor<1x1x4x4xf32>) -> (tensor<1x2x4x8xf32>, tensor<1x2x4x8xf32>, tensor<1x2x4x8xf32>, tensor<1x1x4x4xf32>) {
    %0 = stablehlo.dot_general %arg0, %arg1, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [3], precision = [DEFAULT, DEFAULT] : (tensor<1x2x4x8xf32>, tensor<1x2x4x8xf32>) -> tensor<1x2x4x4xf32>
    %cst = stablehlo.constant dense<0.353553385> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<1x2x4x4xf32>
    %2 = stablehlo.multiply %0, %1 : tensor<1x2x4x4xf32>
    %3 = stablehlo.broadcast_in_dim %arg4, dims = [0, 1, 2, 3] : (tensor<1x1x4x4xf32>) -> tensor<1x2x4x4xf32>
    %4 = stablehlo.add %2, %3 : tensor<1x2x4x4xf32>
    %cst_0 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %5 = stablehlo.reduce(%4 init: %cst_0) applies stablehlo.maximum across dimensions = [3] : (tensor<1x2x4x4xf32>, tensor<f32>) -> tensor<1x2x4xf32>
    %cst_1 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %6 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<1x2x4xf32>
    %7 = stablehlo.maximum %6, %5 : tensor<1x2x4xf32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [0, 1, 2] : (tensor<1x2x4xf32>) -> tensor<1x2x4x1xf32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [0, 1, 2, 3] : (tensor<1x2x4x1xf32>) -> tensor<1x2x4x4xf32>
    %10 = stablehlo.subtract %4, %9 : tensor<1x2x4x4xf32>
    %11 = stablehlo.exponential %10 : tensor<1x2x4x4xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %12 = stablehlo.reduce(%11 init: %cst_2) applies stablehlo.add across dimensions = [3] : (tensor<1x2x4x4xf32>, tensor<f32>) -> tensor<1x2x4xf32>
    %13 = stablehlo.broadcast_in_dim %12, dims = [0, 1, 2] : (tensor<1x2x4xf32>) -> tensor<1x2x4x1xf32>
    %14 = stablehlo.broadcast_in_dim %13, dims = [0, 1, 2, 3] : (tensor<1x2x4x1xf32>) -> tensor<1x2x4x4xf32>
    %15 = stablehlo.divide %11, %14 : tensor<1x2x4x4xf32>
    %16 = stablehlo.multiply %13, %13 : tensor<1x2x4x1xf32>
    %cst_3 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %17 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<1x2x4x1xf32>
    %18 = stablehlo.divide %17, %16 : tensor<1x2x4x1xf32>
    %cst_4 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %19 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<1x2x4x8xf32>
    %20 = stablehlo.multiply %19, %arg3 : tensor<1x2x4x8xf32>
    %21 = stablehlo.dot_general %20, %15, batching_dims = [0, 1] x [0, 1], contracting_dims = [2] x [2], precision = [DEFAULT, DEFAULT] : (tensor<1x2x4x8xf32>, tensor<1x2x4x4xf32>) -> tensor<1x2x8x4xf32>
    %22 = stablehlo.transpose %21, dims = [0, 1, 3, 2] : (tensor<1x2x8x4xf32>) -> tensor<1x2x4x8xf32>
    %23 = stablehlo.dot_general %20, %arg2, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [3], precision = [DEFAULT, DEFAULT] : (tensor<1x2x4x8xf32>, tensor<1x2x4x8xf32>) -> tensor<1x2x4x4xf32>
    %24 = stablehlo.broadcast_in_dim %18, dims = [0, 1, 2, 3] : (tensor<1x2x4x1xf32>) -> tensor<1x2x4x4xf32>
    %25 = stablehlo.multiply %23, %24 : tensor<1x2x4x4xf32>
    %26 = stablehlo.multiply %25, %11 : tensor<1x2x4x4xf32>
    %cst_5 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %27 = stablehlo.reduce(%26 init: %cst_5) applies stablehlo.add across dimensions = [3] : (tensor<1x2x4x4xf32>, tensor<f32>) -> tensor<1x2x4xf32>
    %28 = stablehlo.reshape %27 : (tensor<1x2x4xf32>) -> tensor<1x2x4x1xf32>
    %29 = stablehlo.negate %28 : tensor<1x2x4x1xf32>
    %30 = stablehlo.broadcast_in_dim %13, dims = [0, 1, 2, 3] : (tensor<1x2x4x1xf32>) -> tensor<1x2x4x4xf32>
    %31 = stablehlo.divide %23, %30 : tensor<1x2x4x4xf32>
    %cst_6 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %32 = stablehlo.reduce(%29 init: %cst_6) applies stablehlo.add across dimensions = [0, 3] : (tensor<1x2x4x1xf32>, tensor<f32>) -> tensor<2x4xf32>
    %33 = stablehlo.broadcast_in_dim %32, dims = [1, 2] : (tensor<2x4xf32>) -> tensor<1x2x4xf32>
    %34 = stablehlo.broadcast_in_dim %33, dims = [0, 1, 2] : (tensor<1x2x4xf32>) -> tensor<1x2x4x4xf32>
    %35 = stablehlo.add %31, %34 : tensor<1x2x4x4xf32>
    %36 = stablehlo.multiply %35, %11 : tensor<1x2x4x4xf32>
    %cst_7 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %37 = stablehlo.reduce(%36 init: %cst_7) applies stablehlo.add across dimensions = [1] : (tensor<1x2x4x4xf32>, tensor<f32>) -> tensor<1x4x4xf32>
    %38 = stablehlo.reshape %37 : (tensor<1x4x4xf32>) -> tensor<1x1x4x4xf32>
    %cst_8 = stablehlo.constant dense<0.353553385> : tensor<f32>
    %39 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<1x2x4x4xf32>
    %40 = stablehlo.multiply %36, %39 : tensor<1x2x4x4xf32>
    %41 = stablehlo.dot_general %40, %arg0, batching_dims = [0, 1] x [0, 1], contracting_dims = [2] x [2], precision = [DEFAULT, DEFAULT] : (tensor<1x2x4x4xf32>, tensor<1x2x4x8xf32>) -> tensor<1x2x4x8xf32>
    %42 = stablehlo.dot_general %40, %arg1, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [2], precision = [DEFAULT, DEFAULT] : (tensor<1x2x4x4xf32>, tensor<1x2x4x8xf32>) -> tensor<1x2x4x8xf32>
    func.return %42, %41, %22, %38 : tensor<1x2x4x8xf32>, tensor<1x2x4x8xf32>, tensor<1x2x4x8xf32>, tensor<1x1x4x4xf32>
  }
}
