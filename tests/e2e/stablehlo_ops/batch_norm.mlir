// stablehlo.batch_norm_training, batch_norm_inference and batch_norm_grad: feature dimension first, middle and last, f32 and f64. Expected values from XLA CPU (JAX), compared within a tolerance.

// tol: 1e-5
// Training with the feature dimension last.
func.func @main() {
  %x = stablehlo.constant dense<[[[1.0, 2.0], [3.0, 4.0]], [[5.0, -6.0], [0.5, 8.0]]]> : tensor<2x2x2xf32>
  %s = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %o = stablehlo.constant dense<[0.0, -1.0]> : tensor<2xf32>
  %r:3 = "stablehlo.batch_norm_training"(%x, %s, %o) <{epsilon = 0.001 : f32, feature_index = 2 : i64}> : (tensor<2x2x2xf32>, tensor<2xf32>, tensor<2xf32>) -> (tensor<2x2x2xf32>, tensor<2xf32>, tensor<2xf32>)
  check.expect_almost_eq_const %r#0, dense<[[[-0.7719269394874573, -1.0], [0.3508758842945099, -0.2155504822731018]], [[1.473678708076477, -4.137798309326172], [-1.052627682685852, 1.3533484935760498]]]> : tensor<2x2x2xf32>, tolerance = 1.0e-05
  check.expect_almost_eq_const %r#1, dense<[2.375, 2.0]> : tensor<2xf32>, tolerance = 1.0e-05
  check.expect_almost_eq_const %r#2, dense<[3.171875, 26.0]> : tensor<2xf32>, tolerance = 1.0e-05
  func.return
}

// -----

// tol: 1e-5
// Inference with the feature dimension in the middle.
func.func @main() {
  %x = stablehlo.constant dense<[[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]], [[-1.0, 0.0], [0.5, 0.25], [9.0, 2.0]]]> : tensor<2x3x2xf32>
  %s = stablehlo.constant dense<[1.0, 0.5, 2.0]> : tensor<3xf32>
  %o = stablehlo.constant dense<[0.0, 1.0, -1.0]> : tensor<3xf32>
  %m = stablehlo.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %v = stablehlo.constant dense<[4.0, 0.25, 1.0]> : tensor<3xf32>
  %r = "stablehlo.batch_norm_inference"(%x, %s, %o, %m, %v) <{epsilon = 0.0 : f32, feature_index = 1 : i64}> : (tensor<2x3x2xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3x2xf32>
  check.expect_almost_eq_const %r, dense<[[[0.0, 0.5], [2.0, 3.0], [3.0, 5.0]], [[-1.0, -0.5], [-0.5, -0.75], [11.0, -3.0]]]> : tensor<2x3x2xf32>, tolerance = 1.0e-05
  func.return
}

// -----

// tol: 1e-10
// Gradient with the feature dimension first (f64).
func.func @main() {
  %x = stablehlo.constant dense<[[1.0, 2.0, 4.0], [-1.0, 0.5, 3.0]]> : tensor<2x3xf64>
  %s = stablehlo.constant dense<[1.5, -2.0]> : tensor<2xf64>
  %m = stablehlo.constant dense<[2.0, 0.5]> : tensor<2xf64>
  %v = stablehlo.constant dense<[1.5, 2.5]> : tensor<2xf64>
  %g = stablehlo.constant dense<[[0.5, -1.0, 2.0], [1.0, 1.0, -3.0]]> : tensor<2x3xf64>
  %r:3 = "stablehlo.batch_norm_grad"(%x, %s, %m, %v, %g) <{epsilon = 0.01 : f32, feature_index = 0 : i64}> : (tensor<2x3xf64>, tensor<2xf64>, tensor<2xf64>, tensor<2xf64>, tensor<2x3xf64>) -> (tensor<2x3xf64>, tensor<2xf64>, tensor<2xf64>)
  check.expect_almost_eq_const %r#0, dense<[[0.9431323199773103, -1.831024032370627, -0.05524060758399354], [0.5800617889971982, -1.6831850750024195, -0.4057079566611908]]> : tensor<2x3xf64>, tolerance = 1.0e-10
  check.expect_almost_eq_const %r#1, dense<[2.8482596059098646, -5.680749628133166]> : tensor<2xf64>, tolerance = 1.0e-10
  check.expect_almost_eq_const %r#2, dense<[1.5, -1.0]> : tensor<2xf64>, tolerance = 1.0e-10
  func.return
}
