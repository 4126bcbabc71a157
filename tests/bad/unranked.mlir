// expect: unranked tensors are not supported
func.func @main(%arg0: tensor<*xf32>) -> tensor<*xf32> {
  return %arg0 : tensor<*xf32>
}
