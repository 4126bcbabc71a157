// expect: unsupported: 'stablehlo.einsum'
func.func @main(%arg0: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = stablehlo.einsum %arg0, %arg0, config = "ab,ab->ab" : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}
