module @jit_attention_gqa_reshape attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x4x16x32xf32>, %arg1: tensor<2x2x16x32xf32>, %arg2: tensor<2x2x16x32xf32>) -> (tensor<2x4x16x32xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.reshape %arg0 : (tensor<2x4x16x32xf32>) -> tensor<2x2x2x16x32xf32>
    %1 = stablehlo.dot_general %0, %arg1, batching_dims = [0, 1] x [0, 1], contracting_dims = [4] x [3], precision = [DEFAULT, DEFAULT] : (tensor<2x2x2x16x32xf32>, tensor<2x2x16x32xf32>) -> tensor<2x2x2x16x16xf32>
    %cst = stablehlo.constant dense<5.65685415> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x2x2x16x16xf32>
    %3 = stablehlo.divide %1, %2 : tensor<2x2x2x16x16xf32>
    %cst_0 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %4 = stablehlo.reduce(%3 init: %cst_0) applies stablehlo.maximum across dimensions = [4] : (tensor<2x2x2x16x16xf32>, tensor<f32>) -> tensor<2x2x2x16xf32>
    %cst_1 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %5 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<2x2x2x16xf32>
    %6 = stablehlo.maximum %5, %4 : tensor<2x2x2x16xf32>
    %7 = stablehlo.broadcast_in_dim %6, dims = [0, 1, 2, 3] : (tensor<2x2x2x16xf32>) -> tensor<2x2x2x16x1xf32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [0, 1, 2, 3, 4] : (tensor<2x2x2x16x1xf32>) -> tensor<2x2x2x16x16xf32>
    %9 = stablehlo.subtract %3, %8 : tensor<2x2x2x16x16xf32>
    %10 = stablehlo.exponential %9 : tensor<2x2x2x16x16xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %11 = stablehlo.reduce(%10 init: %cst_2) applies stablehlo.add across dimensions = [4] : (tensor<2x2x2x16x16xf32>, tensor<f32>) -> tensor<2x2x2x16xf32>
    %12 = stablehlo.broadcast_in_dim %11, dims = [0, 1, 2, 3] : (tensor<2x2x2x16xf32>) -> tensor<2x2x2x16x1xf32>
    %13 = stablehlo.broadcast_in_dim %12, dims = [0, 1, 2, 3, 4] : (tensor<2x2x2x16x1xf32>) -> tensor<2x2x2x16x16xf32>
    %14 = stablehlo.divide %10, %13 : tensor<2x2x2x16x16xf32>
    %15 = stablehlo.dot_general %14, %arg2, batching_dims = [0, 1] x [0, 1], contracting_dims = [4] x [2], precision = [DEFAULT, DEFAULT] : (tensor<2x2x2x16x16xf32>, tensor<2x2x16x32xf32>) -> tensor<2x2x2x16x32xf32>
    %16 = stablehlo.reshape %15 : (tensor<2x2x2x16x32xf32>) -> tensor<2x4x16x32xf32>
    return %16 : tensor<2x4x16x32xf32>
  }
}
