// The dynamic-shape ops (dynamic_conv, dynamic_broadcast_in_dim, dynamic_reshape, dynamic_iota,
// dynamic_pad, real_dynamic_slice): invalid programs with the error each must give. Where the
// spec rejects a dynamic_conv that the reference verifier lets through (a zero stride, window
// attributes of the wrong size), kiln follows the spec: the interpreter would divide by zero.
func.func @main(%a: tensor<1x4x2xf32>, %b: tensor<3x2x5xf32>, %p: tensor<1x2xi64>) {
  // expected-error@+1 {{window_strides [0] must be positive}}
  %0 = "stablehlo.dynamic_conv"(%a, %b, %p) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, f]x[0, i, o]->[b, 0, f]>, feature_group_count = 1 : i64, window_strides = array<i64: 0>}> : (tensor<1x4x2xf32>, tensor<3x2x5xf32>, tensor<1x2xi64>) -> tensor<1x?x5xf32>
  return
}

// -----

func.func @main(%a: tensor<1x4x2xf32>, %b: tensor<3x2x5xf32>, %p: tensor<1x2xi64>) {
  // expected-error@+1 {{window_strides [1, 1] must have 1 entries}}
  %0 = "stablehlo.dynamic_conv"(%a, %b, %p) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, f]x[0, i, o]->[b, 0, f]>, feature_group_count = 1 : i64, window_strides = array<i64: 1, 1>}> : (tensor<1x4x2xf32>, tensor<3x2x5xf32>, tensor<1x2xi64>) -> tensor<1x?x5xf32>
  return
}

// -----

func.func @main(%a: tensor<1x4x2xf32>, %b: tensor<3x2x5xf32>, %p: tensor<1x2xi64>) {
  // expected-error@+1 {{lhs_dilation [0] must be positive}}
  %0 = "stablehlo.dynamic_conv"(%a, %b, %p) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, f]x[0, i, o]->[b, 0, f]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 0>}> : (tensor<1x4x2xf32>, tensor<3x2x5xf32>, tensor<1x2xi64>) -> tensor<1x?x5xf32>
  return
}

// -----

func.func @main(%a: tensor<1x4x2xf32>, %b: tensor<3x2x5xf32>, %p: tensor<1x2xi64>) {
  // expected-error@+1 {{rhs_dilation [1, 2] must have 1 entries}}
  %0 = "stablehlo.dynamic_conv"(%a, %b, %p) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, f]x[0, i, o]->[b, 0, f]>, feature_group_count = 1 : i64, rhs_dilation = array<i64: 1, 2>}> : (tensor<1x4x2xf32>, tensor<3x2x5xf32>, tensor<1x2xi64>) -> tensor<1x?x5xf32>
  return
}

// -----

func.func @main(%a: tensor<1x4x2xf32>, %b: tensor<3x2x5xf32>, %p: tensor<1x2xi64>) {
  // expected-error@+1 {{window_reversal must have 1 entries}}
  %0 = "stablehlo.dynamic_conv"(%a, %b, %p) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, f]x[0, i, o]->[b, 0, f]>, feature_group_count = 1 : i64, window_reversal = array<i1: true, true>}> : (tensor<1x4x2xf32>, tensor<3x2x5xf32>, tensor<1x2xi64>) -> tensor<1x?x5xf32>
  return
}

// -----

func.func @main(%a: tensor<1x4x2xf32>, %b: tensor<3x2x5xf32>, %p: tensor<1x2xi64>) {
  // expected-error@+1 {{feature_group_count (0) and batch_group_count (1) must be positive and not both above 1}}
  %0 = "stablehlo.dynamic_conv"(%a, %b, %p) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, f]x[0, i, o]->[b, 0, f]>, feature_group_count = 0 : i64}> : (tensor<1x4x2xf32>, tensor<3x2x5xf32>, tensor<1x2xi64>) -> tensor<1x?x5xf32>
  return
}

// -----

func.func @main(%a: tensor<2x4x2xf32>, %b: tensor<3x1x4xf32>, %p: tensor<1x2xi64>) {
  // expected-error@+1 {{feature_group_count (2) and batch_group_count (2) must be positive and not both above 1}}
  %0 = "stablehlo.dynamic_conv"(%a, %b, %p) <{batch_group_count = 2 : i64, dimension_numbers = #stablehlo.conv<[b, 0, f]x[0, i, o]->[b, 0, f]>, feature_group_count = 2 : i64}> : (tensor<2x4x2xf32>, tensor<3x1x4xf32>, tensor<1x2xi64>) -> tensor<1x?x4xf32>
  return
}

// -----

func.func @main(%a: tensor<1x4x2xf32>, %b: tensor<3x3x5xf32>, %p: tensor<1x2xi64>) {
  // expected-error@+1 {{input feature size 2 / 1 groups must equal the kernel input feature size 3}}
  %0 = "stablehlo.dynamic_conv"(%a, %b, %p) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, f]x[0, i, o]->[b, 0, f]>, feature_group_count = 1 : i64}> : (tensor<1x4x2xf32>, tensor<3x3x5xf32>, tensor<1x2xi64>) -> tensor<1x?x5xf32>
  return
}

// -----

func.func @main(%a: tensor<1x4x2xf32>, %b: tensor<3x2x5xf32>, %p: tensor<1x2xi64>) {
  // expected-error@+1 {{input dimensions [0, 0, 1] repeats dimension 0}}
  %0 = "stablehlo.dynamic_conv"(%a, %b, %p) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 0, input_spatial_dimensions = [1], kernel_input_feature_dimension = 1, kernel_output_feature_dimension = 2, kernel_spatial_dimensions = [0], output_batch_dimension = 0, output_feature_dimension = 2, output_spatial_dimensions = [1]>, feature_group_count = 1 : i64}> : (tensor<1x4x2xf32>, tensor<3x2x5xf32>, tensor<1x2xi64>) -> tensor<1x?x5xf32>
  return
}

// -----

func.func @main(%a: tensor<1x4x2xf32>, %b: tensor<3x2x5xf32>, %p: tensor<1x2xi64>) {
  // expected-error@+1 {{kernel dimensions [1, 3, 0] has a dimension out of range [0, 3)}}
  %0 = "stablehlo.dynamic_conv"(%a, %b, %p) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 2, input_spatial_dimensions = [1], kernel_input_feature_dimension = 1, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0], output_batch_dimension = 0, output_feature_dimension = 2, output_spatial_dimensions = [1]>, feature_group_count = 1 : i64}> : (tensor<1x4x2xf32>, tensor<3x2x5xf32>, tensor<1x2xi64>) -> tensor<1x?x5xf32>
  return
}

// -----

func.func @main(%a: tensor<1x4x2xi8>, %b: tensor<3x2x5xi16>, %p: tensor<1x2xi64>) {
  // expected-error@+1 {{lhs and rhs must have the same element type}}
  %0 = "stablehlo.dynamic_conv"(%a, %b, %p) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, f]x[0, i, o]->[b, 0, f]>, feature_group_count = 1 : i64}> : (tensor<1x4x2xi8>, tensor<3x2x5xi16>, tensor<1x2xi64>) -> tensor<1x?x5xi32>
  return
}

// -----

func.func @main(%a: tensor<1x4x2xf32>, %b: tensor<3x2x5xf32>, %p: tensor<1x2xi64>) {
  // expected-error@+1 {{precision_config must have at most 2 entries, but has 3}}
  %0 = "stablehlo.dynamic_conv"(%a, %b, %p) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, f]x[0, i, o]->[b, 0, f]>, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision HIGH>, #stablehlo<precision HIGH>, #stablehlo<precision HIGH>]}> : (tensor<1x4x2xf32>, tensor<3x2x5xf32>, tensor<1x2xi64>) -> tensor<1x?x5xf32>
  return
}

// -----

func.func @main(%a: tensor<1x4x2xf32>, %b: tensor<3x2x5xf32>, %p: tensor<2x2xi64>) {
  // expected-error@+1 {{padding tensor<2x2xi64> must have shape [1, 2]}}
  %0 = "stablehlo.dynamic_conv"(%a, %b, %p) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, f]x[0, i, o]->[b, 0, f]>, feature_group_count = 1 : i64}> : (tensor<1x4x2xf32>, tensor<3x2x5xf32>, tensor<2x2xi64>) -> tensor<1x?x5xf32>
  return
}

// -----

func.func @main(%x: tensor<3xf32>) {
  %s = stablehlo.constant dense<[2, 3]> : tensor<2xi64>
  // expected-error@+1 {{output shape [2, 3] does not match result tensor<4x3xf32>}}
  %0 = stablehlo.dynamic_broadcast_in_dim %x, %s, dims = [1] : (tensor<3xf32>, tensor<2xi64>) -> tensor<4x3xf32>
  return
}

// -----

func.func @main(%x: tensor<3xf32>, %s: tensor<?xi64>) {
  // expected-error@+1 {{output_dimensions must be a 1-D tensor of 2 elements, but is tensor<?xi64>}}
  %0 = stablehlo.dynamic_broadcast_in_dim %x, %s, dims = [1] : (tensor<3xf32>, tensor<?xi64>) -> tensor<2x3xf32>
  return
}

// -----

func.func @main(%x: tensor<3xf32>, %s: tensor<2xi64>) {
  // expected-error@+1 {{known_expanding_dimensions and known_nonexpanding_dimensions [0, 0] repeats dimension 0}}
  %0 = stablehlo.dynamic_broadcast_in_dim %x, %s, dims = [1] {known_expanding_dimensions = array<i64: 0>, known_nonexpanding_dimensions = array<i64: 0>} : (tensor<3xf32>, tensor<2xi64>) -> tensor<2x3xf32>
  return
}

// -----

func.func @main(%x: tensor<6xf32>, %s: tensor<3xi64>) {
  // expected-error@+1 {{output_shape must be a 1-D tensor of 2 elements, but is tensor<3xi64>}}
  %0 = stablehlo.dynamic_reshape %x, %s : (tensor<6xf32>, tensor<3xi64>) -> tensor<2x3xf32>
  return
}

// -----

func.func @main(%x: tensor<6xf32>, %s: tensor<2xi64>) {
  // expected-error@+1 {{result must have the operand's 6 elements, but has 8}}
  %0 = stablehlo.dynamic_reshape %x, %s : (tensor<6xf32>, tensor<2xi64>) -> tensor<2x4xf32>
  return
}

// -----

func.func @main(%x: tensor<6xf32>) {
  %s = stablehlo.constant dense<[2, 4]> : tensor<2xi64>
  // expected-error@+1 {{result must have the operand's 6 elements, but has 8}}
  %0 = stablehlo.dynamic_reshape %x, %s : (tensor<6xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  return
}

// -----

func.func @main(%x: tensor<6xf32>) {
  %s = stablehlo.constant dense<[2, 3]> : tensor<2xi64>
  // expected-error@+1 {{output shape [2, 3] does not match result tensor<3x2xf32>}}
  %0 = stablehlo.dynamic_reshape %x, %s : (tensor<6xf32>, tensor<2xi64>) -> tensor<3x2xf32>
  return
}

// -----

func.func @main(%x: tensor<6xf32>) {
  %s = stablehlo.constant dense<[-1, 3]> : tensor<2xi64>
  // expected-error@+1 {{output shape [-1, 3] does not match result tensor<?x3xf32>}}
  %0 = stablehlo.dynamic_reshape %x, %s : (tensor<6xf32>, tensor<2xi64>) -> tensor<?x3xf32>
  return
}

// -----

func.func @main(%x: tensor<6xf32>, %s: tensor<?xi64>) {
  // expected-error@+1 {{output_shape must be a 1-D tensor of 2 elements, but is tensor<?xi64>}}
  %0 = stablehlo.dynamic_reshape %x, %s : (tensor<6xf32>, tensor<?xi64>) -> tensor<2x3xf32>
  return
}

// -----

func.func @main() {
  %s = stablehlo.constant dense<[2, 3]> : tensor<2xi64>
  // expected-error@+1 {{output shape [2, 3] does not match result tensor<3x3xf32>}}
  %0 = stablehlo.dynamic_iota %s, dim = 0 : (tensor<2xi64>) -> tensor<3x3xf32>
  return
}

// -----

func.func @main(%s: tensor<?xi64>) {
  // expected-error@+1 {{output_shape must be a 1-D tensor of 2 elements, but is tensor<?xi64>}}
  %0 = stablehlo.dynamic_iota %s, dim = 0 : (tensor<?xi64>) -> tensor<3x3xf32>
  return
}

// -----

func.func @main(%s: tensor<2xi64>) {
  // expected-error@+1 {{iota_dimension 2 is out of range [0, 2)}}
  %0 = stablehlo.dynamic_iota %s, dim = 2 : (tensor<2xi64>) -> tensor<3x3xf32>
  return
}

// -----

func.func @main(%x: tensor<4xf32>, %v: tensor<f32>) {
  %l = stablehlo.constant dense<[1]> : tensor<1xi64>
  %h = stablehlo.constant dense<[-1]> : tensor<1xi64>
  // expected-error@+1 {{interior_padding [-1] must not be negative}}
  %0 = stablehlo.dynamic_pad %x, %v, %l, %l, %h : (tensor<4xf32>, tensor<f32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<?xf32>
  return
}

// -----

func.func @main(%x: tensor<4xf32>, %v: tensor<f32>) {
  %l = stablehlo.constant dense<[1]> : tensor<1xi64>
  // expected-error@+1 {{result tensor<5xf32> must have size 9 in dimension 0}}
  %0 = stablehlo.dynamic_pad %x, %v, %l, %l, %l : (tensor<4xf32>, tensor<f32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<5xf32>
  return
}

// -----

func.func @main(%x: tensor<4xf32>, %v: tensor<f32>, %l: tensor<2xi64>) {
  // expected-error@+1 {{edge_padding_low must be a 1-D tensor of 1 elements, but is tensor<2xi64>}}
  %0 = stablehlo.dynamic_pad %x, %v, %l, %l, %l : (tensor<4xf32>, tensor<f32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<?xf32>
  return
}

// -----

func.func @main(%x: tensor<4xf32>, %v: tensor<1xf32>, %l: tensor<1xi64>) {
  // expected-error@+1 {{padding_value must be a rank-0 tensor, but is tensor<1xf32>}}
  %0 = stablehlo.dynamic_pad %x, %v, %l, %l, %l : (tensor<4xf32>, tensor<1xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<?xf32>
  return
}
