// expect: integer literal -1 out of range for ui8
func.func @main() -> tensor<ui8> {
  %0 = "stablehlo.constant"() <{value = dense<-1> : tensor<ui8>}> : () -> tensor<ui8>
  return %0 : tensor<ui8>
}
