func.func @main(%arg0: tensor<i32>, %arg1: tensor<i32>, %arg2: tensor<i32>) -> tensor<i32> {
  %0 = stablehlo.clamp %arg0, %arg1, %arg2 : tensor<i32>
  return %0 : tensor<i32>
}

// -----

func.func @main(%arg0: tensor<f32>, %arg1: tensor<2x3xf32>, %arg2: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = stablehlo.clamp %arg0, %arg1, %arg0 : (tensor<f32>, tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  %1 = stablehlo.clamp %arg2, %arg1, %arg2 : tensor<2x3xf32>
  %2 = stablehlo.clamp %arg0, %arg1, %arg2 : (tensor<f32>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @main(%arg0: tensor<ui8>, %arg1: tensor<?xui8>, %arg2: tensor<4xbf16>) -> tensor<?xui8> {
  %0 = stablehlo.clamp %arg0, %arg1, %arg0 {some.attr = 2 : i64} : (tensor<ui8>, tensor<?xui8>, tensor<ui8>) -> tensor<?xui8>
  %1 = stablehlo.clamp %arg2, %arg2, %arg2 : tensor<4xbf16>
  return %0 : tensor<?xui8>
}
