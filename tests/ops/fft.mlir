// stablehlo.fft: the four transform types, one to three dimensions.
func.func @main(%x: tensor<3x16xcomplex<f32>>) -> (tensor<3x16xcomplex<f32>>, tensor<3x16xcomplex<f32>>) {
  %0 = stablehlo.fft %x, type = FFT, length = [16] : (tensor<3x16xcomplex<f32>>) -> tensor<3x16xcomplex<f32>>
  %1 = stablehlo.fft %0, type = IFFT, length = [3, 16] : (tensor<3x16xcomplex<f32>>) -> tensor<3x16xcomplex<f32>>
  return %0, %1 : tensor<3x16xcomplex<f32>>, tensor<3x16xcomplex<f32>>
}

// -----

func.func @main(%x: tensor<2x4x16xf64>) -> tensor<2x4x16xf64> {
  %0 = stablehlo.fft %x, type = RFFT, length = [2, 4, 16] : (tensor<2x4x16xf64>) -> tensor<2x4x9xcomplex<f64>>
  %1 = stablehlo.fft %0, type = IRFFT, length = [2, 4, 16] : (tensor<2x4x9xcomplex<f64>>) -> tensor<2x4x16xf64>
  return %1 : tensor<2x4x16xf64>
}
