module @jit_silu_bf16 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x8x32xbf16>) -> (tensor<2x8x32xbf16> {jax.result_info = "result"}) {
    %0 = call @silu(%arg0) : (tensor<2x8x32xbf16>) -> tensor<2x8x32xbf16>
    return %0 : tensor<2x8x32xbf16>
  }
  func.func private @silu(%arg0: tensor<2x8x32xbf16>) -> tensor<2x8x32xbf16> {
    %0 = stablehlo.negate %arg0 : tensor<2x8x32xbf16>
    %1 = stablehlo.exponential %0 : tensor<2x8x32xbf16>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<bf16>
    %2 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<bf16>) -> tensor<2x8x32xbf16>
    %3 = stablehlo.add %2, %1 : tensor<2x8x32xbf16>
    %cst_0 = stablehlo.constant dense<1.000000e+00> : tensor<bf16>
    %4 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<bf16>) -> tensor<2x8x32xbf16>
    %5 = stablehlo.divide %4, %3 : tensor<2x8x32xbf16>
    %6 = stablehlo.multiply %arg0, %5 : tensor<2x8x32xbf16>
    return %6 : tensor<2x8x32xbf16>
  }
}
