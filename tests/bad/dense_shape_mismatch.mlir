// expect: dense literal of shape [3] does not match type tensor<2xf32>
func.func @main() -> tensor<2xf32> {
  %0 = "stablehlo.constant"() <{value = dense<[1.0, 2.0, 3.0]> : tensor<2xf32>}> : () -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
