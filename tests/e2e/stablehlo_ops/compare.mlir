// stablehlo.compare: every direction and comparison type, NaN, -0, extremes.
// Expected values from XLA (JAX CPU).

func.func @main() {
  %a0 = stablehlo.constant dense<[1.0, -0.0, 0x7FC00000, 0x7FC00000, 0x7F800000, 0xFF800000, 2.0, 1.0]> : tensor<8xf32>
  %a1 = stablehlo.constant dense<[1.0, 0.0, 0x7FC00000, 1.0, 0x7F800000, 1.0, 1.0, 2.0]> : tensor<8xf32>
  %r0 = stablehlo.compare EQ, %a0, %a1, FLOAT : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xi1>
  check.expect_eq_const %r0, dense<[true, true, false, false, true, false, false, false]> : tensor<8xi1>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[1.0, -0.0, 0x7FF8000000000000, 0x7FF8000000000000, 0x7FF0000000000000, 0xFFF0000000000000, 2.0, 1.0]> : tensor<8xf64>
  %a1 = stablehlo.constant dense<[1.0, 0.0, 0x7FF8000000000000, 1.0, 0x7FF0000000000000, 1.0, 1.0, 2.0]> : tensor<8xf64>
  %r0 = stablehlo.compare EQ, %a0, %a1, FLOAT : (tensor<8xf64>, tensor<8xf64>) -> tensor<8xi1>
  check.expect_eq_const %r0, dense<[true, true, false, false, true, false, false, false]> : tensor<8xi1>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[1.0, -0.0, 0x7FC0, 0x7FC0, 0x7F80, 0xFF80, 2.0, 1.0]> : tensor<8xbf16>
  %a1 = stablehlo.constant dense<[1.0, 0.0, 0x7FC0, 1.0, 0x7F80, 1.0, 1.0, 2.0]> : tensor<8xbf16>
  %r0 = stablehlo.compare EQ, %a0, %a1, FLOAT : (tensor<8xbf16>, tensor<8xbf16>) -> tensor<8xi1>
  check.expect_eq_const %r0, dense<[true, true, false, false, true, false, false, false]> : tensor<8xi1>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[1.0, -0.0, 0x7E, 0x7E, 0x7C, 0xFC, 2.0, 1.0]> : tensor<8xf8E5M2>
  %a1 = stablehlo.constant dense<[1.0, 0.0, 0x7E, 1.0, 0x7C, 1.0, 1.0, 2.0]> : tensor<8xf8E5M2>
  %r0 = stablehlo.compare EQ, %a0, %a1, FLOAT : (tensor<8xf8E5M2>, tensor<8xf8E5M2>) -> tensor<8xi1>
  check.expect_eq_const %r0, dense<[true, true, false, false, true, false, false, false]> : tensor<8xi1>
  func.return
}

// -----

// totalOrder: -NaN < -inf < -0 < +0 < +inf < +NaN
func.func @main() {
  %a0 = stablehlo.constant dense<[-0.0, 0.0, 0x7FC00000, 0xFFC00000, 0xFF800000, 1.0, 0x7FC00000]> : tensor<7xf32>
  %a1 = stablehlo.constant dense<[0.0, -0.0, 0x7F800000, 0xFF800000, 0xFFC00000, 1.0, 0x7FC00000]> : tensor<7xf32>
  %r0 = stablehlo.compare EQ, %a0, %a1, TOTALORDER : (tensor<7xf32>, tensor<7xf32>) -> tensor<7xi1>
  check.expect_eq_const %r0, dense<[false, false, false, false, false, true, true]> : tensor<7xi1>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[-1, 0, 5, -2147483648]> : tensor<4xi32>
  %a1 = stablehlo.constant dense<[1, 0, -5, 2147483647]> : tensor<4xi32>
  %r0 = stablehlo.compare EQ, %a0, %a1, SIGNED : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  check.expect_eq_const %r0, dense<[false, true, false, false]> : tensor<4xi1>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[255, 0, 5]> : tensor<3xui8>
  %a1 = stablehlo.constant dense<[1, 0, 200]> : tensor<3xui8>
  %r0 = stablehlo.compare EQ, %a0, %a1, UNSIGNED : (tensor<3xui8>, tensor<3xui8>) -> tensor<3xi1>
  check.expect_eq_const %r0, dense<[false, true, false]> : tensor<3xi1>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[-8, 7, 0]> : tensor<3xi4>
  %a1 = stablehlo.constant dense<[7, -8, 0]> : tensor<3xi4>
  %r0 = stablehlo.compare EQ, %a0, %a1, SIGNED : (tensor<3xi4>, tensor<3xi4>) -> tensor<3xi1>
  check.expect_eq_const %r0, dense<[false, false, true]> : tensor<3xi1>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[18446744073709551615, 3]> : tensor<2xui64>
  %a1 = stablehlo.constant dense<[1, 3]> : tensor<2xui64>
  %r0 = stablehlo.compare EQ, %a0, %a1, UNSIGNED : (tensor<2xui64>, tensor<2xui64>) -> tensor<2xi1>
  check.expect_eq_const %r0, dense<[false, true]> : tensor<2xi1>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[true, false, true]> : tensor<3xi1>
  %a1 = stablehlo.constant dense<[false, true, true]> : tensor<3xi1>
  %r0 = stablehlo.compare EQ, %a0, %a1, UNSIGNED : (tensor<3xi1>, tensor<3xi1>) -> tensor<3xi1>
  check.expect_eq_const %r0, dense<[false, false, true]> : tensor<3xi1>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[(1.0, 2.0), (1.0, 2.0), (1.0, 3.0), (2.0, 0.0), (0x7FC00000, 0.0)]> : tensor<5xcomplex<f32>>
  %a1 = stablehlo.constant dense<[(1.0, 2.0), (1.0, 3.0), (1.0, 2.0), (1.0, 5.0), (1.0, 0.0)]> : tensor<5xcomplex<f32>>
  %r0 = stablehlo.compare EQ, %a0, %a1, FLOAT : (tensor<5xcomplex<f32>>, tensor<5xcomplex<f32>>) -> tensor<5xi1>
  check.expect_eq_const %r0, dense<[true, false, false, false, false]> : tensor<5xi1>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[1.0, -0.0, 0x7FC00000, 0x7FC00000, 0x7F800000, 0xFF800000, 2.0, 1.0]> : tensor<8xf32>
  %a1 = stablehlo.constant dense<[1.0, 0.0, 0x7FC00000, 1.0, 0x7F800000, 1.0, 1.0, 2.0]> : tensor<8xf32>
  %r0 = stablehlo.compare NE, %a0, %a1, FLOAT : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xi1>
  check.expect_eq_const %r0, dense<[false, false, true, true, false, true, true, true]> : tensor<8xi1>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[1.0, -0.0, 0x7FF8000000000000, 0x7FF8000000000000, 0x7FF0000000000000, 0xFFF0000000000000, 2.0, 1.0]> : tensor<8xf64>
  %a1 = stablehlo.constant dense<[1.0, 0.0, 0x7FF8000000000000, 1.0, 0x7FF0000000000000, 1.0, 1.0, 2.0]> : tensor<8xf64>
  %r0 = stablehlo.compare NE, %a0, %a1, FLOAT : (tensor<8xf64>, tensor<8xf64>) -> tensor<8xi1>
  check.expect_eq_const %r0, dense<[false, false, true, true, false, true, true, true]> : tensor<8xi1>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[1.0, -0.0, 0x7FC0, 0x7FC0, 0x7F80, 0xFF80, 2.0, 1.0]> : tensor<8xbf16>
  %a1 = stablehlo.constant dense<[1.0, 0.0, 0x7FC0, 1.0, 0x7F80, 1.0, 1.0, 2.0]> : tensor<8xbf16>
  %r0 = stablehlo.compare NE, %a0, %a1, FLOAT : (tensor<8xbf16>, tensor<8xbf16>) -> tensor<8xi1>
  check.expect_eq_const %r0, dense<[false, false, true, true, false, true, true, true]> : tensor<8xi1>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[1.0, -0.0, 0x7E, 0x7E, 0x7C, 0xFC, 2.0, 1.0]> : tensor<8xf8E5M2>
  %a1 = stablehlo.constant dense<[1.0, 0.0, 0x7E, 1.0, 0x7C, 1.0, 1.0, 2.0]> : tensor<8xf8E5M2>
  %r0 = stablehlo.compare NE, %a0, %a1, FLOAT : (tensor<8xf8E5M2>, tensor<8xf8E5M2>) -> tensor<8xi1>
  check.expect_eq_const %r0, dense<[false, false, true, true, false, true, true, true]> : tensor<8xi1>
  func.return
}

// -----

// totalOrder: -NaN < -inf < -0 < +0 < +inf < +NaN
func.func @main() {
  %a0 = stablehlo.constant dense<[-0.0, 0.0, 0x7FC00000, 0xFFC00000, 0xFF800000, 1.0, 0x7FC00000]> : tensor<7xf32>
  %a1 = stablehlo.constant dense<[0.0, -0.0, 0x7F800000, 0xFF800000, 0xFFC00000, 1.0, 0x7FC00000]> : tensor<7xf32>
  %r0 = stablehlo.compare NE, %a0, %a1, TOTALORDER : (tensor<7xf32>, tensor<7xf32>) -> tensor<7xi1>
  check.expect_eq_const %r0, dense<[true, true, true, true, true, false, false]> : tensor<7xi1>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[-1, 0, 5, -2147483648]> : tensor<4xi32>
  %a1 = stablehlo.constant dense<[1, 0, -5, 2147483647]> : tensor<4xi32>
  %r0 = stablehlo.compare NE, %a0, %a1, SIGNED : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  check.expect_eq_const %r0, dense<[true, false, true, true]> : tensor<4xi1>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[255, 0, 5]> : tensor<3xui8>
  %a1 = stablehlo.constant dense<[1, 0, 200]> : tensor<3xui8>
  %r0 = stablehlo.compare NE, %a0, %a1, UNSIGNED : (tensor<3xui8>, tensor<3xui8>) -> tensor<3xi1>
  check.expect_eq_const %r0, dense<[true, false, true]> : tensor<3xi1>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[-8, 7, 0]> : tensor<3xi4>
  %a1 = stablehlo.constant dense<[7, -8, 0]> : tensor<3xi4>
  %r0 = stablehlo.compare NE, %a0, %a1, SIGNED : (tensor<3xi4>, tensor<3xi4>) -> tensor<3xi1>
  check.expect_eq_const %r0, dense<[true, true, false]> : tensor<3xi1>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[18446744073709551615, 3]> : tensor<2xui64>
  %a1 = stablehlo.constant dense<[1, 3]> : tensor<2xui64>
  %r0 = stablehlo.compare NE, %a0, %a1, UNSIGNED : (tensor<2xui64>, tensor<2xui64>) -> tensor<2xi1>
  check.expect_eq_const %r0, dense<[true, false]> : tensor<2xi1>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[true, false, true]> : tensor<3xi1>
  %a1 = stablehlo.constant dense<[false, true, true]> : tensor<3xi1>
  %r0 = stablehlo.compare NE, %a0, %a1, UNSIGNED : (tensor<3xi1>, tensor<3xi1>) -> tensor<3xi1>
  check.expect_eq_const %r0, dense<[true, true, false]> : tensor<3xi1>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[(1.0, 2.0), (1.0, 2.0), (1.0, 3.0), (2.0, 0.0), (0x7FC00000, 0.0)]> : tensor<5xcomplex<f32>>
  %a1 = stablehlo.constant dense<[(1.0, 2.0), (1.0, 3.0), (1.0, 2.0), (1.0, 5.0), (1.0, 0.0)]> : tensor<5xcomplex<f32>>
  %r0 = stablehlo.compare NE, %a0, %a1, FLOAT : (tensor<5xcomplex<f32>>, tensor<5xcomplex<f32>>) -> tensor<5xi1>
  check.expect_eq_const %r0, dense<[false, true, true, true, true]> : tensor<5xi1>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[1.0, -0.0, 0x7FC00000, 0x7FC00000, 0x7F800000, 0xFF800000, 2.0, 1.0]> : tensor<8xf32>
  %a1 = stablehlo.constant dense<[1.0, 0.0, 0x7FC00000, 1.0, 0x7F800000, 1.0, 1.0, 2.0]> : tensor<8xf32>
  %r0 = stablehlo.compare GE, %a0, %a1, FLOAT : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xi1>
  check.expect_eq_const %r0, dense<[true, true, false, false, true, false, true, false]> : tensor<8xi1>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[1.0, -0.0, 0x7FF8000000000000, 0x7FF8000000000000, 0x7FF0000000000000, 0xFFF0000000000000, 2.0, 1.0]> : tensor<8xf64>
  %a1 = stablehlo.constant dense<[1.0, 0.0, 0x7FF8000000000000, 1.0, 0x7FF0000000000000, 1.0, 1.0, 2.0]> : tensor<8xf64>
  %r0 = stablehlo.compare GE, %a0, %a1, FLOAT : (tensor<8xf64>, tensor<8xf64>) -> tensor<8xi1>
  check.expect_eq_const %r0, dense<[true, true, false, false, true, false, true, false]> : tensor<8xi1>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[1.0, -0.0, 0x7FC0, 0x7FC0, 0x7F80, 0xFF80, 2.0, 1.0]> : tensor<8xbf16>
  %a1 = stablehlo.constant dense<[1.0, 0.0, 0x7FC0, 1.0, 0x7F80, 1.0, 1.0, 2.0]> : tensor<8xbf16>
  %r0 = stablehlo.compare GE, %a0, %a1, FLOAT : (tensor<8xbf16>, tensor<8xbf16>) -> tensor<8xi1>
  check.expect_eq_const %r0, dense<[true, true, false, false, true, false, true, false]> : tensor<8xi1>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[1.0, -0.0, 0x7E, 0x7E, 0x7C, 0xFC, 2.0, 1.0]> : tensor<8xf8E5M2>
  %a1 = stablehlo.constant dense<[1.0, 0.0, 0x7E, 1.0, 0x7C, 1.0, 1.0, 2.0]> : tensor<8xf8E5M2>
  %r0 = stablehlo.compare GE, %a0, %a1, FLOAT : (tensor<8xf8E5M2>, tensor<8xf8E5M2>) -> tensor<8xi1>
  check.expect_eq_const %r0, dense<[true, true, false, false, true, false, true, false]> : tensor<8xi1>
  func.return
}

// -----

// totalOrder: -NaN < -inf < -0 < +0 < +inf < +NaN
func.func @main() {
  %a0 = stablehlo.constant dense<[-0.0, 0.0, 0x7FC00000, 0xFFC00000, 0xFF800000, 1.0, 0x7FC00000]> : tensor<7xf32>
  %a1 = stablehlo.constant dense<[0.0, -0.0, 0x7F800000, 0xFF800000, 0xFFC00000, 1.0, 0x7FC00000]> : tensor<7xf32>
  %r0 = stablehlo.compare GE, %a0, %a1, TOTALORDER : (tensor<7xf32>, tensor<7xf32>) -> tensor<7xi1>
  check.expect_eq_const %r0, dense<[false, true, true, false, true, true, true]> : tensor<7xi1>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[-1, 0, 5, -2147483648]> : tensor<4xi32>
  %a1 = stablehlo.constant dense<[1, 0, -5, 2147483647]> : tensor<4xi32>
  %r0 = stablehlo.compare GE, %a0, %a1, SIGNED : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  check.expect_eq_const %r0, dense<[false, true, true, false]> : tensor<4xi1>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[255, 0, 5]> : tensor<3xui8>
  %a1 = stablehlo.constant dense<[1, 0, 200]> : tensor<3xui8>
  %r0 = stablehlo.compare GE, %a0, %a1, UNSIGNED : (tensor<3xui8>, tensor<3xui8>) -> tensor<3xi1>
  check.expect_eq_const %r0, dense<[true, true, false]> : tensor<3xi1>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[-8, 7, 0]> : tensor<3xi4>
  %a1 = stablehlo.constant dense<[7, -8, 0]> : tensor<3xi4>
  %r0 = stablehlo.compare GE, %a0, %a1, SIGNED : (tensor<3xi4>, tensor<3xi4>) -> tensor<3xi1>
  check.expect_eq_const %r0, dense<[false, true, true]> : tensor<3xi1>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[18446744073709551615, 3]> : tensor<2xui64>
  %a1 = stablehlo.constant dense<[1, 3]> : tensor<2xui64>
  %r0 = stablehlo.compare GE, %a0, %a1, UNSIGNED : (tensor<2xui64>, tensor<2xui64>) -> tensor<2xi1>
  check.expect_eq_const %r0, dense<[true, true]> : tensor<2xi1>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[true, false, true]> : tensor<3xi1>
  %a1 = stablehlo.constant dense<[false, true, true]> : tensor<3xi1>
  %r0 = stablehlo.compare GE, %a0, %a1, UNSIGNED : (tensor<3xi1>, tensor<3xi1>) -> tensor<3xi1>
  check.expect_eq_const %r0, dense<[true, false, true]> : tensor<3xi1>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[1.0, -0.0, 0x7FC00000, 0x7FC00000, 0x7F800000, 0xFF800000, 2.0, 1.0]> : tensor<8xf32>
  %a1 = stablehlo.constant dense<[1.0, 0.0, 0x7FC00000, 1.0, 0x7F800000, 1.0, 1.0, 2.0]> : tensor<8xf32>
  %r0 = stablehlo.compare GT, %a0, %a1, FLOAT : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xi1>
  check.expect_eq_const %r0, dense<[false, false, false, false, false, false, true, false]> : tensor<8xi1>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[1.0, -0.0, 0x7FF8000000000000, 0x7FF8000000000000, 0x7FF0000000000000, 0xFFF0000000000000, 2.0, 1.0]> : tensor<8xf64>
  %a1 = stablehlo.constant dense<[1.0, 0.0, 0x7FF8000000000000, 1.0, 0x7FF0000000000000, 1.0, 1.0, 2.0]> : tensor<8xf64>
  %r0 = stablehlo.compare GT, %a0, %a1, FLOAT : (tensor<8xf64>, tensor<8xf64>) -> tensor<8xi1>
  check.expect_eq_const %r0, dense<[false, false, false, false, false, false, true, false]> : tensor<8xi1>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[1.0, -0.0, 0x7FC0, 0x7FC0, 0x7F80, 0xFF80, 2.0, 1.0]> : tensor<8xbf16>
  %a1 = stablehlo.constant dense<[1.0, 0.0, 0x7FC0, 1.0, 0x7F80, 1.0, 1.0, 2.0]> : tensor<8xbf16>
  %r0 = stablehlo.compare GT, %a0, %a1, FLOAT : (tensor<8xbf16>, tensor<8xbf16>) -> tensor<8xi1>
  check.expect_eq_const %r0, dense<[false, false, false, false, false, false, true, false]> : tensor<8xi1>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[1.0, -0.0, 0x7E, 0x7E, 0x7C, 0xFC, 2.0, 1.0]> : tensor<8xf8E5M2>
  %a1 = stablehlo.constant dense<[1.0, 0.0, 0x7E, 1.0, 0x7C, 1.0, 1.0, 2.0]> : tensor<8xf8E5M2>
  %r0 = stablehlo.compare GT, %a0, %a1, FLOAT : (tensor<8xf8E5M2>, tensor<8xf8E5M2>) -> tensor<8xi1>
  check.expect_eq_const %r0, dense<[false, false, false, false, false, false, true, false]> : tensor<8xi1>
  func.return
}

// -----

// totalOrder: -NaN < -inf < -0 < +0 < +inf < +NaN
func.func @main() {
  %a0 = stablehlo.constant dense<[-0.0, 0.0, 0x7FC00000, 0xFFC00000, 0xFF800000, 1.0, 0x7FC00000]> : tensor<7xf32>
  %a1 = stablehlo.constant dense<[0.0, -0.0, 0x7F800000, 0xFF800000, 0xFFC00000, 1.0, 0x7FC00000]> : tensor<7xf32>
  %r0 = stablehlo.compare GT, %a0, %a1, TOTALORDER : (tensor<7xf32>, tensor<7xf32>) -> tensor<7xi1>
  check.expect_eq_const %r0, dense<[false, true, true, false, true, false, false]> : tensor<7xi1>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[-1, 0, 5, -2147483648]> : tensor<4xi32>
  %a1 = stablehlo.constant dense<[1, 0, -5, 2147483647]> : tensor<4xi32>
  %r0 = stablehlo.compare GT, %a0, %a1, SIGNED : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  check.expect_eq_const %r0, dense<[false, false, true, false]> : tensor<4xi1>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[255, 0, 5]> : tensor<3xui8>
  %a1 = stablehlo.constant dense<[1, 0, 200]> : tensor<3xui8>
  %r0 = stablehlo.compare GT, %a0, %a1, UNSIGNED : (tensor<3xui8>, tensor<3xui8>) -> tensor<3xi1>
  check.expect_eq_const %r0, dense<[true, false, false]> : tensor<3xi1>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[-8, 7, 0]> : tensor<3xi4>
  %a1 = stablehlo.constant dense<[7, -8, 0]> : tensor<3xi4>
  %r0 = stablehlo.compare GT, %a0, %a1, SIGNED : (tensor<3xi4>, tensor<3xi4>) -> tensor<3xi1>
  check.expect_eq_const %r0, dense<[false, true, false]> : tensor<3xi1>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[18446744073709551615, 3]> : tensor<2xui64>
  %a1 = stablehlo.constant dense<[1, 3]> : tensor<2xui64>
  %r0 = stablehlo.compare GT, %a0, %a1, UNSIGNED : (tensor<2xui64>, tensor<2xui64>) -> tensor<2xi1>
  check.expect_eq_const %r0, dense<[true, false]> : tensor<2xi1>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[true, false, true]> : tensor<3xi1>
  %a1 = stablehlo.constant dense<[false, true, true]> : tensor<3xi1>
  %r0 = stablehlo.compare GT, %a0, %a1, UNSIGNED : (tensor<3xi1>, tensor<3xi1>) -> tensor<3xi1>
  check.expect_eq_const %r0, dense<[true, false, false]> : tensor<3xi1>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[1.0, -0.0, 0x7FC00000, 0x7FC00000, 0x7F800000, 0xFF800000, 2.0, 1.0]> : tensor<8xf32>
  %a1 = stablehlo.constant dense<[1.0, 0.0, 0x7FC00000, 1.0, 0x7F800000, 1.0, 1.0, 2.0]> : tensor<8xf32>
  %r0 = stablehlo.compare LE, %a0, %a1, FLOAT : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xi1>
  check.expect_eq_const %r0, dense<[true, true, false, false, true, true, false, true]> : tensor<8xi1>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[1.0, -0.0, 0x7FF8000000000000, 0x7FF8000000000000, 0x7FF0000000000000, 0xFFF0000000000000, 2.0, 1.0]> : tensor<8xf64>
  %a1 = stablehlo.constant dense<[1.0, 0.0, 0x7FF8000000000000, 1.0, 0x7FF0000000000000, 1.0, 1.0, 2.0]> : tensor<8xf64>
  %r0 = stablehlo.compare LE, %a0, %a1, FLOAT : (tensor<8xf64>, tensor<8xf64>) -> tensor<8xi1>
  check.expect_eq_const %r0, dense<[true, true, false, false, true, true, false, true]> : tensor<8xi1>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[1.0, -0.0, 0x7FC0, 0x7FC0, 0x7F80, 0xFF80, 2.0, 1.0]> : tensor<8xbf16>
  %a1 = stablehlo.constant dense<[1.0, 0.0, 0x7FC0, 1.0, 0x7F80, 1.0, 1.0, 2.0]> : tensor<8xbf16>
  %r0 = stablehlo.compare LE, %a0, %a1, FLOAT : (tensor<8xbf16>, tensor<8xbf16>) -> tensor<8xi1>
  check.expect_eq_const %r0, dense<[true, true, false, false, true, true, false, true]> : tensor<8xi1>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[1.0, -0.0, 0x7E, 0x7E, 0x7C, 0xFC, 2.0, 1.0]> : tensor<8xf8E5M2>
  %a1 = stablehlo.constant dense<[1.0, 0.0, 0x7E, 1.0, 0x7C, 1.0, 1.0, 2.0]> : tensor<8xf8E5M2>
  %r0 = stablehlo.compare LE, %a0, %a1, FLOAT : (tensor<8xf8E5M2>, tensor<8xf8E5M2>) -> tensor<8xi1>
  check.expect_eq_const %r0, dense<[true, true, false, false, true, true, false, true]> : tensor<8xi1>
  func.return
}

// -----

// totalOrder: -NaN < -inf < -0 < +0 < +inf < +NaN
func.func @main() {
  %a0 = stablehlo.constant dense<[-0.0, 0.0, 0x7FC00000, 0xFFC00000, 0xFF800000, 1.0, 0x7FC00000]> : tensor<7xf32>
  %a1 = stablehlo.constant dense<[0.0, -0.0, 0x7F800000, 0xFF800000, 0xFFC00000, 1.0, 0x7FC00000]> : tensor<7xf32>
  %r0 = stablehlo.compare LE, %a0, %a1, TOTALORDER : (tensor<7xf32>, tensor<7xf32>) -> tensor<7xi1>
  check.expect_eq_const %r0, dense<[true, false, false, true, false, true, true]> : tensor<7xi1>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[-1, 0, 5, -2147483648]> : tensor<4xi32>
  %a1 = stablehlo.constant dense<[1, 0, -5, 2147483647]> : tensor<4xi32>
  %r0 = stablehlo.compare LE, %a0, %a1, SIGNED : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  check.expect_eq_const %r0, dense<[true, true, false, true]> : tensor<4xi1>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[255, 0, 5]> : tensor<3xui8>
  %a1 = stablehlo.constant dense<[1, 0, 200]> : tensor<3xui8>
  %r0 = stablehlo.compare LE, %a0, %a1, UNSIGNED : (tensor<3xui8>, tensor<3xui8>) -> tensor<3xi1>
  check.expect_eq_const %r0, dense<[false, true, true]> : tensor<3xi1>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[-8, 7, 0]> : tensor<3xi4>
  %a1 = stablehlo.constant dense<[7, -8, 0]> : tensor<3xi4>
  %r0 = stablehlo.compare LE, %a0, %a1, SIGNED : (tensor<3xi4>, tensor<3xi4>) -> tensor<3xi1>
  check.expect_eq_const %r0, dense<[true, false, true]> : tensor<3xi1>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[18446744073709551615, 3]> : tensor<2xui64>
  %a1 = stablehlo.constant dense<[1, 3]> : tensor<2xui64>
  %r0 = stablehlo.compare LE, %a0, %a1, UNSIGNED : (tensor<2xui64>, tensor<2xui64>) -> tensor<2xi1>
  check.expect_eq_const %r0, dense<[false, true]> : tensor<2xi1>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[true, false, true]> : tensor<3xi1>
  %a1 = stablehlo.constant dense<[false, true, true]> : tensor<3xi1>
  %r0 = stablehlo.compare LE, %a0, %a1, UNSIGNED : (tensor<3xi1>, tensor<3xi1>) -> tensor<3xi1>
  check.expect_eq_const %r0, dense<[false, true, true]> : tensor<3xi1>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[1.0, -0.0, 0x7FC00000, 0x7FC00000, 0x7F800000, 0xFF800000, 2.0, 1.0]> : tensor<8xf32>
  %a1 = stablehlo.constant dense<[1.0, 0.0, 0x7FC00000, 1.0, 0x7F800000, 1.0, 1.0, 2.0]> : tensor<8xf32>
  %r0 = stablehlo.compare LT, %a0, %a1, FLOAT : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xi1>
  check.expect_eq_const %r0, dense<[false, false, false, false, false, true, false, true]> : tensor<8xi1>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[1.0, -0.0, 0x7FF8000000000000, 0x7FF8000000000000, 0x7FF0000000000000, 0xFFF0000000000000, 2.0, 1.0]> : tensor<8xf64>
  %a1 = stablehlo.constant dense<[1.0, 0.0, 0x7FF8000000000000, 1.0, 0x7FF0000000000000, 1.0, 1.0, 2.0]> : tensor<8xf64>
  %r0 = stablehlo.compare LT, %a0, %a1, FLOAT : (tensor<8xf64>, tensor<8xf64>) -> tensor<8xi1>
  check.expect_eq_const %r0, dense<[false, false, false, false, false, true, false, true]> : tensor<8xi1>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[1.0, -0.0, 0x7FC0, 0x7FC0, 0x7F80, 0xFF80, 2.0, 1.0]> : tensor<8xbf16>
  %a1 = stablehlo.constant dense<[1.0, 0.0, 0x7FC0, 1.0, 0x7F80, 1.0, 1.0, 2.0]> : tensor<8xbf16>
  %r0 = stablehlo.compare LT, %a0, %a1, FLOAT : (tensor<8xbf16>, tensor<8xbf16>) -> tensor<8xi1>
  check.expect_eq_const %r0, dense<[false, false, false, false, false, true, false, true]> : tensor<8xi1>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[1.0, -0.0, 0x7E, 0x7E, 0x7C, 0xFC, 2.0, 1.0]> : tensor<8xf8E5M2>
  %a1 = stablehlo.constant dense<[1.0, 0.0, 0x7E, 1.0, 0x7C, 1.0, 1.0, 2.0]> : tensor<8xf8E5M2>
  %r0 = stablehlo.compare LT, %a0, %a1, FLOAT : (tensor<8xf8E5M2>, tensor<8xf8E5M2>) -> tensor<8xi1>
  check.expect_eq_const %r0, dense<[false, false, false, false, false, true, false, true]> : tensor<8xi1>
  func.return
}

// -----

// totalOrder: -NaN < -inf < -0 < +0 < +inf < +NaN
func.func @main() {
  %a0 = stablehlo.constant dense<[-0.0, 0.0, 0x7FC00000, 0xFFC00000, 0xFF800000, 1.0, 0x7FC00000]> : tensor<7xf32>
  %a1 = stablehlo.constant dense<[0.0, -0.0, 0x7F800000, 0xFF800000, 0xFFC00000, 1.0, 0x7FC00000]> : tensor<7xf32>
  %r0 = stablehlo.compare LT, %a0, %a1, TOTALORDER : (tensor<7xf32>, tensor<7xf32>) -> tensor<7xi1>
  check.expect_eq_const %r0, dense<[true, false, false, true, false, false, false]> : tensor<7xi1>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[-1, 0, 5, -2147483648]> : tensor<4xi32>
  %a1 = stablehlo.constant dense<[1, 0, -5, 2147483647]> : tensor<4xi32>
  %r0 = stablehlo.compare LT, %a0, %a1, SIGNED : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  check.expect_eq_const %r0, dense<[true, false, false, true]> : tensor<4xi1>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[255, 0, 5]> : tensor<3xui8>
  %a1 = stablehlo.constant dense<[1, 0, 200]> : tensor<3xui8>
  %r0 = stablehlo.compare LT, %a0, %a1, UNSIGNED : (tensor<3xui8>, tensor<3xui8>) -> tensor<3xi1>
  check.expect_eq_const %r0, dense<[false, false, true]> : tensor<3xi1>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[-8, 7, 0]> : tensor<3xi4>
  %a1 = stablehlo.constant dense<[7, -8, 0]> : tensor<3xi4>
  %r0 = stablehlo.compare LT, %a0, %a1, SIGNED : (tensor<3xi4>, tensor<3xi4>) -> tensor<3xi1>
  check.expect_eq_const %r0, dense<[true, false, false]> : tensor<3xi1>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[18446744073709551615, 3]> : tensor<2xui64>
  %a1 = stablehlo.constant dense<[1, 3]> : tensor<2xui64>
  %r0 = stablehlo.compare LT, %a0, %a1, UNSIGNED : (tensor<2xui64>, tensor<2xui64>) -> tensor<2xi1>
  check.expect_eq_const %r0, dense<[false, false]> : tensor<2xi1>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[true, false, true]> : tensor<3xi1>
  %a1 = stablehlo.constant dense<[false, true, true]> : tensor<3xi1>
  %r0 = stablehlo.compare LT, %a0, %a1, UNSIGNED : (tensor<3xi1>, tensor<3xi1>) -> tensor<3xi1>
  check.expect_eq_const %r0, dense<[false, true, false]> : tensor<3xi1>
  func.return
}

// -----

// no compare_type
func.func @main() {
  %a0 = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
  %a1 = stablehlo.constant dense<[2, 1]> : tensor<2xi32>
  %r0 = stablehlo.compare LT, %a0, %a1 : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi1>
  check.expect_eq_const %r0, dense<[true, false]> : tensor<2xi1>
  func.return
}
