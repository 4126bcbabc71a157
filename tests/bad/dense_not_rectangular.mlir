// expect: dense literal is not rectangular
func.func @main() -> tensor<2x2xf32> {
  %0 = "stablehlo.constant"() <{value = dense<[[1.0, 2.0], [3.0]]> : tensor<2x2xf32>}> : () -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}
