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

// -----

// dynamic_conv with every window attribute, a one-entry precision_config and grouped features.
func.func @main(%a: tensor<1x4x4xf32>, %b: tensor<3x2x6xf32>, %p: tensor<1x2xi64>) -> tensor<1x?x6xf32> {
  %0 = "stablehlo.dynamic_conv"(%a, %b, %p) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, f]x[0, i, o]->[b, 0, f]>, feature_group_count = 2 : i64, lhs_dilation = array<i64: 2>, precision_config = [#stablehlo<precision HIGHEST>], rhs_dilation = array<i64: 1>, window_reversal = array<i1: true>, window_strides = array<i64: 2>}> : (tensor<1x4x4xf32>, tensor<3x2x6xf32>, tensor<1x2xi64>) -> tensor<1x?x6xf32>
  return %0 : tensor<1x?x6xf32>
}

// -----

// Constant output shapes that agree with `?` and static result sizes; negative edge padding.
func.func @main(%x: tensor<3xf32>, %y: tensor<6xf32>, %z: tensor<?xf32>, %v: tensor<f32>) -> (tensor<?x3xf32>, tensor<2x?xf32>, tensor<2x3xf32>, tensor<2xf32>) {
  %s = stablehlo.constant dense<[2, 3]> : tensor<2xi32>
  %0 = stablehlo.dynamic_broadcast_in_dim %x, %s, dims = [1] : (tensor<3xf32>, tensor<2xi32>) -> tensor<?x3xf32>
  %1 = stablehlo.dynamic_reshape %y, %s : (tensor<6xf32>, tensor<2xi32>) -> tensor<2x?xf32>
  %2 = stablehlo.dynamic_reshape %z, %s : (tensor<?xf32>, tensor<2xi32>) -> tensor<2x3xf32>
  %l = stablehlo.constant dense<[-1]> : tensor<1xi64>
  %i = stablehlo.constant dense<[0]> : tensor<1xi64>
  %x4 = stablehlo.concatenate %x, %x, dim = 0 : (tensor<3xf32>, tensor<3xf32>) -> tensor<6xf32>
  %s4 = stablehlo.slice %x4 [0:4] : (tensor<6xf32>) -> tensor<4xf32>
  %3 = stablehlo.dynamic_pad %s4, %v, %l, %l, %i : (tensor<4xf32>, tensor<f32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<2xf32>
  return %0, %1, %2, %3 : tensor<?x3xf32>, tensor<2x?xf32>, tensor<2x3xf32>, tensor<2xf32>
}
