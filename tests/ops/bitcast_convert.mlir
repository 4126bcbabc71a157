func.func @main(%arg0: tensor<12xf32>, %arg1: tensor<f32>) -> tensor<12xui32> {
  %0 = stablehlo.bitcast_convert %arg0 : (tensor<12xf32>) -> tensor<12xui32>
  %1 = stablehlo.bitcast_convert %0 : (tensor<12xui32>) -> tensor<12xf32>
  %2 = stablehlo.bitcast_convert %arg1 : (tensor<f32>) -> tensor<i32>
  %3 = stablehlo.bitcast_convert %arg1 : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<12xui32>
}

// -----

func.func @main(%arg0: tensor<2xui64>, %arg1: tensor<2x2xui32>, %arg2: tensor<f64>) -> tensor<2x2xui32> {
  %0 = stablehlo.bitcast_convert %arg0 : (tensor<2xui64>) -> tensor<2x2xui32>
  %1 = stablehlo.bitcast_convert %arg1 : (tensor<2x2xui32>) -> tensor<2xui64>
  %2 = stablehlo.bitcast_convert %arg2 : (tensor<f64>) -> tensor<8xui8>
  %3 = stablehlo.bitcast_convert %arg2 : (tensor<f64>) -> tensor<4xbf16>
  return %0 : tensor<2x2xui32>
}

// -----

func.func @main(%arg0: tensor<?x4xi8>, %arg1: tensor<3xcomplex<f32>>) -> tensor<?xi32> {
  %0 = stablehlo.bitcast_convert %arg0 : (tensor<?x4xi8>) -> tensor<?xi32>
  %1 = stablehlo.bitcast_convert %arg1 : (tensor<3xcomplex<f32>>) -> tensor<3xcomplex<f32>>
  %2 = stablehlo.bitcast_convert %0 {some.attr = 1 : i32} : (tensor<?xi32>) -> tensor<?xf32>
  return %0 : tensor<?xi32>
}
