// Unit tests of stablehlo.dynamic_update_slice: a round trip of the pretty form and the verifier's rejections.
#include "verify_test_helpers.h"

namespace kiln {
namespace {

using testing::expect_rejected;
using testing::expect_round_trip;

TEST(DynamicUpdateSlice, RoundTrip) {
  expect_round_trip(
      "module {\n"
      "  func.func @main(%arg0: tensor<10x6xf32>, %arg1: tensor<3x2xf32>, %arg2: tensor<i32>) -> tensor<10x6xf32> {\n"
      "    %0 = stablehlo.dynamic_update_slice %arg0, %arg1, %arg2, %arg2 : (tensor<10x6xf32>, tensor<3x2xf32>, tensor<i32>, tensor<i32>) -> tensor<10x6xf32>\n"
      "    func.return %0 : tensor<10x6xf32>\n"
      "  }\n"
      "}\n");
}

TEST(DynamicUpdateSlice, RankZeroRoundTrip) {
  expect_round_trip(
      "module {\n"
      "  func.func @main(%arg0: tensor<f32>) -> tensor<f32> {\n"
      "    %0 = stablehlo.dynamic_update_slice %arg0, %arg0 : (tensor<f32>, tensor<f32>) -> tensor<f32>\n"
      "    func.return %0 : tensor<f32>\n"
      "  }\n"
      "}\n");
}

TEST(DynamicUpdateSlice, ResultIsOperandType) {
  expect_rejected(
      "module {\n"
      "  func.func @main(%arg0: tensor<4xf32>, %arg1: tensor<i32>) -> tensor<5xf32> {\n"
      "    %0 = stablehlo.dynamic_update_slice %arg0, %arg0, %arg1 : (tensor<4xf32>, tensor<4xf32>, tensor<i32>) -> tensor<5xf32>\n"
      "    func.return %0 : tensor<5xf32>\n"
      "  }\n"
      "}\n",
      "result tensor<5xf32> must have the operand's type tensor<4xf32>");
}

TEST(DynamicUpdateSlice, UpdateFits) {
  expect_rejected(
      "module {\n"
      "  func.func @main(%arg0: tensor<4xf32>, %arg1: tensor<5xf32>, %arg2: tensor<i32>) -> tensor<4xf32> {\n"
      "    %0 = stablehlo.dynamic_update_slice %arg0, %arg1, %arg2 : (tensor<4xf32>, tensor<5xf32>, tensor<i32>) -> tensor<4xf32>\n"
      "    func.return %0 : tensor<4xf32>\n"
      "  }\n"
      "}\n",
      "update tensor<5xf32> is larger than the operand tensor<4xf32> in dimension 0");
}

TEST(DynamicUpdateSlice, UpdateRank) {
  expect_rejected(
      "module {\n"
      "  func.func @main(%arg0: tensor<4xf32>, %arg1: tensor<f32>, %arg2: tensor<i32>) -> tensor<4xf32> {\n"
      "    %0 = stablehlo.dynamic_update_slice %arg0, %arg1, %arg2 : (tensor<4xf32>, tensor<f32>, tensor<i32>) -> tensor<4xf32>\n"
      "    func.return %0 : tensor<4xf32>\n"
      "  }\n"
      "}\n",
      "update tensor<f32> must have the rank of the operand");
}

TEST(DynamicUpdateSlice, UpdateElementType) {
  expect_rejected(
      "module {\n"
      "  func.func @main(%arg0: tensor<4xf32>, %arg1: tensor<4xi32>, %arg2: tensor<i32>) -> tensor<4xf32> {\n"
      "    %0 = stablehlo.dynamic_update_slice %arg0, %arg1, %arg2 : (tensor<4xf32>, tensor<4xi32>, tensor<i32>) -> tensor<4xf32>\n"
      "    func.return %0 : tensor<4xf32>\n"
      "  }\n"
      "}\n",
      "operand and update must have the same element type");
}

TEST(DynamicUpdateSlice, OneIndexPerDimension) {
  expect_rejected(
      "module {\n"
      "  func.func @main(%arg0: tensor<4xf32>) -> tensor<4xf32> {\n"
      "    %0 = stablehlo.dynamic_update_slice %arg0, %arg0 : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>\n"
      "    func.return %0 : tensor<4xf32>\n"
      "  }\n"
      "}\n",
      "has 0 start indices but the operand has rank 1");
}

}  // namespace
}  // namespace kiln
