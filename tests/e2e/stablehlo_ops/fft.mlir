// stablehlo.fft: FFT, IFFT, RFFT and IRFFT over one, two and three trailing dimensions, complex<f32> and complex<f64>, lengths that are not powers of two. Expected values from XLA CPU (JAX), compared within a tolerance.

// tol: 1e-5
// 1-D FFT and IFFT of a batch of two (complex<f32>).
func.func @main() {
  %x = stablehlo.constant dense<[[(1.0, 0.0), (2.0, -1.0), (0.0, 3.0), (-1.0, 0.5)], [(0.5, 0.5), (1.0, 0.0), (0.0, 0.0), (2.0, -2.0)]]> : tensor<2x4xcomplex<f32>>
  %f = stablehlo.fft %x, type = FFT, length = [4] : (tensor<2x4xcomplex<f32>>) -> tensor<2x4xcomplex<f32>>
  %i = stablehlo.fft %x, type = IFFT, length = [4] : (tensor<2x4xcomplex<f32>>) -> tensor<2x4xcomplex<f32>>
  check.expect_almost_eq_const %f, dense<[[(2.0, 2.5), (-0.5, -6.0), (0.0, 3.5), (2.5, 0.0)], [(3.5, -1.5), (2.5, 1.5), (-2.5, 2.5), (-1.5, -0.5)]]> : tensor<2x4xcomplex<f32>>, tolerance = 1.0e-05
  check.expect_almost_eq_const %i, dense<[[(0.5, 0.625), (0.625, 0.0), (0.0, 0.875), (-0.125, -1.5)], [(0.875, -0.375), (-0.375, -0.125), (-0.625, 0.625), (0.625, 0.375)]]> : tensor<2x4xcomplex<f32>>, tolerance = 1.0e-05
  func.return
}

// -----

// tol: 1e-5
// RFFT of length 5 and IRFFT back to length 5 and 6 (f32).
func.func @main() {
  %x = stablehlo.constant dense<[1.0, -2.0, 3.5, 0.25, 4.0]> : tensor<5xf32>
  %r = stablehlo.fft %x, type = RFFT, length = [5] : (tensor<5xf32>) -> tensor<3xcomplex<f32>>
  %b = stablehlo.fft %r, type = IRFFT, length = [5] : (tensor<3xcomplex<f32>>) -> tensor<5xf32>
  %y = stablehlo.constant dense<[(1.0, 0.5), (2.0, -1.0), (0.5, 0.0), (-1.0, 2.0)]> : tensor<4xcomplex<f32>>
  %c = stablehlo.fft %y, type = IRFFT, length = [6] : (tensor<4xcomplex<f32>>) -> tensor<6xf32>
  check.expect_almost_eq_const %r, dense<[(6.75, 0.0), (-1.415779709815979, 3.796037197113037), (0.540779709815979, 6.617645263671875)]> : tensor<3xcomplex<f32>>, tolerance = 1.0e-05
  check.expect_almost_eq_const %b, dense<[1.0, -2.0, 3.5, 0.25, 4.0]> : tensor<5xf32>, tolerance = 1.0e-05
  check.expect_almost_eq_const %c, dense<[0.8333333730697632, 0.8720085024833679, -0.12799154222011566, -0.1666666567325592, -0.7053418159484863, 0.29465818405151367]> : tensor<6xf32>, tolerance = 1.0e-05
  func.return
}

// -----

// tol: 1e-10
// 2-D FFT and RFFT, 2-D IRFFT (f64).
func.func @main() {
  %x = stablehlo.constant dense<[[(1.0, 0.0), (2.0, 1.0), (0.0, -1.0)], [(3.0, 0.5), (-1.0, 0.0), (0.25, 2.0)]]> : tensor<2x3xcomplex<f64>>
  %f = stablehlo.fft %x, type = FFT, length = [2, 3] : (tensor<2x3xcomplex<f64>>) -> tensor<2x3xcomplex<f64>>
  %y = stablehlo.constant dense<[[1.0, 2.0, 3.0, 4.0], [-1.0, 0.5, 2.0, 0.0]]> : tensor<2x4xf64>
  %r = stablehlo.fft %y, type = RFFT, length = [2, 4] : (tensor<2x4xf64>) -> tensor<2x3xcomplex<f64>>
  %b = stablehlo.fft %x, type = IRFFT, length = [2, 4] : (tensor<2x3xcomplex<f64>>) -> tensor<2x4xf64>
  check.expect_almost_eq_const %f, dense<[[(5.25, 2.5), (3.375, -1.149519052838329), (3.3749999999999996, 0.149519052838329)], [(0.75, -2.5), (0.08910161513775439, -2.3145825622994254), (-6.8391016151377535, 3.3145825622994254)]]> : tensor<2x3xcomplex<f64>>, tolerance = 1.0e-10
  check.expect_almost_eq_const %r, dense<[[(11.5, 0.0), (-5.0, 1.5), (-1.5, 0.0)], [(8.5, 0.0), (1.0, 2.5), (-2.5, 0.0)]]> : tensor<2x3xcomplex<f64>>, tolerance = 1.0e-10
  check.expect_almost_eq_const %b, dense<[[0.78125, 0.21875, 0.28125, 0.71875], [0.46875, -0.46875, -1.03125, 0.03125]]> : tensor<2x4xf64>, tolerance = 1.0e-10
  func.return
}

// -----

// tol: 1e-5
// 3-D IFFT over all dimensions of a 2x2x2 tensor.
func.func @main() {
  %x = stablehlo.constant dense<[[[(1.0, 0.0), (2.0, 0.0)], [(3.0, 1.0), (4.0, 0.0)]], [[(0.0, 1.0), (1.0, 1.0)], [(-2.0, 0.0), (0.5, -0.5)]]]> : tensor<2x2x2xcomplex<f32>>
  %r = stablehlo.fft %x, type = IFFT, length = [2, 2, 2] : (tensor<2x2x2xcomplex<f32>>) -> tensor<2x2x2xcomplex<f32>>
  check.expect_almost_eq_const %r, dense<[[[(1.1875, 0.3125), (-0.6875, 0.1875)], [(-0.1875, 0.1875), (0.1875, -0.1875)]], [[(1.3125, -0.0625), (0.1875, 0.0625)], [(-0.8125, -0.4375), (-0.1875, -0.0625)]]]> : tensor<2x2x2xcomplex<f32>>, tolerance = 1.0e-05
  func.return
}

// -----

// A transform of zero points: the verifier's rule gives its complex side none, so the result
// is empty (a batch of them too).
func.func @main() {
  %x = stablehlo.constant dense<> : tensor<0xf64>
  %r = stablehlo.fft %x, type = RFFT, length = [0] : (tensor<0xf64>) -> tensor<0xcomplex<f64>>
  check.expect_eq_const %r, dense<> : tensor<0xcomplex<f64>>
  %y = stablehlo.constant dense<> : tensor<3x0xcomplex<f32>>
  %i = stablehlo.fft %y, type = IRFFT, length = [0] : (tensor<3x0xcomplex<f32>>) -> tensor<3x0xf32>
  check.expect_eq_const %i, dense<> : tensor<3x0xf32>
  func.return
}
