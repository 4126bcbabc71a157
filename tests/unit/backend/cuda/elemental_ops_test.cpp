// The cuda backend's chlo special functions (digamma, polygamma, zeta, bessel_i1e),
// reduce_precision, rng, rng_bit_generator (states other than XLA's read as bits), chlo.top_k
// and chlo.mulhi: each program's generated code compiles through NVRTC (no GPU needed), and on
// a GPU its outputs on random inputs match the cpu backend's (integers and byte floats
// exactly, f32 and f64 within tolerance). Without a GPU the second half skips with the reason.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tests/unit/backend/cuda/op_checks.h"

namespace kiln::backend::cuda {
namespace {

using testing::OpProgram;

std::vector<OpProgram> elemental_programs() {
  std::vector<OpProgram> p;
  // ---- chlo_math ----
  p.push_back({"DigammaF32", R"(
func.func @main(%x: tensor<64xf32>) -> tensor<64xf32> {
  %c = stablehlo.constant dense<7.5> : tensor<64xf32>
  %y = stablehlo.multiply %x, %c : tensor<64xf32>
  %r = chlo.digamma %y : tensor<64xf32> -> tensor<64xf32>
  return %r : tensor<64xf32>
}
)"});
  p.push_back({"DigammaF64", R"(
func.func @main(%x: tensor<64xf64>) -> tensor<64xf64> {
  %c = stablehlo.constant dense<7.5> : tensor<64xf64>
  %y = stablehlo.multiply %x, %c : tensor<64xf64>
  %r = chlo.digamma %y : tensor<64xf64> -> tensor<64xf64>
  return %r : tensor<64xf64>
}
)"});
  p.push_back({"PolygammaF64", R"(
func.func @main(%x: tensor<4x16xf64>) -> tensor<4x16xf64> {
  %n0 = stablehlo.constant dense<[0.0, 1.0, 2.0, 3.0]> : tensor<4xf64>
  %n = stablehlo.broadcast_in_dim %n0, dims = [0] : (tensor<4xf64>) -> tensor<4x16xf64>
  %c = stablehlo.constant dense<4.0> : tensor<4x16xf64>
  %y = stablehlo.multiply %x, %c : tensor<4x16xf64>
  %r = chlo.polygamma %n, %y : tensor<4x16xf64>, tensor<4x16xf64> -> tensor<4x16xf64>
  return %r : tensor<4x16xf64>
}
)"});
  p.push_back({"ZetaF32", R"(
func.func @main(%q: tensor<4x16xf32>) -> tensor<4x16xf32> {
  %s0 = stablehlo.constant dense<[1.5, 2.0, 3.0, 7.25]> : tensor<4xf32>
  %s = stablehlo.broadcast_in_dim %s0, dims = [0] : (tensor<4xf32>) -> tensor<4x16xf32>
  %r = chlo.zeta %s, %q : tensor<4x16xf32>, tensor<4x16xf32> -> tensor<4x16xf32>
  return %r : tensor<4x16xf32>
}
)"});
  p.push_back({"BesselI1eBothBranches", R"(
func.func @main(%x: tensor<64xf64>, %y: tensor<64xf32>) -> (tensor<64xf64>, tensor<64xf32>) {
  %c = stablehlo.constant dense<40.0> : tensor<64xf64>
  %w = stablehlo.multiply %x, %c : tensor<64xf64>
  %r = chlo.bessel_i1e %w : tensor<64xf64> -> tensor<64xf64>
  %s = chlo.bessel_i1e %y : tensor<64xf32> -> tensor<64xf32>
  return %r, %s : tensor<64xf64>, tensor<64xf32>
}
)"});
  // ---- reduce_precision ----
  p.push_back({"ReducePrecisionF32AndF64", R"(
func.func @main(%x: tensor<64xf32>, %y: tensor<64xf64>) -> (tensor<64xf32>, tensor<64xf64>) {
  %c = stablehlo.constant dense<1.0e5> : tensor<64xf32>
  %w = stablehlo.multiply %x, %c : tensor<64xf32>
  %r = stablehlo.reduce_precision %w, format = e5m2 : tensor<64xf32>
  %s = stablehlo.reduce_precision %y, format = e8m7 : tensor<64xf64>
  return %r, %s : tensor<64xf32>, tensor<64xf64>
}
)"});
  p.push_back({"ReducePrecisionByteFormats", R"(
func.func @main(%x: tensor<64xf8E5M2>, %y: tensor<64xf8E4M3FN>) -> (tensor<64xf8E5M2>, tensor<64xf8E4M3FN>) {
  %r = stablehlo.reduce_precision %x, format = e3m1 : tensor<64xf8E5M2>
  %s = stablehlo.reduce_precision %y, format = e2m1 : tensor<64xf8E4M3FN>
  return %r, %s : tensor<64xf8E5M2>, tensor<64xf8E4M3FN>
}
)"});
  // ---- rng ----
  p.push_back({"RngUniformAndNormal", R"(
func.func @main() -> (tensor<3x5xi32>, tensor<40xf32>, tensor<40xf64>, tensor<7xui64>) {
  %a = stablehlo.constant dense<-5> : tensor<i32>
  %b = stablehlo.constant dense<1000> : tensor<i32>
  %s2 = stablehlo.constant dense<[3, 5]> : tensor<2xi64>
  %i = stablehlo.rng %a, %b, %s2, distribution = UNIFORM : (tensor<i32>, tensor<i32>, tensor<2xi64>) -> tensor<3x5xi32>
  %fa = stablehlo.constant dense<-2.0> : tensor<f32>
  %fb = stablehlo.constant dense<3.0> : tensor<f32>
  %s1 = stablehlo.constant dense<40> : tensor<1xi64>
  %u = stablehlo.rng %fa, %fb, %s1, distribution = UNIFORM : (tensor<f32>, tensor<f32>, tensor<1xi64>) -> tensor<40xf32>
  %da = stablehlo.constant dense<1.0> : tensor<f64>
  %db = stablehlo.constant dense<0.5> : tensor<f64>
  %n = stablehlo.rng %da, %db, %s1, distribution = NORMAL : (tensor<f64>, tensor<f64>, tensor<1xi64>) -> tensor<40xf64>
  %ua = stablehlo.constant dense<3> : tensor<ui64>
  %ub = stablehlo.constant dense<18446744073709551615> : tensor<ui64>
  %s7 = stablehlo.constant dense<7> : tensor<1xi64>
  %w = stablehlo.rng %ua, %ub, %s7, distribution = UNIFORM : (tensor<ui64>, tensor<ui64>, tensor<1xi64>) -> tensor<7xui64>
  return %i, %u, %n, %w : tensor<3x5xi32>, tensor<40xf32>, tensor<40xf64>, tensor<7xui64>
}
)"});
  // ---- rng_bit_generator: states other than XLA's, read as their bits ----
  p.push_back({"RngBitGeneratorStatesAsBits", R"(
func.func @main(%a: tensor<3xui32>, %b: tensor<2x2xf32>, %c: tensor<5xi32>, %d: tensor<3xui8>, %e: tensor<2xui64>) -> (tensor<3xui32>, tensor<4x3xf32>, tensor<2x2xf32>, tensor<9xi8>, tensor<5xi32>, tensor<7xui64>, tensor<3xui8>, tensor<6xui16>, tensor<2xui64>, tensor<5xui32>) {
  %0:2 = stablehlo.rng_bit_generator %a, algorithm = THREE_FRY : (tensor<3xui32>) -> (tensor<3xui32>, tensor<4x3xf32>)
  %1:2 = stablehlo.rng_bit_generator %b, algorithm = PHILOX : (tensor<2x2xf32>) -> (tensor<2x2xf32>, tensor<9xi8>)
  %2:2 = stablehlo.rng_bit_generator %c, algorithm = DEFAULT : (tensor<5xi32>) -> (tensor<5xi32>, tensor<7xui64>)
  %3:2 = stablehlo.rng_bit_generator %d, algorithm = THREE_FRY : (tensor<3xui8>) -> (tensor<3xui8>, tensor<6xui16>)
  %4:2 = stablehlo.rng_bit_generator %e, algorithm = DEFAULT : (tensor<2xui64>) -> (tensor<2xui64>, tensor<5xui32>)
  return %0#0, %0#1, %1#0, %1#1, %2#0, %2#1, %3#0, %3#1, %4#0, %4#1 : tensor<3xui32>, tensor<4x3xf32>, tensor<2x2xf32>, tensor<9xi8>, tensor<5xi32>, tensor<7xui64>, tensor<3xui8>, tensor<6xui16>, tensor<2xui64>, tensor<5xui32>
}
)"});
  // ---- top_k ----
  p.push_back({"TopKFloatsWithTies", R"(
func.func @main(%x: tensor<3x20xf32>) -> (tensor<3x5xf32>, tensor<3x5xi32>) {
  %c = stablehlo.constant dense<4.0> : tensor<3x20xf32>
  %y = stablehlo.multiply %x, %c : tensor<3x20xf32>
  %z = stablehlo.round_nearest_even %y : tensor<3x20xf32>
  %v, %i = chlo.top_k(%z, k = 5) : tensor<3x20xf32> -> (tensor<3x5xf32>, tensor<3x5xi32>)
  return %v, %i : tensor<3x5xf32>, tensor<3x5xi32>
}
)"});
  p.push_back({"TopKIntegers", R"(
func.func @main(%x: tensor<2x9xi32>, %u: tensor<4xui64>) -> (tensor<2x9xi32>, tensor<2x9xi32>, tensor<2xui64>, tensor<2xi32>) {
  %v, %i = chlo.top_k(%x, k = 9) : tensor<2x9xi32> -> (tensor<2x9xi32>, tensor<2x9xi32>)
  %uv, %ui = chlo.top_k(%u, k = 2) : tensor<4xui64> -> (tensor<2xui64>, tensor<2xi32>)
  return %v, %i, %uv, %ui : tensor<2x9xi32>, tensor<2x9xi32>, tensor<2xui64>, tensor<2xi32>
}
)"});
  // ---- mulhi ----
  p.push_back({"MulhiEveryWidth", R"(
func.func @main(%a: tensor<16xi32>, %b: tensor<16xui64>, %c: tensor<16xi64>, %d: tensor<16xi4>, %e: tensor<16xui16>) -> (tensor<16xi32>, tensor<16xui64>, tensor<16xi64>, tensor<16xi4>, tensor<16xui16>) {
  %r0 = chlo.mulhi %a, %a : tensor<16xi32>, tensor<16xi32> -> tensor<16xi32>
  %r1 = chlo.mulhi %b, %b : tensor<16xui64>, tensor<16xui64> -> tensor<16xui64>
  %r2 = chlo.mulhi %c, %c : tensor<16xi64>, tensor<16xi64> -> tensor<16xi64>
  %r3 = chlo.mulhi %d, %d : tensor<16xi4>, tensor<16xi4> -> tensor<16xi4>
  %r4 = chlo.mulhi %e, %e : tensor<16xui16>, tensor<16xui16> -> tensor<16xui16>
  return %r0, %r1, %r2, %r3, %r4 : tensor<16xi32>, tensor<16xui64>, tensor<16xi64>, tensor<16xi4>, tensor<16xui16>
}
)"});
  return p;
}

class CudaElementalOp : public ::testing::TestWithParam<OpProgram> {};

TEST_P(CudaElementalOp, GeneratedCodeCompiles) { testing::expect_generated_code_compiles(GetParam().text); }

TEST_P(CudaElementalOp, MatchesTheCpuBackendOnAGpu) {
  testing::expect_matches_the_cpu_backend(GetParam().text);
}

INSTANTIATE_TEST_SUITE_P(Ops, CudaElementalOp, ::testing::ValuesIn(elemental_programs()),
                         [](const auto& info) { return info.param.name; });

}  // namespace
}  // namespace kiln::backend::cuda
