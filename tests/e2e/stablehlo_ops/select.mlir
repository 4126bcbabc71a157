// stablehlo.select with tensor and scalar predicates on every element class.
// Expected values from XLA (JAX CPU).

func.func @main() {
  %a0 = stablehlo.constant dense<[true, false, true, false]> : tensor<4xi1>
  %a1 = stablehlo.constant dense<[1.0, 2.0, 0x7FC00000, -0.0]> : tensor<4xf32>
  %a2 = stablehlo.constant dense<[5.0, 6.0, 7.0, 0.0]> : tensor<4xf32>
  %r0 = stablehlo.select %a0, %a1, %a2 : tensor<4xi1>, tensor<4xf32>
  check.expect_eq_const %r0, dense<[1.0, 6.0, 0x7FC00000, 0.0]> : tensor<4xf32>
  func.return
}

// -----

// scalar predicate
func.func @main() {
  %a0 = stablehlo.constant dense<false> : tensor<i1>
  %a1 = stablehlo.constant dense<[1.0, 2.0, 0x7FC00000, -0.0]> : tensor<4xf32>
  %a2 = stablehlo.constant dense<[5.0, 6.0, 7.0, 0.0]> : tensor<4xf32>
  %r0 = stablehlo.select %a0, %a1, %a2 : tensor<i1>, tensor<4xf32>
  check.expect_eq_const %r0, dense<[5.0, 6.0, 7.0, 0.0]> : tensor<4xf32>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[true, false, true, false]> : tensor<4xi1>
  %a1 = stablehlo.constant dense<[1, 2, 3, 4]> : tensor<4xi4>
  %a2 = stablehlo.constant dense<[-1, -2, -3, -4]> : tensor<4xi4>
  %r0 = stablehlo.select %a0, %a1, %a2 : tensor<4xi1>, tensor<4xi4>
  check.expect_eq_const %r0, dense<[1, -2, 3, -4]> : tensor<4xi4>
  func.return
}

// -----

// scalar predicate
func.func @main() {
  %a0 = stablehlo.constant dense<false> : tensor<i1>
  %a1 = stablehlo.constant dense<[1, 2, 3, 4]> : tensor<4xi4>
  %a2 = stablehlo.constant dense<[-1, -2, -3, -4]> : tensor<4xi4>
  %r0 = stablehlo.select %a0, %a1, %a2 : tensor<i1>, tensor<4xi4>
  check.expect_eq_const %r0, dense<[-1, -2, -3, -4]> : tensor<4xi4>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[true, false, true, false]> : tensor<4xi1>
  %a1 = stablehlo.constant dense<[(1.0, 1.0), (2.0, 0.0), (3.0, 0.0), (4.0, 0.0)]> : tensor<4xcomplex<f64>>
  %a2 = stablehlo.constant dense<[(0.0, 0.0), (0.0, 0.0), (0.0, 0.0), (0.0, 1.0)]> : tensor<4xcomplex<f64>>
  %r0 = stablehlo.select %a0, %a1, %a2 : tensor<4xi1>, tensor<4xcomplex<f64>>
  check.expect_eq_const %r0, dense<[(1.0, 1.0), (0.0, 0.0), (3.0, 0.0), (0.0, 1.0)]> : tensor<4xcomplex<f64>>
  func.return
}

// -----

// scalar predicate
func.func @main() {
  %a0 = stablehlo.constant dense<false> : tensor<i1>
  %a1 = stablehlo.constant dense<[(1.0, 1.0), (2.0, 0.0), (3.0, 0.0), (4.0, 0.0)]> : tensor<4xcomplex<f64>>
  %a2 = stablehlo.constant dense<[(0.0, 0.0), (0.0, 0.0), (0.0, 0.0), (0.0, 1.0)]> : tensor<4xcomplex<f64>>
  %r0 = stablehlo.select %a0, %a1, %a2 : tensor<i1>, tensor<4xcomplex<f64>>
  check.expect_eq_const %r0, dense<[(0.0, 0.0), (0.0, 0.0), (0.0, 0.0), (0.0, 1.0)]> : tensor<4xcomplex<f64>>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[true, false, true, false]> : tensor<4xi1>
  %a1 = stablehlo.constant dense<[true, true, false, false]> : tensor<4xi1>
  %a2 = stablehlo.constant dense<[false, true, false, true]> : tensor<4xi1>
  %r0 = stablehlo.select %a0, %a1, %a2 : tensor<4xi1>, tensor<4xi1>
  check.expect_eq_const %r0, dense<[true, true, false, true]> : tensor<4xi1>
  func.return
}

// -----

// scalar predicate
func.func @main() {
  %a0 = stablehlo.constant dense<false> : tensor<i1>
  %a1 = stablehlo.constant dense<[true, true, false, false]> : tensor<4xi1>
  %a2 = stablehlo.constant dense<[false, true, false, true]> : tensor<4xi1>
  %r0 = stablehlo.select %a0, %a1, %a2 : tensor<i1>, tensor<4xi1>
  check.expect_eq_const %r0, dense<[false, true, false, true]> : tensor<4xi1>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[[true, false, true], [false, true, false]]> : tensor<2x3xi1>
  %a1 = stablehlo.constant dense<[[1.0, 1.0, 1.0], [1.0, 1.0, 1.0]]> : tensor<2x3xbf16>
  %a2 = stablehlo.constant dense<[[0.0, 0.0, 0.0], [0.0, 0.0, 0.0]]> : tensor<2x3xbf16>
  %r0 = stablehlo.select %a0, %a1, %a2 : tensor<2x3xi1>, tensor<2x3xbf16>
  check.expect_eq_const %r0, dense<[[1.0, 0.0, 1.0], [0.0, 1.0, 0.0]]> : tensor<2x3xbf16>
  func.return
}

// -----

// zero-sized
func.func @main() {
  %a0 = stablehlo.constant dense<> : tensor<0xi1>
  %a1 = stablehlo.constant dense<> : tensor<0xf32>
  %a2 = stablehlo.constant dense<> : tensor<0xf32>
  %r0 = stablehlo.select %a0, %a1, %a2 : tensor<0xi1>, tensor<0xf32>
  check.expect_eq_const %r0, dense<> : tensor<0xf32>
  func.return
}
