func.func @main(%arg0: tensor<10x6xf32>, %arg1: tensor<i32>, %arg2: tensor<i32>) -> tensor<4x3xf32> {
  %0 = stablehlo.dynamic_slice %arg0, %arg1, %arg2, sizes = [4, 3] : (tensor<10x6xf32>, tensor<i32>, tensor<i32>) -> tensor<4x3xf32>
  func.return %0 : tensor<4x3xf32>
}
// -----
func.func @main(%arg0: tensor<10x2x4xi8>, %arg1: tensor<ui64>) -> tensor<1x2x0xi8> {
  %0 = stablehlo.dynamic_slice %arg0, %arg1, %arg1, %arg1, sizes = [1, 2, 0] : (tensor<10x2x4xi8>, tensor<ui64>, tensor<ui64>, tensor<ui64>) -> tensor<1x2x0xi8>
  func.return %0 : tensor<1x2x0xi8>
}
// -----
func.func @main(%arg0: tensor<f32>) -> tensor<f32> {
  %0 = stablehlo.dynamic_slice %arg0, sizes = [] : (tensor<f32>) -> tensor<f32>
  func.return %0 : tensor<f32>
}
