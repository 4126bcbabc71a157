// Unit tests of stablehlo.pad: a round trip of the pretty form and the verifier's rejections.
#include "verify_test_helpers.h"

namespace kiln {
namespace {

using testing::expect_rejected;
using testing::expect_round_trip;

TEST(Pad, RoundTrip) {
  expect_round_trip(
      "module {\n"
      "  func.func @main(%arg0: tensor<2x3xf32>, %arg1: tensor<f32>) -> tensor<5x3xf32> {\n"
      "    %0 = stablehlo.pad %arg0, %arg1, low = [0, 1], high = [2, -1], interior = [1, 0] : (tensor<2x3xf32>, tensor<f32>) -> tensor<5x3xf32>\n"
      "    func.return %0 : tensor<5x3xf32>\n"
      "  }\n"
      "}\n");
}

TEST(Pad, PaddingValueRankZero) {
  expect_rejected(
      "module {\n"
      "  func.func @main(%arg0: tensor<2xf32>, %arg1: tensor<1xf32>) -> tensor<2xf32> {\n"
      "    %0 = stablehlo.pad %arg0, %arg1, low = [0], high = [0], interior = [0] : (tensor<2xf32>, tensor<1xf32>) -> tensor<2xf32>\n"
      "    func.return %0 : tensor<2xf32>\n"
      "  }\n"
      "}\n",
      "padding_value must be a rank-0 tensor");
}

TEST(Pad, ElementTypes) {
  expect_rejected(
      "module {\n"
      "  func.func @main(%arg0: tensor<2xf32>, %arg1: tensor<i32>) -> tensor<2xf32> {\n"
      "    %0 = stablehlo.pad %arg0, %arg1, low = [0], high = [0], interior = [0] : (tensor<2xf32>, tensor<i32>) -> tensor<2xf32>\n"
      "    func.return %0 : tensor<2xf32>\n"
      "  }\n"
      "}\n",
      "operand and padding_value must have the same element type");
}

TEST(Pad, OnePerDimension) {
  expect_rejected(
      "module {\n"
      "  func.func @main(%arg0: tensor<2xf32>, %arg1: tensor<f32>) -> tensor<2xf32> {\n"
      "    %0 = stablehlo.pad %arg0, %arg1, low = [0, 0], high = [0], interior = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<2xf32>\n"
      "    func.return %0 : tensor<2xf32>\n"
      "  }\n"
      "}\n",
      "low, high and interior padding must each have 1 entries");
}

TEST(Pad, InteriorNotNegative) {
  expect_rejected(
      "module {\n"
      "  func.func @main(%arg0: tensor<2xf32>, %arg1: tensor<f32>) -> tensor<1xf32> {\n"
      "    %0 = stablehlo.pad %arg0, %arg1, low = [0], high = [0], interior = [-1] : (tensor<2xf32>, tensor<f32>) -> tensor<1xf32>\n"
      "    func.return %0 : tensor<1xf32>\n"
      "  }\n"
      "}\n",
      "interior padding -1 in dimension 0 must not be negative");
}

TEST(Pad, ResultShape) {
  expect_rejected(
      "module {\n"
      "  func.func @main(%arg0: tensor<2xf32>, %arg1: tensor<f32>) -> tensor<7xf32> {\n"
      "    %0 = stablehlo.pad %arg0, %arg1, low = [1], high = [2], interior = [1] : (tensor<2xf32>, tensor<f32>) -> tensor<7xf32>\n"
      "    func.return %0 : tensor<7xf32>\n"
      "  }\n"
      "}\n",
      "must have size 6 in dimension 0");
}

}  // namespace
}  // namespace kiln
