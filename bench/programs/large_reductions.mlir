// Large reductions for timing the cuda backend's reduction strategies (codegen/reduction_kernel.h):
// whole-tensor sums of 16M f32 (64 MiB: one wave of blocks, a block per slice, a second kernel
// over the slices) and of 32M f32 (128 MiB: four waves), column sums of [4096, 1024] over the
// batch (split columns) and 16 rows of 1M (a block per slice of each row). Time it on the GPU
// machine:
//   kiln bench --program bench/programs/large_reductions.mlir
//   kiln run --backend cuda -O2 --random-inputs 1 --time bench/programs/large_reductions.mlir
func.func @main(%whole: tensor<16777216xf32>, %cols: tensor<4096x1024xf32>, %rows: tensor<16x1048576xf32>, %large: tensor<33554432xf32>) -> (tensor<f32>, tensor<1024xf32>, tensor<16xf32>, tensor<f32>) {
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %a = stablehlo.reduce(%whole init: %z) applies stablehlo.add across dimensions = [0] : (tensor<16777216xf32>, tensor<f32>) -> tensor<f32>
  %b = stablehlo.reduce(%cols init: %z) applies stablehlo.add across dimensions = [0] : (tensor<4096x1024xf32>, tensor<f32>) -> tensor<1024xf32>
  %c = stablehlo.reduce(%rows init: %z) applies stablehlo.add across dimensions = [1] : (tensor<16x1048576xf32>, tensor<f32>) -> tensor<16xf32>
  %d = stablehlo.reduce(%large init: %z) applies stablehlo.add across dimensions = [0] : (tensor<33554432xf32>, tensor<f32>) -> tensor<f32>
  return %a, %b, %c, %d : tensor<f32>, tensor<1024xf32>, tensor<16xf32>, tensor<f32>
}
