// stablehlo.sort: invalid programs, one per constraint, with the error each must give.
func.func @main(%x: tensor<4xf32>) {
  // expected-error@+1 {{results (tensor<5xf32>) must have the inputs' types (tensor<4xf32>)}}
  %0 = "stablehlo.sort"(%x) <{dimension = 0 : i64}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = stablehlo.compare LT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }) : (tensor<4xf32>) -> tensor<5xf32>
  return
}
