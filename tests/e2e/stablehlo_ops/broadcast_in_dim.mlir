// stablehlo.broadcast_in_dim: rank 0, size-1 expansion, transposing dims, empty, each type class.

// A scalar to a matrix.
func.func @main() {
  %a0 = stablehlo.constant dense<7> : tensor<i32>
  %r0 = stablehlo.broadcast_in_dim %a0, dims = [] : (tensor<i32>) -> tensor<2x3xi32>
  check.expect_eq_const %r0, dense<[[7, 7, 7], [7, 7, 7]]> : tensor<2x3xi32>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[1.5, -0.0, 0x7FC00000]> : tensor<3xf32>
  %r0 = stablehlo.broadcast_in_dim %a0, dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
  check.expect_eq_const %r0, dense<[[1.5, -0.0, 0x7FC00000], [1.5, -0.0, 0x7FC00000]]> : tensor<2x3xf32>
  func.return
}

// -----

// Size-1 dimension expands.
func.func @main() {
  %a0 = stablehlo.constant dense<[[1, 2, 3]]> : tensor<1x3xi8>
  %r0 = stablehlo.broadcast_in_dim %a0, dims = [1, 2] : (tensor<1x3xi8>) -> tensor<2x4x3xi8>
  check.expect_eq_const %r0, dense<[[[1, 2, 3], [1, 2, 3], [1, 2, 3], [1, 2, 3]], [[1, 2, 3], [1, 2, 3], [1, 2, 3], [1, 2, 3]]]> : tensor<2x4x3xi8>
  func.return
}

// -----

// Operand dims map to result dims out of order.
func.func @main() {
  %a0 = stablehlo.constant dense<[[0, 1, 2], [3, 4, 5]]> : tensor<2x3xi64>
  %r0 = stablehlo.broadcast_in_dim %a0, dims = [2, 0] : (tensor<2x3xi64>) -> tensor<3x2x2xi64>
  check.expect_eq_const %r0, dense<[[[0, 3], [0, 3]], [[1, 4], [1, 4]], [[2, 5], [2, 5]]]> : tensor<3x2x2xi64>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[true, false]> : tensor<2xi1>
  %r0 = stablehlo.broadcast_in_dim %a0, dims = [0] : (tensor<2xi1>) -> tensor<2x2xi1>
  check.expect_eq_const %r0, dense<[[true, true], [false, false]]> : tensor<2x2xi1>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[(1.0, 2.0), (-0.0, -3.0)]> : tensor<2xcomplex<f64>>
  %r0 = stablehlo.broadcast_in_dim %a0, dims = [1] : (tensor<2xcomplex<f64>>) -> tensor<2x2xcomplex<f64>>
  check.expect_eq_const %r0, dense<[[(1.0, 2.0), (-0.0, -3.0)], [(1.0, 2.0), (-0.0, -3.0)]]> : tensor<2x2xcomplex<f64>>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[0.5, 0xFF80]> : tensor<2xbf16>
  %r0 = stablehlo.broadcast_in_dim %a0, dims = [1] : (tensor<2xbf16>) -> tensor<3x2xbf16>
  check.expect_eq_const %r0, dense<[[0.5, 0xFF80], [0.5, 0xFF80], [0.5, 0xFF80]]> : tensor<3x2xbf16>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[-8, 7]> : tensor<2xi4>
  %r0 = stablehlo.broadcast_in_dim %a0, dims = [0] : (tensor<2xi4>) -> tensor<2x2xi4>
  check.expect_eq_const %r0, dense<[[-8, -8], [7, 7]]> : tensor<2x2xi4>
  func.return
}

// -----

// An empty operand.
func.func @main() {
  %a0 = stablehlo.constant dense<> : tensor<0xf32>
  %r0 = stablehlo.broadcast_in_dim %a0, dims = [1] : (tensor<0xf32>) -> tensor<2x0xf32>
  check.expect_eq_const %r0, dense<> : tensor<2x0xf32>
  func.return
}

// -----

// A size-1 dimension broadcast to an empty result.
func.func @main() {
  %a0 = stablehlo.constant dense<[3.0]> : tensor<1xf64>
  %r0 = stablehlo.broadcast_in_dim %a0, dims = [1] : (tensor<1xf64>) -> tensor<0x4xf64>
  check.expect_eq_const %r0, dense<> : tensor<0x4xf64>
  func.return
}
