// stablehlo.clamp with scalar and tensor bounds, NaN and -0.
// Expected values from XLA (JAX CPU).

// NaN propagates; -0 < +0
func.func @main() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 1.0, 0.0, 0.0, 0x7FC00000]> : tensor<6xf32>
  %a1 = stablehlo.constant dense<[-5.0, 0.0, 5.0, 0x7FC00000, -0.0, 15.0]> : tensor<6xf32>
  %a2 = stablehlo.constant dense<[1.0, 0.0, 4.0, 1.0, 1.0, 20.0]> : tensor<6xf32>
  %r0 = stablehlo.clamp %a0, %a1, %a2 : tensor<6xf32>
  check.expect_eq_const %r0, dense<[0.0, 0.0, 4.0, 0x7FC00000, 0.0, 0x7FC00000]> : tensor<6xf32>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<0> : tensor<i32>
  %a1 = stablehlo.constant dense<[-5, 0, 5, 100]> : tensor<4xi32>
  %a2 = stablehlo.constant dense<10> : tensor<i32>
  %r0 = stablehlo.clamp %a0, %a1, %a2 : (tensor<i32>, tensor<4xi32>, tensor<i32>) -> tensor<4xi32>
  check.expect_eq_const %r0, dense<[0, 0, 5, 10]> : tensor<4xi32>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<10> : tensor<ui8>
  %a1 = stablehlo.constant dense<[0, 128, 255]> : tensor<3xui8>
  %a2 = stablehlo.constant dense<200> : tensor<ui8>
  %r0 = stablehlo.clamp %a0, %a1, %a2 : (tensor<ui8>, tensor<3xui8>, tensor<ui8>) -> tensor<3xui8>
  check.expect_eq_const %r0, dense<[10, 128, 200]> : tensor<3xui8>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<-2> : tensor<i4>
  %a1 = stablehlo.constant dense<[-8, 0, 7]> : tensor<3xi4>
  %a2 = stablehlo.constant dense<3> : tensor<i4>
  %r0 = stablehlo.clamp %a0, %a1, %a2 : (tensor<i4>, tensor<3xi4>, tensor<i4>) -> tensor<3xi4>
  check.expect_eq_const %r0, dense<[-2, 0, 3]> : tensor<3xi4>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<-1.0> : tensor<bf16>
  %a1 = stablehlo.constant dense<[-5.0, 0.30078125, 5.0]> : tensor<3xbf16>
  %a2 = stablehlo.constant dense<1.0> : tensor<bf16>
  %r0 = stablehlo.clamp %a0, %a1, %a2 : (tensor<bf16>, tensor<3xbf16>, tensor<bf16>) -> tensor<3xbf16>
  check.expect_eq_const %r0, dense<[-1.0, 0.30078125, 1.0]> : tensor<3xbf16>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[-1.0, 0.0, 6.0]> : tensor<3xf64>
  %a1 = stablehlo.constant dense<[-5.0, 0.3, 5.0]> : tensor<3xf64>
  %a2 = stablehlo.constant dense<1.0> : tensor<f64>
  %r0 = stablehlo.clamp %a0, %a1, %a2 : (tensor<3xf64>, tensor<3xf64>, tensor<f64>) -> tensor<3xf64>
  check.expect_eq_const %r0, dense<[-1.0, 0.3, 1.0]> : tensor<3xf64>
  func.return
}
