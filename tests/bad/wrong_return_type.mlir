// expect: returns (tensor<2xf32>) but the function returns (tensor<3xf32>)
func.func @main(%arg0: tensor<2xf32>) -> tensor<3xf32> {
  return %arg0 : tensor<2xf32>
}
