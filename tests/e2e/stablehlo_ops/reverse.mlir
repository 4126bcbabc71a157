// stablehlo.reverse: one, several and no dimensions, rank 0, empty tensors, each type class.

func.func @main() {
  %a0 = stablehlo.constant dense<[[0, 1, 2], [3, 4, 5]]> : tensor<2x3xi32>
  %r0 = stablehlo.reverse %a0, dims = [1] : tensor<2x3xi32>
  check.expect_eq_const %r0, dense<[[2, 1, 0], [5, 4, 3]]> : tensor<2x3xi32>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[[[0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0], [8.0, 9.0, 10.0, 11.0]], [[12.0, 13.0, 14.0, 15.0], [16.0, 17.0, 18.0, 19.0], [20.0, 21.0, 22.0, 23.0]]]> : tensor<2x3x4xf32>
  %r0 = stablehlo.reverse %a0, dims = [0, 2] : tensor<2x3x4xf32>
  check.expect_eq_const %r0, dense<[[[15.0, 14.0, 13.0, 12.0], [19.0, 18.0, 17.0, 16.0], [23.0, 22.0, 21.0, 20.0]], [[3.0, 2.0, 1.0, 0.0], [7.0, 6.0, 5.0, 4.0], [11.0, 10.0, 9.0, 8.0]]]> : tensor<2x3x4xf32>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[[0, 1], [2, 3]]> : tensor<2x2xui64>
  %r0 = stablehlo.reverse %a0, dims = [] : tensor<2x2xui64>
  check.expect_eq_const %r0, dense<[[0, 1], [2, 3]]> : tensor<2x2xui64>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<-1> : tensor<i8>
  %r0 = stablehlo.reverse %a0, dims = [] : tensor<i8>
  check.expect_eq_const %r0, dense<-1> : tensor<i8>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[true, false, false]> : tensor<3xi1>
  %r0 = stablehlo.reverse %a0, dims = [0] : tensor<3xi1>
  check.expect_eq_const %r0, dense<[false, false, true]> : tensor<3xi1>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[(1.0, 2.0), (0.0, 3.0)]> : tensor<2xcomplex<f32>>
  %r0 = stablehlo.reverse %a0, dims = [0] : tensor<2xcomplex<f32>>
  check.expect_eq_const %r0, dense<[(0.0, 3.0), (1.0, 2.0)]> : tensor<2xcomplex<f32>>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[[1.0, 0x7FC0, -0.0]]> : tensor<1x3xbf16>
  %r0 = stablehlo.reverse %a0, dims = [0, 1] : tensor<1x3xbf16>
  check.expect_eq_const %r0, dense<[[-0.0, 0x7FC0, 1.0]]> : tensor<1x3xbf16>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<> : tensor<0x3xf64>
  %r0 = stablehlo.reverse %a0, dims = [0, 1] : tensor<0x3xf64>
  check.expect_eq_const %r0, dense<> : tensor<0x3xf64>
  func.return
}
