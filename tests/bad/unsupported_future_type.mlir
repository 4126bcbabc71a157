// expect: unsupported: !stablehlo.future
func.func @main(%arg0: !stablehlo.future<tensor<2xf32>>) -> tensor<2xf32> {
  %0 = "stablehlo.async_done"(%arg0) : (!stablehlo.future<tensor<2xf32>>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
