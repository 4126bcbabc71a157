// The kiln dialect: valid programs that parse, verify and print back (not sent to the
// official parser, which does not know the dialect).

// Every kind of kiln.fusion, one with several results and one with no operands.
func.func @main(%a: tensor<4xf32>, %b: tensor<4xf32>, %i: tensor<2x3xi32>) -> tensor<4xf32> {
  %0 = kiln.fusion "loop" (%a, %b) ({
  ^bb0(%x: tensor<4xf32>, %y: tensor<4xf32>):
    %s = stablehlo.add %x, %y : tensor<4xf32>
    %m = stablehlo.multiply %s, %x : tensor<4xf32>
    stablehlo.return %m : tensor<4xf32>
  }) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %1 = kiln.fusion "input" (%i) ({
  ^bb0(%x: tensor<2x3xi32>):
    %z = stablehlo.constant dense<0> : tensor<i32>
    %r = stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [1] : (tensor<2x3xi32>, tensor<i32>) -> tensor<2xi32>
    stablehlo.return %r : tensor<2xi32>
  }) : (tensor<2x3xi32>) -> tensor<2xi32>
  %2:2 = "kiln.fusion"(%0) <{kind = "multi_output"}> ({
  ^bb0(%x: tensor<4xf32>):
    %n = stablehlo.negate %x : tensor<4xf32>
    stablehlo.return %n, %x : tensor<4xf32>, tensor<4xf32>
  }) : (tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
  %3 = kiln.fusion "horizontal" () ({
    %c = stablehlo.constant dense<2.0> : tensor<4xf32>
    stablehlo.return %c : tensor<4xf32>
  }) : () -> tensor<4xf32>
  return %3 : tensor<4xf32>
}

// -----

// Every named composite, with and without a config.
func.func @main(%a: tensor<2x8xf32>) {
  %0 = kiln.softmax(%a) {config = {axis = 1 : i64, name = "softmax"}} ({
  ^bb0(%x: tensor<2x8xf32>):
    stablehlo.return %x : tensor<2x8xf32>
  }) : (tensor<2x8xf32>) -> tensor<2x8xf32>
  %1 = kiln.log_softmax(%a) ({
  ^bb0(%x: tensor<2x8xf32>):
    stablehlo.return %x : tensor<2x8xf32>
  }) : (tensor<2x8xf32>) -> tensor<2x8xf32>
  %2 = kiln.gelu(%a) {config = {axis = 1 : i64, name = "gelu"}} ({
  ^bb0(%x: tensor<2x8xf32>):
    stablehlo.return %x : tensor<2x8xf32>
  }) : (tensor<2x8xf32>) -> tensor<2x8xf32>
  %3 = kiln.silu(%a) ({
  ^bb0(%x: tensor<2x8xf32>):
    stablehlo.return %x : tensor<2x8xf32>
  }) : (tensor<2x8xf32>) -> tensor<2x8xf32>
  %4 = kiln.swiglu(%a) {config = {axis = 1 : i64, name = "swiglu"}} ({
  ^bb0(%x: tensor<2x8xf32>):
    stablehlo.return %x : tensor<2x8xf32>
  }) : (tensor<2x8xf32>) -> tensor<2x8xf32>
  %5 = kiln.layer_norm(%a) ({
  ^bb0(%x: tensor<2x8xf32>):
    stablehlo.return %x : tensor<2x8xf32>
  }) : (tensor<2x8xf32>) -> tensor<2x8xf32>
  %6 = kiln.rms_norm(%a) {config = {axis = 1 : i64, name = "rms_norm"}} ({
  ^bb0(%x: tensor<2x8xf32>):
    stablehlo.return %x : tensor<2x8xf32>
  }) : (tensor<2x8xf32>) -> tensor<2x8xf32>
  %7 = kiln.attention(%a) ({
  ^bb0(%x: tensor<2x8xf32>):
    stablehlo.return %x : tensor<2x8xf32>
  }) : (tensor<2x8xf32>) -> tensor<2x8xf32>
  %8 = kiln.gemm(%a) {config = {axis = 1 : i64, name = "gemm"}} ({
  ^bb0(%x: tensor<2x8xf32>):
    stablehlo.return %x : tensor<2x8xf32>
  }) : (tensor<2x8xf32>) -> tensor<2x8xf32>
  %9 = kiln.rope(%a) ({
  ^bb0(%x: tensor<2x8xf32>):
    stablehlo.return %x : tensor<2x8xf32>
  }) : (tensor<2x8xf32>) -> tensor<2x8xf32>
  %10 = kiln.softmax_cross_entropy(%a) {config = {axis = 1 : i64, name = "softmax_cross_entropy"}} ({
  ^bb0(%x: tensor<2x8xf32>):
    stablehlo.return %x : tensor<2x8xf32>
  }) : (tensor<2x8xf32>) -> tensor<2x8xf32>
  return
}

// -----

// A composite inside a fusion inside a while body, and an empty config.
func.func @main(%a: tensor<3xf32>) -> tensor<3xf32> {
  %0 = stablehlo.while(%v = %a) : tensor<3xf32>
    cond {
      %t = stablehlo.constant dense<false> : tensor<i1>
      stablehlo.return %t : tensor<i1>
    } do {
      %f = kiln.fusion "loop" (%v) ({
      ^bb0(%x: tensor<3xf32>):
        %g = kiln.gelu(%x) {config = {}} ({
        ^bb0(%y: tensor<3xf32>):
          stablehlo.return %y : tensor<3xf32>
        }) : (tensor<3xf32>) -> tensor<3xf32>
        stablehlo.return %g : tensor<3xf32>
      }) : (tensor<3xf32>) -> tensor<3xf32>
      stablehlo.return %f : tensor<3xf32>
    }
  return %0 : tensor<3xf32>
}
