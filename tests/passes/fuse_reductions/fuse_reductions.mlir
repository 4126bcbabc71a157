// RUN: kiln compile --pass=fuse-reductions,dce --split-input-file %s | FileCheck %s
// RUN: kiln compile --pass=fuse-reductions,fuse-loops,dce --split-input-file --validate 2 %s -o /dev/null
// RUN: kiln compile --pass=fuse-reductions --explain-fusion --split-input-file %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=EXPLAIN

// A prologue (exp) and an epilogue at the reduced shape (log) join the reduction.
// CHECK-LABEL: func.func @prologue_epilogue
// CHECK: %[[F:.*]] = kiln.fusion "input" (%arg0)
// CHECK: stablehlo.exponential
// CHECK: stablehlo.reduce
// CHECK: stablehlo.log
// CHECK: func.return %[[F]]
func.func @prologue_epilogue(%arg0: tensor<4x8xf32>) -> tensor<4xf32> {
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %e = stablehlo.exponential %arg0 : tensor<4x8xf32>
  %s = stablehlo.reduce(%e init: %z) applies stablehlo.add across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
  %l = stablehlo.log %s : tensor<4xf32>
  return %l : tensor<4xf32>
}

// -----

// Softmax over rows: the max, the exponentials, the sum and the division are one kernel
// (rows short enough to keep on chip).
// CHECK-LABEL: func.func @softmax_rows
// CHECK: kiln.fusion "input" (%arg0)
// CHECK-COUNT-2: stablehlo.reduce
// CHECK: stablehlo.divide
// CHECK-NOT: kiln.fusion
func.func @softmax_rows(%arg0: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %m = stablehlo.reduce(%arg0 init: %ninf) applies stablehlo.maximum across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
  %mb = stablehlo.broadcast_in_dim %m, dims = [0] : (tensor<4xf32>) -> tensor<4x8xf32>
  %d = stablehlo.subtract %arg0, %mb : tensor<4x8xf32>
  %e = stablehlo.exponential %d : tensor<4x8xf32>
  %s = stablehlo.reduce(%e init: %z) applies stablehlo.add across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
  %sb = stablehlo.broadcast_in_dim %s, dims = [0] : (tensor<4xf32>) -> tensor<4x8xf32>
  %r = stablehlo.divide %e, %sb : tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}

// -----

// A column reduction broadcast back would be recomputed per element: it stays apart (alone,
// it is one kernel anyway; fuse-loops takes the division with its broadcast).
// CHECK-LABEL: func.func @column_broadcast_back
// CHECK-NOT: kiln.fusion
// CHECK: stablehlo.reduce
// EXPLAIN: not fused: stablehlo.reduce {{.*}} not a row reduction
func.func @column_broadcast_back(%arg0: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %e = stablehlo.exponential %arg0 : tensor<4x8xf32>
  %s = stablehlo.reduce(%arg0 init: %z) applies stablehlo.add across dimensions = [0] : (tensor<4x8xf32>, tensor<f32>) -> tensor<8xf32>
  %sb = stablehlo.broadcast_in_dim %s, dims = [1] : (tensor<8xf32>) -> tensor<4x8xf32>
  %r = stablehlo.divide %e, %sb : tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}

// -----

// A transpose of the minor dimension does not feed a reduction inside one kernel.
// CHECK-LABEL: func.func @transposed_prologue
// CHECK: stablehlo.transpose
// CHECK: kiln.fusion "input"
// EXPLAIN: not fused: stablehlo.transpose {{.*}} uncoalesced
func.func @transposed_prologue(%arg0: tensor<8x4xf32>) -> tensor<4xf32> {
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %t = stablehlo.transpose %arg0, dims = [1, 0] : (tensor<8x4xf32>) -> tensor<4x8xf32>
  %e = stablehlo.exponential %t : tensor<4x8xf32>
  %s = stablehlo.reduce(%e init: %z) applies stablehlo.add across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
  return %s : tensor<4xf32>
}
