func.func @main() -> tensor<2x3xf32> {
  %0 = stablehlo.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
}
// -----
func.func @main() -> (tensor<i32>, tensor<4xi1>, tensor<ui8>) {
  %0 = stablehlo.constant dense<-7> : tensor<i32>
  %1 = stablehlo.constant dense<[true, false, true, true]> : tensor<4xi1>
  %2 = stablehlo.constant dense<255> : tensor<ui8>
  func.return %0, %1, %2 : tensor<i32>, tensor<4xi1>, tensor<ui8>
}
// -----
func.func @main() -> (tensor<3xbf16>, tensor<complex<f32>>, tensor<0xf32>) {
  %0 = stablehlo.constant dense<0.5> : tensor<3xbf16>
  %1 = stablehlo.constant dense<(1.5, -2.0)> : tensor<complex<f32>>
  %2 = stablehlo.constant dense<> : tensor<0xf32>
  func.return %0, %1, %2 : tensor<3xbf16>, tensor<complex<f32>>, tensor<0xf32>
}
// -----
func.func @main() -> (tensor<f64>, tensor<2xf32>) {
  %0 = stablehlo.constant {tag = "x"} dense<0x7FF8000000000000> : tensor<f64>
  %1 = "stablehlo.constant"() <{value = dense<[1.0, -0.0]> : tensor<2xf32>}> : () -> tensor<2xf32>
  func.return %0, %1 : tensor<f64>, tensor<2xf32>
}
