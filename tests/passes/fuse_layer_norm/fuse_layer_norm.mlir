// RUN: kiln compile --pass=fuse-layer-norm,dce --split-input-file %s | FileCheck %s

// (x - mean) / sqrt(mean((x - mean)^2) + eps) * g + b.
// CHECK-LABEL: func.func @sqrt_divide
// CHECK: kiln.layer_norm(%arg0, %arg1, %arg2) {config = {axis = 1 : i64, epsilon = {{.*}} : f64, scale = true, bias = true, variance = "centered", residual = false}}
// CHECK: stablehlo.sqrt
// CHECK-NOT: kiln.layer_norm
func.func @sqrt_divide(%x: tensor<4x8xf32>, %g: tensor<8xf32>, %b: tensor<8xf32>) -> tensor<4x8xf32> {
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %n = stablehlo.constant dense<8.0> : tensor<4xf32>
  %s = stablehlo.reduce(%x init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
  %m = stablehlo.divide %s, %n : tensor<4xf32>
  %mb = stablehlo.broadcast_in_dim %m, dims = [0] : (tensor<4xf32>) -> tensor<4x8xf32>
  %c = stablehlo.subtract %x, %mb : tensor<4x8xf32>
  %sq = chlo.square %c : tensor<4x8xf32> -> tensor<4x8xf32>
  %s2 = stablehlo.reduce(%sq init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
  %var = stablehlo.divide %s2, %n : tensor<4xf32>
  %eps = stablehlo.constant dense<1.0e-5> : tensor<4xf32>
  %ve = stablehlo.add %var, %eps : tensor<4xf32>
  %sd = stablehlo.sqrt %ve : tensor<4xf32>
  %sdb = stablehlo.broadcast_in_dim %sd, dims = [0] : (tensor<4xf32>) -> tensor<4x8xf32>
  %y = stablehlo.divide %c, %sdb : tensor<4x8xf32>
  %gb = stablehlo.broadcast_in_dim %g, dims = [1] : (tensor<8xf32>) -> tensor<4x8xf32>
  %ys = stablehlo.multiply %y, %gb : tensor<4x8xf32>
  %bb = stablehlo.broadcast_in_dim %b, dims = [1] : (tensor<8xf32>) -> tensor<4x8xf32>
  %out = stablehlo.add %ys, %bb : tensor<4x8xf32>
  return %out : tensor<4x8xf32>
}

// -----

// The mean is used elsewhere too: not fused.
// CHECK-LABEL: func.func @mean_escapes
// CHECK-NOT: kiln.layer_norm
func.func @mean_escapes(%x: tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4xf32>) {
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %n = stablehlo.constant dense<8.0> : tensor<4xf32>
  %s = stablehlo.reduce(%x init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
  %m = stablehlo.divide %s, %n : tensor<4xf32>
  %mb = stablehlo.broadcast_in_dim %m, dims = [0] : (tensor<4xf32>) -> tensor<4x8xf32>
  %c = stablehlo.subtract %x, %mb : tensor<4x8xf32>
  %sq = chlo.square %c : tensor<4x8xf32> -> tensor<4x8xf32>
  %s2 = stablehlo.reduce(%sq init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
  %var = stablehlo.divide %s2, %n : tensor<4xf32>
  %eps = stablehlo.constant dense<1.0e-5> : tensor<4xf32>
  %ve = stablehlo.add %var, %eps : tensor<4xf32>
  %r = stablehlo.rsqrt %ve : tensor<4xf32>
  %rb = stablehlo.broadcast_in_dim %r, dims = [0] : (tensor<4xf32>) -> tensor<4x8xf32>
  %y = stablehlo.multiply %c, %rb : tensor<4x8xf32>
  return %y, %m : tensor<4x8xf32>, tensor<4xf32>
}
