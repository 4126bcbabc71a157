// stablehlo.reduce_precision: mantissa rounding (ties to even), exponent overflow/underflow.
// Expected values from XLA (JAX CPU).

func.func @main() {
  %a0 = stablehlo.constant dense<[1.0, 1.00390625, 1.01171875, 65504.0, 65520.0, 9.999999747378752e-06, 6.0999998822808266e-05, -3.141590118408203, 0x7F800000, 0x7FC00000, -0.0, 3.0000000054977558e+38]> : tensor<12xf32>
  %r0 = stablehlo.reduce_precision %a0, format = e5m10 : tensor<12xf32>
  check.expect_eq_const %r0, dense<[1.0, 1.00390625, 1.01171875, 65504.0, 0x7F800000, 0.0, 0.0, -3.140625, 0x7F800000, 0x7FC00000, -0.0, 0x7F800000]> : tensor<12xf32>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[1.0, 1.00390625, 1.01171875, 65504.0, 65520.0, 9.999999747378752e-06, 6.0999998822808266e-05, -3.141590118408203, 0x7F800000, 0x7FC00000, -0.0, 3.0000000054977558e+38]> : tensor<12xf32>
  %r0 = stablehlo.reduce_precision %a0, format = e8m7 : tensor<12xf32>
  check.expect_eq_const %r0, dense<[1.0, 1.0, 1.015625, 65536.0, 65536.0, 1.0013580322265625e-05, 6.103515625e-05, -3.140625, 0x7F800000, 0x7FC00000, -0.0, 3.00405527047391e+38]> : tensor<12xf32>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[1.0, 1.00390625, 1.01171875, 65504.0, 65520.0, 9.999999747378752e-06, 6.0999998822808266e-05, -3.141590118408203, 0x7F800000, 0x7FC00000, -0.0, 3.0000000054977558e+38]> : tensor<12xf32>
  %r0 = stablehlo.reduce_precision %a0, format = e8m23 : tensor<12xf32>
  check.expect_eq_const %r0, dense<[1.0, 1.00390625, 1.01171875, 65504.0, 65520.0, 9.999999747378752e-06, 6.0999998822808266e-05, -3.141590118408203, 0x7F800000, 0x7FC00000, -0.0, 3.0000000054977558e+38]> : tensor<12xf32>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[1.0, 1.00390625, 1.01171875, 65504.0, 65520.0, 9.999999747378752e-06, 6.0999998822808266e-05, -3.141590118408203, 0x7F800000, 0x7FC00000, -0.0, 3.0000000054977558e+38]> : tensor<12xf32>
  %r0 = stablehlo.reduce_precision %a0, format = e4m3 : tensor<12xf32>
  check.expect_eq_const %r0, dense<[1.0, 1.0, 1.0, 0x7F800000, 0x7F800000, 0.0, 0.0, -3.25, 0x7F800000, 0x7FC00000, -0.0, 0x7F800000]> : tensor<12xf32>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[1.0, 1.00390625, 1.01171875, 65504.0, 65520.0, 9.999999747378752e-06, 6.0999998822808266e-05, -3.141590118408203, 0x7F800000, 0x7FC00000, -0.0, 3.0000000054977558e+38]> : tensor<12xf32>
  %r0 = stablehlo.reduce_precision %a0, format = e11m52 : tensor<12xf32>
  check.expect_eq_const %r0, dense<[1.0, 1.00390625, 1.01171875, 65504.0, 65520.0, 9.999999747378752e-06, 6.0999998822808266e-05, -3.141590118408203, 0x7F800000, 0x7FC00000, -0.0, 3.0000000054977558e+38]> : tensor<12xf32>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[1.0, 1.00390625, 1.01171875, 65504.0, 65520.0, 9.999999747378752e-06, 6.0999998822808266e-05, -3.141590118408203, 0x7F800000, 0x7FC00000, -0.0, 3.0000000054977558e+38]> : tensor<12xf32>
  %r0 = stablehlo.reduce_precision %a0, format = e5m2 : tensor<12xf32>
  check.expect_eq_const %r0, dense<[1.0, 1.0, 1.0, 0x7F800000, 0x7F800000, 0.0, 6.103515625e-05, -3.0, 0x7F800000, 0x7FC00000, -0.0, 0x7F800000]> : tensor<12xf32>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[1.0, 1.00390625, 1.01171875, 65504.0, 65520.0, 9.999999747378752e-06, 6.0999998822808266e-05, -3.141590118408203, 0x7F800000, 0x7FC00000, -0.0, 3.0000000054977558e+38]> : tensor<12xf32>
  %r0 = stablehlo.reduce_precision %a0, format = e8m0 : tensor<12xf32>
  check.expect_eq_const %r0, dense<[1.0, 1.0, 1.0, 65536.0, 65536.0, 7.62939453125e-06, 6.103515625e-05, -4.0, 0x7F800000, 0x7FC00000, -0.0, 0x7F800000]> : tensor<12xf32>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[1.0, 1.00390625, 1.01171875, 65504.0, 65520.0, 9.999999747378752e-06, 6.0999998822808266e-05, -3.141590118408203, 0x7FF0000000000000, 0x7FF8000000000000, -0.0, 3.0000000054977558e+38]> : tensor<12xf64>
  %r0 = stablehlo.reduce_precision %a0, format = e8m23 : tensor<12xf64>
  check.expect_eq_const %r0, dense<[1.0, 1.00390625, 1.01171875, 65504.0, 65520.0, 9.999999747378752e-06, 6.0999998822808266e-05, -3.141590118408203, 0x7FF0000000000000, 0x7FF8000000000000, -0.0, 3.0000000054977558e+38]> : tensor<12xf64>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[1.0, 1.00390625, 1.01171875, 65504.0, 65520.0, 9.999999747378752e-06, 6.0999998822808266e-05, -3.141590118408203, 0x7FF0000000000000, 0x7FF8000000000000, -0.0, 3.0000000054977558e+38]> : tensor<12xf64>
  %r0 = stablehlo.reduce_precision %a0, format = e5m10 : tensor<12xf64>
  check.expect_eq_const %r0, dense<[1.0, 1.00390625, 1.01171875, 65504.0, 0x7FF0000000000000, 0.0, 0.0, -3.140625, 0x7FF0000000000000, 0x7FF8000000000000, -0.0, 0x7FF0000000000000]> : tensor<12xf64>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[1.0, 1.00390625, 1.01171875, 65504.0, 65520.0, 9.999999747378752e-06, 6.0999998822808266e-05, -3.141590118408203, 0x7FF0000000000000, 0x7FF8000000000000, -0.0, 3.0000000054977558e+38]> : tensor<12xf64>
  %r0 = stablehlo.reduce_precision %a0, format = e11m20 : tensor<12xf64>
  check.expect_eq_const %r0, dense<[1.0, 1.00390625, 1.01171875, 65504.0, 65520.0, 1.0000003385357559e-05, 6.0999998822808266e-05, -3.141590118408203, 0x7FF0000000000000, 0x7FF8000000000000, -0.0, 3.000000411145948e+38]> : tensor<12xf64>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[1.0, 1.0078125, 1.0234375, 3.00405527047391e+38, 1.0101904577379033e-39, -2.5, 0x7F80, 0x7FC0]> : tensor<8xbf16>
  %r0 = stablehlo.reduce_precision %a0, format = e5m3 : tensor<8xbf16>
  check.expect_eq_const %r0, dense<[1.0, 1.0, 1.0, 0x7F80, 0.0, -2.5, 0x7F80, 0x7FC0]> : tensor<8xbf16>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[1.0, 1.0078125, 1.0234375, 3.00405527047391e+38, 1.0101904577379033e-39, -2.5, 0x7F80, 0x7FC0]> : tensor<8xbf16>
  %r0 = stablehlo.reduce_precision %a0, format = e8m2 : tensor<8xbf16>
  check.expect_eq_const %r0, dense<[1.0, 1.0, 1.0, 2.9774707105582116e+38, 0.0, -2.5, 0x7F80, 0x7FC0]> : tensor<8xbf16>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[1.0, 1.0078125, 1.0234375, 3.00405527047391e+38, 1.0101904577379033e-39, -2.5, 0x7F80, 0x7FC0]> : tensor<8xbf16>
  %r0 = stablehlo.reduce_precision %a0, format = e4m7 : tensor<8xbf16>
  check.expect_eq_const %r0, dense<[1.0, 1.0078125, 1.0234375, 0x7F80, 0.0, -2.5, 0x7F80, 0x7FC0]> : tensor<8xbf16>
  func.return
}

// -----

// f64 with zero mantissa bits (JAX's values, x64): every value rounds to a power of two, ties
// to even (1.5 -> 2, 3.5 -> 4); the largest f64 rounds up into infinity; the smallest
// subnormal rounds to zero.
func.func @main() {
  %x = stablehlo.constant dense<[1.0, 1.4, 1.5, 1.6, 2.5, 3.0, 3.5, -0.75, 1.7976931348623157e308, 4.9406564584124654e-324, 0.0, 0xFFF0000000000000]> : tensor<12xf64>
  %a = stablehlo.reduce_precision %x, format = e11m0 : tensor<12xf64>
  %b = stablehlo.reduce_precision %x, format = e5m0 : tensor<12xf64>
  %c = stablehlo.reduce_precision %x, format = e2m0 : tensor<12xf64>
  check.expect_eq_const %a, dense<[1.0, 1.0, 2.0, 2.0, 2.0, 2.0, 4.0, -0.5, 0x7FF0000000000000, 0.0, 0.0, 0xFFF0000000000000]> : tensor<12xf64>
  check.expect_eq_const %b, dense<[1.0, 1.0, 2.0, 2.0, 2.0, 2.0, 4.0, -0.5, 0x7FF0000000000000, 0.0, 0.0, 0xFFF0000000000000]> : tensor<12xf64>
  check.expect_eq_const %c, dense<[1.0, 1.0, 2.0, 2.0, 2.0, 2.0, 0x7FF0000000000000, -0.0, 0x7FF0000000000000, 0.0, 0.0, 0xFFF0000000000000]> : tensor<12xf64>
  func.return
}
