// expect: dimension size too large
func.func @main(%arg0: tensor<99999999999999999999999xf32>) -> tensor<99999999999999999999999xf32> {
  return %arg0 : tensor<99999999999999999999999xf32>
}
