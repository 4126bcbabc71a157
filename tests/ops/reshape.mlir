func.func @main(%arg0: tensor<2x3xf32>) -> tensor<6xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<2x3xf32>) -> tensor<6xf32>
  func.return %0 : tensor<6xf32>
}
// -----
func.func @main(%arg0: tensor<1xui32>) -> tensor<ui32> {
  %0 = stablehlo.reshape %arg0 : (tensor<1xui32>) -> tensor<ui32>
  func.return %0 : tensor<ui32>
}
// -----
func.func @main(%arg0: tensor<i8>) -> tensor<1x1x1xi8> {
  %0 = stablehlo.reshape %arg0 : (tensor<i8>) -> tensor<1x1x1xi8>
  func.return %0 : tensor<1x1x1xi8>
}
// -----
func.func @main(%arg0: tensor<0x4xf32>) -> tensor<2x0xf32> {
  %0 = "stablehlo.reshape"(%arg0) : (tensor<0x4xf32>) -> tensor<2x0xf32>
  func.return %0 : tensor<2x0xf32>
}
