// Unit tests of stablehlo.dynamic_slice: a round trip of the pretty form and the verifier's rejections.
#include <gtest/gtest.h>

#include "frontend/parser.h"
#include "ir/printer.h"
#include "ir/verifier.h"

namespace kiln {
namespace {

// The parse or verify error of `text` (named test.mlir), or "" when it is valid.
std::string error_of(const std::string& text) {
  auto module = frontend::parse_module_text(text, "test.mlir");
  if (!module.ok()) return module.error().message();
  Status verified = ir::verify(**module);
  return verified.ok() ? "" : verified.error().message();
}

// `text` is rejected with a located error (test.mlir:line:col) that contains `message`.
void expect_rejected(const std::string& text, const std::string& message) {
  std::string error = error_of(text);
  EXPECT_NE(error.find(message), std::string::npos) << "expected: " << message << "\nactual: " << error;
  EXPECT_EQ(error.rfind("test.mlir:", 0), 0u) << "not located: " << error;
}

// `text` is valid and prints back unchanged (it is written in kiln's printed form).
void expect_round_trip(const std::string& text) {
  auto module = frontend::parse_module_text(text, "test.mlir");
  ASSERT_TRUE(module.ok()) << module.error().message();
  Status verified = ir::verify(**module);
  ASSERT_TRUE(verified.ok()) << verified.error().message();
  EXPECT_EQ(ir::print_module(**module), text);
}

// `text` is valid and prints as `printed`.
[[maybe_unused]] void expect_prints_as(const std::string& text, const std::string& printed) {
  auto module = frontend::parse_module_text(text, "test.mlir");
  ASSERT_TRUE(module.ok()) << module.error().message();
  Status verified = ir::verify(**module);
  ASSERT_TRUE(verified.ok()) << verified.error().message();
  EXPECT_EQ(ir::print_module(**module), printed);
}

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
