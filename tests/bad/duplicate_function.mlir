// expect: redefines function @f
func.func @f(%arg0: tensor<f32>) -> tensor<f32> {
  return %arg0 : tensor<f32>
}
func.func @f(%arg0: tensor<f32>) -> tensor<f32> {
  return %arg0 : tensor<f32>
}
