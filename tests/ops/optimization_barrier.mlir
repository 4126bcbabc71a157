func.func @main(%arg0: tensor<f32>, %arg1: tensor<4xi32>) -> (tensor<f32>, tensor<4xi32>) {
  %0:2 = stablehlo.optimization_barrier %arg0, %arg1 : tensor<f32>, tensor<4xi32>
  func.return %0#0, %0#1 : tensor<f32>, tensor<4xi32>
}
// -----
func.func @main(%arg0: tensor<2x3xbf16>) -> tensor<2x3xbf16> {
  %0 = stablehlo.optimization_barrier %arg0 : tensor<2x3xbf16>
  func.return %0 : tensor<2x3xbf16>
}
// -----
func.func @main(%arg0: !stablehlo.token) -> !stablehlo.token {
  stablehlo.optimization_barrier()
  %0 = "stablehlo.optimization_barrier"(%arg0) : (!stablehlo.token) -> !stablehlo.token
  func.return %0 : !stablehlo.token
}
