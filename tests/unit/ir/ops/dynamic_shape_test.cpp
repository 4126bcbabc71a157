// Unit tests of the dynamic-shape ops: a round trip of the pretty form and the verifier's rejections.
#include "verify_test_helpers.h"

namespace kiln {
namespace {

using testing::expect_rejected;
using testing::expect_round_trip;

TEST(DynamicShape, RoundTrip) {
  expect_round_trip(
      "module {\n"
      "  func.func @main(%arg0: tensor<1x3xf32>, %arg1: tensor<2xindex>, %arg2: tensor<f32>) {\n"
      "    %0 = stablehlo.dynamic_broadcast_in_dim %arg0, %arg1, dims = [0, 1] : (tensor<1x3xf32>, tensor<2xindex>) -> tensor<?x3xf32>\n"
      "    %1 = stablehlo.dynamic_reshape %arg0, %arg1 : (tensor<1x3xf32>, tensor<2xindex>) -> tensor<?x?xf32>\n"
      "    %2 = stablehlo.dynamic_iota %arg1, dim = 0 : (tensor<2xindex>) -> tensor<?x?xi32>\n"
      "    %3 = stablehlo.dynamic_pad %arg0, %arg2, %arg1, %arg1, %arg1 : (tensor<1x3xf32>, tensor<f32>, tensor<2xindex>, tensor<2xindex>, tensor<2xindex>) -> tensor<?x?xf32>\n"
      "    %4 = stablehlo.real_dynamic_slice %arg0, %arg1, %arg1, %arg1 : (tensor<1x3xf32>, tensor<2xindex>, tensor<2xindex>, tensor<2xindex>) -> tensor<?x?xf32>\n"
      "    func.return\n"
      "  }\n"
      "}\n");
}

TEST(DynamicShape, BroadcastOperandDimIsOneOrEqual) {
  expect_rejected(
      "module {\n"
      "  func.func @main(%arg0: tensor<2xf32>, %arg1: tensor<2xi32>) -> tensor<?x3xf32> {\n"
      "    %0 = stablehlo.dynamic_broadcast_in_dim %arg0, %arg1, dims = [1] : (tensor<2xf32>, tensor<2xi32>) -> tensor<?x3xf32>\n"
      "    func.return %0 : tensor<?x3xf32>\n"
      "  }\n"
      "}\n",
      "operand dimension 0 must be 1 or match the result dimension it maps to");
}

TEST(DynamicShape, BroadcastOutputDimensionsSize) {
  expect_rejected(
      "module {\n"
      "  func.func @main(%arg0: tensor<2xf32>, %arg1: tensor<3xi32>) -> tensor<?x2xf32> {\n"
      "    %0 = stablehlo.dynamic_broadcast_in_dim %arg0, %arg1, dims = [1] : (tensor<2xf32>, tensor<3xi32>) -> tensor<?x2xf32>\n"
      "    func.return %0 : tensor<?x2xf32>\n"
      "  }\n"
      "}\n",
      "output_dimensions must be a 1-D tensor of 2 elements");
}

TEST(DynamicShape, BroadcastKnownDimsInRange) {
  expect_rejected(
      "module {\n"
      "  func.func @main(%arg0: tensor<2xf32>, %arg1: tensor<2xi32>) -> tensor<?x2xf32> {\n"
      "    %0 = \"stablehlo.dynamic_broadcast_in_dim\"(%arg0, %arg1) <{broadcast_dimensions = array<i64: 1>, known_expanding_dimensions = array<i64: 3>}> : (tensor<2xf32>, tensor<2xi32>) -> tensor<?x2xf32>\n"
      "    func.return %0 : tensor<?x2xf32>\n"
      "  }\n"
      "}\n",
      "known_expanding_dimensions and known_nonexpanding_dimensions [3] has a dimension out of range");
}

TEST(DynamicShape, ReshapeShapeOperandIsIntegers) {
  expect_rejected(
      "module {\n"
      "  func.func @main(%arg0: tensor<2xf32>, %arg1: tensor<1xf32>) -> tensor<?xf32> {\n"
      "    %0 = stablehlo.dynamic_reshape %arg0, %arg1 : (tensor<2xf32>, tensor<1xf32>) -> tensor<?xf32>\n"
      "    func.return %0 : tensor<?xf32>\n"
      "  }\n"
      "}\n",
      "output_shape must be a tensor of integers or index");
}

TEST(DynamicShape, IotaDimensionInRange) {
  expect_rejected(
      "module {\n"
      "  func.func @main(%arg0: tensor<1xi32>) -> tensor<?xf32> {\n"
      "    %0 = stablehlo.dynamic_iota %arg0, dim = 1 : (tensor<1xi32>) -> tensor<?xf32>\n"
      "    func.return %0 : tensor<?xf32>\n"
      "  }\n"
      "}\n",
      "iota_dimension 1 is out of range [0, 1)");
}

TEST(DynamicShape, PadValueRankZero) {
  expect_rejected(
      "module {\n"
      "  func.func @main(%arg0: tensor<2xf32>, %arg1: tensor<1xf32>, %arg2: tensor<1xi32>) -> tensor<?xf32> {\n"
      "    %0 = stablehlo.dynamic_pad %arg0, %arg1, %arg2, %arg2, %arg2 : (tensor<2xf32>, tensor<1xf32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<?xf32>\n"
      "    func.return %0 : tensor<?xf32>\n"
      "  }\n"
      "}\n",
      "padding_value must be a rank-0 tensor");
}

TEST(DynamicShape, RealDynamicSliceRank) {
  expect_rejected(
      "module {\n"
      "  func.func @main(%arg0: tensor<2xf32>, %arg1: tensor<1xi32>) -> tensor<?x?xf32> {\n"
      "    %0 = stablehlo.real_dynamic_slice %arg0, %arg1, %arg1, %arg1 : (tensor<2xf32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<?x?xf32>\n"
      "    func.return %0 : tensor<?x?xf32>\n"
      "  }\n"
      "}\n",
      "must have the operand's rank");
}

TEST(DynamicShape, ConvPaddingShape) {
  expect_rejected(
      "module {\n"
      "  func.func @main(%arg0: tensor<1x8x8x3xf32>, %arg1: tensor<3x3x3x4xf32>, %arg2: tensor<2x3xi32>) -> tensor<1x?x?x4xf32> {\n"
      "    %0 = \"stablehlo.dynamic_conv\"(%arg0, %arg1, %arg2) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64}> : (tensor<1x8x8x3xf32>, tensor<3x3x3x4xf32>, tensor<2x3xi32>) -> tensor<1x?x?x4xf32>\n"
      "    func.return %0 : tensor<1x?x?x4xf32>\n"
      "  }\n"
      "}\n",
      "padding tensor<2x3xi32> must have shape [2, 2]");
}

TEST(DynamicShape, ConvRanks) {
  expect_rejected(
      "module {\n"
      "  func.func @main(%arg0: tensor<8x8x3xf32>, %arg1: tensor<3x3x3x4xf32>, %arg2: tensor<2x2xi32>) -> tensor<1x?x?x4xf32> {\n"
      "    %0 = \"stablehlo.dynamic_conv\"(%arg0, %arg1, %arg2) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64}> : (tensor<8x8x3xf32>, tensor<3x3x3x4xf32>, tensor<2x2xi32>) -> tensor<1x?x?x4xf32>\n"
      "    func.return %0 : tensor<1x?x?x4xf32>\n"
      "  }\n"
      "}\n",
      "lhs, rhs and result must have the same rank (2 or more), but are tensor<8x8x3xf32>");
}

}  // namespace
}  // namespace kiln
