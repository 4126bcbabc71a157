// stablehlo.get_dimension_size: each dimension, including an empty one.

func.func @main() {
  %a0 = stablehlo.constant dense<[[0.0, 0.0, 0.0], [0.0, 0.0, 0.0]]> : tensor<2x3xf32>
  %r0 = stablehlo.get_dimension_size %a0, dim = 0 : (tensor<2x3xf32>) -> tensor<i32>
  check.expect_eq_const %r0, dense<2> : tensor<i32>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[[0.0, 0.0, 0.0], [0.0, 0.0, 0.0]]> : tensor<2x3xf32>
  %r0 = stablehlo.get_dimension_size %a0, dim = 1 : (tensor<2x3xf32>) -> tensor<i32>
  check.expect_eq_const %r0, dense<3> : tensor<i32>
  func.return
}

// -----

// An empty dimension.
func.func @main() {
  %a0 = stablehlo.constant dense<> : tensor<4x0xi8>
  %r0 = stablehlo.get_dimension_size %a0, dim = 1 : (tensor<4x0xi8>) -> tensor<i32>
  check.expect_eq_const %r0, dense<0> : tensor<i32>
  func.return
}
