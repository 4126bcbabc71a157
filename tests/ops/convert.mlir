func.func @main(%arg0: tensor<12xf32>) -> tensor<12xbf16> {
  %0 = stablehlo.convert %arg0 : (tensor<12xf32>) -> tensor<12xbf16>
  %1 = stablehlo.convert %arg0 : (tensor<12xf32>) -> tensor<12xf16>
  %2 = stablehlo.convert %arg0 : (tensor<12xf32>) -> tensor<12xf8E4M3FN>
  %3 = stablehlo.convert %arg0 : (tensor<12xf32>) -> tensor<12xf8E5M2>
  return %0 : tensor<12xbf16>
}

// -----

func.func @main(%arg0: tensor<i32>, %arg1: tensor<3xui64>, %arg2: tensor<12xi1>) -> tensor<complex<f32>> {
  %0 = stablehlo.convert %arg0 : (tensor<i32>) -> tensor<complex<f32>>
  %1 = stablehlo.convert %arg0 : (tensor<i32>) -> tensor<ui32>
  %2 = stablehlo.convert %arg1 : (tensor<3xui64>) -> tensor<3xui32>
  %3 = stablehlo.convert %arg2 : tensor<12xi1>
  %4 = stablehlo.convert %arg2 : (tensor<12xi1>) -> tensor<12xf32>
  %5 = stablehlo.convert %arg0 : tensor<i32>
  return %0 : tensor<complex<f32>>
}

// -----

func.func @main(%arg0: tensor<?x4xf64>) -> tensor<2x4xi64> {
  %0 = stablehlo.convert %arg0 : (tensor<?x4xf64>) -> tensor<2x4xi64>
  %1 = stablehlo.convert %arg0 {some.attr = true} : tensor<?x4xf64>
  return %0 : tensor<2x4xi64>
}
