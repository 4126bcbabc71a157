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
      %2:4 = func.call @closed_call(%iterArg, %iterArg_2, %iterArg_3, %iterArg_4, %iterArg_5) : (tensor<6x6xf32>, tensor<i32>, tensor<6xf32>, tensor<6xf32>, tensor<i32>) -> (tensor<i32>, tensor<6xf32>, tensor<6xf32>, tensor<i32>)
      %c_6 = stablehlo.constant dense<1> : tensor<i32>
      %3 = stablehlo.add %iterArg_1, %c_6 : tensor<i32>
      stablehlo.return %iterArg, %3, %2#0, %2#1, %2#2, %2#3 : tensor<6x6xf32>, tensor<i32>, tensor<i32>, tensor<6xf32>, tensor<6xf32>, tensor<i32>
    }
    return %1#3, %1#4, %1#5 : tensor<6xf32>, tensor<6xf32>, tensor<i32>
  }
  func.func private @closed_call(%arg0: tensor<6x6xf32>, %arg1: tensor<i32>, %arg2: tensor<6xf32>, %arg3: tensor<6xf32>, %arg4: tensor<i32>) -> (tensor<i32>, tensor<6xf32>, tensor<6xf32>, tensor<i32>) {
    %c = stablehlo.constant dense<1> : tensor<i32>
    %0 = stablehlo.add %arg1, %c : tensor<i32>
    %1 = stablehlo.dot_general %arg0, %arg2, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<6x6xf32>, tensor<6xf32>) -> tensor<6xf32>
    %2 = stablehlo.sine %1 : tensor<6xf32>
    %3 = stablehlo.convert %arg1 : (tensor<i32>) -> tensor<f32>
    %cst = stablehlo.constant dense<0.00999999977> : tensor<f32>
    %4 = stablehlo.multiply %3, %cst : tensor<f32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [] : (tensor<f32>) -> tensor<6xf32>
    %6 = stablehlo.add %2, %5 : tensor<6xf32>
    %7 = stablehlo.add %arg3, %6 : tensor<6xf32>
    %c_0 = stablehlo.constant dense<3> : tensor<i32>
    %8 = stablehlo.multiply %arg4, %c_0 : tensor<i32>
    %9 = stablehlo.convert %arg1 : tensor<i32>
    %10 = stablehlo.add %8, %9 : tensor<i32>
    return %0, %6, %7, %10 : tensor<i32>, tensor<6xf32>, tensor<6xf32>, tensor<i32>
  }
}
