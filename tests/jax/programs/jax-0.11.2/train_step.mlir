module @jit_train_step attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<16xf32>, %arg1: tensor<8x16xf32>, %arg2: tensor<4xf32>, %arg3: tensor<16x4xf32>, %arg4: tensor<8x8xf32>, %arg5: tensor<8x4xf32>, %arg6: tensor<f32>) -> (tensor<16xf32> {jax.result_info = "result[0]['l1']['b']"}, tensor<8x16xf32> {jax.result_info = "result[0]['l1']['w']"}, tensor<4xf32> {jax.result_info = "result[0]['l2']['b']"}, tensor<16x4xf32> {jax.result_info = "result[0]['l2']['w']"}, tensor<f32> {jax.result_info = "result[1]"}) {
    %0 = stablehlo.dot_general %arg4, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x8xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
    %1 = stablehlo.broadcast_in_dim %arg0, dims = [1] : (tensor<16xf32>) -> tensor<1x16xf32>
    %2 = stablehlo.broadcast_in_dim %1, dims = [0, 1] : (tensor<1x16xf32>) -> tensor<8x16xf32>
    %3 = stablehlo.add %0, %2 : tensor<8x16xf32>
    %4 = stablehlo.tanh %3 : tensor<8x16xf32>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %5 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %6 = stablehlo.add %5, %4 : tensor<8x16xf32>
    %cst_0 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %7 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %8 = stablehlo.subtract %7, %4 : tensor<8x16xf32>
    %9 = stablehlo.multiply %6, %8 : tensor<8x16xf32>
    %10 = stablehlo.dot_general %4, %arg3, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x16xf32>, tensor<16x4xf32>) -> tensor<8x4xf32>
    %11 = stablehlo.broadcast_in_dim %arg2, dims = [1] : (tensor<4xf32>) -> tensor<1x4xf32>
    %12 = stablehlo.broadcast_in_dim %11, dims = [0, 1] : (tensor<1x4xf32>) -> tensor<8x4xf32>
    %13 = stablehlo.add %10, %12 : tensor<8x4xf32>
    %14 = stablehlo.subtract %13, %arg5 : tensor<8x4xf32>
    %15 = chlo.square %14 : tensor<8x4xf32> -> tensor<8x4xf32>
    %cst_1 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %16 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<8x4xf32>
    %17 = stablehlo.multiply %16, %14 : tensor<8x4xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %18 = stablehlo.reduce(%15 init: %cst_2) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x4xf32>, tensor<f32>) -> tensor<f32>
    %cst_3 = stablehlo.constant dense<3.200000e+01> : tensor<f32>
    %19 = stablehlo.divide %18, %cst_3 : tensor<f32>
    %cst_4 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %cst_5 = stablehlo.constant dense<3.200000e+01> : tensor<f32>
    %20 = stablehlo.divide %cst_4, %cst_5 : tensor<f32>
    %21 = stablehlo.broadcast_in_dim %20, dims = [] : (tensor<f32>) -> tensor<8x4xf32>
    %22 = stablehlo.multiply %21, %17 : tensor<8x4xf32>
    %cst_6 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %23 = stablehlo.reduce(%22 init: %cst_6) applies stablehlo.add across dimensions = [0] : (tensor<8x4xf32>, tensor<f32>) -> tensor<4xf32>
    %24 = stablehlo.reshape %23 : (tensor<4xf32>) -> tensor<1x4xf32>
    %cst_7 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %25 = stablehlo.reduce(%24 init: %cst_7) applies stablehlo.add across dimensions = [0] : (tensor<1x4xf32>, tensor<f32>) -> tensor<4xf32>
    %26 = stablehlo.dot_general %22, %4, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x4xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
    %27 = stablehlo.transpose %26, dims = [1, 0] : (tensor<4x16xf32>) -> tensor<16x4xf32>
    %28 = stablehlo.dot_general %22, %arg3, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<8x4xf32>, tensor<16x4xf32>) -> tensor<8x16xf32>
    %29 = stablehlo.multiply %28, %9 : tensor<8x16xf32>
    %cst_8 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %30 = stablehlo.reduce(%29 init: %cst_8) applies stablehlo.add across dimensions = [0] : (tensor<8x16xf32>, tensor<f32>) -> tensor<16xf32>
    %31 = stablehlo.reshape %30 : (tensor<16xf32>) -> tensor<1x16xf32>
    %cst_9 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %32 = stablehlo.reduce(%31 init: %cst_9) applies stablehlo.add across dimensions = [0] : (tensor<1x16xf32>, tensor<f32>) -> tensor<16xf32>
    %33 = stablehlo.dot_general %29, %arg4, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x16xf32>, tensor<8x8xf32>) -> tensor<16x8xf32>
    %34 = stablehlo.transpose %33, dims = [1, 0] : (tensor<16x8xf32>) -> tensor<8x16xf32>
    %35 = stablehlo.broadcast_in_dim %arg6, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %36 = stablehlo.multiply %35, %32 : tensor<16xf32>
    %37 = stablehlo.subtract %arg0, %36 : tensor<16xf32>
    %38 = stablehlo.broadcast_in_dim %arg6, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %39 = stablehlo.multiply %38, %34 : tensor<8x16xf32>
    %40 = stablehlo.subtract %arg1, %39 : tensor<8x16xf32>
    %41 = stablehlo.broadcast_in_dim %arg6, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %42 = stablehlo.multiply %41, %25 : tensor<4xf32>
    %43 = stablehlo.subtract %arg2, %42 : tensor<4xf32>
    %44 = stablehlo.broadcast_in_dim %arg6, dims = [] : (tensor<f32>) -> tensor<16x4xf32>
    %45 = stablehlo.multiply %44, %27 : tensor<16x4xf32>
    %46 = stablehlo.subtract %arg3, %45 : tensor<16x4xf32>
    return %37, %40, %43, %46, %19 : tensor<16xf32>, tensor<8x16xf32>, tensor<4xf32>, tensor<16x4xf32>, tensor<f32>
  }
}
