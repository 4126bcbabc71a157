// RUN: kiln compile --pass=refine-shapes --split-input-file %s | FileCheck %s
// RUN: kiln compile --pass=refine-shapes --validate 1 --split-input-file %s -o /dev/null

// The dynamic-shape ops whose shape operands fold to constants become their static twins;
// the interpreter runs each before and after (--validate).

// CHECK-LABEL: func.func @reshape
// CHECK: stablehlo.reshape %arg0 : (tensor<2x3xi32>) -> tensor<3x2xi32>
// CHECK: return {{.*}} : tensor<3x2xi32>
func.func @reshape(%arg0: tensor<2x3xi32>) -> tensor<?x2xi32> {
  %s = stablehlo.constant dense<[3, 2]> : tensor<2xi64>
  %r = stablehlo.dynamic_reshape %arg0, %s : (tensor<2x3xi32>, tensor<2xi64>) -> tensor<?x2xi32>
  return %r : tensor<?x2xi32>
}

// -----

// CHECK-LABEL: func.func @iota
// CHECK: stablehlo.iota dim = 1 : tensor<2x4xf32>
func.func @iota(%arg0: tensor<4xf32>) -> tensor<2x?xf32> {
  %n = stablehlo.get_dimension_size %arg0, dim = 0 : (tensor<4xf32>) -> tensor<i32>
  %n1 = stablehlo.reshape %n : (tensor<i32>) -> tensor<1xi32>
  %two = stablehlo.constant dense<2> : tensor<1xi32>
  %s = stablehlo.concatenate %two, %n1, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
  %r = stablehlo.dynamic_iota %s, dim = 1 : (tensor<2xi32>) -> tensor<2x?xf32>
  return %r : tensor<2x?xf32>
}

// -----

// CHECK-LABEL: func.func @pad
// CHECK: stablehlo.pad %arg0, %{{.*}}, low = [-1], high = [2], interior = [1] : (tensor<3xi64>, tensor<i64>) -> tensor<6xi64>
func.func @pad(%arg0: tensor<3xi64>) -> tensor<?xi64> {
  %v = stablehlo.constant dense<9> : tensor<i64>
  %low = stablehlo.constant dense<[-1]> : tensor<1xi64>
  %high = stablehlo.constant dense<[2]> : tensor<1xi64>
  %int = stablehlo.constant dense<[1]> : tensor<1xi64>
  %r = stablehlo.dynamic_pad %arg0, %v, %low, %high, %int : (tensor<3xi64>, tensor<i64>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<?xi64>
  return %r : tensor<?xi64>
}

// -----

// CHECK-LABEL: func.func @slice
// CHECK: stablehlo.slice %arg0 [1:3, 0:5:2] : (tensor<3x5xui16>) -> tensor<2x3xui16>
func.func @slice(%arg0: tensor<3x5xui16>) -> tensor<?x?xui16> {
  %start = stablehlo.constant dense<[1, 0]> : tensor<2xi32>
  %limit = stablehlo.constant dense<[3, 5]> : tensor<2xi32>
  %strides = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
  %r = stablehlo.real_dynamic_slice %arg0, %start, %limit, %strides : (tensor<3x5xui16>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<?x?xui16>
  return %r : tensor<?x?xui16>
}

// -----

// CHECK-LABEL: func.func @conv
// CHECK: stablehlo.convolution
// CHECK-SAME: pad = {{\[\[}}1, 1], [0, 0]]
// CHECK-SAME: -> tensor<1x2x2x2xf32>
func.func @conv(%x: tensor<1x3x3x1xf32>, %w: tensor<2x2x1x2xf32>) -> tensor<1x?x?x2xf32> {
  %p = stablehlo.constant dense<[[1, 1], [0, 0]]> : tensor<2x2xi32>
  %r = "stablehlo.dynamic_conv"(%x, %w, %p) {dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64, window_strides = array<i64: 2, 1>} : (tensor<1x3x3x1xf32>, tensor<2x2x1x2xf32>, tensor<2x2xi32>) -> tensor<1x?x?x2xf32>
  return %r : tensor<1x?x?x2xf32>
}
