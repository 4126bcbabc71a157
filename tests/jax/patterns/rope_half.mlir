module @jit_rope_half attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x16x4x32xf32>) -> (tensor<2x16x4x32xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.iota dim = 0 : tensor<16xf32>
    %cst = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %2 = stablehlo.multiply %1, %0 : tensor<16xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %4 = stablehlo.add %3, %2 : tensor<16xf32>
    %cst_1 = stablehlo.constant dense<3.200000e+01> : tensor<f32>
    %5 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %6 = stablehlo.divide %4, %5 : tensor<16xf32>
    %cst_2 = stablehlo.constant dense<1.000000e+04> : tensor<f32>
    %7 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %8 = stablehlo.power %7, %6 : tensor<16xf32>
    %cst_3 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %9 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %10 = stablehlo.divide %9, %8 : tensor<16xf32>
    %11 = stablehlo.iota dim = 0 : tensor<16xf32>
    %12 = stablehlo.broadcast_in_dim %11, dims = [0] : (tensor<16xf32>) -> tensor<16x1xf32>
    %13 = stablehlo.broadcast_in_dim %10, dims = [1] : (tensor<16xf32>) -> tensor<1x16xf32>
    %14 = stablehlo.broadcast_in_dim %12, dims = [0, 1] : (tensor<16x1xf32>) -> tensor<16x16xf32>
    %15 = stablehlo.broadcast_in_dim %13, dims = [0, 1] : (tensor<1x16xf32>) -> tensor<16x16xf32>
    %16 = stablehlo.multiply %14, %15 : tensor<16x16xf32>
    %17 = stablehlo.cosine %16 : tensor<16x16xf32>
    %18 = stablehlo.sine %16 : tensor<16x16xf32>
    %19 = stablehlo.concatenate %17, %17, dim = 1 : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x32xf32>
    %20 = stablehlo.broadcast_in_dim %19, dims = [1, 3] : (tensor<16x32xf32>) -> tensor<1x16x1x32xf32>
    %21 = stablehlo.concatenate %18, %18, dim = 1 : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x32xf32>
    %22 = stablehlo.broadcast_in_dim %21, dims = [1, 3] : (tensor<16x32xf32>) -> tensor<1x16x1x32xf32>
    %23 = stablehlo.broadcast_in_dim %20, dims = [0, 1, 2, 3] : (tensor<1x16x1x32xf32>) -> tensor<2x16x4x32xf32>
    %24 = stablehlo.multiply %arg0, %23 : tensor<2x16x4x32xf32>
    %25 = stablehlo.slice %arg0 [0:2, 0:16, 0:4, 0:16] : (tensor<2x16x4x32xf32>) -> tensor<2x16x4x16xf32>
    %26 = stablehlo.slice %arg0 [0:2, 0:16, 0:4, 16:32] : (tensor<2x16x4x32xf32>) -> tensor<2x16x4x16xf32>
    %27 = stablehlo.negate %26 : tensor<2x16x4x16xf32>
    %28 = stablehlo.concatenate %27, %25, dim = 3 : (tensor<2x16x4x16xf32>, tensor<2x16x4x16xf32>) -> tensor<2x16x4x32xf32>
    %29 = stablehlo.broadcast_in_dim %22, dims = [0, 1, 2, 3] : (tensor<1x16x1x32xf32>) -> tensor<2x16x4x32xf32>
    %30 = stablehlo.multiply %28, %29 : tensor<2x16x4x32xf32>
    %31 = stablehlo.add %24, %30 : tensor<2x16x4x32xf32>
    return %31 : tensor<2x16x4x32xf32>
  }
}
