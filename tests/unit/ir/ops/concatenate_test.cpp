// Unit tests of stablehlo.concatenate: a round trip of the pretty form and the verifier's rejections.
#include "verify_test_helpers.h"

namespace kiln {
namespace {

using testing::expect_rejected;
using testing::expect_round_trip;

TEST(Concatenate, RoundTrip) {
  expect_round_trip(
      "module {\n"
      "  func.func @main(%arg0: tensor<3x1xui32>, %arg1: tensor<3x2xui32>) -> tensor<3x3xui32> {\n"
      "    %0 = stablehlo.concatenate %arg0, %arg1, dim = 1 : (tensor<3x1xui32>, tensor<3x2xui32>) -> tensor<3x3xui32>\n"
      "    func.return %0 : tensor<3x3xui32>\n"
      "  }\n"
      "}\n");
}

TEST(Concatenate, DimensionInRange) {
  expect_rejected(
      "module {\n"
      "  func.func @main(%arg0: tensor<3xf32>) -> tensor<3xf32> {\n"
      "    %0 = stablehlo.concatenate %arg0, dim = 1 : (tensor<3xf32>) -> tensor<3xf32>\n"
      "    func.return %0 : tensor<3xf32>\n"
      "  }\n"
      "}\n",
      "dimension 1 is out of range [0, 1)");
}

TEST(Concatenate, OtherDimensionsAgree) {
  expect_rejected(
      "module {\n"
      "  func.func @main(%arg0: tensor<3x1xf32>, %arg1: tensor<2x1xf32>) -> tensor<3x2xf32> {\n"
      "    %0 = stablehlo.concatenate %arg0, %arg1, dim = 1 : (tensor<3x1xf32>, tensor<2x1xf32>) -> tensor<3x2xf32>\n"
      "    func.return %0 : tensor<3x2xf32>\n"
      "  }\n"
      "}\n",
      "inputs and result must agree in dimension 0");
}

TEST(Concatenate, SizesAddUp) {
  expect_rejected(
      "module {\n"
      "  func.func @main(%arg0: tensor<2xf32>) -> tensor<5xf32> {\n"
      "    %0 = stablehlo.concatenate %arg0, %arg0, dim = 0 : (tensor<2xf32>, tensor<2xf32>) -> tensor<5xf32>\n"
      "    func.return %0 : tensor<5xf32>\n"
      "  }\n"
      "}\n",
      "result dimension 0 has size 5 but the inputs' sizes add up to 4");
}

TEST(Concatenate, ElementTypes) {
  expect_rejected(
      "module {\n"
      "  func.func @main(%arg0: tensor<2xf32>, %arg1: tensor<2xi32>) -> tensor<4xf32> {\n"
      "    %0 = stablehlo.concatenate %arg0, %arg1, dim = 0 : (tensor<2xf32>, tensor<2xi32>) -> tensor<4xf32>\n"
      "    func.return %0 : tensor<4xf32>\n"
      "  }\n"
      "}\n",
      "inputs and result must have the same element type");
}

TEST(Concatenate, AtLeastOneInput) {
  expect_rejected(
      "module {\n"
      "  func.func @main() -> tensor<4xf32> {\n"
      "    %0 = \"stablehlo.concatenate\"() <{dimension = 0 : i64}> : () -> tensor<4xf32>\n"
      "    func.return %0 : tensor<4xf32>\n"
      "  }\n"
      "}\n",
      "must have at least one input");
}

}  // namespace
}  // namespace kiln
