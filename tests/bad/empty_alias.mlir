// expect: undefined attribute alias #nothing
func.func @main(%arg0: tensor<f32>) -> tensor<f32> attributes {x = #nothing} {
  return %arg0 : tensor<f32>
}
