module @jit_gelu_erf_wrong_scale attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x8x32xf32>) -> (tensor<2x8x32xf32> {jax.result_info = "result"}) {
    %cst = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x8x32xf32>
    %1 = stablehlo.multiply %0, %arg0 : tensor<2x8x32xf32>
    %cst_0 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<2x8x32xf32>
    %3 = stablehlo.divide %arg0, %2 : tensor<2x8x32xf32>
    %4 = chlo.erf %3 : tensor<2x8x32xf32> -> tensor<2x8x32xf32>
    %cst_1 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %5 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<2x8x32xf32>
    %6 = stablehlo.add %5, %4 : tensor<2x8x32xf32>
    %7 = stablehlo.multiply %1, %6 : tensor<2x8x32xf32>
    return %7 : tensor<2x8x32xf32>
  }
}
