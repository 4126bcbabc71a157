func.func @main(%arg0: tensor<2x3xf32>) -> tensor<i32> {
  %0 = stablehlo.get_dimension_size %arg0, dim = 1 : (tensor<2x3xf32>) -> tensor<i32>
  func.return %0 : tensor<i32>
}
// -----
func.func @main(%arg0: tensor<0xi1>) -> tensor<i32> {
  %0 = "stablehlo.get_dimension_size"(%arg0) <{dimension = 0 : i64}> : (tensor<0xi1>) -> tensor<i32>
  func.return %0 : tensor<i32>
}
