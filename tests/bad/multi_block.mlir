// expect: regions with more than one block are not supported
func.func @main(%arg0: tensor<f32>) -> tensor<f32> {
  return %arg0 : tensor<f32>
^bb1:
  return %arg0 : tensor<f32>
}
