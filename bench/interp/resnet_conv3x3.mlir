// A ResNet-50 stage-1 3x3 convolution as JAX emits it: NHWC x HWIO, stride 1, padding 1,
// batch 8, 56x56, 64 -> 64 channels (f32). Benchmarked by interp_bench.cpp on random inputs.
func.func @main(%x: tensor<8x56x56x64xf32>, %w: tensor<3x3x64x64xf32>) -> tensor<8x56x56x64xf32> {
  %r = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<8x56x56x64xf32>, tensor<3x3x64x64xf32>) -> tensor<8x56x56x64xf32>
  func.return %r : tensor<8x56x56x64xf32>
}
