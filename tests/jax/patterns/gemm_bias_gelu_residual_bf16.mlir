module @jit_gemm_bias_gelu_residual_bf16 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x8x32xbf16>, %arg1: tensor<32x64xbf16>, %arg2: tensor<64xbf16>, %arg3: tensor<2x8x64xbf16>) -> (tensor<2x8x64xbf16> {jax.result_info = "result"}) {
    %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x8x32xbf16>, tensor<32x64xbf16>) -> tensor<2x8x64xbf16>
    %1 = stablehlo.broadcast_in_dim %arg2, dims = [2] : (tensor<64xbf16>) -> tensor<1x1x64xbf16>
    %2 = stablehlo.broadcast_in_dim %1, dims = [0, 1, 2] : (tensor<1x1x64xbf16>) -> tensor<2x8x64xbf16>
    %3 = stablehlo.add %0, %2 : tensor<2x8x64xbf16>
    %4 = stablehlo.multiply %3, %3 : tensor<2x8x64xbf16>
    %5 = stablehlo.multiply %4, %3 : tensor<2x8x64xbf16>
    %cst = stablehlo.constant dense<4.467770e-02> : tensor<bf16>
    %6 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<bf16>) -> tensor<2x8x64xbf16>
    %7 = stablehlo.multiply %6, %5 : tensor<2x8x64xbf16>
    %8 = stablehlo.add %3, %7 : tensor<2x8x64xbf16>
    %cst_0 = stablehlo.constant dense<7.968750e-01> : tensor<bf16>
    %9 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<bf16>) -> tensor<2x8x64xbf16>
    %10 = stablehlo.multiply %9, %8 : tensor<2x8x64xbf16>
    %11 = stablehlo.tanh %10 : tensor<2x8x64xbf16>
    %cst_1 = stablehlo.constant dense<1.000000e+00> : tensor<bf16>
    %12 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<bf16>) -> tensor<2x8x64xbf16>
    %13 = stablehlo.add %12, %11 : tensor<2x8x64xbf16>
    %cst_2 = stablehlo.constant dense<5.000000e-01> : tensor<bf16>
    %14 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<bf16>) -> tensor<2x8x64xbf16>
    %15 = stablehlo.multiply %14, %13 : tensor<2x8x64xbf16>
    %16 = stablehlo.multiply %3, %15 : tensor<2x8x64xbf16>
    %17 = stablehlo.add %arg3, %16 : tensor<2x8x64xbf16>
    return %17 : tensor<2x8x64xbf16>
  }
}
