// expect: unsupported: 'stablehlo.unary_einsum'
func.func @main(%arg0: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = stablehlo.unary_einsum %arg0, config = "ab->ab" : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}
