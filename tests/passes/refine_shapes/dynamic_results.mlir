// RUN: kiln compile --pass=refine-shapes --split-input-file %s | FileCheck %s
// The interpreter runs no op of a dynamic result type but the dynamic-shape ops of
// dynamic_ops.mlir (an add of tensor<?x?xf32>, dynamic_gather, rng), so these are not
// validated here; tests/unit/passes/refine_shapes_test.cpp compares refined functions with
// the interpreter on the inputs' shapes.

// dynamic_broadcast_in_dim with a shape computed from get_dimension_size: the size becomes a
// constant, the shape computation folds, the op becomes broadcast_in_dim, and the users of
// its result see the static type.
// CHECK-LABEL: func.func @broadcast
// CHECK-NOT: get_dimension_size
// CHECK-NOT: dynamic_broadcast_in_dim
// CHECK: %[[B:.*]] = stablehlo.broadcast_in_dim %arg0, dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
// CHECK: stablehlo.add %[[B]], %[[B]] : tensor<2x3xf32>
// CHECK: return {{.*}} : tensor<2x3xf32>
func.func @broadcast(%arg0: tensor<3xf32>) -> tensor<?x?xf32> {
  %n = stablehlo.get_dimension_size %arg0, dim = 0 : (tensor<3xf32>) -> tensor<i32>
  %n1 = stablehlo.reshape %n : (tensor<i32>) -> tensor<1xi32>
  %two = stablehlo.constant dense<2> : tensor<1xi32>
  %s = stablehlo.concatenate %two, %n1, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
  %r = stablehlo.dynamic_broadcast_in_dim %arg0, %s, dims = [1] : (tensor<3xf32>, tensor<2xi32>) -> tensor<?x?xf32>
  %a = stablehlo.add %r, %r : tensor<?x?xf32>
  return %a : tensor<?x?xf32>
}

// -----

// CHECK-LABEL: func.func @gather
// CHECK: "stablehlo.gather"
// CHECK-SAME: slice_sizes = array<i64: 1, 2>
// CHECK-SAME: -> tensor<2x2xf32>
func.func @gather(%x: tensor<3x2xf32>, %i: tensor<2x1xi32>) -> tensor<?x?xf32> {
  %sizes = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
  %r = "stablehlo.dynamic_gather"(%x, %i, %sizes) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>} : (tensor<3x2xf32>, tensor<2x1xi32>, tensor<2xi32>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// -----

// rng keeps its (constant) shape operand; its result type becomes static.
// CHECK-LABEL: func.func @rng
// CHECK: stablehlo.rng {{.*}} -> tensor<2x3xf32>
// CHECK: return {{.*}} : tensor<2x3xf32>
func.func @rng(%a: tensor<f32>, %b: tensor<f32>) -> tensor<?x?xf32> {
  %s = stablehlo.constant dense<[2, 3]> : tensor<2xi64>
  %r = stablehlo.rng %a, %b, %s, distribution = UNIFORM : (tensor<f32>, tensor<f32>, tensor<2xi64>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}
