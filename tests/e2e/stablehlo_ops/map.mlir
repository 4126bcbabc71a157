// stablehlo.map: the computation applied per element.
// Expected values from XLA (JAX CPU).

func.func @main() {
  %a0 = stablehlo.constant dense<[[1.5, -2.0], [0.0, 4.0]]> : tensor<2x2xf32>
  %a1 = stablehlo.constant dense<[[2.0, 3.0], [-1.0, 0.5]]> : tensor<2x2xf32>
  %r0 = "stablehlo.map"(%a0, %a1) ({
  ^bb0(%p: tensor<f32>, %q: tensor<f32>):
    %m = stablehlo.multiply %p, %q : tensor<f32>
    %s = stablehlo.add %m, %p : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {dimensions = array<i64: 0, 1>} : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
  check.expect_eq_const %r0, dense<[[4.5, -8.0], [0.0, 6.0]]> : tensor<2x2xf32>
  func.return
}

// -----

// result type differs from the inputs
func.func @main() {
  %a0 = stablehlo.constant dense<[0, 1, 2, -5]> : tensor<4xi32>
  %r0 = "stablehlo.map"(%a0) ({
  ^bb0(%p: tensor<i32>):
    %c = stablehlo.constant dense<3> : tensor<i32>
    %m = stablehlo.multiply %p, %c : tensor<i32>
    %b = stablehlo.compare GT, %m, %c : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %b : tensor<i1>
  }) {dimensions = array<i64: 0>} : (tensor<4xi32>) -> tensor<4xi1>
  check.expect_eq_const %r0, dense<[false, false, true, false]> : tensor<4xi1>
  func.return
}

// -----

// zero-sized
func.func @main() {
  %a0 = stablehlo.constant dense<> : tensor<0xf32>
  %r0 = "stablehlo.map"(%a0) ({
  ^bb0(%p: tensor<f32>):
    stablehlo.return %p : tensor<f32>
  }) {dimensions = array<i64: 0>} : (tensor<0xf32>) -> tensor<0xf32>
  check.expect_eq_const %r0, dense<> : tensor<0xf32>
  func.return
}

// -----

// rank 0
func.func @main() {
  %a0 = stablehlo.constant dense<1.5> : tensor<bf16>
  %a1 = stablehlo.constant dense<-2.0> : tensor<bf16>
  %r0 = "stablehlo.map"(%a0, %a1) ({
  ^bb0(%p: tensor<bf16>, %q: tensor<bf16>):
    %s = stablehlo.maximum %p, %q : tensor<bf16>
    stablehlo.return %s : tensor<bf16>
  }) {dimensions = array<i64>} : (tensor<bf16>, tensor<bf16>) -> tensor<bf16>
  check.expect_eq_const %r0, dense<1.5> : tensor<bf16>
  func.return
}
