// expect: unexpected text after the module
module {
}
func.func @main(%arg0: tensor<f32>) -> tensor<f32> {
  return %arg0 : tensor<f32>
}
