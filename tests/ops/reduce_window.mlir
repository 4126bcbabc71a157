// stablehlo.reduce_window (generic form): cumulative sum with padding, max pooling, rank 0.
func.func @main(%x: tensor<3x12xf32>) -> tensor<3x12xf32> {
  %c = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %0 = "stablehlo.reduce_window"(%x, %c) <{base_dilations = array<i64: 1, 1>, padding = dense<[[0, 0], [11, 0]]> : tensor<2x2xi64>, window_dilations = array<i64: 1, 1>, window_dimensions = array<i64: 1, 12>, window_strides = array<i64: 1, 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %1 = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %1 : tensor<f32>
  }) : (tensor<3x12xf32>, tensor<f32>) -> tensor<3x12xf32>
  return %0 : tensor<3x12xf32>
}

// -----

func.func @main(%x: tensor<2x8x8x3xi32>) -> tensor<2x4x4x3xi32> {
  %c = stablehlo.constant dense<-2147483648> : tensor<i32>
  %0 = "stablehlo.reduce_window"(%x, %c) <{window_dimensions = array<i64: 1, 2, 2, 1>, window_strides = array<i64: 1, 2, 2, 1>}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %1 = stablehlo.maximum %a, %b : tensor<i32>
    stablehlo.return %1 : tensor<i32>
  }) : (tensor<2x8x8x3xi32>, tensor<i32>) -> tensor<2x4x4x3xi32>
  return %0 : tensor<2x4x4x3xi32>
}

// -----

func.func @main(%x: tensor<f32>) -> tensor<f32> {
  %0 = "stablehlo.reduce_window"(%x, %x) <{window_dimensions = array<i64>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) : (tensor<f32>, tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

// The body may accumulate in a promoted element type; the result has the body's.
func.func @main(%x: tensor<4xf32>, %i: tensor<f32>) -> tensor<3xf64> {
  %0 = "stablehlo.reduce_window"(%x, %i) <{window_dimensions = array<i64: 2>}> ({
  ^bb0(%a: tensor<f64>, %b: tensor<f64>):
    %s = stablehlo.add %a, %b : tensor<f64>
    stablehlo.return %s : tensor<f64>
  }) : (tensor<4xf32>, tensor<f32>) -> tensor<3xf64>
  return %0 : tensor<3xf64>
}
