// expect: error:
func.func @main(%arg0: tensor<f32> {jax.name = "abc}) -> tensor<f32> {
  return %arg0 : tensor<f32>
}
