// The element-wise unary ops on every element class, with NaN, infinities, -0, wrap-around.
// Expected values from XLA (JAX CPU).

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 1.5, -2.5, 0.5, -0.5, 3.700000047683716, -3.700000047683716, 0x7F800000, 0xFF800000, 0x7FC00000]> : tensor<11xf32>
  %r0 = stablehlo.abs %a0 : (tensor<11xf32>) -> tensor<11xf32>
  check.expect_eq_const %r0, dense<[0.0, 0.0, 1.5, 2.5, 0.5, 0.5, 3.700000047683716, 3.700000047683716, 0x7F800000, 0x7F800000, 0x7FC00000]> : tensor<11xf32>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 1.5, -2.5, 0.5, -0.5, 3.700000047683716, -3.700000047683716, 0x7F800000, 0xFF800000, 0x7FC00000]> : tensor<11xf32>
  %r0 = stablehlo.negate %a0 : (tensor<11xf32>) -> tensor<11xf32>
  check.expect_eq_const %r0, dense<[-0.0, 0.0, -1.5, 2.5, -0.5, 0.5, -3.700000047683716, 3.700000047683716, 0xFF800000, 0x7F800000, 0xFFC00000]> : tensor<11xf32>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 1.5, -2.5, 0.5, -0.5, 3.700000047683716, -3.700000047683716, 0x7F800000, 0xFF800000, 0x7FC00000]> : tensor<11xf32>
  %r0 = stablehlo.sign %a0 : (tensor<11xf32>) -> tensor<11xf32>
  check.expect_eq_const %r0, dense<[0.0, -0.0, 1.0, -1.0, 1.0, -1.0, 1.0, -1.0, 1.0, -1.0, 0x7FC00000]> : tensor<11xf32>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 1.5, -2.5, 0.5, -0.5, 3.700000047683716, -3.700000047683716, 0x7F800000, 0xFF800000, 0x7FC00000]> : tensor<11xf32>
  %r0 = stablehlo.ceil %a0 : (tensor<11xf32>) -> tensor<11xf32>
  check.expect_eq_const %r0, dense<[0.0, -0.0, 2.0, -2.0, 1.0, -0.0, 4.0, -3.0, 0x7F800000, 0xFF800000, 0x7FC00000]> : tensor<11xf32>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 1.5, -2.5, 0.5, -0.5, 3.700000047683716, -3.700000047683716, 0x7F800000, 0xFF800000, 0x7FC00000]> : tensor<11xf32>
  %r0 = stablehlo.floor %a0 : (tensor<11xf32>) -> tensor<11xf32>
  check.expect_eq_const %r0, dense<[0.0, -0.0, 1.0, -3.0, 0.0, -1.0, 3.0, -4.0, 0x7F800000, 0xFF800000, 0x7FC00000]> : tensor<11xf32>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 1.5, -2.5, 0.5, -0.5, 3.700000047683716, -3.700000047683716, 0x7F800000, 0xFF800000, 0x7FC00000]> : tensor<11xf32>
  %r0 = stablehlo.round_nearest_afz %a0 : (tensor<11xf32>) -> tensor<11xf32>
  check.expect_eq_const %r0, dense<[0.0, -0.0, 2.0, -3.0, 1.0, -1.0, 4.0, -4.0, 0x7F800000, 0xFF800000, 0x7FC00000]> : tensor<11xf32>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 1.5, -2.5, 0.5, -0.5, 3.700000047683716, -3.700000047683716, 0x7F800000, 0xFF800000, 0x7FC00000]> : tensor<11xf32>
  %r0 = stablehlo.round_nearest_even %a0 : (tensor<11xf32>) -> tensor<11xf32>
  check.expect_eq_const %r0, dense<[0.0, -0.0, 2.0, -2.0, 0.0, -0.0, 4.0, -4.0, 0x7F800000, 0xFF800000, 0x7FC00000]> : tensor<11xf32>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 1.5, -2.5, 0.5, -0.5, 3.700000047683716, -3.700000047683716, 0x7F800000, 0xFF800000, 0x7FC00000]> : tensor<11xf32>
  %r0 = stablehlo.is_finite %a0 : (tensor<11xf32>) -> tensor<11xi1>
  check.expect_eq_const %r0, dense<[true, true, true, true, true, true, true, true, false, false, false]> : tensor<11xi1>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 0.3, -2.5, 100.0, 0x7FF0000000000000, 0x7FF8000000000000]> : tensor<7xf64>
  %r0 = stablehlo.abs %a0 : (tensor<7xf64>) -> tensor<7xf64>
  check.expect_eq_const %r0, dense<[0.0, 0.0, 0.3, 2.5, 100.0, 0x7FF0000000000000, 0x7FF8000000000000]> : tensor<7xf64>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 0.3, -2.5, 100.0, 0x7FF0000000000000, 0x7FF8000000000000]> : tensor<7xf64>
  %r0 = stablehlo.negate %a0 : (tensor<7xf64>) -> tensor<7xf64>
  check.expect_eq_const %r0, dense<[-0.0, 0.0, -0.3, 2.5, -100.0, 0xFFF0000000000000, 0xFFF8000000000000]> : tensor<7xf64>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 0.3, -2.5, 100.0, 0x7FF0000000000000, 0x7FF8000000000000]> : tensor<7xf64>
  %r0 = stablehlo.sign %a0 : (tensor<7xf64>) -> tensor<7xf64>
  check.expect_eq_const %r0, dense<[0.0, -0.0, 1.0, -1.0, 1.0, 1.0, 0x7FF8000000000000]> : tensor<7xf64>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 0.3, -2.5, 100.0, 0x7FF0000000000000, 0x7FF8000000000000]> : tensor<7xf64>
  %r0 = stablehlo.ceil %a0 : (tensor<7xf64>) -> tensor<7xf64>
  check.expect_eq_const %r0, dense<[0.0, -0.0, 1.0, -2.0, 100.0, 0x7FF0000000000000, 0x7FF8000000000000]> : tensor<7xf64>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 0.3, -2.5, 100.0, 0x7FF0000000000000, 0x7FF8000000000000]> : tensor<7xf64>
  %r0 = stablehlo.floor %a0 : (tensor<7xf64>) -> tensor<7xf64>
  check.expect_eq_const %r0, dense<[0.0, -0.0, 0.0, -3.0, 100.0, 0x7FF0000000000000, 0x7FF8000000000000]> : tensor<7xf64>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 0.3, -2.5, 100.0, 0x7FF0000000000000, 0x7FF8000000000000]> : tensor<7xf64>
  %r0 = stablehlo.round_nearest_afz %a0 : (tensor<7xf64>) -> tensor<7xf64>
  check.expect_eq_const %r0, dense<[0.0, -0.0, 0.0, -3.0, 100.0, 0x7FF0000000000000, 0x7FF8000000000000]> : tensor<7xf64>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 0.3, -2.5, 100.0, 0x7FF0000000000000, 0x7FF8000000000000]> : tensor<7xf64>
  %r0 = stablehlo.round_nearest_even %a0 : (tensor<7xf64>) -> tensor<7xf64>
  check.expect_eq_const %r0, dense<[0.0, -0.0, 0.0, -2.0, 100.0, 0x7FF0000000000000, 0x7FF8000000000000]> : tensor<7xf64>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 0.3, -2.5, 100.0, 0x7FF0000000000000, 0x7FF8000000000000]> : tensor<7xf64>
  %r0 = stablehlo.is_finite %a0 : (tensor<7xf64>) -> tensor<7xi1>
  check.expect_eq_const %r0, dense<[true, true, true, true, true, false, false]> : tensor<7xi1>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 1.5, -2.5, 0.30078125, 100.0, 0x7F80, 0x7FC0]> : tensor<8xbf16>
  %r0 = stablehlo.abs %a0 : (tensor<8xbf16>) -> tensor<8xbf16>
  check.expect_eq_const %r0, dense<[0.0, 0.0, 1.5, 2.5, 0.30078125, 100.0, 0x7F80, 0x7FC0]> : tensor<8xbf16>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 1.5, -2.5, 0.30078125, 100.0, 0x7F80, 0x7FC0]> : tensor<8xbf16>
  %r0 = stablehlo.negate %a0 : (tensor<8xbf16>) -> tensor<8xbf16>
  check.expect_eq_const %r0, dense<[-0.0, 0.0, -1.5, 2.5, -0.30078125, -100.0, 0xFF80, 0xFFC0]> : tensor<8xbf16>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 1.5, -2.5, 0.30078125, 100.0, 0x7F80, 0x7FC0]> : tensor<8xbf16>
  %r0 = stablehlo.sign %a0 : (tensor<8xbf16>) -> tensor<8xbf16>
  check.expect_eq_const %r0, dense<[0.0, -0.0, 1.0, -1.0, 1.0, 1.0, 1.0, 0x7FC0]> : tensor<8xbf16>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 1.5, -2.5, 0.30078125, 100.0, 0x7F80, 0x7FC0]> : tensor<8xbf16>
  %r0 = stablehlo.ceil %a0 : (tensor<8xbf16>) -> tensor<8xbf16>
  check.expect_eq_const %r0, dense<[0.0, -0.0, 2.0, -2.0, 1.0, 100.0, 0x7F80, 0x7FC0]> : tensor<8xbf16>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 1.5, -2.5, 0.30078125, 100.0, 0x7F80, 0x7FC0]> : tensor<8xbf16>
  %r0 = stablehlo.floor %a0 : (tensor<8xbf16>) -> tensor<8xbf16>
  check.expect_eq_const %r0, dense<[0.0, -0.0, 1.0, -3.0, 0.0, 100.0, 0x7F80, 0x7FC0]> : tensor<8xbf16>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 1.5, -2.5, 0.30078125, 100.0, 0x7F80, 0x7FC0]> : tensor<8xbf16>
  %r0 = stablehlo.round_nearest_afz %a0 : (tensor<8xbf16>) -> tensor<8xbf16>
  check.expect_eq_const %r0, dense<[0.0, -0.0, 2.0, -3.0, 0.0, 100.0, 0x7F80, 0x7FC0]> : tensor<8xbf16>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 1.5, -2.5, 0.30078125, 100.0, 0x7F80, 0x7FC0]> : tensor<8xbf16>
  %r0 = stablehlo.round_nearest_even %a0 : (tensor<8xbf16>) -> tensor<8xbf16>
  check.expect_eq_const %r0, dense<[0.0, -0.0, 2.0, -2.0, 0.0, 100.0, 0x7F80, 0x7FC0]> : tensor<8xbf16>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 1.5, -2.5, 0.30078125, 100.0, 0x7F80, 0x7FC0]> : tensor<8xbf16>
  %r0 = stablehlo.is_finite %a0 : (tensor<8xbf16>) -> tensor<8xi1>
  check.expect_eq_const %r0, dense<[true, true, true, true, true, true, false, false]> : tensor<8xi1>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 1.5, -2.5, 0.300048828125, 60000.0, 0x7C00, 0x7E00]> : tensor<8xf16>
  %r0 = stablehlo.abs %a0 : (tensor<8xf16>) -> tensor<8xf16>
  check.expect_eq_const %r0, dense<[0.0, 0.0, 1.5, 2.5, 0.300048828125, 60000.0, 0x7C00, 0x7E00]> : tensor<8xf16>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 1.5, -2.5, 0.300048828125, 60000.0, 0x7C00, 0x7E00]> : tensor<8xf16>
  %r0 = stablehlo.negate %a0 : (tensor<8xf16>) -> tensor<8xf16>
  check.expect_eq_const %r0, dense<[-0.0, 0.0, -1.5, 2.5, -0.300048828125, -60000.0, 0xFC00, 0xFE00]> : tensor<8xf16>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 1.5, -2.5, 0.300048828125, 60000.0, 0x7C00, 0x7E00]> : tensor<8xf16>
  %r0 = stablehlo.sign %a0 : (tensor<8xf16>) -> tensor<8xf16>
  check.expect_eq_const %r0, dense<[0.0, -0.0, 1.0, -1.0, 1.0, 1.0, 1.0, 0x7E00]> : tensor<8xf16>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 1.5, -2.5, 0.300048828125, 60000.0, 0x7C00, 0x7E00]> : tensor<8xf16>
  %r0 = stablehlo.ceil %a0 : (tensor<8xf16>) -> tensor<8xf16>
  check.expect_eq_const %r0, dense<[0.0, -0.0, 2.0, -2.0, 1.0, 60000.0, 0x7C00, 0x7E00]> : tensor<8xf16>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 1.5, -2.5, 0.300048828125, 60000.0, 0x7C00, 0x7E00]> : tensor<8xf16>
  %r0 = stablehlo.floor %a0 : (tensor<8xf16>) -> tensor<8xf16>
  check.expect_eq_const %r0, dense<[0.0, -0.0, 1.0, -3.0, 0.0, 60000.0, 0x7C00, 0x7E00]> : tensor<8xf16>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 1.5, -2.5, 0.300048828125, 60000.0, 0x7C00, 0x7E00]> : tensor<8xf16>
  %r0 = stablehlo.round_nearest_afz %a0 : (tensor<8xf16>) -> tensor<8xf16>
  check.expect_eq_const %r0, dense<[0.0, -0.0, 2.0, -3.0, 0.0, 60000.0, 0x7C00, 0x7E00]> : tensor<8xf16>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 1.5, -2.5, 0.300048828125, 60000.0, 0x7C00, 0x7E00]> : tensor<8xf16>
  %r0 = stablehlo.round_nearest_even %a0 : (tensor<8xf16>) -> tensor<8xf16>
  check.expect_eq_const %r0, dense<[0.0, -0.0, 2.0, -2.0, 0.0, 60000.0, 0x7C00, 0x7E00]> : tensor<8xf16>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 1.5, -2.5, 0.300048828125, 60000.0, 0x7C00, 0x7E00]> : tensor<8xf16>
  %r0 = stablehlo.is_finite %a0 : (tensor<8xf16>) -> tensor<8xi1>
  check.expect_eq_const %r0, dense<[true, true, true, true, true, true, false, false]> : tensor<8xi1>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 1.5, -2.5, 0.3125, 448.0, 0x7F]> : tensor<7xf8E4M3FN>
  %r0 = stablehlo.abs %a0 : (tensor<7xf8E4M3FN>) -> tensor<7xf8E4M3FN>
  check.expect_eq_const %r0, dense<[0.0, 0.0, 1.5, 2.5, 0.3125, 448.0, 0x7F]> : tensor<7xf8E4M3FN>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 1.5, -2.5, 0.3125, 448.0, 0x7F]> : tensor<7xf8E4M3FN>
  %r0 = stablehlo.negate %a0 : (tensor<7xf8E4M3FN>) -> tensor<7xf8E4M3FN>
  check.expect_eq_const %r0, dense<[-0.0, 0.0, -1.5, 2.5, -0.3125, -448.0, 0xFF]> : tensor<7xf8E4M3FN>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 1.5, -2.5, 0.3125, 448.0, 0x7F]> : tensor<7xf8E4M3FN>
  %r0 = stablehlo.sign %a0 : (tensor<7xf8E4M3FN>) -> tensor<7xf8E4M3FN>
  check.expect_eq_const %r0, dense<[0.0, -0.0, 1.0, -1.0, 1.0, 1.0, 0x7F]> : tensor<7xf8E4M3FN>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 1.5, -2.5, 0.3125, 448.0, 0x7F]> : tensor<7xf8E4M3FN>
  %r0 = stablehlo.ceil %a0 : (tensor<7xf8E4M3FN>) -> tensor<7xf8E4M3FN>
  check.expect_eq_const %r0, dense<[0.0, -0.0, 2.0, -2.0, 1.0, 448.0, 0x7F]> : tensor<7xf8E4M3FN>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 1.5, -2.5, 0.3125, 448.0, 0x7F]> : tensor<7xf8E4M3FN>
  %r0 = stablehlo.floor %a0 : (tensor<7xf8E4M3FN>) -> tensor<7xf8E4M3FN>
  check.expect_eq_const %r0, dense<[0.0, -0.0, 1.0, -3.0, 0.0, 448.0, 0x7F]> : tensor<7xf8E4M3FN>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 1.5, -2.5, 0.3125, 448.0, 0x7F]> : tensor<7xf8E4M3FN>
  %r0 = stablehlo.round_nearest_afz %a0 : (tensor<7xf8E4M3FN>) -> tensor<7xf8E4M3FN>
  check.expect_eq_const %r0, dense<[0.0, -0.0, 2.0, -3.0, 0.0, 448.0, 0x7F]> : tensor<7xf8E4M3FN>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 1.5, -2.5, 0.3125, 448.0, 0x7F]> : tensor<7xf8E4M3FN>
  %r0 = stablehlo.round_nearest_even %a0 : (tensor<7xf8E4M3FN>) -> tensor<7xf8E4M3FN>
  check.expect_eq_const %r0, dense<[0.0, -0.0, 2.0, -2.0, 0.0, 448.0, 0x7F]> : tensor<7xf8E4M3FN>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 1.5, -2.5, 0.3125, 448.0, 0x7F]> : tensor<7xf8E4M3FN>
  %r0 = stablehlo.is_finite %a0 : (tensor<7xf8E4M3FN>) -> tensor<7xi1>
  check.expect_eq_const %r0, dense<[true, true, true, true, true, true, false]> : tensor<7xi1>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 1.5, -2.5, 0.3125, 57344.0, 0x7C, 0x7E]> : tensor<8xf8E5M2>
  %r0 = stablehlo.abs %a0 : (tensor<8xf8E5M2>) -> tensor<8xf8E5M2>
  check.expect_eq_const %r0, dense<[0.0, 0.0, 1.5, 2.5, 0.3125, 57344.0, 0x7C, 0x7F]> : tensor<8xf8E5M2>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 1.5, -2.5, 0.3125, 57344.0, 0x7C, 0x7E]> : tensor<8xf8E5M2>
  %r0 = stablehlo.negate %a0 : (tensor<8xf8E5M2>) -> tensor<8xf8E5M2>
  check.expect_eq_const %r0, dense<[-0.0, 0.0, -1.5, 2.5, -0.3125, -57344.0, 0xFC, 0x7F]> : tensor<8xf8E5M2>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 1.5, -2.5, 0.3125, 57344.0, 0x7C, 0x7E]> : tensor<8xf8E5M2>
  %r0 = stablehlo.sign %a0 : (tensor<8xf8E5M2>) -> tensor<8xf8E5M2>
  check.expect_eq_const %r0, dense<[0.0, -0.0, 1.0, -1.0, 1.0, 1.0, 1.0, 0x7F]> : tensor<8xf8E5M2>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 1.5, -2.5, 0.3125, 57344.0, 0x7C, 0x7E]> : tensor<8xf8E5M2>
  %r0 = stablehlo.ceil %a0 : (tensor<8xf8E5M2>) -> tensor<8xf8E5M2>
  check.expect_eq_const %r0, dense<[0.0, -0.0, 2.0, -2.0, 1.0, 57344.0, 0x7C, 0x7F]> : tensor<8xf8E5M2>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 1.5, -2.5, 0.3125, 57344.0, 0x7C, 0x7E]> : tensor<8xf8E5M2>
  %r0 = stablehlo.floor %a0 : (tensor<8xf8E5M2>) -> tensor<8xf8E5M2>
  check.expect_eq_const %r0, dense<[0.0, -0.0, 1.0, -3.0, 0.0, 57344.0, 0x7C, 0x7F]> : tensor<8xf8E5M2>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 1.5, -2.5, 0.3125, 57344.0, 0x7C, 0x7E]> : tensor<8xf8E5M2>
  %r0 = stablehlo.round_nearest_afz %a0 : (tensor<8xf8E5M2>) -> tensor<8xf8E5M2>
  check.expect_eq_const %r0, dense<[0.0, -0.0, 2.0, -3.0, 0.0, 57344.0, 0x7C, 0x7F]> : tensor<8xf8E5M2>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 1.5, -2.5, 0.3125, 57344.0, 0x7C, 0x7E]> : tensor<8xf8E5M2>
  %r0 = stablehlo.round_nearest_even %a0 : (tensor<8xf8E5M2>) -> tensor<8xf8E5M2>
  check.expect_eq_const %r0, dense<[0.0, -0.0, 2.0, -2.0, 0.0, 57344.0, 0x7C, 0x7F]> : tensor<8xf8E5M2>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 1.5, -2.5, 0.3125, 57344.0, 0x7C, 0x7E]> : tensor<8xf8E5M2>
  %r0 = stablehlo.is_finite %a0 : (tensor<8xf8E5M2>) -> tensor<8xi1>
  check.expect_eq_const %r0, dense<[true, true, true, true, true, true, false, false]> : tensor<8xi1>
  func.return
}

// -----

// ties: away from zero
func.func @main() {
  %a0 = stablehlo.constant dense<[0.5, 1.5, 2.5, -0.5, -1.5, -2.5, 0.4999999701976776, -0.0, 1.0000000200408773e+20]> : tensor<9xf32>
  %r0 = stablehlo.round_nearest_afz %a0 : (tensor<9xf32>) -> tensor<9xf32>
  check.expect_eq_const %r0, dense<[1.0, 2.0, 3.0, -1.0, -2.0, -3.0, 0.0, -0.0, 1.0000000200408773e+20]> : tensor<9xf32>
  func.return
}

// -----

// ties: to even
func.func @main() {
  %a0 = stablehlo.constant dense<[0.5, 1.5, 2.5, -0.5, -1.5, -2.5, 0.4999999701976776, -0.0, 1.0000000200408773e+20]> : tensor<9xf32>
  %r0 = stablehlo.round_nearest_even %a0 : (tensor<9xf32>) -> tensor<9xf32>
  check.expect_eq_const %r0, dense<[0.0, 2.0, 2.0, -0.0, -2.0, -2.0, 0.0, -0.0, 1.0000000200408773e+20]> : tensor<9xf32>
  func.return
}

// -----

// abs(INT_MIN) wraps to INT_MIN
func.func @main() {
  %a0 = stablehlo.constant dense<[0, 1, -1, 7, -8, 2147483647, -2147483648]> : tensor<7xi32>
  %r0 = stablehlo.abs %a0 : (tensor<7xi32>) -> tensor<7xi32>
  check.expect_eq_const %r0, dense<[0, 1, 1, 7, 8, 2147483647, -2147483648]> : tensor<7xi32>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0, 1, -1, 7, -8, 2147483647, -2147483648]> : tensor<7xi32>
  %r0 = stablehlo.negate %a0 : (tensor<7xi32>) -> tensor<7xi32>
  check.expect_eq_const %r0, dense<[0, -1, 1, -7, 8, -2147483647, -2147483648]> : tensor<7xi32>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0, 1, -1, 7, -8, 2147483647, -2147483648]> : tensor<7xi32>
  %r0 = stablehlo.sign %a0 : (tensor<7xi32>) -> tensor<7xi32>
  check.expect_eq_const %r0, dense<[0, 1, -1, 1, -1, 1, -1]> : tensor<7xi32>
  func.return
}

// -----

// abs(INT_MIN) wraps to INT_MIN
func.func @main() {
  %a0 = stablehlo.constant dense<[0, 1, -1, 127, -128, 37]> : tensor<6xi8>
  %r0 = stablehlo.abs %a0 : (tensor<6xi8>) -> tensor<6xi8>
  check.expect_eq_const %r0, dense<[0, 1, 1, 127, -128, 37]> : tensor<6xi8>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0, 1, -1, 127, -128, 37]> : tensor<6xi8>
  %r0 = stablehlo.negate %a0 : (tensor<6xi8>) -> tensor<6xi8>
  check.expect_eq_const %r0, dense<[0, -1, 1, -127, -128, -37]> : tensor<6xi8>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0, 1, -1, 127, -128, 37]> : tensor<6xi8>
  %r0 = stablehlo.sign %a0 : (tensor<6xi8>) -> tensor<6xi8>
  check.expect_eq_const %r0, dense<[0, 1, -1, 1, -1, 1]> : tensor<6xi8>
  func.return
}

// -----

// abs(INT_MIN) wraps to INT_MIN
func.func @main() {
  %a0 = stablehlo.constant dense<[0, 1, -1, 9223372036854775807, -9223372036854775808, 12345678901]> : tensor<6xi64>
  %r0 = stablehlo.abs %a0 : (tensor<6xi64>) -> tensor<6xi64>
  check.expect_eq_const %r0, dense<[0, 1, 1, 9223372036854775807, -9223372036854775808, 12345678901]> : tensor<6xi64>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0, 1, -1, 9223372036854775807, -9223372036854775808, 12345678901]> : tensor<6xi64>
  %r0 = stablehlo.negate %a0 : (tensor<6xi64>) -> tensor<6xi64>
  check.expect_eq_const %r0, dense<[0, -1, 1, -9223372036854775807, -9223372036854775808, -12345678901]> : tensor<6xi64>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0, 1, -1, 9223372036854775807, -9223372036854775808, 12345678901]> : tensor<6xi64>
  %r0 = stablehlo.sign %a0 : (tensor<6xi64>) -> tensor<6xi64>
  check.expect_eq_const %r0, dense<[0, 1, -1, 1, -1, 1]> : tensor<6xi64>
  func.return
}

// -----

// abs(INT_MIN) wraps to INT_MIN
func.func @main() {
  %a0 = stablehlo.constant dense<[0, 1, -1, 7, -8, 5]> : tensor<6xi4>
  %r0 = stablehlo.abs %a0 : (tensor<6xi4>) -> tensor<6xi4>
  check.expect_eq_const %r0, dense<[0, 1, 1, 7, -8, 5]> : tensor<6xi4>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0, 1, -1, 7, -8, 5]> : tensor<6xi4>
  %r0 = stablehlo.negate %a0 : (tensor<6xi4>) -> tensor<6xi4>
  check.expect_eq_const %r0, dense<[0, -1, 1, -7, -8, -5]> : tensor<6xi4>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0, 1, -1, 7, -8, 5]> : tensor<6xi4>
  %r0 = stablehlo.sign %a0 : (tensor<6xi4>) -> tensor<6xi4>
  check.expect_eq_const %r0, dense<[0, 1, -1, 1, -1, 1]> : tensor<6xi4>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0, 1, -1, 7, -8, 2147483647, -2147483648]> : tensor<7xi32>
  %r0 = stablehlo.not %a0 : (tensor<7xi32>) -> tensor<7xi32>
  check.expect_eq_const %r0, dense<[-1, -2, 0, -8, 7, -2147483648, 2147483647]> : tensor<7xi32>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0, 1, -1, 7, -8, 2147483647, -2147483648]> : tensor<7xi32>
  %r0 = stablehlo.popcnt %a0 : (tensor<7xi32>) -> tensor<7xi32>
  check.expect_eq_const %r0, dense<[0, 1, 32, 3, 29, 31, 1]> : tensor<7xi32>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0, 1, -1, 7, -8, 2147483647, -2147483648]> : tensor<7xi32>
  %r0 = stablehlo.count_leading_zeros %a0 : (tensor<7xi32>) -> tensor<7xi32>
  check.expect_eq_const %r0, dense<[32, 31, 0, 29, 0, 1, 0]> : tensor<7xi32>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0, 1, -1, 127, -128, 37]> : tensor<6xi8>
  %r0 = stablehlo.not %a0 : (tensor<6xi8>) -> tensor<6xi8>
  check.expect_eq_const %r0, dense<[-1, -2, 0, -128, 127, -38]> : tensor<6xi8>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0, 1, -1, 127, -128, 37]> : tensor<6xi8>
  %r0 = stablehlo.popcnt %a0 : (tensor<6xi8>) -> tensor<6xi8>
  check.expect_eq_const %r0, dense<[0, 1, 8, 7, 1, 3]> : tensor<6xi8>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0, 1, -1, 127, -128, 37]> : tensor<6xi8>
  %r0 = stablehlo.count_leading_zeros %a0 : (tensor<6xi8>) -> tensor<6xi8>
  check.expect_eq_const %r0, dense<[8, 7, 0, 1, 0, 2]> : tensor<6xi8>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0, 1, -1, 9223372036854775807, -9223372036854775808, 12345678901]> : tensor<6xi64>
  %r0 = stablehlo.not %a0 : (tensor<6xi64>) -> tensor<6xi64>
  check.expect_eq_const %r0, dense<[-1, -2, 0, -9223372036854775808, 9223372036854775807, -12345678902]> : tensor<6xi64>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0, 1, -1, 9223372036854775807, -9223372036854775808, 12345678901]> : tensor<6xi64>
  %r0 = stablehlo.popcnt %a0 : (tensor<6xi64>) -> tensor<6xi64>
  check.expect_eq_const %r0, dense<[0, 1, 64, 63, 1, 20]> : tensor<6xi64>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0, 1, -1, 9223372036854775807, -9223372036854775808, 12345678901]> : tensor<6xi64>
  %r0 = stablehlo.count_leading_zeros %a0 : (tensor<6xi64>) -> tensor<6xi64>
  check.expect_eq_const %r0, dense<[64, 63, 0, 1, 0, 30]> : tensor<6xi64>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0, 1, -1, 7, -8, 5]> : tensor<6xi4>
  %r0 = stablehlo.not %a0 : (tensor<6xi4>) -> tensor<6xi4>
  check.expect_eq_const %r0, dense<[-1, -2, 0, -8, 7, -6]> : tensor<6xi4>
  func.return
}

// -----

// 4-bit values: the bits of the value (XLA counts the byte)
func.func @main() {
  %a0 = stablehlo.constant dense<[0, 1, -1, 7, -8, 5]> : tensor<6xi4>
  %r0 = stablehlo.popcnt %a0 : tensor<6xi4>
  check.expect_eq_const %r0, dense<[0, 1, 4, 3, 1, 2]> : tensor<6xi4>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0, 1, -1, 7, -8, 5]> : tensor<6xi4>
  %r0 = stablehlo.count_leading_zeros %a0 : tensor<6xi4>
  check.expect_eq_const %r0, dense<[4, 3, 0, 1, 0, 1]> : tensor<6xi4>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0, 1, 128, 255, 37]> : tensor<5xui8>
  %r0 = stablehlo.not %a0 : (tensor<5xui8>) -> tensor<5xui8>
  check.expect_eq_const %r0, dense<[255, 254, 127, 0, 218]> : tensor<5xui8>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0, 1, 128, 255, 37]> : tensor<5xui8>
  %r0 = stablehlo.popcnt %a0 : (tensor<5xui8>) -> tensor<5xui8>
  check.expect_eq_const %r0, dense<[0, 1, 1, 8, 3]> : tensor<5xui8>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0, 1, 128, 255, 37]> : tensor<5xui8>
  %r0 = stablehlo.count_leading_zeros %a0 : (tensor<5xui8>) -> tensor<5xui8>
  check.expect_eq_const %r0, dense<[8, 7, 0, 0, 2]> : tensor<5xui8>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0, 1, 9223372036854775808, 18446744073709551615]> : tensor<4xui64>
  %r0 = stablehlo.not %a0 : (tensor<4xui64>) -> tensor<4xui64>
  check.expect_eq_const %r0, dense<[18446744073709551615, 18446744073709551614, 9223372036854775807, 0]> : tensor<4xui64>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0, 1, 9223372036854775808, 18446744073709551615]> : tensor<4xui64>
  %r0 = stablehlo.popcnt %a0 : (tensor<4xui64>) -> tensor<4xui64>
  check.expect_eq_const %r0, dense<[0, 1, 1, 64]> : tensor<4xui64>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0, 1, 9223372036854775808, 18446744073709551615]> : tensor<4xui64>
  %r0 = stablehlo.count_leading_zeros %a0 : (tensor<4xui64>) -> tensor<4xui64>
  check.expect_eq_const %r0, dense<[64, 63, 0, 0]> : tensor<4xui64>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0, 1, 8, 15, 6]> : tensor<5xui4>
  %r0 = stablehlo.not %a0 : (tensor<5xui4>) -> tensor<5xui4>
  check.expect_eq_const %r0, dense<[15, 14, 7, 0, 9]> : tensor<5xui4>
  func.return
}

// -----

// 4-bit values: the bits of the value (XLA counts the byte)
func.func @main() {
  %a0 = stablehlo.constant dense<[0, 1, 8, 15, 6]> : tensor<5xui4>
  %r0 = stablehlo.popcnt %a0 : tensor<5xui4>
  check.expect_eq_const %r0, dense<[0, 1, 1, 4, 2]> : tensor<5xui4>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0, 1, 8, 15, 6]> : tensor<5xui4>
  %r0 = stablehlo.count_leading_zeros %a0 : tensor<5xui4>
  check.expect_eq_const %r0, dense<[4, 3, 0, 0, 1]> : tensor<5xui4>
  func.return
}

// -----

// unsigned negation wraps
func.func @main() {
  %a0 = stablehlo.constant dense<[0, 1, 128, 255, 37]> : tensor<5xui8>
  %r0 = stablehlo.negate %a0 : (tensor<5xui8>) -> tensor<5xui8>
  check.expect_eq_const %r0, dense<[0, 255, 128, 1, 219]> : tensor<5xui8>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[true, false]> : tensor<2xi1>
  %r0 = stablehlo.not %a0 : (tensor<2xi1>) -> tensor<2xi1>
  check.expect_eq_const %r0, dense<[false, true]> : tensor<2xi1>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[(0.0, 0.0), (1.0, 2.0), (-3.5, -0.5), (0.0, 0.25), (-2.0, 0.0)]> : tensor<5xcomplex<f32>>
  %r0 = stablehlo.negate %a0 : (tensor<5xcomplex<f32>>) -> tensor<5xcomplex<f32>>
  check.expect_eq_const %r0, dense<[(-0.0, -0.0), (-1.0, -2.0), (3.5, 0.5), (-0.0, -0.25), (2.0, -0.0)]> : tensor<5xcomplex<f32>>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[(0.0, 0.0), (1.0, 2.0), (-3.5, -0.5), (0.0, 0.25), (-2.0, 0.0)]> : tensor<5xcomplex<f32>>
  %r0 = stablehlo.real %a0 : (tensor<5xcomplex<f32>>) -> tensor<5xf32>
  check.expect_eq_const %r0, dense<[0.0, 1.0, -3.5, 0.0, -2.0]> : tensor<5xf32>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[(0.0, 0.0), (1.0, 2.0), (-3.5, -0.5), (0.0, 0.25), (-2.0, 0.0)]> : tensor<5xcomplex<f32>>
  %r0 = stablehlo.imag %a0 : (tensor<5xcomplex<f32>>) -> tensor<5xf32>
  check.expect_eq_const %r0, dense<[0.0, 2.0, -0.5, 0.25, 0.0]> : tensor<5xf32>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[(0.0, 0.0), (1.0, 2.0), (-3.5, -0.5), (0.0, 0.25), (-2.0, 0.0)]> : tensor<5xcomplex<f32>>
  %r0 = stablehlo.abs %a0 : (tensor<5xcomplex<f32>>) -> tensor<5xf32>
  check.expect_eq_const %r0, dense<[0.0, 2.2360680103302, 3.535533905029297, 0.25, 2.0]> : tensor<5xf32>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[(0.0, 0.0), (1.0, 2.0), (-3.5, -0.5), (0.0, 0.25), (-2.0, 0.0)]> : tensor<5xcomplex<f32>>
  %r0 = stablehlo.sign %a0 : (tensor<5xcomplex<f32>>) -> tensor<5xcomplex<f32>>
  check.expect_eq_const %r0, dense<[(0.0, 0.0), (0.4472135901451111, 0.8944271802902222), (-0.9899494647979736, -0.1414213627576828), (0.0, 1.0), (-1.0, 0.0)]> : tensor<5xcomplex<f32>>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[(0.0, 0.0), (1.0, 2.0), (-3.5, -0.5), (0.0, 0.25), (-2.0, 0.0)]> : tensor<5xcomplex<f64>>
  %r0 = stablehlo.negate %a0 : (tensor<5xcomplex<f64>>) -> tensor<5xcomplex<f64>>
  check.expect_eq_const %r0, dense<[(-0.0, -0.0), (-1.0, -2.0), (3.5, 0.5), (-0.0, -0.25), (2.0, -0.0)]> : tensor<5xcomplex<f64>>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[(0.0, 0.0), (1.0, 2.0), (-3.5, -0.5), (0.0, 0.25), (-2.0, 0.0)]> : tensor<5xcomplex<f64>>
  %r0 = stablehlo.real %a0 : (tensor<5xcomplex<f64>>) -> tensor<5xf64>
  check.expect_eq_const %r0, dense<[0.0, 1.0, -3.5, 0.0, -2.0]> : tensor<5xf64>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[(0.0, 0.0), (1.0, 2.0), (-3.5, -0.5), (0.0, 0.25), (-2.0, 0.0)]> : tensor<5xcomplex<f64>>
  %r0 = stablehlo.imag %a0 : (tensor<5xcomplex<f64>>) -> tensor<5xf64>
  check.expect_eq_const %r0, dense<[0.0, 2.0, -0.5, 0.25, 0.0]> : tensor<5xf64>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[(0.0, 0.0), (1.0, 2.0), (-3.5, -0.5), (0.0, 0.25), (-2.0, 0.0)]> : tensor<5xcomplex<f64>>
  %r0 = stablehlo.abs %a0 : (tensor<5xcomplex<f64>>) -> tensor<5xf64>
  check.expect_eq_const %r0, dense<[0.0, 2.23606797749979, 3.5355339059327378, 0.25, 2.0]> : tensor<5xf64>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[(0.0, 0.0), (1.0, 2.0), (-3.5, -0.5), (0.0, 0.25), (-2.0, 0.0)]> : tensor<5xcomplex<f64>>
  %r0 = stablehlo.sign %a0 : (tensor<5xcomplex<f64>>) -> tensor<5xcomplex<f64>>
  check.expect_eq_const %r0, dense<[(0.0, 0.0), (0.4472135954999579, 0.8944271909999159), (-0.9899494936611665, -0.1414213562373095), (0.0, 1.0), (-1.0, 0.0)]> : tensor<5xcomplex<f64>>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 1.5, -2.5, 0.5, -0.5, 3.700000047683716, -3.700000047683716, 0x7F800000, 0xFF800000, 0x7FC00000]> : tensor<11xf32>
  %r0 = stablehlo.real %a0 : (tensor<11xf32>) -> tensor<11xf32>
  check.expect_eq_const %r0, dense<[0.0, -0.0, 1.5, -2.5, 0.5, -0.5, 3.700000047683716, -3.700000047683716, 0x7F800000, 0xFF800000, 0x7FC00000]> : tensor<11xf32>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 1.5, -2.5, 0.5, -0.5, 3.700000047683716, -3.700000047683716, 0x7F800000, 0xFF800000, 0x7FC00000]> : tensor<11xf32>
  %r0 = stablehlo.imag %a0 : (tensor<11xf32>) -> tensor<11xf32>
  check.expect_eq_const %r0, dense<[0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]> : tensor<11xf32>
  func.return
}

// -----

// zero-sized
func.func @main() {
  %a0 = stablehlo.constant dense<> : tensor<0x3xf32>
  %r0 = stablehlo.abs %a0 : (tensor<0x3xf32>) -> tensor<0x3xf32>
  check.expect_eq_const %r0, dense<> : tensor<0x3xf32>
  func.return
}

// -----

// rank 0
func.func @main() {
  %a0 = stablehlo.constant dense<2.5> : tensor<f32>
  %r0 = stablehlo.negate %a0 : (tensor<f32>) -> tensor<f32>
  check.expect_eq_const %r0, dense<-2.5> : tensor<f32>
  func.return
}

// -----

// rank 2; sqrt is exact
func.func @main() {
  %a0 = stablehlo.constant dense<[[0.0, 4.0], [2.0, -0.0]]> : tensor<2x2xf32>
  %r0 = stablehlo.sqrt %a0 : (tensor<2x2xf32>) -> tensor<2x2xf32>
  check.expect_eq_const %r0, dense<[[0.0, 2.0], [1.4142135381698608, -0.0]]> : tensor<2x2xf32>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 0.25, 1.0, 2.0, 10.0, 1.0000000150474662e+30, 0x7F800000, 0x7FC00000, -1.0]> : tensor<10xf32>
  %r0 = stablehlo.sqrt %a0 : (tensor<10xf32>) -> tensor<10xf32>
  check.expect_eq_const %r0, dense<[0.0, -0.0, 0.5, 1.0, 1.4142135381698608, 3.1622776985168457, 999999986991104.0, 0x7F800000, 0x7FC00000, 0xFFC00000]> : tensor<10xf32>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, 2.0, 3.0, 1.0e+300, -1.0]> : tensor<5xf64>
  %r0 = stablehlo.sqrt %a0 : (tensor<5xf64>) -> tensor<5xf64>
  check.expect_eq_const %r0, dense<[0.0, 1.4142135623730951, 1.7320508075688772, 1.0e+150, 0xFFF8000000000000]> : tensor<5xf64>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, 2.0, 3.0, 100.0, -1.0]> : tensor<5xbf16>
  %r0 = stablehlo.sqrt %a0 : (tensor<5xbf16>) -> tensor<5xbf16>
  check.expect_eq_const %r0, dense<[0.0, 1.4140625, 1.734375, 10.0, 0xFFC0]> : tensor<5xbf16>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 0.5, -1.25, 3.0, -20.0, 88.0, 0x7F800000, 0xFF800000, 0x7FC00000]> : tensor<10xf32>
  %r0 = stablehlo.cosine %a0 : (tensor<10xf32>) -> tensor<10xf32>
  %e0 = stablehlo.constant dense<[1.0, 1.0, 0.8775825500488281, 0.3153223693370819, -0.9899924993515015, 0.4080820679664612, 0.9993732571601868, 0xFFC00000, 0xFFC00000, 0x7FC00000]> : tensor<10xf32>
  check.expect_close %r0, %e0, max_ulp_difference = 4 : tensor<10xf32>, tensor<10xf32>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 0.5, -1.25, 3.0, -20.0, 88.0, 0x7F800000, 0xFF800000, 0x7FC00000]> : tensor<10xf32>
  %r0 = stablehlo.sine %a0 : (tensor<10xf32>) -> tensor<10xf32>
  %e0 = stablehlo.constant dense<[0.0, -0.0, 0.4794255495071411, -0.9489846229553223, 0.14112000167369843, -0.9129452705383301, 0.03539830446243286, 0xFFC00000, 0xFFC00000, 0x7FC00000]> : tensor<10xf32>
  check.expect_close %r0, %e0, max_ulp_difference = 4 : tensor<10xf32>, tensor<10xf32>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 0.5, -1.25, 3.0, -20.0, 88.0, 0x7F800000, 0xFF800000, 0x7FC00000]> : tensor<10xf32>
  %r0 = stablehlo.tan %a0 : (tensor<10xf32>) -> tensor<10xf32>
  %e0 = stablehlo.constant dense<[0.0, -0.0, 0.5463024973869324, -3.0095696449279785, -0.14254654943943024, -2.2371609210968018, 0.0354204997420311, 0xFFC00000, 0xFFC00000, 0x7FC00000]> : tensor<10xf32>
  check.expect_close %r0, %e0, max_ulp_difference = 4 : tensor<10xf32>, tensor<10xf32>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 0.5, -1.25, 3.0, -20.0, 88.0, 0x7F800000, 0xFF800000, 0x7FC00000]> : tensor<10xf32>
  %r0 = stablehlo.tanh %a0 : (tensor<10xf32>) -> tensor<10xf32>
  %e0 = stablehlo.constant dense<[0.0, -0.0, 0.46211716532707214, -0.8482836484909058, 0.9950547218322754, -1.0, 1.0, 1.0, -1.0, 0x7FC00000]> : tensor<10xf32>
  check.expect_close %r0, %e0, max_ulp_difference = 4 : tensor<10xf32>, tensor<10xf32>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 0.5, -1.25, 3.0, -20.0, 88.0, 0x7F800000, 0xFF800000, 0x7FC00000]> : tensor<10xf32>
  %r0 = stablehlo.exponential %a0 : (tensor<10xf32>) -> tensor<10xf32>
  %e0 = stablehlo.constant dense<[1.0, 1.0, 1.6487212181091309, 0.2865048050880432, 20.08553695678711, 2.06115369216775e-09, 1.6516362661361307e+38, 0x7F800000, 0.0, 0x7FC00000]> : tensor<10xf32>
  check.expect_close %r0, %e0, max_ulp_difference = 4 : tensor<10xf32>, tensor<10xf32>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 0.5, -1.25, 3.0, -20.0, 88.0, 0x7F800000, 0xFF800000, 0x7FC00000]> : tensor<10xf32>
  %r0 = stablehlo.exponential_minus_one %a0 : (tensor<10xf32>) -> tensor<10xf32>
  %e0 = stablehlo.constant dense<[0.0, -0.0, 0.6487212777137756, -0.7134951949119568, 19.08553695678711, -1.0, 1.6516362661361307e+38, 0x7F800000, -1.0, 0x7FC00000]> : tensor<10xf32>
  check.expect_close %r0, %e0, max_ulp_difference = 4 : tensor<10xf32>, tensor<10xf32>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 0.25, 1.0, 2.0, 10.0, 1.0000000150474662e+30, 0x7F800000, 0x7FC00000, -1.0]> : tensor<10xf32>
  %r0 = stablehlo.log %a0 : (tensor<10xf32>) -> tensor<10xf32>
  %e0 = stablehlo.constant dense<[0xFF800000, 0xFF800000, -1.3862943649291992, 0.0, 0.6931471824645996, 2.3025851249694824, 69.07755279541016, 0x7F800000, 0xFFFFFFFF, 0xFFFFFFFF]> : tensor<10xf32>
  check.expect_close %r0, %e0, max_ulp_difference = 4 : tensor<10xf32>, tensor<10xf32>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 0.25, 1.0, 2.0, 10.0, 1.0000000150474662e+30, 0x7F800000, 0x7FC00000, -1.0]> : tensor<10xf32>
  %r0 = stablehlo.log_plus_one %a0 : (tensor<10xf32>) -> tensor<10xf32>
  %e0 = stablehlo.constant dense<[0.0, -0.0, 0.2231435477733612, 0.6931471824645996, 1.0986123085021973, 2.397895336151123, 69.07755279541016, 0x7F800000, 0xFFFFFFFF, 0xFF800000]> : tensor<10xf32>
  check.expect_close %r0, %e0, max_ulp_difference = 4 : tensor<10xf32>, tensor<10xf32>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 0.5, -1.25, 3.0, -20.0, 88.0, 0x7F800000, 0xFF800000, 0x7FC00000]> : tensor<10xf32>
  %r0 = stablehlo.logistic %a0 : (tensor<10xf32>) -> tensor<10xf32>
  %e0 = stablehlo.constant dense<[0.5, 0.5, 0.622459352016449, 0.22270013391971588, 0.9525741338729858, 2.06115369216775e-09, 1.0, 1.0, 0.0, 0xFFC00000]> : tensor<10xf32>
  check.expect_close %r0, %e0, max_ulp_difference = 4 : tensor<10xf32>, tensor<10xf32>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 0.25, 1.0, 2.0, 10.0, 1.0000000150474662e+30, 0x7F800000, 0x7FC00000, -1.0]> : tensor<10xf32>
  %r0 = stablehlo.rsqrt %a0 : (tensor<10xf32>) -> tensor<10xf32>
  %e0 = stablehlo.constant dense<[0x7F800000, 0xFF800000, 2.0, 1.0, 0.7071067690849304, 0.3162277638912201, 1.0000000036274937e-15, 0.0, 0x7FC00000, 0xFFC00000]> : tensor<10xf32>
  check.expect_close %r0, %e0, max_ulp_difference = 4 : tensor<10xf32>, tensor<10xf32>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 8.0, -27.0, 2.0, 0x7F800000, 0x7FC00000]> : tensor<7xf32>
  %r0 = stablehlo.cbrt %a0 : (tensor<7xf32>) -> tensor<7xf32>
  %e0 = stablehlo.constant dense<[0.0, -0.0, 2.0, -3.0, 1.2599210739135742, 0x7F800000, 0x7FC00000]> : tensor<7xf32>
  check.expect_close %r0, %e0, max_ulp_difference = 4 : tensor<7xf32>, tensor<7xf32>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.5, 1.0, 2.0, 3.0]> : tensor<4xf64>
  %r0 = stablehlo.cosine %a0 : (tensor<4xf64>) -> tensor<4xf64>
  %e0 = stablehlo.constant dense<[0.8775825618903728, 0.5403023058681398, -0.4161468365471424, -0.9899924966004454]> : tensor<4xf64>
  check.expect_close %r0, %e0, max_ulp_difference = 4 : tensor<4xf64>, tensor<4xf64>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.5, 1.0, 2.0, 3.0]> : tensor<4xbf16>
  %r0 = stablehlo.cosine %a0 : (tensor<4xbf16>) -> tensor<4xbf16>
  %e0 = stablehlo.constant dense<[0.87890625, 0.5390625, -0.416015625, -0.98828125]> : tensor<4xbf16>
  check.expect_close %r0, %e0, max_ulp_difference = 2 : tensor<4xbf16>, tensor<4xbf16>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.5, 1.0, 2.0, 3.0]> : tensor<4xf16>
  %r0 = stablehlo.cosine %a0 : (tensor<4xf16>) -> tensor<4xf16>
  %e0 = stablehlo.constant dense<[0.87744140625, 0.54052734375, -0.416259765625, -0.990234375]> : tensor<4xf16>
  check.expect_close %r0, %e0, max_ulp_difference = 2 : tensor<4xf16>, tensor<4xf16>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.5, 1.0, 2.0, 3.0]> : tensor<4xf64>
  %r0 = stablehlo.sine %a0 : (tensor<4xf64>) -> tensor<4xf64>
  %e0 = stablehlo.constant dense<[0.479425538604203, 0.8414709848078965, 0.9092974268256817, 0.1411200080598672]> : tensor<4xf64>
  check.expect_close %r0, %e0, max_ulp_difference = 4 : tensor<4xf64>, tensor<4xf64>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.5, 1.0, 2.0, 3.0]> : tensor<4xbf16>
  %r0 = stablehlo.sine %a0 : (tensor<4xbf16>) -> tensor<4xbf16>
  %e0 = stablehlo.constant dense<[0.478515625, 0.83984375, 0.91015625, 0.1416015625]> : tensor<4xbf16>
  check.expect_close %r0, %e0, max_ulp_difference = 2 : tensor<4xbf16>, tensor<4xbf16>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.5, 1.0, 2.0, 3.0]> : tensor<4xf16>
  %r0 = stablehlo.sine %a0 : (tensor<4xf16>) -> tensor<4xf16>
  %e0 = stablehlo.constant dense<[0.4794921875, 0.84130859375, 0.9091796875, 0.14111328125]> : tensor<4xf16>
  check.expect_close %r0, %e0, max_ulp_difference = 2 : tensor<4xf16>, tensor<4xf16>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.5, 1.0, 2.0, 3.0]> : tensor<4xf64>
  %r0 = stablehlo.tan %a0 : (tensor<4xf64>) -> tensor<4xf64>
  %e0 = stablehlo.constant dense<[0.5463024898437905, 1.5574077246549023, -2.185039863261519, -0.1425465430742778]> : tensor<4xf64>
  check.expect_close %r0, %e0, max_ulp_difference = 4 : tensor<4xf64>, tensor<4xf64>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.5, 1.0, 2.0, 3.0]> : tensor<4xbf16>
  %r0 = stablehlo.tan %a0 : (tensor<4xbf16>) -> tensor<4xbf16>
  %e0 = stablehlo.constant dense<[0.546875, 1.5546875, -2.1875, -0.142578125]> : tensor<4xbf16>
  check.expect_close %r0, %e0, max_ulp_difference = 2 : tensor<4xbf16>, tensor<4xbf16>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.5, 1.0, 2.0, 3.0]> : tensor<4xf16>
  %r0 = stablehlo.tan %a0 : (tensor<4xf16>) -> tensor<4xf16>
  %e0 = stablehlo.constant dense<[0.54638671875, 1.5576171875, -2.185546875, -0.142578125]> : tensor<4xf16>
  check.expect_close %r0, %e0, max_ulp_difference = 2 : tensor<4xf16>, tensor<4xf16>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.5, 1.0, 2.0, 3.0]> : tensor<4xf64>
  %r0 = stablehlo.tanh %a0 : (tensor<4xf64>) -> tensor<4xf64>
  %e0 = stablehlo.constant dense<[0.4621171572600098, 0.7615941559557649, 0.9640275800758169, 0.9950547536867305]> : tensor<4xf64>
  check.expect_close %r0, %e0, max_ulp_difference = 4 : tensor<4xf64>, tensor<4xf64>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.5, 1.0, 2.0, 3.0]> : tensor<4xbf16>
  %r0 = stablehlo.tanh %a0 : (tensor<4xbf16>) -> tensor<4xbf16>
  %e0 = stablehlo.constant dense<[0.462890625, 0.76171875, 0.96484375, 0.99609375]> : tensor<4xbf16>
  check.expect_close %r0, %e0, max_ulp_difference = 2 : tensor<4xbf16>, tensor<4xbf16>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.5, 1.0, 2.0, 3.0]> : tensor<4xf16>
  %r0 = stablehlo.tanh %a0 : (tensor<4xf16>) -> tensor<4xf16>
  %e0 = stablehlo.constant dense<[0.462158203125, 0.76171875, 0.9638671875, 0.9951171875]> : tensor<4xf16>
  check.expect_close %r0, %e0, max_ulp_difference = 2 : tensor<4xf16>, tensor<4xf16>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.5, 1.0, 2.0, 3.0]> : tensor<4xf64>
  %r0 = stablehlo.exponential %a0 : (tensor<4xf64>) -> tensor<4xf64>
  %e0 = stablehlo.constant dense<[1.6487212707001282, 2.7182818284590455, 7.38905609893065, 20.085536923187668]> : tensor<4xf64>
  check.expect_close %r0, %e0, max_ulp_difference = 4 : tensor<4xf64>, tensor<4xf64>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.5, 1.0, 2.0, 3.0]> : tensor<4xbf16>
  %r0 = stablehlo.exponential %a0 : (tensor<4xbf16>) -> tensor<4xbf16>
  %e0 = stablehlo.constant dense<[1.6484375, 2.71875, 7.375, 20.125]> : tensor<4xbf16>
  check.expect_close %r0, %e0, max_ulp_difference = 2 : tensor<4xbf16>, tensor<4xbf16>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.5, 1.0, 2.0, 3.0]> : tensor<4xf16>
  %r0 = stablehlo.exponential %a0 : (tensor<4xf16>) -> tensor<4xf16>
  %e0 = stablehlo.constant dense<[1.6484375, 2.71875, 7.390625, 20.078125]> : tensor<4xf16>
  check.expect_close %r0, %e0, max_ulp_difference = 2 : tensor<4xf16>, tensor<4xf16>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.5, 1.0, 2.0, 3.0]> : tensor<4xf64>
  %r0 = stablehlo.exponential_minus_one %a0 : (tensor<4xf64>) -> tensor<4xf64>
  %e0 = stablehlo.constant dense<[0.6487212707001281, 1.7182818284590455, 6.38905609893065, 19.085536923187668]> : tensor<4xf64>
  check.expect_close %r0, %e0, max_ulp_difference = 4 : tensor<4xf64>, tensor<4xf64>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.5, 1.0, 2.0, 3.0]> : tensor<4xbf16>
  %r0 = stablehlo.exponential_minus_one %a0 : (tensor<4xbf16>) -> tensor<4xbf16>
  %e0 = stablehlo.constant dense<[0.6484375, 1.71875, 6.375, 19.125]> : tensor<4xbf16>
  check.expect_close %r0, %e0, max_ulp_difference = 2 : tensor<4xbf16>, tensor<4xbf16>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.5, 1.0, 2.0, 3.0]> : tensor<4xf16>
  %r0 = stablehlo.exponential_minus_one %a0 : (tensor<4xf16>) -> tensor<4xf16>
  %e0 = stablehlo.constant dense<[0.6484375, 1.71875, 6.390625, 19.078125]> : tensor<4xf16>
  check.expect_close %r0, %e0, max_ulp_difference = 2 : tensor<4xf16>, tensor<4xf16>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.5, 1.0, 2.0, 3.0]> : tensor<4xf64>
  %r0 = stablehlo.log %a0 : (tensor<4xf64>) -> tensor<4xf64>
  %e0 = stablehlo.constant dense<[-0.6931471805599453, 0.0, 0.6931471805599453, 1.0986122886681098]> : tensor<4xf64>
  check.expect_close %r0, %e0, max_ulp_difference = 4 : tensor<4xf64>, tensor<4xf64>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.5, 1.0, 2.0, 3.0]> : tensor<4xbf16>
  %r0 = stablehlo.log %a0 : (tensor<4xbf16>) -> tensor<4xbf16>
  %e0 = stablehlo.constant dense<[-0.69140625, 0.0, 0.69140625, 1.1015625]> : tensor<4xbf16>
  check.expect_close %r0, %e0, max_ulp_difference = 2 : tensor<4xbf16>, tensor<4xbf16>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.5, 1.0, 2.0, 3.0]> : tensor<4xf16>
  %r0 = stablehlo.log %a0 : (tensor<4xf16>) -> tensor<4xf16>
  %e0 = stablehlo.constant dense<[-0.693359375, 0.0, 0.693359375, 1.0986328125]> : tensor<4xf16>
  check.expect_close %r0, %e0, max_ulp_difference = 2 : tensor<4xf16>, tensor<4xf16>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.5, 1.0, 2.0, 3.0]> : tensor<4xf64>
  %r0 = stablehlo.log_plus_one %a0 : (tensor<4xf64>) -> tensor<4xf64>
  %e0 = stablehlo.constant dense<[0.4054651081081644, 0.6931471805599453, 1.0986122886681098, 1.3862943611198906]> : tensor<4xf64>
  check.expect_close %r0, %e0, max_ulp_difference = 4 : tensor<4xf64>, tensor<4xf64>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.5, 1.0, 2.0, 3.0]> : tensor<4xbf16>
  %r0 = stablehlo.log_plus_one %a0 : (tensor<4xbf16>) -> tensor<4xbf16>
  %e0 = stablehlo.constant dense<[0.40625, 0.69140625, 1.1015625, 1.3828125]> : tensor<4xbf16>
  check.expect_close %r0, %e0, max_ulp_difference = 2 : tensor<4xbf16>, tensor<4xbf16>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.5, 1.0, 2.0, 3.0]> : tensor<4xf16>
  %r0 = stablehlo.log_plus_one %a0 : (tensor<4xf16>) -> tensor<4xf16>
  %e0 = stablehlo.constant dense<[0.405517578125, 0.693359375, 1.0986328125, 1.38671875]> : tensor<4xf16>
  check.expect_close %r0, %e0, max_ulp_difference = 2 : tensor<4xf16>, tensor<4xf16>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.5, 1.0, 2.0, 3.0]> : tensor<4xf64>
  %r0 = stablehlo.logistic %a0 : (tensor<4xf64>) -> tensor<4xf64>
  %e0 = stablehlo.constant dense<[0.6224593312018546, 0.7310585786300049, 0.8807970779778823, 0.9525741268224334]> : tensor<4xf64>
  check.expect_close %r0, %e0, max_ulp_difference = 4 : tensor<4xf64>, tensor<4xf64>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.5, 1.0, 2.0, 3.0]> : tensor<4xbf16>
  %r0 = stablehlo.logistic %a0 : (tensor<4xbf16>) -> tensor<4xbf16>
  %e0 = stablehlo.constant dense<[0.62109375, 0.73046875, 0.87890625, 0.953125]> : tensor<4xbf16>
  check.expect_close %r0, %e0, max_ulp_difference = 2 : tensor<4xbf16>, tensor<4xbf16>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.5, 1.0, 2.0, 3.0]> : tensor<4xf16>
  %r0 = stablehlo.logistic %a0 : (tensor<4xf16>) -> tensor<4xf16>
  %e0 = stablehlo.constant dense<[0.62255859375, 0.73095703125, 0.88037109375, 0.95263671875]> : tensor<4xf16>
  check.expect_close %r0, %e0, max_ulp_difference = 2 : tensor<4xf16>, tensor<4xf16>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.5, 1.0, 2.0, 3.0]> : tensor<4xf64>
  %r0 = stablehlo.rsqrt %a0 : (tensor<4xf64>) -> tensor<4xf64>
  %e0 = stablehlo.constant dense<[1.414213562373095, 1.0, 0.7071067811865475, 0.5773502691896257]> : tensor<4xf64>
  check.expect_close %r0, %e0, max_ulp_difference = 4 : tensor<4xf64>, tensor<4xf64>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.5, 1.0, 2.0, 3.0]> : tensor<4xbf16>
  %r0 = stablehlo.rsqrt %a0 : (tensor<4xbf16>) -> tensor<4xbf16>
  %e0 = stablehlo.constant dense<[1.4140625, 1.0, 0.70703125, 0.578125]> : tensor<4xbf16>
  check.expect_close %r0, %e0, max_ulp_difference = 2 : tensor<4xbf16>, tensor<4xbf16>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.5, 1.0, 2.0, 3.0]> : tensor<4xf16>
  %r0 = stablehlo.rsqrt %a0 : (tensor<4xf16>) -> tensor<4xf16>
  %e0 = stablehlo.constant dense<[1.4140625, 1.0, 0.70703125, 0.5771484375]> : tensor<4xf16>
  check.expect_close %r0, %e0, max_ulp_difference = 2 : tensor<4xf16>, tensor<4xf16>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.5, 1.0, 2.0, 3.0]> : tensor<4xf64>
  %r0 = stablehlo.sqrt %a0 : (tensor<4xf64>) -> tensor<4xf64>
  %e0 = stablehlo.constant dense<[0.7071067811865476, 1.0, 1.4142135623730951, 1.7320508075688772]> : tensor<4xf64>
  check.expect_close %r0, %e0, max_ulp_difference = 4 : tensor<4xf64>, tensor<4xf64>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.5, 1.0, 2.0, 3.0]> : tensor<4xbf16>
  %r0 = stablehlo.sqrt %a0 : (tensor<4xbf16>) -> tensor<4xbf16>
  %e0 = stablehlo.constant dense<[0.70703125, 1.0, 1.4140625, 1.734375]> : tensor<4xbf16>
  check.expect_close %r0, %e0, max_ulp_difference = 2 : tensor<4xbf16>, tensor<4xbf16>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.5, 1.0, 2.0, 3.0]> : tensor<4xf16>
  %r0 = stablehlo.sqrt %a0 : (tensor<4xf16>) -> tensor<4xf16>
  %e0 = stablehlo.constant dense<[0.70703125, 1.0, 1.4140625, 1.732421875]> : tensor<4xf16>
  check.expect_close %r0, %e0, max_ulp_difference = 2 : tensor<4xf16>, tensor<4xf16>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.5, 1.0, 2.0, 3.0]> : tensor<4xf64>
  %r0 = stablehlo.cbrt %a0 : (tensor<4xf64>) -> tensor<4xf64>
  %e0 = stablehlo.constant dense<[0.7937005259840998, 1.0, 1.2599210498948734, 1.4422495703074083]> : tensor<4xf64>
  check.expect_close %r0, %e0, max_ulp_difference = 4 : tensor<4xf64>, tensor<4xf64>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.5, 1.0, 2.0, 3.0]> : tensor<4xbf16>
  %r0 = stablehlo.cbrt %a0 : (tensor<4xbf16>) -> tensor<4xbf16>
  %e0 = stablehlo.constant dense<[0.79296875, 1.0, 1.2578125, 1.4453125]> : tensor<4xbf16>
  check.expect_close %r0, %e0, max_ulp_difference = 2 : tensor<4xbf16>, tensor<4xbf16>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.5, 1.0, 2.0, 3.0]> : tensor<4xf16>
  %r0 = stablehlo.cbrt %a0 : (tensor<4xf16>) -> tensor<4xf16>
  %e0 = stablehlo.constant dense<[0.79345703125, 1.0, 1.259765625, 1.4423828125]> : tensor<4xf16>
  check.expect_close %r0, %e0, max_ulp_difference = 2 : tensor<4xf16>, tensor<4xf16>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[(1.0, 2.0), (-0.5, 0.25), (3.0, -1.0)]> : tensor<3xcomplex<f32>>
  %r0 = stablehlo.cosine %a0 : (tensor<3xcomplex<f32>>) -> tensor<3xcomplex<f32>>
  %e0 = stablehlo.constant dense<[(2.0327229499816895, -3.0518977642059326), (0.9051501154899597, 0.12110880017280579), (-1.5276381969451904, 0.1658443957567215)]> : tensor<3xcomplex<f32>>
  check.expect_close %r0, %e0, max_ulp_difference = 8 : tensor<3xcomplex<f32>>, tensor<3xcomplex<f32>>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[(1.0, 2.0), (-0.5, 0.25), (3.0, -1.0)]> : tensor<3xcomplex<f64>>
  %r0 = stablehlo.cosine %a0 : (tensor<3xcomplex<f64>>) -> tensor<3xcomplex<f64>>
  %e0 = stablehlo.constant dense<[(2.0327230070196656, -3.0518977991518), (0.9051501505596068, 0.12110879604381163), (-1.5276382501165435, 0.16584440191897884)]> : tensor<3xcomplex<f64>>
  check.expect_close %r0, %e0, max_ulp_difference = 8 : tensor<3xcomplex<f64>>, tensor<3xcomplex<f64>>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[(1.0, 2.0), (-0.5, 0.25), (3.0, -1.0)]> : tensor<3xcomplex<f32>>
  %r0 = stablehlo.sine %a0 : (tensor<3xcomplex<f32>>) -> tensor<3xcomplex<f32>>
  %e0 = stablehlo.constant dense<[(3.165778636932373, 1.9596009254455566), (-0.4944857954978943, 0.2216881662607193), (0.21775953471660614, 1.1634403467178345)]> : tensor<3xcomplex<f32>>
  check.expect_close %r0, %e0, max_ulp_difference = 8 : tensor<3xcomplex<f32>>, tensor<3xcomplex<f32>>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[(1.0, 2.0), (-0.5, 0.25), (3.0, -1.0)]> : tensor<3xcomplex<f64>>
  %r0 = stablehlo.sine %a0 : (tensor<3xcomplex<f64>>) -> tensor<3xcomplex<f64>>
  %e0 = stablehlo.constant dense<[(3.165778513216168, 1.9596010414216063), (-0.494485780933195, 0.22168816414957476), (0.21775955162215224, 1.1634403637032507)]> : tensor<3xcomplex<f64>>
  check.expect_close %r0, %e0, max_ulp_difference = 8 : tensor<3xcomplex<f64>>, tensor<3xcomplex<f64>>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[(1.0, 2.0), (-0.5, 0.25), (3.0, -1.0)]> : tensor<3xcomplex<f32>>
  %r0 = stablehlo.tanh %a0 : (tensor<3xcomplex<f32>>) -> tensor<3xcomplex<f32>>
  %e0 = stablehlo.constant dense<[(1.1667362451553345, -0.24345819652080536), (-0.48548728227615356, 0.1980554610490799), (1.002055048942566, -0.004517137072980404)]> : tensor<3xcomplex<f32>>
  check.expect_close %r0, %e0, max_ulp_difference = 8 : tensor<3xcomplex<f32>>, tensor<3xcomplex<f32>>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[(1.0, 2.0), (-0.5, 0.25), (3.0, -1.0)]> : tensor<3xcomplex<f64>>
  %r0 = stablehlo.tanh %a0 : (tensor<3xcomplex<f64>>) -> tensor<3xcomplex<f64>>
  %e0 = stablehlo.constant dense<[(1.16673625724092, -0.24345820118572528), (-0.4854872810241354, 0.19805544995134955), (1.0020549882458119, -0.004517137276658426)]> : tensor<3xcomplex<f64>>
  check.expect_close %r0, %e0, max_ulp_difference = 8 : tensor<3xcomplex<f64>>, tensor<3xcomplex<f64>>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[(1.0, 2.0), (-0.5, 0.25), (3.0, -1.0)]> : tensor<3xcomplex<f32>>
  %r0 = stablehlo.exponential %a0 : (tensor<3xcomplex<f32>>) -> tensor<3xcomplex<f32>>
  %e0 = stablehlo.constant dense<[(-1.13120436668396, 2.471726655960083), (0.5876750946044922, 0.1500580906867981), (10.852261543273926, -16.901395797729492)]> : tensor<3xcomplex<f32>>
  check.expect_close %r0, %e0, max_ulp_difference = 8 : tensor<3xcomplex<f32>>, tensor<3xcomplex<f32>>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[(1.0, 2.0), (-0.5, 0.25), (3.0, -1.0)]> : tensor<3xcomplex<f64>>
  %r0 = stablehlo.exponential %a0 : (tensor<3xcomplex<f64>>) -> tensor<3xcomplex<f64>>
  %e0 = stablehlo.constant dense<[(-1.1312043837568138, 2.471726672004819), (0.5876750903439226, 0.15005808662216327), (10.852261914197959, -16.901396535150095)]> : tensor<3xcomplex<f64>>
  check.expect_close %r0, %e0, max_ulp_difference = 8 : tensor<3xcomplex<f64>>, tensor<3xcomplex<f64>>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[(1.0, 2.0), (-0.5, 0.25), (3.0, -1.0)]> : tensor<3xcomplex<f32>>
  %r0 = stablehlo.log %a0 : (tensor<3xcomplex<f32>>) -> tensor<3xcomplex<f32>>
  %e0 = stablehlo.constant dense<[(0.8047189712524414, 1.1071487665176392), (-0.5815753936767578, 2.677945137023926), (1.1512925624847412, -0.32175055146217346)]> : tensor<3xcomplex<f32>>
  check.expect_close %r0, %e0, max_ulp_difference = 8 : tensor<3xcomplex<f32>>, tensor<3xcomplex<f32>>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[(1.0, 2.0), (-0.5, 0.25), (3.0, -1.0)]> : tensor<3xcomplex<f64>>
  %r0 = stablehlo.log %a0 : (tensor<3xcomplex<f64>>) -> tensor<3xcomplex<f64>>
  %e0 = stablehlo.constant dense<[(0.8047189562170501, 1.1071487177940904), (-0.5815754049028404, 2.677945044588987), (1.151292546497023, -0.3217505543966422)]> : tensor<3xcomplex<f64>>
  check.expect_close %r0, %e0, max_ulp_difference = 8 : tensor<3xcomplex<f64>>, tensor<3xcomplex<f64>>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[(1.0, 2.0), (-0.5, 0.25), (3.0, -1.0)]> : tensor<3xcomplex<f32>>
  %r0 = stablehlo.sqrt %a0 : (tensor<3xcomplex<f32>>) -> tensor<3xcomplex<f32>>
  %e0 = stablehlo.constant dense<[(1.272019624710083, 0.7861514091491699), (0.17178037762641907, 0.727673351764679), (1.7553173303604126, -0.28484877943992615)]> : tensor<3xcomplex<f32>>
  check.expect_close %r0, %e0, max_ulp_difference = 8 : tensor<3xcomplex<f32>>, tensor<3xcomplex<f32>>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[(1.0, 2.0), (-0.5, 0.25), (3.0, -1.0)]> : tensor<3xcomplex<f64>>
  %r0 = stablehlo.sqrt %a0 : (tensor<3xcomplex<f64>>) -> tensor<3xcomplex<f64>>
  %e0 = stablehlo.constant dense<[(1.272019649514069, 0.7861513777574233), (0.17178037486125622, 0.7276733451126774), (1.755317301824428, -0.28484878459314106)]> : tensor<3xcomplex<f64>>
  check.expect_close %r0, %e0, max_ulp_difference = 8 : tensor<3xcomplex<f64>>, tensor<3xcomplex<f64>>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[(1.0, 2.0), (-0.5, 0.25), (3.0, -1.0)]> : tensor<3xcomplex<f32>>
  %r0 = stablehlo.rsqrt %a0 : (tensor<3xcomplex<f32>>) -> tensor<3xcomplex<f32>>
  %e0 = stablehlo.constant dense<[(0.5688644647598267, -0.3515775799751282), (0.3072900176048279, -1.3017016649246216), (0.5550800561904907, 0.09007709473371506)]> : tensor<3xcomplex<f32>>
  check.expect_close %r0, %e0, max_ulp_difference = 8 : tensor<3xcomplex<f32>>, tensor<3xcomplex<f32>>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[(1.0, 2.0), (-0.5, 0.25), (3.0, -1.0)]> : tensor<3xcomplex<f64>>
  %r0 = stablehlo.rsqrt %a0 : (tensor<3xcomplex<f64>>) -> tensor<3xcomplex<f64>>
  %e0 = stablehlo.constant dense<[(0.5688644810057831, -0.3515775842541429), (0.30729007631213207, -1.3017016520692888), (0.5550800690066424, 0.09007709480450046)]> : tensor<3xcomplex<f64>>
  check.expect_close %r0, %e0, max_ulp_difference = 8 : tensor<3xcomplex<f64>>, tensor<3xcomplex<f64>>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[(1.0, 2.0), (-0.5, 0.25), (3.0, -1.0)]> : tensor<3xcomplex<f32>>
  %r0 = stablehlo.exponential_minus_one %a0 : (tensor<3xcomplex<f32>>) -> tensor<3xcomplex<f32>>
  %e0 = stablehlo.constant dense<[(-2.13120436668396, 2.471726655960083), (-0.4123249053955078, 0.1500580906867981), (9.852261543273926, -16.901395797729492)]> : tensor<3xcomplex<f32>>
  check.expect_close %r0, %e0, max_ulp_difference = 8 : tensor<3xcomplex<f32>>, tensor<3xcomplex<f32>>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[(1.0, 2.0), (-0.5, 0.25), (3.0, -1.0)]> : tensor<3xcomplex<f64>>
  %r0 = stablehlo.exponential_minus_one %a0 : (tensor<3xcomplex<f64>>) -> tensor<3xcomplex<f64>>
  %e0 = stablehlo.constant dense<[(-2.1312043837568138, 2.471726672004819), (-0.41232490965607727, 0.15005808662216327), (9.852261914197959, -16.901396535150095)]> : tensor<3xcomplex<f64>>
  check.expect_close %r0, %e0, max_ulp_difference = 8 : tensor<3xcomplex<f64>>, tensor<3xcomplex<f64>>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[(1.0, 2.0), (-0.5, 0.25), (3.0, -1.0)]> : tensor<3xcomplex<f32>>
  %r0 = stablehlo.log_plus_one %a0 : (tensor<3xcomplex<f32>>) -> tensor<3xcomplex<f32>>
  %e0 = stablehlo.constant dense<[(1.0397207736968994, 0.7853981852531433), (-0.5815753936767578, 0.46364760398864746), (1.4166066646575928, -0.244978666305542)]> : tensor<3xcomplex<f32>>
  check.expect_close %r0, %e0, max_ulp_difference = 8 : tensor<3xcomplex<f32>>, tensor<3xcomplex<f32>>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[(1.0, 2.0), (-0.5, 0.25), (3.0, -1.0)]> : tensor<3xcomplex<f64>>
  %r0 = stablehlo.log_plus_one %a0 : (tensor<3xcomplex<f64>>) -> tensor<3xcomplex<f64>>
  %e0 = stablehlo.constant dense<[(1.0397207708399179, 0.7853981633974483), (-0.5815754049028404, 0.4636476090008061), (1.416606672028108, -0.24497866312686414)]> : tensor<3xcomplex<f64>>
  check.expect_close %r0, %e0, max_ulp_difference = 8 : tensor<3xcomplex<f64>>, tensor<3xcomplex<f64>>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[(1.0, 2.0), (-0.5, 0.25), (3.0, -1.0)]> : tensor<3xcomplex<f32>>
  %r0 = stablehlo.logistic %a0 : (tensor<3xcomplex<f32>>) -> tensor<3xcomplex<f32>>
  %e0 = stablehlo.constant dense<[(1.0214154720306396, 0.4034387469291687), (0.3757248520851135, 0.05900296941399574), (0.9721865653991699, -0.039662230759859085)]> : tensor<3xcomplex<f32>>
  check.expect_close %r0, %e0, max_ulp_difference = 8 : tensor<3xcomplex<f32>>, tensor<3xcomplex<f32>>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[(1.0, 2.0), (-0.5, 0.25), (3.0, -1.0)]> : tensor<3xcomplex<f64>>
  %r0 = stablehlo.logistic %a0 : (tensor<3xcomplex<f64>>) -> tensor<3xcomplex<f64>>
  %e0 = stablehlo.constant dense<[(1.0214153641721806, 0.4034387060815424), (0.3757248355800388, 0.059002964314508036), (0.9721864932113107, -0.03966222740197834)]> : tensor<3xcomplex<f64>>
  check.expect_close %r0, %e0, max_ulp_difference = 8 : tensor<3xcomplex<f64>>, tensor<3xcomplex<f64>>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[(1.0, 2.0), (-0.5, 0.25), (3.0, -1.0)]> : tensor<3xcomplex<f32>>
  %r0 = stablehlo.tan %a0 : (tensor<3xcomplex<f32>>) -> tensor<3xcomplex<f32>>
  %e0 = stablehlo.constant dense<[(0.03381282463669777, 1.0147936344146729), (-0.5045007467269897, 0.31242069602012634), (-0.059168532490730286, -0.768017590045929)]> : tensor<3xcomplex<f32>>
  check.expect_close %r0, %e0, max_ulp_difference = 8 : tensor<3xcomplex<f32>>, tensor<3xcomplex<f32>>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[(1.0, 2.0), (-0.5, 0.25), (3.0, -1.0)]> : tensor<3xcomplex<f64>>
  %r0 = stablehlo.tan %a0 : (tensor<3xcomplex<f64>>) -> tensor<3xcomplex<f64>>
  %e0 = stablehlo.constant dense<[(0.0338128260798967, 1.0147936161466335), (-0.504500702698564, 0.31242069250258875), (-0.05916853956605073, -0.7680176472869114)]> : tensor<3xcomplex<f64>>
  check.expect_close %r0, %e0, max_ulp_difference = 8 : tensor<3xcomplex<f64>>, tensor<3xcomplex<f64>>
  func.return
}

// -----

// subnormals are values (XLA CPU flushes them; numpy)
func.func @main() {
  %a0 = stablehlo.constant dense<[1.401298464324817e-45, -1.401298464324817e-45, 1.1754942106924411e-38]> : tensor<3xf32>
  %r0 = stablehlo.sign %a0 : tensor<3xf32>
  check.expect_eq_const %r0, dense<[1.0, -1.0, 1.0]> : tensor<3xf32>
  func.return
}

// -----

// subnormals are values (XLA CPU flushes them; numpy)
func.func @main() {
  %a0 = stablehlo.constant dense<[1.401298464324817e-45, -1.401298464324817e-45, 1.1754942106924411e-38]> : tensor<3xf32>
  %r0 = stablehlo.ceil %a0 : tensor<3xf32>
  check.expect_eq_const %r0, dense<[1.0, -0.0, 1.0]> : tensor<3xf32>
  func.return
}

// -----

// subnormals are values (XLA CPU flushes them; numpy)
func.func @main() {
  %a0 = stablehlo.constant dense<[1.401298464324817e-45, -1.401298464324817e-45, 1.1754942106924411e-38]> : tensor<3xf32>
  %r0 = stablehlo.floor %a0 : tensor<3xf32>
  check.expect_eq_const %r0, dense<[0.0, -1.0, 0.0]> : tensor<3xf32>
  func.return
}

// -----

// subnormals are values (XLA CPU flushes them; numpy)
func.func @main() {
  %a0 = stablehlo.constant dense<[1.401298464324817e-45, -1.401298464324817e-45, 1.1754942106924411e-38]> : tensor<3xf32>
  %r0 = stablehlo.abs %a0 : tensor<3xf32>
  check.expect_eq_const %r0, dense<[1.401298464324817e-45, 1.401298464324817e-45, 1.1754942106924411e-38]> : tensor<3xf32>
  func.return
}
