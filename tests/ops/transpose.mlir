func.func @main(%arg0: tensor<2x3xf32>) -> tensor<3x2xf32> {
  %0 = stablehlo.transpose %arg0, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  func.return %0 : tensor<3x2xf32>
}
// -----
func.func @main(%arg0: tensor<16x4x8xbf16>) -> tensor<8x16x4xbf16> {
  %0 = stablehlo.transpose %arg0, dims = [2, 0, 1] : (tensor<16x4x8xbf16>) -> tensor<8x16x4xbf16>
  func.return %0 : tensor<8x16x4xbf16>
}
// -----
func.func @main(%arg0: tensor<i32>) -> tensor<i32> {
  %0 = stablehlo.transpose %arg0, dims = [] : (tensor<i32>) -> tensor<i32>
  func.return %0 : tensor<i32>
}
