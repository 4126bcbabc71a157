module @jit_x64_ops attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<8xi64>, %arg1: tensor<8xi64>, %arg2: tensor<8xf64>, %arg3: tensor<8xui64>) -> (tensor<8xi64> {jax.result_info = "result[0]"}, tensor<8xf64> {jax.result_info = "result[1]"}, tensor<8xf64> {jax.result_info = "result[2]"}, tensor<8xui64> {jax.result_info = "result[3]"}, tensor<f64> {jax.result_info = "result[4]"}, tensor<i64> {jax.result_info = "result[5]"}) {
    %0 = call @floor_divide(%arg0, %arg1) : (tensor<8xi64>, tensor<8xi64>) -> tensor<8xi64>
    %1 = call @remainder(%arg0, %arg1) : (tensor<8xi64>, tensor<8xi64>) -> tensor<8xi64>
    %c = stablehlo.constant dense<3> : tensor<i64>
    %2 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i64>) -> tensor<8xi64>
    %3 = stablehlo.multiply %1, %2 : tensor<8xi64>
    %4 = stablehlo.add %0, %3 : tensor<8xi64>
    %c_0 = stablehlo.constant dense<5> : tensor<i64>
    %5 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i64>) -> tensor<8xi64>
    %6 = stablehlo.shift_left %arg0, %5 : tensor<8xi64>
    %7 = stablehlo.add %4, %6 : tensor<8xi64>
    %c_1 = stablehlo.constant dense<7> : tensor<i64>
    %8 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i64>) -> tensor<8xi64>
    %9 = stablehlo.shift_right_arithmetic %arg0, %8 : tensor<8xi64>
    %10 = stablehlo.add %7, %9 : tensor<8xi64>
    %11 = stablehlo.xor %arg0, %arg1 : tensor<8xi64>
    %12 = stablehlo.add %10, %11 : tensor<8xi64>
    %13 = stablehlo.exponential %arg2 : tensor<8xf64>
    %cst = stablehlo.constant dense<1.000000e-300> : tensor<f64>
    %14 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f64>) -> tensor<8xf64>
    %15 = stablehlo.multiply %13, %14 : tensor<8xf64>
    %cst_2 = stablehlo.constant dense<3.000000e+00> : tensor<f64>
    %16 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f64>) -> tensor<8xf64>
    %17 = stablehlo.divide %15, %16 : tensor<8xf64>
    %18 = stablehlo.abs %arg2 : tensor<8xf64>
    %19 = stablehlo.sqrt %18 : tensor<8xf64>
    %20 = stablehlo.add %17, %19 : tensor<8xf64>
    %21 = stablehlo.convert %arg0 : (tensor<8xi64>) -> tensor<8xf64>
    %22 = stablehlo.multiply %21, %arg2 : tensor<8xf64>
    %cst_3 = stablehlo.constant dense<1.000000e+12> : tensor<f64>
    %23 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f64>) -> tensor<8xf64>
    %24 = stablehlo.multiply %arg2, %23 : tensor<8xf64>
    %25 = stablehlo.convert %24 : (tensor<8xf64>) -> tensor<8xi64>
    %26 = stablehlo.convert %25 : (tensor<8xi64>) -> tensor<8xf64>
    %27 = stablehlo.add %22, %26 : tensor<8xf64>
    %c_4 = stablehlo.constant dense<3> : tensor<ui64>
    %28 = stablehlo.broadcast_in_dim %c_4, dims = [] : (tensor<ui64>) -> tensor<8xui64>
    %29 = stablehlo.shift_right_logical %arg3, %28 : tensor<8xui64>
    %c_5 = stablehlo.constant dense<7> : tensor<ui64>
    %30 = stablehlo.broadcast_in_dim %c_5, dims = [] : (tensor<ui64>) -> tensor<8xui64>
    %31 = stablehlo.multiply %29, %30 : tensor<8xui64>
    %c_6 = stablehlo.constant dense<1000> : tensor<ui64>
    %32 = call @floor_divide_0(%arg3, %c_6) : (tensor<8xui64>, tensor<ui64>) -> tensor<8xui64>
    %33 = stablehlo.add %31, %32 : tensor<8xui64>
    %cst_7 = stablehlo.constant dense<0.000000e+00> : tensor<f64>
    %34 = stablehlo.reduce(%arg2 init: %cst_7) applies stablehlo.add across dimensions = [0] : (tensor<8xf64>, tensor<f64>) -> tensor<f64>
    %c_8 = stablehlo.constant dense<0> : tensor<i64>
    %35 = stablehlo.reduce(%arg0 init: %c_8) applies stablehlo.add across dimensions = [0] : (tensor<8xi64>, tensor<i64>) -> tensor<i64>
    return %12, %20, %27, %33, %34, %35 : tensor<8xi64>, tensor<8xf64>, tensor<8xf64>, tensor<8xui64>, tensor<f64>, tensor<i64>
  }
  func.func private @floor_divide(%arg0: tensor<8xi64>, %arg1: tensor<8xi64>) -> tensor<8xi64> {
    %0 = stablehlo.divide %arg0, %arg1 : tensor<8xi64>
    %1 = stablehlo.sign %arg0 : tensor<8xi64>
    %2 = stablehlo.sign %arg1 : tensor<8xi64>
    %3 = stablehlo.compare NE, %1, %2, SIGNED : (tensor<8xi64>, tensor<8xi64>) -> tensor<8xi1>
    %4 = stablehlo.remainder %arg0, %arg1 : tensor<8xi64>
    %c = stablehlo.constant dense<0> : tensor<i64>
    %5 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i64>) -> tensor<8xi64>
    %6 = stablehlo.compare NE, %4, %5, SIGNED : (tensor<8xi64>, tensor<8xi64>) -> tensor<8xi1>
    %7 = stablehlo.and %3, %6 : tensor<8xi1>
    %c_0 = stablehlo.constant dense<1> : tensor<i64>
    %8 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i64>) -> tensor<8xi64>
    %9 = stablehlo.subtract %0, %8 : tensor<8xi64>
    %10 = call @_where(%7, %9, %0) : (tensor<8xi1>, tensor<8xi64>, tensor<8xi64>) -> tensor<8xi64>
    return %10 : tensor<8xi64>
  }
  func.func private @_where(%arg0: tensor<8xi1>, %arg1: tensor<8xi64>, %arg2: tensor<8xi64>) -> tensor<8xi64> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<8xi1>, tensor<8xi64>
    return %0 : tensor<8xi64>
  }
  func.func private @remainder(%arg0: tensor<8xi64>, %arg1: tensor<8xi64>) -> tensor<8xi64> {
    %c = stablehlo.constant dense<0> : tensor<i64>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i64>) -> tensor<8xi64>
    %1 = stablehlo.compare EQ, %arg1, %0, SIGNED : (tensor<8xi64>, tensor<8xi64>) -> tensor<8xi1>
    %c_0 = stablehlo.constant dense<1> : tensor<i64>
    %2 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i64>) -> tensor<8xi64>
    %3 = call @_where(%1, %2, %arg1) : (tensor<8xi1>, tensor<8xi64>, tensor<8xi64>) -> tensor<8xi64>
    %4 = stablehlo.remainder %arg0, %3 : tensor<8xi64>
    %c_1 = stablehlo.constant dense<0> : tensor<i64>
    %5 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i64>) -> tensor<8xi64>
    %6 = stablehlo.compare NE, %4, %5, SIGNED : (tensor<8xi64>, tensor<8xi64>) -> tensor<8xi1>
    %c_2 = stablehlo.constant dense<0> : tensor<i64>
    %7 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i64>) -> tensor<8xi64>
    %8 = stablehlo.compare LT, %4, %7, SIGNED : (tensor<8xi64>, tensor<8xi64>) -> tensor<8xi1>
    %c_3 = stablehlo.constant dense<0> : tensor<i64>
    %9 = stablehlo.broadcast_in_dim %c_3, dims = [] : (tensor<i64>) -> tensor<8xi64>
    %10 = stablehlo.compare LT, %3, %9, SIGNED : (tensor<8xi64>, tensor<8xi64>) -> tensor<8xi1>
    %11 = stablehlo.compare NE, %8, %10, UNSIGNED : (tensor<8xi1>, tensor<8xi1>) -> tensor<8xi1>
    %12 = stablehlo.and %11, %6 : tensor<8xi1>
    %13 = stablehlo.add %4, %3 : tensor<8xi64>
    %14 = stablehlo.select %12, %13, %4 : tensor<8xi1>, tensor<8xi64>
    return %14 : tensor<8xi64>
  }
  func.func private @floor_divide_0(%arg0: tensor<8xui64>, %arg1: tensor<ui64>) -> tensor<8xui64> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<ui64>) -> tensor<8xui64>
    %1 = stablehlo.divide %arg0, %0 : tensor<8xui64>
    return %1 : tensor<8xui64>
  }
}
