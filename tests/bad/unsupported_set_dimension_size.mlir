// expect: unsupported: 'stablehlo.set_dimension_size'
func.func @main(%arg0: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %c = stablehlo.constant dense<2> : tensor<i32>
  %0 = stablehlo.set_dimension_size %arg0, %c, dim = 0 : (tensor<2x3xf32>, tensor<i32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}
