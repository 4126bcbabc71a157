func.func @main(%arg0: tensor<3x2xui32>) -> tensor<1x2xui32> {
  %0 = stablehlo.slice %arg0 [1:2, 0:2] : (tensor<3x2xui32>) -> tensor<1x2xui32>
  func.return %0 : tensor<1x2xui32>
}
// -----
func.func @main(%arg0: tensor<8x9xf32>) -> tensor<3x2xf32> {
  %0 = stablehlo.slice %arg0 [2:8:2, 1:5:3] : (tensor<8x9xf32>) -> tensor<3x2xf32>
  func.return %0 : tensor<3x2xf32>
}
// -----
func.func @main(%arg0: tensor<f32>, %arg1: tensor<4xi1>) -> (tensor<f32>, tensor<0xi1>) {
  %0 = stablehlo.slice %arg0 [] : (tensor<f32>) -> tensor<f32>
  %1 = stablehlo.slice %arg1 [2:2] : (tensor<4xi1>) -> tensor<0xi1>
  func.return %0, %1 : tensor<f32>, tensor<0xi1>
}
// -----
func.func @main(%arg0: tensor<2x3xf32>) -> tensor<2x1xf32> {
  %0 = "stablehlo.slice"(%arg0) <{start_indices = array<i64: 0, 1>, limit_indices = array<i64: 2, 3>, strides = array<i64: 1, 2>}> : (tensor<2x3xf32>) -> tensor<2x1xf32>
  func.return %0 : tensor<2x1xf32>
}
