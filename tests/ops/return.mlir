// stablehlo.return ends the regions of StableHLO ops: one value, several, none.
func.func @main(%a: tensor<f32>, %b: tensor<2xi32>, %p: tensor<i1>) -> (tensor<f32>, tensor<2xi32>) {
  %0:2 = "stablehlo.if"(%p) ({
    stablehlo.return %a, %b : tensor<f32>, tensor<2xi32>
  }, {
    stablehlo.return %a, %b : tensor<f32>, tensor<2xi32>
  }) : (tensor<i1>) -> (tensor<f32>, tensor<2xi32>)
  return %0#0, %0#1 : tensor<f32>, tensor<2xi32>
}

// -----

func.func @main(%p: tensor<i1>) {
  "stablehlo.if"(%p) ({
    stablehlo.return
  }, {
    "stablehlo.return"() : () -> ()
  }) : (tensor<i1>) -> ()
  return
}
