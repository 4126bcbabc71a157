module @jit_causal_attention attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x4x32x16xbf16>, %arg1: tensor<2x4x32x16xbf16>, %arg2: tensor<2x4x32x16xbf16>) -> (tensor<2x4x32x16xbf16> {jax.result_info = "result"}) {
    %0 = stablehlo.dot_general %arg0, %arg1, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [3], precision = [DEFAULT, DEFAULT] : (tensor<2x4x32x16xbf16>, tensor<2x4x32x16xbf16>) -> tensor<2x4x32x32xbf16>
    %cst = stablehlo.constant dense<2.500000e-01> : tensor<bf16>
    %1 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<bf16>) -> tensor<2x4x32x32xbf16>
    %2 = stablehlo.multiply %0, %1 : tensor<2x4x32x32xbf16>
    %c = stablehlo.constant dense<true> : tensor<i1>
    %3 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i1>) -> tensor<32x32xi1>
    %4 = call @tril(%3) : (tensor<32x32xi1>) -> tensor<32x32xi1>
    %cst_0 = stablehlo.constant dense<-3.389530e+38> : tensor<bf16>
    %5 = call @_where(%4, %2, %cst_0) : (tensor<32x32xi1>, tensor<2x4x32x32xbf16>, tensor<bf16>) -> tensor<2x4x32x32xbf16>
    %cst_1 = stablehlo.constant dense<0xFF80> : tensor<bf16>
    %6 = stablehlo.reduce(%5 init: %cst_1) applies stablehlo.maximum across dimensions = [3] : (tensor<2x4x32x32xbf16>, tensor<bf16>) -> tensor<2x4x32xbf16>
    %cst_2 = stablehlo.constant dense<0xFF80> : tensor<bf16>
    %7 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<bf16>) -> tensor<2x4x32xbf16>
    %8 = stablehlo.maximum %7, %6 : tensor<2x4x32xbf16>
    %9 = stablehlo.broadcast_in_dim %8, dims = [0, 1, 2] : (tensor<2x4x32xbf16>) -> tensor<2x4x32x1xbf16>
    %10 = stablehlo.broadcast_in_dim %9, dims = [0, 1, 2, 3] : (tensor<2x4x32x1xbf16>) -> tensor<2x4x32x32xbf16>
    %11 = stablehlo.subtract %5, %10 : tensor<2x4x32x32xbf16>
    %12 = stablehlo.exponential %11 : tensor<2x4x32x32xbf16>
    %13 = stablehlo.convert %12 : (tensor<2x4x32x32xbf16>) -> tensor<2x4x32x32xf32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %14 = stablehlo.reduce(%13 init: %cst_3) applies stablehlo.add across dimensions = [3] : (tensor<2x4x32x32xf32>, tensor<f32>) -> tensor<2x4x32xf32>
    %15 = stablehlo.broadcast_in_dim %14, dims = [0, 1, 2] : (tensor<2x4x32xf32>) -> tensor<2x4x32x1xf32>
    %16 = stablehlo.convert %15 : (tensor<2x4x32x1xf32>) -> tensor<2x4x32x1xbf16>
    %17 = stablehlo.broadcast_in_dim %16, dims = [0, 1, 2, 3] : (tensor<2x4x32x1xbf16>) -> tensor<2x4x32x32xbf16>
    %18 = stablehlo.divide %12, %17 : tensor<2x4x32x32xbf16>
    %19 = stablehlo.dot_general %18, %arg2, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [2], precision = [DEFAULT, DEFAULT] : (tensor<2x4x32x32xbf16>, tensor<2x4x32x16xbf16>) -> tensor<2x4x32x16xbf16>
    return %19 : tensor<2x4x32x16xbf16>
  }
  func.func private @tril(%arg0: tensor<32x32xi1>) -> tensor<32x32xi1> {
    %0 = stablehlo.iota dim = 0 : tensor<32x32xi32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<32x32xi32>
    %2 = stablehlo.add %0, %1 : tensor<32x32xi32>
    %3 = stablehlo.iota dim = 1 : tensor<32x32xi32>
    %4 = stablehlo.compare GE, %2, %3, SIGNED : (tensor<32x32xi32>, tensor<32x32xi32>) -> tensor<32x32xi1>
    %c_0 = stablehlo.constant dense<false> : tensor<i1>
    %5 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i1>) -> tensor<32x32xi1>
    %6 = stablehlo.select %4, %arg0, %5 : tensor<32x32xi1>, tensor<32x32xi1>
    return %6 : tensor<32x32xi1>
  }
  func.func private @_where(%arg0: tensor<32x32xi1>, %arg1: tensor<2x4x32x32xbf16>, %arg2: tensor<bf16>) -> tensor<2x4x32x32xbf16> {
    %0 = stablehlo.broadcast_in_dim %arg0, dims = [2, 3] : (tensor<32x32xi1>) -> tensor<2x4x32x32xi1>
    %1 = stablehlo.broadcast_in_dim %arg2, dims = [] : (tensor<bf16>) -> tensor<2x4x32x32xbf16>
    %2 = stablehlo.select %0, %arg1, %1 : tensor<2x4x32x32xi1>, tensor<2x4x32x32xbf16>
    return %2 : tensor<2x4x32x32xbf16>
  }
}
