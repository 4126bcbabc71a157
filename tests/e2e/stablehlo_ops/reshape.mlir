// stablehlo.reshape: row-major order, to and from rank 0, empty tensors, each type class.

func.func @main() {
  %a0 = stablehlo.constant dense<[0, 1, 2, 3, 4, 5]> : tensor<6xi32>
  %r0 = stablehlo.reshape %a0 : (tensor<6xi32>) -> tensor<2x3xi32>
  check.expect_eq_const %r0, dense<[[0, 1, 2], [3, 4, 5]]> : tensor<2x3xi32>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[[[0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0], [8.0, 9.0, 10.0, 11.0]], [[12.0, 13.0, 14.0, 15.0], [16.0, 17.0, 18.0, 19.0], [20.0, 21.0, 22.0, 23.0]]]> : tensor<2x3x4xf32>
  %r0 = stablehlo.reshape %a0 : (tensor<2x3x4xf32>) -> tensor<4x6xf32>
  check.expect_eq_const %r0, dense<[[0.0, 1.0, 2.0, 3.0, 4.0, 5.0], [6.0, 7.0, 8.0, 9.0, 10.0, 11.0], [12.0, 13.0, 14.0, 15.0, 16.0, 17.0], [18.0, 19.0, 20.0, 21.0, 22.0, 23.0]]> : tensor<4x6xf32>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[5.5]> : tensor<1xf64>
  %r0 = stablehlo.reshape %a0 : (tensor<1xf64>) -> tensor<f64>
  check.expect_eq_const %r0, dense<5.5> : tensor<f64>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<true> : tensor<i1>
  %r0 = stablehlo.reshape %a0 : (tensor<i1>) -> tensor<1x1xi1>
  check.expect_eq_const %r0, dense<[[true]]> : tensor<1x1xi1>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[[(1.0, 1.0), (2.0, 0.0)], [(3.0, 0.0), (0.0, 4.0)]]> : tensor<2x2xcomplex<f32>>
  %r0 = stablehlo.reshape %a0 : (tensor<2x2xcomplex<f32>>) -> tensor<4xcomplex<f32>>
  check.expect_eq_const %r0, dense<[(1.0, 1.0), (2.0, 0.0), (3.0, 0.0), (0.0, 4.0)]> : tensor<4xcomplex<f32>>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xbf16>
  %r0 = stablehlo.reshape %a0 : (tensor<4xbf16>) -> tensor<2x1x2xbf16>
  check.expect_eq_const %r0, dense<[[[1.0, 2.0]], [[3.0, 4.0]]]> : tensor<2x1x2xbf16>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<> : tensor<0x5xui16>
  %r0 = stablehlo.reshape %a0 : (tensor<0x5xui16>) -> tensor<5x0x3xui16>
  check.expect_eq_const %r0, dense<> : tensor<5x0x3xui16>
  func.return
}
