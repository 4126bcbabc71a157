module @jit_gqa_attention_grad attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x4x64x32xbf16>, %arg1: tensor<2x2x64x32xbf16>, %arg2: tensor<2x2x64x32xbf16>, %arg3: tensor<2x4x64x32xbf16>) -> (tensor<bf16> {jax.result_info = "result[0]"}, tensor<2x4x64x32xbf16> {jax.result_info = "result[1][0]"}, tensor<2x2x64x32xbf16> {jax.result_info = "result[1][1]"}, tensor<2x2x64x32xbf16> {jax.result_info = "result[1][2]"}) {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [0, 1, 3, 4] : (tensor<2x2x64x32xbf16>) -> tensor<2x2x2x64x32xbf16>
    %1 = stablehlo.reshape %0 : (tensor<2x2x2x64x32xbf16>) -> tensor<2x4x64x32xbf16>
    %2 = stablehlo.broadcast_in_dim %arg2, dims = [0, 1, 3, 4] : (tensor<2x2x64x32xbf16>) -> tensor<2x2x2x64x32xbf16>
    %3 = stablehlo.reshape %2 : (tensor<2x2x2x64x32xbf16>) -> tensor<2x4x64x32xbf16>
    %4 = stablehlo.dot_general %arg0, %1, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [3], precision = [DEFAULT, DEFAULT] : (tensor<2x4x64x32xbf16>, tensor<2x4x64x32xbf16>) -> tensor<2x4x64x64xbf16>
    %cst = stablehlo.constant dense<1.767580e-01> : tensor<bf16>
    %5 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<bf16>) -> tensor<2x4x64x64xbf16>
    %6 = stablehlo.multiply %4, %5 : tensor<2x4x64x64xbf16>
    %c = stablehlo.constant dense<true> : tensor<i1>
    %7 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i1>) -> tensor<64x64xi1>
    %8 = call @tril(%7) : (tensor<64x64xi1>) -> tensor<64x64xi1>
    %cst_0 = stablehlo.constant dense<-3.389530e+38> : tensor<bf16>
    %9:2 = call @_where(%8, %6, %cst_0) : (tensor<64x64xi1>, tensor<2x4x64x64xbf16>, tensor<bf16>) -> (tensor<2x4x64x64xbf16>, tensor<2x4x64x64xi1>)
    %cst_1 = stablehlo.constant dense<0xFF80> : tensor<bf16>
    %10 = stablehlo.reduce(%9#0 init: %cst_1) applies stablehlo.maximum across dimensions = [3] : (tensor<2x4x64x64xbf16>, tensor<bf16>) -> tensor<2x4x64xbf16>
    %cst_2 = stablehlo.constant dense<0xFF80> : tensor<bf16>
    %11 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<bf16>) -> tensor<2x4x64xbf16>
    %12 = stablehlo.maximum %11, %10 : tensor<2x4x64xbf16>
    %13 = stablehlo.broadcast_in_dim %12, dims = [0, 1, 2] : (tensor<2x4x64xbf16>) -> tensor<2x4x64x1xbf16>
    %14 = stablehlo.broadcast_in_dim %13, dims = [0, 1, 2, 3] : (tensor<2x4x64x1xbf16>) -> tensor<2x4x64x64xbf16>
    %15 = stablehlo.subtract %9#0, %14 : tensor<2x4x64x64xbf16>
    %16 = stablehlo.exponential %15 : tensor<2x4x64x64xbf16>
    %17 = stablehlo.convert %16 : (tensor<2x4x64x64xbf16>) -> tensor<2x4x64x64xf32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %18 = stablehlo.reduce(%17 init: %cst_3) applies stablehlo.add across dimensions = [3] : (tensor<2x4x64x64xf32>, tensor<f32>) -> tensor<2x4x64xf32>
    %19 = stablehlo.broadcast_in_dim %18, dims = [0, 1, 2] : (tensor<2x4x64xf32>) -> tensor<2x4x64x1xf32>
    %20 = stablehlo.convert %19 : (tensor<2x4x64x1xf32>) -> tensor<2x4x64x1xbf16>
    %21 = stablehlo.broadcast_in_dim %20, dims = [0, 1, 2, 3] : (tensor<2x4x64x1xbf16>) -> tensor<2x4x64x64xbf16>
    %22 = stablehlo.divide %16, %21 : tensor<2x4x64x64xbf16>
    %23 = stablehlo.multiply %20, %20 : tensor<2x4x64x1xbf16>
    %cst_4 = stablehlo.constant dense<1.000000e+00> : tensor<bf16>
    %24 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<bf16>) -> tensor<2x4x64x1xbf16>
    %25 = stablehlo.divide %24, %23 : tensor<2x4x64x1xbf16>
    %26 = stablehlo.dot_general %22, %3, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [2], precision = [DEFAULT, DEFAULT] : (tensor<2x4x64x64xbf16>, tensor<2x4x64x32xbf16>) -> tensor<2x4x64x32xbf16>
    %27 = stablehlo.convert %26 : (tensor<2x4x64x32xbf16>) -> tensor<2x4x64x32xf32>
    %28 = stablehlo.convert %arg3 : (tensor<2x4x64x32xbf16>) -> tensor<2x4x64x32xf32>
    %29 = stablehlo.multiply %27, %28 : tensor<2x4x64x32xf32>
    %cst_5 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %30 = stablehlo.reduce(%29 init: %cst_5) applies stablehlo.add across dimensions = [0, 1, 2, 3] : (tensor<2x4x64x32xf32>, tensor<f32>) -> tensor<f32>
    %cst_6 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %31 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<2x4x64x32xf32>
    %32 = stablehlo.multiply %31, %28 : tensor<2x4x64x32xf32>
    %33 = stablehlo.convert %32 : (tensor<2x4x64x32xf32>) -> tensor<2x4x64x32xbf16>
    %34 = stablehlo.dot_general %33, %22, batching_dims = [0, 1] x [0, 1], contracting_dims = [2] x [2], precision = [DEFAULT, DEFAULT] : (tensor<2x4x64x32xbf16>, tensor<2x4x64x64xbf16>) -> tensor<2x4x32x64xbf16>
    %35 = stablehlo.transpose %34, dims = [0, 1, 3, 2] : (tensor<2x4x32x64xbf16>) -> tensor<2x4x64x32xbf16>
    %36 = stablehlo.dot_general %33, %3, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [3], precision = [DEFAULT, DEFAULT] : (tensor<2x4x64x32xbf16>, tensor<2x4x64x32xbf16>) -> tensor<2x4x64x64xbf16>
    %37 = stablehlo.broadcast_in_dim %25, dims = [0, 1, 2, 3] : (tensor<2x4x64x1xbf16>) -> tensor<2x4x64x64xbf16>
    %38 = stablehlo.multiply %36, %37 : tensor<2x4x64x64xbf16>
    %39 = stablehlo.multiply %38, %16 : tensor<2x4x64x64xbf16>
    %cst_7 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %40 = stablehlo.reduce(%39 init: %cst_7) applies stablehlo.add across dimensions = [3] : (tensor<2x4x64x64xbf16>, tensor<bf16>) -> tensor<2x4x64xbf16>
    %41 = stablehlo.reshape %40 : (tensor<2x4x64xbf16>) -> tensor<2x4x64x1xbf16>
    %42 = stablehlo.negate %41 : tensor<2x4x64x1xbf16>
    %43 = stablehlo.broadcast_in_dim %20, dims = [0, 1, 2, 3] : (tensor<2x4x64x1xbf16>) -> tensor<2x4x64x64xbf16>
    %44 = stablehlo.divide %36, %43 : tensor<2x4x64x64xbf16>
    %45 = stablehlo.convert %42 : (tensor<2x4x64x1xbf16>) -> tensor<2x4x64x1xf32>
    %cst_8 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %46 = stablehlo.reduce(%45 init: %cst_8) applies stablehlo.add across dimensions = [3] : (tensor<2x4x64x1xf32>, tensor<f32>) -> tensor<2x4x64xf32>
    %47 = stablehlo.broadcast_in_dim %46, dims = [0, 1, 2] : (tensor<2x4x64xf32>) -> tensor<2x4x64x64xf32>
    %48 = stablehlo.convert %47 : (tensor<2x4x64x64xf32>) -> tensor<2x4x64x64xbf16>
    %49 = stablehlo.add %44, %48 : tensor<2x4x64x64xbf16>
    %50 = stablehlo.multiply %49, %16 : tensor<2x4x64x64xbf16>
    %51 = call @_where_0(%9#1, %50) : (tensor<2x4x64x64xi1>, tensor<2x4x64x64xbf16>) -> tensor<2x4x64x64xbf16>
    %cst_9 = stablehlo.constant dense<1.767580e-01> : tensor<bf16>
    %52 = stablehlo.broadcast_in_dim %cst_9, dims = [] : (tensor<bf16>) -> tensor<2x4x64x64xbf16>
    %53 = stablehlo.multiply %51, %52 : tensor<2x4x64x64xbf16>
    %54 = stablehlo.dot_general %53, %arg0, batching_dims = [0, 1] x [0, 1], contracting_dims = [2] x [2], precision = [DEFAULT, DEFAULT] : (tensor<2x4x64x64xbf16>, tensor<2x4x64x32xbf16>) -> tensor<2x4x64x32xbf16>
    %55 = stablehlo.dot_general %53, %1, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [2], precision = [DEFAULT, DEFAULT] : (tensor<2x4x64x64xbf16>, tensor<2x4x64x32xbf16>) -> tensor<2x4x64x32xbf16>
    %56 = stablehlo.reshape %35 : (tensor<2x4x64x32xbf16>) -> tensor<2x2x2x64x32xbf16>
    %cst_10 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %57 = stablehlo.reduce(%56 init: %cst_10) applies stablehlo.add across dimensions = [2] : (tensor<2x2x2x64x32xbf16>, tensor<bf16>) -> tensor<2x2x64x32xbf16>
    %58 = stablehlo.reshape %54 : (tensor<2x4x64x32xbf16>) -> tensor<2x2x2x64x32xbf16>
    %cst_11 = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %59 = stablehlo.reduce(%58 init: %cst_11) applies stablehlo.add across dimensions = [2] : (tensor<2x2x2x64x32xbf16>, tensor<bf16>) -> tensor<2x2x64x32xbf16>
    %60 = stablehlo.convert %30 : (tensor<f32>) -> tensor<bf16>
    return %60, %55, %59, %57 : tensor<bf16>, tensor<2x4x64x32xbf16>, tensor<2x2x64x32xbf16>, tensor<2x2x64x32xbf16>
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
  func.func private @_where(%arg0: tensor<64x64xi1>, %arg1: tensor<2x4x64x64xbf16>, %arg2: tensor<bf16>) -> (tensor<2x4x64x64xbf16>, tensor<2x4x64x64xi1>) {
    %0 = stablehlo.broadcast_in_dim %arg0, dims = [2, 3] : (tensor<64x64xi1>) -> tensor<2x4x64x64xi1>
    %1 = stablehlo.broadcast_in_dim %arg2, dims = [] : (tensor<bf16>) -> tensor<2x4x64x64xbf16>
    %2 = stablehlo.select %0, %arg1, %1 : tensor<2x4x64x64xi1>, tensor<2x4x64x64xbf16>
    return %2, %0 : tensor<2x4x64x64xbf16>, tensor<2x4x64x64xi1>
  }
  func.func private @_where_0(%arg0: tensor<2x4x64x64xi1>, %arg1: tensor<2x4x64x64xbf16>) -> tensor<2x4x64x64xbf16> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<bf16>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<bf16>) -> tensor<2x4x64x64xbf16>
    %1 = stablehlo.select %arg0, %arg1, %0 : tensor<2x4x64x64xi1>, tensor<2x4x64x64xbf16>
    return %1 : tensor<2x4x64x64xbf16>
  }
}
