module @jit_complex_fn attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<10xcomplex<f32>>, %arg1: tensor<10xcomplex<f32>>, %arg2: tensor<10xf32>, %arg3: tensor<3x4xcomplex<f32>>, %arg4: tensor<4x2xcomplex<f32>>) -> (tensor<10xcomplex<f32>> {jax.result_info = "result[0]"}, tensor<10xf32> {jax.result_info = "result[1]"}, tensor<10xf32> {jax.result_info = "result[2]"}, tensor<10xcomplex<f32>> {jax.result_info = "result[3]"}, tensor<10xf32> {jax.result_info = "result[4]"}, tensor<10xf32> {jax.result_info = "result[5]"}, tensor<10xcomplex<f32>> {jax.result_info = "result[6]"}, tensor<10xcomplex<f32>> {jax.result_info = "result[7]"}, tensor<10xcomplex<f32>> {jax.result_info = "result[8]"}, tensor<10xcomplex<f32>> {jax.result_info = "result[9]"}, tensor<3x2xcomplex<f32>> {jax.result_info = "result[10]"}, tensor<complex<f32>> {jax.result_info = "result[11]"}) {
    %0 = stablehlo.multiply %arg0, %arg1 : tensor<10xcomplex<f32>>
    %1 = stablehlo.divide %arg0, %arg1 : tensor<10xcomplex<f32>>
    %2 = stablehlo.add %0, %1 : tensor<10xcomplex<f32>>
    %3 = stablehlo.convert %arg2 : (tensor<10xf32>) -> tensor<10xcomplex<f32>>
    %4 = stablehlo.multiply %3, %arg0 : tensor<10xcomplex<f32>>
    %5 = stablehlo.subtract %2, %4 : tensor<10xcomplex<f32>>
    %6 = stablehlo.abs %arg0 : (tensor<10xcomplex<f32>>) -> tensor<10xf32>
    %7 = call @angle(%arg0) : (tensor<10xcomplex<f32>>) -> tensor<10xf32>
    %8 = stablehlo.real %arg0 : (tensor<10xcomplex<f32>>) -> tensor<10xf32>
    %9 = stablehlo.imag %arg0 : (tensor<10xcomplex<f32>>) -> tensor<10xf32>
    %10 = stablehlo.negate %9 : tensor<10xf32>
    %11 = stablehlo.complex %8, %10 : tensor<10xcomplex<f32>>
    %12 = stablehlo.real %arg0 : (tensor<10xcomplex<f32>>) -> tensor<10xf32>
    %13 = stablehlo.imag %arg1 : (tensor<10xcomplex<f32>>) -> tensor<10xf32>
    %cst = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %14 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<10xf32>
    %15 = stablehlo.multiply %arg2, %14 : tensor<10xf32>
    %16 = stablehlo.complex %arg2, %15 : tensor<10xcomplex<f32>>
    %17 = stablehlo.exponential %arg0 : tensor<10xcomplex<f32>>
    %18 = stablehlo.log %arg1 : tensor<10xcomplex<f32>>
    %19 = stablehlo.sqrt %arg0 : tensor<10xcomplex<f32>>
    %20 = stablehlo.dot_general %arg3, %arg4, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<3x4xcomplex<f32>>, tensor<4x2xcomplex<f32>>) -> tensor<3x2xcomplex<f32>>
    %21 = stablehlo.multiply %arg0, %arg1 : tensor<10xcomplex<f32>>
    %cst_0 = stablehlo.constant dense<(0.000000e+00,0.000000e+00)> : tensor<complex<f32>>
    %22 = stablehlo.reduce(%21 init: %cst_0) applies stablehlo.add across dimensions = [0] : (tensor<10xcomplex<f32>>, tensor<complex<f32>>) -> tensor<complex<f32>>
    return %5, %6, %7, %11, %12, %13, %16, %17, %18, %19, %20, %22 : tensor<10xcomplex<f32>>, tensor<10xf32>, tensor<10xf32>, tensor<10xcomplex<f32>>, tensor<10xf32>, tensor<10xf32>, tensor<10xcomplex<f32>>, tensor<10xcomplex<f32>>, tensor<10xcomplex<f32>>, tensor<10xcomplex<f32>>, tensor<3x2xcomplex<f32>>, tensor<complex<f32>>
  }
  func.func private @angle(%arg0: tensor<10xcomplex<f32>>) -> tensor<10xf32> {
    %0 = stablehlo.real %arg0 : (tensor<10xcomplex<f32>>) -> tensor<10xf32>
    %1 = stablehlo.imag %arg0 : (tensor<10xcomplex<f32>>) -> tensor<10xf32>
    %2 = stablehlo.atan2 %1, %0 : tensor<10xf32>
    return %2 : tensor<10xf32>
  }
}
