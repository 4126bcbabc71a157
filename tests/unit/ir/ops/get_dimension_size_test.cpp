// Unit tests of stablehlo.get_dimension_size: a round trip of the pretty form and the verifier's rejections.
#include "verify_test_helpers.h"

namespace kiln {
namespace {

using testing::expect_rejected;
using testing::expect_round_trip;

TEST(GetDimensionSize, RoundTrip) {
  expect_round_trip(
      "module {\n"
      "  func.func @main(%arg0: tensor<2x3xf32>) -> tensor<i32> {\n"
      "    %0 = stablehlo.get_dimension_size %arg0, dim = 1 : (tensor<2x3xf32>) -> tensor<i32>\n"
      "    func.return %0 : tensor<i32>\n"
      "  }\n"
      "}\n");
}

TEST(GetDimensionSize, DimensionInRange) {
  expect_rejected(
      "module {\n"
      "  func.func @main(%arg0: tensor<2x3xf32>) -> tensor<i32> {\n"
      "    %0 = stablehlo.get_dimension_size %arg0, dim = 2 : (tensor<2x3xf32>) -> tensor<i32>\n"
      "    func.return %0 : tensor<i32>\n"
      "  }\n"
      "}\n",
      "dimension 2 is out of range [0, 2)");
}

TEST(GetDimensionSize, ResultIsI32) {
  expect_rejected(
      "module {\n"
      "  func.func @main(%arg0: tensor<2x3xf32>) -> tensor<i64> {\n"
      "    %0 = stablehlo.get_dimension_size %arg0, dim = 0 : (tensor<2x3xf32>) -> tensor<i64>\n"
      "    func.return %0 : tensor<i64>\n"
      "  }\n"
      "}\n",
      "result must be tensor<i32>");
}

}  // namespace
}  // namespace kiln
