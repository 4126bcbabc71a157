// stablehlo.optimization_barrier: the identity on tensors and tokens.

func.func @main() {
  %a = stablehlo.constant dense<[0x7FC00000, -0.0, 0x7F800000]> : tensor<3xf32>
  %b = stablehlo.constant dense<[[-128, 127]]> : tensor<1x2xi8>
  %r:2 = stablehlo.optimization_barrier %a, %b : tensor<3xf32>, tensor<1x2xi8>
  check.expect_eq_const %r#0, dense<[0x7FC00000, -0.0, 0x7F800000]> : tensor<3xf32>
  check.expect_eq_const %r#1, dense<[[-128, 127]]> : tensor<1x2xi8>
  func.return
}

// -----

func.func @main() {
  %k = stablehlo.after_all : !stablehlo.token
  %c = stablehlo.constant dense<(1.5, 2.5)> : tensor<complex<f32>>
  %r:2 = stablehlo.optimization_barrier %k, %c : !stablehlo.token, tensor<complex<f32>>
  check.expect_eq_const %r#1, dense<(1.5, 2.5)> : tensor<complex<f32>>
  %e = stablehlo.constant dense<> : tensor<0xi1>
  %s = stablehlo.optimization_barrier %e : tensor<0xi1>
  check.expect_eq_const %s, dense<> : tensor<0xi1>
  func.return
}
