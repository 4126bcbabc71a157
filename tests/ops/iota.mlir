func.func @main() -> tensor<4xi32> {
  %0 = stablehlo.iota dim = 0 : tensor<4xi32>
  func.return %0 : tensor<4xi32>
}
// -----
func.func @main() -> (tensor<2x3xf32>, tensor<2x3x5xui64>) {
  %0 = stablehlo.iota dim = 1 : tensor<2x3xf32>
  %1 = stablehlo.iota dim = 2 : tensor<2x3x5xui64>
  func.return %0, %1 : tensor<2x3xf32>, tensor<2x3x5xui64>
}
// -----
func.func @main() -> tensor<0x3xbf16> {
  %0 = "stablehlo.iota"() <{iota_dimension = 0 : i64}> : () -> tensor<0x3xbf16>
  func.return %0 : tensor<0x3xbf16>
}
