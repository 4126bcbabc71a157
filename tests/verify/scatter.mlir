// stablehlo.scatter: invalid programs, one per constraint, with the error each must give.
func.func @main(%x: tensor<4xi32>, %idx: tensor<1x1xi32>, %u: tensor<1xi32>) {
  // expected-error@+1 {{result 0 and its inferred type must have compatible types, but tensor<4xi64> and tensor<4xi32> differ}}
  %0 = "stablehlo.scatter"(%x, %idx, %u) <{scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    stablehlo.return %a : tensor<i64>
  }) : (tensor<4xi32>, tensor<1x1xi32>, tensor<1xi32>) -> tensor<4xi32>
  return
}

// -----

func.func @main(%x: tensor<4xi32>, %idx: tensor<1x1xi32>, %u: tensor<1xi64>) {
  // expected-error@+1 {{update_computation argument #1 has type tensor<i32>, whose element type is not promotable from the update's i64}}
  %0 = "stablehlo.scatter"(%x, %idx, %u) <{scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    stablehlo.return %a : tensor<i32>
  }) : (tensor<4xi32>, tensor<1x1xi32>, tensor<1xi64>) -> tensor<4xi32>
  return
}
