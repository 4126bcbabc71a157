// stablehlo.batch_norm_training, batch_norm_inference and batch_norm_grad (generic form).
func.func @main(%x: tensor<2x3x4xf32>, %s: tensor<3xf32>, %o: tensor<3xf32>) -> tensor<2x3x4xf32> {
  %0:3 = "stablehlo.batch_norm_training"(%x, %s, %o) <{epsilon = 1.000000e-03 : f32, feature_index = 1 : i64}> : (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>)
  %1 = "stablehlo.batch_norm_inference"(%x, %s, %o, %0#1, %0#2) <{epsilon = 1.000000e-03 : f32, feature_index = 1 : i64}> : (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3x4xf32>
  %2:3 = "stablehlo.batch_norm_grad"(%x, %s, %0#1, %0#2, %1) <{epsilon = 1.000000e-03 : f32, feature_index = 1 : i64}> : (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<2x3x4xf32>) -> (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>)
  return %2#0 : tensor<2x3x4xf32>
}

// -----

func.func @main(%x: tensor<8xf64>, %s: tensor<8xf64>) -> tensor<8xf64> {
  %0 = "stablehlo.batch_norm_inference"(%x, %s, %s, %s, %s) <{epsilon = 1.000000e-05 : f32, feature_index = 0 : i64}> : (tensor<8xf64>, tensor<8xf64>, tensor<8xf64>, tensor<8xf64>, tensor<8xf64>) -> tensor<8xf64>
  return %0 : tensor<8xf64>
}
