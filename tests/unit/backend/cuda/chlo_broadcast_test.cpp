// The cuda backend's CHLO broadcasting ops (chlo.broadcast_add ... broadcast_select, with and
// without broadcast_dimensions, size-1 dimensions stretching) and chlo.constant. Each
// program's generated code compiles through NVRTC (no GPU needed); on a GPU its outputs on
// random inputs match the cpu backend's. Without a GPU the second half skips with the reason.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tests/unit/backend/cuda/op_checks.h"

namespace kiln::backend::cuda {
namespace {

using testing::OpProgram;

std::vector<OpProgram> chlo_broadcast_programs() {
  std::vector<OpProgram> p;
  p.push_back({"ArithmeticWithDimensions", R"(
func.func @main(%a: tensor<3xf32>, %b: tensor<2x3xf32>, %c: tensor<2xf32>, %d: tensor<1x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) {
  %0 = chlo.broadcast_add %a, %b : (tensor<3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %1 = chlo.broadcast_multiply %b, %c {broadcast_dimensions = array<i64: 0>} : (tensor<2x3xf32>, tensor<2xf32>) -> tensor<2x3xf32>
  %2 = chlo.broadcast_maximum %d, %b : (tensor<1x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %3 = chlo.broadcast_atan2 %b, %a : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %0, %1, %2, %3 : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>
}
)"});
  p.push_back({"IntegersAndLogic", R"(
func.func @main(%a: tensor<4xi32>, %b: tensor<3x4xi32>, %s: tensor<ui8>, %t: tensor<5xui8>) -> (tensor<3x4xi32>, tensor<3x4xi32>, tensor<5xui8>, tensor<3x4xi32>) {
  %0 = chlo.broadcast_subtract %a, %b : (tensor<4xi32>, tensor<3x4xi32>) -> tensor<3x4xi32>
  %1 = chlo.broadcast_xor %b, %a : (tensor<3x4xi32>, tensor<4xi32>) -> tensor<3x4xi32>
  %2 = chlo.broadcast_shift_right_logical %t, %s : (tensor<5xui8>, tensor<ui8>) -> tensor<5xui8>
  %3 = chlo.broadcast_remainder %b, %a : (tensor<3x4xi32>, tensor<4xi32>) -> tensor<3x4xi32>
  return %0, %1, %2, %3 : tensor<3x4xi32>, tensor<3x4xi32>, tensor<5xui8>, tensor<3x4xi32>
}
)"});
  p.push_back({"CompareSelectComplex", R"(
func.func @main(%a: tensor<3xf32>, %b: tensor<f32>, %c: tensor<2x3xf64>, %d: tensor<3xf64>) -> (tensor<3xi1>, tensor<3xi1>, tensor<3xf32>, tensor<2x3xcomplex<f64>>) {
  %lt = chlo.broadcast_compare %a, %b {comparison_direction = #chlo<comparison_direction LT>} : (tensor<3xf32>, tensor<f32>) -> tensor<3xi1>
  %tge = chlo.broadcast_compare %a, %b {comparison_direction = #chlo<comparison_direction GE>, compare_type = #chlo<comparison_type TOTALORDER>} : (tensor<3xf32>, tensor<f32>) -> tensor<3xi1>
  %s = chlo.broadcast_select %lt, %a, %b : (tensor<3xi1>, tensor<3xf32>, tensor<f32>) -> tensor<3xf32>
  %z = chlo.broadcast_complex %c, %d : (tensor<2x3xf64>, tensor<3xf64>) -> tensor<2x3xcomplex<f64>>
  return %lt, %tge, %s, %z : tensor<3xi1>, tensor<3xi1>, tensor<3xf32>, tensor<2x3xcomplex<f64>>
}
)"});
  // broadcast_dimensions on operands of the result's rank: they map the lhs (the verifier's
  // reading), which may then be read transposed; the rhs lines up as it is.
  p.push_back({"EqualRanksMapTheLhs", R"(
func.func @main(%c: tensor<4x1xf32>, %b: tensor<2x4xf32>, %d: tensor<3x3xi32>, %e: tensor<3x3xi32>, %a: tensor<4xf32>) -> (tensor<2x4xf32>, tensor<3x3xi32>, tensor<2x4xf32>) {
  %0 = chlo.broadcast_subtract %c, %b {broadcast_dimensions = array<i64: 1, 0>} : (tensor<4x1xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  %1 = chlo.broadcast_add %d, %e {broadcast_dimensions = array<i64: 1, 0>} : (tensor<3x3xi32>, tensor<3x3xi32>) -> tensor<3x3xi32>
  %2 = chlo.broadcast_multiply %b, %a {broadcast_dimensions = array<i64: 1>} : (tensor<2x4xf32>, tensor<4xf32>) -> tensor<2x4xf32>
  return %0, %1, %2 : tensor<2x4xf32>, tensor<3x3xi32>, tensor<2x4xf32>
}
)"});
  p.push_back({"NextAfterAndConstant", R"(
func.func @main(%a: tensor<4xf32>, %b: tensor<f32>) -> (tensor<4xf32>, tensor<4xi64>) {
  %0 = chlo.broadcast_next_after %a, %b : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  %1 = chlo.constant dense<[1, -2, 3, 9223372036854775807]> : tensor<4xi64>
  return %0, %1 : tensor<4xf32>, tensor<4xi64>
}
)"});
  return p;
}

class CudaChloBroadcast : public ::testing::TestWithParam<OpProgram> {};

TEST_P(CudaChloBroadcast, GeneratedCodeCompiles) { testing::expect_generated_code_compiles(GetParam().text); }

TEST_P(CudaChloBroadcast, MatchesTheCpuBackendOnAGpu) {
  testing::expect_matches_the_cpu_backend(GetParam().text);
}

INSTANTIATE_TEST_SUITE_P(Ops, CudaChloBroadcast, ::testing::ValuesIn(chlo_broadcast_programs()),
                         [](const auto& info) { return info.param.name; });

}  // namespace
}  // namespace kiln::backend::cuda
