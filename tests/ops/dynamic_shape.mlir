func.func @main(%arg0: tensor<1x3xf32>, %arg1: tensor<2xindex>) -> tensor<?x3xf32> {
  %0 = stablehlo.dynamic_broadcast_in_dim %arg0, %arg1, dims = [0, 1] : (tensor<1x3xf32>, tensor<2xindex>) -> tensor<?x3xf32>
  func.return %0 : tensor<?x3xf32>
}
// -----
func.func @main(%arg0: tensor<?xi32>, %arg1: tensor<2xi32>) -> tensor<?x?xi32> {
  %0 = stablehlo.dynamic_broadcast_in_dim %arg0, %arg1, dims = [1] {known_expanding_dimensions = array<i64: 0>, known_nonexpanding_dimensions = array<i64>} : (tensor<?xi32>, tensor<2xi32>) -> tensor<?x?xi32>
  func.return %0 : tensor<?x?xi32>
}
// -----
func.func @main(%arg0: tensor<2x3xf32>, %arg1: tensor<1xi64>, %arg2: tensor<2xindex>) -> (tensor<?xf32>, tensor<?x?xi32>) {
  %0 = stablehlo.dynamic_reshape %arg0, %arg1 : (tensor<2x3xf32>, tensor<1xi64>) -> tensor<?xf32>
  %1 = stablehlo.dynamic_iota %arg2, dim = 1 : (tensor<2xindex>) -> tensor<?x?xi32>
  func.return %0, %1 : tensor<?xf32>, tensor<?x?xi32>
}
// -----
func.func @main(%arg0: tensor<2x3xf32>, %arg1: tensor<f32>, %arg2: tensor<2xi32>) -> (tensor<?x?xf32>, tensor<?x?xf32>) {
  %0 = stablehlo.dynamic_pad %arg0, %arg1, %arg2, %arg2, %arg2 : (tensor<2x3xf32>, tensor<f32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<?x?xf32>
  %1 = stablehlo.real_dynamic_slice %arg0, %arg2, %arg2, %arg2 : (tensor<2x3xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<?x?xf32>
  func.return %0, %1 : tensor<?x?xf32>, tensor<?x?xf32>
}
// -----
func.func @main(%arg0: tensor<1x8x8x3xf32>, %arg1: tensor<3x3x3x4xf32>, %arg2: tensor<2x2xi32>) -> tensor<1x?x?x4xf32> {
  %0 = "stablehlo.dynamic_conv"(%arg0, %arg1, %arg2) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, window_strides = array<i64: 1, 1>}> : (tensor<1x8x8x3xf32>, tensor<3x3x3x4xf32>, tensor<2x2xi32>) -> tensor<1x?x?x4xf32>
  func.return %0 : tensor<1x?x?x4xf32>
}
