// RUN: kiln compile --pass=fuse-reductions,fuse-loops,fuse-siblings,dce --split-input-file %s | FileCheck %s
// RUN: kiln compile --pass=fuse-reductions,fuse-loops,fuse-siblings,dce --split-input-file --validate 1 %s -o /dev/null

// The mean and the mean of squares of one tensor: two reductions of the same rows read it once.
// CHECK-LABEL: func.func @moments
// CHECK: %[[F:.*]]:2 = kiln.fusion "multi_output" (%arg0)
// CHECK-NOT: kiln.fusion
// CHECK-COUNT-2: stablehlo.reduce
// CHECK: func.return %[[F]]#{{[01]}}, %[[F]]#{{[01]}}
func.func @moments(%x: tensor<4x64xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %n = stablehlo.constant dense<64.0> : tensor<4xf32>
  %s = stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [1] : (tensor<4x64xf32>, tensor<f32>) -> tensor<4xf32>
  %m = stablehlo.divide %s, %n : tensor<4xf32>
  %sq = stablehlo.multiply %x, %x : tensor<4x64xf32>
  %s2 = stablehlo.reduce(%sq init: %z) applies stablehlo.add across dimensions = [1] : (tensor<4x64xf32>, tensor<f32>) -> tensor<4xf32>
  %m2 = stablehlo.divide %s2, %n : tensor<4xf32>
  return %m, %m2 : tensor<4xf32>, tensor<4xf32>
}

// -----

// Reductions over different dimensions iterate differently: they stay two kernels.
// CHECK-LABEL: func.func @different_axes
// CHECK-NOT: "multi_output"
func.func @different_axes(%x: tensor<4x64xf32>) -> (tensor<4xf32>, tensor<64xf32>) {
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %e = stablehlo.exponential %x : tensor<4x64xf32>
  %s = stablehlo.reduce(%e init: %z) applies stablehlo.add across dimensions = [1] : (tensor<4x64xf32>, tensor<f32>) -> tensor<4xf32>
  %l = stablehlo.log %s : tensor<4xf32>
  %e2 = stablehlo.exponential %x : tensor<4x64xf32>
  %c = stablehlo.reduce(%e2 init: %z) applies stablehlo.add across dimensions = [0] : (tensor<4x64xf32>, tensor<f32>) -> tensor<64xf32>
  %l2 = stablehlo.log %c : tensor<64xf32>
  return %l, %l2 : tensor<4xf32>, tensor<64xf32>
}
