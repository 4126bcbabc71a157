// Unit tests of stablehlo.reverse: a round trip of the pretty form and the verifier's rejections.
#include "verify_test_helpers.h"

namespace kiln {
namespace {

using testing::expect_rejected;
using testing::expect_round_trip;

TEST(Reverse, RoundTrip) {
  expect_round_trip(
      "module {\n"
      "  func.func @main(%arg0: tensor<2x3xf32>) -> tensor<2x3xf32> {\n"
      "    %0 = stablehlo.reverse %arg0, dims = [1, 0] : tensor<2x3xf32>\n"
      "    func.return %0 : tensor<2x3xf32>\n"
      "  }\n"
      "}\n");
}

TEST(Reverse, DimsInRange) {
  expect_rejected(
      "module {\n"
      "  func.func @main(%arg0: tensor<2x3xf32>) -> tensor<2x3xf32> {\n"
      "    %0 = stablehlo.reverse %arg0, dims = [2] : tensor<2x3xf32>\n"
      "    func.return %0 : tensor<2x3xf32>\n"
      "  }\n"
      "}\n",
      "dimensions [2] has a dimension out of range [0, 2)");
}

TEST(Reverse, DimsUnique) {
  expect_rejected(
      "module {\n"
      "  func.func @main(%arg0: tensor<2x3xf32>) -> tensor<2x3xf32> {\n"
      "    %0 = stablehlo.reverse %arg0, dims = [0, 0] : tensor<2x3xf32>\n"
      "    func.return %0 : tensor<2x3xf32>\n"
      "  }\n"
      "}\n",
      "dimensions [0, 0] repeats dimension 0");
}

TEST(Reverse, SameType) {
  expect_rejected(
      "module {\n"
      "  func.func @main(%arg0: tensor<2x3xf32>) -> tensor<3x2xf32> {\n"
      "    %0 = \"stablehlo.reverse\"(%arg0) <{dimensions = array<i64: 0>}> : (tensor<2x3xf32>) -> tensor<3x2xf32>\n"
      "    func.return %0 : tensor<3x2xf32>\n"
      "  }\n"
      "}\n",
      "result tensor<3x2xf32> must have the operand's type tensor<2x3xf32>");
}

}  // namespace
}  // namespace kiln
