// expect: unknown comparison_direction value 'XX'
func.func @main(%arg0: tensor<f32>) -> tensor<i1> {
  %0 = "stablehlo.compare"(%arg0, %arg0) <{comparison_direction = #stablehlo<comparison_direction XX>}> : (tensor<f32>, tensor<f32>) -> tensor<i1>
  return %0 : tensor<i1>
}
