// Ops on quantized tensors: dequantize, compute in the expressed type, quantize
// (the spec's dequantize_op_quantize). Written by ../generate/gen_quantized_ops.py.

// add, per-tensor i8, same type: saturates at -128 and 127
func.func @main() {
  %a = stablehlo.constant dense<[-128,   -3,    0,    5,  100,  127,  -50,    7]> : tensor<8x!quant.uniform<i8:f32, 5.000000e-01:-3>>
  %b = stablehlo.constant dense<[-128,    4,   -1,    6,  100,  127,   60,   -9]> : tensor<8x!quant.uniform<i8:f32, 5.000000e-01:-3>>
  %r = stablehlo.add %a, %b : tensor<8x!quant.uniform<i8:f32, 5.000000e-01:-3>>
  check.expect_eq_const %r, dense<[-128,    4,    2,   14,  127,  127,   13,    1]> : tensor<8x!quant.uniform<i8:f32, 5.000000e-01:-3>>
  func.return
}

// -----

// multiply: odd products of halves are ties, rounded half to even
func.func @main() {
  %a = stablehlo.constant dense<[-2, -1,  0,  1,  2,  4,  6,  8]> : tensor<8x!quant.uniform<i8:f32, 5.000000e-01:-3>>
  %b = stablehlo.constant dense<[-2, -2, -2, -2, -2, -2, -2, -2]> : tensor<8x!quant.uniform<i8:f32, 5.000000e-01:-3>>
  %r = stablehlo.multiply %a, %b : tensor<8x!quant.uniform<i8:f32, 5.000000e-01:-3>>
  check.expect_eq_const %r, dense<[-2, -2, -2, -1,  0,  0,  2,  2]> : tensor<8x!quant.uniform<i8:f32, 5.000000e-01:-3>>
  func.return
}

// -----

// subtract with an inexact scale (0.1 rounded to f32, each step rounded)
func.func @main() {
  %a = stablehlo.constant dense<[113,  32,  47, 101,  20,  70,  85, -71]> : tensor<8x!quant.uniform<i8:f32, 1.000000e-01:2>>
  %b = stablehlo.constant dense<[-114,  -52,  -56,   95,  105, -127,   -1,   82]> : tensor<8x!quant.uniform<i8:f32, 1.000000e-01:2>>
  %r = stablehlo.subtract %a, %b : tensor<8x!quant.uniform<i8:f32, 1.000000e-01:2>>
  check.expect_eq_const %r, dense<[ 127,   86,  105,    8,  -83,  127,   88, -128]> : tensor<8x!quant.uniform<i8:f32, 1.000000e-01:2>>
  func.return
}

// -----

// multiply, ui8 storage with zero point 128
func.func @main() {
  %a = stablehlo.constant dense<[  0, 128, 136, 144, 255, 120, 100, 200]> : tensor<8x!quant.uniform<ui8:f32, 1.250000e-01:128>>
  %b = stablehlo.constant dense<[255, 130, 136, 112, 255, 100,   0, 140]> : tensor<8x!quant.uniform<ui8:f32, 1.250000e-01:128>>
  %r = stablehlo.multiply %a, %b : tensor<8x!quant.uniform<ui8:f32, 1.250000e-01:128>>
  check.expect_eq_const %r, dense<[  0, 128, 136,  96, 255, 156, 255, 236]> : tensor<8x!quant.uniform<ui8:f32, 1.250000e-01:128>>
  func.return
}

// -----

// divide, narrow storage range <-100:100> clamps
func.func @main() {
  %a = stablehlo.constant dense<[ 100, -100,    7,    3,    0,   50]> : tensor<6x!quant.uniform<i8<-100:100>:f32, 5.000000e-01:0>>
  %b = stablehlo.constant dense<[ 1,  1,  2,  4,  3, -3]> : tensor<6x!quant.uniform<i8<-100:100>:f32, 5.000000e-01:0>>
  %r = stablehlo.divide %a, %b : tensor<6x!quant.uniform<i8<-100:100>:f32, 5.000000e-01:0>>
  check.expect_eq_const %r, dense<[ 100, -100,    7,    2,    0,  -33]> : tensor<6x!quant.uniform<i8<-100:100>:f32, 5.000000e-01:0>>
  func.return
}

// -----

// maximum and minimum keep the values of a same-typed operand
func.func @main() {
  %a = stablehlo.constant dense<[-128,   -3,    0,    5,  100,  127,  -50,    7]> : tensor<8x!quant.uniform<i8:f32, 5.000000e-01:-3>>
  %b = stablehlo.constant dense<[-128,    4,   -1,    6,  100,  127,   60,   -9]> : tensor<8x!quant.uniform<i8:f32, 5.000000e-01:-3>>
  %r = stablehlo.maximum %a, %b : tensor<8x!quant.uniform<i8:f32, 5.000000e-01:-3>>
  check.expect_eq_const %r, dense<[-128,    4,    0,    6,  100,  127,   60,    7]> : tensor<8x!quant.uniform<i8:f32, 5.000000e-01:-3>>
  func.return
}

// -----

// minimum
func.func @main() {
  %a = stablehlo.constant dense<[-128,   -3,    0,    5,  100,  127,  -50,    7]> : tensor<8x!quant.uniform<i8:f32, 5.000000e-01:-3>>
  %b = stablehlo.constant dense<[-128,    4,   -1,    6,  100,  127,   60,   -9]> : tensor<8x!quant.uniform<i8:f32, 5.000000e-01:-3>>
  %r = stablehlo.minimum %a, %b : tensor<8x!quant.uniform<i8:f32, 5.000000e-01:-3>>
  check.expect_eq_const %r, dense<[-128,   -3,   -1,    5,  100,  127,  -50,   -9]> : tensor<8x!quant.uniform<i8:f32, 5.000000e-01:-3>>
  func.return
}

// -----

// add, per-axis along dimension 1
func.func @main() {
  %a = stablehlo.constant dense<[[-95,  76, -98], [ -9,  81, -51]]> : tensor<2x3x!quant.uniform<i8:f32:1, {5.000000e-01:0, 2.500000e-01:-2, 2.000000e+00:3}>>
  %b = stablehlo.constant dense<[[-41, -57,  56], [-63, 125, -15]]> : tensor<2x3x!quant.uniform<i8:f32:1, {5.000000e-01:0, 2.500000e-01:-2, 2.000000e+00:3}>>
  %r = stablehlo.add %a, %b : tensor<2x3x!quant.uniform<i8:f32:1, {5.000000e-01:0, 2.500000e-01:-2, 2.000000e+00:3}>>
  check.expect_eq_const %r, dense<[[-128,   21,  -45], [ -72,  127,  -69]]> : tensor<2x3x!quant.uniform<i8:f32:1, {5.000000e-01:0, 2.500000e-01:-2, 2.000000e+00:3}>>
  func.return
}

// -----

// multiply, per-axis along dimension 1
func.func @main() {
  %a = stablehlo.constant dense<[[-95,  76, -98], [ -9,  81, -51]]> : tensor<2x3x!quant.uniform<i8:f32:1, {5.000000e-01:0, 2.500000e-01:-2, 2.000000e+00:3}>>
  %b = stablehlo.constant dense<[[-41, -57,  56], [-63, 125, -15]]> : tensor<2x3x!quant.uniform<i8:f32:1, {5.000000e-01:0, 2.500000e-01:-2, 2.000000e+00:3}>>
  %r = stablehlo.multiply %a, %b : tensor<2x3x!quant.uniform<i8:f32:1, {5.000000e-01:0, 2.500000e-01:-2, 2.000000e+00:3}>>
  check.expect_eq_const %r, dense<[[ 127, -128, -128], [ 127,  127,  127]]> : tensor<2x3x!quant.uniform<i8:f32:1, {5.000000e-01:0, 2.500000e-01:-2, 2.000000e+00:3}>>
  func.return
}

// -----

// abs, per-tensor i8 with zero point -3
func.func @main() {
  %a = stablehlo.constant dense<[-128,   -4,   -3,   -2,    0,    1,  126,  127]> : tensor<8x!quant.uniform<i8:f32, 5.000000e-01:-3>>
  %r = stablehlo.abs %a : tensor<8x!quant.uniform<i8:f32, 5.000000e-01:-3>>
  check.expect_eq_const %r, dense<[122,  -2,  -3,  -2,   0,   1, 126, 127]> : tensor<8x!quant.uniform<i8:f32, 5.000000e-01:-3>>
  func.return
}

// -----

// negate
func.func @main() {
  %a = stablehlo.constant dense<[-128,   -4,   -3,   -2,    0,    1,  126,  127]> : tensor<8x!quant.uniform<i8:f32, 5.000000e-01:-3>>
  %r = stablehlo.negate %a : tensor<8x!quant.uniform<i8:f32, 5.000000e-01:-3>>
  check.expect_eq_const %r, dense<[ 122,   -2,   -3,   -4,   -6,   -7, -128, -128]> : tensor<8x!quant.uniform<i8:f32, 5.000000e-01:-3>>
  func.return
}

// -----

// floor of x.5 values
func.func @main() {
  %a = stablehlo.constant dense<[-128,   -4,   -3,   -2,    0,    1,  126,  127]> : tensor<8x!quant.uniform<i8:f32, 5.000000e-01:-3>>
  %r = stablehlo.floor %a : tensor<8x!quant.uniform<i8:f32, 5.000000e-01:-3>>
  check.expect_eq_const %r, dense<[-128,   -5,   -3,   -3,   -1,    1,  125,  127]> : tensor<8x!quant.uniform<i8:f32, 5.000000e-01:-3>>
  func.return
}

// -----

// sqrt, per-axis along dimension 0 (sqrt of a negative is NaN, which quantizes to 0)
func.func @main() {
  %a = stablehlo.constant dense<[[   0,   16,   64,  -64], [  10,   12,   20, -100]]> : tensor<2x4x!quant.uniform<i8:f32:0, {6.250000e-02:0, 5.000000e-01:10}>>
  %r = stablehlo.sqrt %a : tensor<2x4x!quant.uniform<i8:f32:0, {6.250000e-02:0, 5.000000e-01:10}>>
  check.expect_eq_const %r, dense<[[ 0, 16, 32,  0], [10, 12, 14,  0]]> : tensor<2x4x!quant.uniform<i8:f32:0, {6.250000e-02:0, 5.000000e-01:10}>>
  func.return
}

// -----

// tanh, i8 with scale 1/64
func.func @main() {
  %a = stablehlo.constant dense<[-128,  -64,   -1,    0,    1,   32,   64,  127]> : tensor<8x!quant.uniform<i8:f32, 1.562500e-02:0>>
  %r = stablehlo.tanh %a : tensor<8x!quant.uniform<i8:f32, 1.562500e-02:0>>
  check.expect_eq_const %r, dense<[-62, -49,  -1,   0,   1,  30,  49,  62]> : tensor<8x!quant.uniform<i8:f32, 1.562500e-02:0>>
  func.return
}

// -----

// is_finite of quantized values is true
func.func @main() {
  %a = stablehlo.constant dense<[-128,    0,  127]> : tensor<3x!quant.uniform<i8:f32, 5.000000e-01:-3>>
  %r = stablehlo.is_finite %a : (tensor<3x!quant.uniform<i8:f32, 5.000000e-01:-3>>) -> tensor<3xi1>
  check.expect_eq_const %r, dense<[true, true, true]> : tensor<3xi1>
  func.return
}

// -----

// compare compares the dequantized values
func.func @main() {
  %a = stablehlo.constant dense<[  -3,    0,    5,    9, -128,  127]> : tensor<6x!quant.uniform<i8:f32, 5.000000e-01:-3>>
  %b = stablehlo.constant dense<[  -1,    0,    2,   15, -128,  127]> : tensor<6x!quant.uniform<i8:f32, 5.000000e-01:-3>>
  %r = stablehlo.compare GT, %a, %b : (tensor<6x!quant.uniform<i8:f32, 5.000000e-01:-3>>, tensor<6x!quant.uniform<i8:f32, 5.000000e-01:-3>>) -> tensor<6xi1>
  check.expect_eq_const %r, dense<[false, false, true, false, false, false]> : tensor<6xi1>
  func.return
}

// -----

// clamp with quantized bounds
func.func @main() {
  %a = stablehlo.constant dense<-10> : tensor<!quant.uniform<i8:f32, 5.000000e-01:-3>>
  %b = stablehlo.constant dense<[-128,  -11,  -10,    0,   20,   21,  127,    5]> : tensor<8x!quant.uniform<i8:f32, 5.000000e-01:-3>>
  %c = stablehlo.constant dense<20> : tensor<!quant.uniform<i8:f32, 5.000000e-01:-3>>
  %r = stablehlo.clamp %a, %b, %c : (tensor<!quant.uniform<i8:f32, 5.000000e-01:-3>>, tensor<8x!quant.uniform<i8:f32, 5.000000e-01:-3>>, tensor<!quant.uniform<i8:f32, 5.000000e-01:-3>>) -> tensor<8x!quant.uniform<i8:f32, 5.000000e-01:-3>>
  check.expect_eq_const %r, dense<[-10, -10, -10,   0,  20,  20,  20,   5]> : tensor<8x!quant.uniform<i8:f32, 5.000000e-01:-3>>
  func.return
}

// -----

// dot_general: per-tensor lhs, per-axis rhs (output features), per-tensor i32 result
func.func @main() {
  %a = stablehlo.constant dense<[[-1,  0,  3,  2], [ 0, 19, 12, 11]]> : tensor<2x4x!quant.uniform<i8:f32, 5.000000e-01:2>>
  %b = stablehlo.constant dense<[[  8,   4,  -7], [ 19,  -2, -12], [ 13, -14,  14], [  4, -16, -19]]> : tensor<4x3x!quant.uniform<i8:f32:1, {2.500000e-01:0, 5.000000e-01:0, 1.250000e-01:0}>>
  %r = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x4x!quant.uniform<i8:f32, 5.000000e-01:2>>, tensor<4x3x!quant.uniform<i8:f32:1, {2.500000e-01:0, 5.000000e-01:0, 1.250000e-01:0}>>) -> tensor<2x3x!quant.uniform<i32:f32, 6.250000e-02:0>>
  check.expect_eq_const %r, dense<[[  -98,   -88,    59], [  946, -1304,  -221]]> : tensor<2x3x!quant.uniform<i32:f32, 6.250000e-02:0>>
  func.return
}

// -----

// dot_general into an i8 result: rounds half to even and saturates
func.func @main() {
  %a = stablehlo.constant dense<[[-1,  0,  3,  2], [ 0, 19, 12, 11]]> : tensor<2x4x!quant.uniform<i8:f32, 5.000000e-01:2>>
  %b = stablehlo.constant dense<[[  8,   4,  -7], [ 19,  -2, -12], [ 13, -14,  14], [  4, -16, -19]]> : tensor<4x3x!quant.uniform<i8:f32:1, {2.500000e-01:0, 5.000000e-01:0, 1.250000e-01:0}>>
  %r = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x4x!quant.uniform<i8:f32, 5.000000e-01:2>>, tensor<4x3x!quant.uniform<i8:f32:1, {2.500000e-01:0, 5.000000e-01:0, 1.250000e-01:0}>>) -> tensor<2x3x!quant.uniform<i8:f32, 4.000000e+00:-1>>
  check.expect_eq_const %r, dense<[[ -3,  -2,   0], [ 14, -21,  -4]]> : tensor<2x3x!quant.uniform<i8:f32, 4.000000e+00:-1>>
  func.return
}

// -----

// hybrid dot_general: f32 lhs, quantized rhs, f32 result
func.func @main() {
  %a = stablehlo.constant dense<[[-0.25, -2.  , -1.5 ,  0.  ], [ 1.75, -0.25,  1.  ,  1.5 ]]> : tensor<2x4xf32>
  %b = stablehlo.constant dense<[[  8,   4,  -7], [ 19,  -2, -12], [ 13, -14,  14], [  4, -16, -19]]> : tensor<4x3x!quant.uniform<i8:f32:1, {2.500000e-01:0, 5.000000e-01:0, 1.250000e-01:0}>>
  %r = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x4xf32>, tensor<4x3x!quant.uniform<i8:f32:1, {2.500000e-01:0, 5.000000e-01:0, 1.250000e-01:0}>>) -> tensor<2x3xf32>
  check.expect_eq_const %r, dense<[[-14.875  ,  12.     ,   0.59375], [  7.0625 , -15.25   ,  -2.96875]]> : tensor<2x3xf32>
  func.return
}

// -----

// batched dot_general
func.func @main() {
  %a = stablehlo.constant dense<[[[  6,   2,  -2],  [  0,  -5,  -1]], [[ -3,  -6,   9],  [-10,  -9,  -7]]]> : tensor<2x2x3x!quant.uniform<i8:f32, 5.000000e-01:2>>
  %b = stablehlo.constant dense<[[[  9,   3],  [  7,  -6],  [  4,  -3]], [[ -1, -10],  [  2,   6],  [  3,  -7]]]> : tensor<2x3x2x!quant.uniform<i8:f32, 5.000000e-01:0>>
  %r = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x2x3x!quant.uniform<i8:f32, 5.000000e-01:2>>, tensor<2x3x2x!quant.uniform<i8:f32, 5.000000e-01:0>>) -> tensor<2x2x2x!quant.uniform<i16:f32, 2.500000e-01:5>>
  check.expect_eq_const %r, dense<[[[ 25,  29],  [-74,  50]], [[ 15, -42],  [-32, 122]]]> : tensor<2x2x2x!quant.uniform<i16:f32, 2.500000e-01:5>>
  func.return
}

// -----

// convolution: per-tensor input, per-axis kernel (output features), per-tensor result
func.func @main() {
  %a = stablehlo.constant dense<[[[[  2, -14],   [ 27,  22],   [-19,   0],   [ 26,  20]],  [[ 12,   8],   [-28,  14],   [ -2, -25],   [-16,   2]],  [[ 13,   0],   [  6,  22],   [ 11,  -9],   [  8,   5]],  [[-24, -27],   [  9,  -7],   [  5, -11],   [-17, -21]]]]> : tensor<1x4x4x2x!quant.uniform<i8:f32, 2.500000e-01:-4>>
  %b = stablehlo.constant dense<[[[[-3,  6, -2],   [-3,  1,  9]],  [[-3,  1, -2],   [ 2, -2,  2]]], [[[ 0,  3,  9],   [-7,  1, -2]],  [[-3, -6, -9],   [-2,  6, -9]]]]> : tensor<2x2x2x3x!quant.uniform<i8:f32:3, {5.000000e-01:0, 2.500000e-01:0, 1.000000e+00:0}>>
  %r = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[0, 0], [0, 0]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x2x!quant.uniform<i8:f32, 2.500000e-01:-4>>, tensor<2x2x2x3x!quant.uniform<i8:f32:3, {5.000000e-01:0, 2.500000e-01:0, 1.000000e+00:0}>>) -> tensor<1x3x3x3x!quant.uniform<i8:f32, 1.000000e+00:3>>
  check.expect_eq_const %r, dense<[[[[ -7,  23,  18],   [-23,   3,  35],   [ 23,   2,  45]],  [[ -8,  15,  -2],   [-28,  -6,  31],   [ 14,   2, -47]],  [[ 14,  -4, -44],   [-16,   6,  73],   [ 12,   8,  74]]]]> : tensor<1x3x3x3x!quant.uniform<i8:f32, 1.000000e+00:3>>
  func.return
}

// -----

// reduce whose body adds quantized values: each step quantizes (the second row
// saturates at 127 and then adds the last element)
func.func @main() {
  %a = stablehlo.constant dense<[[  10,   20,   30,  -40], [ 100,  100,  100, -128]]> : tensor<2x4x!quant.uniform<i8:f32, 5.000000e-01:-3>>
  %init = stablehlo.constant dense<-3> : tensor<!quant.uniform<i8:f32, 5.000000e-01:-3>>
  %r = stablehlo.reduce(%a init: %init) applies stablehlo.add across dimensions = [1]
      : (tensor<2x4x!quant.uniform<i8:f32, 5.000000e-01:-3>>, tensor<!quant.uniform<i8:f32, 5.000000e-01:-3>>) -> tensor<2x!quant.uniform<i8:f32, 5.000000e-01:-3>>
  check.expect_eq_const %r, dense<[29,  2]> : tensor<2x!quant.uniform<i8:f32, 5.000000e-01:-3>>
  func.return
}

// -----

// transpose moves storage; add then dequantizes per axis
func.func @main() {
  %a = stablehlo.constant dense<[[[ -2,   9],  [  9,  -6],  [-10,   3]], [[-10,  -4],  [ -1,   7],  [ -9,   3]]]> : tensor<2x3x2x!quant.uniform<i8:f32:1, {5.000000e-01:1, 2.500000e-01:-1, 2.000000e+00:0}>>
  %t = stablehlo.transpose %a, dims = [2, 1, 0] : (tensor<2x3x2x!quant.uniform<i8:f32:1, {5.000000e-01:1, 2.500000e-01:-1, 2.000000e+00:0}>>) -> tensor<2x3x2x!quant.uniform<i8:f32:1, {5.000000e-01:1, 2.500000e-01:-1, 2.000000e+00:0}>>
  %r = stablehlo.add %t, %t : tensor<2x3x2x!quant.uniform<i8:f32:1, {5.000000e-01:1, 2.500000e-01:-1, 2.000000e+00:0}>>
  check.expect_eq_const %t, dense<[[[ -2, -10],  [  9,  -1],  [-10,  -9]], [[  9,  -4],  [ -6,   7],  [  3,   3]]]> : tensor<2x3x2x!quant.uniform<i8:f32:1, {5.000000e-01:1, 2.500000e-01:-1, 2.000000e+00:0}>>
  check.expect_eq_const %r, dense<[[[ -5, -21],  [ 19,  -1],  [-20, -18]], [[ 17,  -9],  [-11,  15],  [  6,   6]]]> : tensor<2x3x2x!quant.uniform<i8:f32:1, {5.000000e-01:1, 2.500000e-01:-1, 2.000000e+00:0}>>
  func.return
}
