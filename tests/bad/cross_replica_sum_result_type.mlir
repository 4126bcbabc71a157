// expect: result must have the operand's type tensor<2x3xf32>
func.func @main(%arg0: tensor<2x3xf32>) -> tensor<2x3xf64> {
  %0 = "stablehlo.cross-replica-sum"(%arg0) <{replica_groups = dense<0> : tensor<1x1xi64>}> : (tensor<2x3xf32>) -> tensor<2x3xf64>
  return %0 : tensor<2x3xf64>
}
