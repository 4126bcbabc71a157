// chlo.top_k: descending, ties by index, NaN above +inf and -NaN below -inf (jax.lax.top_k).
func.func @main() {
  %x = stablehlo.constant dense<[[3.0, 0x7FC00000, 1.0, 0xFF800000, 0x7F800000, 3.0, -0.0, 0.0, 0xFFC00000, 2.0]]> : tensor<1x10xf32>
  %v, %i = chlo.top_k(%x, k = 6) : tensor<1x10xf32> -> (tensor<1x6xf32>, tensor<1x6xi32>)
  check.expect_eq_const %v, dense<[[0x7FC00000, 0x7F800000, 3.0, 3.0, 2.0, 1.0]]> : tensor<1x6xf32>
  check.expect_eq_const %i, dense<[[1, 4, 0, 5, 9, 2]]> : tensor<1x6xi32>
  %v2, %i2 = chlo.top_k(%x, k = 10) : tensor<1x10xf32> -> (tensor<1x10xf32>, tensor<1x10xi32>)
  check.expect_eq_const %i2, dense<[[1, 4, 0, 5, 9, 2, 7, 6, 3, 8]]> : tensor<1x10xi32>
  func.return
}

// -----

// chlo.top_k on integers, several rows, k = 0.
func.func @main() {
  %x = stablehlo.constant dense<[[5, -1, 5, 7], [0, 0, -3, 1]]> : tensor<2x4xi32>
  %v, %i = chlo.top_k(%x, k = 3) : tensor<2x4xi32> -> (tensor<2x3xi32>, tensor<2x3xi32>)
  check.expect_eq_const %v, dense<[[7, 5, 5], [1, 0, 0]]> : tensor<2x3xi32>
  check.expect_eq_const %i, dense<[[3, 0, 2], [3, 0, 1]]> : tensor<2x3xi32>
  %u = stablehlo.constant dense<[[5, 255, 5, 7]]> : tensor<1x4xui8>
  %uv, %ui = chlo.top_k(%u, k = 2) : tensor<1x4xui8> -> (tensor<1x2xui8>, tensor<1x2xi32>)
  check.expect_eq_const %uv, dense<[[255, 7]]> : tensor<1x2xui8>
  check.expect_eq_const %ui, dense<[[1, 3]]> : tensor<1x2xi32>
  %zv, %zi = chlo.top_k(%x, k = 0) : tensor<2x4xi32> -> (tensor<2x0xi32>, tensor<2x0xi32>)
  func.return
}

// -----

// Numpy-style broadcasting: [2, 1] with [3] gives [2, 3]; integers wrap.
func.func @main() {
  %a = stablehlo.constant dense<[[1], [2147483647]]> : tensor<2x1xi32>
  %b = stablehlo.constant dense<[0, 1, -1]> : tensor<3xi32>
  %r = chlo.broadcast_add %a, %b : (tensor<2x1xi32>, tensor<3xi32>) -> tensor<2x3xi32>
  check.expect_eq_const %r, dense<[[1, 2, 0], [2147483647, -2147483648, 2147483646]]> : tensor<2x3xi32>
  %m = chlo.broadcast_multiply %b, %a : (tensor<3xi32>, tensor<2x1xi32>) -> tensor<2x3xi32>
  check.expect_eq_const %m, dense<[[0, 1, -1], [0, 2147483647, -2147483647]]> : tensor<2x3xi32>
  func.return
}

// -----

// broadcast_dimensions maps the lower-rank operand to result dimension 0.
func.func @main() {
  %a = stablehlo.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %b = stablehlo.constant dense<[10.0, 0.0]> : tensor<2xf32>
  %r = chlo.broadcast_subtract %a, %b {broadcast_dimensions = array<i64: 0>} : (tensor<2x3xf32>, tensor<2xf32>) -> tensor<2x3xf32>
  check.expect_eq_const %r, dense<[[-9.0, -8.0, -7.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %d = chlo.broadcast_divide %a, %b {broadcast_dimensions = array<i64: 0>} : (tensor<2x3xf32>, tensor<2xf32>) -> tensor<2x3xf32>
  check.expect_eq_const %d, dense<[[0.1, 0.2, 0.3], [0x7F800000, 0x7F800000, 0x7F800000]]> : tensor<2x3xf32>
  func.return
}

// -----

// broadcast_compare (IEEE: NaN unordered; TOTALORDER: -0 < +0) and broadcast_select.
func.func @main() {
  %a = stablehlo.constant dense<[1.0, 0x7FC00000, -0.0]> : tensor<3xf32>
  %b = stablehlo.constant dense<0.0> : tensor<f32>
  %lt = chlo.broadcast_compare %a, %b {comparison_direction = #chlo<comparison_direction LT>} : (tensor<3xf32>, tensor<f32>) -> tensor<3xi1>
  check.expect_eq_const %lt, dense<[false, false, false]> : tensor<3xi1>
  %ne = chlo.broadcast_compare %a, %b {comparison_direction = #chlo<comparison_direction NE>} : (tensor<3xf32>, tensor<f32>) -> tensor<3xi1>
  check.expect_eq_const %ne, dense<[true, true, false]> : tensor<3xi1>
  %tlt = chlo.broadcast_compare %a, %b {comparison_direction = #chlo<comparison_direction LT>, compare_type = #chlo<comparison_type TOTALORDER>} : (tensor<3xf32>, tensor<f32>) -> tensor<3xi1>
  check.expect_eq_const %tlt, dense<[false, false, true]> : tensor<3xi1>
  %s = chlo.broadcast_select %ne, %a, %b : (tensor<3xi1>, tensor<3xf32>, tensor<f32>) -> tensor<3xf32>
  check.expect_eq_const %s, dense<[1.0, 0x7FC00000, 0.0]> : tensor<3xf32>
  func.return
}

// -----

// broadcast_and / broadcast_shift_left / broadcast_maximum / broadcast_complex.
func.func @main() {
  %a = stablehlo.constant dense<[[true], [false]]> : tensor<2x1xi1>
  %b = stablehlo.constant dense<[true, false]> : tensor<2xi1>
  %r = chlo.broadcast_and %a, %b : (tensor<2x1xi1>, tensor<2xi1>) -> tensor<2x2xi1>
  check.expect_eq_const %r, dense<[[true, false], [false, false]]> : tensor<2x2xi1>
  %x = stablehlo.constant dense<[1, -1]> : tensor<2xi8>
  %n = stablehlo.constant dense<7> : tensor<i8>
  %sh = chlo.broadcast_shift_left %x, %n : (tensor<2xi8>, tensor<i8>) -> tensor<2xi8>
  check.expect_eq_const %sh, dense<[-128, -128]> : tensor<2xi8>
  %re = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf64>
  %im = stablehlo.constant dense<-3.0> : tensor<f64>
  %c = chlo.broadcast_complex %re, %im : (tensor<2xf64>, tensor<f64>) -> tensor<2xcomplex<f64>>
  check.expect_eq_const %c, dense<[(1.0, -3.0), (2.0, -3.0)]> : tensor<2xcomplex<f64>>
  func.return
}

// -----

// is_inf, is_neg_inf, is_pos_inf on f32 and bf16.
func.func @main() {
  %x = stablehlo.constant dense<[0xFF800000, 0x7F800000, 0x7FC00000, 3.4028235e+38, -0.0]> : tensor<5xf32>
  %i = chlo.is_inf %x : tensor<5xf32> -> tensor<5xi1>
  %n = chlo.is_neg_inf %x : tensor<5xf32> -> tensor<5xi1>
  %p = chlo.is_pos_inf %x : tensor<5xf32> -> tensor<5xi1>
  check.expect_eq_const %i, dense<[true, true, false, false, false]> : tensor<5xi1>
  check.expect_eq_const %n, dense<[true, false, false, false, false]> : tensor<5xi1>
  check.expect_eq_const %p, dense<[false, true, false, false, false]> : tensor<5xi1>
  %b = stablehlo.constant dense<[0xFF80, 1.0]> : tensor<2xbf16>
  %bi = chlo.is_neg_inf %b : tensor<2xbf16> -> tensor<2xi1>
  check.expect_eq_const %bi, dense<[true, false]> : tensor<2xi1>
  func.return
}

// -----

// conj and square (complex product; bf16 rounds once).
func.func @main() {
  %z = stablehlo.constant dense<[(1.0, 2.0), (-0.0, -3.5)]> : tensor<2xcomplex<f32>>
  %c = chlo.conj %z : tensor<2xcomplex<f32>> -> tensor<2xcomplex<f32>>
  check.expect_eq_const %c, dense<[(1.0, -2.0), (-0.0, 3.5)]> : tensor<2xcomplex<f32>>
  %s = chlo.square %z : tensor<2xcomplex<f32>> -> tensor<2xcomplex<f32>>
  check.expect_eq_const %s, dense<[(-3.0, 4.0), (-12.25, 0.0)]> : tensor<2xcomplex<f32>>
  %b = stablehlo.constant dense<[1.0078125, -3.0, 0x7F80]> : tensor<3xbf16>
  %bs = chlo.square %b : tensor<3xbf16> -> tensor<3xbf16>
  check.expect_eq_const %bs, dense<[1.015625, 9.0, 0x7F80]> : tensor<3xbf16>
  func.return
}

// -----

// next_after on f32 (numpy.nextafter) and bf16 (jax.lax.nextafter).
func.func @main() {
  %x = stablehlo.constant dense<[1.0, 0.0, -0.0, 1.0, 0x7F800000, 3.0]> : tensor<6xf32>
  %y = stablehlo.constant dense<[2.0, -1.0, 1.0, 1.0, 0.0, 0x7FC00000]> : tensor<6xf32>
  %r = chlo.next_after %x, %y : tensor<6xf32>, tensor<6xf32> -> tensor<6xf32>
  check.expect_eq_const %r, dense<[1.00000012, -1.401298e-45, 1.401298e-45, 1.0, 3.40282347e+38, 0x7FC00000]> : tensor<6xf32>
  %bx = stablehlo.constant dense<[1.0, 0.0, -1.0]> : tensor<3xbf16>
  %by = stablehlo.constant dense<[2.0, -1.0, -2.0]> : tensor<3xbf16>
  %br = chlo.next_after %bx, %by : tensor<3xbf16>, tensor<3xbf16> -> tensor<3xbf16>
  check.expect_eq_const %br, dense<[0x3F81, 0x8001, 0xBF81]> : tensor<3xbf16>
  func.return
}

// -----

// chlo.erf on f64; expected: jax.scipy.special / numpy in f64.
func.func @main() {
  %x = stablehlo.constant dense<[0xFFF0000000000000, -3.0, -0.5, -0.0, 0.0, 1.0e-10, 0.7, 2.0, 6.0, 0x7FF0000000000000, 0x7FF8000000000000]> : tensor<11xf64>
  %r = chlo.erf %x : tensor<11xf64> -> tensor<11xf64>
  %e = stablehlo.constant dense<[-1.0, -0.9999779095030014, -0.5204998778130465, 0.0, 0.0, 1.1283791670955126e-10, 0.6778011938374184, 0.9953222650189527, 1.0, 1.0, 0x7FF8000000000000]> : tensor<11xf64>
  check.expect_close %r, %e, max_ulp_difference = 4 : tensor<11xf64>, tensor<11xf64>
  func.return
}

// -----

// chlo.erf on f32; expected: jax.scipy.special / numpy in f64 rounded to f32.
func.func @main() {
  %x = stablehlo.constant dense<[0xFF800000, -3.0, -0.5, -0.0, 0.0, 1.000000013351432e-10, 0.699999988079071, 2.0, 6.0, 0x7F800000, 0x7FC00000]> : tensor<11xf32>
  %r = chlo.erf %x : tensor<11xf32> -> tensor<11xf32>
  %e = stablehlo.constant dense<[-1.0, -0.9999778866767883, -0.5204998850822449, 0.0, 0.0, 1.1283791956362421e-10, 0.6778011918067932, 0.9953222870826721, 1.0, 1.0, 0x7FC00000]> : tensor<11xf32>
  check.expect_close %r, %e, max_ulp_difference = 0 : tensor<11xf32>, tensor<11xf32>
  func.return
}

// -----

// chlo.erfc on f64; expected: jax.scipy.special / numpy in f64.
func.func @main() {
  %x = stablehlo.constant dense<[0xFFF0000000000000, -3.0, -0.5, -0.0, 0.0, 1.0e-10, 0.7, 2.0, 6.0, 0x7FF0000000000000, 0x7FF8000000000000]> : tensor<11xf64>
  %r = chlo.erfc %x : tensor<11xf64> -> tensor<11xf64>
  %e = stablehlo.constant dense<[2.0, 1.9999779095030015, 1.5204998778130465, 1.0, 1.0, 0.999999999887162, 0.32219880616258156, 0.004677734981047266, 2.1519736712498913e-17, 0.0, 0x7FF8000000000000]> : tensor<11xf64>
  check.expect_close %r, %e, max_ulp_difference = 4 : tensor<11xf64>, tensor<11xf64>
  func.return
}

// -----

// chlo.erfc on f32; expected: jax.scipy.special / numpy in f64 rounded to f32.
func.func @main() {
  %x = stablehlo.constant dense<[0xFF800000, -3.0, -0.5, -0.0, 0.0, 1.000000013351432e-10, 0.699999988079071, 2.0, 6.0, 0x7F800000, 0x7FC00000]> : tensor<11xf32>
  %r = chlo.erfc %x : tensor<11xf32> -> tensor<11xf32>
  %e = stablehlo.constant dense<[2.0, 1.999977946281433, 1.5204998254776, 1.0, 1.0, 1.0, 0.3221988081932068, 0.004677734803408384, 2.151973725591623e-17, 0.0, 0x7FC00000]> : tensor<11xf32>
  check.expect_close %r, %e, max_ulp_difference = 0 : tensor<11xf32>, tensor<11xf32>
  func.return
}

// -----

// chlo.erf_inv on f64; expected: jax.scipy.special / numpy in f64.
func.func @main() {
  %x = stablehlo.constant dense<[-1.0, -0.999, -0.5, -0.0, 0.0, 1.0e-20, 0.3, 0.9999999999, 1.0, 1.5, 0x7FF8000000000000]> : tensor<11xf64>
  %r = chlo.erf_inv %x : tensor<11xf64> -> tensor<11xf64>
  %e = stablehlo.constant dense<[0xFFF0000000000000, -2.3267537655135246, -0.4769362762044699, 0.0, 0.0, 8.86226925452758e-21, 0.2724627147267543, 4.572824958544925, 0x7FF0000000000000, 0x7FF8000000000000, 0x7FF8000000000000]> : tensor<11xf64>
  check.expect_close %r, %e, max_ulp_difference = 4 : tensor<11xf64>, tensor<11xf64>
  func.return
}

// -----

// chlo.erf_inv on f32; expected: jax.scipy.special / numpy in f64 rounded to f32.
func.func @main() {
  %x = stablehlo.constant dense<[-1.0, -0.9990000128746033, -0.5, -0.0, 0.0, 9.999999682655225e-21, 0.30000001192092896, 0.9999899864196777, 1.0, 1.5, 0x7FC00000]> : tensor<11xf32>
  %r = chlo.erf_inv %x : tensor<11xf32> -> tensor<11xf32>
  %e = stablehlo.constant dense<[0xFF800000, -2.326756238937378, -0.4769362807273865, 0.0, 0.0, 8.862269295638222e-21, 0.27246272563934326, 3.1232056617736816, 0x7F800000, 0x7FC00000, 0x7FC00000]> : tensor<11xf32>
  check.expect_close %r, %e, max_ulp_difference = 0 : tensor<11xf32>, tensor<11xf32>
  func.return
}

// -----

// chlo.lgamma on f64; expected: jax.scipy.special / numpy in f64.
func.func @main() {
  %x = stablehlo.constant dense<[0xFFF0000000000000, -2.5, -1.0, -0.0, 0.0, 1.0e-300, 0.5, 1.0, 2.0, 3.7, 100.0, 1.0e+300, 0x7FF0000000000000, 0x7FF8000000000000]> : tensor<14xf64>
  %r = chlo.lgamma %x : tensor<14xf64> -> tensor<14xf64>
  %e = stablehlo.constant dense<[0x7FF0000000000000, -0.056243716497674054, 0x7FF0000000000000, 0x7FF0000000000000, 0x7FF0000000000000, 690.7755278982137, 0.5723649429247001, 0.0, 0.0, 1.428072326665388, 359.1342053695754, 6.897755278982137e+302, 0x7FF0000000000000, 0x7FF8000000000000]> : tensor<14xf64>
  check.expect_close %r, %e, max_ulp_difference = 4 : tensor<14xf64>, tensor<14xf64>
  func.return
}

// -----

// chlo.lgamma on f32; expected: jax.scipy.special / numpy in f64 rounded to f32.
func.func @main() {
  %x = stablehlo.constant dense<[-2.5, -1.0, 0.0, 0.5, 1.0, 2.0, 3.700000047683716, 100.0, 0x7F800000]> : tensor<9xf32>
  %r = chlo.lgamma %x : tensor<9xf32> -> tensor<9xf32>
  %e = stablehlo.constant dense<[-0.056243717670440674, 0x7F800000, 0x7F800000, 0.5723649263381958, 0.0, 0.0, 1.4280723333358765, 359.13421630859375, 0x7F800000]> : tensor<9xf32>
  check.expect_close %r, %e, max_ulp_difference = 0 : tensor<9xf32>, tensor<9xf32>
  func.return
}

// -----

// chlo.lgamma on f64; expected: jax.scipy.special / numpy in f64.
func.func @main() {
  %x = stablehlo.constant dense<[-0.5, -1.5, -2.25, -2.75, -3.5, -3.9375, -5.25, -7.999975, -15.75, -20.3, -31.5, -33.7, -100.25, -170.5]> : tensor<14xf64>
  %r = chlo.lgamma %x : tensor<14xf64> -> tensor<14xf64>
  %e = stablehlo.constant dense<[1.2655121234846454, 0.860047015376481, 0.5555015450206475, 0.004487897535955773, -1.309006684993042, -0.30533322278361924, -3.7283005108608567, -0.007914652618536275, -28.48158128786947, -41.887292480135244, -78.67645552776496, -86.16317205615782, -363.4009232278215, -707.9984331450788]> : tensor<14xf64>
  check.expect_close %r, %e, max_ulp_difference = 2 : tensor<14xf64>, tensor<14xf64>
  func.return
}

// -----

// chlo.digamma on f64; expected: jax.scipy.special / numpy in f64.
func.func @main() {
  %x = stablehlo.constant dense<[-1.5, -1.0, -0.0, 0.0, 1.0e-300, 0.5, 1.0, 3.3, 10.0, 1.0e+20, 0x7FF0000000000000, 0xFFF0000000000000, 0x7FF8000000000000]> : tensor<13xf64>
  %r = chlo.digamma %x : tensor<13xf64> -> tensor<13xf64>
  %e = stablehlo.constant dense<[0.7031566406452432, 0x7FF8000000000000, 0x7FF8000000000000, 0x7FF8000000000000, -9.999999999999999e+299, -1.9635100260214235, -0.5772156649015329, 1.0348224890596216, 2.251752589066721, 46.051701859880914, 0x7FF0000000000000, 0x7FF8000000000000, 0x7FF8000000000000]> : tensor<13xf64>
  check.expect_close %r, %e, max_ulp_difference = 16 : tensor<13xf64>, tensor<13xf64>
  func.return
}

// -----

// chlo.digamma on f32; expected: jax.scipy.special / numpy in f64 rounded to f32.
func.func @main() {
  %x = stablehlo.constant dense<[-1.5, -1.0, 0.0, 0.5, 1.0, 3.299999952316284, 10.0, 1.0000000200408773e+20, 0x7F800000]> : tensor<9xf32>
  %r = chlo.digamma %x : tensor<9xf32> -> tensor<9xf32>
  %e = stablehlo.constant dense<[0.7031566500663757, 0x7FC00000, 0x7FC00000, -1.9635100364685059, -0.5772156715393066, 1.0348224639892578, 2.2517526149749756, 46.051700592041016, 0x7F800000]> : tensor<9xf32>
  check.expect_close %r, %e, max_ulp_difference = 0 : tensor<9xf32>, tensor<9xf32>
  func.return
}

// -----

// chlo.bessel_i1e on f64; expected: jax.scipy.special / numpy in f64.
func.func @main() {
  %x = stablehlo.constant dense<[0xFFF0000000000000, -2.5, -0.0, 0.0, 1.0e-05, 1.0, 15.0, 19.9, 20.1, 29.9, 30.1, 100.0, 10000000000.0, 0x7FF0000000000000, 0x7FF8000000000000]> : tensor<15xf64>
  %r = chlo.bessel_i1e %x : tensor<15xf64> -> tensor<15xf64>
  %e = stablehlo.constant dense<[-0.0, -0.20658464953126657, 0.0, 0.0, 4.999950000312499e-06, 0.20791041534970844, 0.10037417504516666, 0.0877171021317061, 0.08729685184320159, 0.07203337491186879, 0.07179985435101434, 0.03974415302513025, 3.989422803864723e-06, 0.0, 0x7FF8000000000000]> : tensor<15xf64>
  check.expect_close %r, %e, max_ulp_difference = 4 : tensor<15xf64>, tensor<15xf64>
  func.return
}

// -----

// chlo.bessel_i1e on f32; expected: jax.scipy.special / numpy in f64 rounded to f32.
func.func @main() {
  %x = stablehlo.constant dense<[-2.5, 0.0, 1.0, 15.0, 29.899999618530273, 30.100000381469727, 100.0, 0x7F800000]> : tensor<8xf32>
  %r = chlo.bessel_i1e %x : tensor<8xf32> -> tensor<8xf32>
  %e = stablehlo.constant dense<[-0.2065846472978592, 0.0, 0.207910418510437, 0.10037417709827423, 0.07203337550163269, 0.0717998519539833, 0.03974415361881256, 0.0]> : tensor<8xf32>
  check.expect_close %r, %e, max_ulp_difference = 0 : tensor<8xf32>, tensor<8xf32>
  func.return
}

// -----

// chlo.tan on f64; expected: jax.scipy.special / numpy in f64.
func.func @main() {
  %x = stablehlo.constant dense<[-2.5, -1.0, -0.3, -0.0, 0.0, 0.4, 0.99, 1.0, 1.5, 3.0]> : tensor<10xf64>
  %r = chlo.tan %x : tensor<10xf64> -> tensor<10xf64>
  %e = stablehlo.constant dense<[0.7470222972386603, -1.5574077246549023, -0.3093362496096232, -0.0, 0.0, 0.4227932187381618, 1.5236767410179022, 1.5574077246549023, 14.101419947171719, -0.1425465430742778]> : tensor<10xf64>
  check.expect_close %r, %e, max_ulp_difference = 2 : tensor<10xf64>, tensor<10xf64>
  func.return
}

// -----

// chlo.tan on f32; expected: jax.scipy.special / numpy in f64 rounded to f32.
func.func @main() {
  %x = stablehlo.constant dense<[-2.5, -1.0, -0.30000001192092896, -0.0, 0.0, 0.4000000059604645, 0.9900000095367432, 1.0, 1.5, 3.0]> : tensor<10xf32>
  %r = chlo.tan %x : tensor<10xf32> -> tensor<10xf32>
  %e = stablehlo.constant dense<[0.747022271156311, -1.5574077367782593, -0.30933627486228943, -0.0, 0.0, 0.4227932393550873, 1.5236767530441284, 1.5574077367782593, 14.101420402526855, -0.14254654943943024]> : tensor<10xf32>
  check.expect_close %r, %e, max_ulp_difference = 1 : tensor<10xf32>, tensor<10xf32>
  func.return
}

// -----

// chlo.sinh on f64; expected: jax.scipy.special / numpy in f64.
func.func @main() {
  %x = stablehlo.constant dense<[-2.5, -1.0, -0.3, -0.0, 0.0, 0.4, 0.99, 1.0, 1.5, 3.0]> : tensor<10xf64>
  %r = chlo.sinh %x : tensor<10xf64> -> tensor<10xf64>
  %e = stablehlo.constant dense<[-6.0502044810397875, -1.1752011936438014, -0.3045202934471426, -0.0, 0.0, 0.4107523258028155, 1.1598288906636083, 1.1752011936438014, 2.1292794550948173, 10.017874927409903]> : tensor<10xf64>
  check.expect_close %r, %e, max_ulp_difference = 2 : tensor<10xf64>, tensor<10xf64>
  func.return
}

// -----

// chlo.sinh on f32; expected: jax.scipy.special / numpy in f64 rounded to f32.
func.func @main() {
  %x = stablehlo.constant dense<[-2.5, -1.0, -0.30000001192092896, -0.0, 0.0, 0.4000000059604645, 0.9900000095367432, 1.0, 1.5, 3.0]> : tensor<10xf32>
  %r = chlo.sinh %x : tensor<10xf32> -> tensor<10xf32>
  %e = stablehlo.constant dense<[-6.050204277038574, -1.175201177597046, -0.30452030897140503, -0.0, 0.0, 0.4107523262500763, 1.1598289012908936, 1.175201177597046, 2.129279375076294, 10.017874717712402]> : tensor<10xf32>
  check.expect_close %r, %e, max_ulp_difference = 1 : tensor<10xf32>, tensor<10xf32>
  func.return
}

// -----

// chlo.cosh on f64; expected: jax.scipy.special / numpy in f64.
func.func @main() {
  %x = stablehlo.constant dense<[-2.5, -1.0, -0.3, -0.0, 0.0, 0.4, 0.99, 1.0, 1.5, 3.0]> : tensor<10xf64>
  %r = chlo.cosh %x : tensor<10xf64> -> tensor<10xf64>
  %e = stablehlo.constant dense<[6.132289479663686, 1.5430806348152437, 1.0453385141288605, 1.0, 1.0, 1.0810723718384547, 1.531405581685654, 1.5430806348152437, 2.352409615243247, 10.067661995777765]> : tensor<10xf64>
  check.expect_close %r, %e, max_ulp_difference = 2 : tensor<10xf64>, tensor<10xf64>
  func.return
}

// -----

// chlo.cosh on f32; expected: jax.scipy.special / numpy in f64 rounded to f32.
func.func @main() {
  %x = stablehlo.constant dense<[-2.5, -1.0, -0.30000001192092896, -0.0, 0.0, 0.4000000059604645, 0.9900000095367432, 1.0, 1.5, 3.0]> : tensor<10xf32>
  %r = chlo.cosh %x : tensor<10xf32> -> tensor<10xf32>
  %e = stablehlo.constant dense<[6.132289409637451, 1.5430806875228882, 1.04533851146698, 1.0, 1.0, 1.0810723304748535, 1.5314055681228638, 1.5430806875228882, 2.352409601211548, 10.067662239074707]> : tensor<10xf32>
  check.expect_close %r, %e, max_ulp_difference = 1 : tensor<10xf32>, tensor<10xf32>
  func.return
}

// -----

// chlo.asin on f64; expected: jax.scipy.special / numpy in f64.
func.func @main() {
  %x = stablehlo.constant dense<[-2.5, -1.0, -0.3, -0.0, 0.0, 0.4, 0.99, 1.0, 1.5, 3.0]> : tensor<10xf64>
  %r = chlo.asin %x : tensor<10xf64> -> tensor<10xf64>
  %e = stablehlo.constant dense<[0x7FF8000000000000, -1.5707963267948966, -0.30469265401539747, -0.0, 0.0, 0.41151684606748806, 1.4292568534704693, 1.5707963267948966, 0x7FF8000000000000, 0x7FF8000000000000]> : tensor<10xf64>
  check.expect_close %r, %e, max_ulp_difference = 2 : tensor<10xf64>, tensor<10xf64>
  func.return
}

// -----

// chlo.asin on f32; expected: jax.scipy.special / numpy in f64 rounded to f32.
func.func @main() {
  %x = stablehlo.constant dense<[-2.5, -1.0, -0.30000001192092896, -0.0, 0.0, 0.4000000059604645, 0.9900000095367432, 1.0, 1.5, 3.0]> : tensor<10xf32>
  %r = chlo.asin %x : tensor<10xf32> -> tensor<10xf32>
  %e = stablehlo.constant dense<[0x7FC00000, -1.5707963705062866, -0.30469265580177307, -0.0, 0.0, 0.41151684522628784, 1.4292569160461426, 1.5707963705062866, 0x7FC00000, 0x7FC00000]> : tensor<10xf32>
  check.expect_close %r, %e, max_ulp_difference = 1 : tensor<10xf32>, tensor<10xf32>
  func.return
}

// -----

// chlo.acos on f64; expected: jax.scipy.special / numpy in f64.
func.func @main() {
  %x = stablehlo.constant dense<[-2.5, -1.0, -0.3, -0.0, 0.0, 0.4, 0.99, 1.0, 1.5, 3.0]> : tensor<10xf64>
  %r = chlo.acos %x : tensor<10xf64> -> tensor<10xf64>
  %e = stablehlo.constant dense<[0x7FF8000000000000, 3.141592653589793, 1.8754889808102941, 1.5707963267948966, 1.5707963267948966, 1.1592794807274087, 0.1415394733244273, 0.0, 0x7FF8000000000000, 0x7FF8000000000000]> : tensor<10xf64>
  check.expect_close %r, %e, max_ulp_difference = 2 : tensor<10xf64>, tensor<10xf64>
  func.return
}

// -----

// chlo.acos on f32; expected: jax.scipy.special / numpy in f64 rounded to f32.
func.func @main() {
  %x = stablehlo.constant dense<[-2.5, -1.0, -0.30000001192092896, -0.0, 0.0, 0.4000000059604645, 0.9900000095367432, 1.0, 1.5, 3.0]> : tensor<10xf32>
  %r = chlo.acos %x : tensor<10xf32> -> tensor<10xf32>
  %e = stablehlo.constant dense<[0x7FC00000, 3.1415927410125732, 1.8754889965057373, 1.5707963705062866, 1.5707963705062866, 1.159279465675354, 0.14153940975666046, 0.0, 0x7FC00000, 0x7FC00000]> : tensor<10xf32>
  check.expect_close %r, %e, max_ulp_difference = 1 : tensor<10xf32>, tensor<10xf32>
  func.return
}

// -----

// chlo.atan on f64; expected: jax.scipy.special / numpy in f64.
func.func @main() {
  %x = stablehlo.constant dense<[-2.5, -1.0, -0.3, -0.0, 0.0, 0.4, 0.99, 1.0, 1.5, 3.0]> : tensor<10xf64>
  %r = chlo.atan %x : tensor<10xf64> -> tensor<10xf64>
  %e = stablehlo.constant dense<[-1.1902899496825317, -0.7853981633974483, -0.2914567944778671, -0.0, 0.0, 0.3805063771123649, 0.7803730800666359, 0.7853981633974483, 0.982793723247329, 1.2490457723982544]> : tensor<10xf64>
  check.expect_close %r, %e, max_ulp_difference = 2 : tensor<10xf64>, tensor<10xf64>
  func.return
}

// -----

// chlo.atan on f32; expected: jax.scipy.special / numpy in f64 rounded to f32.
func.func @main() {
  %x = stablehlo.constant dense<[-2.5, -1.0, -0.30000001192092896, -0.0, 0.0, 0.4000000059604645, 0.9900000095367432, 1.0, 1.5, 3.0]> : tensor<10xf32>
  %r = chlo.atan %x : tensor<10xf32> -> tensor<10xf32>
  %e = stablehlo.constant dense<[-1.1902899742126465, -0.7853981852531433, -0.29145681858062744, -0.0, 0.0, 0.38050639629364014, 0.7803730964660645, 0.7853981852531433, 0.9827937483787537, 1.249045729637146]> : tensor<10xf32>
  check.expect_close %r, %e, max_ulp_difference = 1 : tensor<10xf32>, tensor<10xf32>
  func.return
}

// -----

// chlo.asinh on f64; expected: jax.scipy.special / numpy in f64.
func.func @main() {
  %x = stablehlo.constant dense<[-2.5, -1.0, -0.3, -0.0, 0.0, 0.4, 0.99, 1.0, 1.5, 3.0]> : tensor<10xf64>
  %r = chlo.asinh %x : tensor<10xf64> -> tensor<10xf64>
  %e = stablehlo.constant dense<[-1.6472311463710958, -0.881373587019543, -0.29567304756342244, -0.0, 0.0, 0.3900353197707153, 0.8742848121872949, 0.881373587019543, 1.1947632172871092, 1.8184464592320668]> : tensor<10xf64>
  check.expect_close %r, %e, max_ulp_difference = 2 : tensor<10xf64>, tensor<10xf64>
  func.return
}

// -----

// chlo.asinh on f32; expected: jax.scipy.special / numpy in f64 rounded to f32.
func.func @main() {
  %x = stablehlo.constant dense<[-2.5, -1.0, -0.30000001192092896, -0.0, 0.0, 0.4000000059604645, 0.9900000095367432, 1.0, 1.5, 3.0]> : tensor<10xf32>
  %r = chlo.asinh %x : tensor<10xf32> -> tensor<10xf32>
  %e = stablehlo.constant dense<[-1.647231101989746, -0.8813735842704773, -0.29567307233810425, -0.0, 0.0, 0.39003533124923706, 0.8742848038673401, 0.8813735842704773, 1.19476318359375, 1.8184465169906616]> : tensor<10xf32>
  check.expect_close %r, %e, max_ulp_difference = 1 : tensor<10xf32>, tensor<10xf32>
  func.return
}

// -----

// chlo.acosh on f64; expected: jax.scipy.special / numpy in f64.
func.func @main() {
  %x = stablehlo.constant dense<[-2.5, -1.0, -0.3, -0.0, 0.0, 0.4, 0.99, 1.0, 1.5, 3.0]> : tensor<10xf64>
  %r = chlo.acosh %x : tensor<10xf64> -> tensor<10xf64>
  %e = stablehlo.constant dense<[0x7FF8000000000000, 0x7FF8000000000000, 0x7FF8000000000000, 0x7FF8000000000000, 0x7FF8000000000000, 0x7FF8000000000000, 0x7FF8000000000000, 0.0, 0.9624236501192069, 1.762747174039086]> : tensor<10xf64>
  check.expect_close %r, %e, max_ulp_difference = 2 : tensor<10xf64>, tensor<10xf64>
  func.return
}

// -----

// chlo.acosh on f32; expected: jax.scipy.special / numpy in f64 rounded to f32.
func.func @main() {
  %x = stablehlo.constant dense<[-2.5, -1.0, -0.30000001192092896, -0.0, 0.0, 0.4000000059604645, 0.9900000095367432, 1.0, 1.5, 3.0]> : tensor<10xf32>
  %r = chlo.acosh %x : tensor<10xf32> -> tensor<10xf32>
  %e = stablehlo.constant dense<[0x7FC00000, 0x7FC00000, 0x7FC00000, 0x7FC00000, 0x7FC00000, 0x7FC00000, 0x7FC00000, 0.0, 0.9624236226081848, 1.7627471685409546]> : tensor<10xf32>
  check.expect_close %r, %e, max_ulp_difference = 1 : tensor<10xf32>, tensor<10xf32>
  func.return
}

// -----

// chlo.atanh on f64; expected: jax.scipy.special / numpy in f64.
func.func @main() {
  %x = stablehlo.constant dense<[-2.5, -1.0, -0.3, -0.0, 0.0, 0.4, 0.99, 1.0, 1.5, 3.0]> : tensor<10xf64>
  %r = chlo.atanh %x : tensor<10xf64> -> tensor<10xf64>
  %e = stablehlo.constant dense<[0x7FF8000000000000, 0xFFF0000000000000, -0.3095196042031117, -0.0, 0.0, 0.42364893019360184, 2.6466524123622457, 0x7FF0000000000000, 0x7FF8000000000000, 0x7FF8000000000000]> : tensor<10xf64>
  check.expect_close %r, %e, max_ulp_difference = 2 : tensor<10xf64>, tensor<10xf64>
  func.return
}

// -----

// chlo.atanh on f32; expected: jax.scipy.special / numpy in f64 rounded to f32.
func.func @main() {
  %x = stablehlo.constant dense<[-2.5, -1.0, -0.30000001192092896, -0.0, 0.0, 0.4000000059604645, 0.9900000095367432, 1.0, 1.5, 3.0]> : tensor<10xf32>
  %r = chlo.atanh %x : tensor<10xf32> -> tensor<10xf32>
  %e = stablehlo.constant dense<[0x7FC00000, 0xFF800000, -0.30951961874961853, -0.0, 0.0, 0.4236489236354828, 2.646652936935425, 0x7F800000, 0x7FC00000, 0x7FC00000]> : tensor<10xf32>
  check.expect_close %r, %e, max_ulp_difference = 1 : tensor<10xf32>, tensor<10xf32>
  func.return
}

// -----

// chlo.polygamma on f64; expected: jax.scipy.special in f64.
func.func @main() {
  %x = stablehlo.constant dense<[0.0, 1.0, 2.0, 1.0, 3.0, -1.0, 1.5, 4.0]> : tensor<8xf64>
  %y = stablehlo.constant dense<[2.0, 2.0, 0.5, 1.0, -1.5, 1.0, 1.0, 10.0]> : tensor<8xf64>
  %r = chlo.polygamma %x, %y : tensor<8xf64>, tensor<8xf64> -> tensor<8xf64>
  %e = stablehlo.constant dense<[0.42278433509846713, 0.6449340668482264, -16.82879664423432, 1.6449340668482264, 194.59427621918763, 0x7FF8000000000000, 0x7FF8000000000000, -0.0007299311682352867]> : tensor<8xf64>
  check.expect_close %r, %e, max_ulp_difference = 8 : tensor<8xf64>, tensor<8xf64>
  func.return
}

// -----

// chlo.zeta on f64; expected: jax.scipy.special in f64.
func.func @main() {
  %x = stablehlo.constant dense<[1.0, 0.5, 2.0, 2.0, 2.0, 3.0, 2.0, 4.5, 2.0]> : tensor<9xf64>
  %y = stablehlo.constant dense<[1.0, 1.0, 0.0, -1.0, -1.5, 0.5, 20.0, 2.0, 0.001]> : tensor<9xf64>
  %r = chlo.zeta %x, %y : tensor<9xf64>, tensor<9xf64> -> tensor<9xf64>
  %e = stablehlo.constant dense<[0x7FF0000000000000, 0x7FF8000000000000, 0x7FF0000000000000, 0x7FF0000000000000, 9.379246644989124, 8.41439832211716, 0.05127082293520312, 0.05470751076145426, 1000001.6425331958]> : tensor<9xf64>
  check.expect_close %r, %e, max_ulp_difference = 8 : tensor<9xf64>, tensor<9xf64>
  func.return
}

// -----

// broadcast_dimensions map the lower-rank operand, lhs when the ranks are equal (the verifier's
// reading): %c's dimension 0 lines up with the result's dimension 1; %d is read transposed.
func.func @main() {
  %c = stablehlo.constant dense<[[1.0], [2.0], [3.0], [4.0]]> : tensor<4x1xf32>
  %b = stablehlo.constant dense<[[10.0, 20.0, 30.0, 40.0], [50.0, 60.0, 70.0, 80.0]]> : tensor<2x4xf32>
  %0 = chlo.broadcast_subtract %c, %b {broadcast_dimensions = array<i64: 1, 0>} : (tensor<4x1xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  check.expect_eq_const %0, dense<[[-9.0, -18.0, -27.0, -36.0], [-49.0, -58.0, -67.0, -76.0]]> : tensor<2x4xf32>
  %d = stablehlo.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>
  %e = stablehlo.constant dense<[[0, 0], [100, 100]]> : tensor<2x2xi32>
  %1 = chlo.broadcast_add %d, %e {broadcast_dimensions = array<i64: 1, 0>} : (tensor<2x2xi32>, tensor<2x2xi32>) -> tensor<2x2xi32>
  check.expect_eq_const %1, dense<[[1, 3], [102, 104]]> : tensor<2x2xi32>
  %2 = chlo.broadcast_add %e, %d : (tensor<2x2xi32>, tensor<2x2xi32>) -> tensor<2x2xi32>
  check.expect_eq_const %2, dense<[[1, 2], [103, 104]]> : tensor<2x2xi32>
  func.return
}
