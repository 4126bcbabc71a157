// stablehlo.dot_general and stablehlo.dot: invalid programs with the error each must give.
func.func @main(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) {
  // expected-error@+1 {{precision_config must have at most 2 entries, but has 3}}
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0], precision = [HIGH, HIGH, HIGH] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @main(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) {
  // expected-error@+1 {{algorithm's lhs_component_count must be positive, but is 0}}
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0], algorithm = <lhs_precision_type = bf16, rhs_precision_type = bf16, accumulation_type = f32, lhs_component_count = 0, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false> : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @main(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) {
  // expected-error@+1 {{algorithm's rhs_component_count must be positive, but is -1}}
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0], algorithm = <lhs_precision_type = f32, rhs_precision_type = f32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = -1, num_primitive_operations = 1, allow_imprecise_accumulation = false> : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @main(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) {
  // expected-error@+1 {{algorithm's num_primitive_operations must be positive, but is 0}}
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0], algorithm = <lhs_precision_type = bf16, rhs_precision_type = bf16, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 0, allow_imprecise_accumulation = false> : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @main(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) {
  // expected-error@+1 {{is not known to be supported on any hardware}}
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0], algorithm = <lhs_precision_type = f16, rhs_precision_type = bf16, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false> : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @main(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) {
  // expected-error@+1 {{is not known to be supported on any hardware}}
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0], algorithm = <lhs_precision_type = bf16, rhs_precision_type = bf16, accumulation_type = f32, lhs_component_count = 3, rhs_component_count = 3, num_primitive_operations = 6, allow_imprecise_accumulation = false> : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @main(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) {
  // expected-error@+1 {{is not known to be supported on any hardware}}
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0], algorithm = <lhs_precision_type = f32, rhs_precision_type = f32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = true> : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @main(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) {
  // expected-error@+1 {{is not known to be supported on any hardware}}
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0], algorithm = <lhs_precision_type = f8E4M3FN, rhs_precision_type = f8E4M3FN, accumulation_type = f16, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false> : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @main(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) {
  // expected-error@+1 {{precision_config must be DEFAULT when an algorithm is set}}
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0], precision = [DEFAULT, HIGH], algorithm = <lhs_precision_type = tf32, rhs_precision_type = tf32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false> : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @main(%a: tensor<2x3x!quant.uniform<i8:f32, 0.5>>, %b: tensor<3x4xf32>) {
  // expected-error@+1 {{a quantized dot needs a quantized rhs and a result that is quantized exactly when lhs is}}
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x3x!quant.uniform<i8:f32, 0.5>>, tensor<3x4xf32>) -> tensor<2x4x!quant.uniform<i8:f32, 0.5>>
  return
}

// -----

func.func @main(%a: tensor<2x3x!quant.uniform<i8:f32, 0.5>>, %b: tensor<3x4x!quant.uniform<i8:f32, 0.5>>) {
  // expected-error@+1 {{a quantized dot needs a quantized rhs}}
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x3x!quant.uniform<i8:f32, 0.5>>, tensor<3x4x!quant.uniform<i8:f32, 0.5>>) -> tensor<2x4xf32>
  return
}

// -----

func.func @main(%a: tensor<2x3x!quant.uniform<i8:f32, 0.5>>, %b: tensor<3x4x!quant.uniform<i8:f32, 0.5:3>>) {
  // expected-error@+1 {{rhs must have zero points of 0}}
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x3x!quant.uniform<i8:f32, 0.5>>, tensor<3x4x!quant.uniform<i8:f32, 0.5:3>>) -> tensor<2x4x!quant.uniform<i8:f32, 0.5>>
  return
}

// -----

func.func @main(%a: tensor<2x3xf32>, %b: tensor<3x4x!quant.uniform<i8:f32, 0.5>>) {
  // expected-error@+1 {{lhs and result must have rhs's expressed type}}
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x4x!quant.uniform<i8:f32, 0.5>>) -> tensor<2x4xf16>
  return
}

// -----

func.func @main(%a: tensor<2x3x!quant.uniform<i8:f32, 0.5>>, %b: tensor<3x4x!quant.uniform<i16:f32, 0.5>>) {
  // expected-error@+1 {{lhs and rhs must have one storage type}}
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x3x!quant.uniform<i8:f32, 0.5>>, tensor<3x4x!quant.uniform<i16:f32, 0.5>>) -> tensor<2x4x!quant.uniform<i8:f32, 0.5>>
  return
}

// -----

func.func @main(%a: tensor<2x3x!quant.uniform<i8:f32, 0.5>>, %c: tensor<3x4x!quant.uniform<i8:f32:0, {0.5, 0.5, 0.5}>>) {
  // expected-error@+1 {{rhs's quantized dimension 0 must not be a contracting dimension}}
  %0 = stablehlo.dot_general %a, %c, contracting_dims = [1] x [0] : (tensor<2x3x!quant.uniform<i8:f32, 0.5>>, tensor<3x4x!quant.uniform<i8:f32:0, {0.5, 0.5, 0.5}>>) -> tensor<2x4x!quant.uniform<i32:f32, 0.25>>
  return
}
