module @jit_gemm_elementwise_not_dot attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x8x32xf32>, %arg1: tensor<32xf32>, %arg2: tensor<32xf32>) -> (tensor<2x8x32xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [2] : (tensor<32xf32>) -> tensor<1x1x32xf32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [0, 1, 2] : (tensor<1x1x32xf32>) -> tensor<2x8x32xf32>
    %2 = stablehlo.multiply %arg0, %1 : tensor<2x8x32xf32>
    %3 = stablehlo.broadcast_in_dim %arg2, dims = [2] : (tensor<32xf32>) -> tensor<1x1x32xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1, 2] : (tensor<1x1x32xf32>) -> tensor<2x8x32xf32>
    %5 = stablehlo.add %2, %4 : tensor<2x8x32xf32>
    %6 = call @relu(%5) : (tensor<2x8x32xf32>) -> tensor<2x8x32xf32>
    return %6 : tensor<2x8x32xf32>
  }
  func.func private @relu(%arg0: tensor<2x8x32xf32>) -> tensor<2x8x32xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x8x32xf32>
    %1 = stablehlo.maximum %arg0, %0 : tensor<2x8x32xf32>
    return %1 : tensor<2x8x32xf32>
  }
}
