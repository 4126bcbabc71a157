module @jit_swiglu_sigmoid_glu attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x8x32xf32>, %arg1: tensor<32x64xf32>, %arg2: tensor<32x64xf32>) -> (tensor<2x8x64xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x8x32xf32>, tensor<32x64xf32>) -> tensor<2x8x64xf32>
    %1 = stablehlo.negate %0 : tensor<2x8x64xf32>
    %2 = stablehlo.exponential %1 : tensor<2x8x64xf32>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x8x64xf32>
    %4 = stablehlo.add %3, %2 : tensor<2x8x64xf32>
    %cst_0 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %5 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<2x8x64xf32>
    %6 = stablehlo.divide %5, %4 : tensor<2x8x64xf32>
    %7 = stablehlo.dot_general %arg0, %arg2, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x8x32xf32>, tensor<32x64xf32>) -> tensor<2x8x64xf32>
    %8 = stablehlo.multiply %6, %7 : tensor<2x8x64xf32>
    return %8 : tensor<2x8x64xf32>
  }
}
