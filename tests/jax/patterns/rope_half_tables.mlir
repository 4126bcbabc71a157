module @jit_rope_half_tables attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x16x4x32xf32>, %arg1: tensor<16x32xf32>, %arg2: tensor<16x32xf32>) -> (tensor<2x16x4x32xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [1, 3] : (tensor<16x32xf32>) -> tensor<1x16x1x32xf32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [0, 1, 2, 3] : (tensor<1x16x1x32xf32>) -> tensor<2x16x4x32xf32>
    %2 = stablehlo.multiply %arg0, %1 : tensor<2x16x4x32xf32>
    %3 = stablehlo.slice %arg0 [0:2, 0:16, 0:4, 0:16] : (tensor<2x16x4x32xf32>) -> tensor<2x16x4x16xf32>
    %4 = stablehlo.slice %arg0 [0:2, 0:16, 0:4, 16:32] : (tensor<2x16x4x32xf32>) -> tensor<2x16x4x16xf32>
    %5 = stablehlo.negate %4 : tensor<2x16x4x16xf32>
    %6 = stablehlo.concatenate %5, %3, dim = 3 : (tensor<2x16x4x16xf32>, tensor<2x16x4x16xf32>) -> tensor<2x16x4x32xf32>
    %7 = stablehlo.broadcast_in_dim %arg2, dims = [1, 3] : (tensor<16x32xf32>) -> tensor<1x16x1x32xf32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [0, 1, 2, 3] : (tensor<1x16x1x32xf32>) -> tensor<2x16x4x32xf32>
    %9 = stablehlo.multiply %6, %8 : tensor<2x16x4x32xf32>
    %10 = stablehlo.add %2, %9 : tensor<2x16x4x32xf32>
    return %10 : tensor<2x16x4x32xf32>
  }
}
