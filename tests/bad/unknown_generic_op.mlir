// expect: 3:8: error: unknown operation 'foo.bar'
func.func @main(%arg0: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "foo.bar"(%arg0) : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
