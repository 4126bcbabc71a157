// RUN: kiln compile --pass=simplify,dce --split-input-file %s | FileCheck %s
// RUN: kiln compile --pass=simplify --validate 1 --split-input-file %s -o /dev/null

// A slice of a slice is one slice; a slice of the whole tensor is the tensor.
// CHECK-LABEL: func.func @slices
// CHECK-NEXT: %[[S:.*]] = stablehlo.slice %arg0 [3:12:4, 1:5] : (tensor<12x8xf32>) -> tensor<3x4xf32>
// CHECK-NEXT: %[[E:.*]] = stablehlo.slice %arg0 [12:12:2, 0:8] : (tensor<12x8xf32>) -> tensor<0x8xf32>
// CHECK-NEXT: return %[[S]], %arg0, %[[E]]
func.func @slices(%x: tensor<12x8xf32>) -> (tensor<3x4xf32>, tensor<12x8xf32>, tensor<0x8xf32>) {
  %0 = stablehlo.slice %x [1:12:2, 0:6] : (tensor<12x8xf32>) -> tensor<6x6xf32>
  %1 = stablehlo.slice %0 [1:6:3, 1:5] : (tensor<6x6xf32>) -> tensor<2x4xf32>
  %a = stablehlo.slice %x [1:12:2, 0:6] : (tensor<12x8xf32>) -> tensor<6x6xf32>
  %b = stablehlo.slice %a [1:6:1, 1:5] : (tensor<6x6xf32>) -> tensor<5x4xf32>
  %c = stablehlo.slice %b [0:5:2, 0:4] : (tensor<5x4xf32>) -> tensor<3x4xf32>
  %2 = stablehlo.slice %x [0:12, 0:8] : (tensor<12x8xf32>) -> tensor<12x8xf32>
  %d = stablehlo.slice %x [1:12:2, 0:8] : (tensor<12x8xf32>) -> tensor<6x8xf32>
  %3 = stablehlo.slice %d [6:6, 0:8] : (tensor<6x8xf32>) -> tensor<0x8xf32>
  return %c, %2, %3 : tensor<3x4xf32>, tensor<12x8xf32>, tensor<0x8xf32>
}

// -----

// A pad of nothing is its operand; a pad of something stays.
// CHECK-LABEL: func.func @pads
// CHECK-NEXT: %[[C:.*]] = stablehlo.constant
// CHECK-NEXT: %[[P:.*]] = stablehlo.pad %arg0, %[[C]], low = [1, 0]
// CHECK-NEXT: return %arg0, %[[P]]
func.func @pads(%x: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<3x3xf32>) {
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %0 = stablehlo.pad %x, %z, low = [0, 0], high = [0, 0], interior = [0, 0] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  %1 = stablehlo.pad %x, %z, low = [1, 0], high = [0, 0], interior = [0, 0] : (tensor<2x3xf32>, tensor<f32>) -> tensor<3x3xf32>
  return %0, %1 : tensor<2x3xf32>, tensor<3x3xf32>
}

// -----

// Reshapes: to the same type, of a reshape, of a reshape back to the start.
// CHECK-LABEL: func.func @reshapes
// CHECK-NEXT: %[[R:.*]] = stablehlo.reshape %arg0 : (tensor<2x3x4xf32>) -> tensor<4x6xf32>
// CHECK-NEXT: return %arg0, %[[R]], %arg0
func.func @reshapes(%x: tensor<2x3x4xf32>) -> (tensor<2x3x4xf32>, tensor<4x6xf32>, tensor<2x3x4xf32>) {
  %0 = stablehlo.reshape %x : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  %1 = stablehlo.reshape %x : (tensor<2x3x4xf32>) -> tensor<24xf32>
  %2 = stablehlo.reshape %1 : (tensor<24xf32>) -> tensor<4x6xf32>
  %3 = stablehlo.reshape %x : (tensor<2x3x4xf32>) -> tensor<6x4xf32>
  %4 = stablehlo.reshape %3 : (tensor<6x4xf32>) -> tensor<2x3x4xf32>
  return %0, %2, %4 : tensor<2x3x4xf32>, tensor<4x6xf32>, tensor<2x3x4xf32>
}

// -----

// Transposes: identity, of a transpose (composed), of its inverse (gone).
// CHECK-LABEL: func.func @transposes
// CHECK-NEXT: %[[T:.*]] = stablehlo.transpose %arg0, dims = [2, 1, 0] : (tensor<2x3x4xf32>) -> tensor<4x3x2xf32>
// CHECK-NEXT: return %arg0, %[[T]], %arg0
func.func @transposes(%x: tensor<2x3x4xf32>) -> (tensor<2x3x4xf32>, tensor<4x3x2xf32>, tensor<2x3x4xf32>) {
  %0 = stablehlo.transpose %x, dims = [0, 1, 2] : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  %1 = stablehlo.transpose %x, dims = [1, 2, 0] : (tensor<2x3x4xf32>) -> tensor<3x4x2xf32>
  %2 = stablehlo.transpose %1, dims = [1, 0, 2] : (tensor<3x4x2xf32>) -> tensor<4x3x2xf32>
  %3 = stablehlo.transpose %1, dims = [2, 0, 1] : (tensor<3x4x2xf32>) -> tensor<2x3x4xf32>
  return %0, %2, %3 : tensor<2x3x4xf32>, tensor<4x3x2xf32>, tensor<2x3x4xf32>
}
