func.func @main(%arg0: tensor<16xi1>, %arg1: tensor<16xi32>, %arg2: tensor<16xi32>) -> tensor<16xi32> {
  %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<16xi1>, tensor<16xi32>
  return %0 : tensor<16xi32>
}

// -----

func.func @main(%arg0: tensor<i1>, %arg1: tensor<2x3xf32>, %arg2: tensor<f32>) -> tensor<2x3xf32> {
  %0 = stablehlo.select %arg0, %arg1, %arg1 : tensor<i1>, tensor<2x3xf32>
  %1 = stablehlo.select %arg0, %arg2, %arg2 : tensor<i1>, tensor<f32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @main(%arg0: tensor<4xi1>, %arg1: tensor<4xcomplex<f32>>, %arg2: tensor<?xcomplex<f32>>, %arg3: tensor<i1>) -> tensor<4xcomplex<f32>> {
  %0 = stablehlo.select %arg0, %arg1, %arg2 : (tensor<4xi1>, tensor<4xcomplex<f32>>, tensor<?xcomplex<f32>>) -> tensor<4xcomplex<f32>>
  %1 = stablehlo.select %arg3, %arg2, %arg2 {some.attr} : tensor<i1>, tensor<?xcomplex<f32>>
  %2 = stablehlo.select %arg3, %arg3, %arg3 : tensor<i1>, tensor<i1>
  return %0 : tensor<4xcomplex<f32>>
}
