// stablehlo.concatenate: inner and outer dimensions, one input, empty inputs, each type class.

func.func @main() {
  %a0 = stablehlo.constant dense<[[0, 1], [2, 3]]> : tensor<2x2xi32>
  %a1 = stablehlo.constant dense<[[10, 11, 12], [13, 14, 15]]> : tensor<2x3xi32>
  %r0 = stablehlo.concatenate %a0, %a1, dim = 1 : (tensor<2x2xi32>, tensor<2x3xi32>) -> tensor<2x5xi32>
  check.expect_eq_const %r0, dense<[[0, 1, 10, 11, 12], [2, 3, 13, 14, 15]]> : tensor<2x5xi32>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[[[0.0, 1.0, 2.0], [3.0, 4.0, 5.0]]]> : tensor<1x2x3xf32>
  %a1 = stablehlo.constant dense<[[[-0.0, -1.0, -2.0], [-3.0, -4.0, -5.0]], [[-6.0, -7.0, -8.0], [-9.0, -10.0, -11.0]]]> : tensor<2x2x3xf32>
  %r0 = stablehlo.concatenate %a0, %a1, dim = 0 : (tensor<1x2x3xf32>, tensor<2x2x3xf32>) -> tensor<3x2x3xf32>
  check.expect_eq_const %r0, dense<[[[0.0, 1.0, 2.0], [3.0, 4.0, 5.0]], [[-0.0, -1.0, -2.0], [-3.0, -4.0, -5.0]], [[-6.0, -7.0, -8.0], [-9.0, -10.0, -11.0]]]> : tensor<3x2x3xf32>
  func.return
}

// -----

// An empty input in the middle.
func.func @main() {
  %a0 = stablehlo.constant dense<[1, 2]> : tensor<2xi8>
  %a1 = stablehlo.constant dense<> : tensor<0xi8>
  %a2 = stablehlo.constant dense<[3]> : tensor<1xi8>
  %r0 = stablehlo.concatenate %a0, %a1, %a2, dim = 0 : (tensor<2xi8>, tensor<0xi8>, tensor<1xi8>) -> tensor<3xi8>
  check.expect_eq_const %r0, dense<[1, 2, 3]> : tensor<3xi8>
  func.return
}

// -----

// A single input.
func.func @main() {
  %a0 = stablehlo.constant dense<[5]> : tensor<1xui32>
  %r0 = stablehlo.concatenate %a0, dim = 0 : (tensor<1xui32>) -> tensor<1xui32>
  check.expect_eq_const %r0, dense<[5]> : tensor<1xui32>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[[true], [false]]> : tensor<2x1xi1>
  %a1 = stablehlo.constant dense<[[false], [true]]> : tensor<2x1xi1>
  %r0 = stablehlo.concatenate %a0, %a1, dim = 1 : (tensor<2x1xi1>, tensor<2x1xi1>) -> tensor<2x2xi1>
  check.expect_eq_const %r0, dense<[[true, false], [false, true]]> : tensor<2x2xi1>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[(1.0, 2.0)]> : tensor<1xcomplex<f32>>
  %a1 = stablehlo.constant dense<[(-0.0, -1.0), (3.0, 0.0)]> : tensor<2xcomplex<f32>>
  %r0 = stablehlo.concatenate %a0, %a1, dim = 0 : (tensor<1xcomplex<f32>>, tensor<2xcomplex<f32>>) -> tensor<3xcomplex<f32>>
  check.expect_eq_const %r0, dense<[(1.0, 2.0), (-0.0, -1.0), (3.0, 0.0)]> : tensor<3xcomplex<f32>>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0x7FC0, -0.0]> : tensor<2xbf16>
  %a1 = stablehlo.constant dense<[0x7F80]> : tensor<1xbf16>
  %r0 = stablehlo.concatenate %a0, %a1, dim = 0 : (tensor<2xbf16>, tensor<1xbf16>) -> tensor<3xbf16>
  check.expect_eq_const %r0, dense<[0x7FC0, -0.0, 0x7F80]> : tensor<3xbf16>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[-8]> : tensor<1xi4>
  %a1 = stablehlo.constant dense<[7, 1]> : tensor<2xi4>
  %r0 = stablehlo.concatenate %a0, %a1, dim = 0 : (tensor<1xi4>, tensor<2xi4>) -> tensor<3xi4>
  check.expect_eq_const %r0, dense<[-8, 7, 1]> : tensor<3xi4>
  func.return
}

// -----

// An empty result.
func.func @main() {
  %a0 = stablehlo.constant dense<> : tensor<0x2xf64>
  %a1 = stablehlo.constant dense<> : tensor<0x3xf64>
  %r0 = stablehlo.concatenate %a0, %a1, dim = 1 : (tensor<0x2xf64>, tensor<0x3xf64>) -> tensor<0x5xf64>
  check.expect_eq_const %r0, dense<> : tensor<0x5xf64>
  func.return
}
