// Unit tests of stablehlo.slice: a round trip of the pretty form and the verifier's rejections.
#include "verify_test_helpers.h"

namespace kiln {
namespace {

using testing::expect_prints_as;
using testing::expect_rejected;
using testing::expect_round_trip;

TEST(Slice, RoundTrip) {
  expect_round_trip(
      "module {\n"
      "  func.func @main(%arg0: tensor<8x9xf32>) -> tensor<3x2xf32> {\n"
      "    %0 = stablehlo.slice %arg0 [2:8:2, 1:5:3] : (tensor<8x9xf32>) -> tensor<3x2xf32>\n"
      "    func.return %0 : tensor<3x2xf32>\n"
      "  }\n"
      "}\n");
}

TEST(Slice, AttributeFormPrintsAsRanges) {
  expect_prints_as(
      "module {\n"
      "  func.func @main(%arg0: tensor<4xf32>) -> tensor<2xf32> {\n"
      "    %0 = \"stablehlo.slice\"(%arg0) {start_indices = array<i64: 1>, limit_indices = array<i64: 3>, strides = array<i64: 1>} : (tensor<4xf32>) -> tensor<2xf32>\n"
      "    func.return %0 : tensor<2xf32>\n"
      "  }\n"
      "}\n",
      "module {\n"
      "  func.func @main(%arg0: tensor<4xf32>) -> tensor<2xf32> {\n"
      "    %0 = stablehlo.slice %arg0 [1:3] : (tensor<4xf32>) -> tensor<2xf32>\n"
      "    func.return %0 : tensor<2xf32>\n"
      "  }\n"
      "}\n");
}

TEST(Slice, OnePerDimension) {
  expect_rejected(
      "module {\n"
      "  func.func @main(%arg0: tensor<4x4xf32>) -> tensor<2xf32> {\n"
      "    %0 = stablehlo.slice %arg0 [1:3] : (tensor<4x4xf32>) -> tensor<2xf32>\n"
      "    func.return %0 : tensor<2xf32>\n"
      "  }\n"
      "}\n",
      "start_indices, limit_indices and strides must each have 2 entries");
}

TEST(Slice, LimitWithinOperand) {
  expect_rejected(
      "module {\n"
      "  func.func @main(%arg0: tensor<4xf32>) -> tensor<3xf32> {\n"
      "    %0 = stablehlo.slice %arg0 [2:5] : (tensor<4xf32>) -> tensor<3xf32>\n"
      "    func.return %0 : tensor<3xf32>\n"
      "  }\n"
      "}\n",
      "slice 2:5 in dimension 0 must satisfy 0 <= start <= limit <= 4");
}

TEST(Slice, StartBeforeLimit) {
  expect_rejected(
      "module {\n"
      "  func.func @main(%arg0: tensor<4xf32>) -> tensor<0xf32> {\n"
      "    %0 = stablehlo.slice %arg0 [3:2] : (tensor<4xf32>) -> tensor<0xf32>\n"
      "    func.return %0 : tensor<0xf32>\n"
      "  }\n"
      "}\n",
      "slice 3:2 in dimension 0");
}

TEST(Slice, StridePositive) {
  expect_rejected(
      "module {\n"
      "  func.func @main(%arg0: tensor<4xf32>) -> tensor<2xf32> {\n"
      "    %0 = stablehlo.slice %arg0 [0:2:0] : (tensor<4xf32>) -> tensor<2xf32>\n"
      "    func.return %0 : tensor<2xf32>\n"
      "  }\n"
      "}\n",
      "stride 0 in dimension 0 must be positive");
}

TEST(Slice, ResultShape) {
  expect_rejected(
      "module {\n"
      "  func.func @main(%arg0: tensor<8xf32>) -> tensor<3xf32> {\n"
      "    %0 = stablehlo.slice %arg0 [0:7:2] : (tensor<8xf32>) -> tensor<3xf32>\n"
      "    func.return %0 : tensor<3xf32>\n"
      "  }\n"
      "}\n",
      "must have size 4 in dimension 0");
}

}  // namespace
}  // namespace kiln
