func.func @main(%arg0: tensor<3x1xui32>, %arg1: tensor<3x1xui32>) -> tensor<3x2xui32> {
  %0 = stablehlo.concatenate %arg0, %arg1, dim = 1 : (tensor<3x1xui32>, tensor<3x1xui32>) -> tensor<3x2xui32>
  func.return %0 : tensor<3x2xui32>
}
// -----
func.func @main(%arg0: tensor<2xf32>, %arg1: tensor<0xf32>, %arg2: tensor<5xf32>) -> tensor<7xf32> {
  %0 = stablehlo.concatenate %arg0, %arg1, %arg2, dim = 0 : (tensor<2xf32>, tensor<0xf32>, tensor<5xf32>) -> tensor<7xf32>
  func.return %0 : tensor<7xf32>
}
// -----
func.func @main(%arg0: tensor<2x3xi1>) -> tensor<2x3xi1> {
  %0 = stablehlo.concatenate %arg0, dim = 0 {tag} : (tensor<2x3xi1>) -> tensor<2x3xi1>
  func.return %0 : tensor<2x3xi1>
}
