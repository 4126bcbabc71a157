// per-tensor i8: ties to even (-2.5 -> -2, -1.5 -> -2, -5.5 -> -6), clamp to [-128, 127]
func.func @main() {
  %x = stablehlo.constant dense<[   0.25,    0.75,   -1.25,  100.  , -100.  ,    1.  ,    0.5 ,   -0.  ]> : tensor<8xf32>
  %q = stablehlo.uniform_quantize %x : (tensor<8xf32>) -> tensor<8x!quant.uniform<i8:f32, 5.000000e-01:-3>>
  %d = stablehlo.uniform_dequantize %q : (tensor<8x!quant.uniform<i8:f32, 5.000000e-01:-3>>) -> tensor<8xf32>
  check.expect_eq_const %d, dense<[  0.5,   0.5,  -1.5,  65. , -62.5,   1. ,   0.5,   0. ]> : tensor<8xf32>
  func.return
}

// -----

// narrow storage range <-100:100>
func.func @main() {
  %x = stablehlo.constant dense<[   0.25,    0.75,   -1.25,  100.  , -100.  ,    1.  ,    0.5 ,   -0.  ]> : tensor<8xf32>
  %q = stablehlo.uniform_quantize %x : (tensor<8xf32>) -> tensor<8x!quant.uniform<i8<-100:100>:f32, 5.000000e-01:-3>>
  %d = stablehlo.uniform_dequantize %q : (tensor<8x!quant.uniform<i8<-100:100>:f32, 5.000000e-01:-3>>) -> tensor<8xf32>
  check.expect_eq_const %d, dense<[  0.5,   0.5,  -1.5,  51.5, -48.5,   1. ,   0.5,   0. ]> : tensor<8xf32>
  func.return
}

// -----

// unsigned storage u8 with zero point 128
func.func @main() {
  %x = stablehlo.constant dense<[   0.25,    0.75,   -1.25,  100.  , -100.  ,    1.  ,    0.5 ,   -0.  ]> : tensor<8xf32>
  %q = stablehlo.uniform_quantize %x : (tensor<8xf32>) -> tensor<8x!quant.uniform<ui8:f32, 2.500000e-01:128>>
  %d = stablehlo.uniform_dequantize %q : (tensor<8x!quant.uniform<ui8:f32, 2.500000e-01:128>>) -> tensor<8xf32>
  check.expect_eq_const %d, dense<[  0.25,   0.75,  -1.25,  31.75, -32.  ,   1.  ,   0.5 ,   0.  ]> : tensor<8xf32>
  func.return
}

// -----

// i16 storage, inexact scale 0.1 (x / scale rounded in f32)
func.func @main() {
  %x = stablehlo.constant dense<[ 3.0e-01, -7.0e+00,  3.3e+00,  1.0e+04,  1.0e-01, -5.0e-02]> : tensor<6xf32>
  %q = stablehlo.uniform_quantize %x : (tensor<6xf32>) -> tensor<6x!quant.uniform<i16:f32, 1.000000e-01:5>>
  %d = stablehlo.uniform_dequantize %q : (tensor<6x!quant.uniform<i16:f32, 1.000000e-01:5>>) -> tensor<6xf32>
  check.expect_eq_const %d, dense<[ 3.0000e-01, -7.0000e+00,  3.3000e+00,  3.2762e+03,  1.0000e-01, -1.0000e-01]> : tensor<6xf32>
  func.return
}

// -----

// per-axis quantization along dimension 1
func.func @main() {
  %x = stablehlo.constant dense<[[ 0.3, -1. ,  2. ], [ 5. ,  0.7, -0.9]]> : tensor<2x3xf32>
  %q = stablehlo.uniform_quantize %x : (tensor<2x3xf32>) -> tensor<2x3x!quant.uniform<i8:f32:1, {1.000000e-01:0, 2.000000e-01:1, 4.000000e-01:-1}>>
  %d = stablehlo.uniform_dequantize %q : (tensor<2x3x!quant.uniform<i8:f32:1, {1.000000e-01:0, 2.000000e-01:1, 4.000000e-01:-1}>>) -> tensor<2x3xf32>
  check.expect_eq_const %d, dense<[[ 0.3, -1. ,  2. ], [ 5. ,  0.6, -0.8]]> : tensor<2x3xf32>
  func.return
}

// -----

// requantization: quantized operand to another scale (through its expressed values)
func.func @main() {
  %x = stablehlo.constant dense<[   0.25,    0.75,   -1.25,  100.  , -100.  ,    1.  ,    0.5 ,   -0.  ]> : tensor<8xf32>
  %q = stablehlo.uniform_quantize %x : (tensor<8xf32>) -> tensor<8x!quant.uniform<i8:f32, 5.000000e-01:-3>>
  %r = stablehlo.uniform_quantize %q : (tensor<8x!quant.uniform<i8:f32, 5.000000e-01:-3>>) -> tensor<8x!quant.uniform<i8:f32, 1.000000e+00>>
  %d = stablehlo.uniform_dequantize %r : (tensor<8x!quant.uniform<i8:f32, 1.000000e+00>>) -> tensor<8xf32>
  check.expect_eq_const %d, dense<[  0.,   0.,  -2.,  65., -62.,   1.,   0.,   0.]> : tensor<8xf32>
  func.return
}

// -----

// bf16 expressed type, i4 storage
func.func @main() {
  %x = stablehlo.constant dense<[ 1.5 , -2.25,  3.  ]> : tensor<3xbf16>
  %q = stablehlo.uniform_quantize %x : (tensor<3xbf16>) -> tensor<3x!quant.uniform<i4:bf16, 5.000000e-01:1>>
  %d = stablehlo.uniform_dequantize %q : (tensor<3x!quant.uniform<i4:bf16, 5.000000e-01:1>>) -> tensor<3xbf16>
  check.expect_eq_const %d, dense<[ 1.5, -2.5,  3. ]> : tensor<3xbf16>
  func.return
}
