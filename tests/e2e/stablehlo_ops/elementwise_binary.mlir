// The element-wise binary ops on every element class: overflow, division by zero, NaN, -0.
// Expected values from XLA (JAX CPU).

func.func @main() {
  %a0 = stablehlo.constant dense<[1.5, -2.5, 0.0, -0.0, 0x7F800000, 0xFF800000, 0x7FC00000, 3.0, 9.999999680285692e+37, 7.0]> : tensor<10xf32>
  %a1 = stablehlo.constant dense<[0.5, 4.0, -0.0, 0.0, 0x7F800000, 0x7F800000, 1.0, 0.0, 10.0, -2.0]> : tensor<10xf32>
  %r0 = stablehlo.add %a0, %a1 : tensor<10xf32>
  check.expect_eq_const %r0, dense<[2.0, 1.5, 0.0, 0.0, 0x7F800000, 0xFFC00000, 0x7FC00000, 3.0, 9.999999680285692e+37, 5.0]> : tensor<10xf32>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[1.5, -2.5, 0.0, -0.0, 0x7F800000, 0xFF800000, 0x7FC00000, 3.0, 9.999999680285692e+37, 7.0]> : tensor<10xf32>
  %a1 = stablehlo.constant dense<[0.5, 4.0, -0.0, 0.0, 0x7F800000, 0x7F800000, 1.0, 0.0, 10.0, -2.0]> : tensor<10xf32>
  %r0 = stablehlo.subtract %a0, %a1 : tensor<10xf32>
  check.expect_eq_const %r0, dense<[1.0, -6.5, 0.0, -0.0, 0xFFC00000, 0xFF800000, 0x7FC00000, 3.0, 9.999999680285692e+37, 9.0]> : tensor<10xf32>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[1.5, -2.5, 0.0, -0.0, 0x7F800000, 0xFF800000, 0x7FC00000, 3.0, 9.999999680285692e+37, 7.0]> : tensor<10xf32>
  %a1 = stablehlo.constant dense<[0.5, 4.0, -0.0, 0.0, 0x7F800000, 0x7F800000, 1.0, 0.0, 10.0, -2.0]> : tensor<10xf32>
  %r0 = stablehlo.multiply %a0, %a1 : tensor<10xf32>
  check.expect_eq_const %r0, dense<[0.75, -10.0, -0.0, -0.0, 0x7F800000, 0xFF800000, 0x7FC00000, 0.0, 0x7F800000, -14.0]> : tensor<10xf32>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[1.5, -2.5, 0.0, -0.0, 0x7F800000, 0xFF800000, 0x7FC00000, 3.0, 9.999999680285692e+37, 7.0]> : tensor<10xf32>
  %a1 = stablehlo.constant dense<[0.5, 4.0, -0.0, 0.0, 0x7F800000, 0x7F800000, 1.0, 0.0, 10.0, -2.0]> : tensor<10xf32>
  %r0 = stablehlo.divide %a0, %a1 : tensor<10xf32>
  check.expect_eq_const %r0, dense<[3.0, -0.625, 0xFFC00000, 0xFFC00000, 0xFFC00000, 0xFFC00000, 0x7FC00000, 0x7F800000, 9.999999933815813e+36, -3.5]> : tensor<10xf32>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[1.5, -2.5, 0.0, -0.0, 0x7F800000, 0xFF800000, 0x7FC00000, 3.0, 9.999999680285692e+37, 7.0]> : tensor<10xf32>
  %a1 = stablehlo.constant dense<[0.5, 4.0, -0.0, 0.0, 0x7F800000, 0x7F800000, 1.0, 0.0, 10.0, -2.0]> : tensor<10xf32>
  %r0 = stablehlo.maximum %a0, %a1 : tensor<10xf32>
  check.expect_eq_const %r0, dense<[1.5, 4.0, 0.0, 0.0, 0x7F800000, 0x7F800000, 0x7FC00000, 3.0, 9.999999680285692e+37, 7.0]> : tensor<10xf32>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[1.5, -2.5, 0.0, -0.0, 0x7F800000, 0xFF800000, 0x7FC00000, 3.0, 9.999999680285692e+37, 7.0]> : tensor<10xf32>
  %a1 = stablehlo.constant dense<[0.5, 4.0, -0.0, 0.0, 0x7F800000, 0x7F800000, 1.0, 0.0, 10.0, -2.0]> : tensor<10xf32>
  %r0 = stablehlo.minimum %a0, %a1 : tensor<10xf32>
  check.expect_eq_const %r0, dense<[0.5, -2.5, -0.0, -0.0, 0x7F800000, 0xFF800000, 0x7FC00000, 0.0, 10.0, -2.0]> : tensor<10xf32>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[1.5, -2.5, 0.0, -0.0, 0x7F800000, 0xFF800000, 0x7FC00000, 3.0, 9.999999680285692e+37, 7.0]> : tensor<10xf32>
  %a1 = stablehlo.constant dense<[0.5, 4.0, -0.0, 0.0, 0x7F800000, 0x7F800000, 1.0, 0.0, 10.0, -2.0]> : tensor<10xf32>
  %r0 = stablehlo.remainder %a0, %a1 : tensor<10xf32>
  check.expect_eq_const %r0, dense<[0.0, -2.5, 0xFFC00000, 0xFFC00000, 0xFFC00000, 0xFFC00000, 0x7FC00000, 0xFFC00000, 8.0, 1.0]> : tensor<10xf32>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[1.5, -2.5, 0.0, -0.0, 0x7FF0000000000000, 0xFFF0000000000000, 0x7FF8000000000000, 3.0, 9.999999680285692e+37, 7.0]> : tensor<10xf64>
  %a1 = stablehlo.constant dense<[0.5, 4.0, -0.0, 0.0, 0x7FF0000000000000, 0x7FF0000000000000, 1.0, 0.0, 10.0, -2.0]> : tensor<10xf64>
  %r0 = stablehlo.add %a0, %a1 : tensor<10xf64>
  check.expect_eq_const %r0, dense<[2.0, 1.5, 0.0, 0.0, 0x7FF0000000000000, 0xFFF8000000000000, 0x7FF8000000000000, 3.0, 9.999999680285692e+37, 5.0]> : tensor<10xf64>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[1.5, -2.5, 0.0, -0.0, 0x7FF0000000000000, 0xFFF0000000000000, 0x7FF8000000000000, 3.0, 9.999999680285692e+37, 7.0]> : tensor<10xf64>
  %a1 = stablehlo.constant dense<[0.5, 4.0, -0.0, 0.0, 0x7FF0000000000000, 0x7FF0000000000000, 1.0, 0.0, 10.0, -2.0]> : tensor<10xf64>
  %r0 = stablehlo.subtract %a0, %a1 : tensor<10xf64>
  check.expect_eq_const %r0, dense<[1.0, -6.5, 0.0, -0.0, 0xFFF8000000000000, 0xFFF0000000000000, 0x7FF8000000000000, 3.0, 9.999999680285692e+37, 9.0]> : tensor<10xf64>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[1.5, -2.5, 0.0, -0.0, 0x7FF0000000000000, 0xFFF0000000000000, 0x7FF8000000000000, 3.0, 9.999999680285692e+37, 7.0]> : tensor<10xf64>
  %a1 = stablehlo.constant dense<[0.5, 4.0, -0.0, 0.0, 0x7FF0000000000000, 0x7FF0000000000000, 1.0, 0.0, 10.0, -2.0]> : tensor<10xf64>
  %r0 = stablehlo.multiply %a0, %a1 : tensor<10xf64>
  check.expect_eq_const %r0, dense<[0.75, -10.0, -0.0, -0.0, 0x7FF0000000000000, 0xFFF0000000000000, 0x7FF8000000000000, 0.0, 9.999999680285692e+38, -14.0]> : tensor<10xf64>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[1.5, -2.5, 0.0, -0.0, 0x7FF0000000000000, 0xFFF0000000000000, 0x7FF8000000000000, 3.0, 9.999999680285692e+37, 7.0]> : tensor<10xf64>
  %a1 = stablehlo.constant dense<[0.5, 4.0, -0.0, 0.0, 0x7FF0000000000000, 0x7FF0000000000000, 1.0, 0.0, 10.0, -2.0]> : tensor<10xf64>
  %r0 = stablehlo.divide %a0, %a1 : tensor<10xf64>
  check.expect_eq_const %r0, dense<[3.0, -0.625, 0xFFF8000000000000, 0xFFF8000000000000, 0xFFF8000000000000, 0xFFF8000000000000, 0x7FF8000000000000, 0x7FF0000000000000, 9.999999680285692e+36, -3.5]> : tensor<10xf64>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[1.5, -2.5, 0.0, -0.0, 0x7FF0000000000000, 0xFFF0000000000000, 0x7FF8000000000000, 3.0, 9.999999680285692e+37, 7.0]> : tensor<10xf64>
  %a1 = stablehlo.constant dense<[0.5, 4.0, -0.0, 0.0, 0x7FF0000000000000, 0x7FF0000000000000, 1.0, 0.0, 10.0, -2.0]> : tensor<10xf64>
  %r0 = stablehlo.maximum %a0, %a1 : tensor<10xf64>
  check.expect_eq_const %r0, dense<[1.5, 4.0, 0.0, 0.0, 0x7FF0000000000000, 0x7FF0000000000000, 0x7FF8000000000000, 3.0, 9.999999680285692e+37, 7.0]> : tensor<10xf64>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[1.5, -2.5, 0.0, -0.0, 0x7FF0000000000000, 0xFFF0000000000000, 0x7FF8000000000000, 3.0, 9.999999680285692e+37, 7.0]> : tensor<10xf64>
  %a1 = stablehlo.constant dense<[0.5, 4.0, -0.0, 0.0, 0x7FF0000000000000, 0x7FF0000000000000, 1.0, 0.0, 10.0, -2.0]> : tensor<10xf64>
  %r0 = stablehlo.minimum %a0, %a1 : tensor<10xf64>
  check.expect_eq_const %r0, dense<[0.5, -2.5, -0.0, -0.0, 0x7FF0000000000000, 0xFFF0000000000000, 0x7FF8000000000000, 0.0, 10.0, -2.0]> : tensor<10xf64>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[1.5, -2.5, 0.0, -0.0, 0x7FF0000000000000, 0xFFF0000000000000, 0x7FF8000000000000, 3.0, 9.999999680285692e+37, 7.0]> : tensor<10xf64>
  %a1 = stablehlo.constant dense<[0.5, 4.0, -0.0, 0.0, 0x7FF0000000000000, 0x7FF0000000000000, 1.0, 0.0, 10.0, -2.0]> : tensor<10xf64>
  %r0 = stablehlo.remainder %a0, %a1 : tensor<10xf64>
  check.expect_eq_const %r0, dense<[0.0, -2.5, 0xFFF8000000000000, 0xFFF8000000000000, 0xFFF8000000000000, 0xFFF8000000000000, 0x7FF8000000000000, 0xFFF8000000000000, 8.0, 1.0]> : tensor<10xf64>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[1.5, -2.5, 0.0, -0.0, 0x7F80, 0xFF80, 0x7FC0, 3.0, 9.969209968386869e+37, 7.0]> : tensor<10xbf16>
  %a1 = stablehlo.constant dense<[0.5, 4.0, -0.0, 0.0, 0x7F80, 0x7F80, 1.0, 0.0, 10.0, -2.0]> : tensor<10xbf16>
  %r0 = stablehlo.add %a0, %a1 : tensor<10xbf16>
  check.expect_eq_const %r0, dense<[2.0, 1.5, 0.0, 0.0, 0x7F80, 0xFFC0, 0x7FC0, 3.0, 9.969209968386869e+37, 5.0]> : tensor<10xbf16>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[1.5, -2.5, 0.0, -0.0, 0x7F80, 0xFF80, 0x7FC0, 3.0, 9.969209968386869e+37, 7.0]> : tensor<10xbf16>
  %a1 = stablehlo.constant dense<[0.5, 4.0, -0.0, 0.0, 0x7F80, 0x7F80, 1.0, 0.0, 10.0, -2.0]> : tensor<10xbf16>
  %r0 = stablehlo.subtract %a0, %a1 : tensor<10xbf16>
  check.expect_eq_const %r0, dense<[1.0, -6.5, 0.0, -0.0, 0xFFC0, 0xFF80, 0x7FC0, 3.0, 9.969209968386869e+37, 9.0]> : tensor<10xbf16>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[1.5, -2.5, 0.0, -0.0, 0x7F80, 0xFF80, 0x7FC0, 3.0, 9.969209968386869e+37, 7.0]> : tensor<10xbf16>
  %a1 = stablehlo.constant dense<[0.5, 4.0, -0.0, 0.0, 0x7F80, 0x7F80, 1.0, 0.0, 10.0, -2.0]> : tensor<10xbf16>
  %r0 = stablehlo.multiply %a0, %a1 : tensor<10xbf16>
  check.expect_eq_const %r0, dense<[0.75, -10.0, -0.0, -0.0, 0x7F80, 0xFF80, 0x7FC0, 0.0, 0x7F80, -14.0]> : tensor<10xbf16>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[1.5, -2.5, 0.0, -0.0, 0x7F80, 0xFF80, 0x7FC0, 3.0, 9.969209968386869e+37, 7.0]> : tensor<10xbf16>
  %a1 = stablehlo.constant dense<[0.5, 4.0, -0.0, 0.0, 0x7F80, 0x7F80, 1.0, 0.0, 10.0, -2.0]> : tensor<10xbf16>
  %r0 = stablehlo.divide %a0, %a1 : tensor<10xbf16>
  check.expect_eq_const %r0, dense<[3.0, -0.625, 0xFFC0, 0xFFC0, 0xFFC0, 0xFFC0, 0x7FC0, 0x7F80, 9.969209968386869e+36, -3.5]> : tensor<10xbf16>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[1.5, -2.5, 0.0, -0.0, 0x7F80, 0xFF80, 0x7FC0, 3.0, 9.969209968386869e+37, 7.0]> : tensor<10xbf16>
  %a1 = stablehlo.constant dense<[0.5, 4.0, -0.0, 0.0, 0x7F80, 0x7F80, 1.0, 0.0, 10.0, -2.0]> : tensor<10xbf16>
  %r0 = stablehlo.maximum %a0, %a1 : tensor<10xbf16>
  check.expect_eq_const %r0, dense<[1.5, 4.0, 0.0, 0.0, 0x7F80, 0x7F80, 0x7FC0, 3.0, 9.969209968386869e+37, 7.0]> : tensor<10xbf16>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[1.5, -2.5, 0.0, -0.0, 0x7F80, 0xFF80, 0x7FC0, 3.0, 9.969209968386869e+37, 7.0]> : tensor<10xbf16>
  %a1 = stablehlo.constant dense<[0.5, 4.0, -0.0, 0.0, 0x7F80, 0x7F80, 1.0, 0.0, 10.0, -2.0]> : tensor<10xbf16>
  %r0 = stablehlo.minimum %a0, %a1 : tensor<10xbf16>
  check.expect_eq_const %r0, dense<[0.5, -2.5, -0.0, -0.0, 0x7F80, 0xFF80, 0x7FC0, 0.0, 10.0, -2.0]> : tensor<10xbf16>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[1.5, -2.5, 0.0, -0.0, 0x7F80, 0xFF80, 0x7FC0, 3.0, 9.969209968386869e+37, 7.0]> : tensor<10xbf16>
  %a1 = stablehlo.constant dense<[0.5, 4.0, -0.0, 0.0, 0x7F80, 0x7F80, 1.0, 0.0, 10.0, -2.0]> : tensor<10xbf16>
  %r0 = stablehlo.remainder %a0, %a1 : tensor<10xbf16>
  check.expect_eq_const %r0, dense<[0.0, -2.5, 0xFFC0, 0xFFC0, 0xFFC0, 0xFFC0, 0x7FC0, 0xFFC0, 0.0, 1.0]> : tensor<10xbf16>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[1.5, -2.5, 0.0, -0.0, 0x7C00, 60000.0, 0x7E00, 3.0]> : tensor<8xf16>
  %a1 = stablehlo.constant dense<[0.5, 4.0, -0.0, 0.0, 0xFC00, 60000.0, 1.0, 0.0]> : tensor<8xf16>
  %r0 = stablehlo.add %a0, %a1 : tensor<8xf16>
  check.expect_eq_const %r0, dense<[2.0, 1.5, 0.0, 0.0, 0xFE00, 0x7C00, 0x7E00, 3.0]> : tensor<8xf16>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[1.5, -2.5, 0.0, -0.0, 0x7C00, 60000.0, 0x7E00, 3.0]> : tensor<8xf16>
  %a1 = stablehlo.constant dense<[0.5, 4.0, -0.0, 0.0, 0xFC00, 60000.0, 1.0, 0.0]> : tensor<8xf16>
  %r0 = stablehlo.subtract %a0, %a1 : tensor<8xf16>
  check.expect_eq_const %r0, dense<[1.0, -6.5, 0.0, -0.0, 0x7C00, 0.0, 0x7E00, 3.0]> : tensor<8xf16>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[1.5, -2.5, 0.0, -0.0, 0x7C00, 60000.0, 0x7E00, 3.0]> : tensor<8xf16>
  %a1 = stablehlo.constant dense<[0.5, 4.0, -0.0, 0.0, 0xFC00, 60000.0, 1.0, 0.0]> : tensor<8xf16>
  %r0 = stablehlo.multiply %a0, %a1 : tensor<8xf16>
  check.expect_eq_const %r0, dense<[0.75, -10.0, -0.0, -0.0, 0xFC00, 0x7C00, 0x7E00, 0.0]> : tensor<8xf16>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[1.5, -2.5, 0.0, -0.0, 0x7C00, 60000.0, 0x7E00, 3.0]> : tensor<8xf16>
  %a1 = stablehlo.constant dense<[0.5, 4.0, -0.0, 0.0, 0xFC00, 60000.0, 1.0, 0.0]> : tensor<8xf16>
  %r0 = stablehlo.divide %a0, %a1 : tensor<8xf16>
  check.expect_eq_const %r0, dense<[3.0, -0.625, 0xFE00, 0xFE00, 0xFE00, 1.0, 0x7E00, 0x7C00]> : tensor<8xf16>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[1.5, -2.5, 0.0, -0.0, 0x7C00, 60000.0, 0x7E00, 3.0]> : tensor<8xf16>
  %a1 = stablehlo.constant dense<[0.5, 4.0, -0.0, 0.0, 0xFC00, 60000.0, 1.0, 0.0]> : tensor<8xf16>
  %r0 = stablehlo.maximum %a0, %a1 : tensor<8xf16>
  check.expect_eq_const %r0, dense<[1.5, 4.0, 0.0, 0.0, 0x7C00, 60000.0, 0x7E00, 3.0]> : tensor<8xf16>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[1.5, -2.5, 0.0, -0.0, 0x7C00, 60000.0, 0x7E00, 3.0]> : tensor<8xf16>
  %a1 = stablehlo.constant dense<[0.5, 4.0, -0.0, 0.0, 0xFC00, 60000.0, 1.0, 0.0]> : tensor<8xf16>
  %r0 = stablehlo.minimum %a0, %a1 : tensor<8xf16>
  check.expect_eq_const %r0, dense<[0.5, -2.5, -0.0, -0.0, 0xFC00, 60000.0, 0x7E00, 0.0]> : tensor<8xf16>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[1.5, -2.5, 0.0, -0.0, 0x7C00, 60000.0, 0x7E00, 3.0]> : tensor<8xf16>
  %a1 = stablehlo.constant dense<[0.5, 4.0, -0.0, 0.0, 0xFC00, 60000.0, 1.0, 0.0]> : tensor<8xf16>
  %r0 = stablehlo.remainder %a0, %a1 : tensor<8xf16>
  check.expect_eq_const %r0, dense<[0.0, -2.5, 0xFE00, 0xFE00, 0xFE00, 0.0, 0x7E00, 0xFE00]> : tensor<8xf16>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[1.5, -2.5, 0.0, 448.0, 0x7F, 3.0]> : tensor<6xf8E4M3FN>
  %a1 = stablehlo.constant dense<[0.5, 4.0, -0.0, 448.0, 1.0, 0.0]> : tensor<6xf8E4M3FN>
  %r0 = stablehlo.add %a0, %a1 : tensor<6xf8E4M3FN>
  check.expect_eq_const %r0, dense<[2.0, 1.5, 0.0, 0x7F, 0x7F, 3.0]> : tensor<6xf8E4M3FN>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[1.5, -2.5, 0.0, 448.0, 0x7F, 3.0]> : tensor<6xf8E4M3FN>
  %a1 = stablehlo.constant dense<[0.5, 4.0, -0.0, 448.0, 1.0, 0.0]> : tensor<6xf8E4M3FN>
  %r0 = stablehlo.subtract %a0, %a1 : tensor<6xf8E4M3FN>
  check.expect_eq_const %r0, dense<[1.0, -6.5, 0.0, 0.0, 0x7F, 3.0]> : tensor<6xf8E4M3FN>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[1.5, -2.5, 0.0, 448.0, 0x7F, 3.0]> : tensor<6xf8E4M3FN>
  %a1 = stablehlo.constant dense<[0.5, 4.0, -0.0, 448.0, 1.0, 0.0]> : tensor<6xf8E4M3FN>
  %r0 = stablehlo.multiply %a0, %a1 : tensor<6xf8E4M3FN>
  check.expect_eq_const %r0, dense<[0.75, -10.0, -0.0, 0x7F, 0x7F, 0.0]> : tensor<6xf8E4M3FN>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[1.5, -2.5, 0.0, 448.0, 0x7F, 3.0]> : tensor<6xf8E4M3FN>
  %a1 = stablehlo.constant dense<[0.5, 4.0, -0.0, 448.0, 1.0, 0.0]> : tensor<6xf8E4M3FN>
  %r0 = stablehlo.divide %a0, %a1 : tensor<6xf8E4M3FN>
  check.expect_eq_const %r0, dense<[3.0, -0.625, 0xFF, 1.0, 0x7F, 0x7F]> : tensor<6xf8E4M3FN>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[1.5, -2.5, 0.0, 448.0, 0x7F, 3.0]> : tensor<6xf8E4M3FN>
  %a1 = stablehlo.constant dense<[0.5, 4.0, -0.0, 448.0, 1.0, 0.0]> : tensor<6xf8E4M3FN>
  %r0 = stablehlo.maximum %a0, %a1 : tensor<6xf8E4M3FN>
  check.expect_eq_const %r0, dense<[1.5, 4.0, 0.0, 448.0, 0x7F, 3.0]> : tensor<6xf8E4M3FN>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[1.5, -2.5, 0.0, 448.0, 0x7F, 3.0]> : tensor<6xf8E4M3FN>
  %a1 = stablehlo.constant dense<[0.5, 4.0, -0.0, 448.0, 1.0, 0.0]> : tensor<6xf8E4M3FN>
  %r0 = stablehlo.minimum %a0, %a1 : tensor<6xf8E4M3FN>
  check.expect_eq_const %r0, dense<[0.5, -2.5, -0.0, 448.0, 0x7F, 0.0]> : tensor<6xf8E4M3FN>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[1.5, -2.5, 0.0, 448.0, 0x7F, 3.0]> : tensor<6xf8E4M3FN>
  %a1 = stablehlo.constant dense<[0.5, 4.0, -0.0, 448.0, 1.0, 0.0]> : tensor<6xf8E4M3FN>
  %r0 = stablehlo.remainder %a0, %a1 : tensor<6xf8E4M3FN>
  check.expect_eq_const %r0, dense<[0.0, -2.5, 0xFF, 0.0, 0x7F, 0xFF]> : tensor<6xf8E4M3FN>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[5, -5, 0, -2147483648, 2147483647, 7, -7, 100]> : tensor<8xi32>
  %a1 = stablehlo.constant dense<[0, 0, 0, -1, 1, 2, 2, -3]> : tensor<8xi32>
  %r0 = stablehlo.add %a0, %a1 : tensor<8xi32>
  check.expect_eq_const %r0, dense<[5, -5, 0, 2147483647, -2147483648, 9, -5, 97]> : tensor<8xi32>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[5, -5, 0, -2147483648, 2147483647, 7, -7, 100]> : tensor<8xi32>
  %a1 = stablehlo.constant dense<[0, 0, 0, -1, 1, 2, 2, -3]> : tensor<8xi32>
  %r0 = stablehlo.subtract %a0, %a1 : tensor<8xi32>
  check.expect_eq_const %r0, dense<[5, -5, 0, -2147483647, 2147483646, 5, -9, 103]> : tensor<8xi32>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[5, -5, 0, -2147483648, 2147483647, 7, -7, 100]> : tensor<8xi32>
  %a1 = stablehlo.constant dense<[0, 0, 0, -1, 1, 2, 2, -3]> : tensor<8xi32>
  %r0 = stablehlo.multiply %a0, %a1 : tensor<8xi32>
  check.expect_eq_const %r0, dense<[0, 0, 0, -2147483648, 2147483647, 14, -14, -300]> : tensor<8xi32>
  func.return
}

// -----

// wraps; x/0 = -1, x%0 = x, INT_MIN/-1 = INT_MIN
func.func @main() {
  %a0 = stablehlo.constant dense<[5, -5, 0, -2147483648, 2147483647, 7, -7, 100]> : tensor<8xi32>
  %a1 = stablehlo.constant dense<[0, 0, 0, -1, 1, 2, 2, -3]> : tensor<8xi32>
  %r0 = stablehlo.divide %a0, %a1 : tensor<8xi32>
  check.expect_eq_const %r0, dense<[-1, -1, -1, -2147483648, 2147483647, 3, -3, -33]> : tensor<8xi32>
  func.return
}

// -----

// wraps; x/0 = -1, x%0 = x, INT_MIN/-1 = INT_MIN
func.func @main() {
  %a0 = stablehlo.constant dense<[5, -5, 0, -2147483648, 2147483647, 7, -7, 100]> : tensor<8xi32>
  %a1 = stablehlo.constant dense<[0, 0, 0, -1, 1, 2, 2, -3]> : tensor<8xi32>
  %r0 = stablehlo.remainder %a0, %a1 : tensor<8xi32>
  check.expect_eq_const %r0, dense<[5, -5, 0, 0, 0, 1, -1, 1]> : tensor<8xi32>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[5, -5, 0, -2147483648, 2147483647, 7, -7, 100]> : tensor<8xi32>
  %a1 = stablehlo.constant dense<[0, 0, 0, -1, 1, 2, 2, -3]> : tensor<8xi32>
  %r0 = stablehlo.maximum %a0, %a1 : tensor<8xi32>
  check.expect_eq_const %r0, dense<[5, 0, 0, -1, 2147483647, 7, 2, 100]> : tensor<8xi32>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[5, -5, 0, -2147483648, 2147483647, 7, -7, 100]> : tensor<8xi32>
  %a1 = stablehlo.constant dense<[0, 0, 0, -1, 1, 2, 2, -3]> : tensor<8xi32>
  %r0 = stablehlo.minimum %a0, %a1 : tensor<8xi32>
  check.expect_eq_const %r0, dense<[0, -5, 0, -2147483648, 1, 2, -7, -3]> : tensor<8xi32>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[5, -5, 0, -2147483648, 2147483647, 7, -7, 100]> : tensor<8xi32>
  %a1 = stablehlo.constant dense<[0, 0, 0, -1, 1, 2, 2, -3]> : tensor<8xi32>
  %r0 = stablehlo.and %a0, %a1 : tensor<8xi32>
  check.expect_eq_const %r0, dense<[0, 0, 0, -2147483648, 1, 2, 0, 100]> : tensor<8xi32>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[5, -5, 0, -2147483648, 2147483647, 7, -7, 100]> : tensor<8xi32>
  %a1 = stablehlo.constant dense<[0, 0, 0, -1, 1, 2, 2, -3]> : tensor<8xi32>
  %r0 = stablehlo.or %a0, %a1 : tensor<8xi32>
  check.expect_eq_const %r0, dense<[5, -5, 0, -1, 2147483647, 7, -5, -3]> : tensor<8xi32>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[5, -5, 0, -2147483648, 2147483647, 7, -7, 100]> : tensor<8xi32>
  %a1 = stablehlo.constant dense<[0, 0, 0, -1, 1, 2, 2, -3]> : tensor<8xi32>
  %r0 = stablehlo.xor %a0, %a1 : tensor<8xi32>
  check.expect_eq_const %r0, dense<[5, -5, 0, 2147483647, 2147483646, 5, -5, -103]> : tensor<8xi32>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[127, -128, 100, -100, 5, 0]> : tensor<6xi8>
  %a1 = stablehlo.constant dense<[1, -1, 100, 3, 0, -1]> : tensor<6xi8>
  %r0 = stablehlo.add %a0, %a1 : tensor<6xi8>
  check.expect_eq_const %r0, dense<[-128, 127, -56, -97, 5, -1]> : tensor<6xi8>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[127, -128, 100, -100, 5, 0]> : tensor<6xi8>
  %a1 = stablehlo.constant dense<[1, -1, 100, 3, 0, -1]> : tensor<6xi8>
  %r0 = stablehlo.subtract %a0, %a1 : tensor<6xi8>
  check.expect_eq_const %r0, dense<[126, -127, 0, -103, 5, 1]> : tensor<6xi8>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[127, -128, 100, -100, 5, 0]> : tensor<6xi8>
  %a1 = stablehlo.constant dense<[1, -1, 100, 3, 0, -1]> : tensor<6xi8>
  %r0 = stablehlo.multiply %a0, %a1 : tensor<6xi8>
  check.expect_eq_const %r0, dense<[127, -128, 16, -44, 0, 0]> : tensor<6xi8>
  func.return
}

// -----

// wraps; x/0 = -1, x%0 = x, INT_MIN/-1 = INT_MIN
func.func @main() {
  %a0 = stablehlo.constant dense<[127, -128, 100, -100, 5, 0]> : tensor<6xi8>
  %a1 = stablehlo.constant dense<[1, -1, 100, 3, 0, -1]> : tensor<6xi8>
  %r0 = stablehlo.divide %a0, %a1 : tensor<6xi8>
  check.expect_eq_const %r0, dense<[127, -128, 1, -33, -1, 0]> : tensor<6xi8>
  func.return
}

// -----

// wraps; x/0 = -1, x%0 = x, INT_MIN/-1 = INT_MIN
func.func @main() {
  %a0 = stablehlo.constant dense<[127, -128, 100, -100, 5, 0]> : tensor<6xi8>
  %a1 = stablehlo.constant dense<[1, -1, 100, 3, 0, -1]> : tensor<6xi8>
  %r0 = stablehlo.remainder %a0, %a1 : tensor<6xi8>
  check.expect_eq_const %r0, dense<[0, 0, 0, -1, 5, 0]> : tensor<6xi8>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[127, -128, 100, -100, 5, 0]> : tensor<6xi8>
  %a1 = stablehlo.constant dense<[1, -1, 100, 3, 0, -1]> : tensor<6xi8>
  %r0 = stablehlo.maximum %a0, %a1 : tensor<6xi8>
  check.expect_eq_const %r0, dense<[127, -1, 100, 3, 5, 0]> : tensor<6xi8>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[127, -128, 100, -100, 5, 0]> : tensor<6xi8>
  %a1 = stablehlo.constant dense<[1, -1, 100, 3, 0, -1]> : tensor<6xi8>
  %r0 = stablehlo.minimum %a0, %a1 : tensor<6xi8>
  check.expect_eq_const %r0, dense<[1, -128, 100, -100, 0, -1]> : tensor<6xi8>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[127, -128, 100, -100, 5, 0]> : tensor<6xi8>
  %a1 = stablehlo.constant dense<[1, -1, 100, 3, 0, -1]> : tensor<6xi8>
  %r0 = stablehlo.and %a0, %a1 : tensor<6xi8>
  check.expect_eq_const %r0, dense<[1, -128, 100, 0, 0, 0]> : tensor<6xi8>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[127, -128, 100, -100, 5, 0]> : tensor<6xi8>
  %a1 = stablehlo.constant dense<[1, -1, 100, 3, 0, -1]> : tensor<6xi8>
  %r0 = stablehlo.or %a0, %a1 : tensor<6xi8>
  check.expect_eq_const %r0, dense<[127, -1, 100, -97, 5, -1]> : tensor<6xi8>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[127, -128, 100, -100, 5, 0]> : tensor<6xi8>
  %a1 = stablehlo.constant dense<[1, -1, 100, 3, 0, -1]> : tensor<6xi8>
  %r0 = stablehlo.xor %a0, %a1 : tensor<6xi8>
  check.expect_eq_const %r0, dense<[126, 127, 0, -97, 5, -1]> : tensor<6xi8>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[9223372036854775807, -9223372036854775808, 12345678901234, -1]> : tensor<4xi64>
  %a1 = stablehlo.constant dense<[1, -1, -98765, 0]> : tensor<4xi64>
  %r0 = stablehlo.add %a0, %a1 : tensor<4xi64>
  check.expect_eq_const %r0, dense<[-9223372036854775808, 9223372036854775807, 12345678802469, -1]> : tensor<4xi64>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[9223372036854775807, -9223372036854775808, 12345678901234, -1]> : tensor<4xi64>
  %a1 = stablehlo.constant dense<[1, -1, -98765, 0]> : tensor<4xi64>
  %r0 = stablehlo.subtract %a0, %a1 : tensor<4xi64>
  check.expect_eq_const %r0, dense<[9223372036854775806, -9223372036854775807, 12345678999999, -1]> : tensor<4xi64>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[9223372036854775807, -9223372036854775808, 12345678901234, -1]> : tensor<4xi64>
  %a1 = stablehlo.constant dense<[1, -1, -98765, 0]> : tensor<4xi64>
  %r0 = stablehlo.multiply %a0, %a1 : tensor<4xi64>
  check.expect_eq_const %r0, dense<[9223372036854775807, -9223372036854775808, -1219320976680376010, 0]> : tensor<4xi64>
  func.return
}

// -----

// wraps; x/0 = -1, x%0 = x, INT_MIN/-1 = INT_MIN
func.func @main() {
  %a0 = stablehlo.constant dense<[9223372036854775807, -9223372036854775808, 12345678901234, -1]> : tensor<4xi64>
  %a1 = stablehlo.constant dense<[1, -1, -98765, 0]> : tensor<4xi64>
  %r0 = stablehlo.divide %a0, %a1 : tensor<4xi64>
  check.expect_eq_const %r0, dense<[9223372036854775807, -9223372036854775808, -125000545, -1]> : tensor<4xi64>
  func.return
}

// -----

// wraps; x/0 = -1, x%0 = x, INT_MIN/-1 = INT_MIN
func.func @main() {
  %a0 = stablehlo.constant dense<[9223372036854775807, -9223372036854775808, 12345678901234, -1]> : tensor<4xi64>
  %a1 = stablehlo.constant dense<[1, -1, -98765, 0]> : tensor<4xi64>
  %r0 = stablehlo.remainder %a0, %a1 : tensor<4xi64>
  check.expect_eq_const %r0, dense<[0, 0, 74309, -1]> : tensor<4xi64>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[9223372036854775807, -9223372036854775808, 12345678901234, -1]> : tensor<4xi64>
  %a1 = stablehlo.constant dense<[1, -1, -98765, 0]> : tensor<4xi64>
  %r0 = stablehlo.maximum %a0, %a1 : tensor<4xi64>
  check.expect_eq_const %r0, dense<[9223372036854775807, -1, 12345678901234, 0]> : tensor<4xi64>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[9223372036854775807, -9223372036854775808, 12345678901234, -1]> : tensor<4xi64>
  %a1 = stablehlo.constant dense<[1, -1, -98765, 0]> : tensor<4xi64>
  %r0 = stablehlo.minimum %a0, %a1 : tensor<4xi64>
  check.expect_eq_const %r0, dense<[1, -9223372036854775808, -98765, -1]> : tensor<4xi64>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[9223372036854775807, -9223372036854775808, 12345678901234, -1]> : tensor<4xi64>
  %a1 = stablehlo.constant dense<[1, -1, -98765, 0]> : tensor<4xi64>
  %r0 = stablehlo.and %a0, %a1 : tensor<4xi64>
  check.expect_eq_const %r0, dense<[1, -9223372036854775808, 12345678900786, 0]> : tensor<4xi64>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[9223372036854775807, -9223372036854775808, 12345678901234, -1]> : tensor<4xi64>
  %a1 = stablehlo.constant dense<[1, -1, -98765, 0]> : tensor<4xi64>
  %r0 = stablehlo.or %a0, %a1 : tensor<4xi64>
  check.expect_eq_const %r0, dense<[9223372036854775807, -1, -98317, -1]> : tensor<4xi64>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[9223372036854775807, -9223372036854775808, 12345678901234, -1]> : tensor<4xi64>
  %a1 = stablehlo.constant dense<[1, -1, -98765, 0]> : tensor<4xi64>
  %r0 = stablehlo.xor %a0, %a1 : tensor<4xi64>
  check.expect_eq_const %r0, dense<[9223372036854775806, 9223372036854775807, -12345678999103, -1]> : tensor<4xi64>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[255, 0, 200, 7]> : tensor<4xui8>
  %a1 = stablehlo.constant dense<[1, 1, 100, 0]> : tensor<4xui8>
  %r0 = stablehlo.add %a0, %a1 : tensor<4xui8>
  check.expect_eq_const %r0, dense<[0, 1, 44, 7]> : tensor<4xui8>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[255, 0, 200, 7]> : tensor<4xui8>
  %a1 = stablehlo.constant dense<[1, 1, 100, 0]> : tensor<4xui8>
  %r0 = stablehlo.subtract %a0, %a1 : tensor<4xui8>
  check.expect_eq_const %r0, dense<[254, 255, 100, 7]> : tensor<4xui8>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[255, 0, 200, 7]> : tensor<4xui8>
  %a1 = stablehlo.constant dense<[1, 1, 100, 0]> : tensor<4xui8>
  %r0 = stablehlo.multiply %a0, %a1 : tensor<4xui8>
  check.expect_eq_const %r0, dense<[255, 0, 32, 0]> : tensor<4xui8>
  func.return
}

// -----

// wraps; x/0 = -1, x%0 = x, INT_MIN/-1 = INT_MIN
func.func @main() {
  %a0 = stablehlo.constant dense<[255, 0, 200, 7]> : tensor<4xui8>
  %a1 = stablehlo.constant dense<[1, 1, 100, 0]> : tensor<4xui8>
  %r0 = stablehlo.divide %a0, %a1 : tensor<4xui8>
  check.expect_eq_const %r0, dense<[255, 0, 2, 255]> : tensor<4xui8>
  func.return
}

// -----

// wraps; x/0 = -1, x%0 = x, INT_MIN/-1 = INT_MIN
func.func @main() {
  %a0 = stablehlo.constant dense<[255, 0, 200, 7]> : tensor<4xui8>
  %a1 = stablehlo.constant dense<[1, 1, 100, 0]> : tensor<4xui8>
  %r0 = stablehlo.remainder %a0, %a1 : tensor<4xui8>
  check.expect_eq_const %r0, dense<[0, 0, 0, 7]> : tensor<4xui8>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[255, 0, 200, 7]> : tensor<4xui8>
  %a1 = stablehlo.constant dense<[1, 1, 100, 0]> : tensor<4xui8>
  %r0 = stablehlo.maximum %a0, %a1 : tensor<4xui8>
  check.expect_eq_const %r0, dense<[255, 1, 200, 7]> : tensor<4xui8>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[255, 0, 200, 7]> : tensor<4xui8>
  %a1 = stablehlo.constant dense<[1, 1, 100, 0]> : tensor<4xui8>
  %r0 = stablehlo.minimum %a0, %a1 : tensor<4xui8>
  check.expect_eq_const %r0, dense<[1, 0, 100, 0]> : tensor<4xui8>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[255, 0, 200, 7]> : tensor<4xui8>
  %a1 = stablehlo.constant dense<[1, 1, 100, 0]> : tensor<4xui8>
  %r0 = stablehlo.and %a0, %a1 : tensor<4xui8>
  check.expect_eq_const %r0, dense<[1, 0, 64, 0]> : tensor<4xui8>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[255, 0, 200, 7]> : tensor<4xui8>
  %a1 = stablehlo.constant dense<[1, 1, 100, 0]> : tensor<4xui8>
  %r0 = stablehlo.or %a0, %a1 : tensor<4xui8>
  check.expect_eq_const %r0, dense<[255, 1, 236, 7]> : tensor<4xui8>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[255, 0, 200, 7]> : tensor<4xui8>
  %a1 = stablehlo.constant dense<[1, 1, 100, 0]> : tensor<4xui8>
  %r0 = stablehlo.xor %a0, %a1 : tensor<4xui8>
  check.expect_eq_const %r0, dense<[254, 1, 172, 7]> : tensor<4xui8>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[18446744073709551615, 0, 9223372036854775808]> : tensor<3xui64>
  %a1 = stablehlo.constant dense<[1, 1, 3]> : tensor<3xui64>
  %r0 = stablehlo.add %a0, %a1 : tensor<3xui64>
  check.expect_eq_const %r0, dense<[0, 1, 9223372036854775811]> : tensor<3xui64>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[18446744073709551615, 0, 9223372036854775808]> : tensor<3xui64>
  %a1 = stablehlo.constant dense<[1, 1, 3]> : tensor<3xui64>
  %r0 = stablehlo.subtract %a0, %a1 : tensor<3xui64>
  check.expect_eq_const %r0, dense<[18446744073709551614, 18446744073709551615, 9223372036854775805]> : tensor<3xui64>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[18446744073709551615, 0, 9223372036854775808]> : tensor<3xui64>
  %a1 = stablehlo.constant dense<[1, 1, 3]> : tensor<3xui64>
  %r0 = stablehlo.multiply %a0, %a1 : tensor<3xui64>
  check.expect_eq_const %r0, dense<[18446744073709551615, 0, 9223372036854775808]> : tensor<3xui64>
  func.return
}

// -----

// wraps; x/0 = -1, x%0 = x, INT_MIN/-1 = INT_MIN
func.func @main() {
  %a0 = stablehlo.constant dense<[18446744073709551615, 0, 9223372036854775808]> : tensor<3xui64>
  %a1 = stablehlo.constant dense<[1, 1, 3]> : tensor<3xui64>
  %r0 = stablehlo.divide %a0, %a1 : tensor<3xui64>
  check.expect_eq_const %r0, dense<[18446744073709551615, 0, 3074457345618258602]> : tensor<3xui64>
  func.return
}

// -----

// wraps; x/0 = -1, x%0 = x, INT_MIN/-1 = INT_MIN
func.func @main() {
  %a0 = stablehlo.constant dense<[18446744073709551615, 0, 9223372036854775808]> : tensor<3xui64>
  %a1 = stablehlo.constant dense<[1, 1, 3]> : tensor<3xui64>
  %r0 = stablehlo.remainder %a0, %a1 : tensor<3xui64>
  check.expect_eq_const %r0, dense<[0, 0, 2]> : tensor<3xui64>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[18446744073709551615, 0, 9223372036854775808]> : tensor<3xui64>
  %a1 = stablehlo.constant dense<[1, 1, 3]> : tensor<3xui64>
  %r0 = stablehlo.maximum %a0, %a1 : tensor<3xui64>
  check.expect_eq_const %r0, dense<[18446744073709551615, 1, 9223372036854775808]> : tensor<3xui64>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[18446744073709551615, 0, 9223372036854775808]> : tensor<3xui64>
  %a1 = stablehlo.constant dense<[1, 1, 3]> : tensor<3xui64>
  %r0 = stablehlo.minimum %a0, %a1 : tensor<3xui64>
  check.expect_eq_const %r0, dense<[1, 0, 3]> : tensor<3xui64>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[18446744073709551615, 0, 9223372036854775808]> : tensor<3xui64>
  %a1 = stablehlo.constant dense<[1, 1, 3]> : tensor<3xui64>
  %r0 = stablehlo.and %a0, %a1 : tensor<3xui64>
  check.expect_eq_const %r0, dense<[1, 0, 0]> : tensor<3xui64>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[18446744073709551615, 0, 9223372036854775808]> : tensor<3xui64>
  %a1 = stablehlo.constant dense<[1, 1, 3]> : tensor<3xui64>
  %r0 = stablehlo.or %a0, %a1 : tensor<3xui64>
  check.expect_eq_const %r0, dense<[18446744073709551615, 1, 9223372036854775811]> : tensor<3xui64>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[18446744073709551615, 0, 9223372036854775808]> : tensor<3xui64>
  %a1 = stablehlo.constant dense<[1, 1, 3]> : tensor<3xui64>
  %r0 = stablehlo.xor %a0, %a1 : tensor<3xui64>
  check.expect_eq_const %r0, dense<[18446744073709551614, 1, 9223372036854775811]> : tensor<3xui64>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[7, -8, 5, -3, 0]> : tensor<5xi4>
  %a1 = stablehlo.constant dense<[1, -1, 3, 2, 0]> : tensor<5xi4>
  %r0 = stablehlo.add %a0, %a1 : tensor<5xi4>
  check.expect_eq_const %r0, dense<[-8, 7, -8, -1, 0]> : tensor<5xi4>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[7, -8, 5, -3, 0]> : tensor<5xi4>
  %a1 = stablehlo.constant dense<[1, -1, 3, 2, 0]> : tensor<5xi4>
  %r0 = stablehlo.subtract %a0, %a1 : tensor<5xi4>
  check.expect_eq_const %r0, dense<[6, -7, 2, -5, 0]> : tensor<5xi4>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[7, -8, 5, -3, 0]> : tensor<5xi4>
  %a1 = stablehlo.constant dense<[1, -1, 3, 2, 0]> : tensor<5xi4>
  %r0 = stablehlo.multiply %a0, %a1 : tensor<5xi4>
  check.expect_eq_const %r0, dense<[7, -8, -1, -6, 0]> : tensor<5xi4>
  func.return
}

// -----

// wraps; x/0 = -1, x%0 = x, INT_MIN/-1 = INT_MIN
func.func @main() {
  %a0 = stablehlo.constant dense<[7, -8, 5, -3, 0]> : tensor<5xi4>
  %a1 = stablehlo.constant dense<[1, -1, 3, 2, 0]> : tensor<5xi4>
  %r0 = stablehlo.divide %a0, %a1 : tensor<5xi4>
  check.expect_eq_const %r0, dense<[7, -8, 1, -1, -1]> : tensor<5xi4>
  func.return
}

// -----

// wraps; x/0 = -1, x%0 = x, INT_MIN/-1 = INT_MIN
func.func @main() {
  %a0 = stablehlo.constant dense<[7, -8, 5, -3, 0]> : tensor<5xi4>
  %a1 = stablehlo.constant dense<[1, -1, 3, 2, 0]> : tensor<5xi4>
  %r0 = stablehlo.remainder %a0, %a1 : tensor<5xi4>
  check.expect_eq_const %r0, dense<[0, 0, 2, -1, 0]> : tensor<5xi4>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[7, -8, 5, -3, 0]> : tensor<5xi4>
  %a1 = stablehlo.constant dense<[1, -1, 3, 2, 0]> : tensor<5xi4>
  %r0 = stablehlo.maximum %a0, %a1 : tensor<5xi4>
  check.expect_eq_const %r0, dense<[7, -1, 5, 2, 0]> : tensor<5xi4>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[7, -8, 5, -3, 0]> : tensor<5xi4>
  %a1 = stablehlo.constant dense<[1, -1, 3, 2, 0]> : tensor<5xi4>
  %r0 = stablehlo.minimum %a0, %a1 : tensor<5xi4>
  check.expect_eq_const %r0, dense<[1, -8, 3, -3, 0]> : tensor<5xi4>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[7, -8, 5, -3, 0]> : tensor<5xi4>
  %a1 = stablehlo.constant dense<[1, -1, 3, 2, 0]> : tensor<5xi4>
  %r0 = stablehlo.and %a0, %a1 : tensor<5xi4>
  check.expect_eq_const %r0, dense<[1, -8, 1, 0, 0]> : tensor<5xi4>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[7, -8, 5, -3, 0]> : tensor<5xi4>
  %a1 = stablehlo.constant dense<[1, -1, 3, 2, 0]> : tensor<5xi4>
  %r0 = stablehlo.or %a0, %a1 : tensor<5xi4>
  check.expect_eq_const %r0, dense<[7, -1, 7, -1, 0]> : tensor<5xi4>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[7, -8, 5, -3, 0]> : tensor<5xi4>
  %a1 = stablehlo.constant dense<[1, -1, 3, 2, 0]> : tensor<5xi4>
  %r0 = stablehlo.xor %a0, %a1 : tensor<5xi4>
  check.expect_eq_const %r0, dense<[6, 7, 6, -1, 0]> : tensor<5xi4>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[15, 0, 9, 4]> : tensor<4xui4>
  %a1 = stablehlo.constant dense<[1, 1, 9, 0]> : tensor<4xui4>
  %r0 = stablehlo.add %a0, %a1 : tensor<4xui4>
  check.expect_eq_const %r0, dense<[0, 1, 2, 4]> : tensor<4xui4>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[15, 0, 9, 4]> : tensor<4xui4>
  %a1 = stablehlo.constant dense<[1, 1, 9, 0]> : tensor<4xui4>
  %r0 = stablehlo.subtract %a0, %a1 : tensor<4xui4>
  check.expect_eq_const %r0, dense<[14, 15, 0, 4]> : tensor<4xui4>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[15, 0, 9, 4]> : tensor<4xui4>
  %a1 = stablehlo.constant dense<[1, 1, 9, 0]> : tensor<4xui4>
  %r0 = stablehlo.multiply %a0, %a1 : tensor<4xui4>
  check.expect_eq_const %r0, dense<[15, 0, 1, 0]> : tensor<4xui4>
  func.return
}

// -----

// wraps; x/0 = -1, x%0 = x, INT_MIN/-1 = INT_MIN
func.func @main() {
  %a0 = stablehlo.constant dense<[15, 0, 9, 4]> : tensor<4xui4>
  %a1 = stablehlo.constant dense<[1, 1, 9, 0]> : tensor<4xui4>
  %r0 = stablehlo.divide %a0, %a1 : tensor<4xui4>
  check.expect_eq_const %r0, dense<[15, 0, 1, 15]> : tensor<4xui4>
  func.return
}

// -----

// wraps; x/0 = -1, x%0 = x, INT_MIN/-1 = INT_MIN
func.func @main() {
  %a0 = stablehlo.constant dense<[15, 0, 9, 4]> : tensor<4xui4>
  %a1 = stablehlo.constant dense<[1, 1, 9, 0]> : tensor<4xui4>
  %r0 = stablehlo.remainder %a0, %a1 : tensor<4xui4>
  check.expect_eq_const %r0, dense<[0, 0, 0, 4]> : tensor<4xui4>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[15, 0, 9, 4]> : tensor<4xui4>
  %a1 = stablehlo.constant dense<[1, 1, 9, 0]> : tensor<4xui4>
  %r0 = stablehlo.maximum %a0, %a1 : tensor<4xui4>
  check.expect_eq_const %r0, dense<[15, 1, 9, 4]> : tensor<4xui4>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[15, 0, 9, 4]> : tensor<4xui4>
  %a1 = stablehlo.constant dense<[1, 1, 9, 0]> : tensor<4xui4>
  %r0 = stablehlo.minimum %a0, %a1 : tensor<4xui4>
  check.expect_eq_const %r0, dense<[1, 0, 9, 0]> : tensor<4xui4>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[15, 0, 9, 4]> : tensor<4xui4>
  %a1 = stablehlo.constant dense<[1, 1, 9, 0]> : tensor<4xui4>
  %r0 = stablehlo.and %a0, %a1 : tensor<4xui4>
  check.expect_eq_const %r0, dense<[1, 0, 9, 0]> : tensor<4xui4>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[15, 0, 9, 4]> : tensor<4xui4>
  %a1 = stablehlo.constant dense<[1, 1, 9, 0]> : tensor<4xui4>
  %r0 = stablehlo.or %a0, %a1 : tensor<4xui4>
  check.expect_eq_const %r0, dense<[15, 1, 9, 4]> : tensor<4xui4>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[15, 0, 9, 4]> : tensor<4xui4>
  %a1 = stablehlo.constant dense<[1, 1, 9, 0]> : tensor<4xui4>
  %r0 = stablehlo.xor %a0, %a1 : tensor<4xui4>
  check.expect_eq_const %r0, dense<[14, 1, 0, 4]> : tensor<4xui4>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[(1.0, 2.0), (-3.5, 0.5), (0.0, 0.0), (2.0, -1.0)]> : tensor<4xcomplex<f32>>
  %a1 = stablehlo.constant dense<[(0.5, -1.0), (2.0, 0.0), (1.0, 1.0), (2.0, -1.0)]> : tensor<4xcomplex<f32>>
  %r0 = stablehlo.add %a0, %a1 : tensor<4xcomplex<f32>>
  check.expect_eq_const %r0, dense<[(1.5, 1.0), (-1.5, 0.5), (1.0, 1.0), (4.0, -2.0)]> : tensor<4xcomplex<f32>>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[(1.0, 2.0), (-3.5, 0.5), (0.0, 0.0), (2.0, -1.0)]> : tensor<4xcomplex<f32>>
  %a1 = stablehlo.constant dense<[(0.5, -1.0), (2.0, 0.0), (1.0, 1.0), (2.0, -1.0)]> : tensor<4xcomplex<f32>>
  %r0 = stablehlo.subtract %a0, %a1 : tensor<4xcomplex<f32>>
  check.expect_eq_const %r0, dense<[(0.5, 3.0), (-5.5, 0.5), (-1.0, -1.0), (0.0, 0.0)]> : tensor<4xcomplex<f32>>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[(1.0, 2.0), (-3.5, 0.5), (0.0, 0.0), (2.0, -1.0)]> : tensor<4xcomplex<f32>>
  %a1 = stablehlo.constant dense<[(0.5, -1.0), (2.0, 0.0), (1.0, 1.0), (2.0, -1.0)]> : tensor<4xcomplex<f32>>
  %r0 = stablehlo.multiply %a0, %a1 : tensor<4xcomplex<f32>>
  check.expect_eq_const %r0, dense<[(2.5, 0.0), (-7.0, 1.0), (0.0, 0.0), (3.0, -4.0)]> : tensor<4xcomplex<f32>>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[(1.0, 2.0), (-3.5, 0.5), (0.0, 0.0), (2.0, -1.0)]> : tensor<4xcomplex<f32>>
  %a1 = stablehlo.constant dense<[(0.5, -1.0), (2.0, 0.0), (1.0, 1.0), (2.0, -1.0)]> : tensor<4xcomplex<f32>>
  %r0 = stablehlo.divide %a0, %a1 : tensor<4xcomplex<f32>>
  %e0 = stablehlo.constant dense<[(-1.2000000476837158, 1.600000023841858), (-1.75, 0.25), (0.0, 0.0), (1.0, 0.0)]> : tensor<4xcomplex<f32>>
  check.expect_close %r0, %e0, max_ulp_difference = 2 : tensor<4xcomplex<f32>>, tensor<4xcomplex<f32>>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[(1.0, 2.0), (-3.5, 0.5), (0.0, 0.0), (2.0, -1.0)]> : tensor<4xcomplex<f64>>
  %a1 = stablehlo.constant dense<[(0.5, -1.0), (2.0, 0.0), (1.0, 1.0), (2.0, -1.0)]> : tensor<4xcomplex<f64>>
  %r0 = stablehlo.add %a0, %a1 : tensor<4xcomplex<f64>>
  check.expect_eq_const %r0, dense<[(1.5, 1.0), (-1.5, 0.5), (1.0, 1.0), (4.0, -2.0)]> : tensor<4xcomplex<f64>>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[(1.0, 2.0), (-3.5, 0.5), (0.0, 0.0), (2.0, -1.0)]> : tensor<4xcomplex<f64>>
  %a1 = stablehlo.constant dense<[(0.5, -1.0), (2.0, 0.0), (1.0, 1.0), (2.0, -1.0)]> : tensor<4xcomplex<f64>>
  %r0 = stablehlo.subtract %a0, %a1 : tensor<4xcomplex<f64>>
  check.expect_eq_const %r0, dense<[(0.5, 3.0), (-5.5, 0.5), (-1.0, -1.0), (0.0, 0.0)]> : tensor<4xcomplex<f64>>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[(1.0, 2.0), (-3.5, 0.5), (0.0, 0.0), (2.0, -1.0)]> : tensor<4xcomplex<f64>>
  %a1 = stablehlo.constant dense<[(0.5, -1.0), (2.0, 0.0), (1.0, 1.0), (2.0, -1.0)]> : tensor<4xcomplex<f64>>
  %r0 = stablehlo.multiply %a0, %a1 : tensor<4xcomplex<f64>>
  check.expect_eq_const %r0, dense<[(2.5, 0.0), (-7.0, 1.0), (0.0, 0.0), (3.0, -4.0)]> : tensor<4xcomplex<f64>>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[(1.0, 2.0), (-3.5, 0.5), (0.0, 0.0), (2.0, -1.0)]> : tensor<4xcomplex<f64>>
  %a1 = stablehlo.constant dense<[(0.5, -1.0), (2.0, 0.0), (1.0, 1.0), (2.0, -1.0)]> : tensor<4xcomplex<f64>>
  %r0 = stablehlo.divide %a0, %a1 : tensor<4xcomplex<f64>>
  %e0 = stablehlo.constant dense<[(-1.2, 1.6), (-1.75, 0.25), (0.0, 0.0), (1.0, 0.0)]> : tensor<4xcomplex<f64>>
  check.expect_close %r0, %e0, max_ulp_difference = 2 : tensor<4xcomplex<f64>>, tensor<4xcomplex<f64>>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[true, true, false, false]> : tensor<4xi1>
  %a1 = stablehlo.constant dense<[true, false, true, false]> : tensor<4xi1>
  %r0 = stablehlo.add %a0, %a1 : tensor<4xi1>
  check.expect_eq_const %r0, dense<[true, true, true, false]> : tensor<4xi1>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[true, true, false, false]> : tensor<4xi1>
  %a1 = stablehlo.constant dense<[true, false, true, false]> : tensor<4xi1>
  %r0 = stablehlo.multiply %a0, %a1 : tensor<4xi1>
  check.expect_eq_const %r0, dense<[true, false, false, false]> : tensor<4xi1>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[true, true, false, false]> : tensor<4xi1>
  %a1 = stablehlo.constant dense<[true, false, true, false]> : tensor<4xi1>
  %r0 = stablehlo.maximum %a0, %a1 : tensor<4xi1>
  check.expect_eq_const %r0, dense<[true, true, true, false]> : tensor<4xi1>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[true, true, false, false]> : tensor<4xi1>
  %a1 = stablehlo.constant dense<[true, false, true, false]> : tensor<4xi1>
  %r0 = stablehlo.minimum %a0, %a1 : tensor<4xi1>
  check.expect_eq_const %r0, dense<[true, false, false, false]> : tensor<4xi1>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[true, true, false, false]> : tensor<4xi1>
  %a1 = stablehlo.constant dense<[true, false, true, false]> : tensor<4xi1>
  %r0 = stablehlo.and %a0, %a1 : tensor<4xi1>
  check.expect_eq_const %r0, dense<[true, false, false, false]> : tensor<4xi1>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[true, true, false, false]> : tensor<4xi1>
  %a1 = stablehlo.constant dense<[true, false, true, false]> : tensor<4xi1>
  %r0 = stablehlo.or %a0, %a1 : tensor<4xi1>
  check.expect_eq_const %r0, dense<[true, true, true, false]> : tensor<4xi1>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[true, true, false, false]> : tensor<4xi1>
  %a1 = stablehlo.constant dense<[true, false, true, false]> : tensor<4xi1>
  %r0 = stablehlo.xor %a0, %a1 : tensor<4xi1>
  check.expect_eq_const %r0, dense<[false, true, true, false]> : tensor<4xi1>
  func.return
}

// -----

// negative exponents: 1 for 1, +-1 for -1, else 0; wraps
func.func @main() {
  %a0 = stablehlo.constant dense<[2, -1, -1, 1, 0, 3, 2, -3, 0, 7]> : tensor<10xi32>
  %a1 = stablehlo.constant dense<[-1, -3, -2, -5, -1, 0, 31, 3, 0, 12]> : tensor<10xi32>
  %r0 = stablehlo.power %a0, %a1 : tensor<10xi32>
  check.expect_eq_const %r0, dense<[0, -1, 1, 1, 0, 1, -2147483648, -27, 1, 956385313]> : tensor<10xi32>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[2, 3, 255, 0]> : tensor<4xui8>
  %a1 = stablehlo.constant dense<[7, 5, 2, 0]> : tensor<4xui8>
  %r0 = stablehlo.power %a0, %a1 : tensor<4xui8>
  check.expect_eq_const %r0, dense<[128, 243, 1, 1]> : tensor<4xui8>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[2, -2, 3, 5]> : tensor<4xi64>
  %a1 = stablehlo.constant dense<[62, 63, 40, 27]> : tensor<4xi64>
  %r0 = stablehlo.power %a0, %a1 : tensor<4xi64>
  check.expect_eq_const %r0, dense<[4611686018427387904, -9223372036854775808, -6289078614652622815, 7450580596923828125]> : tensor<4xi64>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[2.0, -8.0, 0.0, 0.0, -1.0, 1.0, 0x7FC00000, 4.0, -2.0]> : tensor<9xf32>
  %a1 = stablehlo.constant dense<[10.0, 0.3333333432674408, 0.0, -1.0, 0x7F800000, 0x7FC00000, 0.0, 0.5, 0.5]> : tensor<9xf32>
  %r0 = stablehlo.power %a0, %a1 : tensor<9xf32>
  %e0 = stablehlo.constant dense<[1024.0, 0xFFC00000, 1.0, 0x7F800000, 1.0, 1.0, 1.0, 2.0, 0xFFC00000]> : tensor<9xf32>
  check.expect_close %r0, %e0, max_ulp_difference = 2 : tensor<9xf32>, tensor<9xf32>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[2.0, -8.0, 0.0, 0.0, -1.0, 1.0, 0x7FF8000000000000, 4.0, -2.0]> : tensor<9xf64>
  %a1 = stablehlo.constant dense<[10.0, 0.3333333432674408, 0.0, -1.0, 0x7FF0000000000000, 0x7FF8000000000000, 0.0, 0.5, 0.5]> : tensor<9xf64>
  %r0 = stablehlo.power %a0, %a1 : tensor<9xf64>
  %e0 = stablehlo.constant dense<[1024.0, 0xFFF8000000000000, 1.0, 0x7FF0000000000000, 1.0, 1.0, 1.0, 2.0, 0xFFF8000000000000]> : tensor<9xf64>
  check.expect_close %r0, %e0, max_ulp_difference = 2 : tensor<9xf64>, tensor<9xf64>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[2.0, -8.0, 0.0, 0.0, -1.0, 1.0, 0x7FC0, 4.0, -2.0]> : tensor<9xbf16>
  %a1 = stablehlo.constant dense<[10.0, 0.333984375, 0.0, -1.0, 0x7F80, 0x7FC0, 0.0, 0.5, 0.5]> : tensor<9xbf16>
  %r0 = stablehlo.power %a0, %a1 : tensor<9xbf16>
  %e0 = stablehlo.constant dense<[1024.0, 0xFFC0, 1.0, 0x7F80, 1.0, 1.0, 1.0, 2.0, 0xFFC0]> : tensor<9xbf16>
  check.expect_close %r0, %e0, max_ulp_difference = 1 : tensor<9xbf16>, tensor<9xbf16>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[(1.0, 2.0), (-3.5, 0.5), (2.0, -1.0)]> : tensor<3xcomplex<f32>>
  %a1 = stablehlo.constant dense<[(0.5, -1.0), (2.0, 0.0), (2.0, -1.0)]> : tensor<3xcomplex<f32>>
  %r0 = stablehlo.power %a0, %a1 : tensor<3xcomplex<f32>>
  %e0 = stablehlo.constant dense<[(4.382565498352051, -1.1243976354599), (12.0, -3.5000014305114746), (-0.504824697971344, -3.1041440963745117)]> : tensor<3xcomplex<f32>>
  check.expect_close %r0, %e0, max_ulp_difference = 8 : tensor<3xcomplex<f32>>, tensor<3xcomplex<f32>>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[1.0, -1.0, 0.0, -0.0, 0.0, -0.0, 0x7F800000, 1.0, 0x7FC00000]> : tensor<9xf32>
  %a1 = stablehlo.constant dense<[1.0, -1.0, 0.0, 0.0, -0.0, -0.0, 0x7F800000, 0.0, 1.0]> : tensor<9xf32>
  %r0 = stablehlo.atan2 %a0, %a1 : tensor<9xf32>
  %e0 = stablehlo.constant dense<[0.7853981852531433, -2.356194496154785, 0.0, -0.0, 3.1415927410125732, -3.1415927410125732, 0.7853981852531433, 1.5707963705062866, 0x7FC00000]> : tensor<9xf32>
  check.expect_close %r0, %e0, max_ulp_difference = 2 : tensor<9xf32>, tensor<9xf32>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[1.0, -1.0, 0.0, -0.0, 0.0, -0.0, 0x7FF0000000000000, 1.0, 0x7FF8000000000000]> : tensor<9xf64>
  %a1 = stablehlo.constant dense<[1.0, -1.0, 0.0, 0.0, -0.0, -0.0, 0x7FF0000000000000, 0.0, 1.0]> : tensor<9xf64>
  %r0 = stablehlo.atan2 %a0, %a1 : tensor<9xf64>
  %e0 = stablehlo.constant dense<[0.7853981633974483, -2.356194490192345, 0.0, -0.0, 3.141592653589793, -3.141592653589793, 0.7853981633974483, 1.5707963267948966, 0x7FF8000000000000]> : tensor<9xf64>
  check.expect_close %r0, %e0, max_ulp_difference = 2 : tensor<9xf64>, tensor<9xf64>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[1.0, -1.0, 0.0, -0.0, 0.0, -0.0, 0x7F80, 1.0, 0x7FC0]> : tensor<9xbf16>
  %a1 = stablehlo.constant dense<[1.0, -1.0, 0.0, 0.0, -0.0, -0.0, 0x7F80, 0.0, 1.0]> : tensor<9xbf16>
  %r0 = stablehlo.atan2 %a0, %a1 : tensor<9xbf16>
  %e0 = stablehlo.constant dense<[0.78515625, -2.359375, 0.0, -0.0, 3.140625, -3.140625, 0.78515625, 1.5703125, 0x7FC0]> : tensor<9xbf16>
  check.expect_close %r0, %e0, max_ulp_difference = 1 : tensor<9xbf16>, tensor<9xbf16>
  func.return
}

// -----

// amounts >= width (or negative) shift everything out
func.func @main() {
  %a0 = stablehlo.constant dense<[1, 1, -1, -8, -8, 8, 12345, 1]> : tensor<8xi32>
  %a1 = stablehlo.constant dense<[31, 32, 1, 1, 40, -1, 3, 0]> : tensor<8xi32>
  %r0 = stablehlo.shift_left %a0, %a1 : tensor<8xi32>
  check.expect_eq_const %r0, dense<[-2147483648, 0, -2, -16, 0, 0, 98760, 1]> : tensor<8xi32>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[128, 255, 1, 3]> : tensor<4xui8>
  %a1 = stablehlo.constant dense<[1, 7, 8, 200]> : tensor<4xui8>
  %r0 = stablehlo.shift_left %a0, %a1 : tensor<4xui8>
  check.expect_eq_const %r0, dense<[0, 128, 0, 0]> : tensor<4xui8>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[-8, 7, -1, 4]> : tensor<4xi4>
  %a1 = stablehlo.constant dense<[1, 1, 3, 4]> : tensor<4xi4>
  %r0 = stablehlo.shift_left %a0, %a1 : tensor<4xi4>
  check.expect_eq_const %r0, dense<[0, -2, -8, 0]> : tensor<4xi4>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[-9223372036854775808, 5, -1]> : tensor<3xi64>
  %a1 = stablehlo.constant dense<[63, 64, 1]> : tensor<3xi64>
  %r0 = stablehlo.shift_left %a0, %a1 : tensor<3xi64>
  check.expect_eq_const %r0, dense<[0, 0, -2]> : tensor<3xi64>
  func.return
}

// -----

// amounts >= width (or negative) shift everything out
func.func @main() {
  %a0 = stablehlo.constant dense<[1, 1, -1, -8, -8, 8, 12345, 1]> : tensor<8xi32>
  %a1 = stablehlo.constant dense<[31, 32, 1, 1, 40, -1, 3, 0]> : tensor<8xi32>
  %r0 = stablehlo.shift_right_arithmetic %a0, %a1 : tensor<8xi32>
  check.expect_eq_const %r0, dense<[0, 0, -1, -4, -1, 0, 1543, 1]> : tensor<8xi32>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[128, 255, 1, 3]> : tensor<4xui8>
  %a1 = stablehlo.constant dense<[1, 7, 8, 200]> : tensor<4xui8>
  %r0 = stablehlo.shift_right_arithmetic %a0, %a1 : tensor<4xui8>
  check.expect_eq_const %r0, dense<[192, 255, 0, 0]> : tensor<4xui8>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[-8, 7, -1, 4]> : tensor<4xi4>
  %a1 = stablehlo.constant dense<[1, 1, 3, 4]> : tensor<4xi4>
  %r0 = stablehlo.shift_right_arithmetic %a0, %a1 : tensor<4xi4>
  check.expect_eq_const %r0, dense<[-4, 3, -1, 0]> : tensor<4xi4>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[-9223372036854775808, 5, -1]> : tensor<3xi64>
  %a1 = stablehlo.constant dense<[63, 64, 1]> : tensor<3xi64>
  %r0 = stablehlo.shift_right_arithmetic %a0, %a1 : tensor<3xi64>
  check.expect_eq_const %r0, dense<[-1, 0, -1]> : tensor<3xi64>
  func.return
}

// -----

// amounts >= width (or negative) shift everything out
func.func @main() {
  %a0 = stablehlo.constant dense<[1, 1, -1, -8, -8, 8, 12345, 1]> : tensor<8xi32>
  %a1 = stablehlo.constant dense<[31, 32, 1, 1, 40, -1, 3, 0]> : tensor<8xi32>
  %r0 = stablehlo.shift_right_logical %a0, %a1 : tensor<8xi32>
  check.expect_eq_const %r0, dense<[0, 0, 2147483647, 2147483644, 0, 0, 1543, 1]> : tensor<8xi32>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[128, 255, 1, 3]> : tensor<4xui8>
  %a1 = stablehlo.constant dense<[1, 7, 8, 200]> : tensor<4xui8>
  %r0 = stablehlo.shift_right_logical %a0, %a1 : tensor<4xui8>
  check.expect_eq_const %r0, dense<[64, 1, 0, 0]> : tensor<4xui8>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[-8, 7, -1, 4]> : tensor<4xi4>
  %a1 = stablehlo.constant dense<[1, 1, 3, 4]> : tensor<4xi4>
  %r0 = stablehlo.shift_right_logical %a0, %a1 : tensor<4xi4>
  check.expect_eq_const %r0, dense<[4, 3, 1, 0]> : tensor<4xi4>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[-9223372036854775808, 5, -1]> : tensor<3xi64>
  %a1 = stablehlo.constant dense<[63, 64, 1]> : tensor<3xi64>
  %r0 = stablehlo.shift_right_logical %a0, %a1 : tensor<3xi64>
  check.expect_eq_const %r0, dense<[1, 0, 9223372036854775807]> : tensor<3xi64>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[1.0, -0.0, 0x7FC00000]> : tensor<3xf32>
  %a1 = stablehlo.constant dense<[2.0, 0x7F800000, -1.0]> : tensor<3xf32>
  %r0 = stablehlo.complex %a0, %a1 : tensor<3xcomplex<f32>>
  check.expect_eq_const %r0, dense<[(1.0, 2.0), (-0.0, 0x7F800000), (0x7FC00000, -1.0)]> : tensor<3xcomplex<f32>>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[1.0, 3.5]> : tensor<2xf64>
  %a1 = stablehlo.constant dense<[-2.0, 0.0]> : tensor<2xf64>
  %r0 = stablehlo.complex %a0, %a1 : tensor<2xcomplex<f64>>
  check.expect_eq_const %r0, dense<[(1.0, -2.0), (3.5, 0.0)]> : tensor<2xcomplex<f64>>
  func.return
}

// -----

// zero-sized
func.func @main() {
  %a0 = stablehlo.constant dense<> : tensor<2x0xf32>
  %a1 = stablehlo.constant dense<> : tensor<2x0xf32>
  %r0 = stablehlo.add %a0, %a1 : tensor<2x0xf32>
  check.expect_eq_const %r0, dense<> : tensor<2x0xf32>
  func.return
}

// -----

// rank 0
func.func @main() {
  %a0 = stablehlo.constant dense<3> : tensor<i32>
  %a1 = stablehlo.constant dense<-4> : tensor<i32>
  %r0 = stablehlo.multiply %a0, %a1 : tensor<i32>
  check.expect_eq_const %r0, dense<-12> : tensor<i32>
  func.return
}
