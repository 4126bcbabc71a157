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

// -----

// RFFT of an empty dimension; f64; FFT of a rank-2 operand over its last dimension.
func.func @main(%x: tensor<2x8xcomplex<f32>>, %y: tensor<0xf64>, %z: tensor<2x8xf64>) -> (tensor<2x8xcomplex<f32>>, tensor<0xcomplex<f64>>, tensor<2x5xcomplex<f64>>) {
  %0 = stablehlo.fft %x, type = FFT, length = [8] : (tensor<2x8xcomplex<f32>>) -> tensor<2x8xcomplex<f32>>
  %1 = stablehlo.fft %y, type = RFFT, length = [0] : (tensor<0xf64>) -> tensor<0xcomplex<f64>>
  %2 = stablehlo.fft %z, type = RFFT, length = [8] : (tensor<2x8xf64>) -> tensor<2x5xcomplex<f64>>
  return %0, %1, %2 : tensor<2x8xcomplex<f32>>, tensor<0xcomplex<f64>>, tensor<2x5xcomplex<f64>>
}
