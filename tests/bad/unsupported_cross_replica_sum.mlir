// expect: unsupported: 'stablehlo.cross-replica-sum' (a deprecated op; write stablehlo.all_reduce)
func.func @main(%arg0: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = "stablehlo.cross-replica-sum"(%arg0) <{replica_groups = dense<0> : tensor<1x1xi64>}> : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}
