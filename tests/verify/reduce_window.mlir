// stablehlo.reduce_window: invalid programs, one per constraint, with the error each must give.
func.func @main(%x: tensor<4xf32>, %i: tensor<f32>) {
  // expected-error@+1 {{result 0 has type tensor<3xf32> but must be tensor<3xf64>}}
  %0 = "stablehlo.reduce_window"(%x, %i) <{window_dimensions = array<i64: 2>}> ({
  ^bb0(%a: tensor<f64>, %b: tensor<f64>):
    stablehlo.return %a : tensor<f64>
  }) : (tensor<4xf32>, tensor<f32>) -> tensor<3xf32>
  return
}

// -----

func.func @main(%x: tensor<4xf32>, %i: tensor<f32>) {
  // expected-error@+1 {{body argument #1 has type tensor<i32>, whose element type is not promotable from the input's f32}}
  %0 = "stablehlo.reduce_window"(%x, %i) <{window_dimensions = array<i64: 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<i32>):
    stablehlo.return %a : tensor<f32>
  }) : (tensor<4xf32>, tensor<f32>) -> tensor<3xf32>
  return
}

// -----

func.func @main(%x: tensor<4xf32>, %i: tensor<2xf32>) {
  // expected-error@+1 {{init values must be rank-0 tensors, but one is tensor<2xf32>}}
  %0 = "stablehlo.reduce_window"(%x, %i) <{window_dimensions = array<i64: 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) : (tensor<4xf32>, tensor<2xf32>) -> tensor<3xf32>
  return
}
