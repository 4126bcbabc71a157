// stablehlo.reduce: one or several dimensions, variadic inputs (argmax), every element-type class, NaN and -0 in max/min, integer wrap-around, empty and rank-0 inputs, promoted bodies. Expected values from XLA CPU (JAX), or by hand where noted.

// Sums over rows, columns and everything (f32 fast path).
func.func @main() {
  %x = stablehlo.constant dense<[[1.0, 2.0, 3.5], [-4.0, 0.25, 8.0]]> : tensor<2x3xf32>
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %a = stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
  %b = stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [0] : (tensor<2x3xf32>, tensor<f32>) -> tensor<3xf32>
  %c = stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [0, 1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<f32>
  check.expect_eq_const %a, dense<[6.5, 4.25]> : tensor<2xf32>
  check.expect_eq_const %b, dense<[-3.0, 2.25, 11.5]> : tensor<3xf32>
  check.expect_eq_const %c, dense<10.75> : tensor<f32>
  func.return
}

// -----

// Max and min propagate NaN; -0 and +0; the init value takes part.
func.func @main() {
  %x = stablehlo.constant dense<[[1.0, 0x7FC00000, -0.0], [5.0, 2.0, 0.0], [-1.0, 3.0, -0.0]]> : tensor<3x3xf32>
  %lo = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %hi = stablehlo.constant dense<0x7F800000> : tensor<f32>
  %a = stablehlo.reduce(%x init: %lo) applies stablehlo.maximum across dimensions = [0] : (tensor<3x3xf32>, tensor<f32>) -> tensor<3xf32>
  %b = stablehlo.reduce(%x init: %hi) applies stablehlo.minimum across dimensions = [0] : (tensor<3x3xf32>, tensor<f32>) -> tensor<3xf32>
  check.expect_eq_const %a, dense<[5.0, 0x7FC00000, -0.0]> : tensor<3xf32>
  check.expect_eq_const %b, dense<[-1.0, 0x7FC00000, -0.0]> : tensor<3xf32>
  func.return
}

// -----

// Integer sum and product wrap around; max, min, and, or, xor; unsigned.
func.func @main() {
  %x = stablehlo.constant dense<[[100, 50, -3], [127, 1, 2]]> : tensor<2x3xi8>
  %z = stablehlo.constant dense<0> : tensor<i8>
  %one = stablehlo.constant dense<1> : tensor<i8>
  %s = stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [1] : (tensor<2x3xi8>, tensor<i8>) -> tensor<2xi8>
  %p = stablehlo.reduce(%x init: %one) applies stablehlo.multiply across dimensions = [1] : (tensor<2x3xi8>, tensor<i8>) -> tensor<2xi8>
  %y = stablehlo.constant dense<[[-2147483648, 5, 7], [3, -1, 2147483647]]> : tensor<2x3xi32>
  %imin = stablehlo.constant dense<-2147483648> : tensor<i32>
  %imax = stablehlo.constant dense<2147483647> : tensor<i32>
  %mx = stablehlo.reduce(%y init: %imin) applies stablehlo.maximum across dimensions = [1] : (tensor<2x3xi32>, tensor<i32>) -> tensor<2xi32>
  %mn = stablehlo.reduce(%y init: %imax) applies stablehlo.minimum across dimensions = [1] : (tensor<2x3xi32>, tensor<i32>) -> tensor<2xi32>
  %u = stablehlo.constant dense<[[255, 15, 240], [1, 2, 4]]> : tensor<2x3xui8>
  %uz = stablehlo.constant dense<0> : tensor<ui8>
  %uo = stablehlo.constant dense<255> : tensor<ui8>
  %ua = stablehlo.reduce(%u init: %uo) applies stablehlo.and across dimensions = [1] : (tensor<2x3xui8>, tensor<ui8>) -> tensor<2xui8>
  %uor = stablehlo.reduce(%u init: %uz) applies stablehlo.or across dimensions = [1] : (tensor<2x3xui8>, tensor<ui8>) -> tensor<2xui8>
  %ux = stablehlo.reduce(%u init: %uz) applies stablehlo.xor across dimensions = [1] : (tensor<2x3xui8>, tensor<ui8>) -> tensor<2xui8>
  check.expect_eq_const %s, dense<[-109, -126]> : tensor<2xi8>
  check.expect_eq_const %p, dense<[104, -2]> : tensor<2xi8>
  check.expect_eq_const %mx, dense<[7, 2147483647]> : tensor<2xi32>
  check.expect_eq_const %mn, dense<[-2147483648, -1]> : tensor<2xi32>
  check.expect_eq_const %ua, dense<[0, 0]> : tensor<2xui8>
  check.expect_eq_const %uor, dense<[255, 7]> : tensor<2xui8>
  check.expect_eq_const %ux, dense<[0, 7]> : tensor<2xui8>
  func.return
}

// -----

// Booleans: any and all.
func.func @main() {
  %x = stablehlo.constant dense<[[true, false], [true, true]]> : tensor<2x2xi1>
  %f = stablehlo.constant dense<false> : tensor<i1>
  %t = stablehlo.constant dense<true> : tensor<i1>
  %any = stablehlo.reduce(%x init: %f) applies stablehlo.or across dimensions = [1] : (tensor<2x2xi1>, tensor<i1>) -> tensor<2xi1>
  %all = stablehlo.reduce(%x init: %t) applies stablehlo.and across dimensions = [1] : (tensor<2x2xi1>, tensor<i1>) -> tensor<2xi1>
  check.expect_eq_const %any, dense<[true, true]> : tensor<2xi1>
  check.expect_eq_const %all, dense<[false, true]> : tensor<2xi1>
  func.return
}

// -----

// bf16 sums round in bf16 at each step; f64 and complex.
func.func @main() {
  %x = stablehlo.constant dense<[256.0, 1.0, 1.0, 1.0]> : tensor<4xbf16>
  %z = stablehlo.constant dense<0.0> : tensor<bf16>
  %s = stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [0] : (tensor<4xbf16>, tensor<bf16>) -> tensor<bf16>
  %y = stablehlo.constant dense<[1.5, 2.25, -0.125]> : tensor<3xf64>
  %one = stablehlo.constant dense<1.0> : tensor<f64>
  %p = stablehlo.reduce(%y init: %one) applies stablehlo.multiply across dimensions = [0] : (tensor<3xf64>, tensor<f64>) -> tensor<f64>
  %c = stablehlo.constant dense<[(1.0, 2.0), (3.0, -1.0)]> : tensor<2xcomplex<f32>>
  %cz = stablehlo.constant dense<(0.0, 0.0)> : tensor<complex<f32>>
  %cs = stablehlo.reduce(%c init: %cz) applies stablehlo.add across dimensions = [0] : (tensor<2xcomplex<f32>>, tensor<complex<f32>>) -> tensor<complex<f32>>
  check.expect_eq_const %s, dense<256.0> : tensor<bf16>
  check.expect_eq_const %p, dense<-0.421875> : tensor<f64>
  check.expect_eq_const %cs, dense<(4.0, 1.0)> : tensor<complex<f32>>
  func.return
}

// -----

// Variadic reduce with a region body: argmax along a dimension (first index on ties).
func.func @main() {
  %x = stablehlo.constant dense<[[1.0, 7.0, 7.0, 2.0], [-1.0, -5.0, -0.5, -3.0]]> : tensor<2x4xf32>
  %i = stablehlo.iota dim = 1 : tensor<2x4xi32>
  %lo = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %z = stablehlo.constant dense<0> : tensor<i32>
  %r:2 = stablehlo.reduce(%x init: %lo), (%i init: %z) across dimensions = [1] : (tensor<2x4xf32>, tensor<2x4xi32>, tensor<f32>, tensor<i32>) -> (tensor<2xf32>, tensor<2xi32>)
   reducer(%a: tensor<f32>, %c: tensor<f32>) (%b: tensor<i32>, %d: tensor<i32>) {
    %gt = stablehlo.compare GT, %a, %c : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %eq = stablehlo.compare EQ, %a, %c : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %lt = stablehlo.compare LT, %b, %d : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %tie = stablehlo.and %eq, %lt : tensor<i1>
    %keep = stablehlo.or %gt, %tie : tensor<i1>
    %v = stablehlo.select %keep, %a, %c : tensor<i1>, tensor<f32>
    %j = stablehlo.select %keep, %b, %d : tensor<i1>, tensor<i32>
    stablehlo.return %v, %j : tensor<f32>, tensor<i32>
  }
  check.expect_eq_const %r#0, dense<[7.0, -0.5]> : tensor<2xf32>
  check.expect_eq_const %r#1, dense<[1, 2]> : tensor<2xi32>
  func.return
}

// -----

// A body that is not a single op goes through the region (sum of squares, ints).
func.func @main() {
  %x = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %z = stablehlo.constant dense<0> : tensor<i32>
  %r = stablehlo.reduce(%x init: %z) across dimensions = [1] : (tensor<2x3xi32>, tensor<i32>) -> tensor<2xi32>
   reducer(%a: tensor<i32>, %b: tensor<i32>) {
    %sq = stablehlo.multiply %b, %b : tensor<i32>
    %s = stablehlo.add %a, %sq : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }
  check.expect_eq_const %r, dense<[14, 77]> : tensor<2xi32>
  func.return
}

// -----

// An empty reduced dimension gives the init value; an empty kept dimension an empty result;
// no dimensions copies a rank-0 input (the spec lets an implementation use init any number of
// times, so init is the identity here).
func.func @main() {
  %e = stablehlo.constant dense<> : tensor<0x3xf32>
  %init = stablehlo.constant dense<7.5> : tensor<f32>
  %a = stablehlo.reduce(%e init: %init) applies stablehlo.add across dimensions = [0] : (tensor<0x3xf32>, tensor<f32>) -> tensor<3xf32>
  %b = stablehlo.reduce(%e init: %init) applies stablehlo.add across dimensions = [1] : (tensor<0x3xf32>, tensor<f32>) -> tensor<0xf32>
  %s = stablehlo.constant dense<5> : tensor<i32>
  %z = stablehlo.constant dense<0> : tensor<i32>
  %c = stablehlo.reduce(%s init: %z) applies stablehlo.add across dimensions = [] : (tensor<i32>, tensor<i32>) -> tensor<i32>
  check.expect_eq_const %a, dense<[7.5, 7.5, 7.5]> : tensor<3xf32>
  check.expect_eq_const %b, dense<> : tensor<0xf32>
  check.expect_eq_const %c, dense<5> : tensor<i32>
  func.return
}

// -----

// Complex maximum is lexicographic; 16-bit products wrap; i4 sums wrap.
func.func @main() {
  %c = stablehlo.constant dense<[(1.0, 5.0), (2.0, -1.0), (2.0, -3.0)]> : tensor<3xcomplex<f32>>
  %cz = stablehlo.constant dense<(-100.0, 0.0)> : tensor<complex<f32>>
  %m = stablehlo.reduce(%c init: %cz) applies stablehlo.maximum across dimensions = [0] : (tensor<3xcomplex<f32>>, tensor<complex<f32>>) -> tensor<complex<f32>>
  %u = stablehlo.constant dense<[65535, 65535, 3]> : tensor<3xui16>
  %one = stablehlo.constant dense<1> : tensor<ui16>
  %p = stablehlo.reduce(%u init: %one) applies stablehlo.multiply across dimensions = [0] : (tensor<3xui16>, tensor<ui16>) -> tensor<ui16>
  %i = stablehlo.constant dense<[7, 7, -8]> : tensor<3xi4>
  %iz = stablehlo.constant dense<0> : tensor<i4>
  %s = stablehlo.reduce(%i init: %iz) applies stablehlo.add across dimensions = [0] : (tensor<3xi4>, tensor<i4>) -> tensor<i4>
  check.expect_eq_const %m, dense<(2.0, -1.0)> : tensor<complex<f32>>
  check.expect_eq_const %p, dense<3> : tensor<ui16>
  check.expect_eq_const %s, dense<6> : tensor<i4>
  func.return
}

// -----

// bf16 inputs with an f32 init and body: the spec converts the inputs to f32 first, so
// 256 + 1 + 1 + 1 = 259 is exact (XLA rejects mixed precisions; the value is the spec's).
func.func @main() {
  %x = stablehlo.constant dense<[256.0, 1.0, 1.0, 1.0]> : tensor<4xbf16>
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %s = stablehlo.reduce(%x init: %z) across dimensions = [0] : (tensor<4xbf16>, tensor<f32>) -> tensor<f32>
   reducer(%a: tensor<f32>, %b: tensor<f32>) {
    %r = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %r : tensor<f32>
  }
  check.expect_eq_const %s, dense<259.0> : tensor<f32>
  func.return
}

// -----

// Promoted bodies (spec is_promotable): f32 summed in f64 keeps the ones that an f32 sum of
// 2^24 + 1 + 1 + 1 rounds away; i8 summed in i32 does not wrap; i1 counted in i32; two inputs
// promoted in one body. Expected values by hand.
func.func @main() {
  %x = stablehlo.constant dense<[[16777216.0, 1.0, 1.0, 1.0], [0.5, 16777216.0, -16777216.0, 0.25]]> : tensor<2x4xf32>
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %i = stablehlo.constant dense<[[100, 100, 100, -50], [-128, -128, -128, 127]]> : tensor<2x4xi8>
  %iz = stablehlo.constant dense<0> : tensor<i8>
  %b = stablehlo.constant dense<[[true, false, true, true], [false, false, false, true]]> : tensor<2x4xi1>
  %bz = stablehlo.constant dense<false> : tensor<i1>
  %f = stablehlo.reduce(%x init: %z) across dimensions = [1] : (tensor<2x4xf32>, tensor<f32>) -> tensor<2xf64>
   reducer(%a: tensor<f64>, %c: tensor<f64>)  {
    %s = stablehlo.add %a, %c : tensor<f64>
    stablehlo.return %s : tensor<f64>
  }
  %n = stablehlo.reduce(%i init: %iz) across dimensions = [1] : (tensor<2x4xi8>, tensor<i8>) -> tensor<2xi32>
   reducer(%a: tensor<i32>, %c: tensor<i32>)  {
    %s = stablehlo.add %a, %c : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }
  %k = stablehlo.reduce(%b init: %bz) across dimensions = [0, 1] : (tensor<2x4xi1>, tensor<i1>) -> tensor<i32>
   reducer(%a: tensor<i32>, %c: tensor<i32>)  {
    %s = stablehlo.add %a, %c : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }
  %v:2 = stablehlo.reduce(%x init: %z), (%i init: %iz) across dimensions = [0, 1] : (tensor<2x4xf32>, tensor<2x4xi8>, tensor<f32>, tensor<i8>) -> (tensor<f64>, tensor<i32>)
   reducer(%a: tensor<f64>, %c: tensor<f64>) (%ai: tensor<i32>, %ci: tensor<i32>)  {
    %s = stablehlo.add %a, %c : tensor<f64>
    %si = stablehlo.add %ai, %ci : tensor<i32>
    stablehlo.return %s, %si : tensor<f64>, tensor<i32>
  }
  check.expect_eq_const %f, dense<[16777219.0, 0.75]> : tensor<2xf64>
  check.expect_eq_const %n, dense<[250, -257]> : tensor<2xi32>
  check.expect_eq_const %k, dense<4> : tensor<i32>
  check.expect_eq_const %v#0, dense<16777219.75> : tensor<f64>
  check.expect_eq_const %v#1, dense<-7> : tensor<i32>
  func.return
}
