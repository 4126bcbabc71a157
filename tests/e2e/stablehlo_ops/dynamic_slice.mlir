// stablehlo.dynamic_slice: in-range starts, starts clamped into range (negative, too large, unsigned), rank 0, empty slices, each type class.

func.func @main() {
  %a0 = stablehlo.constant dense<[[0, 1, 2, 3, 4], [5, 6, 7, 8, 9], [10, 11, 12, 13, 14], [15, 16, 17, 18, 19]]> : tensor<4x5xi32>
  %a1 = stablehlo.constant dense<1> : tensor<i32>
  %a2 = stablehlo.constant dense<2> : tensor<i32>
  %r0 = stablehlo.dynamic_slice %a0, %a1, %a2, sizes = [2, 3] : (tensor<4x5xi32>, tensor<i32>, tensor<i32>) -> tensor<2x3xi32>
  check.expect_eq_const %r0, dense<[[7, 8, 9], [12, 13, 14]]> : tensor<2x3xi32>
  func.return
}

// -----

// A negative start clamps to 0; a start past dim - size clamps to it.
func.func @main() {
  %a0 = stablehlo.constant dense<[[0, 1, 2, 3, 4], [5, 6, 7, 8, 9], [10, 11, 12, 13, 14], [15, 16, 17, 18, 19]]> : tensor<4x5xi32>
  %a1 = stablehlo.constant dense<-3> : tensor<i32>
  %a2 = stablehlo.constant dense<4> : tensor<i32>
  %r0 = stablehlo.dynamic_slice %a0, %a1, %a2, sizes = [2, 3] : (tensor<4x5xi32>, tensor<i32>, tensor<i32>) -> tensor<2x3xi32>
  check.expect_eq_const %r0, dense<[[2, 3, 4], [7, 8, 9]]> : tensor<2x3xi32>
  func.return
}

// -----

// A full-size slice always starts at 0.
func.func @main() {
  %a0 = stablehlo.constant dense<[[0, 1, 2, 3, 4], [5, 6, 7, 8, 9], [10, 11, 12, 13, 14], [15, 16, 17, 18, 19]]> : tensor<4x5xi32>
  %a1 = stablehlo.constant dense<100> : tensor<i64>
  %a2 = stablehlo.constant dense<-100> : tensor<i64>
  %r0 = stablehlo.dynamic_slice %a0, %a1, %a2, sizes = [4, 1] : (tensor<4x5xi32>, tensor<i64>, tensor<i64>) -> tensor<4x1xi32>
  check.expect_eq_const %r0, dense<[[0], [5], [10], [15]]> : tensor<4x1xi32>
  func.return
}

// -----

// Unsigned start indices.
func.func @main() {
  %a0 = stablehlo.constant dense<[[0.0, 1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0, 9.0], [10.0, 11.0, 12.0, 13.0, 14.0], [15.0, 16.0, 17.0, 18.0, 19.0]]> : tensor<4x5xf32>
  %a1 = stablehlo.constant dense<3> : tensor<ui8>
  %a2 = stablehlo.constant dense<1> : tensor<ui8>
  %r0 = stablehlo.dynamic_slice %a0, %a1, %a2, sizes = [2, 2] : (tensor<4x5xf32>, tensor<ui8>, tensor<ui8>) -> tensor<2x2xf32>
  check.expect_eq_const %r0, dense<[[11.0, 12.0], [16.0, 17.0]]> : tensor<2x2xf32>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[[0, 1, 2, 3, 4], [5, 6, 7, 8, 9], [10, 11, 12, 13, 14], [15, 16, 17, 18, 19]]> : tensor<4x5xi16>
  %a1 = stablehlo.constant dense<2> : tensor<ui64>
  %a2 = stablehlo.constant dense<255> : tensor<ui64>
  %r0 = stablehlo.dynamic_slice %a0, %a1, %a2, sizes = [1, 2] : (tensor<4x5xi16>, tensor<ui64>, tensor<ui64>) -> tensor<1x2xi16>
  check.expect_eq_const %r0, dense<[[13, 14]]> : tensor<1x2xi16>
  func.return
}

// -----

// Rank 0.
func.func @main() {
  %a0 = stablehlo.constant dense<1.5> : tensor<f64>
  %r0 = stablehlo.dynamic_slice %a0, sizes = [] : (tensor<f64>) -> tensor<f64>
  check.expect_eq_const %r0, dense<1.5> : tensor<f64>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[true, false, true]> : tensor<3xi1>
  %a1 = stablehlo.constant dense<1> : tensor<i32>
  %r0 = stablehlo.dynamic_slice %a0, %a1, sizes = [2] : (tensor<3xi1>, tensor<i32>) -> tensor<2xi1>
  check.expect_eq_const %r0, dense<[false, true]> : tensor<2xi1>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[(1.0, 2.0), (3.0, 0.0), (-0.0, -4.0)]> : tensor<3xcomplex<f64>>
  %a1 = stablehlo.constant dense<5> : tensor<i32>
  %r0 = stablehlo.dynamic_slice %a0, %a1, sizes = [2] : (tensor<3xcomplex<f64>>, tensor<i32>) -> tensor<2xcomplex<f64>>
  check.expect_eq_const %r0, dense<[(3.0, 0.0), (-0.0, -4.0)]> : tensor<2xcomplex<f64>>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0x7FC0, -0.0, 0x7F80, 1.0]> : tensor<4xbf16>
  %a1 = stablehlo.constant dense<1> : tensor<i32>
  %r0 = stablehlo.dynamic_slice %a0, %a1, sizes = [3] : (tensor<4xbf16>, tensor<i32>) -> tensor<3xbf16>
  check.expect_eq_const %r0, dense<[-0.0, 0x7F80, 1.0]> : tensor<3xbf16>
  func.return
}

// -----

// An empty slice.
func.func @main() {
  %a0 = stablehlo.constant dense<[[0.0, 1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0, 9.0], [10.0, 11.0, 12.0, 13.0, 14.0], [15.0, 16.0, 17.0, 18.0, 19.0]]> : tensor<4x5xf32>
  %a1 = stablehlo.constant dense<2> : tensor<i32>
  %a2 = stablehlo.constant dense<3> : tensor<i32>
  %r0 = stablehlo.dynamic_slice %a0, %a1, %a2, sizes = [0, 2] : (tensor<4x5xf32>, tensor<i32>, tensor<i32>) -> tensor<0x2xf32>
  check.expect_eq_const %r0, dense<> : tensor<0x2xf32>
  func.return
}
