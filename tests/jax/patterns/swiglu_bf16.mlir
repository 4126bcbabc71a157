module @jit_swiglu_bf16 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x8x32xbf16>, %arg1: tensor<32x64xbf16>, %arg2: tensor<32x64xbf16>) -> (tensor<2x8x64xbf16> {jax.result_info = "result"}) {
    %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x8x32xbf16>, tensor<32x64xbf16>) -> tensor<2x8x64xbf16>
    %1 = call @silu(%0) : (tensor<2x8x64xbf16>) -> tensor<2x8x64xbf16>
    %2 = stablehlo.dot_general %arg0, %arg2, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x8x32xbf16>, tensor<32x64xbf16>) -> tensor<2x8x64xbf16>
    %3 = stablehlo.multiply %1, %2 : tensor<2x8x64xbf16>
    return %3 : tensor<2x8x64xbf16>
  }
  func.func private @silu(%arg0: tensor<2x8x64xbf16>) -> tensor<2x8x64xbf16> {
    %0 = stablehlo.negate %arg0 : tensor<2x8x64xbf16>
    %1 = stablehlo.exponential %0 : tensor<2x8x64xbf16>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<bf16>
    %2 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<bf16>) -> tensor<2x8x64xbf16>
    %3 = stablehlo.add %2, %1 : tensor<2x8x64xbf16>
    %cst_0 = stablehlo.constant dense<1.000000e+00> : tensor<bf16>
    %4 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<bf16>) -> tensor<2x8x64xbf16>
    %5 = stablehlo.divide %4, %3 : tensor<2x8x64xbf16>
    %6 = stablehlo.multiply %arg0, %5 : tensor<2x8x64xbf16>
    return %6 : tensor<2x8x64xbf16>
  }
}
