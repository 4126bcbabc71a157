// expect: unknown operation 'stablehlo.frobnicate'
func.func @main(%arg0: tensor<2xf32>) -> tensor<2xf32> {
  %0 = stablehlo.frobnicate %arg0 : tensor<2xf32>
  return %0 : tensor<2xf32>
}
