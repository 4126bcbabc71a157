// A loop whose carried value doubles each iteration: its shape is the trip count's, which
// specialization to the input shapes cannot fix.
func.func @main(%arg0: tensor<1xf32>) -> tensor<?xf32> {
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %c = stablehlo.convert %arg0 : (tensor<1xf32>) -> tensor<?xf32>
  %r:2 = stablehlo.while(%i = %zero, %x = %c) : tensor<i32>, tensor<?xf32>
    cond {
    %three = stablehlo.constant dense<3> : tensor<i32>
    %lt = stablehlo.compare LT, %i, %three : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  } do {
    %one = stablehlo.constant dense<1> : tensor<i32>
    %j = stablehlo.add %i, %one : tensor<i32>
    %y = stablehlo.concatenate %x, %x, dim = 0 : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
    stablehlo.return %j, %y : tensor<i32>, tensor<?xf32>
  }
  return %r#1 : tensor<?xf32>
}
