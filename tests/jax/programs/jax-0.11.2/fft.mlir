module @jit_fft attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3x16xcomplex<f32>>, %arg1: tensor<3x16xf32>, %arg2: tensor<4x8xf32>) -> (tensor<3x16xcomplex<f32>> {jax.result_info = "result[0]"}, tensor<3x16xcomplex<f32>> {jax.result_info = "result[1]"}, tensor<3x9xcomplex<f32>> {jax.result_info = "result[2]"}, tensor<3x16xf32> {jax.result_info = "result[3]"}, tensor<4x8xcomplex<f32>> {jax.result_info = "result[4]"}) {
    %0 = call @fft(%arg0) : (tensor<3x16xcomplex<f32>>) -> tensor<3x16xcomplex<f32>>
    %1 = call @fft_0(%arg0) : (tensor<3x16xcomplex<f32>>) -> tensor<3x16xcomplex<f32>>
    %2 = call @fft_1(%arg1) : (tensor<3x16xf32>) -> tensor<3x9xcomplex<f32>>
    %3 = call @fft_1(%arg1) : (tensor<3x16xf32>) -> tensor<3x9xcomplex<f32>>
    %cst = stablehlo.constant dense<(5.000000e-01,0.000000e+00)> : tensor<complex<f32>>
    %4 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<complex<f32>>) -> tensor<3x9xcomplex<f32>>
    %5 = stablehlo.multiply %3, %4 : tensor<3x9xcomplex<f32>>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %6 = call @_pad(%5, %c) : (tensor<3x9xcomplex<f32>>, tensor<i32>) -> tensor<3x9xcomplex<f32>>
    %7 = call @fft_2(%6) : (tensor<3x9xcomplex<f32>>) -> tensor<3x16xf32>
    %8 = call @fft_3(%arg2) : (tensor<4x8xf32>) -> tensor<4x8xcomplex<f32>>
    return %0, %1, %2, %7, %8 : tensor<3x16xcomplex<f32>>, tensor<3x16xcomplex<f32>>, tensor<3x9xcomplex<f32>>, tensor<3x16xf32>, tensor<4x8xcomplex<f32>>
  }
  func.func private @fft(%arg0: tensor<3x16xcomplex<f32>>) -> tensor<3x16xcomplex<f32>> {
    %0 = stablehlo.fft %arg0, type = FFT, length = [16] : (tensor<3x16xcomplex<f32>>) -> tensor<3x16xcomplex<f32>>
    return %0 : tensor<3x16xcomplex<f32>>
  }
  func.func private @fft_0(%arg0: tensor<3x16xcomplex<f32>>) -> tensor<3x16xcomplex<f32>> {
    %0 = stablehlo.fft %arg0, type = IFFT, length = [16] : (tensor<3x16xcomplex<f32>>) -> tensor<3x16xcomplex<f32>>
    return %0 : tensor<3x16xcomplex<f32>>
  }
  func.func private @fft_1(%arg0: tensor<3x16xf32>) -> tensor<3x9xcomplex<f32>> {
    %0 = stablehlo.fft %arg0, type = RFFT, length = [16] : (tensor<3x16xf32>) -> tensor<3x9xcomplex<f32>>
    return %0 : tensor<3x9xcomplex<f32>>
  }
  func.func private @_pad(%arg0: tensor<3x9xcomplex<f32>>, %arg1: tensor<i32>) -> tensor<3x9xcomplex<f32>> {
    %0 = stablehlo.convert %arg1 : (tensor<i32>) -> tensor<complex<f32>>
    %1 = stablehlo.pad %arg0, %0, low = [0, 0], high = [0, 0], interior = [0, 0] : (tensor<3x9xcomplex<f32>>, tensor<complex<f32>>) -> tensor<3x9xcomplex<f32>>
    return %1 : tensor<3x9xcomplex<f32>>
  }
  func.func private @fft_2(%arg0: tensor<3x9xcomplex<f32>>) -> tensor<3x16xf32> {
    %0 = stablehlo.fft %arg0, type = IRFFT, length = [16] : (tensor<3x9xcomplex<f32>>) -> tensor<3x16xf32>
    return %0 : tensor<3x16xf32>
  }
  func.func private @fft_3(%arg0: tensor<4x8xf32>) -> tensor<4x8xcomplex<f32>> {
    %0 = stablehlo.convert %arg0 : (tensor<4x8xf32>) -> tensor<4x8xcomplex<f32>>
    %1 = stablehlo.fft %0, type = FFT, length = [4, 8] : (tensor<4x8xcomplex<f32>>) -> tensor<4x8xcomplex<f32>>
    return %1 : tensor<4x8xcomplex<f32>>
  }
}
