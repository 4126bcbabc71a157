module @jit_reductions attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x6x5xf32>, %arg1: tensor<4x6xf32>, %arg2: tensor<4x6xi1>, %arg3: tensor<4x6xi32>) -> (tensor<f32> {jax.result_info = "result[0]"}, tensor<6xf32> {jax.result_info = "result[1]"}, tensor<4x5xf32> {jax.result_info = "result[2]"}, tensor<4x6xf32> {jax.result_info = "result[3]"}, tensor<6xf32> {jax.result_info = "result[4]"}, tensor<4x5xf32> {jax.result_info = "result[5]"}, tensor<4x6xf32> {jax.result_info = "result[6]"}, tensor<f32> {jax.result_info = "result[7]"}, tensor<4x6xf32> {jax.result_info = "result[8]"}, tensor<4xi1> {jax.result_info = "result[9]"}, tensor<6xi1> {jax.result_info = "result[10]"}, tensor<i1> {jax.result_info = "result[11]"}, tensor<6xi32> {jax.result_info = "result[12]"}, tensor<i32> {jax.result_info = "result[13]"}, tensor<4xi32> {jax.result_info = "result[14]"}, tensor<4xf32> {jax.result_info = "result[15]"}) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<4x6x5xf32>, tensor<f32>) -> tensor<f32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.reduce(%arg0 init: %cst_0) applies stablehlo.add across dimensions = [0, 2] : (tensor<4x6x5xf32>, tensor<f32>) -> tensor<6xf32>
    %cst_1 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %2 = stablehlo.reduce(%arg0 init: %cst_1) applies stablehlo.maximum across dimensions = [1] : (tensor<4x6x5xf32>, tensor<f32>) -> tensor<4x5xf32>
    %cst_2 = stablehlo.constant dense<0x7F800000> : tensor<f32>
    %3 = stablehlo.reduce(%arg0 init: %cst_2) applies stablehlo.minimum across dimensions = [2] : (tensor<4x6x5xf32>, tensor<f32>) -> tensor<4x6xf32>
    %cst_3 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %4 = stablehlo.reduce(%arg1 init: %cst_3) applies stablehlo.multiply across dimensions = [0] : (tensor<4x6xf32>, tensor<f32>) -> tensor<6xf32>
    %cst_4 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %5 = stablehlo.reduce(%arg0 init: %cst_4) applies stablehlo.add across dimensions = [1] : (tensor<4x6x5xf32>, tensor<f32>) -> tensor<4x5xf32>
    %cst_5 = stablehlo.constant dense<6.000000e+00> : tensor<f32>
    %6 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<4x5xf32>
    %7 = stablehlo.divide %5, %6 : tensor<4x5xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %8 = call @_var(%arg0, %c) : (tensor<4x6x5xf32>, tensor<i32>) -> tensor<4x6xf32>
    %c_6 = stablehlo.constant dense<0> : tensor<i32>
    %9 = call @_std(%arg0, %c_6) : (tensor<4x6x5xf32>, tensor<i32>) -> tensor<f32>
    %cst_7 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %10 = stablehlo.reduce(%arg0 init: %cst_7) applies stablehlo.maximum across dimensions = [2] : (tensor<4x6x5xf32>, tensor<f32>) -> tensor<4x6xf32>
    %cst_8 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %11 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<4x6xf32>
    %12 = stablehlo.maximum %11, %10 : tensor<4x6xf32>
    %13 = stablehlo.is_finite %12 : (tensor<4x6xf32>) -> tensor<4x6xi1>
    %cst_9 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %14 = stablehlo.broadcast_in_dim %cst_9, dims = [] : (tensor<f32>) -> tensor<4x6xf32>
    %15 = stablehlo.select %13, %12, %14 : tensor<4x6xi1>, tensor<4x6xf32>
    %16 = stablehlo.broadcast_in_dim %15, dims = [0, 1] : (tensor<4x6xf32>) -> tensor<4x6x1xf32>
    %17 = stablehlo.broadcast_in_dim %16, dims = [0, 1, 2] : (tensor<4x6x1xf32>) -> tensor<4x6x5xf32>
    %18 = stablehlo.subtract %arg0, %17 : tensor<4x6x5xf32>
    %19 = stablehlo.exponential %18 : tensor<4x6x5xf32>
    %cst_10 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %20 = stablehlo.reduce(%19 init: %cst_10) applies stablehlo.add across dimensions = [2] : (tensor<4x6x5xf32>, tensor<f32>) -> tensor<4x6xf32>
    %21 = stablehlo.abs %20 : tensor<4x6xf32>
    %22 = stablehlo.log %21 : tensor<4x6xf32>
    %23 = stablehlo.add %22, %15 : tensor<4x6xf32>
    %c_11 = stablehlo.constant dense<false> : tensor<i1>
    %24 = stablehlo.reduce(%arg2 init: %c_11) applies stablehlo.or across dimensions = [1] : (tensor<4x6xi1>, tensor<i1>) -> tensor<4xi1>
    %c_12 = stablehlo.constant dense<true> : tensor<i1>
    %25 = stablehlo.reduce(%arg2 init: %c_12) applies stablehlo.and across dimensions = [0] : (tensor<4x6xi1>, tensor<i1>) -> tensor<6xi1>
    %c_13 = stablehlo.constant dense<true> : tensor<i1>
    %26 = stablehlo.reduce(%arg2 init: %c_13) applies stablehlo.and across dimensions = [0, 1] : (tensor<4x6xi1>, tensor<i1>) -> tensor<i1>
    %c_14 = stablehlo.constant dense<0> : tensor<i32>
    %27 = stablehlo.reduce(%arg3 init: %c_14) applies stablehlo.add across dimensions = [0] : (tensor<4x6xi32>, tensor<i32>) -> tensor<6xi32>
    %c_15 = stablehlo.constant dense<-2147483648> : tensor<i32>
    %28 = stablehlo.reduce(%arg3 init: %c_15) applies stablehlo.maximum across dimensions = [0, 1] : (tensor<4x6xi32>, tensor<i32>) -> tensor<i32>
    %c_16 = stablehlo.constant dense<2147483647> : tensor<i32>
    %29 = stablehlo.reduce(%arg3 init: %c_16) applies stablehlo.minimum across dimensions = [1] : (tensor<4x6xi32>, tensor<i32>) -> tensor<4xi32>
    %30 = call @norm(%arg1) : (tensor<4x6xf32>) -> tensor<4xf32>
    return %0, %1, %2, %3, %4, %7, %8, %9, %23, %24, %25, %26, %27, %28, %29, %30 : tensor<f32>, tensor<6xf32>, tensor<4x5xf32>, tensor<4x6xf32>, tensor<6xf32>, tensor<4x5xf32>, tensor<4x6xf32>, tensor<f32>, tensor<4x6xf32>, tensor<4xi1>, tensor<6xi1>, tensor<i1>, tensor<6xi32>, tensor<i32>, tensor<4xi32>, tensor<4xf32>
  }
  func.func private @_var(%arg0: tensor<4x6x5xf32>, %arg1: tensor<i32>) -> tensor<4x6xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [2] : (tensor<4x6x5xf32>, tensor<f32>) -> tensor<4x6xf32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [0, 1] : (tensor<4x6xf32>) -> tensor<4x6x1xf32>
    %cst_0 = stablehlo.constant dense<5.000000e+00> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<4x6x1xf32>
    %3 = stablehlo.divide %1, %2 : tensor<4x6x1xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1, 2] : (tensor<4x6x1xf32>) -> tensor<4x6x5xf32>
    %5 = stablehlo.subtract %arg0, %4 : tensor<4x6x5xf32>
    %6 = chlo.square %5 : tensor<4x6x5xf32> -> tensor<4x6x5xf32>
    %7 = stablehlo.convert %arg1 : (tensor<i32>) -> tensor<f32>
    %cst_1 = stablehlo.constant dense<5.000000e+00> : tensor<f32>
    %8 = stablehlo.subtract %cst_1, %7 : tensor<f32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %9 = stablehlo.reduce(%6 init: %cst_2) applies stablehlo.add across dimensions = [2] : (tensor<4x6x5xf32>, tensor<f32>) -> tensor<4x6xf32>
    %10 = stablehlo.broadcast_in_dim %8, dims = [] : (tensor<f32>) -> tensor<4x6xf32>
    %11 = stablehlo.divide %9, %10 : tensor<4x6xf32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %12 = stablehlo.compare GT, %8, %cst_3, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %cst_4 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %13 = call @_where(%12, %11, %cst_4) : (tensor<i1>, tensor<4x6xf32>, tensor<f32>) -> tensor<4x6xf32>
    return %13 : tensor<4x6xf32>
  }
  func.func private @_where(%arg0: tensor<i1>, %arg1: tensor<4x6xf32>, %arg2: tensor<f32>) -> tensor<4x6xf32> {
    %0 = stablehlo.convert %arg2 : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<4x6xf32>
    %2 = stablehlo.select %arg0, %arg1, %1 : tensor<i1>, tensor<4x6xf32>
    return %2 : tensor<4x6xf32>
  }
  func.func private @_std(%arg0: tensor<4x6x5xf32>, %arg1: tensor<i32>) -> tensor<f32> {
    %0 = call @_var_0(%arg0, %arg1) : (tensor<4x6x5xf32>, tensor<i32>) -> tensor<f32>
    %1 = stablehlo.sqrt %0 : tensor<f32>
    return %1 : tensor<f32>
  }
  func.func private @_var_0(%arg0: tensor<4x6x5xf32>, %arg1: tensor<i32>) -> tensor<f32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<4x6x5xf32>, tensor<f32>) -> tensor<f32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<1x1x1xf32>
    %cst_0 = stablehlo.constant dense<1.200000e+02> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<1x1x1xf32>
    %3 = stablehlo.divide %1, %2 : tensor<1x1x1xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1, 2] : (tensor<1x1x1xf32>) -> tensor<4x6x5xf32>
    %5 = stablehlo.subtract %arg0, %4 : tensor<4x6x5xf32>
    %6 = chlo.square %5 : tensor<4x6x5xf32> -> tensor<4x6x5xf32>
    %7 = stablehlo.convert %arg1 : (tensor<i32>) -> tensor<f32>
    %cst_1 = stablehlo.constant dense<1.200000e+02> : tensor<f32>
    %8 = stablehlo.subtract %cst_1, %7 : tensor<f32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %9 = stablehlo.reduce(%6 init: %cst_2) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<4x6x5xf32>, tensor<f32>) -> tensor<f32>
    %10 = stablehlo.divide %9, %8 : tensor<f32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %11 = stablehlo.compare GT, %8, %cst_3, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %cst_4 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %12 = call @_where_1(%11, %10, %cst_4) : (tensor<i1>, tensor<f32>, tensor<f32>) -> tensor<f32>
    return %12 : tensor<f32>
  }
  func.func private @_where_1(%arg0: tensor<i1>, %arg1: tensor<f32>, %arg2: tensor<f32>) -> tensor<f32> {
    %0 = stablehlo.convert %arg2 : tensor<f32>
    %1 = stablehlo.select %arg0, %arg1, %0 : tensor<i1>, tensor<f32>
    return %1 : tensor<f32>
  }
  func.func private @norm(%arg0: tensor<4x6xf32>) -> tensor<4xf32> {
    %0 = stablehlo.multiply %arg0, %arg0 : tensor<4x6xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.reduce(%0 init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<4x6xf32>, tensor<f32>) -> tensor<4xf32>
    %2 = stablehlo.sqrt %1 : tensor<4xf32>
    return %2 : tensor<4xf32>
  }
}
