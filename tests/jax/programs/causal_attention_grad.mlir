module @jit_causal_attention_grad attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x2x64x32xbf16>, %arg1: tensor<2x2x64x32xbf16>, %arg2: tensor<2x2x64x32xbf16>, %arg3: tensor<2x2x64x32xbf16>) -> (tensor<bf16> {jax.result_info = "result[0]"}, tensor<2x2x64x32xbf16> {jax.result_info = "result[1][0]"}, tensor<2x2x64x32xbf16> {jax.result_info = "result[1][1]"}, tensor<2x2x64x32xbf16> {jax.result_info = "result[1][2]"}) {
    %0 = stablehlo.dot_general %arg0, %arg1, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [3], precision = [DEFAULT, DEFAULT] : (tensor<2x2x64x32xbf16>, tensor<2x2x64x32xbf16>) -> tensor<2x2x64x64xbf16>
    %cst = stablehlo.constant dense<1.767580e-01> : tensor<bf16>
    %1 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<bf16>) -> tensor<2x2x64x64xbf16>
    %2 = stablehlo.multiply %0, %1 : tensor<2x2x64x64xbf16>
    %c = stablehlo.constant dense<true> : tensor<i1>
    %3 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i1>) -> tensor<64x64xi1>
    %4 = call @tril(%3) : (tensor<64x64xi1>) -> tensor<64x64xi1>
    %cst_0 = stablehlo.constant dense<-3.389530e+38> : tensor<bf16>
    %5:2 = call @_where(%4, %2, %cst_0) : (tensor<64x64xi1>, tensor<2x2x64x64xbf16>, tensor<bf16>) -> (tensor<2x2x64x64xbf16>, tensor<2x2x64x64xi1>)
    %cst_1 = stablehlo.constant dense<0xFF80> : tensor<bf16>
    %6 = stablehlo.reduce(%5#0 init: %cst_1) applies stablehlo.maximum across dimensions = [3] : (tensor<2x2x64x64xbf16>, tensor<bf16>) -> tensor<2x2x64xbf16>
    %cst_2 = stablehlo.constant dense<0xFF80> : tensor<bf16>
    %7 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<bf16>) -> tensor<2x2x64xbf16>
    %8 = stablehlo.maximum %7, %6 : tensor<2x2x64xbf16>
    %9 = stablehlo.broadcast_in_dim %8, dims = [0, 1, 2] : (tensor<2x2x64xbf16>) -> tensor<2x2x64x1xbf16>
    %10 = stablehlo.broadcast_in_dim %9, dims = [0, 1, 2, 3] : (tensor<2x2x64x1xbf16>) -> tensor<2x2x64x64xbf16>
    %11 = stablehlo.subtract %5#0, %10 : tensor<2x2x64x64xbf16>
    %12 = stablehlo.exponential %11 : tensor<2x2x64x64xbf16>
    %13 = stablehlo.convert %12 : (tensor<2x2x64x64xbf16>) -> tensor<2x2x64x64xf32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %14 = stablehlo.reduce(%13 init: %cst_3) applies stablehlo.add across dimensions = [3] : (tensor<2x2x64x64xf32>, tensor<f32>) -> tensor<2x2x64xf32>
    %15 = stablehlo.broadcast_in_dim %14, dims = [0, 1, 2] : (tensor<2x2x64xf32>) -> tensor<2x2x64x1xf32>
    %16 = stablehlo.convert %15 : (tensor<2x2x64x1xf32>) -> tensor<2x2x64x1xbf16>
    %17 = stablehlo.broadcast_in_dim %16, dims = [0, 1, 2, 3] : (tensor<2x2x64x1xbf16>) -> tensor<2x2x64x64xbf16>
    %18 = stablehlo.divide %12, %17 : tensor<2x2x64x64xbf16>
    %19 = stablehlo.multiply %16, %16 : tensor<2x2x64x1xbf16>
    %cst_4 = stablehlo.constant dense<1.000000e+00> : tensor<bf16>
    %20 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<bf16>) -> tensor<2x2x64x1xbf16>
    %21 = stablehlo.divide %20, %19 : tensor<2x2x64x1xbf16>
    %22 = stablehlo.dot_general %18, %arg2, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [2], precision = [DEFAULT, DEFAULT] : (tensor<2x2x64x64xbf16>, tensor<2x2x64x32xbf16>) -> tensor<2x2x64x32xbf16>
    %23 = stablehlo.convert %22 : (tensor<2x2x64x32xbf16>) -> tensor<2x2x64x32xf32>
    %24 = stablehlo.convert %arg3 : (tensor<2x2x64x32xbf16>) -> tensor<2x2x64x32xf32>
    %25 = stablehlo.multiply %23, %24 : tensor<2x2x64x32xf32>
    %cst_5 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %26 = stablehlo.reduce(%25 init: %cst_5) applies stablehlo.add across dimensions = [0, 1, 2, 3] : (tensor<2x2x64x32xf32>, tensor<f32>) -> tensor<f32>
    %cst_6 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %27 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<2x2x64x32xf32>
    %28 = stablehlo.multiply %27, %24 : tensor<2x2x64x32xf32>
    %29 = stablehlo.convert %28 : (tensor<2x2x64x32xf32>) -> tensor<2x2x64x32xbf16>
    %30 = stablehlo.dot_general %29, %18, batching_dims = [0, 1] x [0, 1], contracting_dims = [2] x [2], precision = [DEFAULT, DEFAULT] : (tensor<2x2x64x32xbf16>, tensor<2x2x64x64xbf16>) -> tensor<2x2x32x64xbf16>
    %31 = stablehlo.transpose %30, dims = [0, 1, 3, 2] : (tensor<2x2x32x64xbf16>) -> tensor<2x2x64x32xbf16>
    %32 = stablehlo.dot_general %29, %arg2, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [3], precision = [DEFAULT, DEFAULT] : (tensor<2x2x64x32xbf16>, tensor<2x2x64x32xbf16>) -> tensor<2x2x64x64xbf16>
    %33 = stablehlo.broadcast_in_dim %21, dims = [0, 1, 2, 3] : (tensor<2x2x64x1xbf16>) -> tensor<2x2x64x64xbf16>
    %34 = stablehlo.multiply %32, %33 : tensor<2x2x64x64xbf16>
    %35 = stablehlo.multiply %34, %12 : tensor<2x2x64x64xbf16>
    %cst_7 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %36 = stablehlo.reduce(%35 init: %cst_7) applies stablehlo.add across dimensions = [3] : (tensor<2x2x64x64xbf16>, tensor<bf16>) -> tensor<2x2x64xbf16>
    %37 = stablehlo.reshape %36 : (tensor<2x2x64xbf16>) -> tensor<2x2x64x1xbf16>
    %38 = stablehlo.negate %37 : tensor<2x2x64x1xbf16>
    %39 = stablehlo.broadcast_in_dim %16, dims = [0, 1, 2, 3] : (tensor<2x2x64x1xbf16>) -> tensor<2x2x64x64xbf16>
    %40 = stablehlo.divide %32, %39 : tensor<2x2x64x64xbf16>
    %41 = stablehlo.convert %38 : (tensor<2x2x64x1xbf16>) -> tensor<2x2x64x1xf32>
    %cst_8 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %42 = stablehlo.reduce(%41 init: %cst_8) applies stablehlo.add across dimensions = [3] : (tensor<2x2x64x1xf32>, tensor<f32>) -> tensor<2x2x64xf32>
    %43 = stablehlo.broadcast_in_dim %42, dims = [0, 1, 2] : (tensor<2x2x64xf32>) -> tensor<2x2x64x64xf32>
    %44 = stablehlo.convert %43 : (tensor<2x2x64x64xf32>) -> tensor<2x2x64x64xbf16>
    %45 = stablehlo.add %40, %44 : tensor<2x2x64x64xbf16>
    %46 = stablehlo.multiply %45, %12 : tensor<2x2x64x64xbf16>
    %47 = call @_where_0(%5#1, %46) : (tensor<2x2x64x64xi1>, tensor<2x2x64x64xbf16>) -> tensor<2x2x64x64xbf16>
    %cst_9 = stablehlo.constant dense<1.767580e-01> : tensor<bf16>
    %48 = stablehlo.broadcast_in_dim %cst_9, dims = [] : (tensor<bf16>) -> tensor<2x2x64x64xbf16>
    %49 = stablehlo.multiply %47, %48 : tensor<2x2x64x64xbf16>
    %50 = stablehlo.dot_general %49, %arg0, batching_dims = [0, 1] x [0, 1], contracting_dims = [2] x [2], precision = [DEFAULT, DEFAULT] : (tensor<2x2x64x64xbf16>, tensor<2x2x64x32xbf16>) -> tensor<2x2x64x32xbf16>
    %51 = stablehlo.dot_general %49, %arg1, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [2], precision = [DEFAULT, DEFAULT] : (tensor<2x2x64x64xbf16>, tensor<2x2x64x32xbf16>) -> tensor<2x2x64x32xbf16>
    %52 = stablehlo.convert %26 : (tensor<f32>) -> tensor<bf16>
    return %52, %51, %50, %31 : tensor<bf16>, tensor<2x2x64x32xbf16>, tensor<2x2x64x32xbf16>, tensor<2x2x64x32xbf16>
  }
  func.func private @tril(%arg0: tensor<64x64xi1>) -> tensor<64x64xi1> {
    %0 = stablehlo.iota dim = 0 : tensor<64x64xi32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<64x64xi32>
    %2 = stablehlo.add %0, %1 : tensor<64x64xi32>
    %3 = stablehlo.iota dim = 1 : tensor<64x64xi32>
    %4 = stablehlo.compare GE, %2, %3, SIGNED : (tensor<64x64xi32>, tensor<64x64xi32>) -> tensor<64x64xi1>
    %c_0 = stablehlo.constant dense<false> : tensor<i1>
    %5 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i1>) -> tensor<64x64xi1>
    %6 = stablehlo.select %4, %arg0, %5 : tensor<64x64xi1>, tensor<64x64xi1>
    return %6 : tensor<64x64xi1>
  }
  func.func private @_where(%arg0: tensor<64x64xi1>, %arg1: tensor<2x2x64x64xbf16>, %arg2: tensor<bf16>) -> (tensor<2x2x64x64xbf16>, tensor<2x2x64x64xi1>) {
    %0 = stablehlo.broadcast_in_dim %arg0, dims = [2, 3] : (tensor<64x64xi1>) -> tensor<2x2x64x64xi1>
    %1 = stablehlo.broadcast_in_dim %arg2, dims = [] : (tensor<bf16>) -> tensor<2x2x64x64xbf16>
    %2 = stablehlo.select %0, %arg1, %1 : tensor<2x2x64x64xi1>, tensor<2x2x64x64xbf16>
    return %2, %0 : tensor<2x2x64x64xbf16>, tensor<2x2x64x64xi1>
  }
  func.func private @_where_0(%arg0: tensor<2x2x64x64xi1>, %arg1: tensor<2x2x64x64xbf16>) -> tensor<2x2x64x64xbf16> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<bf16>) -> tensor<2x2x64x64xbf16>
    %1 = stablehlo.select %arg0, %arg1, %0 : tensor<2x2x64x64xi1>, tensor<2x2x64x64xbf16>
    return %1 : tensor<2x2x64x64xbf16>
  }
}
