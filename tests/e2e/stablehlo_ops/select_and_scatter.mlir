// stablehlo.select_and_scatter: the max-pool gradient (GE select), overlapping windows accumulating, padding never selected, a first-wins select, integers, a promoted scatter region. Expected values from XLA CPU (JAX), or by hand where noted.

// Non-overlapping 2x2 windows, stride 2 (f32): each source value lands on its window's maximum.
func.func @main() {
  %x = stablehlo.constant dense<[[1.0, 5.0, 3.0, 4.0], [2.0, 0.0, 8.0, 8.0], [-1.0, -2.0, 0.5, 0.25], [-3.0, -0.5, 0.75, 0.125]]> : tensor<4x4xf32>
  %s = stablehlo.constant dense<[[10.0, 20.0], [30.0, 40.0]]> : tensor<2x2xf32>
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %r = "stablehlo.select_and_scatter"(%x, %s, %z) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %ge = stablehlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %ge : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %sum = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %sum : tensor<f32>
  }) : (tensor<4x4xf32>, tensor<2x2xf32>, tensor<f32>) -> tensor<4x4xf32>
  check.expect_eq_const %r, dense<[[0.0, 10.0, 0.0, 0.0], [0.0, 0.0, 20.0, 0.0], [0.0, 0.0, 0.0, 0.0], [0.0, 30.0, 40.0, 0.0]]> : tensor<4x4xf32>
  func.return
}

// -----

// Overlapping windows (size 3, stride 1) with padding 1: selections accumulate; init 5 stays where nothing lands.
func.func @main() {
  %x = stablehlo.constant dense<[1, 9, 2, 2, 7]> : tensor<5xi32>
  %s = stablehlo.constant dense<[1, 2, 3, 4, 5]> : tensor<5xi32>
  %z = stablehlo.constant dense<5> : tensor<i32>
  %r = "stablehlo.select_and_scatter"(%x, %s, %z) <{window_dimensions = array<i64: 3>, window_strides = array<i64: 1>, padding = dense<[[1, 1]]> : tensor<1x2xi64>}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %ge = stablehlo.compare GE, %a, %b : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %ge : tensor<i1>
  }, {
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %sum = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %sum : tensor<i32>
  }) : (tensor<5xi32>, tensor<5xi32>, tensor<i32>) -> tensor<5xi32>
  check.expect_eq_const %r, dense<[5, 11, 5, 5, 14]> : tensor<5xi32>
  func.return
}

// -----

// Min-pool gradient with ties (LE keeps the first), bf16.
func.func @main() {
  %x = stablehlo.constant dense<[2.0, 2.0, 1.0, 1.0]> : tensor<4xbf16>
  %s = stablehlo.constant dense<[0.5, 0.25]> : tensor<2xbf16>
  %z = stablehlo.constant dense<0.0> : tensor<bf16>
  %r = "stablehlo.select_and_scatter"(%x, %s, %z) <{window_dimensions = array<i64: 2>, window_strides = array<i64: 2>}> ({
  ^bb0(%a: tensor<bf16>, %b: tensor<bf16>):
    %le = stablehlo.compare LE, %a, %b : (tensor<bf16>, tensor<bf16>) -> tensor<i1>
    stablehlo.return %le : tensor<i1>
  }, {
  ^bb0(%a: tensor<bf16>, %b: tensor<bf16>):
    %sum = stablehlo.add %a, %b : tensor<bf16>
    stablehlo.return %sum : tensor<bf16>
  }) : (tensor<4xbf16>, tensor<2xbf16>, tensor<bf16>) -> tensor<4xbf16>
  check.expect_eq_const %r, dense<[0.5, 0.0, 0.25, 0.0]> : tensor<4xbf16>
  func.return
}

// -----

// A promoted scatter region (spec C10-C12): the init value and the source values are summed
// in f64, so 1 + 2^24 + 1 keeps both ones that f32 would round away. Expected values by hand.
func.func @main() {
  %x = stablehlo.constant dense<[1.0, 9.0, 2.0]> : tensor<3xf32>
  %s = stablehlo.constant dense<[16777216.0, 1.0]> : tensor<2xf32>
  %one = stablehlo.constant dense<1.0> : tensor<f32>
  %r = "stablehlo.select_and_scatter"(%x, %s, %one) <{window_dimensions = array<i64: 2>, window_strides = array<i64: 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %ge = stablehlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %ge : tensor<i1>
  }, {
  ^bb0(%a: tensor<f64>, %b: tensor<f64>):
    %sum = stablehlo.add %a, %b : tensor<f64>
    stablehlo.return %sum : tensor<f64>
  }) : (tensor<3xf32>, tensor<2xf32>, tensor<f32>) -> tensor<3xf64>
  check.expect_eq_const %r, dense<[1.0, 16777218.0, 1.0]> : tensor<3xf64>
  func.return
}
