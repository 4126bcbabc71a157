// stablehlo.dot_general and stablehlo.dot: batching and contracting dimensions, transposed operands, each element-type class, mixed operand/result types, zero-sized dimensions. Expected values from XLA CPU (JAX).

// Batched matmul with the contracting dim of rhs last (f32, through BLAS).
func.func @main() {
  %a = stablehlo.constant dense<[[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], [[-1.0, 0.5, 2.0], [0.0, -3.0, 1.0]]]> : tensor<2x2x3xf32>
  %b = stablehlo.constant dense<[[[1.0, 0.0, 2.0], [3.0, 1.0, -1.0]], [[2.0, 2.0, 2.0], [-1.0, 4.0, 0.5]]]> : tensor<2x2x3xf32>
  %r = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [2] : (tensor<2x2x3xf32>, tensor<2x2x3xf32>) -> tensor<2x2x2xf32>
  check.expect_eq_const %r, dense<[[[7.0, 2.0], [16.0, 11.0]], [[3.0, 4.0], [-4.0, -11.5]]]> : tensor<2x2x2xf32>
  func.return
}

// -----

// Batch dimension in the middle of lhs, two contracting dimensions (f64).
func.func @main() {
  %a = stablehlo.constant dense<[[[1.0, 2.0], [3.0, 4.0]], [[5.0, 6.0], [7.0, 8.0]], [[0.5, -1.0], [2.0, 1.5]]]> : tensor<3x2x2xf64>
  %b = stablehlo.constant dense<[[[1.0, -1.0, 2.0], [2.0, 0.0, 1.0]], [[3.0, 1.0, -2.0], [0.25, 2.0, 4.0]]]> : tensor<2x2x3xf64>
  %r = stablehlo.dot_general %a, %b, batching_dims = [1] x [0], contracting_dims = [0, 2] x [2, 1] : (tensor<3x2x2xf64>, tensor<2x2x3xf64>) -> tensor<2xf64>
  check.expect_eq_const %r, dense<[0.0, 35.0]> : tensor<2xf64>
  func.return
}

// -----

// Integers wrap around in the result type (i8).
func.func @main() {
  %a = stablehlo.constant dense<[[100, 100], [-128, 1]]> : tensor<2x2xi8>
  %b = stablehlo.constant dense<[[2, 1], [1, -1]]> : tensor<2x2xi8>
  %r = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x2xi8>, tensor<2x2xi8>) -> tensor<2x2xi8>
  check.expect_eq_const %r, dense<[[44, 0], [1, 127]]> : tensor<2x2xi8>
  func.return
}

// -----

// i8 operands with an i32 result are converted first; unsigned and i64.
func.func @main() {
  %a = stablehlo.constant dense<[[100, 100], [-128, 127]]> : tensor<2x2xi8>
  %b = stablehlo.constant dense<[[2, 1], [1, -1]]> : tensor<2x2xi8>
  %r = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x2xi8>, tensor<2x2xi8>) -> tensor<2x2xi32>
  %u = stablehlo.constant dense<[[4294967295, 2], [3, 4]]> : tensor<2x2xui32>
  %v = stablehlo.constant dense<[2, 1]> : tensor<2xui32>
  %ru = stablehlo.dot %u, %v : (tensor<2x2xui32>, tensor<2xui32>) -> tensor<2xui32>
  %x = stablehlo.constant dense<[9223372036854775807, 1]> : tensor<2xi64>
  %y = stablehlo.constant dense<[1, 1]> : tensor<2xi64>
  %r64 = stablehlo.dot %x, %y : (tensor<2xi64>, tensor<2xi64>) -> tensor<i64>
  check.expect_eq_const %r, dense<[[300, 0], [-129, -255]]> : tensor<2x2xi32>
  check.expect_eq_const %ru, dense<[0, 10]> : tensor<2xui32>
  check.expect_eq_const %r64, dense<-9223372036854775808> : tensor<i64>
  func.return
}

// -----

// Booleans: or of ands.
func.func @main() {
  %a = stablehlo.constant dense<[[true, false], [false, false]]> : tensor<2x2xi1>
  %b = stablehlo.constant dense<[[true, true], [false, true]]> : tensor<2x2xi1>
  %r = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x2xi1>, tensor<2x2xi1>) -> tensor<2x2xi1>
  check.expect_eq_const %r, dense<[[true, true], [false, false]]> : tensor<2x2xi1>
  func.return
}

// -----

// Small bf16 and f16 dots; bf16 operands with an f32 result.
func.func @main() {
  %a = stablehlo.constant dense<[[1.0, 2.0, 3.0], [0.5, 0.25, 4.0]]> : tensor<2x3xbf16>
  %b = stablehlo.constant dense<[1.5, -1.0, 2.0]> : tensor<3xbf16>
  %r = stablehlo.dot %a, %b : (tensor<2x3xbf16>, tensor<3xbf16>) -> tensor<2xbf16>
  %c = stablehlo.constant dense<[1.0, 0.5, 0.25]> : tensor<3xf16>
  %rc = stablehlo.dot_general %c, %c, contracting_dims = [0] x [0] : (tensor<3xf16>, tensor<3xf16>) -> tensor<f16>
  %rf = stablehlo.dot_general %b, %b, contracting_dims = [0] x [0] : (tensor<3xbf16>, tensor<3xbf16>) -> tensor<f32>
  check.expect_eq_const %r, dense<[5.5, 8.5]> : tensor<2xbf16>
  check.expect_eq_const %rc, dense<1.3125> : tensor<f16>
  check.expect_eq_const %rf, dense<7.25> : tensor<f32>
  func.return
}

// -----

// Complex numbers, f32 and f64 (BLAS).
func.func @main() {
  %a = stablehlo.constant dense<[[(1.0, 2.0), (0.0, -1.0)], [(3.0, 0.5), (2.0, 2.0)]]> : tensor<2x2xcomplex<f32>>
  %b = stablehlo.constant dense<[(1.0, 1.0), (2.0, -3.0)]> : tensor<2xcomplex<f32>>
  %r = stablehlo.dot %a, %b : (tensor<2x2xcomplex<f32>>, tensor<2xcomplex<f32>>) -> tensor<2xcomplex<f32>>
  %c = stablehlo.constant dense<[(1.0, 2.0), (0.5, -1.0)]> : tensor<2xcomplex<f64>>
  %rc = stablehlo.dot_general %c, %c, contracting_dims = [0] x [0] : (tensor<2xcomplex<f64>>, tensor<2xcomplex<f64>>) -> tensor<complex<f64>>
  check.expect_eq_const %r, dense<[(-4.0, 1.0), (12.5, 1.5)]> : tensor<2xcomplex<f32>>
  check.expect_eq_const %rc, dense<(-3.75, 3.0)> : tensor<complex<f64>>
  func.return
}

// -----

// NaN and infinity propagate; an empty contracting dimension gives zeros; empty free dims.
func.func @main() {
  %a = stablehlo.constant dense<[[0x7FC00000, 1.0], [0x7F800000, 1.0]]> : tensor<2x2xf32>
  %b = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %r = stablehlo.dot %a, %b : (tensor<2x2xf32>, tensor<2xf32>) -> tensor<2xf32>
  %e = stablehlo.constant dense<> : tensor<2x0xf32>
  %f = stablehlo.constant dense<> : tensor<0x3xf32>
  %z = stablehlo.dot %e, %f : (tensor<2x0xf32>, tensor<0x3xf32>) -> tensor<2x3xf32>
  %g = stablehlo.constant dense<> : tensor<0x2xf32>
  %h = stablehlo.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %z2 = stablehlo.dot %g, %h : (tensor<0x2xf32>, tensor<2x3xf32>) -> tensor<0x3xf32>
  check.expect_eq_const %r, dense<[0x7FC00000, 0x7F800000]> : tensor<2xf32>
  check.expect_eq_const %z, dense<[[0.0, 0.0, 0.0], [0.0, 0.0, 0.0]]> : tensor<2x3xf32>
  check.expect_eq_const %z2, dense<> : tensor<0x3xf32>
  func.return
}

// -----

// Outer product (no contracting dimensions) with the result's free dims in lhs-then-rhs order.
func.func @main() {
  %a = stablehlo.constant dense<[1, -2]> : tensor<2xi32>
  %b = stablehlo.constant dense<[3, 4, 5]> : tensor<3xi32>
  %r = stablehlo.dot_general %a, %b, contracting_dims = [] x [] : (tensor<2xi32>, tensor<3xi32>) -> tensor<2x3xi32>
  check.expect_eq_const %r, dense<[[3, 4, 5], [-6, -8, -10]]> : tensor<2x3xi32>
  func.return
}

// -----

// 16-bit products wrap without overflowing C++ int (65535 * 65535 = 1 mod 2^16); i4.
func.func @main() {
  %a = stablehlo.constant dense<[65535, 2]> : tensor<2xui16>
  %r = stablehlo.dot %a, %a : (tensor<2xui16>, tensor<2xui16>) -> tensor<ui16>
  %b = stablehlo.constant dense<[-32768, 300]> : tensor<2xi16>
  %s = stablehlo.dot %b, %b : (tensor<2xi16>, tensor<2xi16>) -> tensor<i16>
  %c = stablehlo.constant dense<[7, -8, 3]> : tensor<3xi4>
  %t = stablehlo.dot %c, %c : (tensor<3xi4>, tensor<3xi4>) -> tensor<i4>
  check.expect_eq_const %r, dense<5> : tensor<ui16>
  check.expect_eq_const %s, dense<24464> : tensor<i16>
  check.expect_eq_const %t, dense<-6> : tensor<i4>
  func.return
}

// -----

// Narrow floats accumulate in f32 and round once at the end, as XLA (docs/semantics.md):
// 256 + 1 + 1 is 258 in bf16 (256 if each partial sum were rounded to bf16), 2048 + 1 + 1 is
// 2050 in f16, 16 + 1 + 1 is 18 in f8E4M3FN. Values from XLA CPU (JAX).
func.func @main() {
  %a = stablehlo.constant dense<[256.0, 1.0, 1.0]> : tensor<3xbf16>
  %b = stablehlo.constant dense<[1.0, 1.0, 1.0]> : tensor<3xbf16>
  %r = stablehlo.dot %a, %b : (tensor<3xbf16>, tensor<3xbf16>) -> tensor<bf16>
  %c = stablehlo.constant dense<[2048.0, 1.0, 1.0]> : tensor<3xf16>
  %d = stablehlo.constant dense<[1.0, 1.0, 1.0]> : tensor<3xf16>
  %s = stablehlo.dot %c, %d : (tensor<3xf16>, tensor<3xf16>) -> tensor<f16>
  %e = stablehlo.constant dense<[16.0, 1.0, 1.0]> : tensor<3xf8E4M3FN>
  %f = stablehlo.constant dense<[1.0, 1.0, 1.0]> : tensor<3xf8E4M3FN>
  %t = stablehlo.dot_general %e, %f, contracting_dims = [0] x [0] : (tensor<3xf8E4M3FN>, tensor<3xf8E4M3FN>) -> tensor<f8E4M3FN>
  check.expect_eq_const %r, dense<258.0> : tensor<bf16>
  check.expect_eq_const %s, dense<2050.0> : tensor<f16>
  check.expect_eq_const %t, dense<18.0> : tensor<f8E4M3FN>
  func.return
}

// -----

// f32 operands with a bf16 result are multiplied in f32 and the sum rounded once: (1 + 2^-8) * 3
// is 3.015625 in bf16 (3.0 if the operand were rounded to bf16 first). Value from XLA CPU (JAX).
func.func @main() {
  %a = stablehlo.constant dense<[[1.00390625]]> : tensor<1x1xf32>
  %b = stablehlo.constant dense<[[3.0]]> : tensor<1x1xf32>
  %r = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<1x1xf32>, tensor<1x1xf32>) -> tensor<1x1xbf16>
  check.expect_eq_const %r, dense<[[3.015625]]> : tensor<1x1xbf16>
  func.return
}

// -----

// precision_config does not lower f32 precision: every value multiplies in full f32, as XLA CPU
// (1 + 2^-12 would be 1.0 if DEFAULT rounded operands to tf32 as GPUs may).
func.func @main() {
  %a = stablehlo.constant dense<[[1.000244140625]]> : tensor<1x1xf32>
  %b = stablehlo.constant dense<[[1.0]]> : tensor<1x1xf32>
  %r = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<1x1xf32>, tensor<1x1xf32>) -> tensor<1x1xf32>
  check.expect_eq_const %r, dense<[[1.000244140625]]> : tensor<1x1xf32>
  func.return
}

// -----

// An algorithm rounds the operands to its precision types (spec), as XLA's GPU backend does
// (XLA CPU computes these in f32): tf32 and bf16 round 1 + 2^-12 and 1 + 2^-10 to 1.
func.func @main() {
  %a = stablehlo.constant dense<[[1.000244140625]]> : tensor<1x1xf32>
  %b = stablehlo.constant dense<[[1.0009765625]]> : tensor<1x1xf32>
  %one = stablehlo.constant dense<[[1.0]]> : tensor<1x1xf32>
  %t = stablehlo.dot_general %a, %one, contracting_dims = [1] x [0], algorithm = <lhs_precision_type = tf32, rhs_precision_type = tf32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false> : (tensor<1x1xf32>, tensor<1x1xf32>) -> tensor<1x1xf32>
  %h = stablehlo.dot_general %b, %one, contracting_dims = [1] x [0], algorithm = <lhs_precision_type = bf16, rhs_precision_type = bf16, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false> : (tensor<1x1xf32>, tensor<1x1xf32>) -> tensor<1x1xf32>
  check.expect_eq_const %t, dense<[[1.0]]> : tensor<1x1xf32>
  check.expect_eq_const %h, dense<[[1.0]]> : tensor<1x1xf32>
  func.return
}

// -----

// bf16 x3 and x6 (JAX's BF16_BF16_F32_X3/X6: component counts 1, 3 or 6 primitive operations)
// split each operand into 2 or 3 bf16 parts: x = 1 + 2^-10 + 2^-20 splits into 1, 2^-10 and
// 2^-20; of x * 1, x3 keeps hi*hi + hi*lo + lo*hi = 1 + 2^-10 and x6 all of x.
func.func @main() {
  %x = stablehlo.constant dense<[[1.00097751617431640625]]> : tensor<1x1xf32>
  %one = stablehlo.constant dense<[[1.0]]> : tensor<1x1xf32>
  %r3 = stablehlo.dot_general %x, %one, contracting_dims = [1] x [0], algorithm = <lhs_precision_type = bf16, rhs_precision_type = bf16, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 3, allow_imprecise_accumulation = false> : (tensor<1x1xf32>, tensor<1x1xf32>) -> tensor<1x1xf32>
  %r6 = stablehlo.dot_general %x, %one, contracting_dims = [1] x [0], algorithm = <lhs_precision_type = bf16, rhs_precision_type = bf16, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 6, allow_imprecise_accumulation = false> : (tensor<1x1xf32>, tensor<1x1xf32>) -> tensor<1x1xf32>
  check.expect_eq_const %r3, dense<[[1.0009765625]]> : tensor<1x1xf32>
  check.expect_eq_const %r6, dense<[[1.00097751617431640625]]> : tensor<1x1xf32>
  func.return
}

// -----

// An f16 accumulation_type sums in f16: 2048 + 1 rounds back to 2048 at each step.
func.func @main() {
  %c = stablehlo.constant dense<[2048.0, 1.0, 1.0]> : tensor<3xf16>
  %d = stablehlo.constant dense<[1.0, 1.0, 1.0]> : tensor<3xf16>
  %s = stablehlo.dot_general %c, %d, contracting_dims = [0] x [0], algorithm = <lhs_precision_type = f16, rhs_precision_type = f16, accumulation_type = f16, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false> : (tensor<3xf16>, tensor<3xf16>) -> tensor<f16>
  check.expect_eq_const %s, dense<2048.0> : tensor<f16>
  func.return
}
