// RUN: kiln compile --pass=fuse-loops,fuse-horizontal,dce --split-input-file %s | FileCheck %s
// RUN: kiln compile --pass=fuse-loops,fuse-horizontal,dce --split-input-file --validate 1 %s -o /dev/null

// Two small independent updates (an optimizer step over two parameters) become one launch
// holding both fusions unchanged.
// CHECK-LABEL: func.func @two_updates
// CHECK: %[[H:.*]]:2 = kiln.fusion "horizontal"
// CHECK: kiln.fusion "loop"
// CHECK: kiln.fusion "loop"
// CHECK: func.return %[[H]]#0, %[[H]]#1
func.func @two_updates(%w: tensor<16x8xf32>, %gw: tensor<16x8xf32>, %b: tensor<8xf32>, %gb: tensor<8xf32>) -> (tensor<16x8xf32>, tensor<8xf32>) {
  %lr = stablehlo.constant dense<0.1> : tensor<16x8xf32>
  %lrb = stablehlo.constant dense<0.1> : tensor<8xf32>
  %sw = stablehlo.multiply %gw, %lr : tensor<16x8xf32>
  %nw = stablehlo.subtract %w, %sw : tensor<16x8xf32>
  %sb = stablehlo.multiply %gb, %lrb : tensor<8xf32>
  %nb = stablehlo.subtract %b, %sb : tensor<8xf32>
  return %nw, %nb : tensor<16x8xf32>, tensor<8xf32>
}

// -----

// A fusion that reads another's result is not independent of it: two kernels stay.
// CHECK-LABEL: func.func @dependent
// CHECK-NOT: "horizontal"
func.func @dependent(%x: tensor<16xf32>, %m: tensor<16x16xf32>) -> tensor<16xf32> {
  %e = stablehlo.exponential %x : tensor<16xf32>
  %n = stablehlo.negate %e : tensor<16xf32>
  %d = stablehlo.dot_general %m, %n, contracting_dims = [1] x [0] : (tensor<16x16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %s = stablehlo.sine %d : tensor<16xf32>
  %c = stablehlo.cosine %s : tensor<16xf32>
  return %c : tensor<16xf32>
}
