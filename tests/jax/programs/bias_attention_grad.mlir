module @jit_bias_attention_grad attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x2x64x32xbf16>, %arg1: tensor<2x2x64x32xbf16>, %arg2: tensor<2x2x64x32xbf16>, %arg3: tensor<2x2x64x32xbf16>, %arg4: tensor<2x1x64x64xbf16>) -> (tensor<bf16> {jax.result_info = "result[0]"}, tensor<2x2x64x32xbf16> {jax.result_info = "result[1][0]"}, tensor<2x2x64x32xbf16> {jax.result_info = "result[1][1]"}, tensor<2x2x64x32xbf16> {jax.result_info = "result[1][2]"}) {
    %0 = stablehlo.dot_general %arg0, %arg1, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [3], precision = [DEFAULT, DEFAULT] : (tensor<2x2x64x32xbf16>, tensor<2x2x64x32xbf16>) -> tensor<2x2x64x64xbf16>
    %cst = stablehlo.constant dense<1.767580e-01> : tensor<bf16>
    %1 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<bf16>) -> tensor<2x2x64x64xbf16>
    %2 = stablehlo.multiply %0, %1 : tensor<2x2x64x64xbf16>
    %3 = stablehlo.broadcast_in_dim %arg4, dims = [0, 1, 2, 3] : (tensor<2x1x64x64xbf16>) -> tensor<2x2x64x64xbf16>
    %4 = stablehlo.add %2, %3 : tensor<2x2x64x64xbf16>
    %cst_0 = stablehlo.constant dense<0xFF80> : tensor<bf16>
    %5 = stablehlo.reduce(%4 init: %cst_0) applies stablehlo.maximum across dimensions = [3] : (tensor<2x2x64x64xbf16>, tensor<bf16>) -> tensor<2x2x64xbf16>
    %cst_1 = stablehlo.constant dense<0xFF80> : tensor<bf16>
    %6 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<bf16>) -> tensor<2x2x64xbf16>
    %7 = stablehlo.maximum %6, %5 : tensor<2x2x64xbf16>
    %8 = stablehlo.broadcast_in_dim %7, dims = [0, 1, 2] : (tensor<2x2x64xbf16>) -> tensor<2x2x64x1xbf16>
    %9 = stablehlo.broadcast_in_dim %8, dims = [0, 1, 2, 3] : (tensor<2x2x64x1xbf16>) -> tensor<2x2x64x64xbf16>
    %10 = stablehlo.subtract %4, %9 : tensor<2x2x64x64xbf16>
    %11 = stablehlo.exponential %10 : tensor<2x2x64x64xbf16>
    %12 = stablehlo.convert %11 : (tensor<2x2x64x64xbf16>) -> tensor<2x2x64x64xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %13 = stablehlo.reduce(%12 init: %cst_2) applies stablehlo.add across dimensions = [3] : (tensor<2x2x64x64xf32>, tensor<f32>) -> tensor<2x2x64xf32>
    %14 = stablehlo.broadcast_in_dim %13, dims = [0, 1, 2] : (tensor<2x2x64xf32>) -> tensor<2x2x64x1xf32>
    %15 = stablehlo.convert %14 : (tensor<2x2x64x1xf32>) -> tensor<2x2x64x1xbf16>
    %16 = stablehlo.broadcast_in_dim %15, dims = [0, 1, 2, 3] : (tensor<2x2x64x1xbf16>) -> tensor<2x2x64x64xbf16>
    %17 = stablehlo.divide %11, %16 : tensor<2x2x64x64xbf16>
    %18 = stablehlo.multiply %15, %15 : tensor<2x2x64x1xbf16>
    %cst_3 = stablehlo.constant dense<1.000000e+00> : tensor<bf16>
    %19 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<bf16>) -> tensor<2x2x64x1xbf16>
    %20 = stablehlo.divide %19, %18 : tensor<2x2x64x1xbf16>
    %21 = stablehlo.dot_general %17, %arg2, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [2], precision = [DEFAULT, DEFAULT] : (tensor<2x2x64x64xbf16>, tensor<2x2x64x32xbf16>) -> tensor<2x2x64x32xbf16>
    %22 = stablehlo.convert %21 : (tensor<2x2x64x32xbf16>) -> tensor<2x2x64x32xf32>
    %23 = stablehlo.convert %arg3 : (tensor<2x2x64x32xbf16>) -> tensor<2x2x64x32xf32>
    %24 = stablehlo.multiply %22, %23 : tensor<2x2x64x32xf32>
    %cst_4 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %25 = stablehlo.reduce(%24 init: %cst_4) applies stablehlo.add across dimensions = [0, 1, 2, 3] : (tensor<2x2x64x32xf32>, tensor<f32>) -> tensor<f32>
    %cst_5 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %26 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<2x2x64x32xf32>
    %27 = stablehlo.multiply %26, %23 : tensor<2x2x64x32xf32>
    %28 = stablehlo.convert %27 : (tensor<2x2x64x32xf32>) -> tensor<2x2x64x32xbf16>
    %29 = stablehlo.dot_general %28, %17, batching_dims = [0, 1] x [0, 1], contracting_dims = [2] x [2], precision = [DEFAULT, DEFAULT] : (tensor<2x2x64x32xbf16>, tensor<2x2x64x64xbf16>) -> tensor<2x2x32x64xbf16>
    %30 = stablehlo.transpose %29, dims = [0, 1, 3, 2] : (tensor<2x2x32x64xbf16>) -> tensor<2x2x64x32xbf16>
    %31 = stablehlo.dot_general %28, %arg2, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [3], precision = [DEFAULT, DEFAULT] : (tensor<2x2x64x32xbf16>, tensor<2x2x64x32xbf16>) -> tensor<2x2x64x64xbf16>
    %32 = stablehlo.broadcast_in_dim %20, dims = [0, 1, 2, 3] : (tensor<2x2x64x1xbf16>) -> tensor<2x2x64x64xbf16>
    %33 = stablehlo.multiply %31, %32 : tensor<2x2x64x64xbf16>
    %34 = stablehlo.multiply %33, %11 : tensor<2x2x64x64xbf16>
    %cst_6 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %35 = stablehlo.reduce(%34 init: %cst_6) applies stablehlo.add across dimensions = [3] : (tensor<2x2x64x64xbf16>, tensor<bf16>) -> tensor<2x2x64xbf16>
    %36 = stablehlo.reshape %35 : (tensor<2x2x64xbf16>) -> tensor<2x2x64x1xbf16>
    %37 = stablehlo.negate %36 : tensor<2x2x64x1xbf16>
    %38 = stablehlo.broadcast_in_dim %15, dims = [0, 1, 2, 3] : (tensor<2x2x64x1xbf16>) -> tensor<2x2x64x64xbf16>
    %39 = stablehlo.divide %31, %38 : tensor<2x2x64x64xbf16>
    %40 = stablehlo.convert %37 : (tensor<2x2x64x1xbf16>) -> tensor<2x2x64x1xf32>
    %cst_7 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %41 = stablehlo.reduce(%40 init: %cst_7) applies stablehlo.add across dimensions = [3] : (tensor<2x2x64x1xf32>, tensor<f32>) -> tensor<2x2x64xf32>
    %42 = stablehlo.broadcast_in_dim %41, dims = [0, 1, 2] : (tensor<2x2x64xf32>) -> tensor<2x2x64x64xf32>
    %43 = stablehlo.convert %42 : (tensor<2x2x64x64xf32>) -> tensor<2x2x64x64xbf16>
    %44 = stablehlo.add %39, %43 : tensor<2x2x64x64xbf16>
    %45 = stablehlo.multiply %44, %11 : tensor<2x2x64x64xbf16>
    %cst_8 = stablehlo.constant dense<1.767580e-01> : tensor<bf16>
    %46 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<bf16>) -> tensor<2x2x64x64xbf16>
    %47 = stablehlo.multiply %45, %46 : tensor<2x2x64x64xbf16>
    %48 = stablehlo.dot_general %47, %arg0, batching_dims = [0, 1] x [0, 1], contracting_dims = [2] x [2], precision = [DEFAULT, DEFAULT] : (tensor<2x2x64x64xbf16>, tensor<2x2x64x32xbf16>) -> tensor<2x2x64x32xbf16>
    %49 = stablehlo.dot_general %47, %arg1, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [2], precision = [DEFAULT, DEFAULT] : (tensor<2x2x64x64xbf16>, tensor<2x2x64x32xbf16>) -> tensor<2x2x64x32xbf16>
    %50 = stablehlo.convert %25 : (tensor<f32>) -> tensor<bf16>
    return %50, %49, %48, %30 : tensor<bf16>, tensor<2x2x64x32xbf16>, tensor<2x2x64x32xbf16>, tensor<2x2x64x32xbf16>
  }
}
