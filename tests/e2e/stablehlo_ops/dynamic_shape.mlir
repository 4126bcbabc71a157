// The dynamic-shape ops with shapes known at run time: each computes its result shape from
// its shape operands and matches its static twin. Expected values from numpy.

func.func @main() {
  %a = stablehlo.constant dense<[1.5, -2.0, 0x7FC00000]> : tensor<3xf32>
  %s = stablehlo.constant dense<[2, 3]> : tensor<2xi64>
  %r = stablehlo.dynamic_broadcast_in_dim %a, %s, dims = [1] : (tensor<3xf32>, tensor<2xi64>) -> tensor<2x3xf32>
  check.expect_eq_const %r, dense<[[1.5, -2.0, 0x7FC00000], [1.5, -2.0, 0x7FC00000]]> : tensor<2x3xf32>
  func.return
}

// -----

// A dynamic result type: the shape comes from the shape operand.
func.func @main() {
  %a = stablehlo.constant dense<[[7], [8]]> : tensor<2x1xi8>
  %s = stablehlo.constant dense<[2, 2]> : tensor<2xi32>
  %r = stablehlo.dynamic_broadcast_in_dim %a, %s, dims = [0, 1] : (tensor<2x1xi8>, tensor<2xi32>) -> tensor<?x?xi8>
  %c = stablehlo.reshape %r : (tensor<?x?xi8>) -> tensor<2x2xi8>
  check.expect_eq_const %c, dense<[[7, 7], [8, 8]]> : tensor<2x2xi8>
  func.return
}

// -----

func.func @main() {
  %a = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %s = stablehlo.constant dense<[3, 2]> : tensor<2xi64>
  %r = stablehlo.dynamic_reshape %a, %s : (tensor<2x3xi32>, tensor<2xi64>) -> tensor<?x2xi32>
  %c = stablehlo.reshape %r : (tensor<?x2xi32>) -> tensor<3x2xi32>
  check.expect_eq_const %c, dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi32>
  func.return
}

// -----

func.func @main() {
  %s = stablehlo.constant dense<[2, 3]> : tensor<2xi32>
  %r = stablehlo.dynamic_iota %s, dim = 1 : (tensor<2xi32>) -> tensor<2x3xbf16>
  check.expect_eq_const %r, dense<[[0.0, 1.0, 2.0], [0.0, 1.0, 2.0]]> : tensor<2x3xbf16>
  func.return
}

// -----

// numpy: [0, 0, 1, 9, 2] after cutting one element of low padding: low = -1, interior = 1.
func.func @main() {
  %a = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi64>
  %v = stablehlo.constant dense<9> : tensor<i64>
  %low = stablehlo.constant dense<[-1]> : tensor<1xi64>
  %high = stablehlo.constant dense<[2]> : tensor<1xi64>
  %int = stablehlo.constant dense<[1]> : tensor<1xi64>
  %r = stablehlo.dynamic_pad %a, %v, %low, %high, %int : (tensor<3xi64>, tensor<i64>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<?xi64>
  %c = stablehlo.reshape %r : (tensor<?xi64>) -> tensor<6xi64>
  check.expect_eq_const %c, dense<[9, 2, 9, 3, 9, 9]> : tensor<6xi64>
  func.return
}

// -----

func.func @main() {
  %a = stablehlo.constant dense<[[0, 1, 2, 3, 4], [5, 6, 7, 8, 9], [10, 11, 12, 13, 14]]> : tensor<3x5xui16>
  %start = stablehlo.constant dense<[1, 0]> : tensor<2xi32>
  %limit = stablehlo.constant dense<[3, 5]> : tensor<2xi32>
  %strides = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
  %r = stablehlo.real_dynamic_slice %a, %start, %limit, %strides : (tensor<3x5xui16>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<?x?xui16>
  %c = stablehlo.reshape %r : (tensor<?x?xui16>) -> tensor<2x3xui16>
  check.expect_eq_const %c, dense<[[5, 7, 9], [10, 12, 14]]> : tensor<2x3xui16>
  func.return
}

// -----

// dynamic_conv: convolution with its padding as an operand ([[1, 0], [0, 1]])
func.func @main() {
  %x = stablehlo.constant dense<[[[[1.],   [2.],   [3.]],  [[4.],   [5.],   [6.]],  [[7.],   [8.],   [9.]]]]> : tensor<1x3x3x1xf32>
  %w = stablehlo.constant dense<[[[[ 1.  , -1.  ]],  [[ 2.  ,  0.5 ]]], [[[-2.  ,  1.  ]],  [[ 0.25,  3.  ]]]]> : tensor<2x2x1x2xf32>
  %p = stablehlo.constant dense<[[1, 0], [0, 1]]> : tensor<2x2xi64>
  %r = "stablehlo.dynamic_conv"(%x, %w, %p) {dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64} : (tensor<1x3x3x1xf32>, tensor<2x2x1x2xf32>, tensor<2x2xi64>) -> tensor<1x3x3x2xf32>
  check.expect_eq_const %r, dense<[[[[ -1.5 ,   7.  ],   [ -3.25,  11.  ],   [ -6.  ,   3.  ]],  [[ -1.75,  19.  ],   [ -0.5 ,  22.5 ],   [ -9.  ,   3.  ]],  [[  2.  ,  29.5 ],   [  3.25,  33.  ],   [-12.  ,   3.  ]]]]> : tensor<1x3x3x2xf32>
  func.return
}

// -----

// dynamic_conv with a dynamic result type: the shape follows from the padding ([[1, 1], [0, 0]])
// and the strides [2, 1]
func.func @main() {
  %x = stablehlo.constant dense<[[[[1.],   [2.],   [3.]],  [[4.],   [5.],   [6.]],  [[7.],   [8.],   [9.]]]]> : tensor<1x3x3x1xf32>
  %w = stablehlo.constant dense<[[[[ 1.  , -1.  ]],  [[ 2.  ,  0.5 ]]], [[[-2.  ,  1.  ]],  [[ 0.25,  3.  ]]]]> : tensor<2x2x1x2xf32>
  %p = stablehlo.constant dense<[[1, 1], [0, 0]]> : tensor<2x2xi32>
  %r = "stablehlo.dynamic_conv"(%x, %w, %p) {dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64, window_strides = array<i64: 2, 1>} : (tensor<1x3x3x1xf32>, tensor<2x2x1x2xf32>, tensor<2x2xi32>) -> tensor<1x?x?x2xf32>
  %s = stablehlo.reshape %r : (tensor<1x?x?x2xf32>) -> tensor<1x2x2x2xf32>
  check.expect_eq_const %s, dense<[[[[-1.5 ,  7.  ],   [-3.25, 11.  ]],  [[ 2.  , 29.5 ],   [ 3.25, 33.  ]]]]> : tensor<1x2x2x2xf32>
  func.return
}
