// stablehlo.cholesky: lower, upper (the default), batched.
func.func @main(%a: tensor<6x6xf32>, %b: tensor<2x3x3xf64>) -> (tensor<6x6xf32>, tensor<2x3x3xf64>) {
  %0 = stablehlo.cholesky %a, lower = true : tensor<6x6xf32>
  %1 = stablehlo.cholesky %b : tensor<2x3x3xf64>
  return %0, %1 : tensor<6x6xf32>, tensor<2x3x3xf64>
}

// -----

func.func @main(%a: tensor<4x4xcomplex<f32>>) -> tensor<4x4xcomplex<f32>> {
  %0 = "stablehlo.cholesky"(%a) <{lower = false}> : (tensor<4x4xcomplex<f32>>) -> tensor<4x4xcomplex<f32>>
  return %0 : tensor<4x4xcomplex<f32>>
}
