// stablehlo.slice: starts, limits and strides, empty slices, rank 0, each type class.

func.func @main() {
  %a0 = stablehlo.constant dense<[[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11]]> : tensor<3x4xi32>
  %r0 = stablehlo.slice %a0 [1:3, 0:4:2] : (tensor<3x4xi32>) -> tensor<2x2xi32>
  check.expect_eq_const %r0, dense<[[4, 6], [8, 10]]> : tensor<2x2xi32>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[[[0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0], [8.0, 9.0, 10.0, 11.0]], [[12.0, 13.0, 14.0, 15.0], [16.0, 17.0, 18.0, 19.0], [20.0, 21.0, 22.0, 23.0]]]> : tensor<2x3x4xf32>
  %r0 = stablehlo.slice %a0 [0:2, 1:3, 1:4:3] : (tensor<2x3x4xf32>) -> tensor<2x2x1xf32>
  check.expect_eq_const %r0, dense<[[[5.0], [9.0]], [[17.0], [21.0]]]> : tensor<2x2x1xf32>
  func.return
}

// -----

// A stride that does not divide the range.
func.func @main() {
  %a0 = stablehlo.constant dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9]> : tensor<10xi64>
  %r0 = stablehlo.slice %a0 [2:9:3] : (tensor<10xi64>) -> tensor<3xi64>
  check.expect_eq_const %r0, dense<[2, 5, 8]> : tensor<3xi64>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<4.0> : tensor<f64>
  %r0 = stablehlo.slice %a0 [] : (tensor<f64>) -> tensor<f64>
  check.expect_eq_const %r0, dense<4.0> : tensor<f64>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[true, false, true, true]> : tensor<4xi1>
  %r0 = stablehlo.slice %a0 [1:4:2] : (tensor<4xi1>) -> tensor<2xi1>
  check.expect_eq_const %r0, dense<[false, true]> : tensor<2xi1>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[(1.0, 1.0), (2.0, 0.0), (0.0, 3.0), (4.0, 0.0)]> : tensor<4xcomplex<f64>>
  %r0 = stablehlo.slice %a0 [1:3] : (tensor<4xcomplex<f64>>) -> tensor<2xcomplex<f64>>
  check.expect_eq_const %r0, dense<[(2.0, 0.0), (0.0, 3.0)]> : tensor<2xcomplex<f64>>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0x7FC0, -0.0, 0x7F80, 2.0]> : tensor<4xbf16>
  %r0 = stablehlo.slice %a0 [0:4] : (tensor<4xbf16>) -> tensor<4xbf16>
  check.expect_eq_const %r0, dense<[0x7FC0, -0.0, 0x7F80, 2.0]> : tensor<4xbf16>
  func.return
}

// -----

// An empty slice.
func.func @main() {
  %a0 = stablehlo.constant dense<[[0.0, 1.0, 2.0], [3.0, 4.0, 5.0]]> : tensor<2x3xf32>
  %r0 = stablehlo.slice %a0 [1:1, 2:3] : (tensor<2x3xf32>) -> tensor<0x1xf32>
  check.expect_eq_const %r0, dense<> : tensor<0x1xf32>
  func.return
}
