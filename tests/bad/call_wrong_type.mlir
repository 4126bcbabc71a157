// expect: but @id has type
func.func @main(%arg0: tensor<f32>) -> tensor<f32> {
  %0 = call @id(%arg0) : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}
func.func private @id(%arg0: tensor<i32>) -> tensor<i32> {
  return %arg0 : tensor<i32>
}
