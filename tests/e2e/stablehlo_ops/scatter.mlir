// stablehlo.scatter: dimension numbers, batching dimensions, index_vector_dim, update regions, several inputs, out-of-bounds updates skipped, rank 0, empty updates, each type class, promoted update regions. Expected values from jax.lax.scatter(_add) (mode=drop) unless noted.

// Row updates; a repeated row accumulates.
func.func @main() {
  %a0 = stablehlo.constant dense<[[0.0, 1.0, 2.0], [3.0, 4.0, 5.0], [6.0, 7.0, 8.0], [9.0, 10.0, 11.0], [12.0, 13.0, 14.0]]> : tensor<5x3xf32>
  %a1 = stablehlo.constant dense<[[1], [3], [1]]> : tensor<3x1xi32>
  %a2 = stablehlo.constant dense<[[1.0, 2.0, 3.0], [10.0, 20.0, 30.0], [100.0, 200.0, 300.0]]> : tensor<3x3xf32>
  %r0 = "stablehlo.scatter"(%a0, %a1, %a2) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, indices_are_sorted = false, unique_indices = false}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
  %s = stablehlo.add %x, %y : tensor<f32>
  stablehlo.return %s : tensor<f32>
  }) : (tensor<5x3xf32>, tensor<3x1xi32>, tensor<3x3xf32>) -> tensor<5x3xf32>
  check.expect_eq_const %r0, dense<[[0.0, 1.0, 2.0], [104.0, 206.0, 308.0], [6.0, 7.0, 8.0], [19.0, 30.0, 41.0], [12.0, 13.0, 14.0]]> : tensor<5x3xf32>
  func.return
}

// -----

// update_computation returning the update overwrites.
func.func @main() {
  %a0 = stablehlo.constant dense<[[0, 1, 2], [3, 4, 5], [6, 7, 8], [9, 10, 11], [12, 13, 14]]> : tensor<5x3xi32>
  %a1 = stablehlo.constant dense<[[4], [0]]> : tensor<2x1xi64>
  %a2 = stablehlo.constant dense<[[1, 2, 3], [10, 20, 30]]> : tensor<2x3xi32>
  %r0 = "stablehlo.scatter"(%a0, %a1, %a2) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, indices_are_sorted = false, unique_indices = false}> ({
  ^bb0(%x: tensor<i32>, %y: tensor<i32>):
  stablehlo.return %y : tensor<i32>
  }) : (tensor<5x3xi32>, tensor<2x1xi64>, tensor<2x3xi32>) -> tensor<5x3xi32>
  check.expect_eq_const %r0, dense<[[10, 20, 30], [3, 4, 5], [6, 7, 8], [9, 10, 11], [1, 2, 3]]> : tensor<5x3xi32>
  func.return
}

// -----

// update_computation returning the input leaves it unchanged.
func.func @main() {
  %a0 = stablehlo.constant dense<[[0.0, 1.0, 2.0], [3.0, 4.0, 5.0], [6.0, 7.0, 8.0], [9.0, 10.0, 11.0], [12.0, 13.0, 14.0]]> : tensor<5x3xf32>
  %a1 = stablehlo.constant dense<[[1], [3]]> : tensor<2x1xi32>
  %a2 = stablehlo.constant dense<[[1.0, 2.0, 3.0], [10.0, 20.0, 30.0]]> : tensor<2x3xf32>
  %r0 = "stablehlo.scatter"(%a0, %a1, %a2) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, indices_are_sorted = false, unique_indices = false}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
  stablehlo.return %x : tensor<f32>
  }) : (tensor<5x3xf32>, tensor<2x1xi32>, tensor<2x3xf32>) -> tensor<5x3xf32>
  check.expect_eq_const %r0, dense<[[0.0, 1.0, 2.0], [3.0, 4.0, 5.0], [6.0, 7.0, 8.0], [9.0, 10.0, 11.0], [12.0, 13.0, 14.0]]> : tensor<5x3xf32>
  func.return
}

// -----

// Windows entirely out of bounds are skipped.
func.func @main() {
  %a0 = stablehlo.constant dense<[[0.0, 1.0, 2.0], [3.0, 4.0, 5.0], [6.0, 7.0, 8.0], [9.0, 10.0, 11.0], [12.0, 13.0, 14.0]]> : tensor<5x3xf32>
  %a1 = stablehlo.constant dense<[[-1], [5], [2]]> : tensor<3x1xi32>
  %a2 = stablehlo.constant dense<[[1.0, 2.0, 3.0], [10.0, 20.0, 30.0], [100.0, 200.0, 300.0]]> : tensor<3x3xf32>
  %r0 = "stablehlo.scatter"(%a0, %a1, %a2) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, indices_are_sorted = false, unique_indices = false}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
  %s = stablehlo.add %x, %y : tensor<f32>
  stablehlo.return %s : tensor<f32>
  }) : (tensor<5x3xf32>, tensor<3x1xi32>, tensor<3x3xf32>) -> tensor<5x3xf32>
  check.expect_eq_const %r0, dense<[[0.0, 1.0, 2.0], [3.0, 4.0, 5.0], [106.0, 207.0, 308.0], [9.0, 10.0, 11.0], [12.0, 13.0, 14.0]]> : tensor<5x3xf32>
  func.return
}

// -----

// Two-dimensional windows.
func.func @main() {
  %a0 = stablehlo.constant dense<[[0, 1, 2], [3, 4, 5], [6, 7, 8], [9, 10, 11], [12, 13, 14]]> : tensor<5x3xi64>
  %a1 = stablehlo.constant dense<[[2, 1], [0, 0]]> : tensor<2x2xi32>
  %a2 = stablehlo.constant dense<[[[1, 2], [3, 4]], [[5, 6], [7, 8]]]> : tensor<2x2x2xi64>
  %r0 = "stablehlo.scatter"(%a0, %a1, %a2) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>, indices_are_sorted = false, unique_indices = false}> ({
  ^bb0(%x: tensor<i64>, %y: tensor<i64>):
  %s = stablehlo.add %x, %y : tensor<i64>
  stablehlo.return %s : tensor<i64>
  }) : (tensor<5x3xi64>, tensor<2x2xi32>, tensor<2x2x2xi64>) -> tensor<5x3xi64>
  check.expect_eq_const %r0, dense<[[5, 7, 2], [10, 12, 5], [6, 8, 10], [9, 13, 15], [12, 13, 14]]> : tensor<5x3xi64>
  func.return
}

// -----

// Point updates; the last one is out of bounds.
func.func @main() {
  %a0 = stablehlo.constant dense<[[0, 1, 2], [3, 4, 5], [6, 7, 8], [9, 10, 11], [12, 13, 14]]> : tensor<5x3xui32>
  %a1 = stablehlo.constant dense<[[0, 2], [4, 0], [7, 7]]> : tensor<3x2xi32>
  %a2 = stablehlo.constant dense<[5, 6, 7]> : tensor<3xui32>
  %r0 = "stablehlo.scatter"(%a0, %a1, %a2) <{scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0, 1], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>, indices_are_sorted = false, unique_indices = false}> ({
  ^bb0(%x: tensor<ui32>, %y: tensor<ui32>):
  %s = stablehlo.add %x, %y : tensor<ui32>
  stablehlo.return %s : tensor<ui32>
  }) : (tensor<5x3xui32>, tensor<3x2xi32>, tensor<3xui32>) -> tensor<5x3xui32>
  check.expect_eq_const %r0, dense<[[0, 1, 7], [3, 4, 5], [6, 7, 8], [9, 10, 11], [18, 13, 14]]> : tensor<5x3xui32>
  func.return
}

// -----

// Batching dimensions; index 9 is out of bounds.
func.func @main() {
  %a0 = stablehlo.constant dense<[[0, 1, 2, 3, 4], [5, 6, 7, 8, 9]]> : tensor<2x5xi32>
  %a1 = stablehlo.constant dense<[[[4], [0], [4]], [[1], [9], [1]]]> : tensor<2x3x1xi32>
  %a2 = stablehlo.constant dense<[[1, 2, 3], [10, 20, 30]]> : tensor<2x3xi32>
  %r0 = "stablehlo.scatter"(%a0, %a1, %a2) <{scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 2>, indices_are_sorted = false, unique_indices = false}> ({
  ^bb0(%x: tensor<i32>, %y: tensor<i32>):
  %s = stablehlo.add %x, %y : tensor<i32>
  stablehlo.return %s : tensor<i32>
  }) : (tensor<2x5xi32>, tensor<2x3x1xi32>, tensor<2x3xi32>) -> tensor<2x5xi32>
  check.expect_eq_const %r0, dense<[[2, 1, 2, 3, 8], [5, 46, 7, 8, 9]]> : tensor<2x5xi32>
  func.return
}

// -----

// A batching dimension that is not the first of scatter_indices.
func.func @main() {
  %a0 = stablehlo.constant dense<[[0, 1, 2, 3, 4], [5, 6, 7, 8, 9]]> : tensor<2x5xi32>
  %a1 = stablehlo.constant dense<[[[4], [1]], [[0], [9]], [[4], [1]]]> : tensor<3x2x1xi32>
  %a2 = stablehlo.constant dense<[[1, 10], [2, 20], [3, 30]]> : tensor<3x2xi32>
  %r0 = "stablehlo.scatter"(%a0, %a1, %a2) <{scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [1], scatter_dims_to_operand_dims = [1], index_vector_dim = 2>, indices_are_sorted = false, unique_indices = false}> ({
  ^bb0(%x: tensor<i32>, %y: tensor<i32>):
  %s = stablehlo.add %x, %y : tensor<i32>
  stablehlo.return %s : tensor<i32>
  }) : (tensor<2x5xi32>, tensor<3x2x1xi32>, tensor<3x2xi32>) -> tensor<2x5xi32>
  check.expect_eq_const %r0, dense<[[2, 1, 2, 3, 8], [5, 46, 7, 8, 9]]> : tensor<2x5xi32>
  func.return
}

// -----

// index_vector_dim = 0.
func.func @main() {
  %a0 = stablehlo.constant dense<[[0.0, 1.0, 2.0], [3.0, 4.0, 5.0], [6.0, 7.0, 8.0], [9.0, 10.0, 11.0], [12.0, 13.0, 14.0]]> : tensor<5x3xf32>
  %a1 = stablehlo.constant dense<[[1, 3, 1]]> : tensor<1x3xi32>
  %a2 = stablehlo.constant dense<[[1.0, 2.0, 3.0], [10.0, 20.0, 30.0], [100.0, 200.0, 300.0]]> : tensor<3x3xf32>
  %r0 = "stablehlo.scatter"(%a0, %a1, %a2) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 0>, indices_are_sorted = false, unique_indices = false}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
  %s = stablehlo.add %x, %y : tensor<f32>
  stablehlo.return %s : tensor<f32>
  }) : (tensor<5x3xf32>, tensor<1x3xi32>, tensor<3x3xf32>) -> tensor<5x3xf32>
  check.expect_eq_const %r0, dense<[[0.0, 1.0, 2.0], [104.0, 206.0, 308.0], [6.0, 7.0, 8.0], [19.0, 30.0, 41.0], [12.0, 13.0, 14.0]]> : tensor<5x3xf32>
  func.return
}

// -----

// index_vector_dim = rank: an implicit index vector of size 1.
func.func @main() {
  %a0 = stablehlo.constant dense<[[0.0, 1.0, 2.0], [3.0, 4.0, 5.0], [6.0, 7.0, 8.0], [9.0, 10.0, 11.0], [12.0, 13.0, 14.0]]> : tensor<5x3xf32>
  %a1 = stablehlo.constant dense<[1, 3, 1]> : tensor<3xi32>
  %a2 = stablehlo.constant dense<[[1.0, 2.0, 3.0], [10.0, 20.0, 30.0], [100.0, 200.0, 300.0]]> : tensor<3x3xf32>
  %r0 = "stablehlo.scatter"(%a0, %a1, %a2) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, indices_are_sorted = false, unique_indices = false}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
  %s = stablehlo.add %x, %y : tensor<f32>
  stablehlo.return %s : tensor<f32>
  }) : (tensor<5x3xf32>, tensor<3xi32>, tensor<3x3xf32>) -> tensor<5x3xf32>
  check.expect_eq_const %r0, dense<[[0.0, 1.0, 2.0], [104.0, 206.0, 308.0], [6.0, 7.0, 8.0], [19.0, 30.0, 41.0], [12.0, 13.0, 14.0]]> : tensor<5x3xf32>
  func.return
}

// -----

// A window dimension before the scatter dimension.
func.func @main() {
  %a0 = stablehlo.constant dense<[[0.0, 1.0, 2.0], [3.0, 4.0, 5.0], [6.0, 7.0, 8.0], [9.0, 10.0, 11.0], [12.0, 13.0, 14.0]]> : tensor<5x3xf32>
  %a1 = stablehlo.constant dense<[[1], [3]]> : tensor<2x1xi32>
  %a2 = stablehlo.constant dense<[[1.0, 10.0], [2.0, 20.0], [3.0, 30.0]]> : tensor<3x2xf32>
  %r0 = "stablehlo.scatter"(%a0, %a1, %a2) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [0], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, indices_are_sorted = false, unique_indices = false}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
  %s = stablehlo.add %x, %y : tensor<f32>
  stablehlo.return %s : tensor<f32>
  }) : (tensor<5x3xf32>, tensor<2x1xi32>, tensor<3x2xf32>) -> tensor<5x3xf32>
  check.expect_eq_const %r0, dense<[[0.0, 1.0, 2.0], [4.0, 6.0, 8.0], [6.0, 7.0, 8.0], [19.0, 30.0, 41.0], [12.0, 13.0, 14.0]]> : tensor<5x3xf32>
  func.return
}

// -----

// Rank 0.
func.func @main() {
  %a0 = stablehlo.constant dense<1.5> : tensor<f64>
  %a1 = stablehlo.constant dense<> : tensor<0xi32>
  %a2 = stablehlo.constant dense<2.25> : tensor<f64>
  %r0 = "stablehlo.scatter"(%a0, %a1, %a2) <{scatter_dimension_numbers = #stablehlo.scatter<index_vector_dim = 0>, indices_are_sorted = false, unique_indices = false}> ({
  ^bb0(%x: tensor<f64>, %y: tensor<f64>):
  %s = stablehlo.add %x, %y : tensor<f64>
  stablehlo.return %s : tensor<f64>
  }) : (tensor<f64>, tensor<0xi32>, tensor<f64>) -> tensor<f64>
  check.expect_eq_const %r0, dense<3.75> : tensor<f64>
  func.return
}

// -----

// No updates.
func.func @main() {
  %a0 = stablehlo.constant dense<[[0.0, 1.0, 2.0], [3.0, 4.0, 5.0], [6.0, 7.0, 8.0], [9.0, 10.0, 11.0], [12.0, 13.0, 14.0]]> : tensor<5x3xf32>
  %a1 = stablehlo.constant dense<> : tensor<0x1xi32>
  %a2 = stablehlo.constant dense<> : tensor<0x3xf32>
  %r0 = "stablehlo.scatter"(%a0, %a1, %a2) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, indices_are_sorted = false, unique_indices = false}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
  %s = stablehlo.add %x, %y : tensor<f32>
  stablehlo.return %s : tensor<f32>
  }) : (tensor<5x3xf32>, tensor<0x1xi32>, tensor<0x3xf32>) -> tensor<5x3xf32>
  check.expect_eq_const %r0, dense<[[0.0, 1.0, 2.0], [3.0, 4.0, 5.0], [6.0, 7.0, 8.0], [9.0, 10.0, 11.0], [12.0, 13.0, 14.0]]> : tensor<5x3xf32>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[true, false, false]> : tensor<3xi1>
  %a1 = stablehlo.constant dense<[[2], [0]]> : tensor<2x1xi32>
  %a2 = stablehlo.constant dense<[true, false]> : tensor<2xi1>
  %r0 = "stablehlo.scatter"(%a0, %a1, %a2) <{scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, indices_are_sorted = false, unique_indices = false}> ({
  ^bb0(%x: tensor<i1>, %y: tensor<i1>):
  stablehlo.return %y : tensor<i1>
  }) : (tensor<3xi1>, tensor<2x1xi32>, tensor<2xi1>) -> tensor<3xi1>
  check.expect_eq_const %r0, dense<[false, false, true]> : tensor<3xi1>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[(1.0, 2.0), (-0.0, -1.0), (3.0, 0.0)]> : tensor<3xcomplex<f32>>
  %a1 = stablehlo.constant dense<[[2], [0], [2]]> : tensor<3x1xi32>
  %a2 = stablehlo.constant dense<[(0.0, 1.0), (2.0, 0.0), (-3.0, 1.0)]> : tensor<3xcomplex<f32>>
  %r0 = "stablehlo.scatter"(%a0, %a1, %a2) <{scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, indices_are_sorted = false, unique_indices = false}> ({
  ^bb0(%x: tensor<complex<f32>>, %y: tensor<complex<f32>>):
  %s = stablehlo.add %x, %y : tensor<complex<f32>>
  stablehlo.return %s : tensor<complex<f32>>
  }) : (tensor<3xcomplex<f32>>, tensor<3x1xi32>, tensor<3xcomplex<f32>>) -> tensor<3xcomplex<f32>>
  check.expect_eq_const %r0, dense<[(3.0, 2.0), (-0.0, -1.0), (0.0, 2.0)]> : tensor<3xcomplex<f32>>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.5, -0.0, 1.0]> : tensor<3xbf16>
  %a1 = stablehlo.constant dense<[[1], [1], [0]]> : tensor<3x1xui8>
  %a2 = stablehlo.constant dense<[0.25, 0.5, 2.0]> : tensor<3xbf16>
  %r0 = "stablehlo.scatter"(%a0, %a1, %a2) <{scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, indices_are_sorted = false, unique_indices = false}> ({
  ^bb0(%x: tensor<bf16>, %y: tensor<bf16>):
  %s = stablehlo.add %x, %y : tensor<bf16>
  stablehlo.return %s : tensor<bf16>
  }) : (tensor<3xbf16>, tensor<3x1xui8>, tensor<3xbf16>) -> tensor<3xbf16>
  check.expect_eq_const %r0, dense<[2.5, 0.75, 1.0]> : tensor<3xbf16>
  func.return
}

// -----

// i4 wraps: 7 + 1 = -8, -8 - 1 = 7.
func.func @main() {
  %a0 = stablehlo.constant dense<[-8, 7, 0]> : tensor<3xi4>
  %a1 = stablehlo.constant dense<[[1], [0]]> : tensor<2x1xi32>
  %a2 = stablehlo.constant dense<[1, -1]> : tensor<2xi4>
  %r0 = "stablehlo.scatter"(%a0, %a1, %a2) <{scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, indices_are_sorted = false, unique_indices = false}> ({
  ^bb0(%x: tensor<i4>, %y: tensor<i4>):
  %s = stablehlo.add %x, %y : tensor<i4>
  stablehlo.return %s : tensor<i4>
  }) : (tensor<3xi4>, tensor<2x1xi32>, tensor<2xi4>) -> tensor<3xi4>
  check.expect_eq_const %r0, dense<[7, -8, 0]> : tensor<3xi4>
  func.return
}

// -----

// Signed overflow wraps.
func.func @main() {
  %a0 = stablehlo.constant dense<[2147483647, 0]> : tensor<2xi32>
  %a1 = stablehlo.constant dense<[[0]]> : tensor<1x1xi32>
  %a2 = stablehlo.constant dense<[1]> : tensor<1xi32>
  %r0 = "stablehlo.scatter"(%a0, %a1, %a2) <{scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, indices_are_sorted = false, unique_indices = false}> ({
  ^bb0(%x: tensor<i32>, %y: tensor<i32>):
  %s = stablehlo.add %x, %y : tensor<i32>
  stablehlo.return %s : tensor<i32>
  }) : (tensor<2xi32>, tensor<1x1xi32>, tensor<1xi32>) -> tensor<2xi32>
  check.expect_eq_const %r0, dense<[-2147483648, 0]> : tensor<2xi32>
  func.return
}

// -----

// A window that sticks out of the input: its in-bounds part is applied (spec).
func.func @main() {
  %a0 = stablehlo.constant dense<[[0.0, 1.0, 2.0], [3.0, 4.0, 5.0], [6.0, 7.0, 8.0], [9.0, 10.0, 11.0], [12.0, 13.0, 14.0]]> : tensor<5x3xf32>
  %a1 = stablehlo.constant dense<[[4, 0]]> : tensor<1x2xi32>
  %a2 = stablehlo.constant dense<[[[1.0, 2.0, 3.0], [0.0, 0.0, 0.0]]]> : tensor<1x2x3xf32>
  %r0 = "stablehlo.scatter"(%a0, %a1, %a2) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>, indices_are_sorted = false, unique_indices = false}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
  %s = stablehlo.add %x, %y : tensor<f32>
  stablehlo.return %s : tensor<f32>
  }) : (tensor<5x3xf32>, tensor<1x2xi32>, tensor<1x2x3xf32>) -> tensor<5x3xf32>
  check.expect_eq_const %r0, dense<[[0.0, 1.0, 2.0], [3.0, 4.0, 5.0], [6.0, 7.0, 8.0], [9.0, 10.0, 11.0], [13.0, 15.0, 17.0]]> : tensor<5x3xf32>
  func.return
}

// -----

// Two inputs: the first accumulates, the second is overwritten.
func.func @main() {
  %a0 = stablehlo.constant dense<[[0.0, 1.0, 2.0], [3.0, 4.0, 5.0], [6.0, 7.0, 8.0], [9.0, 10.0, 11.0], [12.0, 13.0, 14.0]]> : tensor<5x3xf32>
  %a1 = stablehlo.constant dense<[[0, -1, -2], [-3, -4, -5], [-6, -7, -8], [-9, -10, -11], [-12, -13, -14]]> : tensor<5x3xi32>
  %a2 = stablehlo.constant dense<[[3], [0]]> : tensor<2x1xi32>
  %a3 = stablehlo.constant dense<[[1.0, 2.0, 3.0], [10.0, 20.0, 30.0]]> : tensor<2x3xf32>
  %a4 = stablehlo.constant dense<[[2, 4, 6], [20, 40, 60]]> : tensor<2x3xi32>
  %r0, %r1 = "stablehlo.scatter"(%a0, %a1, %a2, %a3, %a4) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%x0: tensor<f32>, %x1: tensor<i32>, %y0: tensor<f32>, %y1: tensor<i32>):
  %s = stablehlo.add %x0, %y0 : tensor<f32>
  stablehlo.return %s, %y1 : tensor<f32>, tensor<i32>
  }) : (tensor<5x3xf32>, tensor<5x3xi32>, tensor<2x1xi32>, tensor<2x3xf32>, tensor<2x3xi32>) -> (tensor<5x3xf32>, tensor<5x3xi32>)
  check.expect_eq_const %r0, dense<[[10.0, 21.0, 32.0], [3.0, 4.0, 5.0], [6.0, 7.0, 8.0], [10.0, 12.0, 14.0], [12.0, 13.0, 14.0]]> : tensor<5x3xf32>
  check.expect_eq_const %r1, dense<[[20, 40, 60], [-3, -4, -5], [-6, -7, -8], [2, 4, 6], [-12, -13, -14]]> : tensor<5x3xi32>
  func.return
}

// -----

// Promoted update_computation (spec C23, C24): inputs and updates are combined in the
// region's element type, which the results have: i8 summed in i32 does not wrap, and f32
// updates summed in f64 keep what f32 would round away. Expected values by hand.
func.func @main() {
  %i = stablehlo.constant dense<[100, 0, -100]> : tensor<3xi8>
  %iu = stablehlo.constant dense<[100, 100, -100]> : tensor<3xi8>
  %idx = stablehlo.constant dense<[[0], [0], [2]]> : tensor<3x1xi32>
  %x = stablehlo.constant dense<[16777216.0, 0.0]> : tensor<2xf32>
  %xu = stablehlo.constant dense<[1.0, 1.0, 1.0]> : tensor<3xf32>
  %xi = stablehlo.constant dense<[[0], [0], [0]]> : tensor<3x1xi32>
  %n = "stablehlo.scatter"(%i, %idx, %iu) <{scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %s = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }) : (tensor<3xi8>, tensor<3x1xi32>, tensor<3xi8>) -> tensor<3xi32>
  %f = "stablehlo.scatter"(%x, %xi, %xu) <{scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f64>, %b: tensor<f64>):
    %s = stablehlo.add %a, %b : tensor<f64>
    stablehlo.return %s : tensor<f64>
  }) : (tensor<2xf32>, tensor<3x1xi32>, tensor<3xf32>) -> tensor<2xf64>
  check.expect_eq_const %n, dense<[300, 0, -200]> : tensor<3xi32>
  check.expect_eq_const %f, dense<[16777219.0, 0.0]> : tensor<2xf64>
  func.return
}
