// stablehlo.broadcast (deprecated): broadcast_sizes lead the result's dimensions.
func.func @main(%arg0: tensor<3xf32>) -> tensor<2x4x3xf32> {
  %0 = stablehlo.broadcast %arg0, sizes = [2, 4] : (tensor<3xf32>) -> tensor<2x4x3xf32>
  return %0 : tensor<2x4x3xf32>
}

// -----

func.func @main(%arg0: tensor<i1>) -> tensor<i1> {
  %0 = "stablehlo.broadcast"(%arg0) <{broadcast_sizes = array<i64>}> : (tensor<i1>) -> tensor<i1>
  return %0 : tensor<i1>
}
