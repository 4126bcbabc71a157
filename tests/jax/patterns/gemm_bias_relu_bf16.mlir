module @jit_gemm_bias_relu_bf16 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x8x32xbf16>, %arg1: tensor<32x64xbf16>, %arg2: tensor<64xbf16>) -> (tensor<2x8x64xbf16> {jax.result_info = "result"}) {
    %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x8x32xbf16>, tensor<32x64xbf16>) -> tensor<2x8x64xbf16>
    %1 = stablehlo.broadcast_in_dim %arg2, dims = [2] : (tensor<64xbf16>) -> tensor<1x1x64xbf16>
    %2 = stablehlo.broadcast_in_dim %1, dims = [0, 1, 2] : (tensor<1x1x64xbf16>) -> tensor<2x8x64xbf16>
    %3 = stablehlo.add %0, %2 : tensor<2x8x64xbf16>
    %4 = call @relu(%3) : (tensor<2x8x64xbf16>) -> tensor<2x8x64xbf16>
    return %4 : tensor<2x8x64xbf16>
  }
  func.func private @relu(%arg0: tensor<2x8x64xbf16>) -> tensor<2x8x64xbf16> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<bf16>) -> tensor<2x8x64xbf16>
    %1 = stablehlo.maximum %arg0, %0 : tensor<2x8x64xbf16>
    return %1 : tensor<2x8x64xbf16>
  }
}
