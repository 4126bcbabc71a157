// stablehlo.convert: conversions between element types round-trip (an identity convert prints
// one type); the verifier rejects a change of shape, with a located error.
#include "verify_test_helpers.h"

namespace kiln {
namespace {

using testing::expect_error;
using testing::expect_round_trip;

TEST(Convert, RoundTripsConversionsAndIdentity) {
  expect_round_trip(R"(
func.func @main(%arg0: tensor<12xf32>, %arg1: tensor<i32>) -> tensor<12xbf16> {
  %0 = stablehlo.convert %arg0 : (tensor<12xf32>) -> tensor<12xbf16>
  %1 = stablehlo.convert %arg1 : (tensor<i32>) -> tensor<complex<f32>>
  %2 = stablehlo.convert %arg1 : tensor<i32>
  %3 = stablehlo.convert %arg0 : (tensor<12xf32>) -> tensor<12xf32>
  return %0 : tensor<12xbf16>
})",
                    {"stablehlo.convert %arg0 : (tensor<12xf32>) -> tensor<12xbf16>",
                     "stablehlo.convert %arg1 : (tensor<i32>) -> tensor<complex<f32>>",
                     "stablehlo.convert %arg1 : tensor<i32>\n",
                     "stablehlo.convert %arg0 : tensor<12xf32>\n"});
}

TEST(Convert, KeepsTheShape) {
  expect_error(R"(func.func @main(%arg0: tensor<12xf32>) {
  %0 = stablehlo.convert %arg0 : (tensor<12xf32>) -> tensor<6xi32>
  return
})",
               "'stablehlo.convert' op operand and result must have the same shape, but "
               "tensor<12xf32> and tensor<6xi32> differ");
}

TEST(Convert, RejectsTokens) {
  expect_error(R"(func.func @main(%arg0: !stablehlo.token) {
  %0 = stablehlo.convert %arg0 : (!stablehlo.token) -> tensor<i32>
  return
})",
               "operand must be a tensor, but is !stablehlo.token");
}

}  // namespace
}  // namespace kiln
