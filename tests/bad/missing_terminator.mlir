// expect: region must end with a terminator
func.func @main(%arg0: tensor<f32>) -> tensor<f32> {
}
