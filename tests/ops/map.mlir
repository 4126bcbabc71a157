func.func @main(%arg0: tensor<4xf32>, %arg1: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "stablehlo.map"(%arg0, %arg1) <{dimensions = array<i64: 0>}> ({
  ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
    %1 = stablehlo.add %arg2, %arg3 : tensor<f32>
    stablehlo.return %1 : tensor<f32>
  }) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @main(%arg0: tensor<2x3xf32>) -> tensor<2x3xi32> {
  %0 = "stablehlo.map"(%arg0) <{dimensions = array<i64: 0, 1>}> ({
  ^bb0(%arg1: tensor<f32>):
    %1 = stablehlo.convert %arg1 : (tensor<f32>) -> tensor<i32>
    stablehlo.return %1 : tensor<i32>
  }) : (tensor<2x3xf32>) -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}

// -----

func.func @main(%arg0: tensor<i32>, %arg1: tensor<i1>, %arg2: tensor<i32>) -> tensor<i32> {
  %0 = "stablehlo.map"(%arg1, %arg0, %arg2) <{dimensions = array<i64>}> ({
  ^bb0(%arg3: tensor<i1>, %arg4: tensor<i32>, %arg5: tensor<i32>):
    %1 = stablehlo.select %arg3, %arg4, %arg5 : tensor<i1>, tensor<i32>
    stablehlo.return %1 : tensor<i32>
  }) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
  return %0 : tensor<i32>
}
