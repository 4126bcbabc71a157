// stablehlo.select_and_scatter (generic form): the gradient of 2x2 max pooling.
func.func @main(%x: tensor<4x4xf32>, %g: tensor<2x2xf32>) -> tensor<4x4xf32> {
  %c = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %0 = "stablehlo.select_and_scatter"(%x, %g, %c) <{padding = dense<0> : tensor<2x2xi64>, window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %1 = stablehlo.compare GE, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %1 = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %1 : tensor<f32>
  }) : (tensor<4x4xf32>, tensor<2x2xf32>, tensor<f32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

// The scatter body may accumulate in a promoted element type; the result has the body's.
func.func @main(%x: tensor<4xi32>, %s: tensor<2xi32>, %i: tensor<i32>) -> tensor<4xi64> {
  %0 = "stablehlo.select_and_scatter"(%x, %s, %i) <{window_dimensions = array<i64: 2>, window_strides = array<i64: 2>}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %c = stablehlo.compare GE, %a, %b : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    %c = stablehlo.add %a, %b : tensor<i64>
    stablehlo.return %c : tensor<i64>
  }) : (tensor<4xi32>, tensor<2xi32>, tensor<i32>) -> tensor<4xi64>
  return %0 : tensor<4xi64>
}
