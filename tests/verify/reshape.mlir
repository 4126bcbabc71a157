// stablehlo.reshape: invalid programs, one per constraint, with the error each must give.
func.func @main(%x: tensor<?x4xf32>) {
  // expected-error@+1 {{result tensor<?xf32> must have a static shape or one bounded dynamic dimension}}
  %0 = stablehlo.reshape %x : (tensor<?x4xf32>) -> tensor<?xf32>
  return
}

// -----

func.func @main(%x: tensor<2x4xf32>) {
  // expected-error@+1 {{must have a static shape or one bounded dynamic dimension}}
  %0 = stablehlo.reshape %x : (tensor<2x4xf32>) -> tensor<?x?xf32, #stablehlo.bounds<4, 4>>
  return
}

// -----

func.func @main(%x: tensor<2x4xf32>) {
  // expected-error@+1 {{operand tensor<2x4xf32> and result tensor<9xf32> must have the same number of elements}}
  %0 = stablehlo.reshape %x : (tensor<2x4xf32>) -> tensor<9xf32>
  return
}
