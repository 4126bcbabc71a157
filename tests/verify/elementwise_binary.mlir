// Element-wise binary ops: invalid programs with the error each must give.

// -----

func.func @main(%x: tensor<?xf32, #stablehlo.bounds<2>>, %y: tensor<3xf32>) {
  // expected-error@+1 {{lhs and rhs must have compatible types, but tensor<?xf32, #stablehlo.bounds<2>> and tensor<3xf32> differ}}
  %0 = stablehlo.add %x, %y : (tensor<?xf32, #stablehlo.bounds<2>>, tensor<3xf32>) -> tensor<3xf32>
  return
}
