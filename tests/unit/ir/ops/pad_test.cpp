// Unit tests of stablehlo.pad: a round trip of the pretty form and the verifier's rejections.
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
