// expect: operation defines 1 results but 2 names were given
func.func @main(%arg0: tensor<f32>) -> tensor<f32> {
  %0:2 = "stablehlo.constant"() <{value = dense<1.0> : tensor<f32>}> : () -> tensor<f32>
  return %0#0 : tensor<f32>
}
