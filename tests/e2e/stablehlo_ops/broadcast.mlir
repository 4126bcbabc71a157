// stablehlo.broadcast (deprecated, still parsed and run): the operand repeated over the
// leading broadcast_sizes dimensions.
func.func @main() {
  %x = stablehlo.constant dense<[1, -2, 3]> : tensor<3xi32>
  %r = stablehlo.broadcast %x, sizes = [2] : (tensor<3xi32>) -> tensor<2x3xi32>
  check.expect_eq_const %r, dense<[[1, -2, 3], [1, -2, 3]]> : tensor<2x3xi32>
  func.return
}

// -----

// A scalar to a 2x2 matrix, and a zero size: an empty result.
func.func @main() {
  %x = stablehlo.constant dense<2.5> : tensor<bf16>
  %r = stablehlo.broadcast %x, sizes = [2, 2] : (tensor<bf16>) -> tensor<2x2xbf16>
  check.expect_eq_const %r, dense<2.5> : tensor<2x2xbf16>
  %m = stablehlo.constant dense<[[1.0, 2.0]]> : tensor<1x2xf32>
  %e = stablehlo.broadcast %m, sizes = [0] : (tensor<1x2xf32>) -> tensor<0x1x2xf32>
  check.expect_eq_const %e, dense<> : tensor<0x1x2xf32>
  func.return
}
