// reduce_window pads (and base-dilates) with the init value and combines every padding element
// (spec: reduce_window); XLA skips them and gives [11, 13, 16, 19, 22, 19, 15] here
// (docs/semantics.md, "reduce_window padding").
func.func @main() {
  %x = stablehlo.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0]> : tensor<5xf32>
  %init = stablehlo.constant dense<10.0> : tensor<f32>
  %r = "stablehlo.reduce_window"(%x, %init) <{padding = dense<[[2, 2]]> : tensor<1x2xi64>, window_dimensions = array<i64: 3>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<5xf32>, tensor<f32>) -> tensor<7xf32>
  check.expect_eq_const %r, dense<[31.0, 23.0, 16.0, 19.0, 22.0, 29.0, 35.0]> : tensor<7xf32>
  func.return
}

// -----

// Base dilation holes are init values too; XLA gives [13, 12, 15, 13, 17, 14, 19].
func.func @main() {
  %x = stablehlo.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0]> : tensor<5xf32>
  %init = stablehlo.constant dense<10.0> : tensor<f32>
  %r = "stablehlo.reduce_window"(%x, %init) <{base_dilations = array<i64: 2>, window_dimensions = array<i64: 3>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<5xf32>, tensor<f32>) -> tensor<7xf32>
  check.expect_eq_const %r, dense<[23.0, 32.0, 25.0, 33.0, 27.0, 34.0, 29.0]> : tensor<7xf32>
  func.return
}
