// expect: inputs and outputs must have the same size along dimension 1
func.func @main(%arg0: tensor<3x4xf32>, %arg1: tensor<3x2xf32>, %arg2: tensor<3xf32>) -> (tensor<3x4xf32>, tensor<3xf32>) {
  %0:2 = chlo.scan(%arg0, %arg1) inits(%arg2) dimension=1 {
  ^bb0(%a: tensor<3xf32>, %b: tensor<3xf32>, %c: tensor<3xf32>):
    stablehlo.return %a, %c : tensor<3xf32>, tensor<3xf32>
  } : (tensor<3x4xf32>, tensor<3x2xf32>, tensor<3xf32>) -> (tensor<3x4xf32>, tensor<3xf32>)
  return %0#0, %0#1 : tensor<3x4xf32>, tensor<3xf32>
}
