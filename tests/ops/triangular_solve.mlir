// stablehlo.triangular_solve (generic form): left and right side, batched.
func.func @main(%a: tensor<6x6xf32>, %b: tensor<6x3xf32>) -> tensor<6x3xf32> {
  %0 = "stablehlo.triangular_solve"(%a, %b) <{left_side = true, lower = true, transpose_a = #stablehlo<transpose NO_TRANSPOSE>, unit_diagonal = false}> : (tensor<6x6xf32>, tensor<6x3xf32>) -> tensor<6x3xf32>
  return %0 : tensor<6x3xf32>
}

// -----

func.func @main(%a: tensor<2x4x4xf64>, %b: tensor<2x3x4xf64>) -> tensor<2x3x4xf64> {
  %0 = "stablehlo.triangular_solve"(%a, %b) <{left_side = false, lower = false, transpose_a = #stablehlo<transpose ADJOINT>, unit_diagonal = true}> : (tensor<2x4x4xf64>, tensor<2x3x4xf64>) -> tensor<2x3x4xf64>
  return %0 : tensor<2x3x4xf64>
}
