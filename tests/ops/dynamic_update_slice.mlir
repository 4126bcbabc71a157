func.func @main(%arg0: tensor<10x6xf32>, %arg1: tensor<3x2xf32>, %arg2: tensor<i32>, %arg3: tensor<i32>) -> tensor<10x6xf32> {
  %0 = stablehlo.dynamic_update_slice %arg0, %arg1, %arg2, %arg3 : (tensor<10x6xf32>, tensor<3x2xf32>, tensor<i32>, tensor<i32>) -> tensor<10x6xf32>
  func.return %0 : tensor<10x6xf32>
}
// -----
func.func @main(%arg0: tensor<4xi1>, %arg1: tensor<0xi1>, %arg2: tensor<i64>) -> tensor<4xi1> {
  %0 = stablehlo.dynamic_update_slice %arg0, %arg1, %arg2 {tag} : (tensor<4xi1>, tensor<0xi1>, tensor<i64>) -> tensor<4xi1>
  func.return %0 : tensor<4xi1>
}
// -----
func.func @main(%arg0: tensor<bf16>, %arg1: tensor<bf16>) -> tensor<bf16> {
  %0 = stablehlo.dynamic_update_slice %arg0, %arg1 : (tensor<bf16>, tensor<bf16>) -> tensor<bf16>
  func.return %0 : tensor<bf16>
}
