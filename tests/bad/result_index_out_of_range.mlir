// expect: result number 5 out of range
func.func @main(%arg0: tensor<f32>) -> tensor<f32> {
  %0:2 = "foo.pair"() : () -> (tensor<f32>, tensor<f32>)
  return %0#5 : tensor<f32>
}
