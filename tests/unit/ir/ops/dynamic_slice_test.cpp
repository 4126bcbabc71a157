// Unit tests of stablehlo.dynamic_slice: a round trip of the pretty form and the verifier's rejections.
#include "verify_test_helpers.h"

namespace kiln {
namespace {

using testing::expect_rejected;
using testing::expect_round_trip;

TEST(DynamicSlice, RoundTrip) {
  expect_round_trip(
      "module {\n"
      "  func.func @main(%arg0: tensor<10x6xf32>, %arg1: tensor<i32>) -> tensor<4x3xf32> {\n"
      "    %0 = stablehlo.dynamic_slice %arg0, %arg1, %arg1, sizes = [4, 3] : (tensor<10x6xf32>, tensor<i32>, tensor<i32>) -> tensor<4x3xf32>\n"
      "    func.return %0 : tensor<4x3xf32>\n"
      "  }\n"
      "}\n");
}

TEST(DynamicSlice, RankZeroRoundTrip) {
  expect_round_trip(
      "module {\n"
      "  func.func @main(%arg0: tensor<f32>) -> tensor<f32> {\n"
      "    %0 = stablehlo.dynamic_slice %arg0, sizes = [] : (tensor<f32>) -> tensor<f32>\n"
      "    func.return %0 : tensor<f32>\n"
      "  }\n"
      "}\n");
}

TEST(DynamicSlice, OneIndexPerDimension) {
  expect_rejected(
      "module {\n"
      "  func.func @main(%arg0: tensor<10x6xf32>, %arg1: tensor<i32>) -> tensor<4x3xf32> {\n"
      "    %0 = stablehlo.dynamic_slice %arg0, %arg1, sizes = [4, 3] : (tensor<10x6xf32>, tensor<i32>) -> tensor<4x3xf32>\n"
      "    func.return %0 : tensor<4x3xf32>\n"
      "  }\n"
      "}\n",
      "has 1 start indices but the operand has rank 2");
}

TEST(DynamicSlice, IndicesShareOneType) {
  expect_rejected(
      "module {\n"
      "  func.func @main(%arg0: tensor<10x6xf32>, %arg1: tensor<i32>, %arg2: tensor<i64>) -> tensor<4x3xf32> {\n"
      "    %0 = stablehlo.dynamic_slice %arg0, %arg1, %arg2, sizes = [4, 3] : (tensor<10x6xf32>, tensor<i32>, tensor<i64>) -> tensor<4x3xf32>\n"
      "    func.return %0 : tensor<4x3xf32>\n"
      "  }\n"
      "}\n",
      "start indices must have one type");
}

TEST(DynamicSlice, IndicesAreRankZeroIntegers) {
  expect_rejected(
      "module {\n"
      "  func.func @main(%arg0: tensor<10xf32>, %arg1: tensor<f32>) -> tensor<4xf32> {\n"
      "    %0 = stablehlo.dynamic_slice %arg0, %arg1, sizes = [4] : (tensor<10xf32>, tensor<f32>) -> tensor<4xf32>\n"
      "    func.return %0 : tensor<4xf32>\n"
      "  }\n"
      "}\n",
      "start index 0 must be a tensor of integers");
}

TEST(DynamicSlice, SizesWithinOperand) {
  expect_rejected(
      "module {\n"
      "  func.func @main(%arg0: tensor<10xf32>, %arg1: tensor<i32>) -> tensor<11xf32> {\n"
      "    %0 = stablehlo.dynamic_slice %arg0, %arg1, sizes = [11] : (tensor<10xf32>, tensor<i32>) -> tensor<11xf32>\n"
      "    func.return %0 : tensor<11xf32>\n"
      "  }\n"
      "}\n",
      "slice size 11 in dimension 0 must be in [0, 10]");
}

TEST(DynamicSlice, ResultShapeIsSizes) {
  expect_rejected(
      "module {\n"
      "  func.func @main(%arg0: tensor<10xf32>, %arg1: tensor<i32>) -> tensor<3xf32> {\n"
      "    %0 = stablehlo.dynamic_slice %arg0, %arg1, sizes = [4] : (tensor<10xf32>, tensor<i32>) -> tensor<3xf32>\n"
      "    func.return %0 : tensor<3xf32>\n"
      "  }\n"
      "}\n",
      "must have the shape [4] of slice_sizes");
}

}  // namespace
}  // namespace kiln
