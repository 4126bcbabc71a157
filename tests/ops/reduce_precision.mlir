func.func @main(%arg0: tensor<6xf32>) -> tensor<6xf32> {
  %0 = stablehlo.reduce_precision %arg0, format = e5m10 : tensor<6xf32>
  %1 = stablehlo.reduce_precision %0, format = e8m7 : tensor<6xf32>
  %2 = stablehlo.reduce_precision %1, format = e1m0 : tensor<6xf32>
  return %2 : tensor<6xf32>
}

// -----

func.func @main(%arg0: tensor<f64>, %arg1: tensor<?x2xbf16>) -> tensor<f64> {
  %0 = stablehlo.reduce_precision %arg0, format = e11m52 : tensor<f64>
  %1 = stablehlo.reduce_precision %arg1, format = e4m3 : (tensor<?x2xbf16>) -> tensor<3x2xbf16>
  %2 = stablehlo.reduce_precision %arg1, format = e5m2 {some.attr = "x"} : tensor<?x2xbf16>
  return %0 : tensor<f64>
}
