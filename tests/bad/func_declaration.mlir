// expect: unsupported: function declaration @external has no body
func.func @main(%arg0: tensor<2xf32>) -> tensor<2xf32> {
  return %arg0 : tensor<2xf32>
}
func.func private @external(tensor<2xf32>, tensor<i32>) -> tensor<2xf32> attributes {llvm.emit_c_interface}
