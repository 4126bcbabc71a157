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

// -----

// precision_config may have one entry (the reference verifier takes 0 to 2).
func.func @main(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> (tensor<2x4xf32>, tensor<2x4xf32>) {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0], precision = [HIGH] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  %1 = stablehlo.dot %a, %b, precision = [HIGHEST] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %0, %1 : tensor<2x4xf32>, tensor<2x4xf32>
}

// -----

// The algorithms the reference verifier knows; mixed operand element types (no spec (C13) check
// in the reference verifier).
func.func @main(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>, %c: tensor<3x4xbf16>) -> tensor<2x4xf32> {
  %r0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0], algorithm = <lhs_precision_type = bf16, rhs_precision_type = bf16, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false> : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  %r1 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0], algorithm = <lhs_precision_type = bf16, rhs_precision_type = bf16, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 3, allow_imprecise_accumulation = false> : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  %r2 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0], algorithm = <lhs_precision_type = bf16, rhs_precision_type = bf16, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 6, allow_imprecise_accumulation = false> : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  %r3 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0], algorithm = <lhs_precision_type = bf16, rhs_precision_type = bf16, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 9, allow_imprecise_accumulation = false> : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  %r4 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0], algorithm = <lhs_precision_type = bf16, rhs_precision_type = bf16, accumulation_type = bf16, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false> : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  %r5 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0], algorithm = <lhs_precision_type = f16, rhs_precision_type = f16, accumulation_type = f16, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false> : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  %r6 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0], algorithm = <lhs_precision_type = f16, rhs_precision_type = f16, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false> : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  %r7 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0], algorithm = <lhs_precision_type = tf32, rhs_precision_type = tf32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 3, allow_imprecise_accumulation = false> : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  %r8 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0], algorithm = <lhs_precision_type = f32, rhs_precision_type = f32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false> : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  %r9 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0], algorithm = <lhs_precision_type = f64, rhs_precision_type = f64, accumulation_type = f64, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false> : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  %r10 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0], algorithm = <lhs_precision_type = f8E4M3FN, rhs_precision_type = f8E5M2, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = true> : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  %r11 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0], algorithm = <lhs_precision_type = f8E4M3FNUZ, rhs_precision_type = f8E5M2FNUZ, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false> : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  %m = stablehlo.dot_general %a, %c, contracting_dims = [1] x [0], precision = [DEFAULT] : (tensor<2x3xf32>, tensor<3x4xbf16>) -> tensor<2x4xf32>
  return %m : tensor<2x4xf32>
}

// -----

// Quantized dots: per-tensor operands, a per-axis rhs quantized along a free dimension, a
// float lhs with a quantized rhs (hybrid).
func.func @main(%a: tensor<2x3x!quant.uniform<i8:f32, 0.5>>, %b: tensor<3x4x!quant.uniform<i8:f32, 0.5>>, %c: tensor<3x4x!quant.uniform<i8:f32:1, {0.5, 0.5, 0.5, 0.5}>>, %f: tensor<2x3xf32>) -> (tensor<2x4x!quant.uniform<i32:f32, 0.25>>, tensor<2x4x!quant.uniform<i32:f32:1, {0.25, 0.25, 0.25, 0.25}>>, tensor<2x4xf32>) {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x3x!quant.uniform<i8:f32, 0.5>>, tensor<3x4x!quant.uniform<i8:f32, 0.5>>) -> tensor<2x4x!quant.uniform<i32:f32, 0.25>>
  %1 = stablehlo.dot_general %a, %c, contracting_dims = [1] x [0] : (tensor<2x3x!quant.uniform<i8:f32, 0.5>>, tensor<3x4x!quant.uniform<i8:f32:1, {0.5, 0.5, 0.5, 0.5}>>) -> tensor<2x4x!quant.uniform<i32:f32:1, {0.25, 0.25, 0.25, 0.25}>>
  %2 = stablehlo.dot_general %f, %c, contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x4x!quant.uniform<i8:f32:1, {0.5, 0.5, 0.5, 0.5}>>) -> tensor<2x4xf32>
  return %0, %1, %2 : tensor<2x4x!quant.uniform<i32:f32, 0.25>>, tensor<2x4x!quant.uniform<i32:f32:1, {0.25, 0.25, 0.25, 0.25}>>, tensor<2x4xf32>
}
