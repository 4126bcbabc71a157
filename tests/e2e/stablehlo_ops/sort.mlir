// stablehlo.sort: along either dimension, several operands sorted together, stable ties, descending, a total-order comparator with NaN and -0, rank 1 and empty. Expected values from XLA CPU (JAX).

// Ascending along the last dimension, with an index operand carried along (argsort); ties stay in order.
func.func @main() {
  %x = stablehlo.constant dense<[[3, 1, 3, -2], [0, 0, 5, 0]]> : tensor<2x4xi32>
  %i = stablehlo.iota dim = 1 : tensor<2x4xi32>
  %r:2 = "stablehlo.sort"(%x, %i) <{dimension = 1 : i64, is_stable = true}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>, %c: tensor<i32>, %d: tensor<i32>):
    %lt = stablehlo.compare LT, %a, %b : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  }) : (tensor<2x4xi32>, tensor<2x4xi32>) -> (tensor<2x4xi32>, tensor<2x4xi32>)
  check.expect_eq_const %r#0, dense<[[-2, 1, 3, 3], [0, 0, 0, 5]]> : tensor<2x4xi32>
  check.expect_eq_const %r#1, dense<[[3, 1, 0, 2], [0, 1, 3, 2]]> : tensor<2x4xi32>
  func.return
}

// -----

// Descending along dimension 0 (f32).
func.func @main() {
  %x = stablehlo.constant dense<[[1.0, -5.0], [7.5, 2.0], [-3.0, 2.5]]> : tensor<3x2xf32>
  %r = "stablehlo.sort"(%x) <{dimension = 0 : i64, is_stable = false}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %gt = stablehlo.compare GT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %gt : tensor<i1>
  }) : (tensor<3x2xf32>) -> tensor<3x2xf32>
  check.expect_eq_const %r, dense<[[7.5, 2.5], [1.0, 2.0], [-3.0, -5.0]]> : tensor<3x2xf32>
  func.return
}

// -----

// TOTALORDER puts -NaN first, then -inf, -0 before +0, +NaN last.
func.func @main() {
  %x = stablehlo.constant dense<[0x7FC00000, 0.0, -0.0, 0xFF800000, 1.0, 0xFFC00000, -1.0]> : tensor<7xf32>
  %r = "stablehlo.sort"(%x) <{dimension = 0 : i64, is_stable = true}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %lt = stablehlo.compare LT, %a, %b, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  }) : (tensor<7xf32>) -> tensor<7xf32>
  check.expect_eq_const %r, dense<[0xFFC00000, 0xFF800000, -1.0, -0.0, 0.0, 1.0, 0x7FC00000]> : tensor<7xf32>
  func.return
}

// -----

// A lexicographic comparator over two keys (ui8 then bf16), and a boolean payload.
func.func @main() {
  %k = stablehlo.constant dense<[2, 1, 2, 1, 0]> : tensor<5xui8>
  %v = stablehlo.constant dense<[0.5, 3.0, -1.0, 3.0, 9.0]> : tensor<5xbf16>
  %p = stablehlo.constant dense<[true, false, true, true, false]> : tensor<5xi1>
  %r:3 = "stablehlo.sort"(%k, %v, %p) <{dimension = 0 : i64, is_stable = true}> ({
  ^bb0(%a: tensor<ui8>, %b: tensor<ui8>, %c: tensor<bf16>, %d: tensor<bf16>, %e: tensor<i1>, %f: tensor<i1>):
    %lt = stablehlo.compare LT, %a, %b : (tensor<ui8>, tensor<ui8>) -> tensor<i1>
    %eq = stablehlo.compare EQ, %a, %b : (tensor<ui8>, tensor<ui8>) -> tensor<i1>
    %lt2 = stablehlo.compare LT, %c, %d : (tensor<bf16>, tensor<bf16>) -> tensor<i1>
    %t = stablehlo.and %eq, %lt2 : tensor<i1>
    %o = stablehlo.or %lt, %t : tensor<i1>
    stablehlo.return %o : tensor<i1>
  }) : (tensor<5xui8>, tensor<5xbf16>, tensor<5xi1>) -> (tensor<5xui8>, tensor<5xbf16>, tensor<5xi1>)
  check.expect_eq_const %r#0, dense<[0, 1, 1, 2, 2]> : tensor<5xui8>
  check.expect_eq_const %r#1, dense<[9.0, 3.0, 3.0, -1.0, 0.5]> : tensor<5xbf16>
  check.expect_eq_const %r#2, dense<[false, false, true, true, true]> : tensor<5xi1>
  func.return
}

// -----

// Empty input; a one-element dimension.
func.func @main() {
  %x = stablehlo.constant dense<> : tensor<0x3xf64>
  %r = "stablehlo.sort"(%x) <{dimension = 1 : i64, is_stable = true}> ({
  ^bb0(%a: tensor<f64>, %b: tensor<f64>):
    %lt = stablehlo.compare LT, %a, %b : (tensor<f64>, tensor<f64>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  }) : (tensor<0x3xf64>) -> tensor<0x3xf64>
  %y = stablehlo.constant dense<[[5, -9]]> : tensor<1x2xi64>
  %s = "stablehlo.sort"(%y) <{dimension = 0 : i64, is_stable = true}> ({
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    %lt = stablehlo.compare LT, %a, %b : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  }) : (tensor<1x2xi64>) -> tensor<1x2xi64>
  check.expect_eq_const %r, dense<> : tensor<0x3xf64>
  check.expect_eq_const %s, dense<[[5, -9]]> : tensor<1x2xi64>
  func.return
}
