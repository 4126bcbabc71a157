// Unit tests of stablehlo.broadcast_in_dim: a round trip of the pretty form and the verifier's rejections.
#include "verify_test_helpers.h"

namespace kiln {
namespace {

using testing::expect_rejected;
using testing::expect_round_trip;

TEST(BroadcastInDim, RoundTrip) {
  expect_round_trip(
      "module {\n"
      "  func.func @main(%arg0: tensor<1x3xf32>) -> tensor<4x2x3xf32> {\n"
      "    %0 = stablehlo.broadcast_in_dim %arg0, dims = [1, 2] : (tensor<1x3xf32>) -> tensor<4x2x3xf32>\n"
      "    func.return %0 : tensor<4x2x3xf32>\n"
      "  }\n"
      "}\n");
}

TEST(BroadcastInDim, DimsSizeMustBeOperandRank) {
  expect_rejected(
      "module {\n"
      "  func.func @main(%arg0: tensor<3xf32>) -> tensor<2x3xf32> {\n"
      "    %0 = stablehlo.broadcast_in_dim %arg0, dims = [0, 1] : (tensor<3xf32>) -> tensor<2x3xf32>\n"
      "    func.return %0 : tensor<2x3xf32>\n"
      "  }\n"
      "}\n",
      "broadcast_dimensions [0, 1] has 2 entries but the operand tensor<3xf32> has rank 1");
}

TEST(BroadcastInDim, DimsInRange) {
  expect_rejected(
      "module {\n"
      "  func.func @main(%arg0: tensor<3xf32>) -> tensor<2x3xf32> {\n"
      "    %0 = stablehlo.broadcast_in_dim %arg0, dims = [2] : (tensor<3xf32>) -> tensor<2x3xf32>\n"
      "    func.return %0 : tensor<2x3xf32>\n"
      "  }\n"
      "}\n",
      "broadcast_dimensions [2] has a dimension out of range [0, 2)");
}

TEST(BroadcastInDim, DimsUnique) {
  expect_rejected(
      "module {\n"
      "  func.func @main(%arg0: tensor<1x1xf32>) -> tensor<2x3xf32> {\n"
      "    %0 = stablehlo.broadcast_in_dim %arg0, dims = [1, 1] : (tensor<1x1xf32>) -> tensor<2x3xf32>\n"
      "    func.return %0 : tensor<2x3xf32>\n"
      "  }\n"
      "}\n",
      "broadcast_dimensions [1, 1] repeats dimension 1");
}

TEST(BroadcastInDim, OperandDimIsOneOrEqual) {
  expect_rejected(
      "module {\n"
      "  func.func @main(%arg0: tensor<2xf32>) -> tensor<2x3xf32> {\n"
      "    %0 = stablehlo.broadcast_in_dim %arg0, dims = [1] : (tensor<2xf32>) -> tensor<2x3xf32>\n"
      "    func.return %0 : tensor<2x3xf32>\n"
      "  }\n"
      "}\n",
      "operand dimension 0 of size 2 must be 1 or match result dimension 1 of size 3");
}

TEST(BroadcastInDim, ElementTypesMatch) {
  expect_rejected(
      "module {\n"
      "  func.func @main(%arg0: tensor<f32>) -> tensor<2xi32> {\n"
      "    %0 = stablehlo.broadcast_in_dim %arg0, dims = [] : (tensor<f32>) -> tensor<2xi32>\n"
      "    func.return %0 : tensor<2xi32>\n"
      "  }\n"
      "}\n",
      "operand and result must have the same element type");
}

}  // namespace
}  // namespace kiln
