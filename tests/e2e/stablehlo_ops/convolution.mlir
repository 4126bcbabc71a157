// stablehlo.convolution: NHWC/HWIO and NCHW layouts, strides, padding (negative too), lhs and rhs dilation, 1x1 kernels, window reversal, feature groups, batch groups, integer wrap-around, mixed operand/result types. Expected values from XLA CPU (JAX).

// 2-D NHWC x HWIO, stride 1, padding 1 (f32).
func.func @main() {
  %x = stablehlo.constant dense<[[[[1.0], [2.0], [3.0]], [[4.0], [5.0], [6.0]], [[7.0], [8.0], [9.0]]]]> : tensor<1x3x3x1xf32>
  %w = stablehlo.constant dense<[[[[1.0, 0.0]], [[0.0, 1.0]]], [[[2.0, -1.0]], [[0.5, 0.25]]]]> : tensor<2x2x1x2xf32>
  %r = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 0], [0, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x3x3x1xf32>, tensor<2x2x1x2xf32>) -> tensor<1x3x3x2xf32>
  check.expect_eq_const %r, dense<[[[[3.0, -0.5], [5.5, -1.25], [6.0, -3.0]], [[11.5, -0.75], [15.0, -0.5], [15.0, -6.0]], [[22.0, 0.0], [25.5, 0.25], [24.0, -9.0]]]]> : tensor<1x3x3x2xf32>
  func.return
}

// -----

// 1-D NCW with stride 2, lhs dilation 2 (transposed convolution), rhs dilation 2 and window reversal (f64).
func.func @main() {
  %x = stablehlo.constant dense<[[[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0]]]> : tensor<1x1x7xf64>
  %w = stablehlo.constant dense<[[[1.0, 10.0, 100.0]]]> : tensor<1x1x3xf64>
  %a = stablehlo.convolution(%x, %w) dim_numbers = [b, f, 0]x[o, i, 0]->[b, f, 0], window = {stride = [2]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x1x7xf64>, tensor<1x1x3xf64>) -> tensor<1x1x3xf64>
  %y = stablehlo.constant dense<[[[1.0, 2.0, 3.0, 4.0]]]> : tensor<1x1x4xf64>
  %b = stablehlo.convolution(%y, %w) dim_numbers = [b, f, 0]x[o, i, 0]->[b, f, 0], window = {pad = [[1, 1]], lhs_dilate = [2], reverse = [true]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x1x4xf64>, tensor<1x1x3xf64>) -> tensor<1x1x7xf64>
  %c = stablehlo.convolution(%x, %w) dim_numbers = [b, f, 0]x[o, i, 0]->[b, f, 0], window = {rhs_dilate = [2]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x1x7xf64>, tensor<1x1x3xf64>) -> tensor<1x1x3xf64>
  check.expect_eq_const %a, dense<[[[321.0, 543.0, 765.0]]]> : tensor<1x1x3xf64>
  check.expect_eq_const %b, dense<[[[10.0, 102.0, 20.0, 203.0, 30.0, 304.0, 40.0]]]> : tensor<1x1x7xf64>
  check.expect_eq_const %c, dense<[[[531.0, 642.0, 753.0]]]> : tensor<1x1x3xf64>
  func.return
}

// -----

// Feature groups (depthwise: 2 groups, 2 outputs per group), batch of 2, NWC.
func.func @main() {
  %x = stablehlo.constant dense<[[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]], [[-1.0, 0.5], [2.0, -2.0], [0.0, 1.0]]]> : tensor<2x3x2xf32>
  %w = stablehlo.constant dense<[[[1.0, 2.0, 3.0, 4.0]], [[-1.0, 0.5, 0.25, 2.0]]]> : tensor<2x1x4xf32>
  %r = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 2 : i64} : (tensor<2x3x2xf32>, tensor<2x1x4xf32>) -> tensor<2x2x4xf32>
  check.expect_eq_const %r, dense<[[[-2.0, 3.5, 7.0, 16.0], [-2.0, 8.5, 13.5, 28.0]], [[-3.0, -1.0, 1.0, -2.0], [2.0, 4.0, -5.75, -6.0]]]> : tensor<2x2x4xf32>
  func.return
}

// -----

// Batch groups (the weight-gradient form): batch 4 in 2 groups, 4 outputs (f32).
func.func @main() {
  %x = stablehlo.constant dense<[[[1.0], [2.0], [3.0]], [[4.0], [5.0], [6.0]], [[0.5], [-1.0], [2.0]], [[1.0], [1.0], [-3.0]]]> : tensor<4x3x1xf32>
  %w = stablehlo.constant dense<[[[1.0, 2.0, -1.0, 0.5]], [[0.25, 1.0, 3.0, -2.0]]]> : tensor<2x1x4xf32>
  %r = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {} {batch_group_count = 2 : i64, feature_group_count = 1 : i64} : (tensor<4x3x1xf32>, tensor<2x1x4xf32>) -> tensor<2x2x4xf32>
  check.expect_eq_const %r, dense<[[[1.5, 4.0, -3.5, 2.25], [2.75, 7.0, 7.0, -4.5]], [[5.25, 13.0, 2.0, -1.5], [6.5, 16.0, -10.0, 6.5]]]> : tensor<2x2x4xf32>
  func.return
}

// -----

// Integers wrap in the result type (i8); i8 operands with an i32 result; 2 input features.
// The i8 result is the spec's wrap-around (102 + 102 = 204 -> -52), as XLA CPU (JAX 0.10).
func.func @main() {
  %x = stablehlo.constant dense<[[[100, 1], [100, 2], [-100, 3]]]> : tensor<1x3x2xi8>
  %w = stablehlo.constant dense<[[[1], [2]], [[1], [1]]]> : tensor<2x2x1xi8>
  %a = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x3x2xi8>, tensor<2x2x1xi8>) -> tensor<1x2x1xi8>
  %b = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x3x2xi8>, tensor<2x2x1xi8>) -> tensor<1x2x1xi32>
  check.expect_eq_const %a, dense<[[[-52], [7]]]> : tensor<1x2x1xi8>
  check.expect_eq_const %b, dense<[[[204], [7]]]> : tensor<1x2x1xi32>
  func.return
}

// -----

// bf16 accumulates in f32 and rounds once (256 + 1 + 1 = 258, as XLA CPU; 256 if each partial
// sum were rounded to bf16); a kernel larger than the padded input gives an empty result.
func.func @main() {
  %x = stablehlo.constant dense<[[[256.0, 1.0, 1.0, 1.0]]]> : tensor<1x1x4xbf16>
  %w = stablehlo.constant dense<[[[1.0, 1.0, 1.0]]]> : tensor<1x1x3xbf16>
  %a = stablehlo.convolution(%x, %w) dim_numbers = [b, f, 0]x[o, i, 0]->[b, f, 0], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x1x4xbf16>, tensor<1x1x3xbf16>) -> tensor<1x1x2xbf16>
  %y = stablehlo.constant dense<[[[1.0, 2.0]]]> : tensor<1x1x2xf32>
  %v = stablehlo.constant dense<[[[1.0, 1.0, 1.0]]]> : tensor<1x1x3xf32>
  %b = stablehlo.convolution(%y, %v) dim_numbers = [b, f, 0]x[o, i, 0]->[b, f, 0], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x1x2xf32>, tensor<1x1x3xf32>) -> tensor<1x1x0xf32>
  check.expect_eq_const %a, dense<[[[258.0, 3.0]]]> : tensor<1x1x2xbf16>
  check.expect_eq_const %b, dense<> : tensor<1x1x0xf32>
  func.return
}

// -----

// NCHW x OIHW (the im2col + sgemm path): stride, negative padding, rhs dilation, 2 feature groups (f32).
func.func @main() {
  %x = stablehlo.constant dense<[[[[1.0, 1.0, 2.0, 2.0, 3.0], [-3.0, -2.0, 2.0, -1.0, -1.0], [-2.0, 2.0, -3.0, 3.0, -2.0], [-2.0, -2.0, 1.0, 3.0, -3.0], [3.0, 1.0, -2.0, -3.0, -1.0], [3.0, 2.0, 1.0, 3.0, -1.0]], [[-3.0, -1.0, 2.0, 3.0, -3.0], [-3.0, -1.0, 1.0, -2.0, -1.0], [2.0, -2.0, 1.0, -1.0, 2.0], [-2.0, 1.0, -2.0, 1.0, 2.0], [-1.0, -2.0, -2.0, -2.0, -1.0], [-3.0, -1.0, -1.0, 2.0, -1.0]], [[-3.0, -1.0, -1.0, 3.0, 1.0], [-3.0, 2.0, -2.0, 1.0, 1.0], [1.0, -2.0, -3.0, 3.0, -1.0], [2.0, -1.0, -1.0, 1.0, 3.0], [-1.0, -2.0, -3.0, 1.0, -2.0], [3.0, 2.0, 3.0, -3.0, -2.0]], [[-1.0, -1.0, -2.0, -1.0, -3.0], [1.0, 1.0, 3.0, 3.0, 3.0], [-2.0, 1.0, 1.0, 1.0, -1.0], [1.0, -3.0, 3.0, -3.0, -2.0], [3.0, -2.0, -2.0, -2.0, 1.0], [1.0, -3.0, 2.0, -3.0, 3.0]]], [[[1.0, -3.0, -3.0, -3.0, -1.0], [2.0, -3.0, -2.0, 3.0, 2.0], [-3.0, 1.0, 1.0, 2.0, 1.0], [2.0, 2.0, 3.0, 1.0, -2.0], [1.0, 1.0, 3.0, 2.0, 2.0], [3.0, -3.0, 3.0, -3.0, 2.0]], [[-2.0, -3.0, 3.0, 3.0, -3.0], [3.0, 3.0, 3.0, 1.0, 1.0], [2.0, -3.0, -3.0, 2.0, -1.0], [-3.0, 2.0, 2.0, -1.0, 2.0], [-2.0, 2.0, 3.0, 2.0, 1.0], [-3.0, -3.0, 2.0, -1.0, -3.0]], [[2.0, -1.0, -3.0, 2.0, 2.0], [-3.0, 3.0, -3.0, 2.0, 2.0], [-1.0, -2.0, 2.0, 3.0, -2.0], [-3.0, -2.0, -3.0, 3.0, -2.0], [-1.0, -2.0, -2.0, 1.0, 2.0], [3.0, 3.0, -1.0, -2.0, -1.0]], [[-1.0, -3.0, -3.0, 1.0, 3.0], [2.0, 1.0, -3.0, -2.0, -3.0], [1.0, 1.0, -1.0, -3.0, -3.0], [-1.0, 3.0, -2.0, -2.0, -2.0], [-3.0, -2.0, -1.0, -2.0, -3.0], [-1.0, -1.0, -3.0, -2.0, 1.0]]]]> : tensor<2x4x6x5xf32>
  %w = stablehlo.constant dense<[[[[1.0, -3.0], [1.0, 1.0]], [[3.0, -3.0], [3.0, 3.0]]], [[[1.0, -3.0], [-3.0, 2.0]], [[2.0, 3.0], [1.0, 3.0]]], [[[3.0, -1.0], [2.0, 1.0]], [[-1.0, -1.0], [-1.0, -1.0]]], [[[-1.0, 3.0], [-3.0, 3.0]], [[-1.0, -1.0], [1.0, -1.0]]]]> : tensor<4x2x2x2xf32>
  %r = stablehlo.convolution(%x, %w) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [2, 1], pad = [[-1, 1], [1, -1]], rhs_dilate = [1, 2]} {batch_group_count = 1 : i64, feature_group_count = 2 : i64} : (tensor<2x4x6x5xf32>, tensor<4x2x2x2xf32>) -> tensor<2x4x3x3xf32>
  check.expect_eq_const %r, dense<[[[[5.0, -17.0, 0.0], [-2.0, -13.0, -25.0], [-3.0, -6.0, -16.0]], [[1.0, -7.0, -12.0], [5.0, -35.0, -23.0], [-9.0, -9.0, -3.0]], [[-6.0, -11.0, -2.0], [4.0, -3.0, 3.0], [1.0, 3.0, 15.0]], [[-2.0, -22.0, 12.0], [-4.0, -10.0, 19.0], [9.0, 3.0, -5.0]]], [[[-8.0, 3.0, -6.0], [-5.0, -15.0, 23.0], [18.0, -21.0, 0.0]], [[11.0, 27.0, 1.0], [8.0, 3.0, 9.0], [0.0, -6.0, -3.0]], [[-7.0, -5.0, 9.0], [-1.0, -3.0, -9.0], [-2.0, 14.0, 14.0]], [[1.0, 6.0, 23.0], [-13.0, -8.0, 19.0], [10.0, -2.0, -6.0]]]]> : tensor<2x4x3x3xf32>
  func.return
}
// -----

// NHWC x HWIO: lhs dilation, padding, 2 batch groups (f64).
func.func @main() {
  %x = stablehlo.constant dense<[[[[-3.0, 1.0], [-1.0, 2.0], [-3.0, -3.0], [-1.0, 1.0]], [[-2.0, 2.0], [-3.0, 1.0], [-3.0, -3.0], [1.0, 2.0]], [[-1.0, -2.0], [3.0, 3.0], [-1.0, 3.0], [-1.0, -3.0]]], [[[2.0, 3.0], [1.0, -3.0], [3.0, -1.0], [-1.0, -3.0]], [[2.0, -3.0], [-2.0, 1.0], [-3.0, 1.0], [-3.0, -2.0]], [[-1.0, -3.0], [-2.0, -1.0], [2.0, 3.0], [3.0, -1.0]]], [[[-2.0, 3.0], [-2.0, -1.0], [2.0, 3.0], [3.0, 2.0]], [[-1.0, -1.0], [-2.0, -1.0], [2.0, 2.0], [-2.0, 3.0]], [[3.0, -2.0], [-2.0, 2.0], [-3.0, -1.0], [3.0, 1.0]]], [[[-2.0, 1.0], [-2.0, -1.0], [-2.0, 1.0], [3.0, 3.0]], [[1.0, -2.0], [2.0, -3.0], [2.0, 1.0], [-1.0, 1.0]], [[1.0, -3.0], [-2.0, -1.0], [3.0, 3.0], [-2.0, -2.0]]]]> : tensor<4x3x4x2xf64>
  %w = stablehlo.constant dense<[[[[-2.0, -2.0, 2.0, -2.0], [1.0, -1.0, 1.0, -2.0]], [[-3.0, -2.0, -1.0, 2.0], [-3.0, 1.0, -3.0, 2.0]]], [[[2.0, 2.0, 3.0, 2.0], [-1.0, 1.0, -3.0, 2.0]], [[1.0, 3.0, -3.0, 2.0], [3.0, -1.0, 1.0, -1.0]]]]> : tensor<2x2x2x4xf64>
  %r = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {pad = [[1, 1], [0, 1]], lhs_dilate = [2, 1]} {batch_group_count = 2 : i64, feature_group_count = 1 : i64} : (tensor<4x3x4x2xf64>, tensor<2x2x2x4xf64>) -> tensor<2x6x4x4xf64>
  check.expect_eq_const %r, dense<[[[[-2.0, -10.0, -10.0, -1.0], [-16.0, -6.0, -6.0, -5.0], [-1.0, -13.0, -10.0, 14.0], [-3.0, -1.0, 3.0, 10.0]], [[4.0, 9.0, 4.0, -8.0], [22.0, 3.0, -16.0, 16.0], [3.0, 12.0, -2.0, 0.0], [3.0, 1.0, 8.0, -10.0]], [[-6.0, -12.0, 5.0, -7.0], [-19.0, -11.0, -7.0, -4.0], [4.0, -8.0, 9.0, 1.0], [0.0, 4.0, -15.0, 2.0]], [[12.0, 9.0, 2.0, -2.0], [25.0, 8.0, -13.0, 14.0], [-6.0, 9.0, -1.0, -6.0], [0.0, -4.0, -1.0, -2.0]], [[12.0, 2.0, 23.0, -4.0], [11.0, 3.0, -4.0, -5.0], [-15.0, 1.0, -14.0, -3.0], [1.0, -5.0, 6.0, 8.0]], [[-18.0, 1.0, 0.0, -2.0], [-9.0, -4.0, 4.0, -8.0], [17.0, -2.0, -13.0, 16.0], [-1.0, 5.0, 7.0, -8.0]]], [[[-7.0, 13.0, -4.0, -5.0], [5.0, 9.0, 4.0, -11.0], [-3.0, 5.0, -15.0, 1.0], [1.0, -5.0, 0.0, 12.0]], [[5.0, -12.0, 2.0, -4.0], [-11.0, -6.0, -6.0, 4.0], [5.0, -6.0, -15.0, 14.0], [-1.0, 5.0, 9.0, -12.0]], [[8.0, -6.0, 0.0, 5.0], [-5.0, -13.0, 10.0, 1.0], [-16.0, -12.0, 7.0, 3.0], [-4.0, -8.0, -6.0, 0.0]], [[-4.0, 4.0, 7.0, 0.0], [11.0, 10.0, -4.0, 8.0], [22.0, 9.0, 3.0, -6.0], [4.0, 8.0, -1.0, 0.0]], [[-4.0, -10.0, 17.0, -7.0], [8.0, -2.0, -9.0, -3.0], [1.0, 17.0, 4.0, 10.0], [7.0, 5.0, 0.0, -8.0]], [[8.0, 8.0, 4.0, -2.0], [-12.0, 4.0, -17.0, 18.0], [-7.0, -14.0, 17.0, -20.0], [-7.0, -5.0, -6.0, 8.0]]]]> : tensor<2x6x4x4xf64>
  func.return
}
// -----

// A 1x1 kernel in NCHW x OIHW, result in NHWC (f32).
func.func @main() {
  %x = stablehlo.constant dense<[[[[-3.0, -2.0, -2.0], [3.0, 2.0, 2.0]], [[-2.0, 3.0, -1.0], [2.0, 3.0, 3.0]], [[-2.0, -3.0, -1.0], [1.0, 2.0, 2.0]]], [[[-2.0, 2.0, -1.0], [-1.0, -1.0, -2.0]], [[-3.0, 1.0, -1.0], [-1.0, 3.0, 3.0]], [[-2.0, 3.0, -3.0], [-3.0, -1.0, 1.0]]]]> : tensor<2x3x2x3xf32>
  %w = stablehlo.constant dense<[[[[-1.0]], [[3.0]], [[3.0]]], [[[-3.0]], [[1.0]], [[1.0]]], [[[3.0]], [[2.0]], [[-1.0]]], [[[-1.0]], [[-3.0]], [[-2.0]]], [[[-2.0]], [[-1.0]], [[-1.0]]]]> : tensor<5x3x1x1xf32>
  %r = stablehlo.convolution(%x, %w) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x3x2x3xf32>, tensor<5x3x1x1xf32>) -> tensor<2x2x3x5xf32>
  check.expect_eq_const %r, dense<[[[[-9.0, 5.0, -11.0, 13.0, 10.0], [2.0, 6.0, 3.0, -1.0, 4.0], [-4.0, 4.0, -7.0, 7.0, 6.0]], [[6.0, -6.0, 12.0, -11.0, -9.0], [13.0, -1.0, 10.0, -15.0, -9.0], [13.0, -1.0, 10.0, -15.0, -9.0]]], [[[-13.0, 1.0, -10.0, 15.0, 9.0], [10.0, -2.0, 5.0, -11.0, -8.0], [-11.0, -1.0, -2.0, 10.0, 6.0]], [[-11.0, -1.0, -2.0, 10.0, 6.0], [7.0, 5.0, 4.0, -6.0, 0.0], [14.0, 10.0, -1.0, -9.0, 0.0]]]]> : tensor<2x2x3x5xf32>
  func.return
}

// -----

// Padding and lhs-dilation holes are zeros that multiply the kernel (spec: the window reads the
// lhs padded and dilated with zeros), so 0 * inf makes NaN. XLA CPU agrees for padding but skips
// the holes (it gives [inf, 2, inf] for the dilated case); see docs/semantics.md.
func.func @main() {
  %x = stablehlo.constant dense<[[[1.0, 2.0, 3.0]]]> : tensor<1x1x3xf32>
  %w = stablehlo.constant dense<[[[0x7F800000, 1.0, 1.0]]]> : tensor<1x1x3xf32>
  %p = stablehlo.convolution(%x, %w) dim_numbers = [b, f, 0]x[o, i, 0]->[b, f, 0], window = {pad = [[1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x1x3xf32>, tensor<1x1x3xf32>) -> tensor<1x1x3xf32>
  %d = stablehlo.convolution(%x, %w) dim_numbers = [b, f, 0]x[o, i, 0]->[b, f, 0], window = {lhs_dilate = [2]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x1x3xf32>, tensor<1x1x3xf32>) -> tensor<1x1x3xf32>
  %xb = stablehlo.convert %x : (tensor<1x1x3xf32>) -> tensor<1x1x3xbf16>
  %wb = stablehlo.convert %w : (tensor<1x1x3xf32>) -> tensor<1x1x3xbf16>
  %pb = stablehlo.convolution(%xb, %wb) dim_numbers = [b, f, 0]x[o, i, 0]->[b, f, 0], window = {pad = [[1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x1x3xbf16>, tensor<1x1x3xbf16>) -> tensor<1x1x3xbf16>
  check.expect_eq_const %p, dense<[[[0x7FC00000, 0x7F800000, 0x7F800000]]]> : tensor<1x1x3xf32>
  check.expect_eq_const %d, dense<[[[0x7F800000, 0x7FC00000, 0x7F800000]]]> : tensor<1x1x3xf32>
  check.expect_eq_const %pb, dense<[[[0x7FC0, 0x7F80, 0x7F80]]]> : tensor<1x1x3xbf16>
  func.return
}
