// expect: 4:1: error: expected '}' to end a region
func.func @main(%arg0: tensor<2xf32>) -> tensor<2xf32> {

