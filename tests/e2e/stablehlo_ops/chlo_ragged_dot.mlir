// chlo.ragged_dot in its three modes (expected values from jax.lax.ragged_dot_general on CPU).
// Ragged non-contracting: rows 0-1 use group 0, row 2 group 1, rows 3-4 (past the groups) are zero.
func.func @main() {
  %lhs = stablehlo.constant dense<[[ 0.,  0.], [ 2.,  3.], [-3., -2.], [ 2.,  3.], [-2., -1.]]> : tensor<5x2xf32>
  %rhs = stablehlo.constant dense<[[[ 3., -1., -2.],  [ 2., -2., -1.]], [[ 1.,  0., -3.],  [-3.,  3.,  2.]]]> : tensor<2x2x3xf32>
  %g = stablehlo.constant dense<[2, 1]> : tensor<2xi64>
  %r = "chlo.ragged_dot"(%lhs, %rhs, %g) <{precision_config = [#chlo<precision DEFAULT>, #chlo<precision DEFAULT>], ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>}> : (tensor<5x2xf32>, tensor<2x2x3xf32>, tensor<2xi64>) -> tensor<5x3xf32>
  check.expect_eq_const %r, dense<[[ 0.,  0.,  0.], [12., -8., -7.], [ 3., -6.,  5.], [ 0.,  0.,  0.], [ 0.,  0.,  0.]]> : tensor<5x3xf32>
  func.return
}

// -----

// Ragged non-contracting with a batch dimension: group sizes per batch index; an empty group.
func.func @main() {
  %lhs = stablehlo.constant dense<[[[ 2.,  0.,  2.],  [-1.,  0.,  2.],  [-3., -1., -3.],  [ 0.,  3., -3.]], [[-1., -1.,  3.],  [-2.,  0., -2.],  [-3.,  2., -3.],  [-2.,  0.,  0.]]]> : tensor<2x4x3xf32>
  %rhs = stablehlo.constant dense<[[[[-3.,  3.],   [ 2.,  3.],   [-3.,  2.]],  [[-1.,  0.],   [ 3., -2.],   [ 2., -2.]],  [[-1.,  3.],   [-1.,  0.],   [-1., -3.]]], [[[-1.,  1.],   [ 0.,  2.],   [-1.,  1.]],  [[ 2.,  3.],   [-1., -3.],   [ 2.,  0.]],  [[ 3.,  0.],   [-1., -3.],   [ 0.,  1.]]]]> : tensor<2x3x3x2xf32>
  %g = stablehlo.constant dense<[[1, 0, 3], [2, 2, 0]]> : tensor<2x3xi64>
  %r = "chlo.ragged_dot"(%lhs, %rhs, %g) <{precision_config = [#chlo<precision DEFAULT>, #chlo<precision DEFAULT>], ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [2], lhs_ragged_dimensions = [1], rhs_group_dimensions = [1]>}> : (tensor<2x4x3xf32>, tensor<2x3x3x2xf32>, tensor<2x3xi64>) -> tensor<2x4x2xf32>
  check.expect_eq_const %r, dense<[[[-12.,  10.],  [ -1.,  -9.],  [  7.,   0.],  [  0.,   9.]], [[ -2.,   0.],  [  4.,  -4.],  [-14., -15.],  [ -4.,  -6.]]]> : tensor<2x4x2xf32>
  func.return
}

// -----

// Ragged contracting: the result gains a leading group dimension; group j sums its range of k.
func.func @main() {
  %lhs = stablehlo.constant dense<[[ 2.,  2., -2.,  1.,  2.], [-2., -1.,  2.,  1.,  0.]]> : tensor<2x5xf32>
  %rhs = stablehlo.constant dense<[[ 1.,  0.,  3.], [ 2., -3., -2.], [ 0.,  2., -3.], [ 1.,  2.,  2.], [ 3., -2.,  0.]]> : tensor<5x3xf32>
  %g = stablehlo.constant dense<[2, 0, 3]> : tensor<3xi64>
  %r = "chlo.ragged_dot"(%lhs, %rhs, %g) <{precision_config = [#chlo<precision DEFAULT>, #chlo<precision DEFAULT>], ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0], lhs_ragged_dimensions = [1]>}> : (tensor<2x5xf32>, tensor<5x3xf32>, tensor<3xi64>) -> tensor<3x2x3xf32>
  check.expect_eq_const %r, dense<[[[ 6., -6.,  2.],  [-4.,  3., -4.]], [[ 0.,  0.,  0.],  [ 0.,  0.,  0.]], [[ 7., -6.,  8.],  [ 1.,  6., -4.]]]> : tensor<3x2x3xf32>
  func.return
}

// -----

// Ragged contracting with a batch dimension and group sizes per batch index.
func.func @main() {
  %lhs = stablehlo.constant dense<[[[ 2., -1., -2.,  0.],  [-3., -2.,  2.,  1.],  [ 3.,  2.,  3., -1.]], [[ 0.,  1., -2.,  3.],  [-3.,  2.,  1., -2.],  [ 2., -1.,  2.,  3.]]]> : tensor<2x3x4xf32>
  %rhs = stablehlo.constant dense<[[[-2.,  0.],  [-2.,  1.],  [ 1.,  2.],  [ 2.,  3.]], [[ 3.,  3.],  [-2., -3.],  [ 0., -1.],  [ 3.,  2.]]]> : tensor<2x4x2xf32>
  %g = stablehlo.constant dense<[[1, 3], [2, 2]]> : tensor<2x2xi64>
  %r = "chlo.ragged_dot"(%lhs, %rhs, %g) <{precision_config = [#chlo<precision DEFAULT>, #chlo<precision DEFAULT>], ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [2]>}> : (tensor<2x3x4xf32>, tensor<2x4x2xf32>, tensor<2x2xi64>) -> tensor<2x2x3x2xf32>
  check.expect_eq_const %r, dense<[[[[ -4.,   0.],   [  6.,   0.],   [ -6.,   0.]],  [[ -2.,  -3.],   [-13., -15.],   [  8.,   9.]]], [[[  0.,  -5.],   [  8.,   5.],   [ -3.,   5.]],  [[  9.,   8.],   [ -6.,  -5.],   [  9.,   4.]]]]> : tensor<2x2x3x2xf32>
  func.return
}

// -----

// Ragged batch: the same as dot_general, whatever the group sizes cover.
func.func @main() {
  %lhs = stablehlo.constant dense<[[[-1.,  1.],  [ 1.,  3.]], [[-3.,  0.],  [ 1.,  0.]], [[ 3.,  3.],  [ 2.,  0.]]]> : tensor<3x2x2xf32>
  %rhs = stablehlo.constant dense<[[[ 3., -3.],  [ 1., -2.]], [[-2.,  1.],  [ 2.,  3.]], [[-2.,  3.],  [ 2., -1.]]]> : tensor<3x2x2xf32>
  %g = stablehlo.constant dense<[2]> : tensor<1xi64>
  %r = "chlo.ragged_dot"(%lhs, %rhs, %g) <{precision_config = [#chlo<precision DEFAULT>, #chlo<precision DEFAULT>], ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0]>}> : (tensor<3x2x2xf32>, tensor<3x2x2xf32>, tensor<1xi64>) -> tensor<3x2x2xf32>
  check.expect_eq_const %r, dense<[[[-2.,  1.],  [ 6., -9.]], [[ 6., -3.],  [-2.,  1.]], [[ 0.,  6.],  [-4.,  6.]]]> : tensor<3x2x2xf32>
  func.return
}

// -----

// Integers wrap in the result type (i32 group sizes).
func.func @main() {
  %lhs = stablehlo.constant dense<[[1073741824,          3], [         1,          1]]> : tensor<2x2xi32>
  %rhs = stablehlo.constant dense<[[[4],  [1]]]> : tensor<1x2x1xi32>
  %g = stablehlo.constant dense<[2]> : tensor<1xi32>
  %r = "chlo.ragged_dot"(%lhs, %rhs, %g) <{precision_config = [#chlo<precision DEFAULT>, #chlo<precision DEFAULT>], ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>}> : (tensor<2x2xi32>, tensor<1x2x1xi32>, tensor<1xi32>) -> tensor<2x1xi32>
  check.expect_eq_const %r, dense<[[3], [5]]> : tensor<2x1xi32>
  func.return
}

// -----

// bf16 accumulates in f32: 256 + 1 + 1 is 258 (a bf16 accumulator would round to 256 twice).
func.func @main() {
  %lhs = stablehlo.constant dense<[[256.0, 1.0, 1.0]]> : tensor<1x3xbf16>
  %rhs = stablehlo.constant dense<[[[1.0], [1.0], [1.0]]]> : tensor<1x3x1xbf16>
  %g = stablehlo.constant dense<[1]> : tensor<1xi64>
  %r = "chlo.ragged_dot"(%lhs, %rhs, %g) <{ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>}> : (tensor<1x3xbf16>, tensor<1x3x1xbf16>, tensor<1xi64>) -> tensor<1x1xbf16>
  check.expect_eq_const %r, dense<[[258.0]]> : tensor<1x1xbf16>
  func.return
}

// -----

// Mixed element types as dot_general: the operands converted to f32 (the accumulation type),
// summed there and rounded once to bf16. f32 1.00390625 (1 + 2^-8, not a bf16) times 256 is
// 257; plus 1 is 258, a bf16 (converting the lhs to bf16 first would give 256 + 1 = 257 -> 256).
func.func @main() {
  %lhs = stablehlo.constant dense<[[1.00390625, 1.0]]> : tensor<1x2xf32>
  %rhs = stablehlo.constant dense<[[[256.0], [1.0]]]> : tensor<1x2x1xbf16>
  %g = stablehlo.constant dense<[1]> : tensor<1xi32>
  %r = "chlo.ragged_dot"(%lhs, %rhs, %g) <{ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>}> : (tensor<1x2xf32>, tensor<1x2x1xbf16>, tensor<1xi32>) -> tensor<1x1xbf16>
  check.expect_eq_const %r, dense<[[258.0]]> : tensor<1x1xbf16>
  func.return
}

// -----

// Mixed integers: i8 operands widened to the i32 result before the products (127 * 127 does
// not wrap at 8 bits).
func.func @main() {
  %lhs = stablehlo.constant dense<[[127, 127]]> : tensor<1x2xi8>
  %rhs = stablehlo.constant dense<[[[127], [1]]]> : tensor<1x2x1xi8>
  %g = stablehlo.constant dense<[1]> : tensor<1xi64>
  %r = "chlo.ragged_dot"(%lhs, %rhs, %g) <{ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>}> : (tensor<1x2xi8>, tensor<1x2x1xi8>, tensor<1xi64>) -> tensor<1x1xi32>
  check.expect_eq_const %r, dense<[[16256]]> : tensor<1x1xi32>
  func.return
}
