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
