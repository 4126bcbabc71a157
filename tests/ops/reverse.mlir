func.func @main(%arg0: tensor<4x10xf32>) -> tensor<4x10xf32> {
  %0 = stablehlo.reverse %arg0, dims = [1] : tensor<4x10xf32>
  func.return %0 : tensor<4x10xf32>
}
// -----
func.func @main(%arg0: tensor<2x3x4xi64>) -> tensor<2x3x4xi64> {
  %0 = stablehlo.reverse %arg0, dims = [2, 0] : tensor<2x3x4xi64>
  func.return %0 : tensor<2x3x4xi64>
}
// -----
func.func @main(%arg0: tensor<complex<f64>>) -> tensor<complex<f64>> {
  %0 = stablehlo.reverse %arg0, dims = [] : tensor<complex<f64>>
  func.return %0 : tensor<complex<f64>>
}
