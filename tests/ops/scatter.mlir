func.func @main(%arg0: tensor<10x6xf32>, %arg1: tensor<7x1xi32>, %arg2: tensor<7x6xf32>) -> tensor<10x6xf32> {
  %0 = "stablehlo.scatter"(%arg0, %arg1, %arg2) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
  ^bb0(%arg3: tensor<f32>, %arg4: tensor<f32>):
    %1 = stablehlo.add %arg3, %arg4 : tensor<f32>
    stablehlo.return %1 : tensor<f32>
  }) : (tensor<10x6xf32>, tensor<7x1xi32>, tensor<7x6xf32>) -> tensor<10x6xf32>
  func.return %0 : tensor<10x6xf32>
}
// -----
func.func @main(%arg0: tensor<10x6xi32>, %arg1: tensor<4x2xi64>, %arg2: tensor<4xi32>) -> tensor<10x6xi32> {
  %0 = "stablehlo.scatter"(%arg0, %arg1, %arg2) <{scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0, 1], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>}> ({
  ^bb0(%arg3: tensor<i32>, %arg4: tensor<i32>):
    stablehlo.return %arg4 : tensor<i32>
  }) : (tensor<10x6xi32>, tensor<4x2xi64>, tensor<4xi32>) -> tensor<10x6xi32>
  func.return %0 : tensor<10x6xi32>
}
// -----
func.func @main(%arg0: tensor<5x3xf32>, %arg1: tensor<5x3xi1>, %arg2: tensor<2xi32>, %arg3: tensor<2x3xf32>, %arg4: tensor<2x3xi1>) -> (tensor<5x3xf32>, tensor<5x3xi1>) {
  %0:2 = "stablehlo.scatter"(%arg0, %arg1, %arg2, %arg3, %arg4) <{indices_are_sorted = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = true}> ({
  ^bb0(%arg5: tensor<f32>, %arg6: tensor<i1>, %arg7: tensor<f32>, %arg8: tensor<i1>):
    stablehlo.return %arg7, %arg8 : tensor<f32>, tensor<i1>
  }) : (tensor<5x3xf32>, tensor<5x3xi1>, tensor<2xi32>, tensor<2x3xf32>, tensor<2x3xi1>) -> (tensor<5x3xf32>, tensor<5x3xi1>)
  func.return %0#0, %0#1 : tensor<5x3xf32>, tensor<5x3xi1>
}
// -----
func.func @main(%arg0: tensor<4x7x3xbf16>, %arg1: tensor<4x2x1xi32>, %arg2: tensor<4x2x3xbf16>) -> tensor<4x7x3xbf16> {
  %0 = "stablehlo.scatter"(%arg0, %arg1, %arg2) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2], inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 2>}> ({
  ^bb0(%arg3: tensor<bf16>, %arg4: tensor<bf16>):
    stablehlo.return %arg4 : tensor<bf16>
  }) : (tensor<4x7x3xbf16>, tensor<4x2x1xi32>, tensor<4x2x3xbf16>) -> tensor<4x7x3xbf16>
  func.return %0 : tensor<4x7x3xbf16>
}

// -----

// The update computation may promote the inputs' and the updates' element types (i32 input,
// i16 or i64 updates, an i64 body); the results have the body's element type.
func.func @main(%x: tensor<4xi32>, %idx: tensor<1x1xi32>, %u: tensor<1xi64>, %v: tensor<1xi16>) -> (tensor<4xi64>, tensor<4xi32>) {
  %0 = "stablehlo.scatter"(%x, %idx, %u) <{scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    %c = stablehlo.add %a, %b : tensor<i64>
    stablehlo.return %c : tensor<i64>
  }) : (tensor<4xi32>, tensor<1x1xi32>, tensor<1xi64>) -> tensor<4xi64>
  %1 = "stablehlo.scatter"(%x, %idx, %v) <{scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    stablehlo.return %b : tensor<i32>
  }) : (tensor<4xi32>, tensor<1x1xi32>, tensor<1xi16>) -> tensor<4xi32>
  return %0, %1 : tensor<4xi64>, tensor<4xi32>
}
