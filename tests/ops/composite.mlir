// stablehlo.composite: with every attribute, with only the required ones, no inputs.
func.func @main(%a: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = stablehlo.composite "kiln.gelu" %a {composite_attributes = {approximate = true}, decomposition = @gelu, version = 1 : i32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %1 = stablehlo.composite "kiln.gelu" %0 {decomposition = @gelu} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %2 = stablehlo.composite "kiln.zero" {decomposition = @zero} : () -> tensor<i32>
  return %1 : tensor<2x3xf32>
}
func.func private @gelu(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  return %x : tensor<2x3xf32>
}
func.func private @zero() -> tensor<i32> {
  %c = stablehlo.constant dense<0> : tensor<i32>
  return %c : tensor<i32>
}

// -----

// Namespaced names: several parts, digits and '_' in any part, '$' after the first.
func.func @f(%a: tensor<f32>) -> tensor<f32> {
  return %a : tensor<f32>
}
func.func @main(%x: tensor<f32>) -> tensor<f32> {
  %0 = stablehlo.composite "a.b.c" %x {decomposition = @f} : (tensor<f32>) -> tensor<f32>
  %1 = stablehlo.composite "a_1.b$c" %0 {decomposition = @f} : (tensor<f32>) -> tensor<f32>
  %2 = stablehlo.composite "x.1b" %1 {decomposition = @f} : (tensor<f32>) -> tensor<f32>
  return %2 : tensor<f32>
}
