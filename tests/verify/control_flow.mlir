// stablehlo.while, if and case: invalid programs, one per constraint, with their errors.
func.func @main(%x: tensor<4xf32>) {
  // expected-error@+1 {{results (tensor<5xf32>) must have the operands' types (tensor<4xf32>)}}
  %0 = "stablehlo.while"(%x) ({
  ^bb0(%a: tensor<4xf32>):
    %c = stablehlo.constant dense<true> : tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%a: tensor<4xf32>):
    stablehlo.return %a : tensor<4xf32>
  }) : (tensor<4xf32>) -> tensor<5xf32>
  return
}

// -----

func.func @main(%i: tensor<i32>) {
  // expected-error@+1 {{needs at least one branch}}
  "stablehlo.case"(%i) : (tensor<i32>) -> ()
  return
}
