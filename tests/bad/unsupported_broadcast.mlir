// expect: unsupported: 'stablehlo.broadcast' (a deprecated op; write stablehlo.broadcast_in_dim)
func.func @main(%arg0: tensor<3xf32>) -> tensor<2x3xf32> {
  %0 = stablehlo.broadcast %arg0, sizes = [2] : (tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}
