func.func @main(%arg0: tensor<16xf32>, %arg1: tensor<16xf32>) -> tensor<16xi1> {
  %0 = stablehlo.compare  LT, %arg0, %arg1,  FLOAT : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xi1>
  %1 = stablehlo.compare  GT, %arg0, %arg1,  TOTALORDER : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xi1>
  %2 = stablehlo.compare  EQ, %arg0, %arg1 : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xi1>
  return %0 : tensor<16xi1>
}

// -----

func.func @main(%arg0: tensor<i32>, %arg1: tensor<ui32>, %arg2: tensor<2x3xi1>) -> tensor<i1> {
  %0 = stablehlo.compare  GE, %arg0, %arg0,  SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
  %1 = stablehlo.compare  LE, %arg1, %arg1,  UNSIGNED : (tensor<ui32>, tensor<ui32>) -> tensor<i1>
  %2 = stablehlo.compare  NE, %arg2, %arg2,  UNSIGNED : (tensor<2x3xi1>, tensor<2x3xi1>) -> tensor<2x3xi1>
  %3 = stablehlo.compare  EQ, %arg0, %arg0,  NOTYPE : (tensor<i32>, tensor<i32>) -> tensor<i1>
  return %0 : tensor<i1>
}

// -----

func.func @main(%arg0: tensor<4xcomplex<f32>>, %arg1: tensor<?x4xbf16>) -> tensor<4xi1> {
  %0 = stablehlo.compare  EQ, %arg0, %arg0,  FLOAT : (tensor<4xcomplex<f32>>, tensor<4xcomplex<f32>>) -> tensor<4xi1>
  %1 = stablehlo.compare  LT, %arg1, %arg1 {some.attr = "x"} : (tensor<?x4xbf16>, tensor<?x4xbf16>) -> tensor<?x4xi1>
  return %0 : tensor<4xi1>
}
