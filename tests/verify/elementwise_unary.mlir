// Element-wise unary ops: invalid programs with the error each must give.

// -----

func.func @main(%x: tensor<4xf32>) {
  // expected-error@+1 {{result_accuracy with mode DEFAULT must have zero tolerances}}
  %0 = stablehlo.exponential %x {result_accuracy = #stablehlo.result_accuracy<atol = 1.0, rtol = 0.0, ulps = 0, mode = #stablehlo.result_accuracy_mode<DEFAULT>>} : tensor<4xf32>
  return
}

// -----

func.func @main(%x: tensor<4xf32>) {
  // expected-error@+1 {{result_accuracy with mode DEFAULT must have zero tolerances}}
  %0 = stablehlo.exponential %x {result_accuracy = #stablehlo.result_accuracy<atol = 0.0, rtol = 0.0, ulps = 1, mode = #stablehlo.result_accuracy_mode<DEFAULT>>} : tensor<4xf32>
  return
}

// -----

func.func @main(%x: tensor<4xf32>) {
  // expected-error@+1 {{result_accuracy with mode HIGHEST must have zero tolerances}}
  %0 = stablehlo.exponential %x {result_accuracy = #stablehlo.result_accuracy<atol = 0.0, rtol = 1.0e-3, ulps = 0, mode = #stablehlo.result_accuracy_mode<HIGHEST>>} : tensor<4xf32>
  return
}

// -----

func.func @main(%x: tensor<4xf32>) {
  // expected-error@+1 {{result_accuracy tolerances must not be negative, but are atol = -1, rtol = 0, ulps = 0}}
  %0 = stablehlo.exponential %x {result_accuracy = #stablehlo.result_accuracy<atol = -1.0, rtol = 0.0, ulps = 0, mode = #stablehlo.result_accuracy_mode<TOLERANCE>>} : tensor<4xf32>
  return
}

// -----

func.func @main(%x: tensor<4xf32>) {
  // expected-error@+1 {{result_accuracy tolerances must not be negative}}
  %0 = stablehlo.exponential %x {result_accuracy = #stablehlo.result_accuracy<atol = 0.0, rtol = -0.5, ulps = 0, mode = #stablehlo.result_accuracy_mode<TOLERANCE>>} : tensor<4xf32>
  return
}

// -----

func.func @main(%x: tensor<4xf32>) {
  // expected-error@+1 {{result_accuracy tolerances must not be negative}}
  %0 = stablehlo.exponential %x {result_accuracy = #stablehlo.result_accuracy<atol = 0.0, rtol = 0.0, ulps = -1, mode = #stablehlo.result_accuracy_mode<TOLERANCE>>} : tensor<4xf32>
  return
}

// -----

func.func @main(%x: tensor<?xf32, #stablehlo.bounds<4>>) {
  // expected-error@+1 {{operand and result must have the same shape, but tensor<?xf32, #stablehlo.bounds<4>> and tensor<5xf32> differ}}
  %0 = stablehlo.abs %x : (tensor<?xf32, #stablehlo.bounds<4>>) -> tensor<5xf32>
  return
}

// -----

func.func @main(%x: tensor<3xf32>) {
  // expected-error@+1 {{operand and result must have the same shape}}
  %0 = stablehlo.abs %x : (tensor<3xf32>) -> tensor<?xf32, #stablehlo.bounds<2>>
  return
}
