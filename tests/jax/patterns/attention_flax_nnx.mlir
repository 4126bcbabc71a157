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
    %12 = stablehlo.reshape %3 : (tensor<2x16x4x8xf32>) -> tensor<2x16x4x1x8xf32>
    %13 = stablehlo.dot_general %12, %7, batching_dims = [0, 2] x [0, 2], contracting_dims = [4] x [3], precision = [DEFAULT, DEFAULT] : (tensor<2x16x4x1x8xf32>, tensor<2x16x4x8xf32>) -> tensor<2x4x16x1x16xf32>
    %cst = stablehlo.constant dense<0.353553385> : tensor<f32>
    %14 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x4x16x1x16xf32>
    %15 = stablehlo.multiply %13, %14 : tensor<2x4x16x1x16xf32>
    %cst_0 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %16 = stablehlo.reduce(%15 init: %cst_0) applies stablehlo.maximum across dimensions = [4] : (tensor<2x4x16x1x16xf32>, tensor<f32>) -> tensor<2x4x16x1xf32>
    %cst_1 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %17 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<2x4x16x1xf32>
    %18 = stablehlo.maximum %17, %16 : tensor<2x4x16x1xf32>
    %19 = stablehlo.transpose %18, dims = [3, 0, 1, 2] : (tensor<2x4x16x1xf32>) -> tensor<1x2x4x16xf32>
    %20 = stablehlo.broadcast_in_dim %19, dims = [0, 1, 2, 3] : (tensor<1x2x4x16xf32>) -> tensor<1x2x4x16x1xf32>
    %21 = stablehlo.transpose %15, dims = [3, 0, 1, 2, 4] : (tensor<2x4x16x1x16xf32>) -> tensor<1x2x4x16x16xf32>
    %22 = stablehlo.broadcast_in_dim %20, dims = [0, 1, 2, 3, 4] : (tensor<1x2x4x16x1xf32>) -> tensor<1x2x4x16x16xf32>
    %23 = stablehlo.subtract %21, %22 : tensor<1x2x4x16x16xf32>
    %24 = stablehlo.exponential %23 : tensor<1x2x4x16x16xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %25 = stablehlo.reduce(%24 init: %cst_2) applies stablehlo.add across dimensions = [4] : (tensor<1x2x4x16x16xf32>, tensor<f32>) -> tensor<1x2x4x16xf32>
    %26 = stablehlo.broadcast_in_dim %25, dims = [0, 1, 2, 3] : (tensor<1x2x4x16xf32>) -> tensor<1x2x4x16x1xf32>
    %27 = stablehlo.broadcast_in_dim %26, dims = [0, 1, 2, 3, 4] : (tensor<1x2x4x16x1xf32>) -> tensor<1x2x4x16x16xf32>
    %28 = stablehlo.divide %24, %27 : tensor<1x2x4x16x16xf32>
    %29 = stablehlo.dot_general %11, %28, batching_dims = [0, 2] x [1, 2], contracting_dims = [1] x [4], precision = [DEFAULT, DEFAULT] : (tensor<2x16x4x8xf32>, tensor<1x2x4x16x16xf32>) -> tensor<2x4x8x1x16xf32>
    %30 = stablehlo.transpose %29, dims = [3, 0, 4, 1, 2] : (tensor<2x4x8x1x16xf32>) -> tensor<1x2x16x4x8xf32>
    %31 = stablehlo.transpose %30, dims = [1, 2, 3, 0, 4] : (tensor<1x2x16x4x8xf32>) -> tensor<2x16x4x1x8xf32>
    %32 = stablehlo.reshape %31 : (tensor<2x16x4x1x8xf32>) -> tensor<2x16x4x8xf32>
    %33 = stablehlo.dot_general %32, %arg3, contracting_dims = [2, 3] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<2x16x4x8xf32>, tensor<4x8x32xf32>) -> tensor<2x16x32xf32>
    %34 = stablehlo.reshape %arg2 : (tensor<32xf32>) -> tensor<1x1x32xf32>
    %35 = stablehlo.broadcast_in_dim %34, dims = [0, 1, 2] : (tensor<1x1x32xf32>) -> tensor<2x16x32xf32>
    %36 = stablehlo.add %33, %35 : tensor<2x16x32xf32>
    return %36 : tensor<2x16x32xf32>
  }
}
