// stablehlo.convolution: invalid programs, one per constraint, with the error each must give.
func.func @main(%a: tensor<1x4x2xf32>, %b: tensor<3x2x5xf32>) {
  // expected-error@+1 {{precision_config must have at most 2 entries, but has 3}}
  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision HIGH>, #stablehlo<precision HIGH>, #stablehlo<precision HIGH>]} : (tensor<1x4x2xf32>, tensor<3x2x5xf32>) -> tensor<1x2x5xf32>
  return
}

// -----

func.func @main(%a: tensor<1x4x2xi8>, %b: tensor<3x2x5xi4>) {
  // expected-error@+1 {{lhs and rhs must have the same element type, but tensor<1x4x2xi8> and tensor<3x2x5xi4> differ}}
  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x2xi8>, tensor<3x2x5xi4>) -> tensor<1x2x5xi32>
  return
}

// -----

func.func @main(%a: tensor<1x4x2xui8>, %b: tensor<3x2x5xi8>) {
  // expected-error@+1 {{lhs and rhs must have the same element type}}
  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x2xui8>, tensor<3x2x5xi8>) -> tensor<1x2x5xi32>
  return
}

// -----

func.func @main(%a: tensor<1x4x2xf32>, %b: tensor<3x2x5xf32>) {
  // expected-error@+1 {{window_reversal must have 1 entries}}
  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {reverse = [true, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x2xf32>, tensor<3x2x5xf32>) -> tensor<1x2x5xf32>
  return
}
