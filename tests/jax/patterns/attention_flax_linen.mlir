module @jit_apply attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x8xf32>, %arg1: tensor<32x4x8xf32>, %arg2: tensor<32xf32>, %arg3: tensor<4x8x32xf32>, %arg4: tensor<4x8xf32>, %arg5: tensor<32x4x8xf32>, %arg6: tensor<4x8xf32>, %arg7: tensor<32x4x8xf32>, %arg8: tensor<2x16x32xf32>) -> (tensor<2x16x32xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.dot_general %arg8, %arg5, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x16x32xf32>, tensor<32x4x8xf32>) -> tensor<2x16x4x8xf32>
    %1 = stablehlo.reshape %arg4 : (tensor<4x8xf32>) -> tensor<1x1x4x8xf32>
    %2 = stablehlo.broadcast_in_dim %1, dims = [0, 1, 2, 3] : (tensor<1x1x4x8xf32>) -> tensor<2x16x4x8xf32>
    %3 = stablehlo.add %0, %2 : tensor<2x16x4x8xf32>
    %4 = stablehlo.dot_general %arg8, %arg1, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x16x32xf32>, tensor<32x4x8xf32>) -> tensor<2x16x4x8xf32>
    %5 = stablehlo.reshape %arg0 : (tensor<4x8xf32>) -> tensor<1x1x4x8xf32>
    %6 = stablehlo.broadcast_in_dim %5, dims = [0, 1, 2, 3] : (tensor<1x1x4x8xf32>) -> tensor<2x16x4x8xf32>
    %7 = stablehlo.add %4, %6 : tensor<2x16x4x8xf32>
    %8 = stablehlo.dot_general %arg8, %arg7, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x16x32xf32>, tensor<32x4x8xf32>) -> tensor<2x16x4x8xf32>
    %9 = stablehlo.reshape %arg6 : (tensor<4x8xf32>) -> tensor<1x1x4x8xf32>
    %10 = stablehlo.broadcast_in_dim %9, dims = [0, 1, 2, 3] : (tensor<1x1x4x8xf32>) -> tensor<2x16x4x8xf32>
    %11 = stablehlo.add %8, %10 : tensor<2x16x4x8xf32>
    %cst = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %12 = stablehlo.sqrt %cst : tensor<f32>
    %13 = stablehlo.convert %12 : tensor<f32>
    %14 = stablehlo.broadcast_in_dim %13, dims = [] : (tensor<f32>) -> tensor<2x16x4x8xf32>
    %15 = stablehlo.divide %3, %14 : tensor<2x16x4x8xf32>
    %16 = stablehlo.dot_general %15, %7, batching_dims = [0, 2] x [0, 2], contracting_dims = [3] x [3], precision = [DEFAULT, DEFAULT] : (tensor<2x16x4x8xf32>, tensor<2x16x4x8xf32>) -> tensor<2x4x16x16xf32>
    %cst_0 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %17 = stablehlo.reduce(%16 init: %cst_0) applies stablehlo.maximum across dimensions = [3] : (tensor<2x4x16x16xf32>, tensor<f32>) -> tensor<2x4x16xf32>
    %cst_1 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %18 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<2x4x16xf32>
    %19 = stablehlo.maximum %18, %17 : tensor<2x4x16xf32>
    %20 = stablehlo.broadcast_in_dim %19, dims = [0, 1, 2] : (tensor<2x4x16xf32>) -> tensor<2x4x16x1xf32>
    %21 = stablehlo.broadcast_in_dim %20, dims = [0, 1, 2, 3] : (tensor<2x4x16x1xf32>) -> tensor<2x4x16x16xf32>
    %22 = stablehlo.subtract %16, %21 : tensor<2x4x16x16xf32>
    %23 = stablehlo.exponential %22 : tensor<2x4x16x16xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %24 = stablehlo.reduce(%23 init: %cst_2) applies stablehlo.add across dimensions = [3] : (tensor<2x4x16x16xf32>, tensor<f32>) -> tensor<2x4x16xf32>
    %25 = stablehlo.broadcast_in_dim %24, dims = [0, 1, 2] : (tensor<2x4x16xf32>) -> tensor<2x4x16x1xf32>
    %26 = stablehlo.broadcast_in_dim %25, dims = [0, 1, 2, 3] : (tensor<2x4x16x1xf32>) -> tensor<2x4x16x16xf32>
    %27 = stablehlo.divide %23, %26 : tensor<2x4x16x16xf32>
    %28 = stablehlo.dot_general %11, %27, batching_dims = [0, 2] x [0, 1], contracting_dims = [1] x [3], precision = [DEFAULT, DEFAULT] : (tensor<2x16x4x8xf32>, tensor<2x4x16x16xf32>) -> tensor<2x4x8x16xf32>
    %29 = stablehlo.transpose %28, dims = [0, 3, 1, 2] : (tensor<2x4x8x16xf32>) -> tensor<2x16x4x8xf32>
    %30 = stablehlo.dot_general %29, %arg3, contracting_dims = [2, 3] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<2x16x4x8xf32>, tensor<4x8x32xf32>) -> tensor<2x16x32xf32>
    %31 = stablehlo.reshape %arg2 : (tensor<32xf32>) -> tensor<1x1x32xf32>
    %32 = stablehlo.broadcast_in_dim %31, dims = [0, 1, 2] : (tensor<1x1x32xf32>) -> tensor<2x16x32xf32>
    %33 = stablehlo.add %30, %32 : tensor<2x16x32xf32>
    return %33 : tensor<2x16x32xf32>
  }
}
