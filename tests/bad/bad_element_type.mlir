// expect: unknown element type 'f33'
func.func @main(%arg0: tensor<2xf33>) -> tensor<2xf33> {
  return %arg0 : tensor<2xf33>
}
