// stablehlo.cholesky: lower and upper factors (the other triangle is zero, as XLA gives), a batch, f32/f64/complex. Expected values from XLA CPU (JAX), compared within a tolerance.

// tol: 1e-5
// Lower and upper factors of one matrix; the unused triangle of the operand is ignored.
func.func @main() {
  %a = stablehlo.constant dense<[[4.0, 2.0, 1.0], [2.0, 5.0, 2.0], [1.0, 2.0, 6.0]]> : tensor<3x3xf32>
  %l = stablehlo.cholesky %a, lower = true : tensor<3x3xf32>
  %g = stablehlo.constant dense<[[4.0, 2.0, 1.0], [-50.0, 5.0, 2.0], [70.0, 80.0, 6.0]]> : tensor<3x3xf32>
  %u = stablehlo.cholesky %g : tensor<3x3xf32>
  check.expect_almost_eq_const %l, dense<[[2.0, 0.0, 0.0], [1.0, 2.0, 0.0], [0.5, 0.75, 2.2776083946228027]]> : tensor<3x3xf32>, tolerance = 1.0e-05
  check.expect_almost_eq_const %u, dense<[[2.0, 1.0, 0.5], [0.0, 2.0, 0.75], [0.0, 0.0, 2.2776083946228027]]> : tensor<3x3xf32>, tolerance = 1.0e-05
  func.return
}

// -----

// tol: 1e-10
// A batch of two (f64).
func.func @main() {
  %a = stablehlo.constant dense<[[[9.0, 3.0], [3.0, 5.0]], [[1.0, 0.5], [0.5, 2.0]]]> : tensor<2x2x2xf64>
  %l = stablehlo.cholesky %a, lower = true : tensor<2x2x2xf64>
  check.expect_almost_eq_const %l, dense<[[[3.0, 0.0], [1.0, 2.0]], [[1.0, 0.0], [0.5, 1.3228756555322951]]]> : tensor<2x2x2xf64>, tolerance = 1.0e-10
  func.return
}

// -----

// tol: 1e-5
// Hermitian complex matrix, lower and upper.
func.func @main() {
  %a = stablehlo.constant dense<[[(4.0, 0.0), (1.0, -2.0)], [(1.0, 2.0), (6.0, 0.0)]]> : tensor<2x2xcomplex<f32>>
  %l = stablehlo.cholesky %a, lower = true : tensor<2x2xcomplex<f32>>
  %u = stablehlo.cholesky %a, lower = false : tensor<2x2xcomplex<f32>>
  check.expect_almost_eq_const %l, dense<[[(2.0, 0.0), (0.0, 0.0)], [(0.5, 1.0), (2.1794493198394775, 0.0)]]> : tensor<2x2xcomplex<f32>>, tolerance = 1.0e-05
  check.expect_almost_eq_const %u, dense<[[(2.0, 0.0), (0.5, -1.0)], [(0.0, 0.0), (2.1794493198394775, 0.0)]]> : tensor<2x2xcomplex<f32>>, tolerance = 1.0e-05
  func.return
}
