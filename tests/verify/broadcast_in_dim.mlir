// stablehlo.broadcast_in_dim: invalid programs with the error each must give.
func.func @main(%x: tensor<4xf32>) {
  // expected-error@+1 {{result tensor<?xf32> must have a static shape or one bounded dynamic dimension}}
  %0 = stablehlo.broadcast_in_dim %x, dims = [0] : (tensor<4xf32>) -> tensor<?xf32>
  return
}

// -----

func.func @main(%x: tensor<1xf32>) {
  // expected-error@+1 {{must have a static shape or one bounded dynamic dimension}}
  %0 = stablehlo.broadcast_in_dim %x, dims = [1] : (tensor<1xf32>) -> tensor<?x?xf32, #stablehlo.bounds<2, 2>>
  return
}
