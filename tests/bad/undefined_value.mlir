// expect: 3:10: error: use of undeclared SSA value '%missing'
func.func @main(%arg0: tensor<2xf32>) -> tensor<2xf32> {
  return %missing : tensor<2xf32>
}
