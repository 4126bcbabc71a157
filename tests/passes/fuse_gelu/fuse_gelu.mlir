// RUN: kiln compile --pass=fuse-gelu,dce --split-input-file %s | FileCheck %s

// The tanh form, as jax.nn.gelu writes it.
// CHECK-LABEL: func.func @tanh
// CHECK: %[[G:.*]] = kiln.gelu(%arg0) {config = {approximate = true}}
// CHECK: stablehlo.tanh
// CHECK: return %[[G]]
func.func @tanh(%x: tensor<8xf32>) -> tensor<8xf32> {
  %0 = stablehlo.multiply %x, %x : tensor<8xf32>
  %1 = stablehlo.multiply %0, %x : tensor<8xf32>
  %c = stablehlo.constant dense<4.471500e-02> : tensor<8xf32>
  %3 = stablehlo.multiply %c, %1 : tensor<8xf32>
  %4 = stablehlo.add %x, %3 : tensor<8xf32>
  %s = stablehlo.constant dense<0.797884583> : tensor<8xf32>
  %6 = stablehlo.multiply %s, %4 : tensor<8xf32>
  %7 = stablehlo.tanh %6 : tensor<8xf32>
  %one = stablehlo.constant dense<1.0> : tensor<8xf32>
  %9 = stablehlo.add %one, %7 : tensor<8xf32>
  %half = stablehlo.constant dense<0.5> : tensor<8xf32>
  %11 = stablehlo.multiply %half, %9 : tensor<8xf32>
  %12 = stablehlo.multiply %x, %11 : tensor<8xf32>
  return %12 : tensor<8xf32>
}

// -----

// The erf form: 0.5 x (1 + erf(x / sqrt(2))).
// CHECK-LABEL: func.func @erf
// CHECK: kiln.gelu(%arg0) {config = {approximate = false}}
// CHECK: chlo.erf
func.func @erf(%x: tensor<8xf32>) -> tensor<8xf32> {
  %half = stablehlo.constant dense<0.5> : tensor<8xf32>
  %1 = stablehlo.multiply %half, %x : tensor<8xf32>
  %r2 = stablehlo.constant dense<1.41421354> : tensor<8xf32>
  %3 = stablehlo.divide %x, %r2 : tensor<8xf32>
  %4 = chlo.erf %3 : tensor<8xf32> -> tensor<8xf32>
  %one = stablehlo.constant dense<1.0> : tensor<8xf32>
  %6 = stablehlo.add %one, %4 : tensor<8xf32>
  %7 = stablehlo.multiply %1, %6 : tensor<8xf32>
  return %7 : tensor<8xf32>
}

// -----

// erf(x / 2): not a GELU.
// CHECK-LABEL: func.func @erf_wrong_scale
// CHECK-NOT: kiln.gelu
func.func @erf_wrong_scale(%x: tensor<8xf32>) -> tensor<8xf32> {
  %half = stablehlo.constant dense<0.5> : tensor<8xf32>
  %1 = stablehlo.multiply %half, %x : tensor<8xf32>
  %two = stablehlo.constant dense<2.0> : tensor<8xf32>
  %3 = stablehlo.divide %x, %two : tensor<8xf32>
  %4 = chlo.erf %3 : tensor<8xf32> -> tensor<8xf32>
  %one = stablehlo.constant dense<1.0> : tensor<8xf32>
  %6 = stablehlo.add %one, %4 : tensor<8xf32>
  %7 = stablehlo.multiply %1, %6 : tensor<8xf32>
  return %7 : tensor<8xf32>
}

// -----

// The erf used elsewhere too: not fused.
// CHECK-LABEL: func.func @erf_escapes
// CHECK-NOT: kiln.gelu
func.func @erf_escapes(%x: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  %half = stablehlo.constant dense<0.5> : tensor<8xf32>
  %1 = stablehlo.multiply %half, %x : tensor<8xf32>
  %r2 = stablehlo.constant dense<1.41421354> : tensor<8xf32>
  %3 = stablehlo.divide %x, %r2 : tensor<8xf32>
  %4 = chlo.erf %3 : tensor<8xf32> -> tensor<8xf32>
  %one = stablehlo.constant dense<1.0> : tensor<8xf32>
  %6 = stablehlo.add %one, %4 : tensor<8xf32>
  %7 = stablehlo.multiply %1, %6 : tensor<8xf32>
  return %7, %4 : tensor<8xf32>, tensor<8xf32>
}
