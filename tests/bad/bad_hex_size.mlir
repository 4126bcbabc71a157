// expect: hex literal holds 3 bytes but tensor<2xf32> needs 8
func.func @main() -> tensor<2xf32> {
  %0 = "stablehlo.constant"() <{value = dense<"0x000102"> : tensor<2xf32>}> : () -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
