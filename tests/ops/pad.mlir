func.func @main(%arg0: tensor<2x3xf32>, %arg1: tensor<f32>) -> tensor<5x3xf32> {
  %0 = stablehlo.pad %arg0, %arg1, low = [0, 1], high = [2, -1], interior = [1, 0] : (tensor<2x3xf32>, tensor<f32>) -> tensor<5x3xf32>
  func.return %0 : tensor<5x3xf32>
}
// -----
func.func @main(%arg0: tensor<3x9xcomplex<f32>>, %arg1: tensor<complex<f32>>) -> tensor<3x9xcomplex<f32>> {
  %0 = stablehlo.pad %arg0, %arg1, low = [0, 0], high = [0, 0], interior = [0, 0] : (tensor<3x9xcomplex<f32>>, tensor<complex<f32>>) -> tensor<3x9xcomplex<f32>>
  func.return %0 : tensor<3x9xcomplex<f32>>
}
// -----
func.func @main(%arg0: tensor<i32>, %arg1: tensor<0xi32>, %arg2: tensor<i32>) -> (tensor<i32>, tensor<3xi32>) {
  %0 = stablehlo.pad %arg0, %arg2, low = [], high = [], interior = [] : (tensor<i32>, tensor<i32>) -> tensor<i32>
  %1 = stablehlo.pad %arg1, %arg2, low = [1], high = [2], interior = [5] : (tensor<0xi32>, tensor<i32>) -> tensor<3xi32>
  func.return %0, %1 : tensor<i32>, tensor<3xi32>
}
