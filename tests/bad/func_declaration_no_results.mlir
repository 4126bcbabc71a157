// expect: unsupported: function declaration @sink has no body
func.func private @sink()
func.func @main(%arg0: tensor<2xf32>) -> tensor<2xf32> {
  return %arg0 : tensor<2xf32>
}
