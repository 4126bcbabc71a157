// stablehlo.dynamic_update_slice: in-range and clamped starts, unsigned indices, rank 0, empty updates, each type class.

func.func @main() {
  %a0 = stablehlo.constant dense<[[0, 1, 2, 3, 4], [5, 6, 7, 8, 9], [10, 11, 12, 13, 14], [15, 16, 17, 18, 19]]> : tensor<4x5xi32>
  %a1 = stablehlo.constant dense<[[-1, -2], [-3, -4]]> : tensor<2x2xi32>
  %a2 = stablehlo.constant dense<1> : tensor<i32>
  %a3 = stablehlo.constant dense<2> : tensor<i32>
  %r0 = stablehlo.dynamic_update_slice %a0, %a1, %a2, %a3 : (tensor<4x5xi32>, tensor<2x2xi32>, tensor<i32>, tensor<i32>) -> tensor<4x5xi32>
  check.expect_eq_const %r0, dense<[[0, 1, 2, 3, 4], [5, 6, -1, -2, 9], [10, 11, -3, -4, 14], [15, 16, 17, 18, 19]]> : tensor<4x5xi32>
  func.return
}

// -----

// Starts clamp into [0, dim - size].
func.func @main() {
  %a0 = stablehlo.constant dense<[[0, 1, 2, 3, 4], [5, 6, 7, 8, 9], [10, 11, 12, 13, 14], [15, 16, 17, 18, 19]]> : tensor<4x5xi32>
  %a1 = stablehlo.constant dense<[[-1, -2, -3]]> : tensor<1x3xi32>
  %a2 = stablehlo.constant dense<-5> : tensor<i32>
  %a3 = stablehlo.constant dense<9> : tensor<i32>
  %r0 = stablehlo.dynamic_update_slice %a0, %a1, %a2, %a3 : (tensor<4x5xi32>, tensor<1x3xi32>, tensor<i32>, tensor<i32>) -> tensor<4x5xi32>
  check.expect_eq_const %r0, dense<[[0, 1, -1, -2, -3], [5, 6, 7, 8, 9], [10, 11, 12, 13, 14], [15, 16, 17, 18, 19]]> : tensor<4x5xi32>
  func.return
}

// -----

// A full-size update always starts at 0.
func.func @main() {
  %a0 = stablehlo.constant dense<[[0.0, 1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0, 9.0], [10.0, 11.0, 12.0, 13.0, 14.0], [15.0, 16.0, 17.0, 18.0, 19.0]]> : tensor<4x5xf32>
  %a1 = stablehlo.constant dense<[[0.5, 0.5, 0.5, 0.5, 0.5], [0.5, 0.5, 0.5, 0.5, 0.5], [0.5, 0.5, 0.5, 0.5, 0.5], [0.5, 0.5, 0.5, 0.5, 0.5]]> : tensor<4x5xf32>
  %a2 = stablehlo.constant dense<3> : tensor<i64>
  %a3 = stablehlo.constant dense<3> : tensor<i64>
  %r0 = stablehlo.dynamic_update_slice %a0, %a1, %a2, %a3 : (tensor<4x5xf32>, tensor<4x5xf32>, tensor<i64>, tensor<i64>) -> tensor<4x5xf32>
  check.expect_eq_const %r0, dense<[[0.5, 0.5, 0.5, 0.5, 0.5], [0.5, 0.5, 0.5, 0.5, 0.5], [0.5, 0.5, 0.5, 0.5, 0.5], [0.5, 0.5, 0.5, 0.5, 0.5]]> : tensor<4x5xf32>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[[0, 1, 2, 3, 4], [5, 6, 7, 8, 9], [10, 11, 12, 13, 14], [15, 16, 17, 18, 19]]> : tensor<4x5xui8>
  %a1 = stablehlo.constant dense<[[9, 9]]> : tensor<1x2xui8>
  %a2 = stablehlo.constant dense<255> : tensor<ui8>
  %a3 = stablehlo.constant dense<1> : tensor<ui8>
  %r0 = stablehlo.dynamic_update_slice %a0, %a1, %a2, %a3 : (tensor<4x5xui8>, tensor<1x2xui8>, tensor<ui8>, tensor<ui8>) -> tensor<4x5xui8>
  check.expect_eq_const %r0, dense<[[0, 1, 2, 3, 4], [5, 6, 7, 8, 9], [10, 11, 12, 13, 14], [15, 9, 9, 18, 19]]> : tensor<4x5xui8>
  func.return
}

// -----

// Rank 0.
func.func @main() {
  %a0 = stablehlo.constant dense<1.0> : tensor<f32>
  %a1 = stablehlo.constant dense<2.0> : tensor<f32>
  %r0 = stablehlo.dynamic_update_slice %a0, %a1 : (tensor<f32>, tensor<f32>) -> tensor<f32>
  check.expect_eq_const %r0, dense<2.0> : tensor<f32>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[true, false, true]> : tensor<3xi1>
  %a1 = stablehlo.constant dense<[false, false]> : tensor<2xi1>
  %a2 = stablehlo.constant dense<1> : tensor<i32>
  %r0 = stablehlo.dynamic_update_slice %a0, %a1, %a2 : (tensor<3xi1>, tensor<2xi1>, tensor<i32>) -> tensor<3xi1>
  check.expect_eq_const %r0, dense<[true, false, false]> : tensor<3xi1>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[(1.0, 2.0), (3.0, 0.0), (-0.0, -4.0)]> : tensor<3xcomplex<f32>>
  %a1 = stablehlo.constant dense<[(0.0, 7.0)]> : tensor<1xcomplex<f32>>
  %a2 = stablehlo.constant dense<2> : tensor<i32>
  %r0 = stablehlo.dynamic_update_slice %a0, %a1, %a2 : (tensor<3xcomplex<f32>>, tensor<1xcomplex<f32>>, tensor<i32>) -> tensor<3xcomplex<f32>>
  check.expect_eq_const %r0, dense<[(1.0, 2.0), (3.0, 0.0), (0.0, 7.0)]> : tensor<3xcomplex<f32>>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0x7FC0, -0.0, 0x7F80, 1.0]> : tensor<4xbf16>
  %a1 = stablehlo.constant dense<[2.0, 3.0]> : tensor<2xbf16>
  %a2 = stablehlo.constant dense<0> : tensor<i32>
  %r0 = stablehlo.dynamic_update_slice %a0, %a1, %a2 : (tensor<4xbf16>, tensor<2xbf16>, tensor<i32>) -> tensor<4xbf16>
  check.expect_eq_const %r0, dense<[2.0, 3.0, 0x7F80, 1.0]> : tensor<4xbf16>
  func.return
}

// -----

// An empty update changes nothing.
func.func @main() {
  %a0 = stablehlo.constant dense<[[0, 1, 2, 3, 4], [5, 6, 7, 8, 9], [10, 11, 12, 13, 14], [15, 16, 17, 18, 19]]> : tensor<4x5xi32>
  %a1 = stablehlo.constant dense<> : tensor<0x2xi32>
  %a2 = stablehlo.constant dense<1> : tensor<i32>
  %a3 = stablehlo.constant dense<1> : tensor<i32>
  %r0 = stablehlo.dynamic_update_slice %a0, %a1, %a2, %a3 : (tensor<4x5xi32>, tensor<0x2xi32>, tensor<i32>, tensor<i32>) -> tensor<4x5xi32>
  check.expect_eq_const %r0, dense<[[0, 1, 2, 3, 4], [5, 6, 7, 8, 9], [10, 11, 12, 13, 14], [15, 16, 17, 18, 19]]> : tensor<4x5xi32>
  func.return
}
