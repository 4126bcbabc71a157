// stablehlo.transpose: permutations of rank 0 to 4, empty tensors, each type class.

func.func @main() {
  %a0 = stablehlo.constant dense<[[0, 1, 2], [3, 4, 5]]> : tensor<2x3xi32>
  %r0 = stablehlo.transpose %a0, dims = [1, 0] : (tensor<2x3xi32>) -> tensor<3x2xi32>
  check.expect_eq_const %r0, dense<[[0, 3], [1, 4], [2, 5]]> : tensor<3x2xi32>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[[[0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0], [8.0, 9.0, 10.0, 11.0]], [[12.0, 13.0, 14.0, 15.0], [16.0, 17.0, 18.0, 19.0], [20.0, 21.0, 22.0, 23.0]]]> : tensor<2x3x4xf32>
  %r0 = stablehlo.transpose %a0, dims = [2, 0, 1] : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>
  check.expect_eq_const %r0, dense<[[[0.0, 4.0, 8.0], [12.0, 16.0, 20.0]], [[1.0, 5.0, 9.0], [13.0, 17.0, 21.0]], [[2.0, 6.0, 10.0], [14.0, 18.0, 22.0]], [[3.0, 7.0, 11.0], [15.0, 19.0, 23.0]]]> : tensor<4x2x3xf32>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[[[[0, 1, 2, 3, 4], [5, 6, 7, 8, 9], [10, 11, 12, 13, 14], [15, 16, 17, 18, 19]], [[20, 21, 22, 23, 24], [25, 26, 27, 28, 29], [30, 31, 32, 33, 34], [35, 36, 37, 38, 39]], [[40, 41, 42, 43, 44], [45, 46, 47, 48, 49], [50, 51, 52, 53, 54], [55, 56, 57, 58, 59]]], [[[60, 61, 62, 63, 64], [65, 66, 67, 68, 69], [70, 71, 72, 73, 74], [75, 76, 77, 78, 79]], [[80, 81, 82, 83, 84], [85, 86, 87, 88, 89], [90, 91, 92, 93, 94], [95, 96, 97, 98, 99]], [[100, 101, 102, 103, 104], [105, 106, 107, 108, 109], [110, 111, 112, 113, 114], [115, 116, 117, 118, 119]]]]> : tensor<2x3x4x5xi16>
  %r0 = stablehlo.transpose %a0, dims = [3, 1, 0, 2] : (tensor<2x3x4x5xi16>) -> tensor<5x3x2x4xi16>
  check.expect_eq_const %r0, dense<[[[[0, 5, 10, 15], [60, 65, 70, 75]], [[20, 25, 30, 35], [80, 85, 90, 95]], [[40, 45, 50, 55], [100, 105, 110, 115]]], [[[1, 6, 11, 16], [61, 66, 71, 76]], [[21, 26, 31, 36], [81, 86, 91, 96]], [[41, 46, 51, 56], [101, 106, 111, 116]]], [[[2, 7, 12, 17], [62, 67, 72, 77]], [[22, 27, 32, 37], [82, 87, 92, 97]], [[42, 47, 52, 57], [102, 107, 112, 117]]], [[[3, 8, 13, 18], [63, 68, 73, 78]], [[23, 28, 33, 38], [83, 88, 93, 98]], [[43, 48, 53, 58], [103, 108, 113, 118]]], [[[4, 9, 14, 19], [64, 69, 74, 79]], [[24, 29, 34, 39], [84, 89, 94, 99]], [[44, 49, 54, 59], [104, 109, 114, 119]]]]> : tensor<5x3x2x4xi16>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<2.5> : tensor<f64>
  %r0 = stablehlo.transpose %a0, dims = [] : (tensor<f64>) -> tensor<f64>
  check.expect_eq_const %r0, dense<2.5> : tensor<f64>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[[true, false, true]]> : tensor<1x3xi1>
  %r0 = stablehlo.transpose %a0, dims = [1, 0] : (tensor<1x3xi1>) -> tensor<3x1xi1>
  check.expect_eq_const %r0, dense<[[true], [false], [true]]> : tensor<3x1xi1>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[[(1.0, 2.0), (3.0, 0.0)], [(4.0, 0.0), (5.0, -1.0)]]> : tensor<2x2xcomplex<f64>>
  %r0 = stablehlo.transpose %a0, dims = [1, 0] : (tensor<2x2xcomplex<f64>>) -> tensor<2x2xcomplex<f64>>
  check.expect_eq_const %r0, dense<[[(1.0, 2.0), (4.0, 0.0)], [(3.0, 0.0), (5.0, -1.0)]]> : tensor<2x2xcomplex<f64>>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[[1.0, 0x7FC0], [-0.0, 0x7F80]]> : tensor<2x2xbf16>
  %r0 = stablehlo.transpose %a0, dims = [1, 0] : (tensor<2x2xbf16>) -> tensor<2x2xbf16>
  check.expect_eq_const %r0, dense<[[1.0, -0.0], [0x7FC0, 0x7F80]]> : tensor<2x2xbf16>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[[-8, 7, 1]]> : tensor<1x3xi4>
  %r0 = stablehlo.transpose %a0, dims = [1, 0] : (tensor<1x3xi4>) -> tensor<3x1xi4>
  check.expect_eq_const %r0, dense<[[-8], [7], [1]]> : tensor<3x1xi4>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<> : tensor<2x0x3xf32>
  %r0 = stablehlo.transpose %a0, dims = [2, 1, 0] : (tensor<2x0x3xf32>) -> tensor<3x0x2xf32>
  check.expect_eq_const %r0, dense<> : tensor<3x0x2xf32>
  func.return
}
