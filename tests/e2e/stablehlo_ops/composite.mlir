// A composite runs its decomposition.
func.func @my_add(%a: tensor<3xf32>, %b: tensor<3xf32>) -> tensor<3xf32> {
  %0 = stablehlo.add %a, %b : tensor<3xf32>
  func.return %0 : tensor<3xf32>
}

func.func @main() {
  %a = stablehlo.constant dense<[1.0, -0.0, 0x7F800000]> : tensor<3xf32>
  %b = stablehlo.constant dense<[2.5, -0.0, 1.0]> : tensor<3xf32>
  %r = stablehlo.composite "kiln.my_add" %a, %b {composite_attributes = {alpha = 1 : i64}, decomposition = @my_add, version = 1 : i32} : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  check.expect_eq_const %r, dense<[3.5, -0.0, 0x7F800000]> : tensor<3xf32>
  func.return
}

// -----

// Several results, nested composites, and an integer type.
func.func @inner(%a: tensor<i32>) -> tensor<i32> {
  %0 = stablehlo.multiply %a, %a : tensor<i32>
  func.return %0 : tensor<i32>
}

func.func @outer(%a: tensor<i32>) -> (tensor<i32>, tensor<i32>) {
  %0 = stablehlo.composite "kiln.square" %a {decomposition = @inner} : (tensor<i32>) -> tensor<i32>
  func.return %0, %a : tensor<i32>, tensor<i32>
}

func.func @main() {
  %a = stablehlo.constant dense<65536> : tensor<i32>
  %r:2 = stablehlo.composite "kiln.pair" %a {decomposition = @outer} : (tensor<i32>) -> (tensor<i32>, tensor<i32>)
  check.expect_eq_const %r#0, dense<0> : tensor<i32>
  check.expect_eq_const %r#1, dense<65536> : tensor<i32>
  func.return
}
