// stablehlo.convolution: NHWC with padding and stride, dilations, feature groups, 1-D, generic.
func.func @main(%x: tensor<2x16x16x3xf32>, %k: tensor<3x3x3x8xf32>) -> tensor<2x16x16x8xf32> {
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<2x16x16x3xf32>, tensor<3x3x3x8xf32>) -> tensor<2x16x16x8xf32>
  return %0 : tensor<2x16x16x8xf32>
}

// -----

func.func @main(%x: tensor<1x4x9x9xbf16>, %k: tensor<8x2x3x3xbf16>) -> tensor<1x8x4x2xf32> {
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [2, 3], pad = [[0, 1], [0, 0]], rhs_dilate = [1, 2]} {batch_group_count = 1 : i64, feature_group_count = 2 : i64} : (tensor<1x4x9x9xbf16>, tensor<8x2x3x3xbf16>) -> tensor<1x8x4x2xf32>
  return %0 : tensor<1x8x4x2xf32>
}

// -----

func.func @main(%x: tensor<3x10x2xf64>, %k: tensor<4x2x5xf64>) -> tensor<3x7x5xf64> {
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<3x10x2xf64>, tensor<4x2x5xf64>) -> tensor<3x7x5xf64>
  return %0 : tensor<3x7x5xf64>
}

// -----

func.func @main(%x: tensor<4x5x2xf32>, %k: tensor<2x2x6xf32>) -> tensor<2x8x6xf32> {
  %0 = "stablehlo.convolution"(%x, %k) <{batch_group_count = 2 : i64, dimension_numbers = #stablehlo.conv<[b, 0, f]x[0, i, o]->[b, 0, f]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 2>, window_strides = array<i64: 1>}> : (tensor<4x5x2xf32>, tensor<2x2x6xf32>) -> tensor<2x8x6xf32>
  return %0 : tensor<2x8x6xf32>
}

// -----

// precision_config may have one entry; the result's element type may differ from the operands'.
func.func @main(%a: tensor<1x4x2xi8>, %b: tensor<3x2x5xi8>, %c: tensor<1x4x2xf32>, %d: tensor<3x2x5xf32>) -> (tensor<1x2x5xi32>, tensor<1x2x5xf32>) {
  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x2xi8>, tensor<3x2x5xi8>) -> tensor<1x2x5xi32>
  %1 = stablehlo.convolution(%c, %d) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision HIGH>]} : (tensor<1x4x2xf32>, tensor<3x2x5xf32>) -> tensor<1x2x5xf32>
  return %0, %1 : tensor<1x2x5xi32>, tensor<1x2x5xf32>
}
