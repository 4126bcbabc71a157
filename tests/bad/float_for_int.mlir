// expect: expected an integer literal for i32
func.func @main() -> tensor<i32> {
  %0 = "stablehlo.constant"() <{value = dense<1.5> : tensor<i32>}> : () -> tensor<i32>
  return %0 : tensor<i32>
}
