func.func @main(%arg0: tensor<2x3xf32>, %arg1: tensor<i32>) -> tensor<i32> {
  %0 = stablehlo.tuple %arg0, %arg1 : tuple<tensor<2x3xf32>, tensor<i32>>
  %1 = stablehlo.get_tuple_element %0[1] : (tuple<tensor<2x3xf32>, tensor<i32>>) -> tensor<i32>
  func.return %1 : tensor<i32>
}
// -----
func.func @main(%arg0: tuple<tensor<f32>, tuple<tensor<i1>>>) -> tensor<i1> {
  %0 = stablehlo.get_tuple_element %arg0[1] : (tuple<tensor<f32>, tuple<tensor<i1>>>) -> tuple<tensor<i1>>
  %1 = stablehlo.get_tuple_element %0[0] : (tuple<tensor<i1>>) -> tensor<i1>
  func.return %1 : tensor<i1>
}
// -----
func.func @main(%arg0: tensor<f32>) -> tuple<tuple<>, tuple<tensor<f32>>> {
  %0 = stablehlo.tuple : tuple<>
  %1 = stablehlo.tuple %arg0 {tag} : tuple<tensor<f32>>
  %2 = "stablehlo.tuple"(%0, %1) : (tuple<>, tuple<tensor<f32>>) -> tuple<tuple<>, tuple<tensor<f32>>>
  func.return %2 : tuple<tuple<>, tuple<tensor<f32>>>
}
