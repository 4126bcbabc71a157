// The types of values (the spec's QuantizedTensorElementType and QuantizedTensorType constraints,
// bounds of dynamic dimensions), checked for every value: invalid programs with their errors.

// -----

// expected-error@+1 {{argument #0 tensor<2x3x!quant.uniform<i8:f32:2, {0.10000000000000001,0.20000000000000001}>>: quantized dimension 2 is out of range [0, 2)}}
func.func @main(%x: tensor<2x3x!quant.uniform<i8:f32:2, {0.1, 0.2}>>) {
  return
}

// -----

// expected-error@+1 {{2 scales for quantized dimension 1 of size 3}}
func.func @main(%x: tensor<2x3x!quant.uniform<i8:f32:1, {0.1, 0.2}>>) {
  return
}

// -----

// expected-error@+1 {{per-tensor quantization must have one scale}}
func.func @main(%x: tensor<2x3x!quant.uniform<i8:f32, {0.1, 0.2}>>) {
  return
}

// -----

// expected-error@+1 {{scales must be positive and finite}}
func.func @main(%x: tensor<2x3x!quant.uniform<i8:f32, 0.0>>) {
  return
}

// -----

// expected-error@+1 {{scales must be positive and finite}}
func.func @main(%x: tensor<2x3x!quant.uniform<i8:f32:0, {0.1, -0.2}>>) {
  return
}

// -----

// expected-error@+1 {{zero point 200 is outside the storage range}}
func.func @main(%x: tensor<2x3x!quant.uniform<i8:f32, 0.1:200>>) {
  return
}

// -----

// expected-error@+1 {{zero point -1 is outside the storage range}}
func.func @main(%x: tensor<2x3x!quant.uniform<i8<0:100>:f32, 0.1:-1>>) {
  return
}

// -----

// expected-error@+1 {{storage range [-200, 100] must be a non-empty range of i8}}
func.func @main(%x: tensor<2x3x!quant.uniform<i8<-200:100>:f32, 0.1>>) {
  return
}

// -----

func.func @main(%x: tensor<2x3xf32>) {
  // expected-error@+1 {{result #0 tensor<2x3x!quant.uniform<i8:f32:1, {0.10000000000000001,0.20000000000000001}>>: 2 scales for quantized dimension 1 of size 3}}
  %0 = stablehlo.uniform_quantize %x : (tensor<2x3xf32>) -> tensor<2x3x!quant.uniform<i8:f32:1, {0.1, 0.2}>>
  return
}

// -----

// expected-error@+1 {{argument #0 tensor<2x?xf32, #stablehlo.bounds<3, 4>>: static dimension 0 cannot have a bound}}
func.func @main(%x: tensor<2x?xf32, #stablehlo.bounds<3, 4>>) {
  return
}
