// chlo.scan: outputs stacked along the scanned dimension, and carried values.
func.func @main(%arg0: tensor<5x2xf64>, %arg1: tensor<4xf64>) -> (tensor<5x2xf64>, tensor<4xf64>) {
  %0:2 = chlo.scan(%arg0) inits(%arg1) dimension=0 {
  ^bb0(%b0: tensor<2xf64>, %b1: tensor<4xf64>):
    %1 = stablehlo.add %b1, %b1 : tensor<4xf64>
    stablehlo.return %b0, %1 : tensor<2xf64>, tensor<4xf64>
  } : (tensor<5x2xf64>, tensor<4xf64>) -> (tensor<5x2xf64>, tensor<4xf64>)
  return %0#0, %0#1 : tensor<5x2xf64>, tensor<4xf64>
}

// -----

func.func @main(%arg0: tensor<3x4xf32>, %arg1: tensor<3x4xf32>, %arg2: tensor<3xf32>) -> (tensor<3x4xf32>, tensor<3xf32>) {
  %0:2 = chlo.scan(%arg0, %arg1) inits(%arg2) dimension=1 {
  ^bb0(%a: tensor<3xf32>, %b: tensor<3xf32>, %c: tensor<3xf32>):
    %1 = stablehlo.add %a, %c : tensor<3xf32>
    stablehlo.return %1, %1 : tensor<3xf32>, tensor<3xf32>
  } : (tensor<3x4xf32>, tensor<3x4xf32>, tensor<3xf32>) -> (tensor<3x4xf32>, tensor<3xf32>)
  return %0#0, %0#1 : tensor<3x4xf32>, tensor<3xf32>
}
