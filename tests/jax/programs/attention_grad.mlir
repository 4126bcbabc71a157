module @jit_attention_grad attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x2x64x32xbf16>, %arg1: tensor<2x2x64x32xbf16>, %arg2: tensor<2x2x64x32xbf16>, %arg3: tensor<2x2x64x32xbf16>) -> (tensor<bf16> {jax.result_info = "result[0]"}, tensor<2x2x64x32xbf16> {jax.result_info = "result[1][0]"}, tensor<2x2x64x32xbf16> {jax.result_info = "result[1][1]"}, tensor<2x2x64x32xbf16> {jax.result_info = "result[1][2]"}) {
    %0 = stablehlo.dot_general %arg0, %arg1, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [3], precision = [DEFAULT, DEFAULT] : (tensor<2x2x64x32xbf16>, tensor<2x2x64x32xbf16>) -> tensor<2x2x64x64xbf16>
    %cst = stablehlo.constant dense<1.767580e-01> : tensor<bf16>
    %1 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<bf16>) -> tensor<2x2x64x64xbf16>
    %2 = stablehlo.multiply %0, %1 : tensor<2x2x64x64xbf16>
    %cst_0 = stablehlo.constant dense<0xFF80> : tensor<bf16>
    %3 = stablehlo.reduce(%2 init: %cst_0) applies stablehlo.maximum across dimensions = [3] : (tensor<2x2x64x64xbf16>, tensor<bf16>) -> tensor<2x2x64xbf16>
    %cst_1 = stablehlo.constant dense<0xFF80> : tensor<bf16>
    %4 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<bf16>) -> tensor<2x2x64xbf16>
    %5 = stablehlo.maximum %4, %3 : tensor<2x2x64xbf16>
    %6 = stablehlo.broadcast_in_dim %5, dims = [0, 1, 2] : (tensor<2x2x64xbf16>) -> tensor<2x2x64x1xbf16>
    %7 = stablehlo.broadcast_in_dim %6, dims = [0, 1, 2, 3] : (tensor<2x2x64x1xbf16>) -> tensor<2x2x64x64xbf16>
    %8 = stablehlo.subtract %2, %7 : tensor<2x2x64x64xbf16>
    %9 = stablehlo.exponential %8 : tensor<2x2x64x64xbf16>
    %10 = stablehlo.convert %9 : (tensor<2x2x64x64xbf16>) -> tensor<2x2x64x64xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %11 = stablehlo.reduce(%10 init: %cst_2) applies stablehlo.add across dimensions = [3] : (tensor<2x2x64x64xf32>, tensor<f32>) -> tensor<2x2x64xf32>
    %12 = stablehlo.broadcast_in_dim %11, dims = [0, 1, 2] : (tensor<2x2x64xf32>) -> tensor<2x2x64x1xf32>
    %13 = stablehlo.convert %12 : (tensor<2x2x64x1xf32>) -> tensor<2x2x64x1xbf16>
    %14 = stablehlo.broadcast_in_dim %13, dims = [0, 1, 2, 3] : (tensor<2x2x64x1xbf16>) -> tensor<2x2x64x64xbf16>
    %15 = stablehlo.divide %9, %14 : tensor<2x2x64x64xbf16>
    %16 = stablehlo.multiply %13, %13 : tensor<2x2x64x1xbf16>
    %cst_3 = stablehlo.constant dense<1.000000e+00> : tensor<bf16>
    %17 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<bf16>) -> tensor<2x2x64x1xbf16>
    %18 = stablehlo.divide %17, %16 : tensor<2x2x64x1xbf16>
    %19 = stablehlo.dot_general %15, %arg2, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [2], precision = [DEFAULT, DEFAULT] : (tensor<2x2x64x64xbf16>, tensor<2x2x64x32xbf16>) -> tensor<2x2x64x32xbf16>
    %20 = stablehlo.convert %19 : (tensor<2x2x64x32xbf16>) -> tensor<2x2x64x32xf32>
    %21 = stablehlo.convert %arg3 : (tensor<2x2x64x32xbf16>) -> tensor<2x2x64x32xf32>
    %22 = stablehlo.multiply %20, %21 : tensor<2x2x64x32xf32>
    %cst_4 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %23 = stablehlo.reduce(%22 init: %cst_4) applies stablehlo.add across dimensions = [0, 1, 2, 3] : (tensor<2x2x64x32xf32>, tensor<f32>) -> tensor<f32>
    %cst_5 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %24 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<2x2x64x32xf32>
    %25 = stablehlo.multiply %24, %21 : tensor<2x2x64x32xf32>
    %26 = stablehlo.convert %25 : (tensor<2x2x64x32xf32>) -> tensor<2x2x64x32xbf16>
    %27 = stablehlo.dot_general %26, %15, batching_dims = [0, 1] x [0, 1], contracting_dims = [2] x [2], precision = [DEFAULT, DEFAULT] : (tensor<2x2x64x32xbf16>, tensor<2x2x64x64xbf16>) -> tensor<2x2x32x64xbf16>
    %28 = stablehlo.transpose %27, dims = [0, 1, 3, 2] : (tensor<2x2x32x64xbf16>) -> tensor<2x2x64x32xbf16>
    %29 = stablehlo.dot_general %26, %arg2, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [3], precision = [DEFAULT, DEFAULT] : (tensor<2x2x64x32xbf16>, tensor<2x2x64x32xbf16>) -> tensor<2x2x64x64xbf16>
    %30 = stablehlo.broadcast_in_dim %18, dims = [0, 1, 2, 3] : (tensor<2x2x64x1xbf16>) -> tensor<2x2x64x64xbf16>
    %31 = stablehlo.multiply %29, %30 : tensor<2x2x64x64xbf16>
    %32 = stablehlo.multiply %31, %9 : tensor<2x2x64x64xbf16>
    %cst_6 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %33 = stablehlo.reduce(%32 init: %cst_6) applies stablehlo.add across dimensions = [3] : (tensor<2x2x64x64xbf16>, tensor<bf16>) -> tensor<2x2x64xbf16>
    %34 = stablehlo.reshape %33 : (tensor<2x2x64xbf16>) -> tensor<2x2x64x1xbf16>
    %35 = stablehlo.negate %34 : tensor<2x2x64x1xbf16>
    %36 = stablehlo.broadcast_in_dim %13, dims = [0, 1, 2, 3] : (tensor<2x2x64x1xbf16>) -> tensor<2x2x64x64xbf16>
    %37 = stablehlo.divide %29, %36 : tensor<2x2x64x64xbf16>
    %38 = stablehlo.convert %35 : (tensor<2x2x64x1xbf16>) -> tensor<2x2x64x1xf32>
    %cst_7 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %39 = stablehlo.reduce(%38 init: %cst_7) applies stablehlo.add across dimensions = [3] : (tensor<2x2x64x1xf32>, tensor<f32>) -> tensor<2x2x64xf32>
    %40 = stablehlo.broadcast_in_dim %39, dims = [0, 1, 2] : (tensor<2x2x64xf32>) -> tensor<2x2x64x64xf32>
    %41 = stablehlo.convert %40 : (tensor<2x2x64x64xf32>) -> tensor<2x2x64x64xbf16>
    %42 = stablehlo.add %37, %41 : tensor<2x2x64x64xbf16>
    %43 = stablehlo.multiply %42, %9 : tensor<2x2x64x64xbf16>
    %cst_8 = stablehlo.constant dense<1.767580e-01> : tensor<bf16>
    %44 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<bf16>) -> tensor<2x2x64x64xbf16>
    %45 = stablehlo.multiply %43, %44 : tensor<2x2x64x64xbf16>
    %46 = stablehlo.dot_general %45, %arg0, batching_dims = [0, 1] x [0, 1], contracting_dims = [2] x [2], precision = [DEFAULT, DEFAULT] : (tensor<2x2x64x64xbf16>, tensor<2x2x64x32xbf16>) -> tensor<2x2x64x32xbf16>
    %47 = stablehlo.dot_general %45, %arg1, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [2], precision = [DEFAULT, DEFAULT] : (tensor<2x2x64x64xbf16>, tensor<2x2x64x32xbf16>) -> tensor<2x2x64x32xbf16>
    %48 = stablehlo.convert %23 : (tensor<f32>) -> tensor<bf16>
    return %48, %47, %46, %28 : tensor<bf16>, tensor<2x2x64x32xbf16>, tensor<2x2x64x32xbf16>, tensor<2x2x64x32xbf16>
  }
}
