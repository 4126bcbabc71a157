module @jit_attention attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x4x32x16xbf16>, %arg1: tensor<2x4x32x16xbf16>, %arg2: tensor<2x4x32x16xbf16>) -> (tensor<2x4x32x16xbf16> {jax.result_info = "result"}) {
    %0 = stablehlo.dot_general %arg0, %arg1, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [3], precision = [DEFAULT, DEFAULT] : (tensor<2x4x32x16xbf16>, tensor<2x4x32x16xbf16>) -> tensor<2x4x32x32xbf16>
    %cst = stablehlo.constant dense<2.500000e-01> : tensor<bf16>
    %1 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<bf16>) -> tensor<2x4x32x32xbf16>
    %2 = stablehlo.multiply %0, %1 : tensor<2x4x32x32xbf16>
    %cst_0 = stablehlo.constant dense<0xFF80> : tensor<bf16>
    %3 = stablehlo.reduce(%2 init: %cst_0) applies stablehlo.maximum across dimensions = [3] : (tensor<2x4x32x32xbf16>, tensor<bf16>) -> tensor<2x4x32xbf16>
    %cst_1 = stablehlo.constant dense<0xFF80> : tensor<bf16>
    %4 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<bf16>) -> tensor<2x4x32xbf16>
    %5 = stablehlo.maximum %4, %3 : tensor<2x4x32xbf16>
    %6 = stablehlo.broadcast_in_dim %5, dims = [0, 1, 2] : (tensor<2x4x32xbf16>) -> tensor<2x4x32x1xbf16>
    %7 = stablehlo.broadcast_in_dim %6, dims = [0, 1, 2, 3] : (tensor<2x4x32x1xbf16>) -> tensor<2x4x32x32xbf16>
    %8 = stablehlo.subtract %2, %7 : tensor<2x4x32x32xbf16>
    %9 = stablehlo.exponential %8 : tensor<2x4x32x32xbf16>
    %10 = stablehlo.convert %9 : (tensor<2x4x32x32xbf16>) -> tensor<2x4x32x32xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %11 = stablehlo.reduce(%10 init: %cst_2) applies stablehlo.add across dimensions = [3] : (tensor<2x4x32x32xf32>, tensor<f32>) -> tensor<2x4x32xf32>
    %12 = stablehlo.broadcast_in_dim %11, dims = [0, 1, 2] : (tensor<2x4x32xf32>) -> tensor<2x4x32x1xf32>
    %13 = stablehlo.convert %12 : (tensor<2x4x32x1xf32>) -> tensor<2x4x32x1xbf16>
    %14 = stablehlo.broadcast_in_dim %13, dims = [0, 1, 2, 3] : (tensor<2x4x32x1xbf16>) -> tensor<2x4x32x32xbf16>
    %15 = stablehlo.divide %9, %14 : tensor<2x4x32x32xbf16>
    %16 = stablehlo.dot_general %15, %arg2, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [2], precision = [DEFAULT, DEFAULT] : (tensor<2x4x32x32xbf16>, tensor<2x4x32x16xbf16>) -> tensor<2x4x32x16xbf16>
    return %16 : tensor<2x4x32x16xbf16>
  }
}
