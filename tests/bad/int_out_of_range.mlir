// expect: integer literal 300 out of range for i8
func.func @main() -> tensor<i8> {
  %0 = "stablehlo.constant"() <{value = dense<300> : tensor<i8>}> : () -> tensor<i8>
  return %0 : tensor<i8>
}
