// stablehlo.dot_general and stablehlo.dot: batching, contracting, precision, algorithm.
func.func @main(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x4xf32> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @main(%a: tensor<4x16x8xbf16>, %b: tensor<4x8x16xbf16>) -> tensor<4x16x16xf32> {
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<4x16x8xbf16>, tensor<4x8x16xbf16>) -> tensor<4x16x16xf32>
  return %0 : tensor<4x16x16xf32>
}

// -----

func.func @main(%a: tensor<2x3xf32>, %b: tensor<4xf32>) -> tensor<2x3x4xf32> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [] x [] : (tensor<2x3xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// -----

func.func @main(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x4xf32> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT], algorithm = <lhs_precision_type = tf32, rhs_precision_type = tf32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false> : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @main(%a: tensor<3x2xi8>, %b: tensor<3xi8>) -> tensor<2xi32> {
  %0 = "stablehlo.dot_general"(%a, %b) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0], rhs_contracting_dimensions = [0]>} : (tensor<3x2xi8>, tensor<3xi8>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
}

// -----

func.func @main(%v: tensor<3xf32>, %m: tensor<2x3xf32>) -> (tensor<f32>, tensor<2xf32>) {
  %0 = stablehlo.dot %v, %v : (tensor<3xf32>, tensor<3xf32>) -> tensor<f32>
  %1 = stablehlo.dot %m, %v, precision = [HIGH, DEFAULT] : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2xf32>
  return %0, %1 : tensor<f32>, tensor<2xf32>
}
