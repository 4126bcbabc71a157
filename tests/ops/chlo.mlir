// chlo ops: unary special functions, predicates, binary functions, broadcasting binary ops,
// top_k, constants and ragged_dot.
func.func @main(%x: tensor<16xf32>) -> tensor<16xf32> {
  %0 = chlo.erf %x : tensor<16xf32> -> tensor<16xf32>
  %1 = chlo.erfc %0 : tensor<16xf32> -> tensor<16xf32>
  %2 = chlo.erf_inv %1 : tensor<16xf32> -> tensor<16xf32>
  %3 = chlo.lgamma %2 : tensor<16xf32> -> tensor<16xf32>
  %4 = chlo.digamma %3 : tensor<16xf32> -> tensor<16xf32>
  %5 = chlo.bessel_i1e %4 : tensor<16xf32> -> tensor<16xf32>
  %6 = chlo.square %5 : tensor<16xf32> -> tensor<16xf32>
  return %6 : tensor<16xf32>
}

// -----

func.func @main(%x: tensor<2x3xf64>, %z: tensor<complex<f32>>) -> (tensor<2x3xf64>, tensor<complex<f32>>) {
  %0 = chlo.tan %x : tensor<2x3xf64> -> tensor<2x3xf64>
  %1 = chlo.sinh %0 : tensor<2x3xf64> -> tensor<2x3xf64>
  %2 = chlo.cosh %1 : tensor<2x3xf64> -> tensor<2x3xf64>
  %3 = chlo.asin %2 : tensor<2x3xf64> -> tensor<2x3xf64>
  %4 = chlo.acos %3 : tensor<2x3xf64> -> tensor<2x3xf64>
  %5 = chlo.atan %4 : tensor<2x3xf64> -> tensor<2x3xf64>
  %6 = chlo.asinh %5 : tensor<2x3xf64> -> tensor<2x3xf64>
  %7 = chlo.acosh %6 : tensor<2x3xf64> -> tensor<2x3xf64>
  %8 = chlo.atanh %7 : tensor<2x3xf64> -> tensor<2x3xf64>
  %9 = chlo.conj %z : tensor<complex<f32>> -> tensor<complex<f32>>
  %10 = chlo.tan %9 : tensor<complex<f32>> -> tensor<complex<f32>>
  return %8, %10 : tensor<2x3xf64>, tensor<complex<f32>>
}

// -----

func.func @main(%x: tensor<4xbf16>, %i: tensor<4xi32>) -> (tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi32>, tensor<4xi32>) {
  %0 = chlo.is_inf %x : tensor<4xbf16> -> tensor<4xi1>
  %1 = chlo.is_neg_inf %x : tensor<4xbf16> -> tensor<4xi1>
  %2 = chlo.is_pos_inf %x : tensor<4xbf16> -> tensor<4xi1>
  %3 = chlo.mulhi %i, %i : tensor<4xi32>, tensor<4xi32> -> tensor<4xi32>
  %4 = chlo.mulhi %3, %i : tensor<4xi32>, tensor<4xi32> -> tensor<4xi32>
  return %0, %1, %2, %3, %4 : tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi32>, tensor<4xi32>
}

// -----

func.func @main(%x: tensor<f32>, %y: tensor<f32>) -> tensor<f32> {
  %0 = chlo.next_after %x, %y : tensor<f32>, tensor<f32> -> tensor<f32>
  %1 = chlo.polygamma %0, %y : tensor<f32>, tensor<f32> -> tensor<f32>
  %2 = chlo.zeta %1, %x : tensor<f32>, tensor<f32> -> tensor<f32>
  return %2 : tensor<f32>
}

// -----

func.func @main(%a: tensor<4xf32>, %b: tensor<2x4xf32>, %s: tensor<f32>) -> (tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>) {
  %0 = chlo.broadcast_add %a, %b : (tensor<4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  %1 = chlo.broadcast_subtract %0, %s : (tensor<2x4xf32>, tensor<f32>) -> tensor<2x4xf32>
  %2 = chlo.broadcast_multiply %1, %a {broadcast_dimensions = array<i64: 1>} : (tensor<2x4xf32>, tensor<4xf32>) -> tensor<2x4xf32>
  %3 = chlo.broadcast_divide %2, %b : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  %4 = chlo.broadcast_maximum %3, %s : (tensor<2x4xf32>, tensor<f32>) -> tensor<2x4xf32>
  %5 = chlo.broadcast_minimum %4, %a : (tensor<2x4xf32>, tensor<4xf32>) -> tensor<2x4xf32>
  %6 = chlo.broadcast_power %5, %a : (tensor<2x4xf32>, tensor<4xf32>) -> tensor<2x4xf32>
  %7 = chlo.broadcast_remainder %6, %s : (tensor<2x4xf32>, tensor<f32>) -> tensor<2x4xf32>
  %8 = chlo.broadcast_atan2 %7, %b : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  %9 = chlo.broadcast_next_after %8, %a : (tensor<2x4xf32>, tensor<4xf32>) -> tensor<2x4xf32>
  %10 = chlo.broadcast_polygamma %9, %s : (tensor<2x4xf32>, tensor<f32>) -> tensor<2x4xf32>
  %11 = chlo.broadcast_zeta %10, %b : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  %12 = chlo.broadcast_add %a, %b {broadcast_dimensions = array<i64: 1>} : (tensor<4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  %c = stablehlo.constant dense<1.0> : tensor<4x1xf32>
  %13 = chlo.broadcast_add %c, %a : (tensor<4x1xf32>, tensor<4xf32>) -> tensor<4x4xf32>
  %14 = chlo.broadcast_subtract %c, %b {broadcast_dimensions = array<i64: 1, 0>} : (tensor<4x1xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  return %11, %12, %14 : tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>
}

// -----

func.func @main(%a: tensor<3xi32>, %b: tensor<2x3xi32>, %p: tensor<3xi1>, %q: tensor<i1>) -> (tensor<2x3xi32>, tensor<3xi1>) {
  %0 = chlo.broadcast_and %a, %b : (tensor<3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
  %1 = chlo.broadcast_or %0, %a : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
  %2 = chlo.broadcast_xor %1, %b : (tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
  %3 = chlo.broadcast_shift_left %2, %a : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
  %4 = chlo.broadcast_shift_right_arithmetic %3, %a : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
  %5 = chlo.broadcast_shift_right_logical %4, %b : (tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
  %6 = chlo.broadcast_and %p, %q : (tensor<3xi1>, tensor<i1>) -> tensor<3xi1>
  return %5, %6 : tensor<2x3xi32>, tensor<3xi1>
}

// -----

func.func @main(%a: tensor<4xf32>, %b: tensor<2x4xf32>, %p: tensor<2x4xi1>) -> (tensor<2x4xi1>, tensor<2x4xi1>, tensor<2x4xcomplex<f32>>, tensor<2x4xf32>) {
  %0 = chlo.broadcast_compare %a, %b {comparison_direction = #chlo<comparison_direction LT>} : (tensor<4xf32>, tensor<2x4xf32>) -> tensor<2x4xi1>
  %1 = chlo.broadcast_compare %b, %a {compare_type = #chlo<comparison_type TOTALORDER>, comparison_direction = #chlo<comparison_direction EQ>} : (tensor<2x4xf32>, tensor<4xf32>) -> tensor<2x4xi1>
  %2 = chlo.broadcast_complex %a, %b : (tensor<4xf32>, tensor<2x4xf32>) -> tensor<2x4xcomplex<f32>>
  %3 = chlo.broadcast_select %p, %a, %b : (tensor<2x4xi1>, tensor<4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  return %0, %1, %2, %3 : tensor<2x4xi1>, tensor<2x4xi1>, tensor<2x4xcomplex<f32>>, tensor<2x4xf32>
}

// -----

func.func @main(%x: tensor<3x20xf32>, %v: tensor<16xi32>) -> (tensor<3x5xf32>, tensor<3x5xi32>, tensor<4xi32>) {
  %values, %indices = chlo.top_k(%x, k = 5) : tensor<3x20xf32> -> (tensor<3x5xf32>, tensor<3x5xi32>)
  %0:2 = chlo.top_k(%v, k = 4) : tensor<16xi32> -> (tensor<4xi32>, tensor<4xi32>)
  return %values, %indices, %0#0 : tensor<3x5xf32>, tensor<3x5xi32>, tensor<4xi32>
}

// -----

func.func @main(%x: tensor<2x3xf32>) -> (tensor<4xi64>, tensor<2x3xf32>, tensor<f64>) {
  %0 = chlo.constant dense<[1, 2, 3, 4]> : tensor<4xi64>
  %1 = "chlo.constant_like"(%x) <{value = 2.500000e+00 : f32}> : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %2 = chlo.constant dense<0.5> : tensor<f64>
  return %0, %1, %2 : tensor<4xi64>, tensor<2x3xf32>, tensor<f64>
}

// -----

func.func @main(%lhs: tensor<2x11x5xf32>, %rhs: tensor<3x2x5x7xf32>, %g: tensor<2x3xi64>) -> tensor<2x11x7xf32> {
  %0 = "chlo.ragged_dot"(%lhs, %rhs, %g) <{precision_config = [#chlo<precision DEFAULT>, #chlo<precision DEFAULT>], ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [1], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [2], lhs_ragged_dimensions = [1], rhs_group_dimensions = [0]>}> : (tensor<2x11x5xf32>, tensor<3x2x5x7xf32>, tensor<2x3xi64>) -> tensor<2x11x7xf32>
  return %0 : tensor<2x11x7xf32>
}

// -----

// chlo.ragged_dot in its three modes: a ragged non-contracting dimension (with and without
// batch-prefixed group sizes), a ragged contracting dimension (a result per group) and a ragged
// batch dimension; mixed element types.
func.func @main(%l: tensor<11x5xf32>, %r: tensor<3x5x7xbf16>, %g: tensor<3xi32>, %l2: tensor<2x11x5xf32>, %r2: tensor<3x2x5x7xf32>, %g2: tensor<2x3xi64>, %r3: tensor<2x5x7xf32>) -> (tensor<11x7xbf16>, tensor<2x11x7xf32>, tensor<3x2x11x7xf32>, tensor<2x11x7xf32>) {
  %0 = "chlo.ragged_dot"(%l, %r, %g) <{ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>}> : (tensor<11x5xf32>, tensor<3x5x7xbf16>, tensor<3xi32>) -> tensor<11x7xbf16>
  %1 = "chlo.ragged_dot"(%l2, %r2, %g2) <{ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [1], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [2], lhs_ragged_dimensions = [1], rhs_group_dimensions = [0]>}> : (tensor<2x11x5xf32>, tensor<3x2x5x7xf32>, tensor<2x3xi64>) -> tensor<2x11x7xf32>
  %2 = "chlo.ragged_dot"(%l2, %r3, %g2) <{ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [2], rhs_group_dimensions = []>}> : (tensor<2x11x5xf32>, tensor<2x5x7xf32>, tensor<2x3xi64>) -> tensor<3x2x11x7xf32>
  %3 = "chlo.ragged_dot"(%l2, %r3, %g) <{ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = []>}> : (tensor<2x11x5xf32>, tensor<2x5x7xf32>, tensor<3xi32>) -> tensor<2x11x7xf32>
  return %0, %1, %2, %3 : tensor<11x7xbf16>, tensor<2x11x7xf32>, tensor<3x2x11x7xf32>, tensor<2x11x7xf32>
}
