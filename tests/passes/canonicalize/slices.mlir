// RUN: kiln compile --pass=canonicalize --split-input-file %s | FileCheck %s

// dynamic_slice at constant starts is a slice; starts are clamped to [0, dim - size] as the
// spec clamps them (-3 -> 0, 9 -> 10 - 4 = 6, a ui32 beyond any size -> the last start).
// CHECK-LABEL: func.func @static_starts
// CHECK: stablehlo.slice %arg0 [1:3, 0:4] : (tensor<8x10xf32>) -> tensor<2x4xf32>
// CHECK: stablehlo.slice %arg0 [6:8, 6:10] : (tensor<8x10xf32>) -> tensor<2x4xf32>
// CHECK: stablehlo.slice %arg0 [6:8, 0:4] : (tensor<8x10xf32>) -> tensor<2x4xf32>
// CHECK-NOT: dynamic_slice
func.func @static_starts(%x: tensor<8x10xf32>) -> (tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>) {
  %c1 = stablehlo.constant dense<1> : tensor<i32>
  %cm3 = stablehlo.constant dense<-3> : tensor<i32>
  %c9 = stablehlo.constant dense<9> : tensor<i64>
  %big = stablehlo.constant dense<4294967295> : tensor<ui32>
  %z = stablehlo.constant dense<0> : tensor<ui32>
  %0 = stablehlo.dynamic_slice %x, %c1, %cm3, sizes = [2, 4] : (tensor<8x10xf32>, tensor<i32>, tensor<i32>) -> tensor<2x4xf32>
  %1 = stablehlo.dynamic_slice %x, %c9, %c9, sizes = [2, 4] : (tensor<8x10xf32>, tensor<i64>, tensor<i64>) -> tensor<2x4xf32>
  %2 = stablehlo.dynamic_slice %x, %big, %z, sizes = [2, 4] : (tensor<8x10xf32>, tensor<ui32>, tensor<ui32>) -> tensor<2x4xf32>
  return %0, %1, %2 : tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>
}

// -----

// With one run-time start the op stays dynamic; its constant starts are clamped, and starts
// already in range are left as they are.
// CHECK-LABEL: func.func @mixed_starts
// CHECK: %[[TWO:.*]] = stablehlo.constant dense<2> : tensor<i32>
// CHECK: %[[C:.*]] = stablehlo.constant dense<6> : tensor<i32>
// CHECK: stablehlo.dynamic_slice %arg0, %arg1, %[[C]], sizes = [2, 4]
// CHECK: stablehlo.dynamic_slice %arg0, %arg1, %[[TWO]], sizes = [2, 4]
func.func @mixed_starts(%x: tensor<8x10xf32>, %i: tensor<i32>) -> (tensor<2x4xf32>, tensor<2x4xf32>) {
  %c7 = stablehlo.constant dense<7> : tensor<i32>
  %c2 = stablehlo.constant dense<2> : tensor<i32>
  %0 = stablehlo.dynamic_slice %x, %i, %c7, sizes = [2, 4] : (tensor<8x10xf32>, tensor<i32>, tensor<i32>) -> tensor<2x4xf32>
  %1 = stablehlo.dynamic_slice %x, %i, %c2, sizes = [2, 4] : (tensor<8x10xf32>, tensor<i32>, tensor<i32>) -> tensor<2x4xf32>
  return %0, %1 : tensor<2x4xf32>, tensor<2x4xf32>
}

// -----

// dynamic_update_slice has no static form: its constant starts are clamped (5 -> 8 - 3 = 5
// stays, -1 -> 0, 12 -> 10 - 4 = 6).
// CHECK-LABEL: func.func @update_starts
// CHECK: %[[FIVE:.*]] = stablehlo.constant dense<5> : tensor<i32>
// CHECK: %[[Z:.*]] = stablehlo.constant dense<0> : tensor<i32>
// CHECK: %[[S:.*]] = stablehlo.constant dense<6> : tensor<i32>
// CHECK: stablehlo.dynamic_update_slice %arg0, %arg1, %[[Z]], %[[S]] :
// CHECK: stablehlo.dynamic_update_slice %arg0, %arg1, %[[FIVE]], %arg2 :
func.func @update_starts(%x: tensor<8x10xf32>, %u: tensor<3x4xf32>, %i: tensor<i32>) -> (tensor<8x10xf32>, tensor<8x10xf32>) {
  %cm1 = stablehlo.constant dense<-1> : tensor<i32>
  %c12 = stablehlo.constant dense<12> : tensor<i32>
  %c5 = stablehlo.constant dense<5> : tensor<i32>
  %0 = stablehlo.dynamic_update_slice %x, %u, %cm1, %c12 : (tensor<8x10xf32>, tensor<3x4xf32>, tensor<i32>, tensor<i32>) -> tensor<8x10xf32>
  %1 = stablehlo.dynamic_update_slice %x, %u, %c5, %i : (tensor<8x10xf32>, tensor<3x4xf32>, tensor<i32>, tensor<i32>) -> tensor<8x10xf32>
  return %0, %1 : tensor<8x10xf32>, tensor<8x10xf32>
}
