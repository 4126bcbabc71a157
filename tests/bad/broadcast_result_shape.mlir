// expect: result tensor<3x2xf32> must have the shape [2, 3] (broadcast_sizes, then the operand's dimensions)
func.func @main(%arg0: tensor<3xf32>) -> tensor<3x2xf32> {
  %0 = stablehlo.broadcast %arg0, sizes = [2] : (tensor<3xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}
