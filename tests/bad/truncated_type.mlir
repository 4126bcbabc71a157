// expect: error: expected
func.func @main(%arg0: tensor<2x
