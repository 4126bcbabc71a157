// expect: redefinition of SSA value
func.func @main(%arg0: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "stablehlo.constant"() <{value = dense<1.0> : tensor<2xf32>}> : () -> tensor<2xf32>
  %0 = "stablehlo.constant"() <{value = dense<2.0> : tensor<2xf32>}> : () -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
