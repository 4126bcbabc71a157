module @jit_fori attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<6x6xf32>, %arg1: tensor<6xf32>, %arg2: tensor<i32>) -> (tensor<6xf32> {jax.result_info = "result[0]"}, tensor<6xf32> {jax.result_info = "result[1]"}, tensor<i32> {jax.result_info = "result[2]"}) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<6xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %1:6 = stablehlo.while(%iterArg = %arg0, %iterArg_1 = %c_0, %iterArg_2 = %c, %iterArg_3 = %arg1, %iterArg_4 = %0, %iterArg_5 = %arg2) : tensor<6x6xf32>, tensor<i32>, tensor<i32>, tensor<6xf32>, tensor<6xf32>, tensor<i32>
    cond {
      %c_6 = stablehlo.constant dense<12> : tensor<i32>
      %2 = stablehlo.compare LT, %iterArg_1, %c_6, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %2 : tensor<i1>
    } do {
      %c_6 = stablehlo.constant dense<1> : tensor<i32>
      %2 = stablehlo.add %iterArg_2, %c_6 : tensor<i32>
      %3 = stablehlo.dot_general %iterArg, %iterArg_3, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<6x6xf32>, tensor<6xf32>) -> tensor<6xf32>
      %4 = stablehlo.sine %3 : tensor<6xf32>
      %5 = stablehlo.convert %iterArg_2 : (tensor<i32>) -> tensor<f32>
      %cst_7 = stablehlo.constant dense<0.00999999977> : tensor<f32>
      %6 = stablehlo.multiply %5, %cst_7 : tensor<f32>
      %7 = stablehlo.broadcast_in_dim %6, dims = [] : (tensor<f32>) -> tensor<6xf32>
      %8 = stablehlo.add %4, %7 : tensor<6xf32>
      %9 = stablehlo.add %iterArg_4, %8 : tensor<6xf32>
      %c_8 = stablehlo.constant dense<3> : tensor<i32>
      %10 = stablehlo.multiply %iterArg_5, %c_8 : tensor<i32>
      %11 = stablehlo.convert %iterArg_2 : tensor<i32>
      %12 = stablehlo.add %10, %11 : tensor<i32>
      %c_9 = stablehlo.constant dense<1> : tensor<i32>
      %13 = stablehlo.add %iterArg_1, %c_9 : tensor<i32>
      stablehlo.return %iterArg, %13, %2, %8, %9, %12 : tensor<6x6xf32>, tensor<i32>, tensor<i32>, tensor<6xf32>, tensor<6xf32>, tensor<i32>
    }
    return %1#3, %1#4, %1#5 : tensor<6xf32>, tensor<6xf32>, tensor<i32>
  }
}
