// expect: result #0 tensor<4xi32> must have element type i64 (operand #0 is tensor<4xi64>)
func.func @main(%x: tensor<4xi64>) -> tensor<4xi32> {
  %0 = "stablehlo.collective_reduce"(%x) ({
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    %1 = stablehlo.add %a, %b : tensor<i64>
    stablehlo.return %1 : tensor<i64>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xi64>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}
