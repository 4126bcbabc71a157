// stablehlo.bitcast_convert: same width and changing width (last dimension).
// Expected values from XLA (JAX CPU).

func.func @main() {
  %a0 = stablehlo.constant dense<[1.0, -0.0, 0x7FC00000, -2.5]> : tensor<4xf32>
  %r0 = stablehlo.bitcast_convert %a0 : (tensor<4xf32>) -> tensor<4xi32>
  check.expect_eq_const %r0, dense<[1065353216, -2147483648, 2143289344, -1071644672]> : tensor<4xi32>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[1.0, -0.0, 0x7FC00000, -2.5]> : tensor<4xf32>
  %r0 = stablehlo.bitcast_convert %a0 : (tensor<4xf32>) -> tensor<4xui32>
  check.expect_eq_const %r0, dense<[1065353216, 2147483648, 2143289344, 3223322624]> : tensor<4xui32>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[1, -1, 2143289344]> : tensor<3xi32>
  %r0 = stablehlo.bitcast_convert %a0 : (tensor<3xi32>) -> tensor<3xf32>
  check.expect_eq_const %r0, dense<[1.401298464324817e-45, 0xFFFFFFFF, 0x7FC00000]> : tensor<3xf32>
  func.return
}

// -----

// wider to narrower: a new last dimension, low bytes first
func.func @main() {
  %a0 = stablehlo.constant dense<[1.0, -0.0, 0x7FC00000, -2.5]> : tensor<4xf32>
  %r0 = stablehlo.bitcast_convert %a0 : (tensor<4xf32>) -> tensor<4x4xi8>
  check.expect_eq_const %r0, dense<[[0, 0, -128, 63], [0, 0, 0, -128], [0, 0, -64, 127], [0, 0, 32, -64]]> : tensor<4x4xi8>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[1.0, -0.0, 0x7FC00000, -2.5]> : tensor<4xf32>
  %r0 = stablehlo.bitcast_convert %a0 : (tensor<4xf32>) -> tensor<4x2xbf16>
  check.expect_eq_const %r0, dense<[[0.0, 1.0], [0.0, -0.0], [0.0, 0x7FC0], [0.0, -2.5]]> : tensor<4x2xbf16>
  func.return
}

// -----

// narrower to wider
func.func @main() {
  %a0 = stablehlo.constant dense<[[0, 1, 2, 3], [4, 5, 6, 7]]> : tensor<2x4xui8>
  %r0 = stablehlo.bitcast_convert %a0 : (tensor<2x4xui8>) -> tensor<2xf32>
  check.expect_eq_const %r0, dense<[3.820471434542632e-37, 1.0082513512365273e-34]> : tensor<2xf32>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[[0, 1, 2, 3], [4, 5, 6, 7]]> : tensor<2x4xi16>
  %r0 = stablehlo.bitcast_convert %a0 : (tensor<2x4xi16>) -> tensor<2xi64>
  check.expect_eq_const %r0, dense<[844433520132096, 1970350607106052]> : tensor<2xi64>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[1.0, -2.0]> : tensor<2xf64>
  %r0 = stablehlo.bitcast_convert %a0 : (tensor<2xf64>) -> tensor<2x2xi32>
  check.expect_eq_const %r0, dense<[[0, 1072693248], [0, -1073741824]]> : tensor<2x2xi32>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[1.0, -2.0]> : tensor<2xf64>
  %r0 = stablehlo.bitcast_convert %a0 : (tensor<2xf64>) -> tensor<2xui64>
  check.expect_eq_const %r0, dense<[4607182418800017408, 13835058055282163712]> : tensor<2xui64>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[(1.0, 2.0), (-0.0, -3.0)]> : tensor<2xcomplex<f32>>
  %r0 = stablehlo.bitcast_convert %a0 : (tensor<2xcomplex<f32>>) -> tensor<2xcomplex<f32>>
  check.expect_eq_const %r0, dense<[(1.0, 2.0), (-0.0, -3.0)]> : tensor<2xcomplex<f32>>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[1.5, -0.0, 448.0]> : tensor<3xf8E4M3FN>
  %r0 = stablehlo.bitcast_convert %a0 : (tensor<3xf8E4M3FN>) -> tensor<3xi8>
  check.expect_eq_const %r0, dense<[60, -128, 126]> : tensor<3xi8>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[1.5, -0.0]> : tensor<2xbf16>
  %r0 = stablehlo.bitcast_convert %a0 : (tensor<2xbf16>) -> tensor<2xf16>
  check.expect_eq_const %r0, dense<[1.9375, -0.0]> : tensor<2xf16>
  func.return
}

// -----

// sub-byte results: low nibble first, sign-extended
func.func @main() {
  %a0 = stablehlo.constant dense<[127, -1, 24]> : tensor<3xi8>
  %r0 = stablehlo.bitcast_convert %a0 : (tensor<3xi8>) -> tensor<3x2xi4>
  check.expect_eq_const %r0, dense<[[-1, 7], [-1, -1], [-8, 1]]> : tensor<3x2xi4>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[[-1, 7], [2, -8]]> : tensor<2x2xi4>
  %r0 = stablehlo.bitcast_convert %a0 : (tensor<2x2xi4>) -> tensor<2xui8>
  check.expect_eq_const %r0, dense<[127, 130]> : tensor<2xui8>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[3, 15]> : tensor<2xui4>
  %r0 = stablehlo.bitcast_convert %a0 : (tensor<2xui4>) -> tensor<2xf4E2M1FN>
  check.expect_eq_const %r0, dense<[1.5, -6.0]> : tensor<2xf4E2M1FN>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[5, 0]> : tensor<2xui8>
  %r0 = stablehlo.bitcast_convert %a0 : (tensor<2xui8>) -> tensor<2x8xi1>
  check.expect_eq_const %r0, dense<[[true, false, true, false, false, false, false, false], [false, false, false, false, false, false, false, false]]> : tensor<2x8xi1>
  func.return
}
