// JAX's loops carry their invariant inputs (weights, the scanned sequence) through the loop
// unchanged: each becomes the while's operand, read directly, and leaves the carry.
// RUN: kiln compile %S/../../jax/programs/scan_rnn.mlir --pass=inline,while-dead-values | FileCheck %s --check-prefix=SCAN
// RUN: kiln compile %S/../../jax/programs/fori_loop.mlir --pass=inline,while-dead-values | FileCheck %s --check-prefix=FORI

// jax.lax.scan: the sequence %arg3 and the weights %arg0..%arg2 were carried; the counter,
// the hidden state and the stacked outputs stay.
// SCAN: stablehlo.while(%[[I:.*]] = %{{.*}}, %[[H:.*]] = %arg4, %[[YS:.*]] = %{{.*}}) : tensor<i32>, tensor<2x8xf32>, tensor<10x2x8xf32>
// SCAN: stablehlo.compare LT, %[[I]]
// SCAN: stablehlo.dynamic_slice %arg3, %[[I]]
// SCAN: stablehlo.dot_general %{{.*}}, %arg0
// SCAN: stablehlo.dot_general %[[H]], %arg1
// SCAN: stablehlo.broadcast_in_dim %arg2
// SCAN: stablehlo.dynamic_update_slice %[[YS]]
// SCAN: stablehlo.return %{{.*}}, %{{.*}}, %{{.*}} : tensor<i32>, tensor<2x8xf32>, tensor<10x2x8xf32>
// SCAN: return %{{.*}}#1, %{{.*}}#2

// jax.lax.fori_loop: the matrix %arg0 was carried unchanged. The second counter (the body's
// own copy of i) is not needed after the loop but feeds a live value, so it stays.
// FORI: stablehlo.while(%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}, %{{.*}} = %arg1, %{{.*}} = %{{.*}}, %{{.*}} = %arg2) : tensor<i32>, tensor<i32>, tensor<6xf32>, tensor<6xf32>, tensor<i32>
// FORI: stablehlo.dot_general %arg0,
// FORI: return %{{.*}}#2, %{{.*}}#3, %{{.*}}#4
