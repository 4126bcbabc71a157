// A call whose callee returns a dynamic shape: refine-shapes asks for inline first.
func.func @main(%arg0: tensor<2xf32>) -> tensor<?xf32> {
  %r = func.call @poly(%arg0) : (tensor<2xf32>) -> tensor<?xf32>
  return %r : tensor<?xf32>
}
func.func private @poly(%x: tensor<2xf32>) -> tensor<?xf32> {
  %c = stablehlo.convert %x : (tensor<2xf32>) -> tensor<?xf32>
  return %c : tensor<?xf32>
}
