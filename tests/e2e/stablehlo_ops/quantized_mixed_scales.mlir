// Element-wise ops whose quantized operands and result have different scales and zero points
// (the spec allows it: dequantize_op_quantize dequantizes each operand with its own type).
// a = [1, 2, -3, 5] (scale 0.5), b = [1, -1, 3, 0] (scale 0.25, zero point 1).

// add into scale 1.0, zero point -2: [2, 1, 0, 5] stored as [0, -1, -2, 3].
func.func @main() {
  %a = stablehlo.constant dense<[2, 4, -6, 10]> : tensor<4x!quant.uniform<i8:f32, 5.000000e-01>>
  %b = stablehlo.constant dense<[5, -3, 13, 1]> : tensor<4x!quant.uniform<i8:f32, 2.500000e-01:1>>
  %r = "stablehlo.add"(%a, %b) : (tensor<4x!quant.uniform<i8:f32, 5.000000e-01>>, tensor<4x!quant.uniform<i8:f32, 2.500000e-01:1>>) -> tensor<4x!quant.uniform<i8:f32, 1.000000e+00:-2>>
  check.expect_eq_const %r, dense<[0, -1, -2, 3]> : tensor<4x!quant.uniform<i8:f32, 1.000000e+00:-2>>
  func.return
}

// -----

// multiply into scale 0.5: [1, -2, -9, 0] stored as [2, -4, -18, 0].
func.func @main() {
  %a = stablehlo.constant dense<[2, 4, -6, 10]> : tensor<4x!quant.uniform<i8:f32, 5.000000e-01>>
  %b = stablehlo.constant dense<[5, -3, 13, 1]> : tensor<4x!quant.uniform<i8:f32, 2.500000e-01:1>>
  %r = "stablehlo.multiply"(%a, %b) : (tensor<4x!quant.uniform<i8:f32, 5.000000e-01>>, tensor<4x!quant.uniform<i8:f32, 2.500000e-01:1>>) -> tensor<4x!quant.uniform<i8:f32, 5.000000e-01>>
  check.expect_eq_const %r, dense<[2, -4, -18, 0]> : tensor<4x!quant.uniform<i8:f32, 5.000000e-01>>
  func.return
}

// -----

// maximum into scale 0.25: [1, 2, 3, 5] stored as [4, 8, 12, 20].
func.func @main() {
  %a = stablehlo.constant dense<[2, 4, -6, 10]> : tensor<4x!quant.uniform<i8:f32, 5.000000e-01>>
  %b = stablehlo.constant dense<[5, -3, 13, 1]> : tensor<4x!quant.uniform<i8:f32, 2.500000e-01:1>>
  %r = "stablehlo.maximum"(%a, %b) : (tensor<4x!quant.uniform<i8:f32, 5.000000e-01>>, tensor<4x!quant.uniform<i8:f32, 2.500000e-01:1>>) -> tensor<4x!quant.uniform<i8:f32, 2.500000e-01>>
  check.expect_eq_const %r, dense<[4, 8, 12, 20]> : tensor<4x!quant.uniform<i8:f32, 2.500000e-01>>
  func.return
}
