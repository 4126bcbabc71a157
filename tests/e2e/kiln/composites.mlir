// The named kiln composites run their decomposition on their operands; `config` is only read
// by backends.

// kiln.softmax over the last axis, decomposed the way the pattern pass writes it.
func.func @main() {
  %a = stablehlo.constant dense<[[1.0, 2.0, 3.0], [0.0, 0.0, 0.0]]> : tensor<2x3xf32>
  %r = kiln.softmax(%a) {config = {axis = 1 : i64}} ({
  ^bb0(%x: tensor<2x3xf32>):
    %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %max = stablehlo.reduce(%x init: %ninf) applies stablehlo.maximum across dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
    %maxb = stablehlo.broadcast_in_dim %max, dims = [0] : (tensor<2xf32>) -> tensor<2x3xf32>
    %shifted = stablehlo.subtract %x, %maxb : tensor<2x3xf32>
    %e = stablehlo.exponential %shifted : tensor<2x3xf32>
    %zero = stablehlo.constant dense<0.0> : tensor<f32>
    %sum = stablehlo.reduce(%e init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
    %sumb = stablehlo.broadcast_in_dim %sum, dims = [0] : (tensor<2xf32>) -> tensor<2x3xf32>
    %y = stablehlo.divide %e, %sumb : tensor<2x3xf32>
    stablehlo.return %y : tensor<2x3xf32>
  }) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  check.expect_almost_eq_const %r, dense<[[0.09003057317038046, 0.24472847105479764, 0.6652409557748218], [0.3333333333333333, 0.3333333333333333, 0.3333333333333333]]> : tensor<2x3xf32>, tolerance = 1.0e-06
  func.return
}

// -----

// kiln.log_softmax in the generic form, and kiln.silu without a config, one feeding the other.
func.func @main() {
  %a = stablehlo.constant dense<[[1.0, 2.0, 3.0]]> : tensor<1x3xf32>
  %l = "kiln.log_softmax"(%a) <{config = {axis = -1 : i64}}> ({
  ^bb0(%x: tensor<1x3xf32>):
    %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %max = stablehlo.reduce(%x init: %ninf) applies stablehlo.maximum across dimensions = [1] : (tensor<1x3xf32>, tensor<f32>) -> tensor<1xf32>
    %maxb = stablehlo.broadcast_in_dim %max, dims = [0] : (tensor<1xf32>) -> tensor<1x3xf32>
    %shifted = stablehlo.subtract %x, %maxb : tensor<1x3xf32>
    %e = stablehlo.exponential %shifted : tensor<1x3xf32>
    %zero = stablehlo.constant dense<0.0> : tensor<f32>
    %sum = stablehlo.reduce(%e init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<1x3xf32>, tensor<f32>) -> tensor<1xf32>
    %log = stablehlo.log %sum : tensor<1xf32>
    %logb = stablehlo.broadcast_in_dim %log, dims = [0] : (tensor<1xf32>) -> tensor<1x3xf32>
    %y = stablehlo.subtract %shifted, %logb : tensor<1x3xf32>
    stablehlo.return %y : tensor<1x3xf32>
  }) : (tensor<1x3xf32>) -> tensor<1x3xf32>
  check.expect_almost_eq_const %l, dense<[[-2.4076059644443806, -1.4076059644443804, -0.4076059644443804]]> : tensor<1x3xf32>, tolerance = 1.0e-06
  %s = kiln.silu(%l) ({
  ^bb0(%x: tensor<1x3xf32>):
    %sig = stablehlo.logistic %x : tensor<1x3xf32>
    %y = stablehlo.multiply %x, %sig : tensor<1x3xf32>
    stablehlo.return %y : tensor<1x3xf32>
  }) : (tensor<1x3xf32>) -> tensor<1x3xf32>
  check.expect_almost_eq_const %s, dense<[[-0.19885510579479235, -0.2767521299116502, -0.16283300048930824]]> : tensor<1x3xf32>, tolerance = 1.0e-06
  func.return
}

// -----

// kiln.gemm with a bias and ReLU epilogue, inside a loop fusion.
func.func @main() {
  %a = stablehlo.constant dense<[[1.0, 2.0], [3.0, -4.0]]> : tensor<2x2xf32>
  %b = stablehlo.constant dense<[[1.0, 0.0, -1.0], [0.5, 1.0, 2.0]]> : tensor<2x3xf32>
  %bias = stablehlo.constant dense<[0.0, -1.0, 1.0]> : tensor<3xf32>
  %r = kiln.fusion "loop" (%a, %b, %bias) ({
  ^bb0(%x: tensor<2x2xf32>, %w: tensor<2x3xf32>, %c: tensor<3xf32>):
    %g = kiln.gemm(%x, %w, %c) {config = {activation = "relu", transpose_lhs = false}} ({
    ^bb0(%p: tensor<2x2xf32>, %q: tensor<2x3xf32>, %v: tensor<3xf32>):
      %d = stablehlo.dot_general %p, %q, contracting_dims = [1] x [0] : (tensor<2x2xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
      %vb = stablehlo.broadcast_in_dim %v, dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
      %s = stablehlo.add %d, %vb : tensor<2x3xf32>
      %zero = stablehlo.constant dense<0.0> : tensor<2x3xf32>
      %relu = stablehlo.maximum %s, %zero : tensor<2x3xf32>
      stablehlo.return %relu : tensor<2x3xf32>
    }) : (tensor<2x2xf32>, tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
    stablehlo.return %g : tensor<2x3xf32>
  }) : (tensor<2x2xf32>, tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  check.expect_eq_const %r, dense<[[2.0, 1.0, 4.0], [1.0, 0.0, 0.0]]> : tensor<2x3xf32>
  func.return
}
