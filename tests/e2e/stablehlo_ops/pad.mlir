// stablehlo.pad: edge, interior and negative padding, rank 0, empty operands and results, each type class.

func.func @main() {
  %a0 = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %a1 = stablehlo.constant dense<0> : tensor<i32>
  %r0 = stablehlo.pad %a0, %a1, low = [1, 2], high = [0, 1], interior = [0, 0] : (tensor<2x3xi32>, tensor<i32>) -> tensor<3x6xi32>
  check.expect_eq_const %r0, dense<[[0, 0, 0, 0, 0, 0], [0, 0, 1, 2, 3, 0], [0, 0, 4, 5, 6, 0]]> : tensor<3x6xi32>
  func.return
}

// -----

// Interior padding only.
func.func @main() {
  %a0 = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %a1 = stablehlo.constant dense<-1> : tensor<i32>
  %r0 = stablehlo.pad %a0, %a1, low = [0, 0], high = [0, 0], interior = [1, 2] : (tensor<2x3xi32>, tensor<i32>) -> tensor<3x7xi32>
  check.expect_eq_const %r0, dense<[[1, -1, -1, 2, -1, -1, 3], [-1, -1, -1, -1, -1, -1, -1], [4, -1, -1, 5, -1, -1, 6]]> : tensor<3x7xi32>
  func.return
}

// -----

// Negative edge padding removes elements.
func.func @main() {
  %a0 = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %a1 = stablehlo.constant dense<9> : tensor<i32>
  %r0 = stablehlo.pad %a0, %a1, low = [-1, 1], high = [1, -2], interior = [0, 1] : (tensor<2x3xi32>, tensor<i32>) -> tensor<2x4xi32>
  check.expect_eq_const %r0, dense<[[9, 4, 9, 5], [9, 9, 9, 9]]> : tensor<2x4xi32>
  func.return
}

// -----

// Negative padding beyond the operand leaves only padding.
func.func @main() {
  %a0 = stablehlo.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %a1 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
  %r0 = stablehlo.pad %a0, %a1, low = [-2, -3], high = [1, 0], interior = [1, 1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x2xf32>
  check.expect_eq_const %r0, dense<[[0x7FC00000, 6.0], [0x7FC00000, 0x7FC00000]]> : tensor<2x2xf32>
  func.return
}

// -----

// Negative padding cuts into interior padding.
func.func @main() {
  %a0 = stablehlo.constant dense<[0, 1, 2, 3, 4]> : tensor<5xi64>
  %a1 = stablehlo.constant dense<0> : tensor<i64>
  %r0 = stablehlo.pad %a0, %a1, low = [-3], high = [-1], interior = [2] : (tensor<5xi64>, tensor<i64>) -> tensor<9xi64>
  check.expect_eq_const %r0, dense<[1, 0, 0, 2, 0, 0, 3, 0, 0]> : tensor<9xi64>
  func.return
}

// -----

// Rank 0.
func.func @main() {
  %a0 = stablehlo.constant dense<3.5> : tensor<f64>
  %a1 = stablehlo.constant dense<0.0> : tensor<f64>
  %r0 = stablehlo.pad %a0, %a1, low = [], high = [], interior = [] : (tensor<f64>, tensor<f64>) -> tensor<f64>
  check.expect_eq_const %r0, dense<3.5> : tensor<f64>
  func.return
}

// -----

// An empty operand gives all padding.
func.func @main() {
  %a0 = stablehlo.constant dense<> : tensor<0x2xf32>
  %a1 = stablehlo.constant dense<-0.0> : tensor<f32>
  %r0 = stablehlo.pad %a0, %a1, low = [1, 0], high = [2, 1], interior = [3, 1] : (tensor<0x2xf32>, tensor<f32>) -> tensor<3x4xf32>
  check.expect_eq_const %r0, dense<[[-0.0, -0.0, -0.0, -0.0], [-0.0, -0.0, -0.0, -0.0], [-0.0, -0.0, -0.0, -0.0]]> : tensor<3x4xf32>
  func.return
}

// -----

// An empty result.
func.func @main() {
  %a0 = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %a1 = stablehlo.constant dense<0> : tensor<i32>
  %r0 = stablehlo.pad %a0, %a1, low = [0, -3], high = [0, 0], interior = [0, 0] : (tensor<2x3xi32>, tensor<i32>) -> tensor<2x0xi32>
  check.expect_eq_const %r0, dense<> : tensor<2x0xi32>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[true, true]> : tensor<2xi1>
  %a1 = stablehlo.constant dense<false> : tensor<i1>
  %r0 = stablehlo.pad %a0, %a1, low = [1], high = [1], interior = [1] : (tensor<2xi1>, tensor<i1>) -> tensor<5xi1>
  check.expect_eq_const %r0, dense<[false, true, false, true, false]> : tensor<5xi1>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[(1.0, 2.0), (-0.0, -1.0)]> : tensor<2xcomplex<f64>>
  %a1 = stablehlo.constant dense<(5.0, 5.0)> : tensor<complex<f64>>
  %r0 = stablehlo.pad %a0, %a1, low = [1], high = [0], interior = [1] : (tensor<2xcomplex<f64>>, tensor<complex<f64>>) -> tensor<4xcomplex<f64>>
  check.expect_eq_const %r0, dense<[(5.0, 5.0), (1.0, 2.0), (5.0, 5.0), (-0.0, -1.0)]> : tensor<4xcomplex<f64>>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[1.5, 0xFF80]> : tensor<2xbf16>
  %a1 = stablehlo.constant dense<0x7FC0> : tensor<bf16>
  %r0 = stablehlo.pad %a0, %a1, low = [0], high = [2], interior = [1] : (tensor<2xbf16>, tensor<bf16>) -> tensor<5xbf16>
  check.expect_eq_const %r0, dense<[1.5, 0x7FC0, 0xFF80, 0x7FC0, 0x7FC0]> : tensor<5xbf16>
  func.return
}

// -----

func.func @main() {
  %a0 = stablehlo.constant dense<[-8, 7]> : tensor<2xi4>
  %a1 = stablehlo.constant dense<1> : tensor<i4>
  %r0 = stablehlo.pad %a0, %a1, low = [1], high = [-1], interior = [0] : (tensor<2xi4>, tensor<i4>) -> tensor<2xi4>
  check.expect_eq_const %r0, dense<[1, -8]> : tensor<2xi4>
  func.return
}
