// expect: unknown StableHLO attribute #stablehlo.nonsense
func.func @main(%arg0: tensor<f32>) -> tensor<f32> attributes {x = #stablehlo.nonsense<1>} {
  return %arg0 : tensor<f32>
}
