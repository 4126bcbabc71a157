module @jit_rope_no_negation attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x16x4x32xf32>, %arg1: tensor<16x32xf32>, %arg2: tensor<16x32xf32>) -> (tensor<2x16x4x32xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.slice %arg0 [0:2, 0:16, 0:4, 0:16] : (tensor<2x16x4x32xf32>) -> tensor<2x16x4x16xf32>
    %1 = stablehlo.slice %arg0 [0:2, 0:16, 0:4, 16:32] : (tensor<2x16x4x32xf32>) -> tensor<2x16x4x16xf32>
    %2 = stablehlo.concatenate %1, %0, dim = 3 : (tensor<2x16x4x16xf32>, tensor<2x16x4x16xf32>) -> tensor<2x16x4x32xf32>
    %3 = stablehlo.broadcast_in_dim %arg1, dims = [1, 3] : (tensor<16x32xf32>) -> tensor<1x16x1x32xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1, 2, 3] : (tensor<1x16x1x32xf32>) -> tensor<2x16x4x32xf32>
    %5 = stablehlo.multiply %arg0, %4 : tensor<2x16x4x32xf32>
    %6 = stablehlo.broadcast_in_dim %arg2, dims = [1, 3] : (tensor<16x32xf32>) -> tensor<1x16x1x32xf32>
    %7 = stablehlo.broadcast_in_dim %6, dims = [0, 1, 2, 3] : (tensor<1x16x1x32xf32>) -> tensor<2x16x4x32xf32>
    %8 = stablehlo.multiply %2, %7 : tensor<2x16x4x32xf32>
    %9 = stablehlo.add %5, %8 : tensor<2x16x4x32xf32>
    return %9 : tensor<2x16x4x32xf32>
  }
}
