module @jit_control_flow attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<6xf32>, %arg1: tensor<6xf32>, %arg2: tensor<i32>, %arg3: tensor<i32>) -> (tensor<6xf32> {jax.result_info = "result[0]"}, tensor<6xf32> {jax.result_info = "result[1]"}, tensor<6xf32> {jax.result_info = "result[2]"}, tensor<6xf32> {jax.result_info = "result[3]"}) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [0] : (tensor<6xf32>, tensor<f32>) -> tensor<f32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.compare GT, %0, %cst_0, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %2 = stablehlo.convert %1 : (tensor<i1>) -> tensor<i32>
    %3 = "stablehlo.case"(%2) ({
      %12 = stablehlo.subtract %arg0, %arg1 : tensor<6xf32>
      stablehlo.return %12 : tensor<6xf32>
    }, {
      %12 = stablehlo.multiply %arg0, %arg1 : tensor<6xf32>
      stablehlo.return %12 : tensor<6xf32>
    }) : (tensor<i32>) -> tensor<6xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %4 = stablehlo.reduce(%arg0 init: %cst_1) applies stablehlo.add across dimensions = [0] : (tensor<6xf32>, tensor<f32>) -> tensor<f32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %5 = stablehlo.compare LE, %4, %cst_2, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %6 = stablehlo.convert %5 : (tensor<i1>) -> tensor<i32>
    %7 = "stablehlo.case"(%6) ({
      %12 = stablehlo.subtract %arg0, %arg1 : tensor<6xf32>
      stablehlo.return %12 : tensor<6xf32>
    }, {
      %12 = stablehlo.multiply %arg0, %arg1 : tensor<6xf32>
      stablehlo.return %12 : tensor<6xf32>
    }) : (tensor<i32>) -> tensor<6xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_3 = stablehlo.constant dense<2> : tensor<i32>
    %8 = stablehlo.clamp %c, %arg2, %c_3 : tensor<i32>
    %9 = "stablehlo.case"(%8) ({
      %12 = stablehlo.sine %arg0 : tensor<6xf32>
      stablehlo.return %12 : tensor<6xf32>
    }, {
      %12 = stablehlo.cosine %arg0 : tensor<6xf32>
      %cst_6 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
      %13 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<6xf32>
      %14 = stablehlo.multiply %12, %13 : tensor<6xf32>
      stablehlo.return %14 : tensor<6xf32>
    }, {
      %12 = stablehlo.exponential %arg0 : tensor<6xf32>
      %cst_6 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %13 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<6xf32>
      %14 = stablehlo.subtract %12, %13 : tensor<6xf32>
      stablehlo.return %14 : tensor<6xf32>
    }) : (tensor<i32>) -> tensor<6xf32>
    %c_4 = stablehlo.constant dense<0> : tensor<i32>
    %c_5 = stablehlo.constant dense<2> : tensor<i32>
    %10 = stablehlo.clamp %c_4, %arg3, %c_5 : tensor<i32>
    %11 = "stablehlo.case"(%10) ({
      %12 = stablehlo.sine %arg1 : tensor<6xf32>
      stablehlo.return %12 : tensor<6xf32>
    }, {
      %12 = stablehlo.cosine %arg1 : tensor<6xf32>
      %cst_6 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
      %13 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<6xf32>
      %14 = stablehlo.multiply %12, %13 : tensor<6xf32>
      stablehlo.return %14 : tensor<6xf32>
    }, {
      %12 = stablehlo.exponential %arg1 : tensor<6xf32>
      %cst_6 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %13 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<6xf32>
      %14 = stablehlo.subtract %12, %13 : tensor<6xf32>
      stablehlo.return %14 : tensor<6xf32>
    }) : (tensor<i32>) -> tensor<6xf32>
    return %3, %7, %9, %11 : tensor<6xf32>, tensor<6xf32>, tensor<6xf32>, tensor<6xf32>
  }
}
