// kiln.fusion runs its body on its operands, whatever its kind.

// A loop fusion of several element-wise ops.
func.func @main() {
  %a = stablehlo.constant dense<[1.0, -2.0, 3.5, 0.0]> : tensor<4xf32>
  %b = stablehlo.constant dense<[2.0, 0.5, -1.0, 4.0]> : tensor<4xf32>
  %r = kiln.fusion "loop" (%a, %b) ({
  ^bb0(%x: tensor<4xf32>, %y: tensor<4xf32>):
    %m = stablehlo.multiply %x, %y : tensor<4xf32>
    %s = stablehlo.add %m, %x : tensor<4xf32>
    %n = stablehlo.negate %s : tensor<4xf32>
    %e = stablehlo.maximum %n, %y : tensor<4xf32>
    stablehlo.return %e : tensor<4xf32>
  }) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  check.expect_eq_const %r, dense<[2.0, 3.0, 0.0, 4.0]> : tensor<4xf32>
  func.return
}

// -----

// Several results, one of them an operand passed straight through, in the generic form.
func.func @main() {
  %a = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %r:3 = "kiln.fusion"(%a) <{kind = "multi_output"}> ({
  ^bb0(%x: tensor<2x3xi32>):
    %sq = stablehlo.multiply %x, %x : tensor<2x3xi32>
    %t = stablehlo.transpose %sq, dims = [1, 0] : (tensor<2x3xi32>) -> tensor<3x2xi32>
    stablehlo.return %sq, %t, %x : tensor<2x3xi32>, tensor<3x2xi32>, tensor<2x3xi32>
  }) : (tensor<2x3xi32>) -> (tensor<2x3xi32>, tensor<3x2xi32>, tensor<2x3xi32>)
  check.expect_eq_const %r#0, dense<[[1, 4, 9], [16, 25, 36]]> : tensor<2x3xi32>
  check.expect_eq_const %r#1, dense<[[1, 16], [4, 25], [9, 36]]> : tensor<3x2xi32>
  check.expect_eq_const %r#2, dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  func.return
}

// -----

// An input fusion: a row reduction with the op before it and the op after it.
func.func @main() {
  %a = stablehlo.constant dense<[[1.0, -2.0, 3.0], [0.5, 0.5, -4.0]]> : tensor<2x3xf32>
  %r = kiln.fusion "input" (%a) ({
  ^bb0(%x: tensor<2x3xf32>):
    %sq = stablehlo.multiply %x, %x : tensor<2x3xf32>
    %z = stablehlo.constant dense<0.0> : tensor<f32>
    %sum = stablehlo.reduce(%sq init: %z) applies stablehlo.add across dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
    %root = stablehlo.sqrt %sum : tensor<2xf32>
    stablehlo.return %root : tensor<2xf32>
  }) : (tensor<2x3xf32>) -> tensor<2xf32>
  check.expect_almost_eq_const %r, dense<[3.7416573867739413, 4.0620192023179804]> : tensor<2xf32>, tolerance = 1.0e-06
  func.return
}

// -----

// A horizontal fusion of two independent computations of different shapes, inside a loop
// body, and a fusion with no operands.
func.func @main() {
  %a = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %b = stablehlo.constant dense<3> : tensor<i64>
  %c = stablehlo.constant dense<0> : tensor<i64>
  %r:3 = stablehlo.while(%i = %c, %x = %a, %y = %b) : tensor<i64>, tensor<2xf32>, tensor<i64>
    cond {
      %n = stablehlo.constant dense<2> : tensor<i64>
      %lt = stablehlo.compare LT, %i, %n : (tensor<i64>, tensor<i64>) -> tensor<i1>
      stablehlo.return %lt : tensor<i1>
    } do {
      %f:2 = kiln.fusion "horizontal" (%x, %y) ({
      ^bb0(%p: tensor<2xf32>, %q: tensor<i64>):
        %d = stablehlo.add %p, %p : tensor<2xf32>
        %s = stablehlo.multiply %q, %q : tensor<i64>
        stablehlo.return %d, %s : tensor<2xf32>, tensor<i64>
      }) : (tensor<2xf32>, tensor<i64>) -> (tensor<2xf32>, tensor<i64>)
      %one = kiln.fusion "loop" () ({
        %k = stablehlo.constant dense<1> : tensor<i64>
        stablehlo.return %k : tensor<i64>
      }) : () -> tensor<i64>
      %next = stablehlo.add %i, %one : tensor<i64>
      stablehlo.return %next, %f#0, %f#1 : tensor<i64>, tensor<2xf32>, tensor<i64>
    }
  check.expect_eq_const %r#1, dense<[4.0, 8.0]> : tensor<2xf32>
  check.expect_eq_const %r#2, dense<81> : tensor<i64>
  func.return
}
