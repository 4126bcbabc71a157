// stablehlo.uniform_quantize and stablehlo.uniform_dequantize, per-tensor and per-axis.
// (The quant dialect is not registered in jaxlib's context, so the official parser cannot
// check this file.)
func.func @main(%a: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = stablehlo.uniform_quantize %a : (tensor<2x3xf32>) -> tensor<2x3x!quant.uniform<i8:f32, 5.000000e-01:3>>
  %1 = stablehlo.uniform_quantize %0 : (tensor<2x3x!quant.uniform<i8:f32, 5.000000e-01:3>>) -> tensor<2x3x!quant.uniform<i8:f32, 2.500000e-01:-1>>
  %2 = stablehlo.uniform_dequantize %1 : (tensor<2x3x!quant.uniform<i8:f32, 2.500000e-01:-1>>) -> tensor<2x3xf32>
  return %2 : tensor<2x3xf32>
}

// -----

func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.uniform_quantize %a : (tensor<4xf32>) -> tensor<4x!quant.uniform<i8<-127:127>:f32:0, {1.000000e-01,2.000000e-01,3.000000e-01,4.000000e-01}>>
  %1 = stablehlo.uniform_dequantize %0 : (tensor<4x!quant.uniform<i8<-127:127>:f32:0, {1.000000e-01,2.000000e-01,3.000000e-01,4.000000e-01}>>) -> tensor<4xf32>
  return %1 : tensor<4xf32>
}

// -----

// Per-axis quantization: one scale per slice of the quantized dimension (any number when it
// is dynamic); a narrowed storage range with zero points inside it.
func.func @main(%x: tensor<2x3xf32>, %y: tensor<2x?x!quant.uniform<i8:f32:1, {0.1, 0.2}>>) -> tensor<2x3x!quant.uniform<i8:f32:1, {0.1, 0.2, 0.3}>> {
  %0 = stablehlo.uniform_quantize %x : (tensor<2x3xf32>) -> tensor<2x3x!quant.uniform<i8:f32:1, {0.1, 0.2, 0.3}>>
  %1 = stablehlo.uniform_quantize %x : (tensor<2x3xf32>) -> tensor<2x3x!quant.uniform<i8<-127:127>:f32, 0.5:-127>>
  return %0 : tensor<2x3x!quant.uniform<i8:f32:1, {0.1, 0.2, 0.3}>>
}
