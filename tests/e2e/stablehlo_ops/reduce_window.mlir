// stablehlo.reduce_window: window sizes, strides, padding (the init value fills it), base and window dilations, variadic inputs, each type class, empty results, promoted bodies. Expected values from XLA CPU (JAX), or by hand where noted.

// 2x2 max pool with stride 2, and a 3-wide sum with padding 1 on each side (f32).
func.func @main() {
  %x = stablehlo.constant dense<[[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0], [9.0, -1.0, 0x7FC00000, 0.5], [-2.0, -3.0, 1.0, 2.0]]> : tensor<4x4xf32>
  %lo = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %m = "stablehlo.reduce_window"(%x, %lo) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %r = stablehlo.maximum %a, %b : tensor<f32>
    stablehlo.return %r : tensor<f32>
  }) : (tensor<4x4xf32>, tensor<f32>) -> tensor<2x2xf32>
  %s = "stablehlo.reduce_window"(%x, %z) <{window_dimensions = array<i64: 1, 3>, padding = dense<[[0, 0], [1, 1]]> : tensor<2x2xi64>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %r = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %r : tensor<f32>
  }) : (tensor<4x4xf32>, tensor<f32>) -> tensor<4x4xf32>
  check.expect_eq_const %m, dense<[[6.0, 8.0], [9.0, 0x7FC00000]]> : tensor<2x2xf32>
  check.expect_eq_const %s, dense<[[3.0, 6.0, 9.0, 7.0], [11.0, 18.0, 21.0, 15.0], [8.0, 0x7FC00000, 0x7FC00000, 0x7FC00000], [-5.0, -4.0, 0.0, 3.0]]> : tensor<4x4xf32>
  func.return
}

// -----

// Base dilation 2 (the holes hold the init value) and window dilation 2 (i32). The spec pads
// with the init value where XLA skips padding; with an identity init both agree.
func.func @main() {
  %x = stablehlo.constant dense<[1, 2, 3, 4, 5]> : tensor<5xi32>
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %one = stablehlo.constant dense<1> : tensor<i32>
  %a = "stablehlo.reduce_window"(%x, %zero) <{window_dimensions = array<i64: 4>, base_dilations = array<i64: 2>}> ({
  ^bb0(%p: tensor<i32>, %q: tensor<i32>):
    %r = stablehlo.add %p, %q : tensor<i32>
    stablehlo.return %r : tensor<i32>
  }) : (tensor<5xi32>, tensor<i32>) -> tensor<6xi32>
  %b = "stablehlo.reduce_window"(%x, %one) <{window_dimensions = array<i64: 2>, window_dilations = array<i64: 2>, window_strides = array<i64: 1>}> ({
  ^bb0(%p: tensor<i32>, %q: tensor<i32>):
    %r = stablehlo.multiply %p, %q : tensor<i32>
    stablehlo.return %r : tensor<i32>
  }) : (tensor<5xi32>, tensor<i32>) -> tensor<3xi32>
  check.expect_eq_const %a, dense<[3, 5, 5, 7, 7, 9]> : tensor<6xi32>
  check.expect_eq_const %b, dense<[3, 8, 15]> : tensor<3xi32>
  func.return
}

// -----

// Variadic: a windowed argmax through the region; negative padding trims the input.
func.func @main() {
  %x = stablehlo.constant dense<[3.0, 9.0, 1.0, 4.0, 4.0, -2.0]> : tensor<6xf32>
  %i = stablehlo.iota dim = 0 : tensor<6xi32>
  %lo = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %z = stablehlo.constant dense<-1> : tensor<i32>
  %r:2 = "stablehlo.reduce_window"(%x, %i, %lo, %z) <{window_dimensions = array<i64: 2>, window_strides = array<i64: 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<i32>, %c: tensor<f32>, %d: tensor<i32>):
    %ge = stablehlo.compare GE, %a, %c : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %v = stablehlo.select %ge, %a, %c : tensor<i1>, tensor<f32>
    %j = stablehlo.select %ge, %b, %d : tensor<i1>, tensor<i32>
    stablehlo.return %v, %j : tensor<f32>, tensor<i32>
  }) : (tensor<6xf32>, tensor<6xi32>, tensor<f32>, tensor<i32>) -> (tensor<3xf32>, tensor<3xi32>)
  %y = stablehlo.constant dense<[100, 100, 100, 1]> : tensor<4xi8>
  %z8 = stablehlo.constant dense<0> : tensor<i8>
  %w = "stablehlo.reduce_window"(%y, %z8) <{window_dimensions = array<i64: 2>, padding = dense<[[-1, -1]]> : tensor<1x2xi64>}> ({
  ^bb0(%a: tensor<i8>, %b: tensor<i8>):
    %s = stablehlo.add %a, %b : tensor<i8>
    stablehlo.return %s : tensor<i8>
  }) : (tensor<4xi8>, tensor<i8>) -> tensor<1xi8>
  check.expect_eq_const %r#0, dense<[9.0, 4.0, 4.0]> : tensor<3xf32>
  check.expect_eq_const %r#1, dense<[1, 3, 4]> : tensor<3xi32>
  check.expect_eq_const %w, dense<[-56]> : tensor<1xi8>
  func.return
}

// -----

// Booleans, bf16 and an empty result.
func.func @main() {
  %x = stablehlo.constant dense<[true, false, false]> : tensor<3xi1>
  %f = stablehlo.constant dense<false> : tensor<i1>
  %a = "stablehlo.reduce_window"(%x, %f) <{window_dimensions = array<i64: 2>}> ({
  ^bb0(%p: tensor<i1>, %q: tensor<i1>):
    %r = stablehlo.or %p, %q : tensor<i1>
    stablehlo.return %r : tensor<i1>
  }) : (tensor<3xi1>, tensor<i1>) -> tensor<2xi1>
  %y = stablehlo.constant dense<[256.0, 1.0, 1.0]> : tensor<3xbf16>
  %bz = stablehlo.constant dense<0.0> : tensor<bf16>
  %b = "stablehlo.reduce_window"(%y, %bz) <{window_dimensions = array<i64: 2>}> ({
  ^bb0(%p: tensor<bf16>, %q: tensor<bf16>):
    %r = stablehlo.add %p, %q : tensor<bf16>
    stablehlo.return %r : tensor<bf16>
  }) : (tensor<3xbf16>, tensor<bf16>) -> tensor<2xbf16>
  %e = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %ez = stablehlo.constant dense<0.0> : tensor<f32>
  %c = "stablehlo.reduce_window"(%e, %ez) <{window_dimensions = array<i64: 3>}> ({
  ^bb0(%p: tensor<f32>, %q: tensor<f32>):
    %r = stablehlo.add %p, %q : tensor<f32>
    stablehlo.return %r : tensor<f32>
  }) : (tensor<2xf32>, tensor<f32>) -> tensor<0xf32>
  check.expect_eq_const %a, dense<[true, false]> : tensor<2xi1>
  check.expect_eq_const %b, dense<[256.0, 2.0]> : tensor<2xbf16>
  check.expect_eq_const %c, dense<> : tensor<0xf32>
  func.return
}

// -----

// Promoted bodies (spec is_promotable): a prefix sum of f32 in f64 (each step exact), and
// i8 windows summed in i32 where the padding holds the init value, converted like the
// inputs. Expected values by hand.
func.func @main() {
  %x = stablehlo.constant dense<[16777216.0, 1.0, 1.0, 1.0]> : tensor<4xf32>
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %i = stablehlo.constant dense<[100, 100, 100]> : tensor<3xi8>
  %one = stablehlo.constant dense<1> : tensor<i8>
  %c = "stablehlo.reduce_window"(%x, %z) <{window_dimensions = array<i64: 4>, padding = dense<[[3, 0]]> : tensor<1x2xi64>}> ({
  ^bb0(%a: tensor<f64>, %b: tensor<f64>):
    %r = stablehlo.add %a, %b : tensor<f64>
    stablehlo.return %r : tensor<f64>
  }) : (tensor<4xf32>, tensor<f32>) -> tensor<4xf64>
  %s = "stablehlo.reduce_window"(%i, %one) <{window_dimensions = array<i64: 2>, padding = dense<[[1, 1]]> : tensor<1x2xi64>}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %r = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %r : tensor<i32>
  }) : (tensor<3xi8>, tensor<i8>) -> tensor<4xi32>
  check.expect_eq_const %c, dense<[16777216.0, 16777217.0, 16777218.0, 16777219.0]> : tensor<4xf64>
  check.expect_eq_const %s, dense<[102, 201, 201, 102]> : tensor<4xi32>
  func.return
}
