func.func @main(%arg0: tensor<10x6xf32>, %arg1: tensor<4x2xi32>) -> tensor<4x3xf32> {
  %0 = "stablehlo.gather"(%arg0, %arg1) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0, 1], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 3>}> : (tensor<10x6xf32>, tensor<4x2xi32>) -> tensor<4x3xf32>
  func.return %0 : tensor<4x3xf32>
}
// -----
func.func @main(%arg0: tensor<10x6xi8>, %arg1: tensor<4x2xui32>) -> tensor<4xi8> {
  %0 = "stablehlo.gather"(%arg0, %arg1) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0, 1], start_index_map = [0, 1], index_vector_dim = 1>, slice_sizes = array<i64: 1, 1>}> : (tensor<10x6xi8>, tensor<4x2xui32>) -> tensor<4xi8>
  func.return %0 : tensor<4xi8>
}
// -----
func.func @main(%arg0: tensor<3x4x2xf32>, %arg1: tensor<2x3x2xi64>) -> tensor<2x3x2x2xf32> {
  %0 = "stablehlo.gather"(%arg0, %arg1) <{dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>, indices_are_sorted = true, slice_sizes = array<i64: 1, 2, 2>}> : (tensor<3x4x2xf32>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xf32>
  func.return %0 : tensor<2x3x2x2xf32>
}
// -----
func.func @main(%arg0: tensor<5x7x3xbf16>, %arg1: tensor<5x4xi32>) -> tensor<5x4x3xbf16> {
  %0 = "stablehlo.gather"(%arg0, %arg1) <{dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 2>, slice_sizes = array<i64: 1, 1, 3>}> : (tensor<5x7x3xbf16>, tensor<5x4xi32>) -> tensor<5x4x3xbf16>
  func.return %0 : tensor<5x4x3xbf16>
}
// -----
func.func @main(%arg0: tensor<f32>, %arg1: tensor<0xi32>) -> tensor<f32> {
  %0 = "stablehlo.gather"(%arg0, %arg1) <{dimension_numbers = #stablehlo.gather<index_vector_dim = 0>, slice_sizes = array<i64>}> : (tensor<f32>, tensor<0xi32>) -> tensor<f32>
  func.return %0 : tensor<f32>
}
// -----
func.func @main(%arg0: tensor<10x6xf32>, %arg1: tensor<4x2xi32>, %arg2: tensor<2xi32>) -> tensor<4x?xf32> {
  %0 = "stablehlo.dynamic_gather"(%arg0, %arg1, %arg2) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0, 1], index_vector_dim = 1>}> : (tensor<10x6xf32>, tensor<4x2xi32>, tensor<2xi32>) -> tensor<4x?xf32>
  func.return %0 : tensor<4x?xf32>
}
