// RUN: kiln compile --pass=fuse-softmax,fuse-attention,dce --split-input-file %s | FileCheck %s
// RUN: kiln compile --pass=fuse-softmax,fuse-attention,dce --split-input-file --validate 1 %s -o /dev/null

// Two causal attention layers share one mask (as CSE leaves it): each gets its own copy of
// the mask computation; the softmax stays whole inside each region.
// CHECK-LABEL: func.func @main
// CHECK: %[[A:.*]] = kiln.attention(%arg0, %arg1, %arg2) {config = {scale = 1.000000e+00 : f64, mask = "causal", causal = true, kv_repeated = false, q = 0 : i64, k = 1 : i64, v = 2 : i64}}
// CHECK: stablehlo.iota
// CHECK: stablehlo.compare  GE
// CHECK: kiln.softmax
// CHECK: kiln.attention(%[[A]], %arg1, %arg2)
// CHECK: stablehlo.iota
// CHECK: func.return
func.func @main(%q: tensor<2x4x4xf32>, %k: tensor<2x4x4xf32>, %v: tensor<2x4x4xf32>) -> (tensor<2x4x4xf32>, tensor<2x4x4xf32>) {
  %i0 = stablehlo.iota dim = 0 : tensor<4x4xi32>
  %i1 = stablehlo.iota dim = 1 : tensor<4x4xi32>
  %c = stablehlo.compare GE, %i0, %i1, SIGNED : (tensor<4x4xi32>, tensor<4x4xi32>) -> tensor<4x4xi1>
  %cb = stablehlo.broadcast_in_dim %c, dims = [1, 2] : (tensor<4x4xi1>) -> tensor<2x4x4xi1>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<2x4x4xf32>
  %s = stablehlo.dot_general %q, %k, batching_dims = [0] x [0], contracting_dims = [2] x [2] : (tensor<2x4x4xf32>, tensor<2x4x4xf32>) -> tensor<2x4x4xf32>
  %m = stablehlo.select %cb, %s, %ninf : tensor<2x4x4xi1>, tensor<2x4x4xf32>
  %e = stablehlo.exponential %m : tensor<2x4x4xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %sum = stablehlo.reduce(%e init: %zero) applies stablehlo.add across dimensions = [2] : (tensor<2x4x4xf32>, tensor<f32>) -> tensor<2x4xf32>
  %sb = stablehlo.broadcast_in_dim %sum, dims = [0, 1] : (tensor<2x4xf32>) -> tensor<2x4x4xf32>
  %p = stablehlo.divide %e, %sb : tensor<2x4x4xf32>
  %o = stablehlo.dot_general %p, %v, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x4x4xf32>, tensor<2x4x4xf32>) -> tensor<2x4x4xf32>
  %s2 = stablehlo.dot_general %o, %k, batching_dims = [0] x [0], contracting_dims = [2] x [2] : (tensor<2x4x4xf32>, tensor<2x4x4xf32>) -> tensor<2x4x4xf32>
  %m2 = stablehlo.select %cb, %s2, %ninf : tensor<2x4x4xi1>, tensor<2x4x4xf32>
  %e2 = stablehlo.exponential %m2 : tensor<2x4x4xf32>
  %sum2 = stablehlo.reduce(%e2 init: %zero) applies stablehlo.add across dimensions = [2] : (tensor<2x4x4xf32>, tensor<f32>) -> tensor<2x4xf32>
  %sb2 = stablehlo.broadcast_in_dim %sum2, dims = [0, 1] : (tensor<2x4xf32>) -> tensor<2x4x4xf32>
  %p2 = stablehlo.divide %e2, %sb2 : tensor<2x4x4xf32>
  %o2 = stablehlo.dot_general %p2, %v, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x4x4xf32>, tensor<2x4x4xf32>) -> tensor<2x4x4xf32>
  return %o, %o2 : tensor<2x4x4xf32>, tensor<2x4x4xf32>
}

// -----

// The softmax runs over the queries (axis 1), the product contracts the keys: not attention.
// CHECK-LABEL: func.func @query_axis
// CHECK-NOT: kiln.attention
func.func @query_axis(%q: tensor<4x8xf32>, %k: tensor<4x8xf32>, %v: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %s = stablehlo.dot_general %q, %k, contracting_dims = [1] x [1] : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x4xf32>
  %e = stablehlo.exponential %s : tensor<4x4xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %sum = stablehlo.reduce(%e init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<4x4xf32>, tensor<f32>) -> tensor<4xf32>
  %sb = stablehlo.broadcast_in_dim %sum, dims = [1] : (tensor<4xf32>) -> tensor<4x4xf32>
  %p = stablehlo.divide %e, %sb : tensor<4x4xf32>
  %o = stablehlo.dot_general %p, %v, contracting_dims = [1] x [0] : (tensor<4x4xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  return %o : tensor<4x8xf32>
}

// -----

// A folded boolean mask (causal): checked element by element. The constant mask, read before
// v, becomes the operand after q, k, v.
// CHECK-LABEL: func.func @folded_causal
// CHECK: kiln.attention(%arg0, %arg1, %arg2, %{{.*}}) {config = {scale = 1.000000e+00 : f64, mask = "{{[a-z]*}}", causal = true, kv_repeated = false, q = 0 : i64, k = 1 : i64, v = 2 : i64}}
func.func @folded_causal(%q: tensor<2x4xf32>, %k: tensor<2x4xf32>, %v: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %s = stablehlo.dot_general %q, %k, contracting_dims = [1] x [1] : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x2xf32>
  %mask = stablehlo.constant dense<[[true, false], [true, true]]> : tensor<2x2xi1>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<2x2xf32>
  %m = stablehlo.select %mask, %s, %ninf : tensor<2x2xi1>, tensor<2x2xf32>
  %e = stablehlo.exponential %m : tensor<2x2xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %sum = stablehlo.reduce(%e init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<2x2xf32>, tensor<f32>) -> tensor<2xf32>
  %sb = stablehlo.broadcast_in_dim %sum, dims = [0] : (tensor<2xf32>) -> tensor<2x2xf32>
  %p = stablehlo.divide %e, %sb : tensor<2x2xf32>
  %o = stablehlo.dot_general %p, %v, contracting_dims = [1] x [0] : (tensor<2x2xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  return %o : tensor<2x4xf32>
}

// -----

// A folded boolean mask (anticausal): checked element by element.
// CHECK-LABEL: func.func @folded_anticausal
// CHECK: kiln.attention({{.*}}) {config = {scale = 1.000000e+00 : f64, mask = "{{[a-z]*}}", causal = false, kv_repeated = false, q = 0 : i64, k = 1 : i64, v = 2 : i64}}
func.func @folded_anticausal(%q: tensor<2x4xf32>, %k: tensor<2x4xf32>, %v: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %s = stablehlo.dot_general %q, %k, contracting_dims = [1] x [1] : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x2xf32>
  %mask = stablehlo.constant dense<[[true, true], [false, true]]> : tensor<2x2xi1>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<2x2xf32>
  %m = stablehlo.select %mask, %s, %ninf : tensor<2x2xi1>, tensor<2x2xf32>
  %e = stablehlo.exponential %m : tensor<2x2xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %sum = stablehlo.reduce(%e init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<2x2xf32>, tensor<f32>) -> tensor<2xf32>
  %sb = stablehlo.broadcast_in_dim %sum, dims = [0] : (tensor<2xf32>) -> tensor<2x2xf32>
  %p = stablehlo.divide %e, %sb : tensor<2x2xf32>
  %o = stablehlo.dot_general %p, %v, contracting_dims = [1] x [0] : (tensor<2x2xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  return %o : tensor<2x4xf32>
}

// -----

// GQA as JAX writes it, every operand read before q: the additive mask's broadcast, then
// jnp.repeat of k and v, then q·kᵀ. The composite's operands still come q, k, v, then the mask
// (the order the library's attention kernels take), its region's arguments alike.
// CHECK-LABEL: func.func @gqa_kv_and_mask_before_q
// CHECK: kiln.attention(%arg3, %arg1, %arg2, %arg0) {config = {scale = 2.500000e-01 : f64, mask = "additive", causal = false, kv_repeated = true, q = 0 : i64, k = 1 : i64, v = 2 : i64}}
// CHECK-NEXT: ^bb0(%{{.*}}: tensor<1x4x2x8xf32>, %{{.*}}: tensor<1x2x3x8xf32>, %{{.*}}: tensor<1x2x3x8xf32>, %{{.*}}: tensor<1x4x2x3xf32>):
func.func @gqa_kv_and_mask_before_q(%m: tensor<1x4x2x3xf32>, %k: tensor<1x2x3x8xf32>, %v: tensor<1x2x3x8xf32>, %q: tensor<1x4x2x8xf32>) -> tensor<1x4x2x8xf32> {
  %mb = stablehlo.broadcast_in_dim %m, dims = [0, 1, 2, 3] : (tensor<1x4x2x3xf32>) -> tensor<1x4x2x3xf32>
  %kb = stablehlo.broadcast_in_dim %k, dims = [0, 1, 3, 4] : (tensor<1x2x3x8xf32>) -> tensor<1x2x2x3x8xf32>
  %kw = stablehlo.reshape %kb : (tensor<1x2x2x3x8xf32>) -> tensor<1x4x3x8xf32>
  %vb = stablehlo.broadcast_in_dim %v, dims = [0, 1, 3, 4] : (tensor<1x2x3x8xf32>) -> tensor<1x2x2x3x8xf32>
  %vw = stablehlo.reshape %vb : (tensor<1x2x2x3x8xf32>) -> tensor<1x4x3x8xf32>
  %s = stablehlo.dot_general %q, %kw, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [3] : (tensor<1x4x2x8xf32>, tensor<1x4x3x8xf32>) -> tensor<1x4x2x3xf32>
  %c = stablehlo.constant dense<0.25> : tensor<1x4x2x3xf32>
  %x0 = stablehlo.multiply %s, %c : tensor<1x4x2x3xf32>
  %x1 = stablehlo.add %x0, %mb : tensor<1x4x2x3xf32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %mx = stablehlo.reduce(%x1 init: %ninf) applies stablehlo.maximum across dimensions = [3] : (tensor<1x4x2x3xf32>, tensor<f32>) -> tensor<1x4x2xf32>
  %mxb = stablehlo.broadcast_in_dim %mx, dims = [0, 1, 2] : (tensor<1x4x2xf32>) -> tensor<1x4x2x3xf32>
  %sh = stablehlo.subtract %x1, %mxb : tensor<1x4x2x3xf32>
  %e = stablehlo.exponential %sh : tensor<1x4x2x3xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %sum = stablehlo.reduce(%e init: %zero) applies stablehlo.add across dimensions = [3] : (tensor<1x4x2x3xf32>, tensor<f32>) -> tensor<1x4x2xf32>
  %sb = stablehlo.broadcast_in_dim %sum, dims = [0, 1, 2] : (tensor<1x4x2xf32>) -> tensor<1x4x2x3xf32>
  %p = stablehlo.divide %e, %sb : tensor<1x4x2x3xf32>
  %o = stablehlo.dot_general %p, %vw, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [2] : (tensor<1x4x2x3xf32>, tensor<1x4x3x8xf32>) -> tensor<1x4x2x8xf32>
  return %o : tensor<1x4x2x8xf32>
}
