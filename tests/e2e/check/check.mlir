// The check dialect's passing cases: each chunk must PASS under `kiln check`.

func.func @main() {
  %a = stablehlo.constant dense<[-2, 0, 2]> : tensor<3xi64>
  %b = stablehlo.constant dense<[-2, 0, 2]> : tensor<3xi64>
  check.expect_eq %a, %b : tensor<3xi64>
  check.expect_eq_const %a, dense<[-2, 0, 2]> : tensor<3xi64>
  func.return
}

// -----

// NaN matches NaN (any payload); -0 matches +0, as StableHLO's checks compare values.
func.func @main() {
  %a = stablehlo.constant dense<[0x7FC00000, 0xFFC00001, -0.0, 0x7F800000, 1.5]> : tensor<5xf32>
  check.expect_eq_const %a, dense<[0x7FC00000, 0x7FC00000, 0.0, 0x7F800000, 1.5]> : tensor<5xf32>
  func.return
}

// -----

func.func @main() {
  %a = stablehlo.constant dense<[(1.0, -2.0), (0x7FF8000000000000, 3.0)]> : tensor<2xcomplex<f64>>
  check.expect_eq_const %a, dense<[(1.0, -2.0), (0x7FF8000000000000, 3.0)]> : tensor<2xcomplex<f64>>
  func.return
}

// -----

func.func @main() {
  %a = stablehlo.constant dense<[true, false]> : tensor<2xi1>
  check.expect_eq_const %a, dense<[true, false]> : tensor<2xi1>
  %b = stablehlo.constant dense<[-8, 7]> : tensor<2xi4>
  check.expect_eq_const %b, dense<[-8, 7]> : tensor<2xi4>
  %c = stablehlo.constant dense<18446744073709551615> : tensor<ui64>
  check.expect_eq_const %c, dense<18446744073709551615> : tensor<ui64>
  %d = stablehlo.constant dense<[1.5, -0.75]> : tensor<2xbf16>
  check.expect_eq_const %d, dense<[1.5, -0.75]> : tensor<2xbf16>
  %e = stablehlo.constant dense<[448.0, 0x7F]> : tensor<2xf8E4M3FN>
  check.expect_eq_const %e, dense<[448.0, 0x7F]> : tensor<2xf8E4M3FN>
  func.return
}

// -----

func.func @main() {
  %a = stablehlo.constant dense<5.0000> : tensor<f64>
  %b = stablehlo.constant dense<5.0001> : tensor<f64>
  check.expect_almost_eq %a, %b : tensor<f64>
  check.expect_almost_eq_const %a, dense<5.0001> : tensor<f64>
  check.expect_almost_eq %a, %b, tolerance = 0.1 : tensor<f64>
  check.expect_almost_eq_const %a, dense<5.1> : tensor<f64> {tolerance = 0.1 : f64}
  func.return
}

// -----

func.func @main() {
  %a = stablehlo.constant dense<[(1.0, 2.0), (0x7FC00000, 0x7F800000)]> : tensor<2xcomplex<f32>>
  check.expect_almost_eq_const %a, dense<[(1.00001, 2.00001), (0x7FC00000, 0x7F800000)]> : tensor<2xcomplex<f32>>
  func.return
}

// -----

func.func @main() {
  %a = stablehlo.constant dense<5.0000> : tensor<f16>
  %b = stablehlo.constant dense<5.010> : tensor<f16>
  check.expect_close %a, %b, max_ulp_difference = 3 : tensor<f16>, tensor<f16>
  func.return
}

// -----

// 1.0 and the next f32 above are 1 ulp apart; -0 and +0 none; the smallest normal and
// its neighbour below (the largest subnormal) 1.
func.func @main() {
  %a = stablehlo.constant dense<[1.0, -0.0, 1.17549435E-38]> : tensor<3xf32>
  %b = stablehlo.constant dense<[1.00000012, 0.0, 1.1754942E-38]> : tensor<3xf32>
  check.expect_close %a, %b, max_ulp_difference = 1 : tensor<3xf32>, tensor<3xf32>
  %c = stablehlo.constant dense<[2.0, 4.0]> : tensor<2xbf16>
  %d = stablehlo.constant dense<[2.015625, 4.0625]> : tensor<2xbf16>
  check.expect_close %c, %d, max_ulp_difference = 2, min_ulp_difference = 1 : tensor<2xbf16>, tensor<2xbf16>
  func.return
}

// -----

func.func @main() {
  %a = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi32>
  %b = stablehlo.constant dense<[4, 5, 6]> : tensor<3xi32>
  %s = stablehlo.add %a, %b : tensor<3xi32>
  %p = interpreter.probe %s, probe_id = "sum" : tensor<3xi32>
  check.expect_serialized_eq %p, probe_id = "sum" : tensor<3xi32>
  check.expect_serialized_eq %p, probe_id = "sum", iter = 0 : tensor<3xi32>
  func.return
}

// -----

func.func @main() {
  %a = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
  %p0 = interpreter.probe %a, probe_id = "p" : tensor<2xi32>
  %b = stablehlo.constant dense<[3, 4]> : tensor<2xi32>
  %p1 = interpreter.probe %b, probe_id = "p" : tensor<2xi32>
  check.expect_serialized_eq %a, probe_id = "p", iter = 0 : tensor<2xi32>
  check.expect_serialized_eq %b, probe_id = "p", iter = 1 : tensor<2xi32>
  interpreter.print %p1 : tensor<2xi32>
  func.return
}

// -----

// The checks JAX's StableHLO test data makes through custom_call.
func.func @main() -> tensor<i1> {
  %a = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %b = stablehlo.constant dense<[1.00001, 2.0]> : tensor<2xf32>
  stablehlo.custom_call @check.expect_close(%a, %b) {has_side_effect = true} : (tensor<2xf32>, tensor<2xf32>) -> ()
  stablehlo.custom_call @check.expect_almost_eq(%a, %b) {has_side_effect = true} : (tensor<2xf32>, tensor<2xf32>) -> ()
  stablehlo.custom_call @check.expect_eq(%a, %a) {has_side_effect = true} : (tensor<2xf32>, tensor<2xf32>) -> ()
  %r = stablehlo.custom_call @check.eq(%a, %b) : (tensor<2xf32>, tensor<2xf32>) -> tensor<i1>
  check.expect_eq_const %r, dense<true> : tensor<i1>
  func.return %r : tensor<i1>
}
