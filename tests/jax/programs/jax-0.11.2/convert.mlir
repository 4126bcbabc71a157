module @jit_convert attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<12xf32>, %arg1: tensor<12xf32>, %arg2: tensor<12xf32>, %arg3: tensor<12xi8>, %arg4: tensor<12xui32>) -> (tensor<12xf16> {jax.result_info = "result[0]"}, tensor<12xbf16> {jax.result_info = "result[1]"}, tensor<12xf32> {jax.result_info = "result[2]"}, tensor<12xf32> {jax.result_info = "result[3]"}, tensor<12xi8> {jax.result_info = "result[4]"}, tensor<12xui32> {jax.result_info = "result[5]"}, tensor<12xi1> {jax.result_info = "result[6]"}, tensor<12xf32> {jax.result_info = "result[7]"}, tensor<12xf8E4M3FN> {jax.result_info = "result[8]"}, tensor<12xf8E5M2> {jax.result_info = "result[9]"}, tensor<12xf32> {jax.result_info = "result[10]"}, tensor<12xf32> {jax.result_info = "result[11]"}, tensor<12xf8E4M3FN> {jax.result_info = "result[12]"}, tensor<12xf32> {jax.result_info = "result[13]"}, tensor<12xui32> {jax.result_info = "result[14]"}, tensor<12xi1> {jax.result_info = "result[15]"}, tensor<12xf32> {jax.result_info = "result[16]"}, tensor<12xi8> {jax.result_info = "result[17]"}, tensor<12xf16> {jax.result_info = "result[18]"}, tensor<12xui32> {jax.result_info = "result[19]"}, tensor<12xf32> {jax.result_info = "result[20]"}) {
    %0 = stablehlo.convert %arg0 : (tensor<12xf32>) -> tensor<12xf16>
    %1 = stablehlo.convert %arg0 : (tensor<12xf32>) -> tensor<12xbf16>
    %2 = stablehlo.convert %arg0 : (tensor<12xf32>) -> tensor<12xf16>
    %3 = stablehlo.convert %2 : (tensor<12xf16>) -> tensor<12xf32>
    %4 = stablehlo.convert %arg0 : (tensor<12xf32>) -> tensor<12xbf16>
    %5 = stablehlo.convert %4 : (tensor<12xbf16>) -> tensor<12xf32>
    %6 = stablehlo.convert %arg1 : (tensor<12xf32>) -> tensor<12xi8>
    %7 = stablehlo.convert %arg2 : (tensor<12xf32>) -> tensor<12xui32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %8 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<12xf32>
    %9 = stablehlo.compare NE, %arg0, %8, FLOAT : (tensor<12xf32>, tensor<12xf32>) -> tensor<12xi1>
    %10 = stablehlo.convert %9 : tensor<12xi1>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %11 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<12xf32>
    %12 = stablehlo.compare GT, %arg0, %11, FLOAT : (tensor<12xf32>, tensor<12xf32>) -> tensor<12xi1>
    %13 = stablehlo.convert %12 : (tensor<12xi1>) -> tensor<12xf32>
    %14 = stablehlo.convert %arg0 : (tensor<12xf32>) -> tensor<12xf8E4M3FN>
    %15 = stablehlo.convert %arg0 : (tensor<12xf32>) -> tensor<12xf8E5M2>
    %16 = stablehlo.convert %arg0 : (tensor<12xf32>) -> tensor<12xf8E4M3FN>
    %17 = stablehlo.convert %16 : (tensor<12xf8E4M3FN>) -> tensor<12xf32>
    %18 = stablehlo.convert %arg0 : (tensor<12xf32>) -> tensor<12xf8E5M2>
    %19 = stablehlo.convert %18 : (tensor<12xf8E5M2>) -> tensor<12xf32>
    %20 = stablehlo.convert %arg0 : (tensor<12xf32>) -> tensor<12xbf16>
    %21 = stablehlo.convert %20 : (tensor<12xbf16>) -> tensor<12xf8E4M3FN>
    %22 = stablehlo.convert %arg3 : (tensor<12xi8>) -> tensor<12xf32>
    %23 = stablehlo.convert %arg3 : (tensor<12xi8>) -> tensor<12xui32>
    %c = stablehlo.constant dense<0> : tensor<i8>
    %24 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i8>) -> tensor<12xi8>
    %25 = stablehlo.compare NE, %arg3, %24, SIGNED : (tensor<12xi8>, tensor<12xi8>) -> tensor<12xi1>
    %26 = stablehlo.convert %25 : tensor<12xi1>
    %27 = stablehlo.convert %arg4 : (tensor<12xui32>) -> tensor<12xf32>
    %28 = stablehlo.convert %arg4 : (tensor<12xui32>) -> tensor<12xi8>
    %c_1 = stablehlo.constant dense<70000> : tensor<i32>
    %29 = call @remainder(%arg4, %c_1) : (tensor<12xui32>, tensor<i32>) -> tensor<12xui32>
    %30 = stablehlo.convert %29 : (tensor<12xui32>) -> tensor<12xf16>
    %31 = stablehlo.bitcast_convert %arg0 : (tensor<12xf32>) -> tensor<12xui32>
    %32 = stablehlo.bitcast_convert %arg4 : (tensor<12xui32>) -> tensor<12xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %33 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<12xf32>
    %34 = stablehlo.multiply %32, %33 : tensor<12xf32>
    %cst_3 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %35 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<12xf32>
    %36 = stablehlo.add %34, %35 : tensor<12xf32>
    return %0, %1, %3, %5, %6, %7, %10, %13, %14, %15, %17, %19, %21, %22, %23, %26, %27, %28, %30, %31, %36 : tensor<12xf16>, tensor<12xbf16>, tensor<12xf32>, tensor<12xf32>, tensor<12xi8>, tensor<12xui32>, tensor<12xi1>, tensor<12xf32>, tensor<12xf8E4M3FN>, tensor<12xf8E5M2>, tensor<12xf32>, tensor<12xf32>, tensor<12xf8E4M3FN>, tensor<12xf32>, tensor<12xui32>, tensor<12xi1>, tensor<12xf32>, tensor<12xi8>, tensor<12xf16>, tensor<12xui32>, tensor<12xf32>
  }
  func.func private @remainder(%arg0: tensor<12xui32>, %arg1: tensor<i32>) -> tensor<12xui32> {
    %0 = stablehlo.convert %arg1 : (tensor<i32>) -> tensor<ui32>
    %c = stablehlo.constant dense<0> : tensor<ui32>
    %1 = stablehlo.compare EQ, %0, %c, UNSIGNED : (tensor<ui32>, tensor<ui32>) -> tensor<i1>
    %c_0 = stablehlo.constant dense<1> : tensor<ui32>
    %2 = call @_where(%1, %c_0, %0) : (tensor<i1>, tensor<ui32>, tensor<ui32>) -> tensor<ui32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<ui32>) -> tensor<12xui32>
    %4 = stablehlo.remainder %arg0, %3 : tensor<12xui32>
    %c_1 = stablehlo.constant dense<0> : tensor<ui32>
    %5 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<ui32>) -> tensor<12xui32>
    %6 = stablehlo.compare NE, %4, %5, UNSIGNED : (tensor<12xui32>, tensor<12xui32>) -> tensor<12xi1>
    %c_2 = stablehlo.constant dense<0> : tensor<ui32>
    %7 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<ui32>) -> tensor<12xui32>
    %8 = stablehlo.compare LT, %4, %7, UNSIGNED : (tensor<12xui32>, tensor<12xui32>) -> tensor<12xi1>
    %c_3 = stablehlo.constant dense<0> : tensor<ui32>
    %9 = stablehlo.compare LT, %2, %c_3, UNSIGNED : (tensor<ui32>, tensor<ui32>) -> tensor<i1>
    %10 = stablehlo.broadcast_in_dim %9, dims = [] : (tensor<i1>) -> tensor<12xi1>
    %11 = stablehlo.compare NE, %8, %10, UNSIGNED : (tensor<12xi1>, tensor<12xi1>) -> tensor<12xi1>
    %12 = stablehlo.and %11, %6 : tensor<12xi1>
    %13 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<ui32>) -> tensor<12xui32>
    %14 = stablehlo.add %4, %13 : tensor<12xui32>
    %15 = stablehlo.select %12, %14, %4 : tensor<12xi1>, tensor<12xui32>
    return %15 : tensor<12xui32>
  }
  func.func private @_where(%arg0: tensor<i1>, %arg1: tensor<ui32>, %arg2: tensor<ui32>) -> tensor<ui32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<i1>, tensor<ui32>
    return %0 : tensor<ui32>
  }
}
