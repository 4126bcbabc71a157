// stablehlo.gather: dimension numbers, batching dimensions, index_vector_dim, clamped starts, rank 0, empty results, each type class. Expected values from jax.lax.gather (mode=clip).

// Rows of a table (embedding lookup).
func.func @main() {
  %a0 = stablehlo.constant dense<[[-4.5, -3.5, -2.5], [-1.5, -0.5, 0.5], [1.5, 2.5, 3.5], [4.5, 5.5, 6.5], [7.5, 8.5, 9.5]]> : tensor<5x3xf32>
  %a1 = stablehlo.constant dense<[[0], [4], [2], [4]]> : tensor<4x1xi32>
  %r0 = "stablehlo.gather"(%a0, %a1) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 3>, indices_are_sorted = false}> : (tensor<5x3xf32>, tensor<4x1xi32>) -> tensor<4x3xf32>
  check.expect_eq_const %r0, dense<[[-4.5, -3.5, -2.5], [7.5, 8.5, 9.5], [1.5, 2.5, 3.5], [7.5, 8.5, 9.5]]> : tensor<4x3xf32>
  func.return
}

// -----

// Two start coordinates, mapped to operand dims out of order.
func.func @main() {
  %a0 = stablehlo.constant dense<[[[0, 1], [2, 3], [4, 5], [6, 7]], [[8, 9], [10, 11], [12, 13], [14, 15]], [[16, 17], [18, 19], [20, 21], [22, 23]]]> : tensor<3x4x2xi32>
  %a1 = stablehlo.constant dense<[[[0, 1], [2, 1], [1, 0]], [[3, 2], [0, 0], [1, 2]]]> : tensor<2x3x2xi64>
  %r0 = "stablehlo.gather"(%a0, %a1) <{dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 2, 2>, indices_are_sorted = false}> : (tensor<3x4x2xi32>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xi32>
  check.expect_eq_const %r0, dense<[[[[8, 9], [10, 11]], [[12, 13], [14, 15]], [[2, 3], [4, 5]]], [[[20, 21], [22, 23]], [[0, 1], [2, 3]], [[18, 19], [20, 21]]]]> : tensor<2x3x2x2xi32>
  func.return
}

// -----

// Out-of-bounds starts are clamped so that the slice fits.
func.func @main() {
  %a0 = stablehlo.constant dense<[[0, 1, 2, 3, 4], [5, 6, 7, 8, 9], [10, 11, 12, 13, 14], [15, 16, 17, 18, 19]]> : tensor<4x5xi16>
  %a1 = stablehlo.constant dense<[[-2, 1], [3, 10], [100, -100]]> : tensor<3x2xi32>
  %r0 = "stablehlo.gather"(%a0, %a1) <{dimension_numbers = #stablehlo.gather<offset_dims = [1, 2], start_index_map = [0, 1], index_vector_dim = 1>, slice_sizes = array<i64: 2, 3>, indices_are_sorted = false}> : (tensor<4x5xi16>, tensor<3x2xi32>) -> tensor<3x2x3xi16>
  check.expect_eq_const %r0, dense<[[[1, 2, 3], [6, 7, 8]], [[12, 13, 14], [17, 18, 19]], [[10, 11, 12], [15, 16, 17]]]> : tensor<3x2x3xi16>
  func.return
}

// -----

// A huge unsigned start clamps to the last valid one.
func.func @main() {
  %a0 = stablehlo.constant dense<[[0, 1, 2, 3, 4], [5, 6, 7, 8, 9], [10, 11, 12, 13, 14], [15, 16, 17, 18, 19]]> : tensor<4x5xi16>
  %a1 = stablehlo.constant dense<[[18446744073709551615], [1], [0]]> : tensor<3x1xui64>
  %r0 = "stablehlo.gather"(%a0, %a1) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 5>, indices_are_sorted = false}> : (tensor<4x5xi16>, tensor<3x1xui64>) -> tensor<3x5xi16>
  check.expect_eq_const %r0, dense<[[15, 16, 17, 18, 19], [5, 6, 7, 8, 9], [0, 1, 2, 3, 4]]> : tensor<3x5xi16>
  func.return
}

// -----

// Batching dimensions.
func.func @main() {
  %a0 = stablehlo.constant dense<[[[0.0, 1.0, 2.0], [3.0, 4.0, 5.0], [6.0, 7.0, 8.0], [9.0, 10.0, 11.0], [12.0, 13.0, 14.0]], [[15.0, 16.0, 17.0], [18.0, 19.0, 20.0], [21.0, 22.0, 23.0], [24.0, 25.0, 26.0], [27.0, 28.0, 29.0]]]> : tensor<2x5x3xf64>
  %a1 = stablehlo.constant dense<[[[4], [0], [1], [4]], [[2], [2], [3], [0]]]> : tensor<2x4x1xi32>
  %r0 = "stablehlo.gather"(%a0, %a1) <{dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 2>, slice_sizes = array<i64: 1, 1, 3>, indices_are_sorted = false}> : (tensor<2x5x3xf64>, tensor<2x4x1xi32>) -> tensor<2x4x3xf64>
  check.expect_eq_const %r0, dense<[[[12.0, 13.0, 14.0], [0.0, 1.0, 2.0], [3.0, 4.0, 5.0], [12.0, 13.0, 14.0]], [[21.0, 22.0, 23.0], [21.0, 22.0, 23.0], [24.0, 25.0, 26.0], [15.0, 16.0, 17.0]]]> : tensor<2x4x3xf64>
  func.return
}

// -----

// A batching dimension that is not the first dimension of start_indices.
func.func @main() {
  %a0 = stablehlo.constant dense<[[[0.0, 1.0, 2.0], [3.0, 4.0, 5.0], [6.0, 7.0, 8.0], [9.0, 10.0, 11.0], [12.0, 13.0, 14.0]], [[15.0, 16.0, 17.0], [18.0, 19.0, 20.0], [21.0, 22.0, 23.0], [24.0, 25.0, 26.0], [27.0, 28.0, 29.0]]]> : tensor<2x5x3xf64>
  %a1 = stablehlo.constant dense<[[[4], [2]], [[0], [2]], [[1], [3]], [[4], [0]]]> : tensor<4x2x1xi32>
  %r0 = "stablehlo.gather"(%a0, %a1) <{dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [1], start_index_map = [1], index_vector_dim = 2>, slice_sizes = array<i64: 1, 1, 3>, indices_are_sorted = false}> : (tensor<2x5x3xf64>, tensor<4x2x1xi32>) -> tensor<4x2x3xf64>
  check.expect_eq_const %r0, dense<[[[12.0, 13.0, 14.0], [21.0, 22.0, 23.0]], [[0.0, 1.0, 2.0], [21.0, 22.0, 23.0]], [[3.0, 4.0, 5.0], [24.0, 25.0, 26.0]], [[12.0, 13.0, 14.0], [15.0, 16.0, 17.0]]]> : tensor<4x2x3xf64>
  func.return
}

// -----

// index_vector_dim = 0.
func.func @main() {
  %a0 = stablehlo.constant dense<[[[0, 1], [2, 3], [4, 5], [6, 7]], [[8, 9], [10, 11], [12, 13], [14, 15]], [[16, 17], [18, 19], [20, 21], [22, 23]]]> : tensor<3x4x2xi32>
  %a1 = stablehlo.constant dense<[[[0, 2, 1], [3, 0, 1]], [[1, 1, 0], [2, 0, 2]]]> : tensor<2x2x3xi64>
  %r0 = "stablehlo.gather"(%a0, %a1) <{dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 0>, slice_sizes = array<i64: 1, 2, 2>, indices_are_sorted = false}> : (tensor<3x4x2xi32>, tensor<2x2x3xi64>) -> tensor<2x3x2x2xi32>
  check.expect_eq_const %r0, dense<[[[[8, 9], [10, 11]], [[12, 13], [14, 15]], [[2, 3], [4, 5]]], [[[20, 21], [22, 23]], [[0, 1], [2, 3]], [[18, 19], [20, 21]]]]> : tensor<2x3x2x2xi32>
  func.return
}

// -----

// index_vector_dim = rank: an implicit index vector of size 1.
func.func @main() {
  %a0 = stablehlo.constant dense<[[-4.5, -3.5, -2.5], [-1.5, -0.5, 0.5], [1.5, 2.5, 3.5], [4.5, 5.5, 6.5], [7.5, 8.5, 9.5]]> : tensor<5x3xf32>
  %a1 = stablehlo.constant dense<[3, 1, 1]> : tensor<3xi32>
  %r0 = "stablehlo.gather"(%a0, %a1) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 3>, indices_are_sorted = false}> : (tensor<5x3xf32>, tensor<3xi32>) -> tensor<3x3xf32>
  check.expect_eq_const %r0, dense<[[4.5, 5.5, 6.5], [-1.5, -0.5, 0.5], [-1.5, -0.5, 0.5]]> : tensor<3x3xf32>
  func.return
}

// -----

// An offset dimension before the batch dimension.
func.func @main() {
  %a0 = stablehlo.constant dense<[[-4.5, -3.5, -2.5], [-1.5, -0.5, 0.5], [1.5, 2.5, 3.5], [4.5, 5.5, 6.5], [7.5, 8.5, 9.5]]> : tensor<5x3xf32>
  %a1 = stablehlo.constant dense<[[1], [0]]> : tensor<2x1xi32>
  %r0 = "stablehlo.gather"(%a0, %a1) <{dimension_numbers = #stablehlo.gather<offset_dims = [0], collapsed_slice_dims = [1], start_index_map = [1], index_vector_dim = 1>, slice_sizes = array<i64: 5, 1>, indices_are_sorted = false}> : (tensor<5x3xf32>, tensor<2x1xi32>) -> tensor<5x2xf32>
  check.expect_eq_const %r0, dense<[[-3.5, -4.5], [-0.5, -1.5], [2.5, 1.5], [5.5, 4.5], [8.5, 7.5]]> : tensor<5x2xf32>
  func.return
}

// -----

// Rank 0.
func.func @main() {
  %a0 = stablehlo.constant dense<2.5> : tensor<f32>
  %a1 = stablehlo.constant dense<> : tensor<0xi32>
  %r0 = "stablehlo.gather"(%a0, %a1) <{dimension_numbers = #stablehlo.gather<index_vector_dim = 0>, slice_sizes = array<i64>, indices_are_sorted = false}> : (tensor<f32>, tensor<0xi32>) -> tensor<f32>
  check.expect_eq_const %r0, dense<2.5> : tensor<f32>
  func.return
}

// -----

// No indices: an empty result.
func.func @main() {
  %a0 = stablehlo.constant dense<[[-4.5, -3.5, -2.5], [-1.5, -0.5, 0.5], [1.5, 2.5, 3.5], [4.5, 5.5, 6.5], [7.5, 8.5, 9.5]]> : tensor<5x3xf32>
  %a1 = stablehlo.constant dense<> : tensor<0x1xi32>
  %r0 = "stablehlo.gather"(%a0, %a1) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 3>, indices_are_sorted = false}> : (tensor<5x3xf32>, tensor<0x1xi32>) -> tensor<0x3xf32>
  check.expect_eq_const %r0, dense<> : tensor<0x3xf32>
  func.return
}

// -----

// Empty slices.
func.func @main() {
  %a0 = stablehlo.constant dense<[[-4.5, -3.5, -2.5], [-1.5, -0.5, 0.5], [1.5, 2.5, 3.5], [4.5, 5.5, 6.5], [7.5, 8.5, 9.5]]> : tensor<5x3xf32>
  %a1 = stablehlo.constant dense<[[0], [4], [2], [4]]> : tensor<4x1xi32>
  %r0 = "stablehlo.gather"(%a0, %a1) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 0>, indices_are_sorted = false}> : (tensor<5x3xf32>, tensor<4x1xi32>) -> tensor<4x0xf32>
  check.expect_eq_const %r0, dense<> : tensor<4x0xf32>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[[true, false], [false, false], [true, true]]> : tensor<3x2xi1>
  %a1 = stablehlo.constant dense<[[0], [1]]> : tensor<2x1xi32>
  %r0 = "stablehlo.gather"(%a0, %a1) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 2>, indices_are_sorted = false}> : (tensor<3x2xi1>, tensor<2x1xi32>) -> tensor<2x2xi1>
  check.expect_eq_const %r0, dense<[[true, false], [false, false]]> : tensor<2x2xi1>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[[(1.0, 2.0), (-0.0, -1.0)], [(3.0, 0.0), (0x7FF8000000000000, 0.0)]]> : tensor<2x2xcomplex<f64>>
  %a1 = stablehlo.constant dense<[[1], [0]]> : tensor<2x1xi8>
  %r0 = "stablehlo.gather"(%a0, %a1) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 2>, indices_are_sorted = false}> : (tensor<2x2xcomplex<f64>>, tensor<2x1xi8>) -> tensor<2x2xcomplex<f64>>
  check.expect_eq_const %r0, dense<[[(3.0, 0.0), (0x7FF8000000000000, 0.0)], [(1.0, 2.0), (-0.0, -1.0)]]> : tensor<2x2xcomplex<f64>>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[[0x7FC0, -0.0], [0x7F80, 1.5]]> : tensor<2x2xbf16>
  %a1 = stablehlo.constant dense<[[1], [0], [1]]> : tensor<3x1xi64>
  %r0 = "stablehlo.gather"(%a0, %a1) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 2>, indices_are_sorted = false}> : (tensor<2x2xbf16>, tensor<3x1xi64>) -> tensor<3x2xbf16>
  check.expect_eq_const %r0, dense<[[0x7F80, 1.5], [0x7FC0, -0.0], [0x7F80, 1.5]]> : tensor<3x2xbf16>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[[-8, 7], [3, -1]]> : tensor<2x2xi4>
  %a1 = stablehlo.constant dense<[[1], [1]]> : tensor<2x1xui8>
  %r0 = "stablehlo.gather"(%a0, %a1) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 2>, indices_are_sorted = false}> : (tensor<2x2xi4>, tensor<2x1xui8>) -> tensor<2x2xi4>
  check.expect_eq_const %r0, dense<[[3, -1], [3, -1]]> : tensor<2x2xi4>
  func.return
}

// -----

// stablehlo.dynamic_gather: slice_sizes as an operand (the first chunk's gather).
func.func @main() {
  %a0 = stablehlo.constant dense<[[-4.5, -3.5, -2.5], [-1.5, -0.5, 0.5], [1.5, 2.5, 3.5], [4.5, 5.5, 6.5], [7.5, 8.5, 9.5]]> : tensor<5x3xf32>
  %a1 = stablehlo.constant dense<[[0], [4], [2], [4]]> : tensor<4x1xi32>
  %sizes = stablehlo.constant dense<[1, 3]> : tensor<2xi64>
  %r0 = "stablehlo.dynamic_gather"(%a0, %a1, %sizes) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false}> : (tensor<5x3xf32>, tensor<4x1xi32>, tensor<2xi64>) -> tensor<4x3xf32>
  check.expect_eq_const %r0, dense<[[-4.5, -3.5, -2.5], [7.5, 8.5, 9.5], [1.5, 2.5, 3.5], [7.5, 8.5, 9.5]]> : tensor<4x3xf32>
  func.return
}
