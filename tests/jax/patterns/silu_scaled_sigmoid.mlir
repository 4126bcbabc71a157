module @jit_silu_scaled_sigmoid attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x8x32xf32>) -> (tensor<2x8x32xf32> {jax.result_info = "result"}) {
    %cst = stablehlo.constant dense<1.702000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x8x32xf32>
    %1 = stablehlo.multiply %0, %arg0 : tensor<2x8x32xf32>
    %2 = stablehlo.negate %1 : tensor<2x8x32xf32>
    %3 = stablehlo.exponential %2 : tensor<2x8x32xf32>
    %cst_0 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<2x8x32xf32>
    %5 = stablehlo.add %4, %3 : tensor<2x8x32xf32>
    %cst_1 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %6 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<2x8x32xf32>
    %7 = stablehlo.divide %6, %5 : tensor<2x8x32xf32>
    %8 = stablehlo.multiply %arg0, %7 : tensor<2x8x32xf32>
    return %8 : tensor<2x8x32xf32>
  }
}
