// A shape assertion that the input's size 4 fails (JAX's message, shortened: {0} is the value of
// the operand after the predicate).
func.func @main(%arg0: tensor<4xf32>) -> tensor<4xf32> {
  %n = stablehlo.get_dimension_size %arg0, dim = 0 : (tensor<4xf32>) -> tensor<i32>
  %eight = stablehlo.constant dense<8> : tensor<i32>
  %ok = stablehlo.compare GE, %n, %eight, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
  stablehlo.custom_call @shape_assertion(%ok, %n) {error_message = "Expected value >= 8 for dimension variable 'b'. Obtained 'b' = {0} for dimension x.shape[0] (= {0}).", has_side_effect = true} : (tensor<i1>, tensor<i32>) -> ()
  return %arg0 : tensor<4xf32>
}
