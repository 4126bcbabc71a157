module @jit_attention_gqa_repeat attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x4x16x32xf32>, %arg1: tensor<2x2x16x32xf32>, %arg2: tensor<2x2x16x32xf32>) -> (tensor<2x4x16x32xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [0, 1, 3, 4] : (tensor<2x2x16x32xf32>) -> tensor<2x2x2x16x32xf32>
    %1 = stablehlo.reshape %0 : (tensor<2x2x2x16x32xf32>) -> tensor<2x4x16x32xf32>
    %2 = stablehlo.broadcast_in_dim %arg2, dims = [0, 1, 3, 4] : (tensor<2x2x16x32xf32>) -> tensor<2x2x2x16x32xf32>
    %3 = stablehlo.reshape %2 : (tensor<2x2x2x16x32xf32>) -> tensor<2x4x16x32xf32>
    %4 = stablehlo.dot_general %arg0, %1, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [3], precision = [DEFAULT, DEFAULT] : (tensor<2x4x16x32xf32>, tensor<2x4x16x32xf32>) -> tensor<2x4x16x16xf32>
    %cst = stablehlo.constant dense<5.65685415> : tensor<f32>
    %5 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x4x16x16xf32>
    %6 = stablehlo.divide %4, %5 : tensor<2x4x16x16xf32>
    %cst_0 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %7 = stablehlo.reduce(%6 init: %cst_0) applies stablehlo.maximum across dimensions = [3] : (tensor<2x4x16x16xf32>, tensor<f32>) -> tensor<2x4x16xf32>
    %cst_1 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %8 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<2x4x16xf32>
    %9 = stablehlo.maximum %8, %7 : tensor<2x4x16xf32>
    %10 = stablehlo.broadcast_in_dim %9, dims = [0, 1, 2] : (tensor<2x4x16xf32>) -> tensor<2x4x16x1xf32>
    %11 = stablehlo.broadcast_in_dim %10, dims = [0, 1, 2, 3] : (tensor<2x4x16x1xf32>) -> tensor<2x4x16x16xf32>
    %12 = stablehlo.subtract %6, %11 : tensor<2x4x16x16xf32>
    %13 = stablehlo.exponential %12 : tensor<2x4x16x16xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %14 = stablehlo.reduce(%13 init: %cst_2) applies stablehlo.add across dimensions = [3] : (tensor<2x4x16x16xf32>, tensor<f32>) -> tensor<2x4x16xf32>
    %15 = stablehlo.broadcast_in_dim %14, dims = [0, 1, 2] : (tensor<2x4x16xf32>) -> tensor<2x4x16x1xf32>
    %16 = stablehlo.broadcast_in_dim %15, dims = [0, 1, 2, 3] : (tensor<2x4x16x1xf32>) -> tensor<2x4x16x16xf32>
    %17 = stablehlo.divide %13, %16 : tensor<2x4x16x16xf32>
    %18 = stablehlo.dot_general %17, %3, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [2], precision = [DEFAULT, DEFAULT] : (tensor<2x4x16x16xf32>, tensor<2x4x16x32xf32>) -> tensor<2x4x16x32xf32>
    return %18 : tensor<2x4x16x32xf32>
  }
}
