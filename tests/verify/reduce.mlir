// stablehlo.reduce: invalid programs, one per constraint, with the error each must give.
func.func @main(%x: tensor<4x3xf32>, %i: tensor<i32>) {
  // expected-error@+1 {{body argument #1 has type tensor<i32>, whose element type is not promotable from the input's f32}}
  %0 = stablehlo.reduce(%x init: %i) across dimensions = [1] : (tensor<4x3xf32>, tensor<i32>) -> tensor<4xi32>
   reducer(%a: tensor<i32>, %b: tensor<i32>) {
    stablehlo.return %a : tensor<i32>
  }
  return
}

// -----

func.func @main(%x: tensor<4x3xi64>, %i: tensor<i64>) {
  // expected-error@+1 {{body argument #0 has type tensor<i32>, whose element type is not promotable from the init value's i64}}
  %0 = stablehlo.reduce(%x init: %i) across dimensions = [1] : (tensor<4x3xi64>, tensor<i64>) -> tensor<4xi32>
   reducer(%a: tensor<i32>, %b: tensor<i32>) {
    stablehlo.return %a : tensor<i32>
  }
  return
}

// -----

func.func @main(%x: tensor<4x3xcomplex<f64>>, %i: tensor<complex<f64>>) {
  // expected-error@+1 {{body argument #0 has type tensor<complex<f32>>, whose element type is not promotable from the init value's complex<f64>}}
  %0 = stablehlo.reduce(%x init: %i) across dimensions = [1] : (tensor<4x3xcomplex<f64>>, tensor<complex<f64>>) -> tensor<4xcomplex<f32>>
   reducer(%a: tensor<complex<f32>>, %b: tensor<complex<f32>>) {
    stablehlo.return %a : tensor<complex<f32>>
  }
  return
}

// -----

func.func @main(%x: tensor<4x3xf32>, %i: tensor<f32>) {
  // expected-error@+1 {{result 0 has type tensor<4xf32> but must be tensor<4xf64>}}
  %0 = stablehlo.reduce(%x init: %i) across dimensions = [1] : (tensor<4x3xf32>, tensor<f32>) -> tensor<4xf32>
   reducer(%a: tensor<f64>, %b: tensor<f64>) {
    stablehlo.return %a : tensor<f64>
  }
  return
}

// -----

func.func @main(%x: tensor<4x3xf32>, %i: tensor<1xf32>) {
  // expected-error@+1 {{init values must be rank-0 tensors, but one is tensor<1xf32>}}
  %0 = stablehlo.reduce(%x init: %i) across dimensions = [1] : (tensor<4x3xf32>, tensor<1xf32>) -> tensor<4xf32>
   reducer(%a: tensor<f32>, %b: tensor<f32>) {
    stablehlo.return %a : tensor<f32>
  }
  return
}

// -----

func.func @main(%x: tensor<4x3xf32>, %i: tensor<f32>) {
  // expected-error@+1 {{body argument #0 must be a rank-0 tensor, but is tensor<1xf32>}}
  %0 = stablehlo.reduce(%x init: %i) across dimensions = [1] : (tensor<4x3xf32>, tensor<f32>) -> tensor<4xf32>
   reducer(%a: tensor<1xf32>, %b: tensor<1xf32>) {
    stablehlo.return %a : tensor<1xf32>
  }
  return
}

// -----

func.func @main(%x: tensor<4x3xf32>, %i: tensor<f32>) {
  // expected-error@+1 {{body must take 2 arguments, but takes 3}}
  %0 = "stablehlo.reduce"(%x, %i) <{dimensions = array<i64: 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) : (tensor<4x3xf32>, tensor<f32>) -> tensor<4xf32>
  return
}

// -----

func.func @main(%x: tensor<4x3xf32>, %i: tensor<f32>) {
  // expected-error@+1 {{body must return 1 value, but returns 2}}
  %0 = "stablehlo.reduce"(%x, %i) <{dimensions = array<i64: 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %a, %b : tensor<f32>, tensor<f32>
  }) : (tensor<4x3xf32>, tensor<f32>) -> tensor<4xf32>
  return
}

// -----

func.func @main(%x: tensor<4x3xf32>, %i: tensor<f32>) {
  // expected-error@+1 {{body returns tensor<f32> at #0 but its accumulator argument is tensor<f64>}}
  %0 = "stablehlo.reduce"(%x, %i) <{dimensions = array<i64: 1>}> ({
  ^bb0(%a: tensor<f64>, %b: tensor<f64>):
    %c = stablehlo.convert %a : (tensor<f64>) -> tensor<f32>
    stablehlo.return %c : tensor<f32>
  }) : (tensor<4x3xf32>, tensor<f32>) -> tensor<4xf64>
  return
}
