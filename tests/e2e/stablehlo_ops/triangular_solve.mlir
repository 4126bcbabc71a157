// stablehlo.triangular_solve: left and right side, lower and upper, unit diagonal, no transpose, transpose and adjoint, the unused triangle ignored, a batch, f32/f64/complex. Expected values from XLA CPU (JAX), compared within a tolerance.

// tol: 1e-5
// Left side, lower, no transpose; the upper triangle holds garbage that must be ignored.
func.func @main() {
  %a = stablehlo.constant dense<[[2.0, 99.0, 99.0], [1.0, 4.0, 99.0], [-1.0, 0.5, 8.0]]> : tensor<3x3xf32>
  %b = stablehlo.constant dense<[[2.0, 4.0], [5.0, 1.0], [3.0, -2.0]]> : tensor<3x2xf32>
  %r = "stablehlo.triangular_solve"(%a, %b) <{left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>}> : (tensor<3x3xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
  %t = "stablehlo.triangular_solve"(%a, %b) <{left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose TRANSPOSE>}> : (tensor<3x3xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
  %u = "stablehlo.triangular_solve"(%a, %b) <{left_side = true, lower = true, unit_diagonal = true, transpose_a = #stablehlo<transpose NO_TRANSPOSE>}> : (tensor<3x3xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
  check.expect_almost_eq_const %r, dense<[[1.0, 2.0], [1.0, -0.25], [0.4375, 0.015625]]> : tensor<3x2xf32>, tolerance = 1.0e-05
  check.expect_almost_eq_const %t, dense<[[0.5859375, 1.734375], [1.203125, 0.28125], [0.375, -0.25]]> : tensor<3x2xf32>, tolerance = 1.0e-05
  check.expect_almost_eq_const %u, dense<[[2.0, 4.0], [3.0, -3.0], [3.5, 3.5]]> : tensor<3x2xf32>, tolerance = 1.0e-05
  func.return
}

// -----

// tol: 1e-10
// Right side, upper, with and without transpose, batched (f64).
func.func @main() {
  %a = stablehlo.constant dense<[[[2.0, 3.0], [-7.0, 4.0]], [[1.0, -1.0], [5.0, 0.5]]]> : tensor<2x2x2xf64>
  %b = stablehlo.constant dense<[[[1.0, 2.0]], [[3.0, -4.0]]]> : tensor<2x1x2xf64>
  %r = "stablehlo.triangular_solve"(%a, %b) <{left_side = false, lower = false, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>}> : (tensor<2x2x2xf64>, tensor<2x1x2xf64>) -> tensor<2x1x2xf64>
  %t = "stablehlo.triangular_solve"(%a, %b) <{left_side = false, lower = false, unit_diagonal = false, transpose_a = #stablehlo<transpose TRANSPOSE>}> : (tensor<2x2x2xf64>, tensor<2x1x2xf64>) -> tensor<2x1x2xf64>
  check.expect_almost_eq_const %r, dense<[[[0.5, 0.125]], [[3.0, -2.0]]]> : tensor<2x1x2xf64>, tolerance = 1.0e-10
  check.expect_almost_eq_const %t, dense<[[[-0.25, 0.5]], [[-5.0, -8.0]]]> : tensor<2x1x2xf64>, tolerance = 1.0e-10
  func.return
}

// -----

// tol: 1e-5
// Complex, adjoint versus transpose (left side, upper).
func.func @main() {
  %a = stablehlo.constant dense<[[(1.0, 1.0), (2.0, -1.0)], [(0.0, 0.0), (0.0, 2.0)]]> : tensor<2x2xcomplex<f32>>
  %b = stablehlo.constant dense<[[(1.0, 0.0)], [(2.0, 3.0)]]> : tensor<2x1xcomplex<f32>>
  %h = "stablehlo.triangular_solve"(%a, %b) <{left_side = true, lower = false, unit_diagonal = false, transpose_a = #stablehlo<transpose ADJOINT>}> : (tensor<2x2xcomplex<f32>>, tensor<2x1xcomplex<f32>>) -> tensor<2x1xcomplex<f32>>
  %t = "stablehlo.triangular_solve"(%a, %b) <{left_side = true, lower = false, unit_diagonal = false, transpose_a = #stablehlo<transpose TRANSPOSE>}> : (tensor<2x2xcomplex<f32>>, tensor<2x1xcomplex<f32>>) -> tensor<2x1xcomplex<f32>>
  check.expect_almost_eq_const %h, dense<[[(0.5, 0.5)], [(-0.75, 0.75)]]> : tensor<2x1xcomplex<f32>>, tolerance = 1.0e-05
  check.expect_almost_eq_const %t, dense<[[(0.5, -0.5)], [(2.25, -0.75)]]> : tensor<2x1xcomplex<f32>>, tolerance = 1.0e-05
  func.return
}
