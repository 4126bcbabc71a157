func.func @main(%arg0: tensor<f32>) -> tensor<2x3xf32> {
  %0 = stablehlo.broadcast_in_dim %arg0, dims = [] : (tensor<f32>) -> tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
}
// -----
func.func @main(%arg0: tensor<1x3xi32>) -> tensor<4x2x3xi32> {
  %0 = stablehlo.broadcast_in_dim %arg0, dims = [1, 2] : (tensor<1x3xi32>) -> tensor<4x2x3xi32>
  func.return %0 : tensor<4x2x3xi32>
}
// -----
func.func @main(%arg0: tensor<3x2xi1>) -> tensor<2x5x3xi1> {
  %0 = stablehlo.broadcast_in_dim %arg0, dims = [2, 0] : (tensor<3x2xi1>) -> tensor<2x5x3xi1>
  func.return %0 : tensor<2x5x3xi1>
}
// -----
func.func @main(%arg0: tensor<4xf16>) -> tensor<4xf16> {
  %0 = stablehlo.broadcast_in_dim %arg0, dims = [0] {tag} : (tensor<4xf16>) -> tensor<4xf16>
  func.return %0 : tensor<4xf16>
}

// -----

// A bounded operand broadcast to one bounded result dimension.
func.func @main(%x: tensor<?xf32, #stablehlo.bounds<4>>) -> tensor<2x?xf32, #stablehlo.bounds<?, 4>> {
  %0 = stablehlo.broadcast_in_dim %x, dims = [1] : (tensor<?xf32, #stablehlo.bounds<4>>) -> tensor<2x?xf32, #stablehlo.bounds<?, 4>>
  return %0 : tensor<2x?xf32, #stablehlo.bounds<?, 4>>
}
