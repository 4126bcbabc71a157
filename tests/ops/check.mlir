// The check test dialect (kiln only: the official StableHLO parser in jaxlib does not
// register it).
func.func @main(%x: tensor<2xi64>, %y: tensor<2xi64>) {
  check.expect_eq %x, %y : tensor<2xi64>
  check.expect_eq_const %x, dense<[1, 2]> : tensor<2xi64>
  return
}

// -----

func.func @main(%x: tensor<i1>, %c: tensor<2x2xcomplex<f32>>) {
  check.expect_eq %x, %x : tensor<i1>
  check.expect_eq_const %x, dense<true> : tensor<i1>
  check.expect_eq_const %c, dense<(1.0, -1.0)> : tensor<2x2xcomplex<f32>>
  return
}

// -----

func.func @main(%a: tensor<3xf32>, %b: tensor<3xf32>) {
  check.expect_almost_eq %a, %b : tensor<3xf32>
  check.expect_almost_eq %a, %b, tolerance = 1.0e-03 : tensor<3xf32>
  check.expect_almost_eq_const %a, dense<[0.5, 1.0, 1.5]> : tensor<3xf32>
  check.expect_almost_eq_const %a, dense<[0.5, 1.0, 1.5]> : tensor<3xf32>, tolerance = 0.25
  return
}

// -----

func.func @main(%a: tensor<2x2xbf16>, %b: tensor<2x2xbf16>, %z: tensor<complex<f64>>) {
  check.expect_close %a, %b, max_ulp_difference = 3 : tensor<2x2xbf16>, tensor<2x2xbf16>
  check.expect_close %a, %b, max_ulp_difference = 8, min_ulp_difference = 2 : tensor<2x2xbf16>, tensor<2x2xbf16>
  check.expect_close %z, %z, max_ulp_difference = 0 : tensor<complex<f64>>, tensor<complex<f64>>
  return
}

// -----

func.func @main(%x: tensor<4xi32>) {
  check.expect_serialized_eq %x, probe_id = "probe0" : tensor<4xi32>
  check.expect_serialized_eq %x, probe_id = "probe1", iter = 2 : tensor<4xi32>
  return
}
