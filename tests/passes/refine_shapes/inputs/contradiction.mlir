// The shape operand computes [3, 2] from the argument's shape; the result type says 2 rows.
func.func @main(%arg0: tensor<2x3xi32>) -> tensor<2x?xi32> {
  %n = stablehlo.get_dimension_size %arg0, dim = 1 : (tensor<2x3xi32>) -> tensor<i32>
  %n1 = stablehlo.reshape %n : (tensor<i32>) -> tensor<1xi32>
  %two = stablehlo.constant dense<[2]> : tensor<1xi32>
  %s = stablehlo.concatenate %n1, %two, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
  %r = stablehlo.dynamic_reshape %arg0, %s : (tensor<2x3xi32>, tensor<2xi32>) -> tensor<2x?xi32>
  return %r : tensor<2x?xi32>
}
