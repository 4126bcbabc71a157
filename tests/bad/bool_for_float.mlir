// expect: boolean literal for a non-i1 element type
func.func @main() -> tensor<f32> {
  %0 = "stablehlo.constant"() <{value = dense<true> : tensor<f32>}> : () -> tensor<f32>
  return %0 : tensor<f32>
}
