// RUN: kiln compile --pass=simplify,dce --split-input-file %s | FileCheck %s
// RUN: kiln compile --pass=simplify --validate 1 --split-input-file %s -o /dev/null

// A broadcast of a broadcast is one; an identity broadcast is its operand; a broadcast of a
// splat constant is a splat constant of the result's shape.
// CHECK-LABEL: func.func @broadcasts
// CHECK-DAG: %[[B:.*]] = stablehlo.broadcast_in_dim %arg0, dims = [2] : (tensor<4xf32>) -> tensor<2x3x4xf32>
// CHECK-DAG: %[[C:.*]] = stablehlo.constant dense<2.000000e+00> : tensor<8x16xf32>
// CHECK: return %[[B]], %arg0, %[[C]]
func.func @broadcasts(%x: tensor<4xf32>) -> (tensor<2x3x4xf32>, tensor<4xf32>, tensor<8x16xf32>) {
  %0 = stablehlo.broadcast_in_dim %x, dims = [1] : (tensor<4xf32>) -> tensor<3x4xf32>
  %1 = stablehlo.broadcast_in_dim %0, dims = [1, 2] : (tensor<3x4xf32>) -> tensor<2x3x4xf32>
  %2 = stablehlo.broadcast_in_dim %x, dims = [0] : (tensor<4xf32>) -> tensor<4xf32>
  %c = stablehlo.constant dense<2.0> : tensor<f32>
  %3 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
  return %1, %2, %3 : tensor<2x3x4xf32>, tensor<4xf32>, tensor<8x16xf32>
}

// -----

// A broadcast that permutes dimensions is no identity (it is a transpose) and stays.
// CHECK-LABEL: func.func @permuting
// CHECK: stablehlo.broadcast_in_dim %arg0, dims = [1, 0]
func.func @permuting(%x: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %0 = stablehlo.broadcast_in_dim %x, dims = [1, 0] : (tensor<4x4xf32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

// Element-wise ops move below broadcasts: unary(broadcast(x)) and
// binary(broadcast(x), broadcast(y)) with the same dimensions, or with a splat constant.
// CHECK-LABEL: func.func @sink
// CHECK-DAG: %[[E:.*]] = stablehlo.exponential %arg0 : tensor<4xf32>
// CHECK-DAG: %[[BE:.*]] = stablehlo.broadcast_in_dim %[[E]], dims = [1] : (tensor<4xf32>) -> tensor<8x4xf32>
// CHECK-DAG: %[[A:.*]] = stablehlo.add %arg0, %arg1 : tensor<4xf32>
// CHECK-DAG: %[[BA:.*]] = stablehlo.broadcast_in_dim %[[A]], dims = [1] : (tensor<4xf32>) -> tensor<8x4xf32>
// CHECK-DAG: %[[K:.*]] = stablehlo.constant dense<3.000000e+00> : tensor<4xf32>
// CHECK-DAG: %[[M:.*]] = stablehlo.multiply %arg0, %[[K]] : tensor<4xf32>
// CHECK-DAG: %[[P:.*]] = stablehlo.compare GT, %[[M]], %arg1
// CHECK-DAG: %[[BP:.*]] = stablehlo.broadcast_in_dim %[[P]], dims = [1] : (tensor<4xi1>) -> tensor<8x4xi1>
// CHECK: return %[[BE]], %[[BA]], %[[BP]]
func.func @sink(%x: tensor<4xf32>, %y: tensor<4xf32>) -> (tensor<8x4xf32>, tensor<8x4xf32>, tensor<8x4xi1>) {
  %bx = stablehlo.broadcast_in_dim %x, dims = [1] : (tensor<4xf32>) -> tensor<8x4xf32>
  %0 = stablehlo.exponential %bx : tensor<8x4xf32>
  %bx2 = stablehlo.broadcast_in_dim %x, dims = [1] : (tensor<4xf32>) -> tensor<8x4xf32>
  %by = stablehlo.broadcast_in_dim %y, dims = [1] : (tensor<4xf32>) -> tensor<8x4xf32>
  %1 = stablehlo.add %bx2, %by : tensor<8x4xf32>
  %bx3 = stablehlo.broadcast_in_dim %x, dims = [1] : (tensor<4xf32>) -> tensor<8x4xf32>
  %k = stablehlo.constant dense<3.0> : tensor<8x4xf32>
  %m = stablehlo.multiply %bx3, %k : tensor<8x4xf32>
  %by2 = stablehlo.broadcast_in_dim %y, dims = [1] : (tensor<4xf32>) -> tensor<8x4xf32>
  %2 = stablehlo.compare GT, %m, %by2 : (tensor<8x4xf32>, tensor<8x4xf32>) -> tensor<8x4xi1>
  return %0, %1, %2 : tensor<8x4xf32>, tensor<8x4xf32>, tensor<8x4xi1>
}

// -----

// No move when it would not shrink work: a broadcast used elsewhere too, different
// dimensions, or an operand that is neither a broadcast nor a splat.
// CHECK-LABEL: func.func @no_sink
// CHECK: %[[B:.*]] = stablehlo.broadcast_in_dim %arg0, dims = [1]
// CHECK: stablehlo.exponential %[[B]]
// CHECK: stablehlo.add {{.*}} : tensor<4x4xf32>
// CHECK: stablehlo.multiply {{.*}} : tensor<8x4xf32>
func.func @no_sink(%x: tensor<4xf32>, %y: tensor<4xf32>, %z: tensor<8x4xf32>) -> (tensor<8x4xf32>, tensor<8x4xf32>, tensor<4x4xf32>, tensor<8x4xf32>) {
  %bx = stablehlo.broadcast_in_dim %x, dims = [1] : (tensor<4xf32>) -> tensor<8x4xf32>
  %0 = stablehlo.exponential %bx : tensor<8x4xf32>
  %r = stablehlo.broadcast_in_dim %x, dims = [0] : (tensor<4xf32>) -> tensor<4x4xf32>
  %c = stablehlo.broadcast_in_dim %y, dims = [1] : (tensor<4xf32>) -> tensor<4x4xf32>
  %1 = stablehlo.add %r, %c : tensor<4x4xf32>
  %bx2 = stablehlo.broadcast_in_dim %x, dims = [1] : (tensor<4xf32>) -> tensor<8x4xf32>
  %2 = stablehlo.multiply %bx2, %z : tensor<8x4xf32>
  return %0, %bx, %1, %2 : tensor<8x4xf32>, tensor<8x4xf32>, tensor<4x4xf32>, tensor<8x4xf32>
}
