module @jit_integer_ops attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<16xi32>, %arg1: tensor<16xi32>, %arg2: tensor<16xi32>, %arg3: tensor<16xi32>, %arg4: tensor<16xui8>, %arg5: tensor<16xui8>) -> (tensor<16xi32> {jax.result_info = "result[0]"}, tensor<16xi32> {jax.result_info = "result[1]"}, tensor<16xi32> {jax.result_info = "result[2]"}, tensor<16xi32> {jax.result_info = "result[3]"}, tensor<16xi32> {jax.result_info = "result[4]"}, tensor<16xi32> {jax.result_info = "result[5]"}, tensor<16xi32> {jax.result_info = "result[6]"}, tensor<16xi32> {jax.result_info = "result[7]"}, tensor<16xi32> {jax.result_info = "result[8]"}, tensor<16xi32> {jax.result_info = "result[9]"}, tensor<16xi32> {jax.result_info = "result[10]"}, tensor<16xi32> {jax.result_info = "result[11]"}, tensor<16xi32> {jax.result_info = "result[12]"}, tensor<16xi32> {jax.result_info = "result[13]"}, tensor<16xui8> {jax.result_info = "result[14]"}, tensor<16xui8> {jax.result_info = "result[15]"}, tensor<16xui8> {jax.result_info = "result[16]"}, tensor<16xui8> {jax.result_info = "result[17]"}, tensor<16xui8> {jax.result_info = "result[18]"}, tensor<16xi32> {jax.result_info = "result[19]"}) {
    %0 = call @floor_divide(%arg0, %arg1) : (tensor<16xi32>, tensor<16xi32>) -> tensor<16xi32>
    %1 = call @remainder(%arg0, %arg1) : (tensor<16xi32>, tensor<16xi32>) -> tensor<16xi32>
    %2 = stablehlo.divide %arg0, %arg1 : tensor<16xi32>
    %3 = stablehlo.remainder %arg0, %arg1 : tensor<16xi32>
    %4 = stablehlo.and %arg0, %arg1 : tensor<16xi32>
    %5 = stablehlo.not %arg1 : tensor<16xi32>
    %6 = stablehlo.xor %arg0, %5 : tensor<16xi32>
    %7 = stablehlo.or %4, %6 : tensor<16xi32>
    %8 = stablehlo.shift_left %arg0, %arg2 : tensor<16xi32>
    %9 = stablehlo.shift_right_arithmetic %arg0, %arg2 : tensor<16xi32>
    %10 = stablehlo.shift_right_logical %arg0, %arg2 : tensor<16xi32>
    %11 = stablehlo.shift_left %arg0, %arg3 : tensor<16xi32>
    %12 = stablehlo.shift_right_arithmetic %arg0, %arg3 : tensor<16xi32>
    %13 = stablehlo.shift_right_logical %arg0, %arg3 : tensor<16xi32>
    %14 = stablehlo.compare GT, %arg0, %arg1, SIGNED : (tensor<16xi32>, tensor<16xi32>) -> tensor<16xi1>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %15 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<16xi32>
    %16 = stablehlo.compare NE, %arg0, %15, SIGNED : (tensor<16xi32>, tensor<16xi32>) -> tensor<16xi1>
    %17 = stablehlo.and %14, %16 : tensor<16xi1>
    %c_0 = stablehlo.constant dense<-20> : tensor<i32>
    %18 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<16xi32>
    %19 = stablehlo.compare LE, %arg1, %18, SIGNED : (tensor<16xi32>, tensor<16xi32>) -> tensor<16xi1>
    %20 = stablehlo.or %17, %19 : tensor<16xi1>
    %21 = stablehlo.multiply %arg0, %arg1 : tensor<16xi32>
    %22 = stablehlo.subtract %arg0, %arg1 : tensor<16xi32>
    %23 = call @_where(%20, %21, %22) : (tensor<16xi1>, tensor<16xi32>, tensor<16xi32>) -> tensor<16xi32>
    %24 = stablehlo.maximum %arg0, %arg1 : tensor<16xi32>
    %25 = stablehlo.minimum %arg0, %arg1 : tensor<16xi32>
    %26 = stablehlo.add %24, %25 : tensor<16xi32>
    %27 = stablehlo.abs %arg0 : tensor<16xi32>
    %28 = stablehlo.add %26, %27 : tensor<16xi32>
    %29 = stablehlo.sign %arg1 : tensor<16xi32>
    %30 = stablehlo.add %28, %29 : tensor<16xi32>
    %31 = stablehlo.popcnt %arg0 : tensor<16xi32>
    %32 = stablehlo.count_leading_zeros %arg0 : tensor<16xi32>
    %33 = stablehlo.add %31, %32 : tensor<16xi32>
    %34 = stablehlo.add %arg4, %arg5 : tensor<16xui8>
    %35 = stablehlo.multiply %arg4, %arg5 : tensor<16xui8>
    %36 = call @floor_divide_0(%arg4, %arg5) : (tensor<16xui8>, tensor<16xui8>) -> tensor<16xui8>
    %37 = call @remainder_1(%arg4, %arg5) : (tensor<16xui8>, tensor<16xui8>) -> tensor<16xui8>
    %38 = stablehlo.and %arg4, %arg5 : tensor<16xui8>
    %39 = stablehlo.not %arg5 : tensor<16xui8>
    %40 = stablehlo.or %arg4, %39 : tensor<16xui8>
    %41 = stablehlo.xor %38, %40 : tensor<16xui8>
    %c_1 = stablehlo.constant dense<3> : tensor<ui8>
    %42 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<ui8>) -> tensor<16xui8>
    %43 = stablehlo.shift_right_logical %arg4, %42 : tensor<16xui8>
    %44 = stablehlo.xor %41, %43 : tensor<16xui8>
    %c_2 = stablehlo.constant dense<2> : tensor<ui8>
    %45 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<ui8>) -> tensor<16xui8>
    %46 = stablehlo.shift_left %arg5, %45 : tensor<16xui8>
    %47 = stablehlo.xor %44, %46 : tensor<16xui8>
    %48 = stablehlo.compare GE, %arg4, %arg5, UNSIGNED : (tensor<16xui8>, tensor<16xui8>) -> tensor<16xi1>
    %49 = stablehlo.convert %48 : (tensor<16xi1>) -> tensor<16xi32>
    return %0, %1, %2, %3, %7, %8, %9, %10, %11, %12, %13, %23, %30, %33, %34, %35, %36, %37, %47, %49 : tensor<16xi32>, tensor<16xi32>, tensor<16xi32>, tensor<16xi32>, tensor<16xi32>, tensor<16xi32>, tensor<16xi32>, tensor<16xi32>, tensor<16xi32>, tensor<16xi32>, tensor<16xi32>, tensor<16xi32>, tensor<16xi32>, tensor<16xi32>, tensor<16xui8>, tensor<16xui8>, tensor<16xui8>, tensor<16xui8>, tensor<16xui8>, tensor<16xi32>
  }
  func.func private @floor_divide(%arg0: tensor<16xi32>, %arg1: tensor<16xi32>) -> tensor<16xi32> {
    %0 = stablehlo.divide %arg0, %arg1 : tensor<16xi32>
    %1 = stablehlo.sign %arg0 : tensor<16xi32>
    %2 = stablehlo.sign %arg1 : tensor<16xi32>
    %3 = stablehlo.compare NE, %1, %2, SIGNED : (tensor<16xi32>, tensor<16xi32>) -> tensor<16xi1>
    %4 = stablehlo.remainder %arg0, %arg1 : tensor<16xi32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %5 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<16xi32>
    %6 = stablehlo.compare NE, %4, %5, SIGNED : (tensor<16xi32>, tensor<16xi32>) -> tensor<16xi1>
    %7 = stablehlo.and %3, %6 : tensor<16xi1>
    %c_0 = stablehlo.constant dense<1> : tensor<i32>
    %8 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<16xi32>
    %9 = stablehlo.subtract %0, %8 : tensor<16xi32>
    %10 = call @_where(%7, %9, %0) : (tensor<16xi1>, tensor<16xi32>, tensor<16xi32>) -> tensor<16xi32>
    return %10 : tensor<16xi32>
  }
  func.func private @_where(%arg0: tensor<16xi1>, %arg1: tensor<16xi32>, %arg2: tensor<16xi32>) -> tensor<16xi32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<16xi1>, tensor<16xi32>
    return %0 : tensor<16xi32>
  }
  func.func private @remainder(%arg0: tensor<16xi32>, %arg1: tensor<16xi32>) -> tensor<16xi32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<16xi32>
    %1 = stablehlo.compare EQ, %arg1, %0, SIGNED : (tensor<16xi32>, tensor<16xi32>) -> tensor<16xi1>
    %c_0 = stablehlo.constant dense<1> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<16xi32>
    %3 = call @_where(%1, %2, %arg1) : (tensor<16xi1>, tensor<16xi32>, tensor<16xi32>) -> tensor<16xi32>
    %4 = stablehlo.remainder %arg0, %3 : tensor<16xi32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %5 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i32>) -> tensor<16xi32>
    %6 = stablehlo.compare NE, %4, %5, SIGNED : (tensor<16xi32>, tensor<16xi32>) -> tensor<16xi1>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %7 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<16xi32>
    %8 = stablehlo.compare LT, %4, %7, SIGNED : (tensor<16xi32>, tensor<16xi32>) -> tensor<16xi1>
    %c_3 = stablehlo.constant dense<0> : tensor<i32>
    %9 = stablehlo.broadcast_in_dim %c_3, dims = [] : (tensor<i32>) -> tensor<16xi32>
    %10 = stablehlo.compare LT, %3, %9, SIGNED : (tensor<16xi32>, tensor<16xi32>) -> tensor<16xi1>
    %11 = stablehlo.compare NE, %8, %10, UNSIGNED : (tensor<16xi1>, tensor<16xi1>) -> tensor<16xi1>
    %12 = stablehlo.and %11, %6 : tensor<16xi1>
    %13 = stablehlo.add %4, %3 : tensor<16xi32>
    %14 = stablehlo.select %12, %13, %4 : tensor<16xi1>, tensor<16xi32>
    return %14 : tensor<16xi32>
  }
  func.func private @floor_divide_0(%arg0: tensor<16xui8>, %arg1: tensor<16xui8>) -> tensor<16xui8> {
    %0 = stablehlo.divide %arg0, %arg1 : tensor<16xui8>
    return %0 : tensor<16xui8>
  }
  func.func private @remainder_1(%arg0: tensor<16xui8>, %arg1: tensor<16xui8>) -> tensor<16xui8> {
    %c = stablehlo.constant dense<0> : tensor<ui8>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<ui8>) -> tensor<16xui8>
    %1 = stablehlo.compare EQ, %arg1, %0, UNSIGNED : (tensor<16xui8>, tensor<16xui8>) -> tensor<16xi1>
    %c_0 = stablehlo.constant dense<1> : tensor<ui8>
    %2 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<ui8>) -> tensor<16xui8>
    %3 = call @_where_2(%1, %2, %arg1) : (tensor<16xi1>, tensor<16xui8>, tensor<16xui8>) -> tensor<16xui8>
    %4 = stablehlo.remainder %arg0, %3 : tensor<16xui8>
    %c_1 = stablehlo.constant dense<0> : tensor<ui8>
    %5 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<ui8>) -> tensor<16xui8>
    %6 = stablehlo.compare NE, %4, %5, UNSIGNED : (tensor<16xui8>, tensor<16xui8>) -> tensor<16xi1>
    %c_2 = stablehlo.constant dense<0> : tensor<ui8>
    %7 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<ui8>) -> tensor<16xui8>
    %8 = stablehlo.compare LT, %4, %7, UNSIGNED : (tensor<16xui8>, tensor<16xui8>) -> tensor<16xi1>
    %c_3 = stablehlo.constant dense<0> : tensor<ui8>
    %9 = stablehlo.broadcast_in_dim %c_3, dims = [] : (tensor<ui8>) -> tensor<16xui8>
    %10 = stablehlo.compare LT, %3, %9, UNSIGNED : (tensor<16xui8>, tensor<16xui8>) -> tensor<16xi1>
    %11 = stablehlo.compare NE, %8, %10, UNSIGNED : (tensor<16xi1>, tensor<16xi1>) -> tensor<16xi1>
    %12 = stablehlo.and %11, %6 : tensor<16xi1>
    %13 = stablehlo.add %4, %3 : tensor<16xui8>
    %14 = stablehlo.select %12, %13, %4 : tensor<16xi1>, tensor<16xui8>
    return %14 : tensor<16xui8>
  }
  func.func private @_where_2(%arg0: tensor<16xi1>, %arg1: tensor<16xui8>, %arg2: tensor<16xui8>) -> tensor<16xui8> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<16xi1>, tensor<16xui8>
    return %0 : tensor<16xui8>
  }
}
