module @jit_bf16_attention attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<8x32xbf16>, %arg1: tensor<8x32xbf16>, %arg2: tensor<8x16xbf16>) -> (tensor<8x16xbf16> {jax.result_info = "result[0]"}, tensor<8x8xf32> {jax.result_info = "result[1]"}, tensor<8x32xbf16> {jax.result_info = "result[2]"}) {
    %0 = stablehlo.transpose %arg1, dims = [1, 0] : (tensor<8x32xbf16>) -> tensor<32x8xbf16>
    %1 = stablehlo.dot_general %arg0, %0, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x32xbf16>, tensor<32x8xbf16>) -> tensor<8x8xf32>
    %cst = stablehlo.constant dense<5.65685415> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<8x8xf32>
    %3 = stablehlo.divide %1, %2 : tensor<8x8xf32>
    %cst_0 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %4 = stablehlo.reduce(%3 init: %cst_0) applies stablehlo.maximum across dimensions = [1] : (tensor<8x8xf32>, tensor<f32>) -> tensor<8xf32>
    %cst_1 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %5 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %6 = stablehlo.maximum %5, %4 : tensor<8xf32>
    %7 = stablehlo.broadcast_in_dim %6, dims = [0] : (tensor<8xf32>) -> tensor<8x1xf32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [0, 1] : (tensor<8x1xf32>) -> tensor<8x8xf32>
    %9 = stablehlo.subtract %3, %8 : tensor<8x8xf32>
    %10 = stablehlo.exponential %9 : tensor<8x8xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %11 = stablehlo.reduce(%10 init: %cst_2) applies stablehlo.add across dimensions = [1] : (tensor<8x8xf32>, tensor<f32>) -> tensor<8xf32>
    %12 = stablehlo.broadcast_in_dim %11, dims = [0] : (tensor<8xf32>) -> tensor<8x1xf32>
    %13 = stablehlo.broadcast_in_dim %12, dims = [0, 1] : (tensor<8x1xf32>) -> tensor<8x8xf32>
    %14 = stablehlo.divide %10, %13 : tensor<8x8xf32>
    %15 = stablehlo.convert %14 : (tensor<8x8xf32>) -> tensor<8x8xbf16>
    %16 = stablehlo.dot_general %15, %arg2, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x8xbf16>, tensor<8x16xbf16>) -> tensor<8x16xf32>
    %17 = stablehlo.convert %16 : (tensor<8x16xf32>) -> tensor<8x16xbf16>
    %18 = stablehlo.tanh %arg0 : tensor<8x32xbf16>
    %19 = stablehlo.add %18, %arg1 : tensor<8x32xbf16>
    return %17, %14, %19 : tensor<8x16xbf16>, tensor<8x8xf32>, tensor<8x32xbf16>
  }
}
