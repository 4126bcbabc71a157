// Subnormal floats are values like any other (spec: IEEE-754 arithmetic), so kiln keeps them;
// XLA on the CPU flushes f32 and f64 subnormal inputs and results to zero (each result below
// would be 0 there, measured with JAX 0.10). See docs/semantics.md.

// f32: the smallest subnormal doubled, a subnormal through max, a dot and a product.
func.func @main() {
  %tiny = stablehlo.constant dense<[0x00000001, 0x00400000]> : tensor<2xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<2xf32>
  %two = stablehlo.constant dense<2.0> : tensor<2xf32>
  %sum = stablehlo.add %tiny, %tiny : tensor<2xf32>
  %max = stablehlo.maximum %tiny, %zero : tensor<2xf32>
  %product = stablehlo.multiply %tiny, %two : tensor<2xf32>
  %ones = stablehlo.constant dense<1.0> : tensor<2xf32>
  %dot = stablehlo.dot %tiny, %ones : (tensor<2xf32>, tensor<2xf32>) -> tensor<f32>
  check.expect_eq_const %sum, dense<[0x00000002, 0x00800000]> : tensor<2xf32>
  check.expect_eq_const %max, dense<[0x00000001, 0x00400000]> : tensor<2xf32>
  check.expect_eq_const %product, dense<[0x00000002, 0x00800000]> : tensor<2xf32>
  check.expect_eq_const %dot, dense<0x00400001> : tensor<f32>
  func.return
}

// -----

// f64 and bf16 subnormals.
func.func @main() {
  %d = stablehlo.constant dense<0x0000000000000001> : tensor<f64>
  %dsum = stablehlo.add %d, %d : tensor<f64>
  %b = stablehlo.constant dense<0x0001> : tensor<bf16>
  %bsum = stablehlo.add %b, %b : tensor<bf16>
  check.expect_eq_const %dsum, dense<0x0000000000000002> : tensor<f64>
  check.expect_eq_const %bsum, dense<0x0002> : tensor<bf16>
  func.return
}
