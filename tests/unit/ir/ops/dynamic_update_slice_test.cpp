// Unit tests of stablehlo.dynamic_update_slice: a round trip of the pretty form and the verifier's rejections.
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
