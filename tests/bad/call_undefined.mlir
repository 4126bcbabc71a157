// expect: calls @nowhere, which is not defined
func.func @main(%arg0: tensor<f32>) -> tensor<f32> {
  %0 = call @nowhere(%arg0) : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}
