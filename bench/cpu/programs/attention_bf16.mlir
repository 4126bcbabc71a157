module @jit_attention attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x8x512x64xbf16>, %arg1: tensor<4x8x512x64xbf16>, %arg2: tensor<4x8x512x64xbf16>) -> (tensor<4x8x512x64xbf16> {jax.result_info = "result"}) {
    %0 = stablehlo.dot_general %arg0, %arg1, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [3], precision = [DEFAULT, DEFAULT] : (tensor<4x8x512x64xbf16>, tensor<4x8x512x64xbf16>) -> tensor<4x8x512x512xbf16>
    %1 = stablehlo.convert %0 : (tensor<4x8x512x512xbf16>) -> tensor<4x8x512x512xf32>
    %cst = stablehlo.constant dense<1.250000e-01> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4x8x512x512xf32>
    %3 = stablehlo.multiply %1, %2 : tensor<4x8x512x512xf32>
    %cst_0 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %4 = stablehlo.reduce(%3 init: %cst_0) applies stablehlo.maximum across dimensions = [3] : (tensor<4x8x512x512xf32>, tensor<f32>) -> tensor<4x8x512xf32>
    %cst_1 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %5 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<4x8x512xf32>
    %6 = stablehlo.maximum %5, %4 : tensor<4x8x512xf32>
    %7 = stablehlo.broadcast_in_dim %6, dims = [0, 1, 2] : (tensor<4x8x512xf32>) -> tensor<4x8x512x1xf32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [0, 1, 2, 3] : (tensor<4x8x512x1xf32>) -> tensor<4x8x512x512xf32>
    %9 = stablehlo.subtract %3, %8 : tensor<4x8x512x512xf32>
    %10 = stablehlo.exponential %9 : tensor<4x8x512x512xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %11 = stablehlo.reduce(%10 init: %cst_2) applies stablehlo.add across dimensions = [3] : (tensor<4x8x512x512xf32>, tensor<f32>) -> tensor<4x8x512xf32>
    %12 = stablehlo.broadcast_in_dim %11, dims = [0, 1, 2] : (tensor<4x8x512xf32>) -> tensor<4x8x512x1xf32>
    %13 = stablehlo.broadcast_in_dim %12, dims = [0, 1, 2, 3] : (tensor<4x8x512x1xf32>) -> tensor<4x8x512x512xf32>
    %14 = stablehlo.divide %10, %13 : tensor<4x8x512x512xf32>
    %15 = stablehlo.convert %14 : (tensor<4x8x512x512xf32>) -> tensor<4x8x512x512xbf16>
    %16 = stablehlo.dot_general %15, %arg2, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [2], precision = [DEFAULT, DEFAULT] : (tensor<4x8x512x512xbf16>, tensor<4x8x512x64xbf16>) -> tensor<4x8x512x64xbf16>
    return %16 : tensor<4x8x512x64xbf16>
  }
}
